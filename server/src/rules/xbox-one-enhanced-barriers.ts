// xbox-one-enhanced-barriers — xbox-platform.md § intro and § 2 (EBX first paragraph: "Durango does not support
// this feature"). Xbox One has no enhanced barriers: ID3D12GraphicsCommandList7::Barrier and the resource
// creation calls taking an initial D3D12_BARRIER_LAYOUT (CreateCommittedResource3, CreatePlacedResource2,
// CreateReservedResource2) do not exist there. Code shared with Xbox Series must keep a legacy path for Xbox One.
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'xbox-one-enhanced-barriers',
    description: 'Enhanced barriers (Barrier() calls, creation with an initial layout) do not exist on Xbox One.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-one'],
    messages: {
      barrier: 'ID3D12GraphicsCommandList7::Barrier: enhanced barriers are not supported on Xbox One; record '
        + 'ResourceBarrier (legacy transition/UAV/aliasing barriers) for this generation.',
      creation: '{{api}} takes an initial D3D12_BARRIER_LAYOUT: enhanced barriers are not supported on Xbox One; '
        + 'create the resource with an initial D3D12_RESOURCE_STATES (CreateCommittedResource, CreatePlacedResource, '
        + 'CreateReservedResource).',
    },
  },
  create(ctx) {
    return {
      barrierCall(e, listType) {
        ctx.report({ messageKey: 'barrier', range: e.range, position: { group: null, index: null, listType },
          fingerprintText: 'Barrier' });
      },
      creation(e) {
        const layout = e.creation.initialLayout;
        if (!layout) return;
        ctx.report({ messageKey: 'creation', data: { api: e.creation.api }, range: layout.range,
          resource: e.creation.resource.text, fingerprintText: `${e.creation.api}|${e.creation.resource.key ?? ''}` });
      },
    };
  },
});
