// Helpers shared by the Xbox rules: what a barrier's resource is known to be (from a creation seen earlier in the
// file), whether a barrier's subresource range is a strict part of the resource, the inputs of the cost model,
// and Xbox-aware value names. (Not a rule: the registry generator skips *-helpers.ts.)
import type { BarrierFact, CreationEvent, ResourceCreation } from '../../extract/facts';
import { ALL_SUBRESOURCES, RESOURCE_FLAGS } from '../../model/enums';
import type { EnhancedBarrierInput, LegacyBarrierInput, ResourceTraits } from '../../model/xbox-costs';
import { xboxEnumName } from '../../model/xbox-messages';
import { known } from './rule-helpers';

/** Creations seen so far in the file, by resource key (the single pass visits events in source order). */
export class KnownCreations {
  private readonly byKey = new Map<string, ResourceCreation>();

  add(e: CreationEvent): void {
    if (e.creation.resource.key) this.byKey.set(e.creation.resource.key, e.creation);
  }

  of(b: BarrierFact): ResourceCreation | undefined {
    return b.resource?.key ? this.byKey.get(b.resource.key) : undefined;
  }
}

export function traitsOf(c: ResourceCreation | undefined): ResourceTraits {
  if (!c) return { flags: null, isTexture: null };
  return { flags: c.flags, sampleCount: c.sampleCount ?? null, isTexture: c.dimension === null ? null : c.dimension !== 'buffer' };
}

export function hasMetadataFlags(c: ResourceCreation | undefined): boolean | undefined {
  if (!c || c.flags === null) return undefined;
  return (c.flags & (RESOURCE_FLAGS.ALLOW_RENDER_TARGET | RESOURCE_FLAGS.ALLOW_DEPTH_STENCIL)) !== 0;
}

/** Which plane(s) a range names: 'all', a single plane index, or undefined when unknown. */
export type PlaneSelection = 'all' | number | undefined;

export interface RangeExtent {
  /** true: certainly a strict part of the mips/array slices; false: certainly all of them; undefined: unknown. */
  partial: boolean | undefined;
  plane: PlaneSelection;
  /** Human-readable range for messages ("mip 1", "subresource 2", "mips 1-2, slices 0-0"). */
  text: string;
}

function counts(c: ResourceCreation | undefined): { mips: number | null; slices: number | null } {
  if (!c) return { mips: null, slices: null };
  const mips = c.mipLevels && c.mipLevels > 0 ? c.mipLevels : null;
  const slices = c.dimension === 'texture3d' ? 1 : c.arraySize && c.arraySize > 0 ? c.arraySize : null;
  return { mips, slices };
}

/** The extent of a texture barrier's Subresources (EB range form or single-index form) over the resource. */
export function textureRangeExtent(b: BarrierFact, c: ResourceCreation | undefined): RangeExtent {
  const first = known(b.fields['Subresources.IndexOrFirstMipLevel']);
  const numMips = known(b.fields['Subresources.NumMipLevels']);
  if (first === undefined || numMips === undefined) return { partial: undefined, plane: undefined, text: 'a range' };
  if (first >>> 0 === ALL_SUBRESOURCES) return { partial: false, plane: 'all', text: 'all subresources' };
  if (numMips === 0) return subresourceExtent(first, c);
  const firstSlice = known(b.fields['Subresources.FirstArraySlice']);
  const numSlices = known(b.fields['Subresources.NumArraySlices']);
  const firstPlane = known(b.fields['Subresources.FirstPlane']);
  const numPlanes = known(b.fields['Subresources.NumPlanes']);
  const plane: PlaneSelection = firstPlane === undefined || numPlanes === undefined ? undefined
    : numPlanes === 1 ? firstPlane : 'all';
  const span = (word: string, a: number, n: number): string => (n === 1 ? `${word} ${a}` : `${word}s ${a}-${a + n - 1}`);
  const slicesNamed = firstSlice !== undefined && numSlices !== undefined && (firstSlice > 0 || numSlices > 1);
  const text = `${span('mip', first, numMips)}${slicesNamed ? `, ${span('array slice', firstSlice, numSlices)}` : ''}`;
  if (first > 0 || (firstSlice ?? 0) > 0) return { partial: true, plane, text };
  const { mips, slices } = counts(c);
  if (mips === null || slices === null || numSlices === undefined) return { partial: undefined, plane, text };
  return { partial: numMips < mips || numSlices < slices, plane, text };
}

/** D3D12CalcSubresource inverse: a single index is partial when the resource has more than one mip/slice. */
export function subresourceExtent(index: number, c: ResourceCreation | undefined): RangeExtent {
  const text = `subresource ${index}`;
  if (index >>> 0 === ALL_SUBRESOURCES) return { partial: false, plane: 'all', text: 'all subresources' };
  const { mips, slices } = counts(c);
  if (mips === null || slices === null) return { partial: undefined, plane: undefined, text };
  const perPlane = mips * slices;
  return { partial: perPlane > 1, plane: Math.floor(index / perPlane), text };
}

export function enhancedInput(b: BarrierFact): EnhancedBarrierInput {
  const v = (name: string): number | null => b.fields[name]?.value ?? null;
  const kind = b.kind === 'texture' || b.kind === 'buffer' ? b.kind : 'global';
  return {
    kind, syncBefore: v('SyncBefore'), syncAfter: v('SyncAfter'), accessBefore: v('AccessBefore'), accessAfter: v('AccessAfter'),
    ...(kind === 'texture' ? { layoutBefore: v('LayoutBefore'), layoutAfter: v('LayoutAfter'), discard: ((v('Flags') ?? 0) & 1) !== 0 } : {}),
  };
}

export function legacyInput(b: BarrierFact): LegacyBarrierInput {
  const v = (name: string): number | null => b.fields[name]?.value ?? null;
  const kind = b.kind === 'legacy-uav' || b.kind === 'legacy-aliasing' ? b.kind : 'legacy-transition';
  return { kind, stateBefore: v('StateBefore'), stateAfter: v('StateAfter'), flags: b.fields.Flags ? v('Flags') : 0 };
}

/** Enumerator names with the Xbox members known (D3D12XBOX_RESOURCE_STATE_PRESERVE_* and so on). */
export function xfmt(family: string, value: number): string {
  return xboxEnumName(family, value);
}
