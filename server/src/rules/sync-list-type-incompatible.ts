// sync-list-type-incompatible — eb-rules.md EB-SYNC-08, EB-QUEUE-03, EB-COPY-03 (EB § Command Queue Sync
// Compatibility; table C.6.3). A sync bit names pipeline stages the barrier waits for or blocks; a queue type only
// runs some of them (a copy queue runs COPY only, a compute queue no vertex/pixel/depth/render-target/resolve
// stages, a video queue its video stage). Waiting on a stage the queue does not have is meaningless to its
// scheduler — the debug layer rejects the barrier (~1333 INCOMPATIBLE_BARRIER_SYNC, likely id). NONE is legal
// everywhere (C.23 #14); ALL and SPLIT on every list; ALL_SHADING and NON_PIXEL_SHADING on compute lists.
import { disallowedSyncOnList } from '../model/layouts';
import { formatSync } from '../model/messages';
import { reportListBits } from './support/call-helpers';
import { defineRule } from './define-rule';
import { reportOnce } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'sync-list-type-incompatible',
    description: 'SyncBefore/SyncAfter bits must be supported by the type of the command list recording the barrier.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-08', 'EB-QUEUE-03', 'EB-COPY-03'],
    messages: {
      unsupported: '{{field}} bits {{bits}}{{position}} are not supported on {{list}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return { barrier: (b, pos) => reportListBits(report, b, pos, { field: 'Sync', disallowed: disallowedSyncOnList, format: formatSync }) };
  },
});
