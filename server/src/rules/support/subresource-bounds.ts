// Subresource bounds of a texture from its creation (eb-rules.md EB-SUBRES-02/03, LB-03): an enhanced barrier's index
// or mip/array/plane range, or a legacy transition's Subresource, against MipLevels x ArraySize x PlaneCount.
// The plane count comes from the format the desc names (D3D12GetFormatPlaneCount: depth/stencil and planar video
// formats have 2); a format the code does not spell may be planar, so it counts as 2 planes (an unknown count is
// never a finding: bgfx's NV12 decode target, created in another method, has a chroma plane at subresource 1).
import type { BarrierFact, ResourceCreation } from '../../extract/facts';
import { planeCount } from '../../model/formats';
import type { KnownResource } from '../../track/state';
import type { BarrierMeeting, TrackContext } from '../../track/visitors';
import type { ruleCreations } from './file-creations';
import { known } from './rule-helpers';

/**
 * The out-of-bounds part of a barrier on a texture whose creation the rule's file index finds (in the function, or a
 * member created in another method), with that creation; undefined when in bounds, a buffer, or the creation unseen.
 */
export function outOfBounds(creations: ReturnType<typeof ruleCreations>, b: BarrierFact, meeting: BarrierMeeting | null,
  tctx: TrackContext): { what: string; created: KnownResource } | undefined {
  const created = meeting ? creations.of(meeting, tctx) : undefined;
  if (!created || created.creation.dimension === 'buffer') return undefined;
  const what = subresourceProblem(b, created.creation);
  return what ? { what, created } : undefined;
}

export function planes(c: ResourceCreation): number {
  return planeCount(c.format) ?? 2;
}

/** What lies out of bounds ("subresource index 7 (the resource has 4)"), or undefined. */
export function subresourceProblem(b: BarrierFact, c: ResourceCreation): string | undefined {
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
  if (fp !== undefined && np !== undefined && fp + np > planes(c)) return `planes [${fp}, ${fp + np}) (the resource has ${planes(c)})`;
  return undefined;
}

