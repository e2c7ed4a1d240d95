// layout-list-type-incompatible — eb-rules.md EB-LAYOUT-07/08, EB-QUEUE-01, EB-COPY-01 (EB § Command Queue Layout
// Compatibility, § Queue type specific layouts, § Copy Queues; table C.6.1). Each command-list type can only
// transition textures into and out of the layouts its queue's hardware can produce and consume: a compute queue
// has no render-target or depth hardware and cannot touch DIRECT_QUEUE_* layouts; a copy queue cannot change a
// layout at all (only COMMON); DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE is entered and left on direct
// lists only, compute lists may just use it. A layout the queue does not support leaves the texture in an
// arrangement the queue's engine cannot decompress or write — the runtime rejects the barrier (~1341, likely id).
import { LAYOUT } from '../model/enums';
import { isValidLayout, layoutAllowedOnList } from '../model/layouts';
import { formatLayout } from '../model/messages';
import { checkedListType, listPhraseAt } from './support/call-helpers';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const ACCESS_ONLY = LAYOUT.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE >>> 0;

export const rule = defineRule({
  meta: {
    id: 'layout-list-type-incompatible',
    description: "A texture barrier's LayoutBefore/LayoutAfter must be supported by the type of the command list recording it.",
    defaultSeverity: 'error',
    messageId: 'UNSUPPORTED_BARRIER_LAYOUT', messageNumber: 1341, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-LAYOUT-07', 'EB-LAYOUT-08', 'EB-QUEUE-01', 'EB-COPY-01', 'EB-QUEUE-04'],
    messages: {
      unsupported: '{{layoutField}} {{layout}}{{position}} is not supported on {{list}}{{hint}}.',
      accessOnly: '{{layoutField}} {{layout}}{{position}}: {{list}} may use this layout but not transition into or out of it (LayoutBefore {{before}}, LayoutAfter {{after}}); only direct command lists may.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        const list = checkedListType(pos.listType);
        if (b.kind !== 'texture' || !list) return;
        const values = { Before: known(b.fields.LayoutBefore), After: known(b.fields.LayoutAfter) };
        const bothKnown = values.Before !== undefined && values.After !== undefined;
        const transition = bothKnown && values.Before! >>> 0 !== values.After! >>> 0;
        for (const side of SIDES) {
          const layout = values[side];
          // Unknown and invalid values are other rules' business (invalid-layout-value); unknown never fires.
          if (layout === undefined || !isValidLayout(layout)) continue;
          if (layoutAllowedOnList(layout, list, { transition })) continue;
          const common = { layoutField: `Layout${side}`, layout: formatLayout(layout), position: positionSuffix(b, pos), list: listPhraseAt(pos, list) };
          const accessOnly = layoutAllowedOnList(layout, list, { transition: false }) && layout >>> 0 === ACCESS_ONLY;
          report({
            messageKey: accessOnly ? 'accessOnly' : 'unsupported',
            data: accessOnly
              ? { ...common, before: formatLayout(values.Before!), after: formatLayout(values.After!) }
              : { ...common, hint: list === 'copy' ? ' (copy queues cannot change layouts: use D3D12_BARRIER_LAYOUT_COMMON on both sides)' : '' },
            range: fieldRange(b, `Layout${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${list}|${fingerprintOf(b)}`, barrier: b, position: pos,
          });
        }
      },
    };
  },
});
