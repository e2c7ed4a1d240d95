// sequential-barrier-sync — eb-rules.md EB-SYNC-07 / EB-SEQ-01 / EB-SYNC-05 (EB § Sequential Barriers,
// § D3D12_BARRIER_SYNC_NONE). A barrier on a subresource that already had a barrier in the same
// ExecuteCommandLists scope must wait for (SyncBefore ⊇) the scopes the previous barrier unblocked (its SyncAfter):
// otherwise work the previous barrier let start can still be running when this one transitions the resource.
// SyncBefore NONE claims there was no earlier work at all, which the previous barrier contradicts.
import { expandSync } from '../model/sync-access';
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, known, resourceName } from './support/rule-helpers';
import { compareTracked, inListScope, pathNote, relatedFor } from './support/tracked-helpers';

const SPLIT = 0x80000000;

export const rule = defineRule({
  meta: {
    id: 'sequential-barrier-sync',
    description: "A barrier's SyncBefore does not cover the previous barrier's SyncAfter on the same resource.",
    defaultSeverity: 'warning',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-07', 'EB-SEQ-01', 'EB-SYNC-05'],
    messages: {
      cover: "SyncBefore bits {{before}} on '{{name}}' do not cover SyncAfter bits {{previous}} of the previous barrier on it{{note}}.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const before = known(b.fields.SyncBefore);
          if (before === undefined || (before & SPLIT)) return;
          const mine = expandSync(before);
          const c = compareTracked(inListScope(meeting.met.syncAfter, tctx.list), (prev) => prev === 0 || (prev & SPLIT) !== 0
            || (expandSync(prev) & ~mine & ~0x1) === 0 && (before !== 0 || prev === 0) || (mine & 0x1) !== 0);
          if (!c.severity) return;
          ctx.report({
            messageKey: 'cover', severity: 'warning',
            data: { before: fmt('sync', before), name: resourceName(b), previous: c.mismatches.map(([v]) => fmt('sync', v)).join(' or '), note: pathNote(c, (v) => fmt('sync', v)) },
            range: tctx.range, related: relatedFor(tctx, c), resource: resourceName(b), fingerprintText: `seq|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
