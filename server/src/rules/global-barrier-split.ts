// global-barrier-split — eb-rules.md EB-SYNC-09 / EB-GLOBAL-02 (EB § D3D12_BARRIER_TYPE, § Replacement for Split
// Barriers). A split barrier hands one resource's transition from a begin to a matching end on the same
// subresources; a global barrier names no resource, so there is nothing to match the end against and the driver
// cannot defer it. D3D12_BARRIER_SYNC_SPLIT in a global barrier is invalid (~1333 INCOMPATIBLE_BARRIER_SYNC,
// likely id; message text is barrierlint's, eb-rules.md D.4).
import { SYNC } from '../model/enums';
import { formatSync } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, positionSuffix, reportOnce } from './support/rule-helpers';

const SPLIT = SYNC.SPLIT >>> 0;

export const rule = defineRule({
  meta: {
    id: 'global-barrier-split',
    description: 'Global barriers cannot be split: D3D12_BARRIER_SYNC_SPLIT is not allowed in a global barrier.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-09', 'EB-GLOBAL-02'],
    messages: {
      split: 'Global barriers cannot be split: {{syncField}} ({{sync}}) contains D3D12_BARRIER_SYNC_SPLIT{{position}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'global') return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          if (sync === undefined || (sync & SPLIT) === 0) continue;
          report({
            messageKey: 'split',
            data: { syncField: `Sync${side}`, sync: formatSync(sync), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Sync${side}`),
            fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
