// subresource-out-of-bounds — eb-rules.md EB-SUBRES-02/03 (EB § Barrier API Call Validation: texture
// barrier Subresources within the texture's bounds). Legacy transitions are resource-barrier-invalid-subresource's. Index form: the index must be ALL (0xffffffff) or below
// MipLevels × ArraySize × PlaneCount; range form: FirstMip+NumMips ≤ MipLevels, FirstArraySlice+NumArraySlices ≤
// ArraySize, FirstPlane+NumPlanes ≤ PlaneCount. Needs the creation (mips/array size): in the function, or a member
// created in another method of the file.
import type { BarrierFact } from '../extract/facts';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fingerprintOf, resourceName } from './support/rule-helpers';
import { outOfBounds } from './support/subresource-bounds';

export const rule = defineRule({
  meta: {
    id: 'subresource-out-of-bounds',
    description: "A barrier's subresource index or range lies outside the resource.",
    defaultSeverity: 'error',
    messageId: 'TEXTURE_BARRIER_SUBRESOURCES_OUT_OF_BOUNDS', messageNumber: 1355, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SUBRES-02', 'EB-SUBRES-03'],
    messages: { bounds: "Barrier on '{{name}}' names {{what}}: out of the texture's subresource bounds." },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    const check = (b: BarrierFact, meeting: import('../track/visitors').BarrierMeeting | null, tctx: import('../track/visitors').TrackContext) => {
      const found = outOfBounds(creations, b, meeting, tctx);
      if (!found) return;
      ctx.report({
        messageKey: 'bounds', data: { name: resourceName(b), what: found.what }, range: tctx.range,
        related: [...tctx.related, createdHere(found.created)],
        resource: resourceName(b), fingerprintText: `bounds|${fingerprintOf(b)}`,
      });
    };
    return { file: creations.file, tracked: { enhancedBarrier: check } };
  },
});
