// parse-problem — a barrier statement that does not parse (half-typed code in an editor, a macro the grammar
// cannot see through). Extraction recovers what it can; this says where barriers may have been missed.
// Parse errors away from barrier code are not barrierlint's business and stay silent.
import { defineRule } from './define-rule';

/**
 * Barrier code: a barrier call (`->ResourceBarrier(`, `->Barrier(`, `ID3D12GraphicsCommandList7_Barrier(`), a barrier
 * struct or d3dx12 barrier helper, a barrier member, a state / sync / access / layout value. Not names that merely
 * contain the word (`BarrierBatcher`, `hasEnhancedResourceBarriers`, `glMemoryBarrierByRegion`, an
 * `ID3D12CommandListFenceBarriers` guard macro), the `D3D12_RESOURCE_STATES` type in a prototype, or a
 * `CD3DX12_CPU_DESCRIPTOR_HANDLE`: vendored SDK headers and engine code are full of them, and they hide no barrier.
 */
const BARRIER_TEXT = /(?:\b|_)(?:Resource)?Barrier\s*\(|\bD3D12_(?:BARRIER|RESOURCE_STATE)_|\bD3D12_(?:RESOURCE|TEXTURE|BUFFER|GLOBAL)_BARRIER\b|\bCD3DX12_\w*BARRIER|\b(?:State|Layout|Sync|Access)(?:Before|After)\b|\.Transition\b/;

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
