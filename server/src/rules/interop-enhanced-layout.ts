// interop-enhanced-layout — eb-rules.md EB-INTEROP-02 / LB-20 (EB § Interop with legacy ResourceBarrier).
// A texture last transitioned by an enhanced barrier must be put in D3D12_BARRIER_LAYOUT_COMMON (all accesses
// finished) by an enhanced barrier before a legacy ResourceBarrier references it; legacy state validation knows
// nothing of the enhanced layout and would start from the wrong one.
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'interop-enhanced-layout',
    description: 'A legacy ResourceBarrier on a texture whose enhanced layout is not COMMON.',
    defaultSeverity: 'error',
    messageId: 'BARRIER_INTEROP_INVALID_LAYOUT', messageNumber: 1350, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['EB-INTEROP-02', 'LB-20'],
    messages: {
      layout: "Resource '{{name}}' was last transitioned by an enhanced barrier to {{layout}}; it must be in D3D12_BARRIER_LAYOUT_COMMON before a legacy ResourceBarrier.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'legacy-transition') return;
          const { met } = meeting;
          if (met.lastModel !== 'enhanced' || met.layout.unknown || met.layout.values.size === 0) return;
          if (meeting.resource?.creation.dimension === 'buffer') return;
          const values = [...met.layout.values.entries()];
          if (values.some(([v]) => v === 0)) return;
          const [layout, origin] = values[0];
          ctx.report({
            messageKey: 'layout', data: { name: resourceName(b), layout: fmt('layout', layout) },
            range: tctx.range, related: [...tctx.related, { uri: origin.uri, range: origin.range, message: origin.note }],
            resource: resourceName(b), fingerprintText: `interop2|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
