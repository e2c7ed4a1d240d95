// queue-specific-layout-use — eb-rules.md EB-QUEUE-04 (EB § Queue type specific layouts). DIRECT_QUEUE_* layouts
// are laid out for the 3D queue and COMPUTE_QUEUE_* layouts for the compute queue: a texture in one of them may be
// used, and transitioned, only by command lists of that type; the other queue type must not touch it until a list
// of the owning type moves it to a shared layout. This rule reports the use: a copy, resolve, clear, draw or
// dispatch on a DIRECT or COMPUTE list that reads or writes a texture whose tracked layout belongs to the other
// queue type. A barrier on the wrong list type naming such a layout is layout-list-type-incompatible's error.
// DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE is accessible from compute lists and is not reported; a layout
// that does not allow the use at all is invalid-subresource-state's error; unknown list types stay silent.
import type { CommandListType } from '../types';
import { ROLE_NEEDS } from '../model/api';
import { isAccessAllowedByLayout } from '../model/layouts';
import { USE_NEEDS } from '../model/uses';
import type { TrackContext } from '../track/visitors';
import type { Possible } from '../track/state';
import { defineRule } from './define-rule';
import { fmt } from './support/rule-helpers';
import { compareTracked, pathNote, relatedFor } from './support/tracked-helpers';

/** D3D12_BARRIER_LAYOUT values owned by one queue type (C.6.1). */
const DIRECT_ONLY = new Set([18, 19, 20, 21, 22, 23]);
const COMPUTE_ONLY = new Set([24, 25, 26, 27, 28, 29]);

function otherQueue(layout: number, list: CommandListType): boolean {
  if (list === 'direct') return COMPUTE_ONLY.has(layout);
  if (list === 'compute') return DIRECT_ONLY.has(layout);
  return false;
}

const LIST_NAME: Partial<Record<CommandListType, string>> = { direct: 'DIRECT', compute: 'COMPUTE' };

export const rule = defineRule({
  meta: {
    id: 'queue-specific-layout-use',
    description: "A texture in a queue-specific layout (DIRECT_QUEUE_* / COMPUTE_QUEUE_*) used on the other queue type's command list.",
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['EB-QUEUE-04'],
    messages: {
      layout: "Using {{method}} on a D3D12_COMMAND_LIST_TYPE_{{type}} command list ('{{list}}'): resource '{{name}}' is in "
        + 'layout {{actual}}, which only the other queue type may use; transition it to a shared layout on a list of '
        + 'that type first{{note}}.',
    },
  },
  create(ctx) {
    const check = (p: { method: string; name: string; key: string; layout: Possible; access: number; tctx: TrackContext }) => {
      const list = p.tctx.listType;
      if (!list || !LIST_NAME[list]) return;
      // Layouts that do not allow the access at all are invalid-subresource-state's error.
      if ([...p.layout.values.keys()].some((v) => !isAccessAllowedByLayout(v, p.access))) return;
      const c = compareTracked(p.layout, (v) => !otherQueue(v >>> 0, list));
      if (!c.severity) return;
      ctx.report({
        messageKey: 'layout', severity: c.severity, range: p.tctx.range, related: relatedFor(p.tctx, c), resource: p.name,
        data: {
          method: p.method, type: LIST_NAME[list]!, list: p.tctx.list ?? 'unknown', name: p.name,
          actual: fmt('layout', c.mismatches[0][0]), note: pathNote(c, (v) => fmt('layout', v)),
        },
        fingerprintText: `queue-layout|${p.method}|${p.key}`, position: { group: null, index: null, listType: list },
      });
    };
    return {
      tracked: {
        command(e, uses, tctx) {
          for (const u of uses) {
            const need = ROLE_NEEDS[u.role];
            if (!need || u.met.deactivated || u.resource?.creation.dimension === 'buffer') continue;
            check({ method: e.method, name: u.ref.text, key: u.key, layout: u.met.layout, access: need.access, tctx });
          }
        },
        gpuUse(e, uses, tctx) {
          if (e.present) return;
          for (const u of uses) {
            const need = USE_NEEDS[u.use];
            if (!need || u.met.deactivated || u.resource?.creation.dimension === 'buffer') continue;
            check({ method: e.method, name: u.ref.text, key: u.key, layout: u.met.layout, access: need.access, tctx });
          }
        },
      },
    };
  },
});
