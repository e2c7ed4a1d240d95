// null-barrier-resource — eb-rules.md EB-TEX-01, EB-BUF-01 (EB § Texture Barriers, § Buffer Barriers).
// Texture and buffer barriers act on one resource: pResource must not be null. Unlike legacy UAV/aliasing barriers
// there is no "any resource" meaning for null — that is what a global barrier is for. A null pointer (often a
// `= {}` struct whose pResource was never assigned, or a resource not yet created) makes the runtime drop the
// barrier or the command list. No debug-layer id is documented (legacy analog #520 RESOURCE_BARRIER_NULL_POINTER).
import { defineRule } from './define-rule';
import { barrierNoun, fingerprintOf, isNullResource, positionSuffix, reportOnce } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'null-barrier-resource',
    description: 'Texture and buffer barriers must name a resource: pResource must not be null.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-TEX-01', 'EB-BUF-01'],
    messages: {
      null: 'pResource is null{{position}}; a {{noun}} must name a resource (a barrier on all resources is a global barrier).',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if ((b.kind !== 'texture' && b.kind !== 'buffer') || !isNullResource(b.resource)) return;
        report({
          messageKey: 'null', data: { noun: barrierNoun(b), position: positionSuffix(b, pos) },
          range: b.resource!.range, fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
