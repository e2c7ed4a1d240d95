// subresource-range-coverage — eb-rules.md EB-SUBRES-04, EB-SUBRES-05 (EB § D3D12_BARRIER_SUBRESOURCE_RANGE; HB B.1;
// HC D3D12GetFormatPlaneCount). Two ways a texture barrier covers less than the code means:
// - a range nobody set (`D3D12_TEXTURE_BARRIER b = {}` without Subresources, or a memset) is {0, 0, …}: index
//   mode, subresource 0 only — the other mips, slices and planes keep their old layout;
// - CD3DX12_BARRIER_SUBRESOURCE_RANGE(firstMip, numMips, firstSlice, numSlices) defaults numPlanes to 1: on a
//   depth/stencil or planar video format the stencil (chroma) plane is left in LayoutBefore.
// Both need the resource's creation (same function, or a member created in another method of the file): a resource
// with one subresource, or whose creation is not seen, is not reported. A warning: the code may mean exactly that.
import { MULTI_PLANE_FORMATS, planeCount } from '../model/formats';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fingerprintOf, resourceName } from './support/rule-helpers';

const UNSET: ReadonlySet<string | undefined> = new Set(['value-init', 'zero-fill']);
const RANGE = 'Subresources.';

export const rule = defineRule({
  meta: {
    id: 'subresource-range-coverage',
    description: 'A texture barrier whose subresource range covers less of the resource than it looks: an unset range, or plane 0 of a two-plane format.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SUBRES-04', 'EB-SUBRES-05'],
    messages: {
      unset: "The subresource range of this barrier on '{{name}}' is value-initialised ({0, 0, 0, 0, 0, 0}): that is subresource 0 only, not the {{count}} subresources of '{{name}}'; set Subresources.IndexOrFirstMipLevel = 0xFFFFFFFF for all of them (or the range you mean).",
      plane: "The subresource range of this barrier on '{{name}}' covers plane 0 only ({{format}} has a {{second}} plane): CD3DX12_BARRIER_SUBRESOURCE_RANGE's default numPlanes = 1 leaves the {{second}} plane in LayoutBefore; pass firstPlane 0, numPlanes 2 (or CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xFFFFFFFF)).",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (b.kind !== 'texture' || !meeting) return;
          const created = creations.of(meeting, tctx);
          if (!created) return;
          const c = created.creation;
          const f = (n: string) => b.fields[RANGE + n];
          const planes = planeCount(c.format);
          const base = { range: tctx.range, resource: resourceName(b), related: [...tctx.related, createdHere(created)] };
          const names = ['IndexOrFirstMipLevel', 'NumMipLevels', 'FirstArraySlice', 'NumArraySlices', 'FirstPlane', 'NumPlanes'];
          if (names.every((n) => f(n)?.value === 0 && UNSET.has(f(n)?.origin))) {
            const count = c.mipLevels !== null && c.arraySize !== null && planes !== null ? c.mipLevels * c.arraySize * planes : null;
            if (count === null || count <= 1) return;
            ctx.report({ ...base, messageKey: 'unset', data: { name: resourceName(b), count }, fingerprintText: `range-unset|${fingerprintOf(b)}` });
            return;
          }
          const numPlanes = f('NumPlanes');
          if ((f('NumMipLevels')?.value ?? 0) === 0 || numPlanes?.value !== 1 || numPlanes.origin !== 'helper-default' || f('FirstPlane')?.value !== 0) return;
          const info = c.format ? MULTI_PLANE_FORMATS[c.format] : undefined;
          if (!info) return;
          ctx.report({
            ...base, messageKey: 'plane', data: { name: resourceName(b), format: c.format!, second: info.second },
            fingerprintText: `range-plane|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
