// access-layout-incompatible — eb-rules.md EB-LAYOUT-04 (EB § Layout Access Compatibility, Table C.5.1).
// A texture layout is the physical arrangement (compression, tiling) the hardware needs for a set of accesses:
// RENDER_TARGET permits only render-target writes, SHADER_RESOURCE only shader reads. An AccessBefore the
// LayoutBefore does not permit describes work that cannot have happened in that layout; an AccessAfter the
// LayoutAfter does not permit promises accesses the data will not be arranged for. The debug layer rejects the
// barrier (#1331, wording of eb-rules.md E20). ACCESS_COMMON and NO_ACCESS fit every layout; UNDEFINED layouts
// are undefined-layout-access's job and invalid layout values invalid-layout-value's.
import { LAYOUT_UNDEFINED } from '../model/enums';
import { accessAllowedByLayout } from '../model/layouts';
import { formatAccess, formatLayout } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'access-layout-incompatible',
    description: 'AccessBefore/AccessAfter of a texture barrier must be permitted by LayoutBefore/LayoutAfter.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_VALUES', messageNumber: 1331, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-04'],
    messages: { incompatible: '{{accessField}} bits {{access}} are incompatible with {{layoutField}} {{layout}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b) {
        if (b.kind !== 'texture') return;
        for (const side of SIDES) {
          const layout = known(b.fields[`Layout${side}`]);
          const access = known(b.fields[`Access${side}`]);
          if (layout === undefined || access === undefined || layout >>> 0 === LAYOUT_UNDEFINED) continue;
          // NOTE: COMMON permits RT/UAV/resolve accesses on simultaneous-access textures (C.23 #17). One barrier
          // does not say whether its texture is one, so only bits no COMMON texture permits are reported here.
          const bad = accessAllowedByLayout(layout, access, { simultaneous: true });
          if (bad === 0) continue;
          report({
            messageKey: 'incompatible',
            data: { accessField: `Access${side}`, access: formatAccess(bad), layoutField: `Layout${side}`, layout: formatLayout(layout) },
            range: fieldRange(b, `Access${side}`, `Layout${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
