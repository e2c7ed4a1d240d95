// barrier-zero-count — eb-rules.md EB-CALL-03, EB-CALL-04 (EB § Barrier API Call Validation).
// Barrier(0, ...) and a group with NumBarriers 0 do nothing. The debug layer warns about both (the id is not
// documented; the legacy analog is #954 RESOURCE_BARRIER_ZERO_BARRIERS). Usually a sign that a barrier batch was
// flushed while empty, or that a count was computed before the array was filled. Message modelled on E9. A local
// counter raised only under conditions is 0 on the path where none holds: the same warning for that path.
import type { BarrierGroupFact } from '../extract/facts';
import { defineRule } from './define-rule';
import { known, reportOnce } from './support/rule-helpers';
import { reportZeroPath } from './support/zero-count-helpers';

function countRange(g: BarrierGroupFact) {
  const n = g.numBarriers;
  return /^(\{\}|default)$|^CD3DX12_/.test(n.text) ? g.range : n.range;
}

export const rule = defineRule({
  meta: {
    id: 'barrier-zero-count',
    description: 'Barrier() with NumBarrierGroups 0, or a barrier group with NumBarriers 0: a no-op.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-CALL-03', 'EB-CALL-04'],
    messages: {
      call: 'Called with 0 NumBarrierGroups resulting in no-op function call.',
      group: 'Barrier group [{{group}}] has 0 NumBarriers resulting in a no-op group.',
      zeroOnPath: "Called with 0 NumBarrierGroups resulting in no-op function call, on the path where {{conditions}}: '{{counter}}' is still 0 there; test it before the call.",
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrierCall(e) {
        if (e.zeroOnPath) reportZeroPath(ctx, e.zeroOnPath, e.count.range, 'Barrier');
        const count = known(e.count);
        if (count === 0) {
          report({ messageKey: 'call', range: e.count.range, fingerprintText: 'Barrier(0)' });
          return;
        }
        e.groups?.forEach((g, group) => {
          if (count !== undefined && group >= count) return;
          if (known(g.numBarriers) !== 0) return;
          report({ messageKey: 'group', data: { group }, range: countRange(g), fingerprintText: `group-count-0|${group}` });
        });
      },
    };
  },
});
