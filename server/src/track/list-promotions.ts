// A legacy promotion belongs to the command list whose command made it (eb-rules.md LB-10/LB-11). A buffer (or a
// resource promoted to a read-only state, or any resource promoted on a COPY list: "resources being accessed on a
// Copy queue" decay too) promoted by a copy on one list decays back to COMMON when that list's
// ExecuteCommandLists completes, so another list's barrier meets COMMON whenever the two run in separate submissions
// (an upload on the copy queue's list, then `direct->ResourceBarrier(COMMON → INDEX_BUFFER)` on the direct list).
// Whether they do is decided by submissions the barrier cannot see: the promoted state is not one a barrier on
// another list is sure to meet, so it is left out of what that barrier is checked against. On the promoting list
// itself, and for a texture promoted to a write state on a direct or compute list (which does not decay), nothing changes.
import { LEGACY_READ_STATES } from '../model/legacy-states';
import type { ListId, TrackEnv } from './env';
import type { Origin, Possible } from './state';
import type { BarrierMeeting } from './visitors';

/** `meeting` without the legacy values another known list promoted to (when they decay and COMMON remains). */
export function withoutOtherListPromotions(meeting: BarrierMeeting, list: ListId, env: TrackEnv): BarrierMeeting {
  const legacy = meeting.met.legacy;
  if (list.key === null || legacy.unknown) return meeting;
  const copied = afterOtherCopyList(legacy, list.key);
  if (copied) return { ...meeting, met: { ...meeting.met, legacy: copied } };
  if (!legacy.values.has(0)) return meeting;
  const buffer = env.isBuffer(meeting.key);
  const elsewhere = [...legacy.values].filter(([state, o]) => o.promotedOn !== list.key && decaysAtExecute(state, o, buffer));
  if (elsewhere.length === 0) return meeting;
  const values = new Map(legacy.values);
  for (const [state] of elsewhere) values.delete(state);
  return { ...meeting, met: { ...meeting.met, legacy: { ...legacy, values } } };
}

const isWrite = (state: number) => ((state >>> 0) & ~LEGACY_READ_STATES) !== 0;

/**
 * Whether a promoted value decays to COMMON when its list's work completes (LB-10): a buffer's, one made on a COPY
 * list, or a promotion to read-only states. COMMON itself and values no command promoted do not.
 */
function decaysAtExecute(state: number, o: Origin, buffer: boolean): boolean {
  return state !== 0 && o.promotedOn !== undefined && (buffer || !!o.promotedOnCopy || !isWrite(state));
}

/**
 * The legacy values after a command on `list` promoted the resource from COMMON to `state`: COMMON stays (a barrier
 * may still name it, LB-10) beside the promoted state; after a promotion to a write state its COMMON is marked, as a
 * later command on the same list meets the promoted state (one write state, no further promotion).
 */
export function promoteFromCommon(values: ReadonlyMap<number, Origin>, state: number, origin: Origin, list: string | null): Map<number, Origin> {
  const out = new Map(values);
  const common = out.get(0);
  if (common && list !== null && isWrite(state)) out.set(0, { ...common, promotedAway: list });
  out.set(state >>> 0, origin);
  return out;
}

/** What a command on `list` meets: without the COMMON that the same list promoted to a write state on every path. */
export function metByCommand(p: Possible, list: string | null): Possible {
  const common = p.values.get(0);
  if (list === null || !common || common.promotedAway !== list || p.values.size < 2) return p;
  const values = new Map(p.values);
  values.delete(0);
  return { ...p, values };
}

/** After an ExecuteCommandLists boundary: a promotion may have decayed (a copy queue's list), COMMON is real again. */
export function withoutPromotedAway(p: Possible): Possible {
  const common = p.values.get(0);
  if (!common || common.promotedAway === undefined) return p;
  const rest = { ...common };
  delete rest.promotedAway;
  return { ...p, values: new Map([...p.values, [0, rest]]) };
}

/**
 * ExecuteCommandLists of the list that made a promotion: a resource promoted to a read-only state (a buffer to any, any
 * resource on a COPY list) decays back to COMMON when that work completes (LB-10), and the work a later submission
 * records runs after it. The promoted value is dropped; the COMMON the promotion kept beside it stays. Null when
 * nothing decays.
 */
export function decayedAtExecute(legacy: Possible, ran: readonly string[], buffer: boolean): Possible | null {
  if (legacy.unknown || ran.length === 0) return null;
  const copied = [...legacy.values].filter(([state, o]) => state !== 0 && o.decaysOn !== undefined && ran.includes(o.decaysOn));
  if (copied.length > 0) {
    const values = new Map(legacy.values);
    for (const [state] of copied) values.delete(state);
    if (!values.has(0)) values.set(0, decayedOrigin(copied[0][1]));
    return { values, unknown: false };
  }
  if (!legacy.values.has(0)) return null;
  const gone = [...legacy.values].filter(([state, o]) => ran.includes(o.promotedOn ?? '') && decaysAtExecute(state, o, buffer));
  if (gone.length === 0) return null;
  const values = new Map(legacy.values);
  for (const [state] of gone) values.delete(state);
  return { values, unknown: false };
}

/**
 * A barrier on another list than the COPY list whose barrier set the state: whether that list's work has completed
 * (and the resource decayed to COMMON, LB-11) is decided by submissions the barrier cannot see, so COMMON is as right
 * as the state the copy list left; either may be named (a disagreement only when neither is). Null when no value
 * comes from another COPY list.
 */
function afterOtherCopyList(legacy: Possible, list: string): Possible | null {
  const copied = [...legacy.values].filter(([state, o]) => state !== 0 && o.decaysOn !== undefined && o.decaysOn !== list);
  if (copied.length === 0) return null;
  const values = new Map(legacy.values);
  for (const [state, o] of copied) values.set(state, { ...o, perPathAfter: true });
  const common = values.get(0);
  values.set(0, common ? { ...common, perPathAfter: true } : { ...decayedOrigin(copied[0][1]), perPathAfter: true });
  return { values, unknown: false };
}

/** COMMON after the decay of a value a COPY list's barrier set, noted where that barrier was. */
/**
 * The state a promotion left after it decayed at this ExecuteCommandLists (`decayedAtExecute`): when only COMMON
 * remains, it is COMMON re-entered here, with no work recorded since (Origin.workStamp): the next barrier on the
 * texture must name COMMON unless work recorded in between may have promoted it again (an upload on the copy queue,
 * then the direct list's `COPY_DEST → PIXEL_SHADER_RESOURCE` after the wait names a state the texture left).
 */
export function decayedHere(p: Possible, work: number): Possible {
  const common = p.values.get(0);
  if (p.unknown || p.values.size !== 1 || !common) return p;
  return { ...p, values: new Map([[0, { ...common, workStamp: work }]]) };
}

function decayedOrigin(o: Origin): Origin {
  const out: Origin = { ...o, note: `${o.note}; it decays to D3D12_RESOURCE_STATE_COMMON when the copy list's work completes` };
  delete out.decaysOn;
  delete out.perPathAfter;
  return out;
}
