// d3dx12 helper constructors and factories as data: which struct each builds, and for every overload the
// parameters in order (the member each fills, what kind of value it takes, its default). eb-rules.md section B.
import type { StructKind } from './structs';

export type ParamExpect = 'num' | 'res' | 'range' | 'group-ptr' | 'ignore';

export interface HelperParam {
  /** Member path the argument fills ("Subresources" for the nested range, "Transition.StateBefore" for legacy). */
  member: string;
  expect: ParamExpect;
  /** Enum family the argument must belong to when it is a bare enumerator (argument-kind check). */
  family?: string;
  /** Default value for trailing optional parameters. */
  default?: number;
}

export interface HelperOverload {
  params: readonly HelperParam[];
  /** Members set regardless of the arguments (e.g. Offset = 0, Size = UINT64_MAX, Type = TRANSITION). */
  fixed?: Readonly<Record<string, number>>;
  /** The one-argument copy constructor (argument is a struct of the same kind). */
  copy?: boolean;
}

export interface HelperSpec {
  kind: StructKind;
  /** Site kind for `--format facts`. */
  siteKind: string;
  overloads: readonly HelperOverload[];
}

const UINT64_MAX = 18446744073709551615;
const p = (member: string, expect: ParamExpect, family?: string, def?: number): HelperParam =>
  def === undefined ? { member, expect, family } : { member, expect, family, default: def };

const SYNC_ACCESS = [
  p('SyncBefore', 'num', 'sync'), p('SyncAfter', 'num', 'sync'),
  p('AccessBefore', 'num', 'access'), p('AccessAfter', 'num', 'access'),
];
const EMPTY: HelperOverload = { params: [] };
const COPY: HelperOverload = { params: [p('', 'ignore')], copy: true };

export const HELPERS: Readonly<Record<string, HelperSpec>> = {
  CD3DX12_TEXTURE_BARRIER: {
    kind: 'texture', siteKind: 'texture-barrier',
    overloads: [EMPTY, COPY, {
      params: [...SYNC_ACCESS, p('LayoutBefore', 'num', 'layout'), p('LayoutAfter', 'num', 'layout'),
        p('pResource', 'res'), p('Subresources', 'range'), p('Flags', 'num', 'texture-flags', 0)],
    }],
  },
  CD3DX12_BUFFER_BARRIER: {
    kind: 'buffer', siteKind: 'buffer-barrier',
    overloads: [EMPTY, COPY, { params: [...SYNC_ACCESS, p('pResource', 'res')], fixed: { Offset: 0, Size: UINT64_MAX } }],
  },
  CD3DX12_GLOBAL_BARRIER: { kind: 'global', siteKind: 'global-barrier', overloads: [EMPTY, COPY, { params: SYNC_ACCESS }] },
  CD3DX12_BARRIER_GROUP: {
    kind: 'group', siteKind: 'barrier-group',
    overloads: [EMPTY, COPY, { params: [p('NumBarriers', 'num'), p('pBarriers', 'group-ptr')] }],
  },
  CD3DX12_BARRIER_SUBRESOURCE_RANGE: {
    kind: 'range', siteKind: 'subresource-range',
    overloads: [EMPTY, { params: [p('IndexOrFirstMipLevel', 'num')], fixed: { NumMipLevels: 0, FirstArraySlice: 0, NumArraySlices: 0, FirstPlane: 0, NumPlanes: 0 } }, {
      params: [p('IndexOrFirstMipLevel', 'num'), p('NumMipLevels', 'num'), p('FirstArraySlice', 'num'),
        p('NumArraySlices', 'num'), p('FirstPlane', 'num', undefined, 0), p('NumPlanes', 'num', undefined, 1)],
    }],
  },
  'CD3DX12_RESOURCE_BARRIER::Transition': {
    kind: 'legacy', siteKind: 'legacy-transition',
    overloads: [{
      params: [p('Transition.pResource', 'res'), p('Transition.StateBefore', 'num', 'state'),
        p('Transition.StateAfter', 'num', 'state'), p('Transition.Subresource', 'num', undefined, 0xffffffff),
        p('Flags', 'num', 'resource-barrier-flags', 0)],
      fixed: { Type: 0 },
    }],
  },
  'CD3DX12_RESOURCE_BARRIER::UAV': {
    kind: 'legacy', siteKind: 'legacy-uav',
    overloads: [{ params: [p('UAV.pResource', 'res')], fixed: { Type: 2, Flags: 0 } }],
  },
  'CD3DX12_RESOURCE_BARRIER::Aliasing': {
    kind: 'legacy', siteKind: 'legacy-aliasing',
    overloads: [{ params: [p('Aliasing.pResourceBefore', 'res'), p('Aliasing.pResourceAfter', 'res')], fixed: { Type: 1, Flags: 0 } }],
  },
  CD3DX12_RESOURCE_BARRIER: { kind: 'legacy', siteKind: 'legacy-barrier', overloads: [EMPTY, COPY] },
  CD3DX12_HEAP_PROPERTIES: {
    kind: 'heap-props', siteKind: '',
    // (type, creationNodeMask, nodeMask) or (cpuPageProperty, memoryPool, …): a CUSTOM heap. Two arguments match both
    // by count; the enumerators' families choose (a node mask is no enumerator).
    overloads: [EMPTY, { params: [p('Type', 'num', 'heap-type'), p('', 'ignore', 'node-mask', 1), p('', 'ignore', 'node-mask', 1)] },
      { params: [p('', 'ignore', 'cpu-page-property'), p('', 'ignore', 'memory-pool'), p('', 'ignore', undefined, 1), p('', 'ignore', undefined, 1)], fixed: { Type: 4 } }],
  },
  CD3DX12_TEXTURE_COPY_LOCATION: {
    kind: 'copy-location', siteKind: '',
    overloads: [EMPTY, { params: [p('pResource', 'res')] }, { params: [p('pResource', 'res'), p('SubresourceIndex', 'num')] }],
  },
};

/** CD3DX12_RESOURCE_DESC(1)::Buffer/Tex1D/Tex2D/Tex3D: parameters by position (format first for textures). */
export const DESC_FACTORIES: Readonly<Record<string, { dimension: number; params: readonly HelperParam[] }>> = {
  Buffer: { dimension: 1, params: [p('Width', 'num'), p('Flags', 'num', 'resource-flags', 0), p('Alignment', 'num', undefined, 0)] },
  Tex1D: {
    dimension: 2,
    params: [p('Format', 'ignore'), p('Width', 'num'), p('DepthOrArraySize', 'num', undefined, 1), p('MipLevels', 'num', undefined, 0),
      p('Flags', 'num', 'resource-flags', 0), p('Layout', 'ignore', undefined, 0), p('Alignment', 'num', undefined, 0)],
  },
  Tex2D: {
    dimension: 3,
    params: [p('Format', 'ignore'), p('Width', 'num'), p('Height', 'num'), p('DepthOrArraySize', 'num', undefined, 1),
      p('MipLevels', 'num', undefined, 0), p('SampleDesc', 'num', undefined, 1), p('SampleQuality', 'ignore', undefined, 0),
      p('Flags', 'num', 'resource-flags', 0), p('Layout', 'ignore', undefined, 0), p('Alignment', 'num', undefined, 0),
      p('', 'ignore', undefined, 0), p('', 'ignore', undefined, 0), p('', 'ignore', undefined, 0)],
  },
  Tex3D: {
    dimension: 4,
    params: [p('Format', 'ignore'), p('Width', 'num'), p('Height', 'num'), p('DepthOrArraySize', 'num'),
      p('MipLevels', 'num', undefined, 0), p('Flags', 'num', 'resource-flags', 0), p('Layout', 'ignore', undefined, 0),
      p('Alignment', 'num', undefined, 0)],
  },
};

/** Minimum argument count of an overload (parameters without defaults). */
export function minArgs(o: HelperOverload): number {
  let n = o.params.length;
  while (n > 0 && o.params[n - 1].default !== undefined) n--;
  return n;
}
