// subresource-out-of-bounds — eb-rules.md EB-SUBRES-02/03, LB-03 (EB § Barrier API Call Validation: texture
// barrier Subresources within the texture's bounds). Index form: the index must be ALL (0xffffffff) or below
// MipLevels × ArraySize × PlaneCount; range form: FirstMip+NumMips ≤ MipLevels, FirstArraySlice+NumArraySlices ≤
// ArraySize, FirstPlane+NumPlanes ≤ PlaneCount. Needs the creation (mips/array size): in the function, or a member
// created in another method of the file.
// NOTE: formats are not resolved, so the plane count is 2 for depth-stencil-capable textures (depth + stencil)
// and 1 otherwise; planar video formats are not modelled (no finding beyond plane 0 is then possible).
import type { BarrierFact } from '../extract/facts';
import type { ResourceCreation } from '../extract/facts';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

function planes(c: ResourceCreation): number {
  return ((c.flags ?? 0) & 0x2) !== 0 ? 2 : 1;
}

function problem(b: BarrierFact, c: ResourceCreation): string | undefined {
  const mips = c.mipLevels;
  const arr = c.arraySize;
  if (mips === null || arr === null) return undefined;
  const total = mips * arr * planes(c);
  if (b.kind === 'legacy-transition') {
    const s = known(b.fields.Subresource);
    return s !== undefined && s !== 0xffffffff && s >= total ? `subresource ${s} (the resource has ${total})` : undefined;
  }
  const first = known(b.fields['Subresources.IndexOrFirstMipLevel']);
  const numMips = known(b.fields['Subresources.NumMipLevels']);
  if (first === undefined || numMips === undefined) return undefined;
  if (numMips === 0) return first !== 0xffffffff && first >= total ? `subresource index ${first} (the resource has ${total})` : undefined;
  if (first + numMips > mips) return `mips [${first}, ${first + numMips}) (the resource has ${mips})`;
  const fa = known(b.fields['Subresources.FirstArraySlice']);
  const na = known(b.fields['Subresources.NumArraySlices']);
  if (fa !== undefined && na !== undefined && fa + na > arr) return `array slices [${fa}, ${fa + na}) (the resource has ${arr})`;
  const fp = known(b.fields['Subresources.FirstPlane']);
  const np = known(b.fields['Subresources.NumPlanes']);
  if (fp !== undefined && np !== undefined && fp + np > 2) return `planes [${fp}, ${fp + np})`;
  return undefined;
}

export const rule = defineRule({
  meta: {
    id: 'subresource-out-of-bounds',
    description: "A barrier's subresource index or range lies outside the resource.",
    defaultSeverity: 'error',
    messageId: 'TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS', messageNumber: 1355, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SUBRES-02', 'EB-SUBRES-03', 'LB-03'],
    messages: { bounds: "Barrier on '{{name}}' names {{what}}: out of the texture's subresource bounds." },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    const check = (b: BarrierFact, meeting: import('../track/visitors').BarrierMeeting | null, tctx: import('../track/visitors').TrackContext) => {
      const created = meeting ? creations.of(meeting, tctx) : undefined;
      const c = created?.creation;
      if (!c || c.dimension === 'buffer') return;
      const what = problem(b, c);
      if (!what) return;
      ctx.report({
        messageKey: 'bounds', data: { name: resourceName(b), what }, range: tctx.range,
        related: [...tctx.related, createdHere(created!)],
        resource: resourceName(b), fingerprintText: `bounds|${fingerprintOf(b)}`,
      });
    };
    return { file: creations.file, tracked: { enhancedBarrier: check, legacyBarrier: check } };
  },
});
