// split-barrier-unmatched-end — eb-rules.md EB-SPLIT-01 / LB-12 (EB § Split Barriers; RB § Split Barriers).
// An end barrier (SyncBefore = SPLIT, or legacy END_ONLY) with no begin barrier pending on that resource: the
// driver has no transition in flight to complete. Reported only when the resource's history in the analysed code
// is known (a begin in another function, or before a helper we could not see, stays silent).
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

const SPLIT = 0x80000000;

export const rule = defineRule({
  meta: {
    id: 'split-barrier-unmatched-end',
    description: 'An end-split barrier without a matching begin-split barrier.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_UNMATCHED_END', messageNumber: 534, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['EB-SPLIT-01', 'LB-12'],
    messages: {
      end: "End-only split barrier on resource '{{name}}' has no matching begin-only barrier{{since}}.",
    },
  },
  create(ctx) {
    const report = (b: Parameters<typeof resourceName>[0], range: import('../types').Range, related: import('../types').RelatedLocation[], since: string) =>
      ctx.report({ messageKey: 'end', data: { name: resourceName(b), since }, range, related, resource: resourceName(b), fingerprintText: `split-end|${fingerprintOf(b)}` });
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          const sb = known(b.fields.SyncBefore);
          if (!meeting || sb === undefined || (sb & SPLIT) === 0 || meeting.met.split) return;
          const last = lastSet(meeting.met);
          if (!last) return;
          report(b, tctx.range, [...tctx.related, { uri: last.uri, range: last.range, message: last.note }], ' (the last barrier on it was not a begin-split barrier)');
        },
        legacyBarrier(b, meeting, tctx) {
          const flags = known(b.fields.Flags);
          if (!meeting || flags === undefined || (flags & 2) === 0 || meeting.met.split) return;
          const last = lastSet(meeting.met);
          if (!last) return;
          report(b, tctx.range, [...tctx.related, { uri: last.uri, range: last.range, message: last.note }], ' (the last barrier on it was not BEGIN_ONLY)');
        },
      },
    };
  },
});

/** Where the resource's current state was set, when it is known and not an assumption. */
function lastSet(met: import('../track/state').ResState): import('../track/state').Origin | undefined {
  for (const p of [met.layout, met.legacy, met.access]) {
    if (p.unknown || p.values.size !== 1) continue;
    const o = [...p.values.values()][0];
    if (!o.assumed) return o;
  }
  return undefined;
}
