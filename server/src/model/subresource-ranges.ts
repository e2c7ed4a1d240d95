// Which subresources a barrier names, and whether two such selections can share a subresource (eb-rules.md
// EB-SUBRES-01, LB-14). Legacy transitions name one subresource index or ALL_SUBRESOURCES; enhanced texture
// barriers use D3D12_BARRIER_SUBRESOURCE_RANGE, whose NumMipLevels == 0 means "IndexOrFirstMipLevel is an index".

import { ALL_SUBRESOURCES } from './enums';

/** A subresource index (ALL_SUBRESOURCES = every subresource), or a mips × array slices × planes box. */
export type SubresourceSelection =
  | { kind: 'index'; index: number }
  | { kind: 'range'; firstMip: number; numMips: number; firstSlice: number; numSlices: number; firstPlane: number; numPlanes: number };

/** The six D3D12_BARRIER_SUBRESOURCE_RANGE members, in struct order (A.10). */
export interface SubresourceRangeValues {
  IndexOrFirstMipLevel: number;
  NumMipLevels: number;
  FirstArraySlice: number;
  NumArraySlices: number;
  FirstPlane: number;
  NumPlanes: number;
}

/** EB-SUBRES-01: index form when NumMipLevels is 0 (the other four members are then ignored). */
export function selectionOfRange(r: SubresourceRangeValues): SubresourceSelection {
  if (r.NumMipLevels === 0) return { kind: 'index', index: r.IndexOrFirstMipLevel >>> 0 };
  return {
    kind: 'range', firstMip: r.IndexOrFirstMipLevel, numMips: r.NumMipLevels, firstSlice: r.FirstArraySlice,
    numSlices: r.NumArraySlices, firstPlane: r.FirstPlane, numPlanes: r.NumPlanes,
  };
}

const spansMeet = (a: number, n: number, b: number, m: number): boolean => n > 0 && m > 0 && a < b + m && b < a + n;

/**
 * Whether two selections on one resource share a subresource: true/false when that follows from the values alone,
 * undefined when it depends on the resource's mip, array and plane counts (a single index against a box).
 */
export function selectionsOverlap(a: SubresourceSelection, b: SubresourceSelection): boolean | undefined {
  const all = (s: SubresourceSelection): boolean => s.kind === 'index' && s.index >>> 0 === ALL_SUBRESOURCES;
  const empty = (s: SubresourceSelection): boolean => s.kind === 'range' && (s.numMips === 0 || s.numSlices === 0 || s.numPlanes === 0);
  if (empty(a) || empty(b)) return false;
  if (all(a) || all(b)) return true;
  if (a.kind === 'index' && b.kind === 'index') return a.index >>> 0 === b.index >>> 0;
  if (a.kind === 'range' && b.kind === 'range') {
    return spansMeet(a.firstMip, a.numMips, b.firstMip, b.numMips)
      && spansMeet(a.firstSlice, a.numSlices, b.firstSlice, b.numSlices)
      && spansMeet(a.firstPlane, a.numPlanes, b.firstPlane, b.numPlanes);
  }
  return undefined;
}

/** "subresource 3", "all subresources", "mips 0-1, array slices 2-3, plane 0" for messages. */
export function describeSelection(s: SubresourceSelection): string {
  if (s.kind === 'index') return s.index >>> 0 === ALL_SUBRESOURCES ? 'all subresources' : `subresource ${s.index}`;
  const span = (word: string, first: number, n: number): string =>
    (n === 1 ? `${word} ${first}` : `${word}s ${first}-${first + n - 1}`);
  return `${span('mip', s.firstMip, s.numMips)}, ${span('array slice', s.firstSlice, s.numSlices)}, ${span('plane', s.firstPlane, s.numPlanes)}`;
}
