// A state-tracking wrapper's first-use test, decided by what the tracker knows of the resource:
//
//   if (m_uploadState == D3D12_RESOURCE_STATE_COMMON) {
//       barrier(m_upload, COMMON → GENERIC_READ);
//       m_uploadState = GENERIC_READ;
//   }
//
// The bookkeeping value says which state the resource is in; the branch transitions out of the tested one. When the
// tracked state of that resource is known, the test is too: the branch runs on a path where the resource is exactly
// in the tested state, and not on one where it cannot be (an UPLOAD/READBACK resource is always in GENERIC_READ /
// COPY_DEST). Otherwise both paths stay. The test itself reads the engine's bookkeeping, so a path it rules out
// is one the code never takes: a barrier there is no mistake of the code, whatever the tracked state.
import type { BarrierFact, Stmt } from '../extract/facts';
import { HEAP_RESTRICTIONS } from '../model/heaps';
import type { TrackEnv } from './env';
import { substituteBarrier } from './env';
import { knownResource } from './resource-parts';
import type { Possible, TrackState } from './state';

/** The barriers recorded directly in a statement tree (not through helper calls). */
function barriersIn(s: Stmt, out: BarrierFact[]): BarrierFact[] {
  switch (s.k) {
    case 'seq': s.body.forEach((b) => barriersIn(b, out)); break;
    case 'if': barriersIn(s.then, out); if (s.else) barriersIn(s.else, out); break;
    case 'loop': barriersIn(s.body, out); break;
    case 'switch': s.cases.forEach((c) => barriersIn(c, out)); break;
    case 'event':
      if (s.event.kind === 'resource-barrier-call') out.push(...(s.event.barriers ?? []));
      if (s.event.kind === 'barrier-call') for (const g of s.event.groups ?? []) out.push(...(g.barriers ?? []));
      break;
    default: break;
  }
  return out;
}

const valueOf = (b: BarrierFact, name: string): number | undefined => {
  const f = b.fields[name];
  return f && f.value !== null ? f.value >>> 0 : undefined;
};

/** What the path knows of the resource's state in the barrier's family: tracked, or fixed by its heap. */
function knownState(b: BarrierFact, state: TrackState, env: TrackEnv): Possible | undefined {
  const key = b.resource?.key;
  if (!key) return undefined;
  const tracked = state.res.get(key);
  const p = b.kind === 'legacy-transition' ? tracked?.legacy : tracked?.layout;
  if (p && !p.unknown && p.values.size > 0) return p;
  // A member created in another method (Init() makes the upload buffer, Upload() tests its bookkeeping).
  const heap = knownResource(env, key)?.creation.heapType;
  const fixed = b.kind === 'legacy-transition' && heap !== null && heap !== undefined ? HEAP_RESTRICTIONS.get(heap) : undefined;
  return fixed ? { values: new Map([[fixed.state >>> 0, { uri: '', range: b.range, note: '' }]]), unknown: false } : undefined;
}

/**
 * Whether the test `bookkeeping == value` holds on this path: true when every barrier of the branch that transitions
 * out of `value` meets its resource exactly there, false when every one meets it where it cannot be, null otherwise.
 */
export function bookkeepingHolds(then: Stmt, value: number, state: TrackState, env: TrackEnv): boolean | null {
  const own = barriersIn(then, []).map((raw) => substituteBarrier(raw, env.binding)).filter((b) => {
    const before = b.kind === 'legacy-transition' ? valueOf(b, 'StateBefore') : b.kind === 'texture' ? valueOf(b, 'LayoutBefore') : undefined;
    return before === value;
  });
  if (own.length === 0) return null;
  const answers = own.map((b) => {
    const known = knownState(b, state, env);
    if (!known) return null;
    if (!known.values.has(value)) return false;
    return known.values.size === 1 ? true : null;
  });
  return answers.every((a) => a === answers[0]) ? answers[0] : null;
}
