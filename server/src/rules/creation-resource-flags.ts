// creation-resource-flags — eb-rules.md EB-FLAGS-05, EB-FLAGS-06 (RF; EB § D3D12_RESOURCE_FLAG_RAYTRACING_
// ACCELERATION_STRUCTURE). Resource-flag combinations the runtime rejects at creation: an acceleration-structure
// buffer must also allow unordered access (observed #599 CREATERESOURCE_INVALIDMISCFLAGS), and
// ALLOW_SIMULTANEOUS_ACCESS is invalid on buffers (already simultaneous), on multisampled textures and together
// with ALLOW_DEPTH_STENCIL. These flags decide which state model (layouts or simultaneous access) the resource
// follows, so the tracker would otherwise reason about a resource that cannot exist.
import { defineRule } from './define-rule';

const F = { ALLOW_DEPTH_STENCIL: 0x2, ALLOW_UNORDERED_ACCESS: 0x4, ALLOW_SIMULTANEOUS_ACCESS: 0x20, RTAS: 0x100 };

export const rule = defineRule({
  meta: {
    id: 'creation-resource-flags',
    description: 'Resource flags the runtime rejects at creation (RTAS without ALLOW_UNORDERED_ACCESS, invalid ALLOW_SIMULTANEOUS_ACCESS).',
    defaultSeverity: 'error',
    messageId: 'CREATERESOURCE_INVALIDMISCFLAGS', messageNumber: 599, category: 'STATE_CREATION',
    api: 'ID3D12Device::CreateCommittedResource',
    catalog: ['EB-FLAGS-05', 'EB-FLAGS-06'],
    // NOTE: `_VIEW` is the debug layer's own (errant) spelling of ALLOW_UNORDERED_ACCESS, kept verbatim (E15).
    messages: {
      rtas: 'Resource created with D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE bit set must also set the D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS_VIEW bit.',
      simultaneous: "Resource '{{name}}' cannot be created with D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS {{why}}.",
    },
  },
  create(ctx) {
    return {
      creation(e) {
        const c = e.creation;
        if (c.flags === null || c.swapChain) return;
        // The debug layer names the base interface for every creation method (E15: ID3D12Device::CreatePlacedResource2).
        const base = { range: c.resource.range, resource: c.resource.text, api: `ID3D12Device::${c.api}`, fingerprintText: `cflags|${c.resource.key ?? c.resource.text}|${c.flags}` };
        if ((c.flags & F.RTAS) && !(c.flags & F.ALLOW_UNORDERED_ACCESS)) ctx.report({ ...base, messageKey: 'rtas' });
        if (!(c.flags & F.ALLOW_SIMULTANEOUS_ACCESS)) return;
        const why = c.dimension === 'buffer' ? 'on a buffer (buffers are always simultaneous-access)'
          : (c.flags & F.ALLOW_DEPTH_STENCIL) ? 'together with D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL'
            : (c.sampleCount ?? 1) > 1 ? `on a multisampled texture (SampleCount ${c.sampleCount})` : null;
        if (why) ctx.report({ ...base, messageKey: 'simultaneous', data: { name: c.resource.text, why } });
      },
    };
  },
});
