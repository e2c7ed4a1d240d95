// split-barrier-mismatch — eb-rules.md EB-SPLIT-02/03, LB-12 (EB § Split Barriers; RB § Split Barriers).
// Between a begin-split and its end only the matching end barrier may reference the resource, and the end must
// repeat the begin's layouts/accesses (enhanced) or states (legacy). Any other barrier on the resource in between
// races with the transition in flight.
import type { BarrierFact } from '../extract/facts';
import type { PendingSplit } from '../track/state';
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

const SPLIT = 0x80000000;
const ENHANCED_KEYS = ['LayoutBefore', 'LayoutAfter', 'AccessBefore', 'AccessAfter'];
const LEGACY_KEYS = ['StateBefore', 'StateAfter'];

function differs(b: BarrierFact, begin: BarrierFact, keys: string[]): string[] {
  return keys.filter((k) => {
    const x = known(b.fields[k]);
    const y = known(begin.fields[k]);
    return x !== undefined && y !== undefined && x !== y;
  });
}

export const rule = defineRule({
  meta: {
    id: 'split-barrier-mismatch',
    description: 'A barrier between a begin-split and its end that is not the matching end barrier.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_MISMATCHING_BEGIN_END', messageNumber: 957, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['EB-SPLIT-02', 'EB-SPLIT-03', 'LB-12'],
    messages: {
      mismatch: "End split barrier on resource '{{name}}' does not match its begin barrier: {{fields}} differ.",
      interrupt: "Barrier on resource '{{name}}' while a split barrier on it is pending; only the matching end barrier may reference it.",
    },
  },
  create(ctx) {
    const check = (b: BarrierFact, pending: PendingSplit | null, isEnd: boolean, tctx: import('../track/visitors').TrackContext) => {
      if (!pending) return;
      const related = [...tctx.related, { uri: pending.origin.uri, range: pending.origin.range, message: pending.origin.note }];
      const base = { range: tctx.range, related, resource: resourceName(b), fingerprintText: `split|${fingerprintOf(b)}` };
      if (!isEnd) {
        ctx.report({ ...base, messageKey: 'interrupt', data: { name: resourceName(b) } });
        return;
      }
      const fields = differs(b, pending.barrier, pending.legacy ? LEGACY_KEYS : ENHANCED_KEYS);
      if (fields.length) ctx.report({ ...base, messageKey: 'mismatch', data: { name: resourceName(b), fields: fields.join(', ') } });
    };
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting) return;
          const sb = known(b.fields.SyncBefore);
          check(b, meeting.met.split, sb !== undefined && (sb & SPLIT) !== 0, tctx);
        },
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'legacy-transition') return;
          const flags = known(b.fields.Flags) ?? 0;
          check(b, meeting.met.split, (flags & 2) !== 0, tctx);
        },
      },
    };
  },
});
