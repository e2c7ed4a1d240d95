// layout-before-mismatch — eb-rules.md EB-LAYOUT-05 / EB-SEQ-02 / EB-SUBRES-06 (EB § Barrier API Call Validation,
// § Layout Validation). A texture barrier's LayoutBefore must be the subresource's current layout (or UNDEFINED).
// The driver decompresses/recompresses from the layout it is told; a wrong LayoutBefore corrupts the transition.
// The tracked layout comes from creation (InitialLayout, legacy InitialState, swap chain) or from earlier barriers.
import { LAYOUT_UNDEFINED } from '../model/enums';
import type { CommandListType } from '../types';
import { defineRule } from './define-rule';
import { fmt, known, resourceName, fingerprintOf } from './support/rule-helpers';
import { assumedNote, compareTracked, focusOn, pathNote, relatedFor, restsOnHelperChoices } from './support/tracked-helpers';

/** ` using COMPUTE command list` on a list that is not a direct one (E21); nothing on direct or unknown lists. */
function usingList(type: CommandListType | null): string {
  return type && type !== 'direct' ? ` using ${type.toUpperCase().replace('-', '_')} command list` : '';
}

export const rule = defineRule({
  meta: {
    id: 'layout-before-mismatch',
    description: "A texture barrier's LayoutBefore differs from the layout the subresource is in.",
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-05', 'EB-SEQ-02', 'EB-SUBRES-06'],
    messages: {
      // E22's shape; on a compute/copy list the debug layer adds the list type (E21: "using COMPUTE command list").
      mismatch: "Barrier layout({{before}}), pResource = '{{name}}', does not match expected layout ({{expected}}){{list}}{{note}}.",
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
            if (!c.severity || restsOnHelperChoices(c, part.met.layout, tctx)) continue;
            const expected = c.mismatches.map(([v]) => fmt('layout', v)).join(' or ');
            ctx.report({
              messageKey: 'mismatch', severity: c.severity,
              data: { before: fmt('layout', lb), name: resourceName(b), expected, list: usingList(tctx.listType), note: pathNote(c, (v) => fmt('layout', v)) + assumedNote(c) },
              range: tctx.range, focus: focusOn(b.fields.LayoutBefore, tctx), related: relatedFor(tctx, c), resource: resourceName(b),
              fingerprintText: `layout|${fingerprintOf(b)}`,
            });
            return;
          }
        },
      },
    };
  },
});
