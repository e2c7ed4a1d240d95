// access-before-mismatch — eb-rules.md EB-ACCESS-06 / EB-SEQ-03 (EB § Barrier API Call Validation: "LayoutBefore
// and AccessBefore match known or assumed ..."). AccessBefore must describe how the resource was accessed since the
// previous barrier in the same ExecuteCommandLists scope: the previous barrier's AccessAfter. An AccessBefore bit
// the resource was not made accessible as flushes a cache that was never written — and leaves the real one alone.
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, known, resourceName } from './support/rule-helpers';
import { compareTracked, inListScope, focusOn, pathNote, relatedFor } from './support/tracked-helpers';

const NO_ACCESS = 0x80000000;
const SPLIT = 0x80000000;

export const rule = defineRule({
  meta: {
    id: 'access-before-mismatch',
    description: "A barrier's AccessBefore names accesses the previous barrier did not grant.",
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_ACCESS', messageNumber: 1332, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-06', 'EB-SEQ-03'],
    messages: {
      mismatch: "AccessBefore bits {{before}} on '{{name}}' do not match the access granted by the previous barrier ({{expected}}){{note}}.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const before = known(b.fields.AccessBefore);
          const syncBefore = known(b.fields.SyncBefore);
          // COMMON (0) means "any layout-compatible access"; NO_ACCESS is deactivation's business; split ends repeat the begin.
          if (before === undefined || before === 0 || before === NO_ACCESS || (syncBefore !== undefined && (syncBefore & SPLIT))) return;
          const c = compareTracked(inListScope(meeting.met.access, tctx.list), (v) => v === 0 || (before & ~v) === 0);
          if (!c.severity) return;
          ctx.report({
            messageKey: 'mismatch', severity: c.severity,
            data: { before: fmt('access', before), name: resourceName(b), expected: c.mismatches.map(([v]) => fmt('access', v)).join(' or '), note: pathNote(c, (v) => fmt('access', v)) },
            range: tctx.range, focus: focusOn(b.fields.AccessBefore, tctx), related: relatedFor(tctx, c), resource: resourceName(b), fingerprintText: `access|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
