// resource-barrier-invalid-type — eb-rules.md LB-01 (RBAPI § Runtime validation). D3D12_RESOURCE_BARRIER::Type must
// be TRANSITION (0), ALIASING (1) or UAV (2); the runtime rejects any other value (Close fails with E_INVALIDARG)
// and the union would be read as the wrong member.
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-invalid-type',
    description: 'D3D12_RESOURCE_BARRIER::Type must be TRANSITION, ALIASING or UAV.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_TYPE', messageNumber: 519, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-01'],
    messages: { type: 'D3D12_RESOURCE_BARRIER_TYPE ({{value}}) is invalid{{position}}; use TRANSITION, ALIASING or UAV.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!b.kind.startsWith('legacy')) return;
        const type = known(b.declaredType);
        if (type === undefined || type === 0 || type === 1 || type === 2) return;
        report({
          messageKey: 'type', data: { value: type, position: positionSuffix(b, pos) },
          range: b.declaredType ? b.declaredType.range : fieldRange(b), resource: resourceName(b), fingerprintText: `ltype|${fingerprintOf(b)}`,
        });
      },
    };
  },
});
