// sync-access-strict — eb-rules.md EB-SYNC-ACCESS-04, EB-SYNC-ACCESS-05 (EB § D3D12_BARRIER_SYNC_* "Access types in
// this scope are limited to"). The converse of sync-access-incompatible: each non-aggregate sync bit of a barrier
// side should cover at least one access of that side. A sync bit whose scope touches none of the accesses makes
// the GPU wait for (or block) a pipeline stage that has nothing to do with this resource: a needless stall.
// BUILD/COPY_RAYTRACING_ACCELERATION_STRUCTURE without an RTAS (or build-input SRV) access is the EB-SYNC-ACCESS-05
// case. The spec's per-sync lists contain known errors (eb-rules.md C.23 #1-#3), corrected in model/sync-access.ts.
import { formatAccess, formatSync } from '../model/messages';
import { ACCESS_DEFINED_MASK } from '../model/enums';
import { incompatibleAccessBits, isSyncNone, syncBitsWithoutAccess, SYNC_SPLIT } from '../model/sync-access';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName, SIDES } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'sync-access-strict',
    description: 'A sync bit of a barrier side whose scope covers none of that side\'s accesses (a needless stall).',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-ACCESS-04', 'EB-SYNC-ACCESS-05'],
    messages: { scope: '{{syncField}} bits {{sync}} cover none of {{accessField}} bits {{access}}{{position}}; the barrier waits for or blocks work that does not touch the resource.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          const access = known(b.fields[`Access${side}`]);
          if (sync === undefined || access === undefined || isSyncNone(sync) || (sync & SYNC_SPLIT) !== 0) continue;
          // An access no sync bit allows, or an undefined access bit, is another rule's error: one report per mistake.
          if ((access & ~ACCESS_DEFINED_MASK) !== 0 || incompatibleAccessBits(sync, access) !== 0) continue;
          const bad = syncBitsWithoutAccess(sync, access);
          if (bad === 0) continue;
          report({
            messageKey: 'scope',
            data: { syncField: `Sync${side}`, sync: formatSync(bad), accessField: `Access${side}`, access: formatAccess(access), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Sync${side}`, `Access${side}`), resource: resourceName(b), fingerprintText: `strict|${side}|${fingerprintOf(b)}`,
            barrier: b, position: pos,
          });
        }
      },
    };
  },
});
