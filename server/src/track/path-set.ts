// Sets of paths at a program point: each path is a tracked state with the facts that hold on it (paths.ts). Paths
// with the same facts are joined; beyond MAX_PATHS, paths with the same state are joined (keeping the facts they
// share), and if that is not enough everything is joined into one path, as the tracker did before path facts.
import { PathFacts } from './paths';
import type { Origin, Possible, ResState } from './state';
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

export function joinPaths(a: Paths | null, b: Paths | null, entry: Map<string, ResState>, cap = MAX_PATHS): Paths | null {
  if (!a || a.length === 0) return b;
  if (!b || b.length === 0) return a;
  return normalize([...a, ...b], entry, cap);
}

/** Join the paths whose facts agree; keep at most `cap`. */
export function normalize(ps: Paths, entry: Map<string, ResState>, cap = MAX_PATHS): Paths {
  if (ps.length < 2) return ps;
  if (cap <= 1) return [collapse(ps, entry)];
  const byKey = new Map<string, Path>();
  for (const p of ps) {
    const k = p.facts.key();
    const prior = byKey.get(k);
    byKey.set(k, prior ? { facts: prior.facts, state: joinStates(prior.state, p.state, entry)! } : p);
  }
  let out = [...byKey.values()];
  if (out.length > cap) out = forgetUntilCap(out, entry, cap);
  if (out.length > 1) out.sort((x, y) => (x.facts.key() < y.facts.key() ? -1 : x.facts.key() > y.facts.key() ? 1 : 0));
  return out;
}

/**
 * Too many paths: forget, one value at a time, what the paths know about the value whose loss costs least, until
 * at most `cap` are left. Values learnt from tests go before flags the function stored (a flag set before the
 * barrier it announces is recorded separates no states yet, but will); then the fewest joins of paths with
 * different states; then the most paths saved. If no value can be forgotten to any effect, everything is joined.
 */
function forgetUntilCap(ps: Paths, entry: Map<string, ResState>, cap: number): Paths {
  let out = ps;
  while (out.length > cap) {
    let best: { groups: Map<string, Path[]>; loss: number; flag: boolean } | null = null;
    for (const sym of symsIn(out)) {
      const flag = out.some((p) => p.facts.stored(sym));
      const groups = new Map<string, Path[]>();
      for (const p of out) {
        const f = p.facts.forget([sym]);
        const k = f.key();
        const g = groups.get(k);
        if (g) g.push({ facts: f, state: p.state });
        else groups.set(k, [{ facts: f, state: p.state }]);
      }
      if (groups.size === out.length) continue;
      let loss = 0;
      for (const g of groups.values()) for (let i = 1; i < g.length; i++) if (!sameStates(g[0].state, g[i].state)) loss++;
      const better = !best || (flag !== best.flag ? !flag : loss !== best.loss ? loss < best.loss : groups.size < best.groups.size);
      if (better) best = { groups, loss, flag };
    }
    if (!best) return [collapse(out, entry)];
    out = [...best.groups.values()].map((g) => g.length === 1 ? g[0] : collapse(g, entry));
  }
  return out;
}

function symsIn(ps: Paths): string[] {
  const syms = new Set<string>();
  for (const p of ps) for (const s of p.facts.symbols()) syms.add(s);
  return [...syms].sort();
}

/** All paths as one: the join of their states, the facts they all share. */
export function collapse(ps: Paths, entry: Map<string, ResState>): Path {
  let facts = ps[0].facts;
  let state: TrackState | null = null;
  for (const p of ps) {
    facts = facts.intersect(p.facts);
    state = joinStates(state, p.state, entry);
  }
  return { facts, state: state ?? new TrackState() };
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
    out.res.set(key, { ...s, legacy: note((r) => r.legacy, s.legacy), layout: note((r) => r.layout, s.layout), access: note((r) => r.access, s.access) });
  }
  return out;
}
