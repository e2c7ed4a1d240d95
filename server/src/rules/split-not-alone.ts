// split-not-alone — eb-rules.md EB-SYNC-12 (EB § Split Barriers, § D3D12_BARRIER_SYNC_SPLIT).
// The spec defines D3D12_BARRIER_SYNC_SPLIT as the whole SyncAfter of a begin-split barrier and the whole
// SyncBefore of the matching end. OR-ed with real scopes the intent is unclear: a begin that also blocks
// PIXEL_SHADING is not deferred, an end that also waits on COPY waits twice. Drivers may treat the value either
// way. Lint: no debug-layer message is documented. Global barriers are global-barrier-split's case.
import { SYNC } from '../model/enums';
import { formatSync } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const SPLIT = SYNC.SPLIT >>> 0;

export const rule = defineRule({
  meta: {
    id: 'split-not-alone',
    description: 'D3D12_BARRIER_SYNC_SPLIT should be the only bit of the SyncAfter (begin) or SyncBefore (end) it appears in.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-12'],
    messages: {
      combined: '{{syncField}} ({{sync}}) combines D3D12_BARRIER_SYNC_SPLIT with other sync bits{{position}}; SPLIT should be the whole {{syncField}} of the {{half}} of a split barrier.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'texture' && b.kind !== 'buffer') return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          if (sync === undefined || (sync & SPLIT) === 0 || sync >>> 0 === SPLIT) continue;
          report({
            messageKey: 'combined',
            data: {
              syncField: `Sync${side}`, sync: formatSync(sync), half: side === 'After' ? 'begin' : 'end',
              position: positionSuffix(b, pos),
            },
            range: fieldRange(b, `Sync${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
