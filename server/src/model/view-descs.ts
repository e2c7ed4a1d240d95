// Which subresources a view covers, from the fields of its desc (D3D12 § Subresources, "Subresource indexing";
// D3D12_TEX2D_SRV, D3D12_TEX2D_UAV, D3D12_TEX2D_RTV). A legacy subresource index is
// MipSlice + ArraySlice * MipLevels + PlaneSlice * MipLevels * ArraySize; without the resource's mip count only a view
// of one mip of array slice 0 and plane 0 has an index that does not depend on it: that mip's number. Buffer views
// and null descs cover the whole resource. DSVs are not read: a depth-stencil format's view covers two planes.
import type { ViewKind } from './uses';

/** The view dimension enumerators the coverage below understands, by view kind (values of d3d12.h). */
export const VIEW_DIMENSIONS: Readonly<Record<string, number>> = {
  D3D12_SRV_DIMENSION_BUFFER: 1, D3D12_SRV_DIMENSION_TEXTURE1D: 2, D3D12_SRV_DIMENSION_TEXTURE1DARRAY: 3,
  D3D12_SRV_DIMENSION_TEXTURE2D: 4, D3D12_SRV_DIMENSION_TEXTURE2DARRAY: 5, D3D12_SRV_DIMENSION_TEXTURE2DMS: 6,
  D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY: 7, D3D12_SRV_DIMENSION_TEXTURE3D: 8, D3D12_SRV_DIMENSION_TEXTURECUBE: 9,
  D3D12_SRV_DIMENSION_TEXTURECUBEARRAY: 10, D3D12_SRV_DIMENSION_RAYTRACING_ACCELERATION_STRUCTURE: 11,
  D3D12_UAV_DIMENSION_BUFFER: 1, D3D12_UAV_DIMENSION_TEXTURE1D: 2, D3D12_UAV_DIMENSION_TEXTURE1DARRAY: 3,
  D3D12_UAV_DIMENSION_TEXTURE2D: 4, D3D12_UAV_DIMENSION_TEXTURE2DARRAY: 5, D3D12_UAV_DIMENSION_TEXTURE2DMS: 6,
  D3D12_UAV_DIMENSION_TEXTURE2DMSARRAY: 7, D3D12_UAV_DIMENSION_TEXTURE3D: 8,
  D3D12_RTV_DIMENSION_BUFFER: 1, D3D12_RTV_DIMENSION_TEXTURE1D: 2, D3D12_RTV_DIMENSION_TEXTURE1DARRAY: 3,
  D3D12_RTV_DIMENSION_TEXTURE2D: 4, D3D12_RTV_DIMENSION_TEXTURE2DARRAY: 5, D3D12_RTV_DIMENSION_TEXTURE2DMS: 6,
  D3D12_RTV_DIMENSION_TEXTURE2DMSARRAY: 7, D3D12_RTV_DIMENSION_TEXTURE3D: 8,
};

/** Desc members whose values decide the coverage (a walker records only these). */
export const VIEW_DESC_FIELDS: ReadonlySet<string> = new Set([
  'ViewDimension', 'MostDetailedMip', 'MipLevels', 'MipSlice', 'PlaneSlice', 'FirstArraySlice', 'ArraySize',
]);

const BUFFER = 1;
const TEXTURE1D = 2;
const TEXTURE2D = 4;
const TEXTURE2DMS = 6;
const TEXTURE3D = 8;

/** The member struct each dimension's fields live in (`Texture2D.MipSlice`). */
const MEMBER: Readonly<Record<number, string>> = { [TEXTURE1D]: 'Texture1D', [TEXTURE2D]: 'Texture2D', [TEXTURE3D]: 'Texture3D' };

/** A desc's member value: a number, or null when it is not known. */
export type DescField = (path: string) => number | null;

/**
 * The subresources a view with this desc covers: 'all', one subresource index, or null (not known). `field` reads
 * the desc's members by path (`ViewDimension`, `Texture2D.MipLevels`).
 */
export function viewCoverage(view: ViewKind, field: DescField): 'all' | number | null {
  if (view === 'cbv') return 'all';
  if (view === 'dsv') return null;
  const dim = field('ViewDimension');
  if (dim === null) return null;
  // A buffer has one subresource; a multisampled 2D texture one mip (and one slice here).
  if (dim === BUFFER || dim === TEXTURE2DMS) return dim === BUFFER ? 'all' : planeZero(field, 'Texture2DMS') ? 0 : null;
  const member = MEMBER[dim];
  if (!member) return null;
  if (view === 'srv') {
    const first = field(`${member}.MostDetailedMip`);
    const count = field(`${member}.MipLevels`);
    return first !== null && count === 1 && planeZero(field, member) ? first : null;
  }
  const mip = field(`${member}.MipSlice`);
  return mip !== null && planeZero(field, member) ? mip : null;
}

/** Plane 0 (1D and 3D textures have no PlaneSlice member; multisampled ones neither). */
function planeZero(field: DescField, member: string): boolean {
  return member !== 'Texture2D' || field(`${member}.PlaneSlice`) === 0;
}
