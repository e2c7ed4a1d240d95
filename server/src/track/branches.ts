// if/else and switch over a set of paths: each path takes the branch its facts decide, an undecided one follows both
// learning the condition on each; the state a branch meets when the code's own bookkeeping decides it.
import type { Condition, Field, NoopTest, ResourceRef, Stmt } from '../extract/facts';
import type { Range } from '../types';
import { forEachEvent } from '../extract/events';
import { forget } from './forgetting';
import { bookkeepingHolds } from './bookkeeping';
import { carriedBlind, carryBlindStates } from './blind-branches';
import { CreationFork } from './creation-fork';
import type { Binding, TrackEnv } from './env';
import { substituteField, substituteRef, within } from './env';
import type { Evaluation, Flow } from './evaluation';
import { flowOf } from './evaluation';
import type { Path, Paths } from './path-set';
import { assume, decide, labelHolds, learnLabels, symsOf } from './paths';
import { undecidedResources, withResourceProps } from './resource-props';
import type { Origin, Possible, ResState } from './state';
import { exactly, FRESH, TrackState } from './state';

/** Each path takes the branch its facts decide; an undecided one follows both, learning the condition on each. */
export function ifStmt(it: Evaluation, s: Extract<Stmt, { k: 'if' }>, paths: Paths): Flow {
  const thenIn: Path[] = [];
  const elseIn: Path[] = [];
  // Paths into an undecided desc test with the blinded resources' states kept, for the silent walk (blind-branches.ts).
  const silent = { then: [] as Path[], else: [] as Path[], keys: new Set<string>(), all: true };
  // `if (desc.SampleDesc.Count > 1)` of a desc read from the resource: its creation's value (resource-props.ts).
  const cond = s.cond && withResourceProps(s.cond, it.env);
  for (const p of paths) {
    const d = cond ? decide(cond, p.facts, it.env.binding) : null;
    // A branch skipped because of a flag the function set itself (`needBarrier = false`): it decided that on this
    // path those resources need no barrier, so their state here is not another path's first-use assumption.
    const skipped = d === null || !s.cond || !p.facts.decidesByFlag(s.cond) ? null : d ? s.else : s.then;
    const q = skipped ? { facts: p.facts, state: unknownUntouched(p.state, skipped, it.env.binding) } : p;
    if (d === true) thenIn.push(q);
    // The last test of a chain over every enumerator of an enum (extract/exhaustive-switch.ts): a value that is none
    // of them is no path (a cast nobody writes for a mode), so a path decided past every branch ends here.
    else if (d === false && !s.exhaustive) elseIn.push(q);
    if (d !== null) silent.all = false;
    else {
      let t = cond ? assume(cond, p.facts, true, it.env.binding) : p.facts;
      let e = cond ? assume(cond, p.facts, false, it.env.binding) : p.facts;
      let bookkept = false;
      // A state-tracking wrapper's test: the bookkeeping says the resource ends in the wanted state either way.
      if ((s.guard === 'then' || s.exhaustive) && t) e = null;
      else if (s.guard === 'skip' && e) t = null;
      else if (s.guard === 'is' && s.guardValue !== undefined) {
        // A first-use test of the wrapper's bookkeeping: decided by the resource's tracked state.
        const holds = bookkeepingHolds(s.then, s.guardValue, p.state, it.env);
        if (holds === true) e = null;
        else if (holds === false) t = null;
        else bookkept = true;
      }
      // A submit tested on the batch holding anything, with barriers known to be pending: it is submitted.
      else if (s.batchGuard && t && pending(p.state, s.batchGuard, it.env.binding)) e = null;
      // An early return taken when the batch is empty, with barriers known to be pending: not taken.
      else if (s.emptyBatch && e && pending(p.state, s.emptyBatch, it.env.binding)) t = null;
      const blind = cond ? undecidedResources(cond, it.env) : [];
      const carried = carriedBlind(blind, p.state);
      if (carried.length && !s.guard && !s.noop && !s.batchGuard && !s.once) {
        carried.forEach((k) => silent.keys.add(k));
        if (t) silent.then.push({ facts: t, state: p.state });
        if (e) silent.else.push({ facts: e, state: p.state });
      } else if (blind.length) silent.all = false;
      const entry = (from: TrackState) => {
        const state = from === p.state ? p.state.clone() : from;
        for (const key of blind) forget(state, key);
        return state;
      };
      // A barrier skipped as a no-op by its bookkeeping before-value: on the skipping path the code says the
      // resource is in the after-value; a path whose tracked state cannot be that is one the code never takes.
      const skipping = s.noop && t && e ? noopSkipping(s.noop, p.state, it.env, s.range) : undefined;
      if (skipping === null) {
        if (s.noop!.onThen) t = null;
        else e = null;
      }
      // A test of the engine's own record of earlier calls (a once-only block, a flag the function sets) or of its
      // bookkeeping left undecided (`if (m_state == C)`: the branch runs exactly when the resource is in C): the
      // branch not taken ran, or will run, on another call, so what it assumes at first use is not this path's entry.
      // A record the function keeps itself (not a once-only block) also decides which branch a later call in a
      // caller's loop takes: a state that came around that loop's back edge is what the record stands for. What the
      // other branch's own barriers assumed at first use, joined into this path since (an earlier call in a caller's
      // loop, a path that had not touched the resource), is that branch's entry, not this path's.
      const ownHistory = (from: TrackState, other: Stmt | null) => ((s.once || s.history || bookkept) && other
        ? withoutAssumedBy(unknownUntouched(from, other, it.env.binding, !!s.history), other, it.env.currentUri()) : from);
      if (t) thenIn.push({ facts: t, state: ownHistory(entry(skipping && s.noop!.onThen ? skipping : p.state), s.else) });
      if (e) elseIn.push({ facts: e, state: ownHistory(entry(skipping && !s.noop!.onThen ? skipping : p.state), s.then) });
    }
  }
  // Values joined in past the path budget from paths whose facts this branch rules out are not met in it.
  const tested = s.cond ? symsOf(s.cond) : [];
  if (tested.length) {
    for (const ins of [thenIn, elseIn]) for (let i = 0; i < ins.length; i++) ins[i] = { facts: ins[i].facts, state: it.refine(ins[i].state, ins[i].facts, tested) };
  }
  // The branch that runs only once the function's own count of its calls is not 0 (`if (m_runs > 0)`): a call that
  // meets a resource as it was just created has a count of 0 (or one this test cannot judge), so the creation's
  // state is not compared with that branch's barriers.
  if (s.later) {
    const ins = s.later === 'then' ? thenIn : elseIn;
    const branch = s.later === 'then' ? s.then : s.else;
    if (branch) for (let i = 0; i < ins.length; i++) ins[i] = { facts: ins[i].facts, state: withoutCreationValues(ins[i].state, branch, it.env.binding) };
  }
  // A once-only block (`if (!m_ready) { …; m_ready = true; }`) entered again has not run since its flag was
  // reset: what it set itself on an earlier call is not the state it meets now.
  if (s.once) for (let i = 0; i < thenIn.length; i++) thenIn[i] = { facts: thenIn[i].facts, state: withoutOwnValues(thenIn[i].state, s.range, it.env.currentUri()) };
  // Both branches can run: what each creates is known after the test only where the two agree (creation-fork.ts).
  const fork = thenIn.length && elseIn.length ? new CreationFork(it.env) : null;
  let a: Flow, b: Flow;
  try {
    a = thenIn.length ? it.stmt(s.then, thenIn) : flowOf(null);
    fork?.otherBranch();
    b = elseIn.length ? (s.else ? it.stmt(s.else, elseIn) : flowOf(elseIn)) : flowOf(null);
  } finally {
    fork?.join();
  }
  const flow = it.merge(a, b);
  if (silent.keys.size && silent.all) carryBlind(it, s, silent, flow);
  return flow;
}

/** The undecided desc test's branches walked again, silently, with the blinded resources' states kept. */
function carryBlind(it: Evaluation, s: Extract<Stmt, { k: 'if' }>, silent: { then: Path[]; else: Path[]; keys: Set<string> }, flow: Flow): void {
  const reporting = it.env.reporting;
  it.env.reporting = false;
  try {
    const a = silent.then.length ? it.stmt(s.then, silent.then.map((p) => ({ facts: p.facts, state: p.state.clone() }))) : flowOf(null);
    const b = silent.else.length ? (s.else ? it.stmt(s.else, silent.else.map((p) => ({ facts: p.facts, state: p.state.clone() }))) : flowOf(silent.else)) : flowOf(null);
    carryBlindStates(flow, it.merge(a, b), [...silent.keys]);
  } finally {
    it.env.reporting = reporting;
  }
}

/**
 * Each path enters the cases its facts allow. Case labels of one switch are distinct values: a path that enters
 * one case learns that the value is none of the others (and a later switch on the same value follows it).
 */
export function switchStmt(it: Evaluation, s: Extract<Stmt, { k: 'switch' }>, paths: Paths): Flow {
  const entries = s.cases.map(() => [] as Path[]);
  const skip: Path[] = [];
  for (const p of paths) {
    if (s.taken !== undefined) {
      // A fixed local's test (extract/const-locals.ts): every path enters the one case, or skips the switch.
      if (s.taken >= 0) entries[s.taken].push(p);
      else skip.push(p);
      continue;
    }
    if (s.sym === undefined || !s.labels) {
      const chosen = s.caseTests ? decidedCase(s.caseTests, p, it) : undefined;
      if (chosen !== undefined) {
        // A caller's constant decides the case (extract/switch-tests.ts); no case and no default: the switch is skipped.
        const into = chosen >= 0 ? chosen : s.caseTests!.indexOf(null);
        if (into >= 0) entries[into].push({ facts: p.facts, state: p.state.clone() });
        else skip.push(p);
        continue;
      }
      entries.forEach((e) => e.push({ facts: p.facts, state: p.state.clone() }));
      if (!s.hasDefault) skip.push(p);
      continue;
    }
    const sym = s.sym;
    const labels = s.labels.map((l) => (l === 'default' ? null : l));
    const truth = labels.map((l) => (l ? labelHolds(p.facts, sym, l) : null));
    const matched = truth.some((t) => t === true);
    const others = (skip: number) => labels.flatMap((l, j) => (l && j !== skip ? [[l, false] as const] : []));
    const none = learnLabels(p.facts, sym, others(-1));
    labels.forEach((l, i) => {
      if (!l) {
        if (!matched) entries[i].push({ facts: none, state: p.state.clone() });
        return;
      }
      if (truth[i] === false || (matched && truth[i] !== true)) return;
      const facts = learnLabels(p.facts, sym, [[l, true], ...others(i)]);
      entries[i].push({ facts, state: p.state.clone() });
    });
    if (!s.hasDefault && !matched) skip.push({ facts: none, state: p.state });
  }
  let fall: Paths | null = null;
  let out: Paths | null = null;
  const acc: Flow = { normal: null, breaks: null, continues: null, returns: null };
  s.cases.forEach((c, i) => {
    const input = it.join(entries[i].length ? entries[i] : null, fall);
    if (!input || input.length === 0) {
      fall = null;
      return;
    }
    const f = it.stmt(c, input);
    fall = f.normal;
    out = it.join(out, f.breaks);
    acc.continues = it.join(acc.continues, f.continues);
    acc.returns = it.join(acc.returns, f.returns);
  });
  out = it.join(out, fall);
  if (skip.length) out = it.join(out, skip);
  acc.normal = out;
  return acc;
}

/** The case whose test holds on `p` under the binding, -1 when every labelled case's test fails, undefined when one is undecided. */
function decidedCase(tests: readonly (Condition | null)[], p: Path, it: Evaluation): number | undefined {
  let undecided = false;
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i];
    if (!t) continue;
    const d = decide(t, p.facts, it.env.binding);
    if (d === true) return i;
    if (d === null) undecided = true;
  }
  return undecided ? undefined : -1;
}

function pending(state: TrackState, container: ResourceRef, binding: Binding | null): boolean {
  const key = substituteRef(container, binding).key;
  const batch = key ? state.batches.get(key) : undefined;
  return !!batch && (batch.items.length > 0 || (batch.mixed?.length ?? 0) > 0 || !!batch.unreadable);
}

/**
 * The state on the path that skips a no-op barrier (see ifStmt): the resource in the after-value; null when the
 * tracked state cannot be it (the path is not taken); undefined when nothing is known of the resource.
 */
function noopSkipping(t: NoopTest, state: TrackState, env: TrackEnv, range: Range): TrackState | null | undefined {
  const key = substituteRef(t.resource, env.binding).key;
  // States kept per subresource (`key|sub0`) are not narrowed as a whole.
  if (!key || [...state.res.keys()].some((k) => k.startsWith(`${key}|sub`))) return undefined;
  // A helper's test of its own parameters (noop-tests.ts paramNoops): the after-value the call hands it, beside a
  // before-value the call knows nothing of (a value chosen among known states keeps both paths).
  const after = t.afterParam ? substituteField(t.afterParam, env.binding).value : t.value;
  if (after === null || (t.beforeParam && !unknownValue(substituteField(t.beforeParam, env.binding)))) return undefined;
  const wanted = after >>> 0;
  const r = state.res.get(key) ?? env.entry.get(key) ?? FRESH;
  const cur = t.family === 'legacy' ? r.legacy : r.layout;
  if (!cur.unknown && cur.values.size > 0 && !cur.values.has(wanted)) return null;
  const out = state.clone();
  const value = exactly(wanted, env.note(range, 'the code skips the barrier here as a no-op: its bookkeeping says the resource is in its after-state'));
  out.own('res').set(key, t.family === 'legacy' ? { ...r, legacy: value } : { ...r, layout: value });
  return out;
}

/** A value of which nothing is known: no number, no numbers per path or per argument. */
function unknownValue(f: Field): boolean {
  return f.value === null && !f.oneOf && !f.perPath && !f.byParam && !f.byParamCases && !f.paramMember && !f.masked && f.param === undefined;
}

/**
 * `state` without the values set inside `range` of `uri` (a once-only block's own barriers): a resource that loses
 * one is unknown but for the values other code set; a write the block left pending is dropped.
 */
function withoutOwnValues(state: TrackState, range: Range, uri: string): TrackState {
  const inside = (o: Origin | null | undefined) => !!o && (o.at ? o.at.uri === uri && within(o.at.range, range) : o.uri === uri && within(o.range, range));
  let out: TrackState | null = null;
  for (const [key, s] of state.res) {
    const drop = (p: Possible): Possible => {
      if (![...p.values.values()].some(inside)) return p;
      return { values: new Map([...p.values].filter(([, o]) => !inside(o))), unknown: true };
    };
    const next: ResState = { ...s, layout: drop(s.layout), legacy: drop(s.legacy), access: drop(s.access), syncAfter: drop(s.syncAfter),
      pendingWrite: s.pendingWrite && inside(s.pendingWrite.origin) ? null : s.pendingWrite };
    if (next.layout === s.layout && next.legacy === s.legacy && next.access === s.access && next.syncAfter === s.syncAfter && next.pendingWrite === s.pendingWrite) continue;
    out ??= state.clone();
    out.own('res').set(key, next);
  }
  return out ?? state;
}

/**
 * `state` without the values resource creations set (Origin.created) for the resources `s`'s barriers name: such a
 * resource keeps the values barriers set and is otherwise unknown.
 */
function withoutCreationValues(state: TrackState, s: Stmt, binding: Binding | null): TrackState {
  return withoutValues(state, (o) => !!o.created, touchedKeys(s, binding), { legacyFromCreation: false });
}

/**
 * `state` without the values `s`'s own barriers assumed at first use (in `uri`): a resource that loses one is unknown
 * but for the values other code set.
 */
function withoutAssumedBy(state: TrackState, s: Stmt, uri: string): TrackState {
  const calls: Range[] = [];
  forEachEvent(s, (e) => { if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call') calls.push(e.range); });
  if (calls.length === 0) return state;
  return withoutValues(state, (o) => {
    const at = o.at ?? o;
    return !!o.assumed && at.uri === uri && calls.some((r) => within(at.range, r));
  }, state.res.keys());
}

/**
 * `state` without the legacy and layout values `drop` picks, for the resources `keys` names (`also` set on each that
 * loses one): such a resource is unknown but for the values left.
 */
function withoutValues(state: TrackState, drop: (o: Origin) => boolean, keys: Iterable<string>, also: Partial<ResState> = {}): TrackState {
  let out: TrackState | null = null;
  const cut = (p: Possible): Possible => ([...p.values.values()].some(drop) ? { values: new Map([...p.values].filter(([, o]) => !drop(o))), unknown: true } : p);
  for (const key of [...keys]) {
    const r = state.res.get(key);
    if (!r) continue;
    const legacy = cut(r.legacy);
    const layout = cut(r.layout);
    if (legacy === r.legacy && layout === r.layout) continue;
    out ??= state.clone();
    out.own('res').set(key, { ...r, legacy, layout, ...also });
  }
  return out ?? state;
}

/** Resources a statement's barriers name that the path has not touched yet become unknown on it. */
export function unknownUntouched(state: TrackState, s: Stmt, binding: Binding | null, carried = false): TrackState {
  const keys = touchedKeys(s, binding);
  const fresh = keys.filter((k) => !state.res.has(k) || (carried && aroundBackEdge(state.res.get(k)!)));
  if (fresh.length === 0) return state;
  const out = state.clone();
  for (const k of fresh) out.own('res').set(k, FRESH);
  return out;
}

/** The keys of the resources a statement's barriers (and calls' resource arguments) name. */
function touchedKeys(s: Stmt, binding: Binding | null): string[] {
  const keys: string[] = [];
  forEachEvent(s, (e) => {
    const refs = e.kind === 'resource-barrier-call' ? (e.barriers ?? []).map((b) => b.resource)
      : e.kind === 'barrier-call' ? (e.groups ?? []).flatMap((g) => (g.barriers ?? []).map((b) => b.resource))
        : e.kind === 'user-call' ? e.args.map((a) => a.resource) : [];
    for (const r of refs) {
      const key = r && substituteRef(r, binding).key;
      if (key) keys.push(key);
    }
  });
  return keys;
}

/** Whether some tracked value of a resource reached here only around a loop's back edge (Origin.loop). */
function aroundBackEdge(r: ResState): boolean {
  return [r.legacy, r.layout].some((p) => [...p.values.values()].some((o) => o.loop !== undefined));
}
