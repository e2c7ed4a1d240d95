// Debug-layer assertions (extract/state-asserts.ts) meet the tracked state without changing it: the rules compare
// what the code asserts with what the barriers before it set (eb-rules.md EB-MISC-04). Which tracked entries an
// assertion covers: the named subresource's own entry, or the whole resource's when no range of subresources is
// tracked separately; for all subresources, every separately tracked part (the whole entry may cover no subresource then).
import type { StateAssertEvent } from '../extract/facts';
import type { ListId, TrackEnv } from './env';
import { substituteField, substituteRef } from './env';
import type { TrackState } from './state';
import type { AssertMeeting } from './visitors';

const ALL = 0xffffffff;

/** The tracked entries a use of subresource `sub` of `key` meets (ALL: every subresource; null: an index not known,
 *  which meets the whole entry only while no part is tracked apart), or null when that is not known. Shared with
 *  the copy and resolve commands (apply.ts). */
export function covered(state: TrackState, key: string, sub: number | null): AssertMeeting['parts'] | null {
  const parts = [...state.res.entries()].filter(([k]) => k.startsWith(`${key}|`)).map(([k, met]) => ({ key: k, met }));
  if (sub === ALL) return parts.length ? parts : [{ key, met: state.get(key) }];
  if (sub === null) return parts.length ? null : [{ key, met: state.get(key) }];
  const own = parts.find((p) => p.key === `${key}|sub${sub}`);
  if (own) return [own];
  // Other subresources tracked apart by index leave this one in the resource's own entry; a range part may cover it.
  return parts.every((p) => /\|sub\d+$/.test(p.key)) ? [{ key, met: state.get(key) }] : null;
}

export function applyStateAssert(e: StateAssertEvent, state: TrackState, env: TrackEnv, list: ListId): void {
  if (!env.reporting) return;
  const ref = substituteRef(e.resource, env.binding);
  const sub = substituteField(e.subresource, env.binding).value;
  const value = substituteField(e.value, env.binding).value;
  if (!ref.key || sub === null || value === null) return;
  const parts = covered(state, ref.key, sub >>> 0);
  if (!parts) return;
  const meeting: AssertMeeting = { method: e.method, asserts: e.asserts, value: value >>> 0, subresource: sub >>> 0, ref, key: ref.key, parts, resource: env.resources.get(ref.key) };
  for (const h of env.hooks) h.stateAssert?.(meeting, env.context(e.range, list));
}
