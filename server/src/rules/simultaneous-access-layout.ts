// simultaneous-access-layout — eb-rules.md EB-LAYOUT-10 (EB § Single-Queue Simultaneous Access, § Interop).
// Textures created with ALLOW_SIMULTANEOUS_ACCESS (or ALLOW_CROSS_ADAPTER) have an immutable COMMON layout: a
// texture barrier on them must use COMMON on both sides (or UNDEFINED/UNDEFINED for an access-only barrier).
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, known, resourceName } from './support/rule-helpers';

const SIMULTANEOUS_FLAGS = 0x20 | 0x10;
const UNDEFINED = 0xffffffff;

export const rule = defineRule({
  meta: {
    id: 'simultaneous-access-layout',
    description: 'A layout transition on a simultaneous-access texture, whose layout is always COMMON.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-10'],
    messages: { layout: "'{{name}}' was created with simultaneous access: its layout is always D3D12_BARRIER_LAYOUT_COMMON, but this barrier uses {{layout}}." },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          const c = meeting?.resource?.creation;
          if (b.kind !== 'texture' || !c || c.dimension === 'buffer' || c.flags === null || !(c.flags & SIMULTANEOUS_FLAGS)) return;
          const lb = known(b.fields.LayoutBefore);
          const la = known(b.fields.LayoutAfter);
          if (lb === undefined || la === undefined || (lb === UNDEFINED && la === UNDEFINED)) return;
          const wrong = [lb, la].find((l) => l !== 0 && l !== UNDEFINED);
          if (wrong === undefined) return;
          ctx.report({
            messageKey: 'layout', data: { name: resourceName(b), layout: fmt('layout', wrong) }, range: tctx.range,
            related: [...tctx.related, { uri: meeting!.resource!.uri, range: c.resource.range, message: `'${c.resource.text}' was created here` }],
            resource: resourceName(b), fingerprintText: `simul|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
