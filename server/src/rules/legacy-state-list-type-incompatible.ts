// legacy-state-list-type-incompatible — eb-rules.md LB-07 (D.2 E7/E8; derived through A.6 and C.6.2/C.6.3).
// A legacy state names the engines that will use the resource next (or used it last); on a compute list the
// render-target, depth, pixel-shader, vertex/index and resolve states have no engine to flush or prepare, on a
// copy list everything but COPY_SOURCE/COPY_DEST, on a video list everything but its own VIDEO_* states. The
// runtime rejects the barrier and Close() fails with E_INVALIDARG (#537, fatal per baldurk/renderdoc#3909).
import { statesInvalidOnList } from '../model/legacy-states';
import { commandListTypeWords } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, hex, isLegacyTransition, known, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'legacy-state-list-type-incompatible',
    description: 'Legacy StateBefore/StateAfter bits must be valid for the type of the command list recording the transition.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', messageNumber: 537, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-07'],
    messages: {
      // E7 verbatim shape: "D3D12_RESOURCE_STATES has invalid flags (0x4) for compute command list."
      invalid: 'D3D12_RESOURCE_STATES has invalid flags ({{bits}}) for {{list}} command list.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        const list = pos.listType;
        // Unknown lists are never reported; a bundle's call is barrier-on-bundle's finding.
        if (!isLegacyTransition(b) || list === null || list === 'bundle') return;
        for (const side of SIDES) {
          const state = known(b.fields[`State${side}`]);
          if (state === undefined) continue;
          // Reserved and undefined bits are not returned: they are LB-06's (522/526), not a list-type problem.
          const bad = statesInvalidOnList(state, list);
          if (bad === 0) continue;
          report({
            messageKey: 'invalid',
            data: { bits: hex(bad), list: commandListTypeWords(list) },
            range: fieldRange(b, `State${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${list}|${fingerprintOf(b)}`, barrier: b, position: pos,
          });
        }
      },
    };
  },
});
