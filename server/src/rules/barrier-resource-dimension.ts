// barrier-resource-dimension — eb-rules.md EB-TEX-02, EB-BUF-02 (EB § Barrier API Call Validation: "barrier type
// matches resource type"). A texture barrier must name a texture and a buffer barrier a buffer; the driver would
// otherwise apply layout/compression logic to memory that has none (or skip it where it is needed).
// Needs the resource's creation in the analysed code; otherwise silent.
import { defineRule } from './define-rule';
import { fingerprintOf, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'barrier-resource-dimension',
    description: 'A texture barrier on a buffer, or a buffer barrier on a texture.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_RESOURCE_DIMENSION', messageNumber: 1337, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-TEX-02', 'EB-BUF-02'],
    messages: {
      dimension: "{{kind}} barrier used with resource '{{name}}' of dimension {{dimension}}; use a {{want}} barrier.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          const dim = meeting?.resource?.creation.dimension;
          if (!meeting || !dim || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const isBuffer = dim === 'buffer';
          if ((b.kind === 'texture') !== isBuffer) return;
          const c = meeting.resource!;
          ctx.report({
            messageKey: 'dimension',
            data: {
              kind: b.kind === 'texture' ? 'Texture' : 'Buffer', name: resourceName(b),
              dimension: `D3D12_RESOURCE_DIMENSION_${dim.toUpperCase()}`, want: isBuffer ? 'buffer' : 'texture',
            },
            range: tctx.range, related: [...tctx.related, { uri: c.uri, range: c.creation.resource.range, message: `'${c.creation.resource.text}' was created here` }],
            resource: resourceName(b), fingerprintText: `dim|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
