// DXGI formats with more than one plane (D3D12GetFormatPlaneCount; eb-rules.md B.7, EB-SUBRES-05): depth/stencil
// formats keep depth in plane 0 and stencil in plane 1; planar video formats keep luma and chroma apart. A barrier
// range that names plane 0 only leaves the other plane where it was.

export interface PlaneInfo {
  planes: number;
  /** What plane 1 holds, for messages. */
  second: string;
}

const DEPTH_STENCIL: PlaneInfo = { planes: 2, second: 'stencil' };
const PLANAR_VIDEO: PlaneInfo = { planes: 2, second: 'chroma' };

export const MULTI_PLANE_FORMATS: Readonly<Record<string, PlaneInfo>> = {
  DXGI_FORMAT_D24_UNORM_S8_UINT: DEPTH_STENCIL,
  DXGI_FORMAT_R24G8_TYPELESS: DEPTH_STENCIL,
  DXGI_FORMAT_D32_FLOAT_S8X24_UINT: DEPTH_STENCIL,
  DXGI_FORMAT_R32G8X24_TYPELESS: DEPTH_STENCIL,
  DXGI_FORMAT_NV12: PLANAR_VIDEO,
  DXGI_FORMAT_P010: PLANAR_VIDEO,
  DXGI_FORMAT_P016: PLANAR_VIDEO,
  DXGI_FORMAT_NV11: PLANAR_VIDEO,
  DXGI_FORMAT_420_OPAQUE: PLANAR_VIDEO,
};

/** The plane count of a format named by its enumerator: 1 for every format not listed, null when unknown. */
export function planeCount(format: string | null | undefined): number | null {
  if (!format) return null;
  return MULTI_PLANE_FORMATS[format]?.planes ?? 1;
}
