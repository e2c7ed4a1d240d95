// A legacy promotion belongs to the command list whose command made it (eb-rules.md LB-10/LB-11). A buffer (or a
// resource promoted to a read-only state) promoted by a copy on one list decays back to COMMON when that list's
// ExecuteCommandLists completes, so another list's barrier meets COMMON whenever the two run in separate submissions
// (an upload on the copy queue's list, then `direct->ResourceBarrier(COMMON → INDEX_BUFFER)` on the direct list).
// Whether they do is decided by submissions the barrier cannot see: the promoted state is not one a barrier on
// another list is sure to meet, so it is left out of what that barrier is checked against. On the promoting list
// itself, and for a texture promoted to a write state (which does not decay), nothing changes.
import { LEGACY_READ_STATES } from '../model/legacy-states';
import type { ListId, TrackEnv } from './env';
import type { BarrierMeeting } from './visitors';

/** `meeting` without the legacy values another known list promoted to (when they decay and COMMON remains). */
export function withoutOtherListPromotions(meeting: BarrierMeeting, list: ListId, env: TrackEnv): BarrierMeeting {
  const legacy = meeting.met.legacy;
  if (list.key === null || legacy.unknown || !legacy.values.has(0)) return meeting;
  const decays = (state: number) => env.isBuffer(meeting.key) || ((state >>> 0) & ~LEGACY_READ_STATES) === 0;
  const elsewhere = [...legacy.values].filter(([state, o]) => state !== 0 && o.promotedOn !== undefined && o.promotedOn !== list.key && decays(state));
  if (elsewhere.length === 0) return meeting;
  const values = new Map(legacy.values);
  for (const [state] of elsewhere) values.delete(state);
  return { ...meeting, met: { ...meeting.met, legacy: { ...legacy, values } } };
}
