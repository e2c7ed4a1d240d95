// undefined-to-read-layout — xbox-platform.md § 5 (EBX aliasing example) and the EB spec § Resource Aliasing /
// D3D12_BARRIER_LAYOUT_UNDEFINED. LayoutBefore UNDEFINED discards the texture's contents; a read-only LayoutAfter
// means nothing can write it before it is read, so every read until the next layout change returns undefined data
// (on Xbox, with garbage compression metadata too unless DISCARD initialised it).
// NOTE: issue 5 asks for this warning on every platform; it runs on the Xbox profiles until the PC fixtures that
// use UNDEFINED → SHADER_RESOURCE as filler are annotated (adding `pc` here is the whole change).
import { ACCESS, LAYOUT, LAYOUT_UNDEFINED } from '../model/enums';
import { formatLayout } from '../model/messages';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, known, resourceName } from './support/rule-helpers';

const READ_ONLY_LAYOUTS = new Set([
  'GENERIC_READ', 'DEPTH_STENCIL_READ', 'SHADER_RESOURCE', 'COPY_SOURCE', 'RESOLVE_SOURCE', 'SHADING_RATE_SOURCE',
  'VIDEO_DECODE_READ', 'VIDEO_PROCESS_READ', 'VIDEO_ENCODE_READ', 'DIRECT_QUEUE_GENERIC_READ',
  'DIRECT_QUEUE_SHADER_RESOURCE', 'DIRECT_QUEUE_COPY_SOURCE', 'COMPUTE_QUEUE_GENERIC_READ',
  'COMPUTE_QUEUE_SHADER_RESOURCE', 'COMPUTE_QUEUE_COPY_SOURCE', 'DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE',
].map((l) => LAYOUT[l] >>> 0));

export const rule = defineRule({
  meta: {
    id: 'undefined-to-read-layout',
    description: 'A texture moved from LAYOUT_UNDEFINED straight into a read-only layout: what it reads is undefined.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series', 'xbox-one'],
    messages: {
      read: '\'{{resource}}\' moves from D3D12_BARRIER_LAYOUT_UNDEFINED (contents discarded) to the read-only {{after}}: '
        + 'nothing can write it in that layout, so every read before the next layout change returns undefined data. '
        + 'Transition it to a layout that is written first (COPY_DEST, RENDER_TARGET, UNORDERED_ACCESS...), or keep '
        + 'the data with a LayoutBefore other than UNDEFINED.',
    },
  },
  create(ctx) {
    return {
      barrier(b, pos) {
        if (b.kind !== 'texture') return;
        const before = known(b.fields.LayoutBefore);
        const after = known(b.fields.LayoutAfter);
        const accessAfter = known(b.fields.AccessAfter);
        if (before === undefined || before >>> 0 !== LAYOUT_UNDEFINED || after === undefined) return;
        if (!READ_ONLY_LAYOUTS.has(after >>> 0) || accessAfter === ACCESS.NO_ACCESS) return;
        ctx.report({
          messageKey: 'read', data: { resource: resourceName(b), after: formatLayout(after) },
          range: fieldRange(b, 'LayoutAfter'), resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b, position: pos,
        });
      },
    };
  },
});
