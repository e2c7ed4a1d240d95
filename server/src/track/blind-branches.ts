// An if/else on a resource's own desc that stays undecided (`if (desc.SampleDesc.Count > 1)` for a resource whose
// creation is not seen, track/resource-props.ts): neither branch may judge that resource with the state known before
// the test (a resolve of a single-sample texture, or a copy of a multisampled one, is a branch the code never takes
// for it), so both branches are walked with it unknown. What the branches leave it in is still known, though: the
// join of what each branch does to the known state. A second walk of the branches, silent (no rule sees it), keeps
// the state; its result for those resources replaces the unknown one after the test.
import type { Paths } from './path-set';
import type { Possible, ResState, TrackState } from './state';
import { joinRes } from './state';

type Kinds = 'normal' | 'breaks' | 'continues' | 'returns';
export type FlowPaths = Record<Kinds, Paths | null>;

const KINDS: readonly Kinds[] = ['normal', 'breaks', 'continues', 'returns'];

/**
 * The resources an undecided test blinds that a path already tracks as a whole, in a state that is certain there:
 * set by the code on every path that reaches the test, not assumed at first use and not only on some paths. (One
 * tracked apart per subresource, or not seen yet, is left unknown: the silent walk would only assume a state for
 * it. A state that is partly an assumption, or partly another path's, is one the tracker may hold only because it
 * cannot correlate two tests of the same value; unknown after the test, it stays as quiet as before.)
 */
export function carriedBlind(keys: readonly string[], state: TrackState): string[] {
  return keys.filter((k) => {
    const s = state.res.get(k);
    return !!s && certain(s.legacy) && certain(s.layout) && !hasParts(state, k);
  });
}

function certain(p: Possible): boolean {
  for (const o of p.values.values()) if (o.assumed || o.when || o.loop || o.aroundLoop) return false;
  return true;
}

/** The state of each carried resource, in every path of `real`, set to its join over the silent walk's paths. */
export function carryBlindStates(real: FlowPaths, silent: FlowPaths, keys: readonly string[]): void {
  for (const kind of KINDS) {
    const out = real[kind];
    const from = silent[kind];
    if (!out || !from || from.length === 0) continue;
    const joined = new Map<string, ResState>();
    for (const k of keys) {
      let acc: ResState | null = null;
      for (const p of from) {
        // A silent path that split the resource per subresource (or dropped it) leaves it unknown.
        const s = p.state.res.get(k);
        if (!s || hasParts(p.state, k)) { acc = null; break; }
        acc = acc ? joinRes(acc, s) : s;
      }
      if (acc) joined.set(k, acc);
    }
    if (joined.size === 0) continue;
    const done = new Map<TrackState, TrackState>();
    for (let i = 0; i < out.length; i++) {
      const st = out[i].state;
      let next = done.get(st);
      if (!next) {
        next = st.clone();
        for (const [k, s] of joined) if (!hasParts(next, k)) next.set(k, s);
        done.set(st, next);
      }
      out[i] = { facts: out[i].facts, state: next };
    }
  }
}

function hasParts(state: TrackState, key: string): boolean {
  for (const o of state.res.keys()) if (o.startsWith(`${key}|`)) return true;
  return false;
}
