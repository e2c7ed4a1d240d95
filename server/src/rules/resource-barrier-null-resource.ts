// resource-barrier-null-resource — eb-rules.md LB-02 (RBAPI § Runtime validation).
// A legacy transition barrier changes the state of one resource's subresources: Transition.pResource must not be
// null. (UAV and aliasing barriers may be null — "any resource" — and are not reported.) The runtime rejects the
// call and Close() fails. ResourceBarrier(n, NULL) with n > 0 (`_In_reads_(NumBarriers)`) is reported too: the
// runtime reads n barriers through a null pointer. ~520 RESOURCE_BARRIER_NULL_POINTER (likely id; message text is barrierlint's).
import { defineRule } from './define-rule';
import { fingerprintOf, isLegacyTransition, isNullResource, known, positionSuffix, reportOnce } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-null-resource',
    description: 'A legacy transition barrier must name a resource: Transition.pResource must not be null.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_NULL_POINTER', messageNumber: 520, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-02'],
    messages: {
      null: 'Transition.pResource is NULL{{position}}; a transition barrier must name the resource whose state changes.',
      array: 'pBarriers is NULL but NumBarriers is {{count}}; the runtime reads {{count}} barrier(s) through a null pointer.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      resourceBarrierCall(e) {
        const count = known(e.count);
        if (!e.nullArray || count === undefined || count === 0) return;
        report({ messageKey: 'array', data: { count }, range: e.nullArray, fingerprintText: 'ResourceBarrier(n, nullptr)' });
      },
      barrier(b, pos) {
        if (!isLegacyTransition(b) || !isNullResource(b.resource)) return;
        report({
          messageKey: 'null', data: { position: positionSuffix(b, pos) },
          range: b.resource!.range, fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
