// resource-barrier-zero-barriers — eb-rules.md LB-13 (microsoft/DirectX-Graphics-Samples#137, example E9).
// ResourceBarrier(0, ...) records nothing; the debug layer warns, with the exact text of E9. Usually a batch of
// legacy barriers flushed while empty, or a count computed before the array was filled. A local counter raised only
// under conditions and passed without a test (`UINT n = 0; if (a) b[n++] = …; ResourceBarrier(n, b)`) is 0 on the
// path where no condition holds: the same warning, for that path (extract/count-paths.ts).
import { defineRule } from './define-rule';
import { known, reportOnce } from './support/rule-helpers';
import { reportZeroPath } from './support/zero-count-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-zero-barriers',
    description: 'ResourceBarrier() called with NumBarriers 0: a no-op.',
    defaultSeverity: 'warning',
    messageId: 'RESOURCE_BARRIER_ZERO_BARRIERS', messageNumber: 954, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-13'],
    messages: {
      zero: 'Called with 0 NumBarriers resulting in no-op function call.',
      zeroOnPath: "Called with 0 NumBarriers resulting in no-op function call, on the path where {{conditions}}: '{{counter}}' is still 0 there; test it before the call.",
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      resourceBarrierCall(e) {
        if (e.zeroOnPath) reportZeroPath(ctx, e.zeroOnPath, e.count.range, 'ResourceBarrier');
        if (known(e.count) !== 0) return;
        report({ messageKey: 'zero', range: e.count.range, fingerprintText: 'ResourceBarrier(0)' });
      },
    };
  },
});
