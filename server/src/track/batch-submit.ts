// Barrier batches (a container the code fills with `Add` and submits with one call): where an addition happened,
// the submit that applies what was added in order, and a batch whose transitions are reversed.
import type { BarrierFact, ResourceRef } from '../extract/facts';
import type { ListId, TrackEnv } from './env';
import { substituteRef } from './env';
import type { Batch } from './state';
import { TrackState } from './state';
import { enhanced, legacy } from './barrier-effects';
import { forget, forgetAllEnhanced, forgetAllLegacy } from './forgetting';
import { recheckAtSubmit } from './helper-rechecks';

/** Where a batch addition happens: the calls on the way (outermost first) and the statement in the innermost body. */
export function additionSite(env: TrackEnv, range: BarrierFact['range']): string {
  const at = (uri: string, r: BarrierFact['range']) => `${uri}@${r.startLine}:${r.startColumn}`;
  return [...env.stack.map((f) => at(f.callUri, f.callRange)), at(env.currentUri(), range)].join('>');
}

/**
 * A ResourceBarrier call on a batch container, or a Barrier group (index `gi`) pointing at one: the barriers added to
 * it (on this path) are recorded here, in the order they were added; their notes point at the additions. What paths
 * added differently becomes unknown.
 */
export function submitBatch(container: ResourceRef, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], gi: number | null = null, keeps = false): void {
  const key = substituteRef(container, env.binding).key;
  const batch = key ? state.batches.get(key) : undefined;
  if (!key || !batch) return;
  if (gi === null && env.reporting && batch.items.length > 1) {
    const ctx = env.context(callRange, list);
    const items = batch.items.filter((p) => !p.quiet);
    for (const h of env.hooks) h.batchSubmit?.(items, ctx);
  }
  batch.items.forEach((p, bi) => {
    const reporting = env.reporting;
    if (p.quiet) env.reporting = false;
    try {
      recheckAtSubmit(p.raw, p.barrier, env, callRange, { group: gi, index: bi, listType: list.type });
      if (gi === null) legacy(p.barrier, state, env, list, callRange, bi, p.note);
      else enhanced(p.barrier, state, env, list, callRange, gi, bi, p.note);
    } finally {
      env.reporting = reporting;
    }
  });
  for (const k of batch.mixed ?? []) forget(state, k);
  if (batch.unreadable) (gi === null ? forgetAllLegacy : forgetAllEnhanced)(state);
  state.own('batches').delete(key);
  // A const submit leaves the container as it was: a later reversal of it turns these barriers around.
  if (keeps && !batch.mixed?.length && !batch.unreadable) state.own('batches').set(key, { items: [], submitted: [...(batch.submitted ?? []), ...batch.items] });
}

/**
 * The batch after its transitions are reversed (`ReverseTransitions()`): what it holds — submitted by a const submit
 * and still pending — becomes pending again with StateBefore and StateAfter exchanged, checked at the next submit.
 */
export function reversedBatch(b: Batch): Batch {
  const swap = (f: BarrierFact): BarrierFact => ('StateBefore' in f.fields && 'StateAfter' in f.fields
    ? { ...f, fields: { ...f.fields, StateBefore: f.fields.StateAfter, StateAfter: f.fields.StateBefore } } : f);
  const items = [...(b.submitted ?? []), ...b.items].map(({ quiet: _q, ...p }) => ({ ...p, raw: swap(p.raw), barrier: swap(p.barrier) }));
  return { items, ...(b.mixed ? { mixed: b.mixed } : {}), ...(b.unreadable ? { unreadable: true } : {}) };
}
