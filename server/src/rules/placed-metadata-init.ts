// placed-metadata-init — eb-rules.md EB-DISCARD-03 / EB-ALIAS-02 (EB § Placed Resource Metadata Initialization).
// A placed (possibly aliased) or reserved texture moving from UNDEFINED into a compressible layout (RENDER_TARGET,
// DEPTH_STENCIL_WRITE, UNORDERED_ACCESS) has uninitialised compression metadata: the barrier should carry
// D3D12_TEXTURE_BARRIER_FLAG_DISCARD, or the texture must be fully cleared/copied/discarded before its first use.
// Clears go through descriptor handles barrierlint does not follow, so this is a warning.
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, known, resourceName } from './support/rule-helpers';

const UNDEFINED = 0xffffffff;
const COMPRESSIBLE = new Set([2, 3, 4, 20, 26]);

export const rule = defineRule({
  meta: {
    id: 'placed-metadata-init',
    description: 'A placed texture activated into a compressible layout without DISCARD.',
    defaultSeverity: 'warning',
    messageId: 'RENDER_TARGET_OR_DEPTH_STENCIL_RESOUCE_NOT_INITIALIZED', messageNumber: 1422, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-DISCARD-03', 'EB-ALIAS-02'],
    messages: { init: "Placed texture '{{name}}' moves from D3D12_BARRIER_LAYOUT_UNDEFINED to {{layout}} without D3D12_TEXTURE_BARRIER_FLAG_DISCARD: its compression metadata is uninitialised unless it is fully cleared, copied or discarded before use." },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          const c = meeting?.resource?.creation;
          if (b.kind !== 'texture' || !c || !/Placed|Reserved/.test(c.api) || c.dimension === 'buffer') return;
          const lb = known(b.fields.LayoutBefore);
          const la = known(b.fields.LayoutAfter);
          const flags = known(b.fields.Flags);
          if (lb !== UNDEFINED || la === undefined || !COMPRESSIBLE.has(la) || flags === undefined || (flags & 1)) return;
          ctx.report({
            messageKey: 'init', data: { name: resourceName(b), layout: fmt('layout', la) }, range: tctx.range,
            related: [...tctx.related, { uri: meeting!.resource!.uri, range: c.resource.range, message: `'${c.resource.text}' was placed here` }],
            resource: resourceName(b), fingerprintText: `meta|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
