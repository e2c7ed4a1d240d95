// discard-requires-undefined-layout — eb-rules.md EB-DISCARD-01 (EB § D3D12_TEXTURE_BARRIER_FLAG_DISCARD).
// DISCARD tells the driver to initialise the texture's compression metadata instead of preserving its contents;
// it is only defined together with LayoutBefore = UNDEFINED (contents already don't matter). On a barrier that
// transitions out of a real layout the driver would have to both keep and throw away the data. Debug-layer id
// ~1436 TEXTURE_BARRIER_INVALID_FLAGS (likely, not observed); message text is barrierlint's (eb-rules.md D.4).
import { LAYOUT_UNDEFINED, TEXTURE_BARRIER_FLAGS } from '../model/enums';
import { formatLayout } from '../model/messages';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const DISCARD = TEXTURE_BARRIER_FLAGS.DISCARD;

export const rule = defineRule({
  meta: {
    id: 'discard-requires-undefined-layout',
    description: 'D3D12_TEXTURE_BARRIER_FLAG_DISCARD is only allowed when LayoutBefore is UNDEFINED.',
    defaultSeverity: 'error',
    messageId: 'TEXTURE_BARRIER_INVALID_FLAGS', messageNumber: 1436, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-DISCARD-01'],
    messages: {
      discard: 'Flags D3D12_TEXTURE_BARRIER_FLAG_DISCARD requires LayoutBefore D3D12_BARRIER_LAYOUT_UNDEFINED, but LayoutBefore is {{layout}}{{position}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'texture') return;
        const flags = known(b.fields.Flags);
        const before = known(b.fields.LayoutBefore);
        if (flags === undefined || before === undefined || (flags & DISCARD) === 0 || before >>> 0 === LAYOUT_UNDEFINED) return;
        report({
          messageKey: 'discard',
          data: { layout: formatLayout(before), position: positionSuffix(b, pos) },
          range: fieldRange(b, 'Flags', 'LayoutBefore'),
          resource: resourceName(b), fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
