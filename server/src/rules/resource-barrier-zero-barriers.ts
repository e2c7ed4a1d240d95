// resource-barrier-zero-barriers — eb-rules.md LB-13 (microsoft/DirectX-Graphics-Samples#137, example E9).
// ResourceBarrier(0, ...) records nothing; the debug layer warns, with the exact text of E9. Usually a batch of
// legacy barriers flushed while empty, or a count computed before the array was filled.
import { defineRule } from './define-rule';
import { known, reportOnce } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-zero-barriers',
    description: 'ResourceBarrier() called with NumBarriers 0: a no-op.',
    defaultSeverity: 'warning',
    messageId: 'RESOURCE_BARRIER_ZERO_BARRIERS', messageNumber: 954, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-13'],
    messages: { zero: 'Called with 0 NumBarriers resulting in no-op function call.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      resourceBarrierCall(e) {
        if (known(e.count) !== 0) return;
        report({ messageKey: 'zero', range: e.count.range, fingerprintText: 'ResourceBarrier(0)' });
      },
    };
  },
});
