// sync-list-type-incompatible — eb-rules.md EB-SYNC-08, EB-QUEUE-03, EB-COPY-03 (EB § Command Queue Sync
// Compatibility; table C.6.3). A sync bit names pipeline stages the barrier waits for or blocks; a queue type only
// runs some of them (a copy queue runs COPY only, a compute queue no vertex/pixel/depth/render-target/resolve
// stages, a video queue its video stage). Waiting on a stage the queue does not have is meaningless to its
// scheduler — the debug layer rejects the barrier (~1333 INCOMPATIBLE_BARRIER_SYNC, likely id). NONE is legal
// everywhere (C.23 #14); ALL and SPLIT on every list; ALL_SHADING and NON_PIXEL_SHADING on compute lists.
import { disallowedSyncOnList } from '../model/layouts';
import { formatSync } from '../model/messages';
import { checkedListType, listPhraseAt } from './call-helpers';
import { defineRule } from './rule';
import { SIDES, fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'sync-list-type-incompatible',
    description: 'SyncBefore/SyncAfter bits must be supported by the type of the command list recording the barrier.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-08', 'EB-QUEUE-03', 'EB-COPY-03'],
    messages: {
      unsupported: '{{syncField}} bits {{bits}}{{position}} are not supported on {{list}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        const list = checkedListType(pos.listType);
        if (!isEnhanced(b) || !list) return;
        for (const side of SIDES) {
          const sync = known(b.fields[`Sync${side}`]);
          if (sync === undefined) continue;
          // Checked bit by bit as written, without aggregate expansion (C.6.3 note); undefined bits: invalid-sync-bits.
          const bad = disallowedSyncOnList(sync, list);
          if (bad === 0) continue;
          report({
            messageKey: 'unsupported',
            data: { syncField: `Sync${side}`, bits: formatSync(bad), position: positionSuffix(b, pos), list: listPhraseAt(pos, list) },
            range: fieldRange(b, `Sync${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${list}|${fingerprintOf(b)}`, barrier: b, position: pos,
          });
        }
      },
    };
  },
});
