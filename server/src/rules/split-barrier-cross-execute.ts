// split-barrier-cross-execute — eb-rules.md EB-SPLIT-05 (EB § Split Barriers; § Barrier API Call Validation:
// "probably a warning"). An enhanced split barrier on a buffer, or on a texture moving to the COMMON layout, must
// end in the same ExecuteCommandLists scope: such resources are flushed and decayed at the boundary, so a split
// left pending at Close() is useless (the debug layer's #1329). Texture splits to other layouts may end in a
// later command list (EB-SPLIT-01) and are split-barrier-unmatched-begin's (#535) when the file ends none.
import { defineRule } from './define-rule';
import { crossExecuteSplit } from './support/split-kinds';

export const rule = defineRule({
  meta: {
    id: 'split-barrier-cross-execute',
    description: 'An enhanced split barrier on a buffer or to the COMMON layout left pending when the command list is closed.',
    defaultSeverity: 'warning',
    messageId: 'UNUSED_CROSS_EXECUTE_SPLIT_BARRIER', messageNumber: 1329, category: 'STATE_SETTING',
    api: 'ID3D12GraphicsCommandList::Close',
    catalog: ['EB-SPLIT-05'],
    messages: {
      pending: "Split barrier on {{what}} '{{name}}' is not ended before the command list is closed: a {{what}} split cannot span ExecuteCommandLists, so it does no work; end it on the same command list, or use one barrier.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        listEnd(pending, tctx) {
          for (const p of pending) {
            const kind = crossExecuteSplit(p);
            if (!kind) continue;
            const name = p.barrier.resource?.text ?? 'unknown';
            ctx.report({
              messageKey: 'pending', data: { name, what: kind === 'buffer' ? 'buffer' : 'COMMON-layout texture' },
              range: tctx.range, related: [...tctx.related, { uri: p.origin.uri, range: p.origin.range, message: p.origin.note }],
              resource: name, fingerprintText: `split-cross|${p.barrier.resource?.key ?? ''}`, barrier: p.barrier,
              position: { group: null, index: null, listType: tctx.listType },
            });
          }
        },
      },
    };
  },
});
