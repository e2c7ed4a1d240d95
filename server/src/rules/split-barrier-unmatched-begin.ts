// split-barrier-unmatched-begin — eb-rules.md EB-SPLIT-07 / LB-12 (RB § Split Barriers).
// A command list closed while a begin-split barrier is still pending: the transition never completes in this
// list, and the resource cannot be used. Reported at the Close() that ends the list.
import { defineRule } from './define-rule';
import { crossExecuteSplit } from './support/split-kinds';

export const rule = defineRule({
  meta: {
    id: 'split-barrier-unmatched-begin',
    description: 'A command list is closed with a begin-split barrier that never ended.',
    defaultSeverity: 'warning',
    messageId: 'RESOURCE_BARRIER_UNMATCHED_BEGIN', messageNumber: 535, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12GraphicsCommandList::Close',
    catalog: ['EB-SPLIT-07', 'LB-12'],
    messages: { begin: "Begin split barrier on resource '{{name}}' has no matching end barrier before the command list is closed." },
  },
  create(ctx) {
    return {
      tracked: {
        listEnd(pending, tctx) {
          // Buffer and COMMON-layout splits are #1329 (split-barrier-cross-execute).
          for (const p of pending.filter((x) => !crossExecuteSplit(x))) {
            const name = p.barrier.resource?.text ?? 'unknown';
            ctx.report({
              messageKey: 'begin', data: { name }, range: tctx.range,
              related: [...tctx.related, { uri: p.origin.uri, range: p.origin.range, message: p.origin.note }],
              resource: name, fingerprintText: `split-begin|${p.barrier.resource?.key ?? ''}`,
            });
          }
        },
      },
    };
  },
});
