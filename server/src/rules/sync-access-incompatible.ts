// sync-access-incompatible — eb-rules.md EB-SYNC-ACCESS-01..03 (EB § Access Bits Barrier Sync Compatibility,
// Table C.4.1 with the aggregate expansion of A.1.1).
// Every access bit on a side must be reachable from that side's sync scope: AccessBefore names caches the GPU
// must flush after the work SyncBefore waits for, AccessAfter names caches to invalidate before the work SyncAfter
// blocks. Accesses no scope covers (COPY_DEST with PIXEL_SHADING) leave writes unflushed or reads stale — the
// debug layer rejects the barrier (#1331). Aggregates count as their parts (DRAW covers RENDER_TARGET,
// NON_PIXEL_SHADING covers COMPUTE_SHADING). SyncX = NONE is left to sync-none-access-mismatch, a SPLIT side is
// not checked, and undefined sync bits are left to invalid-sync-bits.
import { SYNC_DEFINED_MASK } from '../model/enums';
import { formatAccess, formatSync } from '../model/messages';
import { incompatibleAccessBits, isSyncNone } from '../model/sync-access';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'sync-access-incompatible',
    description: 'Each access bit of a barrier side must be compatible with at least one (expanded) sync bit of that side.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_VALUES', messageNumber: 1331, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-ACCESS-01', 'EB-SYNC-ACCESS-02', 'EB-SYNC-ACCESS-03'],
    messages: { incompatible: '{{syncField}} bits {{sync}} are incompatible with {{accessField}} bits {{access}}{{position}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          const access = known(b.fields[`Access${side}`]);
          if (sync === undefined || access === undefined || isSyncNone(sync)) continue;
          if ((sync & SYNC_DEFINED_MASK) === 0) continue;
          const bad = incompatibleAccessBits(sync, access);
          if (bad === 0) continue;
          report({
            messageKey: 'incompatible',
            data: {
              syncField: `Sync${side}`, sync: formatSync(sync), accessField: `Access${side}`, access: formatAccess(bad),
              position: positionSuffix(b, pos),
            },
            range: fieldRange(b, `Access${side}`, `Sync${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
