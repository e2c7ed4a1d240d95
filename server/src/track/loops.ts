// Loops over a set of paths: run to a fixpoint (a transition never undone is seen on the second iteration) or,
// nested past MAX_LOOP_NESTING, once with what it changes left unknown; the per-iteration, back-edge and widening
// steps on the states.
import type { CountParam, LoopCounter, Stmt } from '../extract/facts';
import type { Binding } from './env';
import type { Range } from '../types';
import { MAX_LOOP_NESTING } from './budget';
import type { Evaluation, Flow } from './evaluation';
import { flowOf } from './evaluation';
import { sameRange } from './helper-frames';
import { outOfScope, rootNames } from './key-names';
import type { SilentPass } from './pass-reuse';
import { endPass, passReuseOn, startPass } from './pass-reuse';
import type { Paths } from './path-set';
import { collapse, sameFacts, samePaths } from './path-set';
import type { Origin, Possible } from './state';
import { FRESH, sameRes, TrackState, UNKNOWN } from './state';

const MAX_LOOP_ITERATIONS = 4;

/** How many times the body runs for the caller's count argument (extract CountParam); undefined when not known. */
function knownRuns(c: CountParam, binding: Binding | null): number | undefined {
  const v = binding?.fields[c.param]?.value;
  return v === null || v === undefined ? undefined : Math.max(0, v - c.start);
}

export function loop(it: Evaluation, s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
  const assumedBefore = s.scoped?.length ? new Set(it.env.entry.keys()) : null;
  // `for (i = 0; i < count; ++i)` of a helper called with a known count: none, or exactly one run of the body.
  const runs = s.countParam ? knownRuns(s.countParam, it.env.binding) : undefined;
  if (runs === 0) return { normal: paths, breaks: null, continues: null, returns: null };
  if (s.once || runs === 1) {
    const f = it.stmt(s.body, paths);
    const normal = it.join(it.join(f.normal, f.continues), f.breaks);
    return { normal: assumedBefore && normal ? outOfScope(it.env, normal, s.scoped!, assumedBefore) : normal, breaks: null, continues: null, returns: f.returns };
  }
  it.loopDepth++;
  try {
    const f = it.loopDepth > MAX_LOOP_NESTING ? loopOnce(it, s, paths) : loopToFixpoint(it, s, paths);
    if (!assumedBefore || !f.normal) return f;
    return { ...f, normal: outOfScope(it.env, f.normal, s.scoped!, assumedBefore) };
  } finally {
    it.loopDepth--;
  }
}

/**
 * NOTE: past MAX_LOOP_NESTING the fixpoint would multiply (each level runs its body up to five times), so a
 * deeper loop runs its body once from the state before it (findings there hold on the first iteration) and
 * leaves every resource it may have changed unknown: it can silence, never invent.
 */
function loopOnce(it: Evaluation, s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
  // The first level past the limit keeps a few paths apart: joining them would merge what their facts keep apart
  // (a mip loop's `j == 0` path and its later-iteration path around an inner row-copy loop: the first iteration's
  // texture state would meet the later ones' and `if (j == 0)` would lose `j`). Deeper levels, or more paths,
  // join them (the cost stays bounded: at most ONCE_SPLIT_PATHS runs of the body, once).
  if (paths.length > 1 && paths.length <= ONCE_SPLIT_PATHS && it.loopDepth === MAX_LOOP_NESTING + 1) {
    return paths.map((p) => loopOnceJoined(it, s, [p])).reduce((a, b) => it.merge(a, b));
  }
  return loopOnceJoined(it, s, paths);
}

function loopOnceJoined(it: Evaluation, s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
  const one = collapse(paths, it.env.entry);
  const state = one.state;
  const inside = entered([{ facts: one.facts, state: perIteration(state, state, s.varying) }], s);
  const f = inside.length ? it.stmt(s.body, inside) : flowOf(null);
  const after = it.join(it.join(f.normal, f.continues), f.breaks);
  const joined = after ? collapse(it.join([{ facts: one.facts, state }], after)!, it.env.entry) : null;
  const exit = joined ? widenChanged(joined.state, state) : state;
  // A guarded counter is the one value the loop writes outside its body; every other fact holds after it.
  const kept = joined?.facts ?? one.facts;
  const facts = s.counter?.guarded || s.bound ? kept.forget(loopSyms(s)) : kept;
  return { normal: [{ facts, state: exit }], breaks: null, continues: null, returns: f.returns };
}

function loopToFixpoint(it: Evaluation, s: Extract<Stmt, { k: 'loop' }>, all: Paths): Flow {
  // `for (i = 1; i < levels; ++i)`: the paths that enter the body know `1 < levels`; those that skip it, the
  // opposite (they leave with it, not through the head).
  const first = s.counter?.entry;
  const paths = first ? it.assumeAll(all, first, true) : all;
  const skip = first ? it.assumeAll(all, first, false) : null;
  if (paths.length === 0) return flowOf(skip);
  const reporting = it.env.reporting;
  it.env.reporting = false;
  const assumedBefore = new Set(it.env.entry.keys());
  const entry = collapse(paths, it.env.entry).state;
  let cur = paths;
  // The paths around the back edge of the last pass and their joined state (cur is `paths` joined with them).
  let around: { paths: Paths; state: TrackState } | null = null;
  let converged = false;
  let factsConverged = false;
  // Each iteration starts with per-element resources (`targets[i]`) as they were before the loop: the next
  // iteration names another element. The loop head (and so the exit) still sees what the body left them in.
  const bodyInput = (head: Paths): Paths => entered(head.map((p) => ({ facts: p.facts, state: perIteration(p.state, entry, s.varying) })), s);
  const body = (head: Paths): Flow => {
    const inside = bodyInput(head);
    return inside.length ? it.stmt(s.body, inside) : flowOf(null);
  };
  // A silent final pass may be the last fixpoint pass again (track/pass-reuse.ts).
  const reuse = !reporting && passReuseOn();
  let last: SilentPass<Flow> | null = null;
  for (let i = 0; i < MAX_LOOP_ITERATIONS && !converged; i++) {
    const start = reuse ? startPass(it.env, it.counters()) : null;
    const f = body(cur);
    last = start && endPass(it.env, start, cur, f, it.counters(), it.lastWrite);
    if (s.counter?.guarded) it.wrote([s.counter.sym]);
    const back = advance(notLast(it.join(f.normal, f.continues), s.counter), s.counter);
    let next = paths;
    around = null;
    if (back && back.length) {
      const backState = collapse(back, it.env.entry).state;
      const tagged = back.map((p) => ({ facts: p.facts, state: tagLoop(p.state, entry, s.range) }));
      around = { paths: tagged, state: backState };
      next = it.join(paths, tagged)!.map((p) => ({ facts: p.facts, state: markAroundLoop(p.state, backState, s.range) }));
    }
    converged = samePaths(next, cur);
    factsConverged = sameFacts(next, cur);
    cur = next;
  }
  // No fixpoint of the states: what still changes becomes unknown. When the paths' facts did reach one (a flag's
  // values around the loop are known), each path keeps them with its own widened state.
  if (!converged) {
    cur = factsConverged ? cur.map((p) => ({ facts: p.facts, state: widen(p.state) }))
      : [collapse(cur, it.env.entry)].map((p) => ({ facts: p.facts, state: widen(p.state) }));
  }
  it.env.reporting = reporting;
  const final = (converged && last && it.reused(last, cur)) || body(cur);
  // A loop that runs at least once (do-while, a constant trip count, a walk over subresources, paths that passed
  // its first test) has no path that skips its body.
  const once = s.doWhile || s.counter?.atLeastOnce || s.subresources || first;
  // A path that knows the counter is at its last value (`j == levels - 1`) leaves after the iteration, not
  // through the head: it joins the exit as the body left it.
  const leaving = lastOnly(it.join(final.normal, final.continues), s.counter);
  // A state first assumed inside the body from a barrier recorded on each list of a set (the loop walks the lists)
  // holds only where a list was there: the code that put the resource in that state walked the same lists. On a
  // path that skips the body no list recorded anything, and the resource's state there is not known.
  const learned = [...it.env.entry.keys()].filter((k) => !assumedBefore.has(k) && perListAssumption(it.env.assumedOn.get(k), s.varying));
  const skipped = (ps: Paths | null): Paths | null => (ps && learned.length ? ps.map((p) => ({ facts: p.facts, state: notLearned(p.state, learned) })) : ps);
  const throughHead = !converged || !learned.length ? cur
    : around ? it.join(skipped(paths), around.paths)!.map((p) => ({ facts: p.facts, state: markAroundLoop(p.state, around!.state, s.range) }))
      : skipped(paths);
  const exitNormal = s.forever ? null : once ? it.join(final.normal, final.continues) : it.join(throughHead, leaving);
  const exit = it.join(it.join(exitNormal, final.breaks), skipped(skip));
  // What the body knew of the counter (its bound, its value) does not hold past the loop's last test.
  const counted = (s.counter?.guarded || s.bound) && exit ? it.facts(exit, (f) => f.forget(loopSyms(s))) : exit;
  const out = counted && counted.map((p) => ({ facts: p.facts, state: leftLoop(p.state, s.range) }));
  return { normal: out, breaks: null, continues: null, returns: final.returns };
}

/** `state` with each resource in `keys` it never touched (it would take the entry state assumed in the loop) unknown. */
function notLearned(state: TrackState, keys: readonly string[]): TrackState {
  let out: TrackState | null = null;
  for (const key of keys) {
    if (state.res.has(key)) continue;
    out ??= state.clone();
    out.own('res').set(key, FRESH);
  }
  return out ?? state;
}

/** The barrier behind an assumption was recorded on a list the loop names anew on each iteration. */
function perListAssumption(list: string | null | undefined, varying: readonly string[]): boolean {
  if (!list || varying.length === 0) return false;
  const names = new Set(varying.filter((v) => !v.includes('.')));
  return rootNames(list).some((t) => names.has(t)) || varying.some((m) => m.includes('.') && namesMember(list, m));
}

/** The counter names whose facts end with the loop (a guarded counter, a bounded one). */
function loopSyms(s: Extract<Stmt, { k: 'loop' }>): string[] {
  return [...new Set([...(s.counter?.guarded ? [s.counter.sym] : []), ...(s.bound ? [s.bound.sym] : [])])];
}

/** The paths that enter the body: those the loop's test of its counter (LoopBound) lets in, knowing it. */
function entered(paths: Paths, s: Extract<Stmt, { k: 'loop' }>): Paths {
  if (!s.bound) return paths;
  const out: Paths = [];
  for (const p of paths) {
    const facts = p.facts.within(s.bound);
    if (facts) out.push({ facts, state: p.state });
  }
  return out;
}

/** The paths that go round again: not those that know the counter had its last value (LoopCounter.last). */
function notLast(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.last) return paths;
  const out = paths.filter((p) => p.facts.atom(counter.last!) !== true);
  return out.length ? out : null;
}

/** The paths that leave after this iteration, knowing the counter had its last value. */
function lastOnly(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.last) return null;
  const out = paths.filter((p) => p.facts.atom(counter.last!) === true);
  return out.length ? out : null;
}

/**
 * Past the loop, a value an earlier iteration set is no longer one "the next iteration" meets: a use after the loop
 * meets it as a value of some path, which the tag would make certain (tracked-helpers compareTracked: a back-edge
 * disagreement is wrong on the second iteration). A helper that creates its out-parameter in a loop under a test the
 * tracker cannot decide left the resource created on some iterations and unknown on the others: a barrier after the
 * loop from the other state is a warning, not a certain error. Tags of enclosing loops stay.
 */
function leftLoop(state: TrackState, range: Range): TrackState {
  let out: TrackState | null = null;
  const untag = (p: Possible): Possible => {
    let values: Map<number, Origin> | null = null;
    for (const [v, o] of p.values) {
      const loop = o.loop && sameRange(o.loop, range);
      const around = o.aroundLoop && sameRange(o.aroundLoop, range);
      if (!loop && !around) continue;
      const kept: Origin = { ...o };
      if (loop) delete kept.loop;
      if (around) delete kept.aroundLoop;
      (values ??= new Map(p.values)).set(v, kept);
    }
    return values ? { values, unknown: p.unknown } : p;
  };
  for (const [key, r] of state.res) {
    const layout = untag(r.layout);
    const legacy = untag(r.legacy);
    if (layout === r.layout && legacy === r.legacy) continue;
    out ??= state.clone();
    out.own('res').set(key, { ...r, layout, legacy });
  }
  return out ?? state;
}

/** At the back edge of a loop, the counter moves on: the value it had on the iteration is passed. */
function advance(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.guarded) return paths;
  return paths.map((p) => ({ facts: p.facts.advance(counter), state: p.state }));
}

/** Values that arrive around the back edge (and were not there on entry) remember the loop. */
function tagLoop(back: TrackState, entry: TrackState, range: Range): TrackState {
  const out = back.clone();
  for (const [key, s] of back.res) {
    const before = entry.res.get(key);
    const tag = (p: Possible, q: Possible | undefined): Possible => {
      let changed = false;
      const values = new Map(p.values);
      for (const [v, o] of p.values) {
        if (!q?.values.has(v) && !o.loop) {
          values.set(v, { ...o, loop: range });
          changed = true;
        }
      }
      return changed ? { values, unknown: p.unknown } : p;
    };
    // A write still pending around the back edge that was not pending on entry was made by an earlier iteration.
    const w = s.pendingWrite;
    const carried = w && !w.origin.loop && !sameRange(w.origin.range, before?.pendingWrite?.origin.range ?? NO_RANGE);
    const pendingWrite = carried ? { ...w, origin: { ...w.origin, loop: range } } : w;
    out.own('res').set(key, { ...s, layout: tag(s.layout, before?.layout), legacy: tag(s.legacy, before?.legacy), pendingWrite });
  }
  return out;
}

const NO_RANGE = { startLine: -1, startColumn: -1 };

/** Paths a loop past MAX_LOOP_NESTING still runs apart (loopOnce). */
const ONCE_SPLIT_PATHS = 4;

/** `head` with every resource whose key mentions a loop-varying name reset to its state at loop entry. */
function perIteration(head: TrackState, entry: TrackState, varying: readonly string[]): TrackState {
  const out = head.clone();
  if (varying.length === 0) return out;
  const names = new Set(varying.filter((v) => !v.includes('.')));
  const members = varying.filter((v) => v.includes('.'));
  for (const key of head.res.keys()) {
    if (!rootNames(key).some((t) => names.has(t)) && !members.some((m) => namesMember(key, m))) continue;
    const before = entry.res.get(key);
    if (before) out.own('res').set(key, before);
    else out.own('res').delete(key);
  }
  return out;
}

/** `key` names a resource through the member path `member` (`dst.pResource`, `ctx.target` of `ctx->target->…`). */
function namesMember(key: string, member: string): boolean {
  const k = key.replace(/->/g, '.');
  for (let at = k.indexOf(member); at >= 0; at = k.indexOf(member, at + 1)) {
    const before = at === 0 ? '' : k[at - 1];
    const after = k[at + member.length] ?? '';
    if (!/[\w.]/.test(before) && !/\w/.test(after)) return true;
  }
  return false;
}

/** Values at the loop head that some path around the back edge also carries (not only the loop's entry). */
function markAroundLoop(head: TrackState, back: TrackState, range: Range): TrackState {
  for (const [key, s] of head.res) {
    const b = back.res.get(key);
    if (!b) continue;
    const mark = (p: Possible, q: Possible): Possible => {
      let changed = false;
      const values = new Map(p.values);
      for (const [v, o] of p.values) {
        if (!o.loop && !o.aroundLoop && q.values.has(v)) {
          values.set(v, { ...o, aroundLoop: range });
          changed = true;
        }
      }
      return changed ? { values, unknown: p.unknown } : p;
    };
    const layout = mark(s.layout, b.layout);
    const legacy = mark(s.legacy, b.legacy);
    if (layout !== s.layout || legacy !== s.legacy) head.own('res').set(key, { ...s, layout, legacy });
  }
  return head;
}

/**
 * No fixpoint within the iteration budget: whatever still changes becomes unknown — also a resource the loop
 * touched first, whose value around the back edge would otherwise look certain ("on the next iteration") after
 * paths that kept it apart were joined.
 */
function widen(cur: TrackState): TrackState {
  const out = cur.clone();
  for (const [key, s] of cur.res) out.own('res').set(key, { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
  return out;
}

/** Resources whose state differs from `entry` become unknown. */
function widenChanged(cur: TrackState, entry: TrackState): TrackState {
  const out = cur.clone();
  for (const [key, s] of cur.res) {
    const e = entry.res.get(key);
    if (e && sameRes(e, s)) continue;
    out.own('res').set(key, { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
  }
  return out;
}
