// null-barrier-array — eb-rules.md EB-CALL-06 (d3d12.h SAL: `_In_reads_(NumBarrierGroups) pBarrierGroups`,
// `_In_reads_(NumBarriers)` on each group's barrier pointer). Barrier(n, nullptr) with n > 0, or a group whose
// barrier pointer is null while NumBarriers > 0, makes the runtime read n structs through a null pointer: an access
// violation in the runtime or the driver, not a validation message. Only pointers the source writes as a null
// literal count; a pointer the extractor cannot follow is unknown and never reported.
import { defineRule } from './define-rule';
import { known, reportOnce } from './support/rule-helpers';

/** D3D12_BARRIER_TYPE → the union member of D3D12_BARRIER_GROUP that points at the barriers. */
const UNION_MEMBER: Readonly<Record<number, string>> = { 0: 'pGlobalBarriers', 1: 'pTextureBarriers', 2: 'pBufferBarriers' };

export const rule = defineRule({
  meta: {
    id: 'null-barrier-array',
    description: 'Barrier() with a null group array and NumBarrierGroups > 0, or a barrier group with a null barrier pointer and NumBarriers > 0.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-CALL-06'],
    messages: {
      call: 'pBarrierGroups is NULL but NumBarrierGroups is {{count}}; the runtime reads {{count}} barrier group(s) through a null pointer.',
      group: 'Barrier group [{{group}}] has a NULL {{member}} but NumBarriers is {{count}}; the runtime reads {{count}} barrier(s) through a null pointer.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrierCall(e) {
        const count = known(e.count);
        if (e.nullArray) {
          if (count !== undefined && count > 0) report({ messageKey: 'call', data: { count }, range: e.nullArray, fingerprintText: 'Barrier(n, nullptr)' });
          return;
        }
        e.groups?.forEach((g, group) => {
          if (count !== undefined && group >= count) return;
          const n = known(g.numBarriers);
          if (!g.nullPointer || n === undefined || n === 0) return;
          // A braced `{ Type, NumBarriers, nullptr }` sets the union's first member: name it after the Type.
          const member = g.nullPointer.member === 'pBarriers' ? UNION_MEMBER[known(g.declaredType) ?? -1] ?? 'barrier pointer' : g.nullPointer.member;
          report({ messageKey: 'group', data: { group, member, count: n }, range: g.nullPointer.range, fingerprintText: `group-null|${group}` });
        });
      },
    };
  },
});
