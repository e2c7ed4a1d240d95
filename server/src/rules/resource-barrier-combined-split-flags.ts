// resource-barrier-combined-split-flags — eb-rules.md LB-04 (RB § Split Barriers).
// BEGIN_ONLY starts a split transition and END_ONLY finishes it; one barrier cannot be both halves. Code that ORs
// them usually meant a plain (non-split) barrier, Flags = NONE. The runtime rejects the combination
// (~531 RESOURCE_BARRIER_INVALID_COMBINED_FLAGS, likely id; text is barrierlint's).
import { RESOURCE_BARRIER_FLAGS } from '../model/enums';
import { formatEnumValue } from '../model/format-values';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const BOTH = (RESOURCE_BARRIER_FLAGS.BEGIN_ONLY | RESOURCE_BARRIER_FLAGS.END_ONLY) >>> 0;

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-combined-split-flags',
    description: 'A legacy barrier cannot be both BEGIN_ONLY and END_ONLY.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_COMBINED_FLAGS', messageNumber: 531, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-04'],
    messages: {
      both: 'Flags ({{flags}}) combines D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY and D3D12_RESOURCE_BARRIER_FLAG_END_ONLY{{position}}; a barrier is either the begin or the end of a split transition.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!b.kind.startsWith('legacy')) return;
        const flags = known(b.fields.Flags);
        if (flags === undefined || (flags & BOTH) !== BOTH) return;
        report({
          messageKey: 'both',
          data: { flags: formatEnumValue('resource-barrier-flags', flags), position: positionSuffix(b, pos) },
          range: fieldRange(b, 'Flags'), resource: resourceName(b), fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
