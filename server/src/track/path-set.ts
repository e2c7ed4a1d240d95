// Sets of paths at a program point: each path is a tracked state with the facts that hold on it (paths.ts). Paths
// with the same facts are joined; beyond MAX_PATHS, paths with the same state are joined (keeping the facts they
// share), and if that is not enough everything is joined into one path, as the tracker did before path facts.
import { FAILED_CREATION_SYM, RESULT_SYM } from '../extract/facts';
import type { LeaveTest } from '../extract/facts';
import { PathFacts } from './paths';
import type { Origin, PathCond, Possible, ResState } from './state';
import { FRESH, joinStates, sameStates, TrackState } from './state';

export interface Path {
  facts: PathFacts;
  state: TrackState;
}

export type Paths = Path[];

export const MAX_PATHS = 8;

/**
 * Work budget per evaluation of a function body (a helper evaluated at a call site has its own): events applied to
 * more than one path. Past it, paths
 * are joined as soon as they meet (the facts they share are kept), so the cost of path facts stays bounded.
 */
export const PATH_WORK_BUDGET = 400;

/** How many paths may be kept at a point: MAX_PATHS until `work` exceeds the budget, then one. */
export function pathCap(work: number): number {
  return work > PATH_WORK_BUDGET ? 1 : MAX_PATHS;
}

export function single(state: TrackState, facts: PathFacts = PathFacts.EMPTY): Paths {
  return [{ facts, state }];
}

/** Who joins paths (a function evaluation) and its count of writes so far: the values' conditions name both. */
export interface CondTag {
  owner: number;
  time: number;
}

export function joinPaths(a: Paths | null, b: Paths | null, entry: Map<string, ResState>, cap = MAX_PATHS, tag?: CondTag): Paths | null {
  if (!a || a.length === 0) return b;
  if (!b || b.length === 0) return a;
  return normalize([...a, ...b], entry, cap, tag);
}

/** Join the paths whose facts agree; keep at most `cap`. */
export function normalize(ps: Paths, entry: Map<string, ResState>, cap = MAX_PATHS, tag?: CondTag): Paths {
  if (ps.length < 2) return ps;
  if (cap <= 1) return [collapse(ps, entry, tag)];
  const byKey = new Map<string, Path>();
  for (const p of ps) {
    const k = p.facts.key();
    const prior = byKey.get(k);
    byKey.set(k, prior ? { facts: prior.facts, state: joinStates(prior.state, p.state, entry)! } : p);
  }
  let out = [...byKey.values()];
  if (out.length > cap) out = forgetUntilCap(out, entry, cap, tag);
  if (out.length > 1) out.sort((x, y) => (x.facts.key() < y.facts.key() ? -1 : x.facts.key() > y.facts.key() ? 1 : 0));
  return out;
}

/**
 * Too many paths: forget, one value at a time, what the paths know about the value whose loss costs least, until
 * at most `cap` are left. Values learnt from tests go before flags the function stored (a flag set before the
 * barrier it announces is recorded separates no states yet, but will); then the fewest joins of paths with
 * different states; then the most paths saved. If no value can be forgotten to any effect, everything is joined.
 */
function forgetUntilCap(ps: Paths, entry: Map<string, ResState>, cap: number, tag?: CondTag): Paths {
  let out = ps;
  while (out.length > cap) {
    // NOTE: the paths are grouped by the key their facts would have without the value (PathFacts.forgetKey); only
    // the chosen value's facts are made (the grouping of every value made them all: 2-3 % of a real engine file).
    let best: { groups: Map<string, Path[]>; loss: number; flag: boolean; sym: string } | null = null;
    const now = out;
    for (const sym of symsIn(now)) {
      const flag = now.some((p) => p.facts.stored(sym));
      const groups = new Map<string, Path[]>();
      for (const p of now) {
        const k = p.facts.forgetKey(sym);
        const g = groups.get(k);
        if (g) g.push(p);
        else groups.set(k, [p]);
      }
      if (groups.size === now.length) continue;
      let loss = 0;
      for (const g of groups.values()) for (let i = 1; i < g.length; i++) if (!sameStates(g[0].state, g[i].state)) loss++;
      const better = !best || (flag !== best.flag ? !flag : loss !== best.loss ? loss < best.loss : groups.size < best.groups.size);
      if (better) best = { groups, loss, flag, sym };
    }
    if (!best) return [collapse(now, entry, tag)];
    const sym = best.sym;
    out = [...best.groups.values()].map((g) => {
      const forgotten = g.map((p) => ({ facts: p.facts.forgetOne(sym), state: p.state }));
      return forgotten.length === 1 ? forgotten[0] : collapse(forgotten, entry, tag);
    });
  }
  return out;
}

function symsIn(ps: Paths): string[] {
  const syms = new Set<string>();
  for (const p of ps) for (const s of p.facts.symbols()) syms.add(s);
  return [...syms].sort();
}

/**
 * All paths as one: the join of their states, the facts they all share. With a `tag` (the tracker joining paths
 * past its budget), a value that not every path carries remembers the facts of the path it came from (PathCond).
 */
export function collapse(ps: Paths, entry: Map<string, ResState>, tag?: CondTag): Path {
  let facts = ps[0].facts;
  for (const p of ps) facts = facts.intersect(p.facts);
  const from = tag && ps.length > 1 ? withConds(ps, facts, entry, tag) : ps;
  let state: TrackState | null = null;
  for (const p of from) state = joinStates(state, p.state, entry);
  return { facts, state: state ?? new TrackState() };
}

/** Path conditions put on values since the process started (track/pass-reuse.ts: a pass that made one is not reused). */
export const condStats = { made: 0 };

/** Each path's values of the resources the paths disagree on, marked with the path's facts (see collapse). */
function withConds(ps: Paths, common: PathFacts, entry: Map<string, ResState>, tag: CondTag): Paths {
  const commonKey = common.key();
  if (ps.every((p) => p.facts.key() === commonKey)) return ps;
  const keys = new Set<string>();
  for (const p of ps) for (const k of p.state.res.keys()) keys.add(k);
  const differ: string[] = [];
  for (const k of keys) {
    const first = ps[0].state.res.get(k) ?? entry.get(k);
    if (ps.some((p) => (p.state.res.get(k) ?? entry.get(k)) !== first)) differ.push(k);
  }
  if (differ.length === 0) return ps;
  return ps.map((p) => {
    if (p.facts.key() === commonKey) return p;
    const cond: PathCond = { facts: p.facts, owner: tag.owner, time: tag.time };
    condStats.made++;
    const mark = (q: Possible): Possible => {
      let changed = false;
      const values = new Map<number, Origin>();
      for (const [v, o] of q.values) {
        // A condition another evaluation (the caller of a helper) put there still holds: it is kept.
        if (o.cond && o.cond.owner !== tag.owner) values.set(v, o);
        else {
          values.set(v, { ...o, cond });
          changed = true;
        }
      }
      return changed ? { values, unknown: q.unknown } : q;
    };
    const state = p.state.clone();
    for (const k of differ) {
      const r = p.state.res.get(k) ?? entry.get(k);
      if (!r) continue;
      state.own('res').set(k, { ...r, layout: mark(r.layout), legacy: mark(r.legacy), access: mark(r.access), syncAfter: mark(r.syncAfter) });
    }
    const syms = new Set(state.condSyms ?? []);
    for (const s of p.facts.symbols()) syms.add(s);
    state.condSyms = syms;
    return { facts: p.facts, state };
  });
}

/** The same facts on the same number of paths (states aside). */
export function sameFacts(a: Paths, b: Paths): boolean {
  return a.length === b.length && a.every((p, i) => p.facts.key() === b[i].facts.key());
}

export function samePaths(a: Paths, b: Paths): boolean {
  if (a.length !== b.length) return false;
  return a.every((p, i) => p.facts.key() === b[i].facts.key() && sameStates(p.state, b[i].state));
}

/**
 * The state rules see at an event reached by several paths: their join, with each value that only some paths carry
 * remembering the condition of those paths ("when `useCompute` is true"), for the finding's path note.
 */
export function joinForReport(ps: Paths, entry: Map<string, ResState>): TrackState {
  const joined = collapse(ps, entry);
  const common = joined.facts;
  const out = joined.state.clone();
  const keys = new Set<string>();
  for (const p of ps) for (const k of p.state.res.keys()) keys.add(k);
  for (const key of keys) {
    const per = ps.map((p) => p.state.res.get(key) ?? entry.get(key) ?? FRESH);
    if (per.every((s) => s === per[0])) continue;
    const s = out.res.get(key);
    if (!s) continue;
    const note = (pick: (r: ResState) => Possible, p: Possible): Possible => {
      let changed = false;
      const values = new Map<number, Origin>();
      for (const [v, o] of p.values) {
        const on = ps.filter((_, i) => pick(per[i]).values.has(v));
        if (on.length === ps.length || on.length === 0) {
          values.set(v, o);
          continue;
        }
        const when = on.map((q) => q.facts).reduce((x, y) => x.intersect(y)).describe(common);
        values.set(v, when.length ? { ...o, when: when.join(' and ') } : o);
        changed = changed || when.length > 0;
      }
      return changed ? { values, unknown: p.unknown } : p;
    };
    out.own('res').set(key, { ...s, legacy: note((r) => r.legacy, s.legacy), layout: note((r) => r.layout, s.layout), access: note((r) => r.access, s.access) });
  }
  return out;
}

/**
 * A function's exits without those through a creation's failure return (extract/failed-creations.ts): they made no
 * resource, so the caller goes on with none (a null pointer or an error code) and their states are no path of the
 * caller's resources — unless every exit is one.
 */
export function withoutFailedCreations(exits: Paths): Paths {
  if (exits.length < 2) return exits;
  const made = exits.filter((p) => p.facts.compare(FAILED_CREATION_SYM, '==', 1) !== true);
  return made.length ? made : exits;
}

/**
 * A helper's exits on the way on for a caller that leaves when its result passes `test` (extract/failure-exits.ts):
 * those whose result passes it (`return false;` for `if (!ok) return;`, `return E_FAIL;` for `if (FAILED(hr))
 * return;`) end at the caller's `return` — unless every exit did.
 */
export function withoutFailureExits(exits: Paths, test: LeaveTest): Paths {
  const [, op, value] = /^([=!<]=?)(\d)$/.exec(test)!;
  const on = exits.filter((p) => p.facts.compare(RESULT_SYM, op, Number(value)) !== true);
  return on.length ? on : exits;
}
