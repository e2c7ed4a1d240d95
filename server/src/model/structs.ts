// Barrier-related struct layouts as data: member order (for positional aggregate initializers), nested members,
// and the C++ type names (raw and d3dx12 helper) that denote each struct. eb-rules.md A.10, A.7, B.

export type StructKind =
  | 'texture' | 'buffer' | 'global' | 'group' | 'range' | 'legacy'
  | 'desc' | 'heap-props' | 'copy-location' | 'legacy-transition' | 'legacy-aliasing' | 'legacy-uav' | 'sample-desc'
  | 'queue-desc' | 'heap-desc' | 'allocation-desc' | 'allocation-desc-helper';

export interface StructLayout {
  kind: StructKind;
  /** Members in declaration order; a member whose name appears in `nested` is itself a struct. */
  members: readonly string[];
  nested?: Readonly<Record<string, StructKind>>;
  /** Union members: any of these names may be designated; positional init fills the first. */
  unionAfter?: number;
}

export const STRUCT_LAYOUTS: Readonly<Record<StructKind, StructLayout>> = {
  range: { kind: 'range', members: ['IndexOrFirstMipLevel', 'NumMipLevels', 'FirstArraySlice', 'NumArraySlices', 'FirstPlane', 'NumPlanes'] },
  global: { kind: 'global', members: ['SyncBefore', 'SyncAfter', 'AccessBefore', 'AccessAfter'] },
  texture: {
    kind: 'texture',
    members: ['SyncBefore', 'SyncAfter', 'AccessBefore', 'AccessAfter', 'LayoutBefore', 'LayoutAfter', 'pResource', 'Subresources', 'Flags'],
    nested: { Subresources: 'range' },
  },
  buffer: { kind: 'buffer', members: ['SyncBefore', 'SyncAfter', 'AccessBefore', 'AccessAfter', 'pResource', 'Offset', 'Size'] },
  // D3D12_BARRIER_GROUP { Type; NumBarriers; union { pGlobalBarriers; pTextureBarriers; pBufferBarriers; } }
  group: { kind: 'group', members: ['Type', 'NumBarriers', 'pGlobalBarriers', 'pTextureBarriers', 'pBufferBarriers'], unionAfter: 2 },
  // D3D12_RESOURCE_BARRIER { Type; Flags; union { Transition; Aliasing; UAV; } }
  legacy: {
    kind: 'legacy',
    members: ['Type', 'Flags', 'Transition', 'Aliasing', 'UAV'],
    nested: { Transition: 'legacy-transition', Aliasing: 'legacy-aliasing', UAV: 'legacy-uav' },
    unionAfter: 2,
  },
  'legacy-transition': { kind: 'legacy-transition', members: ['pResource', 'Subresource', 'StateBefore', 'StateAfter'] },
  'legacy-aliasing': { kind: 'legacy-aliasing', members: ['pResourceBefore', 'pResourceAfter'] },
  'legacy-uav': { kind: 'legacy-uav', members: ['pResource'] },
  // D3D12_RESOURCE_DESC(1): Dimension, Alignment, Width, Height, DepthOrArraySize, MipLevels, Format, SampleDesc, Layout, Flags
  desc: {
    kind: 'desc',
    members: ['Dimension', 'Alignment', 'Width', 'Height', 'DepthOrArraySize', 'MipLevels', 'Format', 'SampleDesc', 'Layout', 'Flags'],
    nested: { SampleDesc: 'sample-desc' },
  },
  'sample-desc': { kind: 'sample-desc', members: ['Count', 'Quality'] },
  'heap-props': { kind: 'heap-props', members: ['Type', 'CPUPageProperty', 'MemoryPoolPreference', 'CreationNodeMask', 'VisibleNodeMask'] },
  'copy-location': { kind: 'copy-location', members: ['pResource', 'Type', 'SubresourceIndex'] },
  // D3D12_COMMAND_QUEUE_DESC { Type; Priority; Flags; NodeMask }
  'queue-desc': { kind: 'queue-desc', members: ['Type', 'Priority', 'Flags', 'NodeMask'] },
  // D3D12_HEAP_DESC { SizeInBytes; Properties; Alignment; Flags } (CreateHeap: the heap type of placed resources)
  'heap-desc': { kind: 'heap-desc', members: ['SizeInBytes', 'Properties', 'Alignment', 'Flags'], nested: { Properties: 'heap-props' } },
  // D3D12MA::ALLOCATION_DESC { Flags; HeapType; ExtraHeapFlags; CustomPool; pPrivateData }, and its helper
  // D3D12MA::CALLOCATION_DESC whose braces/constructor take (heapType, flags, privateData, extraHeapFlags).
  'allocation-desc': { kind: 'allocation-desc', members: ['Flags', 'HeapType', 'ExtraHeapFlags', 'CustomPool', 'pPrivateData'] },
  'allocation-desc-helper': { kind: 'allocation-desc-helper', members: ['HeapType', 'Flags', 'pPrivateData', 'ExtraHeapFlags'] },
};

/** C++ type name → struct kind (raw D3D12 structs and their d3dx12 helpers). */
export const STRUCT_TYPE_NAMES: Readonly<Record<string, StructKind>> = {
  D3D12_TEXTURE_BARRIER: 'texture', CD3DX12_TEXTURE_BARRIER: 'texture',
  D3D12_BUFFER_BARRIER: 'buffer', CD3DX12_BUFFER_BARRIER: 'buffer',
  D3D12_GLOBAL_BARRIER: 'global', CD3DX12_GLOBAL_BARRIER: 'global',
  D3D12_BARRIER_GROUP: 'group', CD3DX12_BARRIER_GROUP: 'group',
  D3D12_BARRIER_SUBRESOURCE_RANGE: 'range', CD3DX12_BARRIER_SUBRESOURCE_RANGE: 'range',
  D3D12_RESOURCE_BARRIER: 'legacy', CD3DX12_RESOURCE_BARRIER: 'legacy',
  // The union members of a D3D12_RESOURCE_BARRIER, built apart and assigned whole (`.Transition = transition`).
  D3D12_RESOURCE_TRANSITION_BARRIER: 'legacy-transition', D3D12_RESOURCE_ALIASING_BARRIER: 'legacy-aliasing', D3D12_RESOURCE_UAV_BARRIER: 'legacy-uav',
  D3D12_RESOURCE_DESC: 'desc', CD3DX12_RESOURCE_DESC: 'desc', D3D12_RESOURCE_DESC1: 'desc', CD3DX12_RESOURCE_DESC1: 'desc',
  D3D12_HEAP_PROPERTIES: 'heap-props', CD3DX12_HEAP_PROPERTIES: 'heap-props',
  D3D12_TEXTURE_COPY_LOCATION: 'copy-location', CD3DX12_TEXTURE_COPY_LOCATION: 'copy-location',
  DXGI_SAMPLE_DESC: 'sample-desc',
  D3D12_COMMAND_QUEUE_DESC: 'queue-desc',
  D3D12_HEAP_DESC: 'heap-desc',
  'D3D12MA::ALLOCATION_DESC': 'allocation-desc', 'D3D12MA::CALLOCATION_DESC': 'allocation-desc-helper',
};

/** The enum family each barrier member holds (for value formatting and argument-kind checks). */
export const MEMBER_FAMILY: Readonly<Record<string, string>> = {
  SyncBefore: 'sync', SyncAfter: 'sync', AccessBefore: 'access', AccessAfter: 'access',
  LayoutBefore: 'layout', LayoutAfter: 'layout', Flags: 'texture-flags',
  StateBefore: 'state', StateAfter: 'state', Type: 'barrier-type',
};

/**
 * Scalar type names a cast may name: `(D3D12_BARRIER_SYNC)(x)`, `(UINT64)-1`, `D3D12_BARRIER_SYNC(x)`. A cast
 * changes neither the value the extractor folds nor (for barrier fields) the enum family it is formatted in.
 */
export const SCALAR_TYPE_NAMES: ReadonlySet<string> = new Set([
  'UINT', 'UINT8', 'UINT16', 'UINT32', 'UINT64', 'INT', 'INT32', 'INT64', 'DWORD', 'ULONG', 'ULONGLONG', 'LONG', 'SIZE_T',
  'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'int32_t', 'int64_t', 'size_t', 'unsigned', 'int', 'long', 'u32', 'u64',
  'D3D12_BARRIER_SYNC', 'D3D12_BARRIER_ACCESS', 'D3D12_BARRIER_LAYOUT', 'D3D12_BARRIER_TYPE', 'D3D12_TEXTURE_BARRIER_FLAGS',
  'D3D12_RESOURCE_STATES', 'D3D12_RESOURCE_BARRIER_FLAGS', 'D3D12_RESOURCE_BARRIER_TYPE', 'D3D12_RESOURCE_FLAGS',
  'D3D12_HEAP_TYPE', 'D3D12_COMMAND_LIST_TYPE', 'D3D12_RESOURCE_DIMENSION',
]);
