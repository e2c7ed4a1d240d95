// layout-before-mismatch — eb-rules.md EB-LAYOUT-05 / EB-SEQ-02 / EB-SUBRES-06 (EB § Barrier API Call Validation,
// § Layout Validation). A texture barrier's LayoutBefore must be the subresource's current layout (or UNDEFINED).
// The driver decompresses/recompresses from the layout it is told; a wrong LayoutBefore corrupts the transition.
// The tracked layout comes from creation (InitialLayout, legacy InitialState, swap chain) or from earlier barriers.
import { LAYOUT_UNDEFINED } from '../model/enums';
import { defineRule } from './define-rule';
import { fmt, known, resourceName, fingerprintOf } from './support/rule-helpers';
import { assumedNote, compareTracked, pathNote, relatedFor } from './support/tracked-helpers';

export const rule = defineRule({
  meta: {
    id: 'layout-before-mismatch',
    description: "A texture barrier's LayoutBefore differs from the layout the subresource is in.",
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-05', 'EB-SEQ-02', 'EB-SUBRES-06'],
    messages: {
      mismatch: "Barrier layout({{before}}), pResource = '{{name}}', does not match expected layout ({{expected}}){{note}}.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (b.kind !== 'texture' || !meeting) return;
          const lb = known(b.fields.LayoutBefore);
          if (lb === undefined || lb === LAYOUT_UNDEFINED) return;
          for (const part of [{ met: meeting.met }, ...meeting.parts]) {
            const c = compareTracked(part.met.layout, (v) => v === lb);
            if (!c.severity) continue;
            const expected = c.mismatches.map(([v]) => fmt('layout', v)).join(' or ');
            ctx.report({
              messageKey: 'mismatch', severity: c.severity,
              data: { before: fmt('layout', lb), name: resourceName(b), expected, note: pathNote(c, (v) => fmt('layout', v)) + assumedNote(c) },
              range: tctx.range, related: relatedFor(tctx, c), resource: resourceName(b),
              fingerprintText: `layout|${fingerprintOf(b)}`,
            });
            return;
          }
        },
      },
    };
  },
});
