// invalid-layout-value — eb-rules.md EB-LAYOUT-01 (EB § D3D12_BARRIER_LAYOUT, § Legacy layouts; header history A.3).
// LayoutBefore/LayoutAfter must be a public D3D12_BARRIER_LAYOUT value (0..31, UNDEFINED). 0x80000000..0x80000003 are
// the runtime's internal LEGACY_* layouts. Value 30, D3D12_BARRIER_LAYOUT_VIDEO_QUEUE_COMMON of the 2021–2025 headers,
// is not reported (the decision is in invalid-layout-value.md); it is a video-queue layout to the other rules. The driver has no arrangement for such a value: the runtime removes the
// command list. Debug-layer id ~1341 UNSUPPORTED_BARRIER_LAYOUT (likely, not observed; text is barrierlint's).
import { RETIRED_LAYOUTS, isValidLayout } from '../model/layouts';
import { formatLayout } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'invalid-layout-value',
    description: 'LayoutBefore/LayoutAfter must be a valid D3D12_BARRIER_LAYOUT (not an internal LEGACY_* layout nor an undeclared value).',
    defaultSeverity: 'error',
    messageId: 'UNSUPPORTED_BARRIER_LAYOUT', messageNumber: 1341, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-01'],
    messages: {
      invalid: '{{layoutField}} ({{value}}){{position}} is not a valid D3D12_BARRIER_LAYOUT{{what}}; the runtime removes the command list.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'texture') return;
        for (const side of SIDES) {
          const layout = known(b.fields[`Layout${side}`]);
          if (layout === undefined || isValidLayout(layout)) continue;
          const retired = RETIRED_LAYOUTS.get(layout >>> 0);
          report({
            messageKey: 'invalid',
            data: {
              layoutField: `Layout${side}`, value: formatLayout(layout), what: retired ? ` (it is ${retired})` : '',
              position: positionSuffix(b, pos),
            },
            range: fieldRange(b, `Layout${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
