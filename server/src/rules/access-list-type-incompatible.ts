// access-list-type-incompatible — eb-rules.md EB-ACCESS-05/10, EB-QUEUE-02, EB-COPY-03 (EB § Command Queue Access
// Compatibility; table C.6.2). An access bit names the hardware unit whose caches the barrier flushes or
// invalidates; a queue type only has some of them (a copy engine has no shader, render-target or depth caches, a
// compute queue no input assembler, output merger or resolve unit, a video queue only its video engine). A bit
// the queue does not have asks its engine to flush caches it does not own — the debug layer rejects the barrier
// (~1332 INCOMPATIBLE_BARRIER_ACCESS, likely id). ACCESS_COMMON and NO_ACCESS are legal on every list (C.23 #14).
import { disallowedAccessOnList } from '../model/layouts';
import { formatAccess } from '../model/messages';
import { reportListBits } from './support/call-helpers';
import { defineRule } from './define-rule';
import { reportOnce } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'access-list-type-incompatible',
    description: 'AccessBefore/AccessAfter bits must be supported by the type of the command list recording the barrier.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_ACCESS', messageNumber: 1332, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-05', 'EB-ACCESS-10', 'EB-QUEUE-02', 'EB-COPY-03'],
    messages: {
      unsupported: '{{field}} bits {{bits}}{{position}} are not supported on {{list}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return { barrier: (b, pos) => reportListBits(report, b, pos, { field: 'Access', disallowed: disallowedAccessOnList, format: formatAccess }) };
  },
});
