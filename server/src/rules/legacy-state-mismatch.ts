// legacy-state-mismatch — eb-rules.md LB-09 (RBAPI § Debug layer; RB). A legacy transition's StateBefore must be
// the subresource's current state: the last StateAfter, the creation InitialState, or (from COMMON) a state the
// resource was implicitly promoted to. A wrong StateBefore makes the driver flush/decompress the wrong way.
import { legacyStateAccepts } from '../model/legacy-states-compat';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';
import { compareTracked, pathNote, relatedFor } from './support/tracked-helpers';

export const rule = defineRule({
  meta: {
    id: 'legacy-state-mismatch',
    description: "A legacy transition's StateBefore differs from the state the resource is in.",
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', messageNumber: 527, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-09', 'LB-10'],
    messages: {
      mismatch: "Before state ({{before}}) of resource ('{{name}}'){{sub}} specified by transition barrier does not match with the {{which}} ({{expected}}){{note}}",
    },
  },
  create(ctx) {
    return {
      tracked: {
        legacyBarrier(b, meeting, tctx) {
          if (b.kind !== 'legacy-transition' || !meeting) return;
          const before = known(b.fields.StateBefore);
          if (before === undefined) return;
          const simultaneous = meeting.resource ? meeting.resource.creation.dimension === 'buffer'
            || ((meeting.resource.creation.flags ?? 0) & 0x30) !== 0 : true;
          const c = compareTracked(meeting.met.legacy, (v) => legacyStateAccepts(v, before, simultaneous));
          if (!c.severity) return;
          const assumed = c.mismatches.some(([, o]) => o.assumed);
          const sub = known(b.fields.Subresource);
          ctx.report({
            messageKey: 'mismatch', severity: c.severity,
            data: {
              before: formatLegacyState(before), name: resourceName(b),
              sub: sub === undefined || sub === 0xffffffff ? '' : ` (subresource: ${sub})`,
              which: assumed ? 'current resource state' : 'state',
              expected: c.mismatches.map(([v]) => formatLegacyState(v)).join(' or '),
              note: (assumed ? ' (assumed at first use)' : ' specified in preceding ResourceBarrier or as InitialState') + pathNote(c, formatLegacyState),
            },
            range: tctx.range, related: relatedFor(tctx, c), resource: resourceName(b), fingerprintText: `legacy|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
