// interop-legacy-state — eb-rules.md EB-INTEROP-01 / EB-CREATE-05 (EB § Interop with legacy ResourceBarrier).
// A subresource last transitioned by a legacy ResourceBarrier into anything but COMMON must be returned to COMMON
// with a legacy barrier before an enhanced barrier references it: the two models track state separately, and
// the enhanced barrier would start from a layout the driver does not have. Legacy-created textures with a
// non-COMMON InitialState are the same case (reported with #1350, as engines observed).
import { formatLegacyState } from '../model/messages';
import { xboxEnumName } from '../model/xbox-messages';
import { defineRule } from './define-rule';
import { fingerprintOf, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'interop-legacy-state',
    description: 'An enhanced barrier on a resource whose legacy state is not COMMON.',
    defaultSeverity: 'error',
    messageId: 'BARRIER_INTEROP_INVALID_STATE', messageNumber: 1351, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-INTEROP-01', 'EB-CREATE-05'],
    messages: {
      legacy: 'Resource last transitioned by legecy barrier must be in common state before switching to enhanced barriers.',
      created: "Resource '{{name}}' was created in legacy state {{state}}; transition it to D3D12_RESOURCE_STATE_COMMON with ResourceBarrier before using enhanced barriers.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const { met } = meeting;
          if (met.lastModel !== 'legacy' || met.legacy.unknown || met.legacy.values.size === 0) return;
          if ([...met.legacy.values.keys()].some((v) => v === 0)) return;
          // Buffers created in a legacy state are treated as COMMON by the enhanced model (EB-CREATE-03).
          if (met.legacyFromCreation && (b.kind === 'buffer' || meeting.resource?.creation.dimension === 'buffer')) return;
          const [state, origin] = [...met.legacy.values.entries()][0];
          ctx.report({
            messageKey: met.legacyFromCreation ? 'created' : 'legacy',
            data: { name: resourceName(b), state: formatLegacyState(state) },
            range: tctx.range, related: [...tctx.related, { uri: origin.uri, range: origin.range, message: origin.note }],
            resource: resourceName(b), fingerprintText: `interop|${fingerprintOf(b)}`,
            // Xbox format: the EBX message 0xA7900038 with its "Current State is:" line and the barrier dump.
            barrier: b, position: tctx, details: [`Current State is: ${xboxEnumName('state', state)}`],
          });
        },
      },
    };
  },
});
