// parse-problem — a barrier statement that does not parse (half-typed code in an editor, a macro the grammar
// cannot see through). Extraction recovers what it can; this says where barriers may have been missed.
// Parse errors away from barrier code are not barrierlint's business and stay silent.
import { defineRule } from './define-rule';

const BARRIER_TEXT = /Barrier|D3D12_BARRIER|D3D12_RESOURCE_STATE|CD3DX12_|ResourceBarrier/;

export const rule = defineRule({
  meta: {
    id: 'parse-problem',
    description: 'Barrier code that does not parse; barriers in it may be missed.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    messages: { parse: 'this barrier code does not parse ({{detail}}); barriers in it may not be analysed.' },
  },
  create(ctx) {
    return {
      problem(p) {
        if (p.kind !== 'parse-error' || !BARRIER_TEXT.test(p.text)) return;
        ctx.report({ messageKey: 'parse', data: { detail: p.detail }, range: p.range, fingerprintText: p.text });
      },
    };
  },
});
