// sync-none-access-mismatch — eb-rules.md EB-SYNC-03/04 (EB § Synchronization, § D3D12_BARRIER_SYNC_NONE).
// SyncBefore NONE says "no preceding work to wait for", so there can be no preceding accesses to flush:
// AccessBefore must be NO_ACCESS (likewise SyncAfter NONE ⇒ AccessAfter NO_ACCESS). Otherwise the driver is told
// to flush caches for work it was told not to wait on — the debug layer rejects the barrier (#1331).
import { ACCESS } from '../model/enums';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, fmt, isEnhanced, known, positionSuffix, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'sync-none-access-mismatch',
    description: 'SyncBefore/SyncAfter NONE must be paired with AccessBefore/AccessAfter NO_ACCESS.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_VALUES', messageNumber: 1331, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-03', 'EB-SYNC-04'],
    messages: { incompatible: '{{syncField}} bits {{sync}} are incompatible with {{accessField}} bits {{access}}{{position}}.' },
  },
  create(ctx) {
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of ['Before', 'After'] as const) {
          const sync = known(b.fields[`Sync${side}`]);
          const access = known(b.fields[`Access${side}`]);
          if (sync !== 0 || access === undefined || access === ACCESS.NO_ACCESS) continue;
          ctx.report({
            messageKey: 'incompatible',
            data: { syncField: `Sync${side}`, sync: fmt('sync', 0), accessField: `Access${side}`, access: fmt('access', access), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Access${side}`, `Sync${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`, barrier: b, position: pos,
          });
        }
      },
    };
  },
});
