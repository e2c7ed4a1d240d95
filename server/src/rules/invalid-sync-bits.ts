// invalid-sync-bits — eb-rules.md EB-SYNC-01 (EB § D3D12_BARRIER_SYNC; d3d12.h).
// SyncBefore/SyncAfter may only contain D3D12_BARRIER_SYNC bits (mask 0x81F0FFFF). Other bits — a stray numeric
// constant, a cast from an engine enum, a bit from a newer or older header — name no pipeline scope: the driver
// would wait on or block nothing for them, and the debug layer rejects the barrier (~1333 INCOMPATIBLE_BARRIER_SYNC,
// likely id, not observed; message text is barrierlint's, eb-rules.md D.4).
import { SYNC_DEFINED_MASK } from '../model/enums';
import { formatSync } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, hex, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'invalid-sync-bits',
    description: 'SyncBefore/SyncAfter must contain only defined D3D12_BARRIER_SYNC bits.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-01'],
    messages: { undefined: '{{syncField}} ({{value}}) has bits that are not D3D12_BARRIER_SYNC flags ({{bits}}){{position}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          if (sync === undefined) continue;
          const bad = (sync & ~SYNC_DEFINED_MASK) >>> 0;
          if (bad === 0) continue;
          report({
            messageKey: 'undefined',
            data: { syncField: `Sync${side}`, value: formatSync(sync), bits: hex(bad), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Sync${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
