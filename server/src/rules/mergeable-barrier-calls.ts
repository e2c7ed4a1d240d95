// mergeable-barrier-calls — performance advice (eb-rules.md C.1, EB-CALL-07; issue 3 "back-to-back barrier calls
// that could be one"). Each Barrier/ResourceBarrier call is a separate batch for the driver: it waits for the work
// in its SyncBefore/StateBefore scopes and flushes caches per call. Two calls on the same list with nothing recorded
// between them can be one call — the barriers keep their order (call, then group, then index) — and the driver then
// waits once and combines the flushes. Adjacency comes from the runner (run-rules.ts previousBarrierCalls).
import type { BarrierCallEvent, ResourceBarrierCallEvent } from '../extract/facts';
import { ACCESS } from '../model/enums';
import type { CommandListType } from '../types';
import type { PlacedBarrier } from './support/call-helpers';
import { submittedBarriers } from './support/call-helpers';
import { defineRule } from './define-rule';
import { known } from './support/rule-helpers';

type Call = BarrierCallEvent | ResourceBarrierCallEvent;
const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;

const resourcesOf = (placed: PlacedBarrier[]): Set<string> =>
  new Set(placed.flatMap((p) => [p.b.resource?.key, p.b.resourceAfter?.key]).filter((k): k is string => !!k));

/**
 * Calls whose order matters beyond what one call preserves: a resource deactivated (AccessAfter NO_ACCESS) in the
 * first call and another activated (AccessBefore NO_ACCESS) in the second is the aliasing hand-over, which must not
 * be batched (EB-SEQ-05: no ordering between barriers on different subresources of one call); legacy aliasing
 * barriers likewise. Barriers on the same resource in both calls are sequential barriers, not a batch to merge.
 */
function mustStaySeparate(first: PlacedBarrier[], second: PlacedBarrier[]): boolean {
  if ([...first, ...second].some((p) => p.b.kind === 'legacy-aliasing')) return true;
  const deactivates = first.some((p) => known(p.b.fields.AccessAfter) === NO_ACCESS);
  const activates = second.some((p) => known(p.b.fields.AccessBefore) === NO_ACCESS);
  if (deactivates && activates) return true;
  const earlier = resourcesOf(first);
  return [...resourcesOf(second)].some((k) => earlier.has(k));
}

export const rule = defineRule({
  meta: {
    id: 'mergeable-barrier-calls',
    description: 'Two barrier calls on the same command list with nothing recorded between them could be one call.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    catalog: ['EB-CALL-07'],
    messages: {
      merge: "{{api}} calls on '{{list}}' follow each other with nothing recorded in between; pass their {{what}} in one call so the driver waits once and combines the cache flushes.",
    },
  },
  create(ctx) {
    // Calls that directly follow a mergeable call: a run of N calls is reported once, at its second call.
    const followers = new Set<Call>();
    const visit = (e: Call, listType: CommandListType | null, prev: Call | undefined): void => {
      // A call of a submit helper (`FlushOne(cl, b)`) is the code's own structure, not two API calls to merge.
      if (!prev || listType === 'bundle' || e.helper || prev.helper) return;
      const first = submittedBarriers(prev);
      const second = submittedBarriers(e);
      if (!first?.length || !second?.length || mustStaySeparate(first, second)) return;
      const reported = followers.has(prev);
      followers.add(e);
      if (reported) return;
      const enhanced = e.kind === 'barrier-call';
      const api = enhanced ? 'Barrier' : 'ResourceBarrier';
      ctx.report({
        messageKey: 'merge',
        data: { api, list: e.list!.text.replace(/\s+/g, ' '), what: enhanced ? 'barrier groups' : 'barriers' },
        range: e.range,
        related: [{ uri: ctx.uri, range: prev.range, message: `the previous ${api} call on '${e.list!.text}'` }],
        fingerprintText: `merge|${api}|${e.list!.key}|${second.map((p) => p.b.resource?.key ?? '-').join(',')}`,
        position: { group: null, index: null, listType },
      });
    };
    return {
      barrierCall: visit,
      resourceBarrierCall: visit,
    };
  },
});
