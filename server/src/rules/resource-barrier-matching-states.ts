// resource-barrier-matching-states — eb-rules.md LB-05 (RBAPI § Runtime validation; intel/xess#47, example E6).
// A legacy transition whose StateBefore equals StateAfter changes nothing, and the runtime rejects it: Close()
// fails. The usual intent is a UAV→UAV dependency, which needs a UAV barrier instead. Message is the debug
// layer's own text (E6, #525 RESOURCE_BARRIER_MATCHING_STATES).
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, isLegacyTransition, known, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-matching-states',
    description: 'A legacy transition barrier must have different StateBefore and StateAfter.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_MATCHING_STATES', messageNumber: 525, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-05'],
    messages: { matching: 'Before and after states must be different.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b) {
        if (!isLegacyTransition(b)) return;
        const before = known(b.fields.StateBefore);
        const after = known(b.fields.StateAfter);
        if (before === undefined || after === undefined || before >>> 0 !== after >>> 0) return;
        report({
          messageKey: 'matching', range: fieldRange(b, 'StateAfter', 'StateBefore'),
          resource: resourceName(b), fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
