// undefined-layout-access — eb-rules.md EB-LAYOUT-02 (EB § D3D12_BARRIER_LAYOUT_UNDEFINED, § Layout Access
// Compatibility). LayoutBefore = UNDEFINED says the texture's contents are discarded: there is no earlier access
// whose results must be flushed, so AccessBefore must be NO_ACCESS. Likewise LayoutAfter = UNDEFINED leaves the
// texture unusable until the next layout transition, so AccessAfter must be NO_ACCESS. (Both sides UNDEFINED is a
// memory-only barrier and allows any access.) Anything else asks the driver to flush or make visible data in a
// layout that does not exist — the debug layer rejects it (#1331, the E20 wording with LAYOUT_UNDEFINED).
import { ACCESS, LAYOUT_UNDEFINED } from '../model/enums';
import { formatAccess, formatLayout } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, reportOnce, resourceName } from './support/rule-helpers';

const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;

export const rule = defineRule({
  meta: {
    id: 'undefined-layout-access',
    description: 'A texture barrier side whose layout is UNDEFINED (and the other is not) must use ACCESS_NO_ACCESS.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_VALUES', messageNumber: 1331, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-02'],
    messages: { incompatible: '{{accessField}} bits {{access}} are incompatible with {{layoutField}} {{layout}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b) {
        if (b.kind !== 'texture') return;
        const before = known(b.fields.LayoutBefore);
        const after = known(b.fields.LayoutAfter);
        if (before === undefined || after === undefined) return;
        const layouts = { Before: before >>> 0, After: after >>> 0 };
        for (const side of SIDES) {
          const other = side === 'Before' ? layouts.After : layouts.Before;
          if (layouts[side] !== LAYOUT_UNDEFINED || other === LAYOUT_UNDEFINED) continue;
          const access = known(b.fields[`Access${side}`]);
          if (access === undefined || access >>> 0 === NO_ACCESS) continue;
          // NO_ACCESS combined with other bits: name the other bits (no-access-combined reports the mix itself).
          const bad = (access & ~NO_ACCESS) >>> 0;
          report({
            messageKey: 'incompatible',
            data: { accessField: `Access${side}`, access: formatAccess(bad), layoutField: `Layout${side}`, layout: formatLayout(LAYOUT_UNDEFINED) },
            range: fieldRange(b, `Access${side}`, `Layout${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
