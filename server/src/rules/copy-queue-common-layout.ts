// copy-queue-common-layout — eb-rules.md EB-COPY-02 (EB § Copy Queues). Copy queues cannot change layouts, and the
// copy engine reads and writes textures only in D3D12_BARRIER_LAYOUT_COMMON: a texture copied on a COPY command list
// must be in COMMON when the copy runs (#1431 NON_COMMON_RESOURCE_IN_COPY_QUEUE). A texture left in COPY_SOURCE or
// COPY_DEST by a direct list is still compressed/laid out for the 3D engine; the copy engine would misread it.
// Needs the list type (copy) and a tracked enhanced layout; buffers have no layout; unknown layouts are silent.
// A layout that does not allow the copy at all is invalid-subresource-state's finding (one mistake, one report).
import { ROLE_NEEDS } from '../model/api';
import { isAccessAllowedByLayout } from '../model/layouts';
import { defineRule } from './define-rule';
import { fmt } from './support/rule-helpers';
import { compareTracked, pathNote, relatedFor, deactivatedOn } from './support/tracked-helpers';

export const rule = defineRule({
  meta: {
    id: 'copy-queue-common-layout',
    description: 'A texture copied on a COPY command list must be in D3D12_BARRIER_LAYOUT_COMMON.',
    defaultSeverity: 'error',
    messageId: 'NON_COMMON_RESOURCE_IN_COPY_QUEUE', messageNumber: 1431, category: 'EXECUTION',
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['EB-COPY-02'],
    messages: {
      layout: "Using {{method}} on a D3D12_COMMAND_LIST_TYPE_COPY command list ('{{list}}'): resource '{{name}}' is in layout {{actual}}; textures used on a copy queue must be in D3D12_BARRIER_LAYOUT_COMMON{{note}}.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        command(e, uses, tctx) {
          if (tctx.listType !== 'copy') return;
          for (const u of uses) {
            const need = ROLE_NEEDS[u.role];
            if (!need || deactivatedOn(u.met, tctx.list) || u.met.lastModel !== 'enhanced' || u.resource?.creation.dimension === 'buffer') continue;
            const simultaneous = ((u.resource?.creation.flags ?? 0) & 0x30) !== 0;
            if (simultaneous) continue;
            // Layouts that do not allow the access are invalid-subresource-state's error.
            if ([...u.met.layout.values.keys()].some((v) => !isAccessAllowedByLayout(v, need.access))) continue;
            const c = compareTracked(u.met.layout, (v) => v === 0);
            if (!c.severity) continue;
            ctx.report({
              messageKey: 'layout', severity: c.severity, range: tctx.range, related: relatedFor(tctx, c), resource: u.ref.text,
              data: { method: e.method, list: tctx.list ?? 'unknown', name: u.ref.text, actual: fmt('layout', c.mismatches[0][0]), note: pathNote(c, (v) => fmt('layout', v)) },
              fingerprintText: `copyq|${e.method}|${u.role}|${u.key}`, position: { group: null, index: null, listType: tctx.listType },
            });
          }
        },
      },
    };
  },
});
