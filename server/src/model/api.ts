// D3D12 API entry points the extractor recognizes, as data: creation calls (which argument holds the desc, the
// heap properties, the initial state or layout), command-list recording commands (which arguments are
// resources and the role each plays), and command-list lifecycle methods. eb-rules.md A.11, C.19 (EB-MISC-02).

export interface CreationApi {
  heapArg?: number;
  descArg: number;
  stateArg?: number;
  layoutArg?: number;
  /** Placed resources may alias (aliasing barriers, metadata initialization). */
  placed?: boolean;
  reserved?: boolean;
  /**
   * The argument positions are inferred, not documented publicly (the GDK's headers are not public): a layout or
   * state argument counts only when its text names a layout/state enumerator, so a wrong guess stays unknown.
   */
  inferred?: boolean;
  /** Where a placed resource's memory starts: the heap (or GPU virtual address) argument and the offset argument. */
  memory?: { heap: number; offset?: number };
  /**
   * D3D12 Memory Allocator (`allocator->CreateResource(&allocDesc, &desc, state, clear, &alloc, riid, ppv)`): the
   * argument holding the D3D12MA::ALLOCATION_DESC (its HeapType is the heap type), and the exact argument count. The
   * call counts only when that argument is declared as an allocation desc. `IID_PPV_ARGS(&r)` is one argument in
   * the source for the riid and the out pointer: the shorter count.
   */
  allocation?: { descArg: number; argc: readonly number[] };
}

export const CREATION_APIS: Readonly<Record<string, CreationApi>> = {
  CreateCommittedResource: { heapArg: 0, descArg: 2, stateArg: 3 },
  CreateCommittedResource1: { heapArg: 0, descArg: 2, stateArg: 3 },
  CreateCommittedResource2: { heapArg: 0, descArg: 2, stateArg: 3 },
  CreateCommittedResource3: { heapArg: 0, descArg: 2, layoutArg: 3 },
  CreatePlacedResource: { descArg: 2, stateArg: 3, placed: true, memory: { heap: 0, offset: 1 } },
  CreatePlacedResource1: { descArg: 2, stateArg: 3, placed: true, memory: { heap: 0, offset: 1 } },
  CreatePlacedResource2: { descArg: 2, layoutArg: 3, placed: true, memory: { heap: 0, offset: 1 } },
  CreateReservedResource: { descArg: 0, stateArg: 1, reserved: true },
  // D3D12MA::Allocator (GPUOpen D3D12 Memory Allocator): committed or placed by the allocator in a heap of HeapType.
  CreateResource: { descArg: 1, stateArg: 2, allocation: { descArg: 0, argc: [6, 7] } },
  CreateResource2: { descArg: 1, stateArg: 2, allocation: { descArg: 0, argc: [6, 7] } },
  CreateResource3: { descArg: 1, layoutArg: 2, allocation: { descArg: 0, argc: [8, 9] } },
  CreateReservedResource1: { descArg: 0, stateArg: 1, reserved: true },
  CreateReservedResource2: { descArg: 0, layoutArg: 1, reserved: true },
  // Xbox (GDK): placed at a GPU virtual address instead of heap + offset. CreatePlacedResourceX(address, &desc,
  // state, clear, riid, ppv) as the GDK samples call it; X1 / X2 take a D3D12_BARRIER_LAYOUT (xbox-platform.md § 2)
  // in the state's place, as CreatePlacedResource2 does for CreatePlacedResource1.
  CreatePlacedResourceX: { descArg: 1, stateArg: 2, placed: true },
  CreatePlacedResourceX1: { descArg: 1, layoutArg: 2, placed: true, inferred: true },
  CreateComponentPlacedResourceX2: { descArg: 1, layoutArg: 2, placed: true, inferred: true },
};

export interface CommandSpec {
  /** Accepted argument counts. */
  argc: readonly number[];
  /** Resource arguments: index, role, optional subresource argument index. `loc` = a texture copy location. */
  resources: readonly { arg: number; role: string; sub?: number; loc?: boolean }[];
  /** The sync scope the command runs in (EB-MISC-02), for hazard and sequencing checks. */
  scope: string;
}

export const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  CopyResource: { argc: [2], resources: [{ arg: 0, role: 'copy-dest' }, { arg: 1, role: 'copy-source' }], scope: 'COPY' },
  CopyBufferRegion: { argc: [5], resources: [{ arg: 0, role: 'copy-dest' }, { arg: 2, role: 'copy-source' }], scope: 'COPY' },
  CopyTextureRegion: { argc: [6], resources: [{ arg: 0, role: 'copy-dest', loc: true }, { arg: 4, role: 'copy-source', loc: true }], scope: 'COPY' },
  CopyTiles: { argc: [6], resources: [{ arg: 0, role: 'copy-tiles' }], scope: 'COPY' },
  // The query results are written like a copy's: the destination buffer must be in COPY_DEST (#538).
  ResolveQueryData: { argc: [6], resources: [{ arg: 4, role: 'copy-dest' }], scope: 'COPY' },
  ResolveSubresource: { argc: [5], resources: [{ arg: 0, role: 'resolve-dest', sub: 1 }, { arg: 2, role: 'resolve-source', sub: 3 }], scope: 'RESOLVE' },
  ResolveSubresourceRegion: { argc: [9], resources: [{ arg: 0, role: 'resolve-dest', sub: 1 }, { arg: 4, role: 'resolve-source', sub: 5 }], scope: 'RESOLVE' },
  ExecuteIndirect: { argc: [6], resources: [{ arg: 2, role: 'indirect-argument' }, { arg: 4, role: 'indirect-count' }], scope: 'EXECUTE_INDIRECT' },
  // The predicate is read from the buffer when the predicated commands run: it must be in PREDICATION (#538).
  // `SetPredication(nullptr, 0, op)` turns predication off and names no resource.
  SetPredication: { argc: [3], resources: [{ arg: 0, role: 'predication' }], scope: 'PREDICATION' },
  ClearUnorderedAccessViewUint: { argc: [6], resources: [{ arg: 2, role: 'clear-uav' }], scope: 'CLEAR_UNORDERED_ACCESS_VIEW' },
  ClearUnorderedAccessViewFloat: { argc: [6], resources: [{ arg: 2, role: 'clear-uav' }], scope: 'CLEAR_UNORDERED_ACCESS_VIEW' },
  DiscardResource: { argc: [2], resources: [{ arg: 0, role: 'discard' }], scope: 'ALL' },
  Dispatch: { argc: [3], resources: [], scope: 'COMPUTE_SHADING' },
  DispatchMesh: { argc: [3], resources: [], scope: 'DRAW' },
  DispatchRays: { argc: [1], resources: [], scope: 'RAYTRACING' },
  DrawInstanced: { argc: [4], resources: [], scope: 'DRAW' },
  DrawIndexedInstanced: { argc: [5], resources: [], scope: 'DRAW' },
  ClearRenderTargetView: { argc: [4], resources: [], scope: 'RENDER_TARGET' },
  ClearDepthStencilView: { argc: [6], resources: [], scope: 'DEPTH_STENCIL' },
  BeginRenderPass: { argc: [4], resources: [], scope: 'RENDER_TARGET' },
  BuildRaytracingAccelerationStructure: { argc: [3], resources: [], scope: 'BUILD_RAYTRACING_ACCELERATION_STRUCTURE' },
  // The destination is a GPU virtual address inside the parameter struct (extract/raytracing-descs.ts reads it).
  WriteBufferImmediate: { argc: [3], resources: [], scope: 'COPY' },
};

/**
 * Debug-layer assertions recorded on a debug command list, `(pResource, Subresource, value)`: what the value names
 * (EB § ID3D12DebugCommandList3 AssertTextureLayout / AssertResourceAccess; ID3D12DebugCommandList::AssertResourceState
 * for legacy states). They record no GPU work and change no state (eb-rules.md EB-MISC-04).
 */
export const STATE_ASSERTS: Readonly<Record<string, 'layout' | 'access' | 'state'>> = {
  AssertTextureLayout: 'layout',
  AssertResourceAccess: 'access',
  AssertResourceState: 'state',
};

/** Lifecycle methods of a command list: argument counts that identify the D3D12 method. */
export const LIST_OPS: Readonly<Record<string, { kind: 'close' | 'reset'; argc: readonly number[] }>> = {
  Close: { kind: 'close', argc: [0] },
  Reset: { kind: 'reset', argc: [2] },
};

/** Command-list creation: argument index of the list type. The created list is the last argument. */
export const LIST_CREATION: Readonly<Record<string, { typeArg: number; argc: readonly number[] }>> = {
  CreateCommandList: { typeArg: 1, argc: [5, 6] },
  CreateCommandList1: { typeArg: 1, argc: [4, 5] },
};

/** `D3D12_COMMAND_LIST_TYPE` value → the config/types name. */
export const LIST_TYPE_NAMES: Readonly<Record<number, 'direct' | 'bundle' | 'compute' | 'copy' | 'video-decode' | 'video-process' | 'video-encode'>> = {
  0: 'direct', 1: 'bundle', 2: 'compute', 3: 'copy', 4: 'video-decode', 5: 'video-process', 6: 'video-encode',
};

/**
 * What a command's resource argument needs (legacy state bits, enhanced access and the layouts that allow it),
 * for use-vs-state checks (#538) and for legacy implicit promotion from COMMON (LB-10).
 */
export interface RoleNeed {
  state: number;
  stateName: string;
  access: number;
  /** Human wording of the use, as in the debug layer's "is invalid for use as a render target". */
  use: string;
}

export const ROLE_NEEDS: Readonly<Record<string, RoleNeed>> = {
  'copy-dest': { state: 0x400, stateName: 'COPY_DEST', access: 0x400, use: 'a copy destination' },
  'copy-source': { state: 0x800, stateName: 'COPY_SOURCE', access: 0x800, use: 'a copy source' },
  'resolve-dest': { state: 0x1000, stateName: 'RESOLVE_DEST', access: 0x1000, use: 'a resolve destination' },
  'resolve-source': { state: 0x2000, stateName: 'RESOLVE_SOURCE', access: 0x2000, use: 'a resolve source' },
  'indirect-argument': { state: 0x200, stateName: 'INDIRECT_ARGUMENT', access: 0x200, use: 'an indirect argument buffer' },
  'indirect-count': { state: 0x200, stateName: 'INDIRECT_ARGUMENT', access: 0x200, use: 'an indirect count buffer' },
  // D3D12_RESOURCE_STATE_PREDICATION and D3D12_BARRIER_ACCESS_PREDICATION are the INDIRECT_ARGUMENT bits.
  predication: { state: 0x200, stateName: 'PREDICATION', access: 0x200, use: 'a predication buffer' },
  'clear-uav': { state: 0x8, stateName: 'UNORDERED_ACCESS', access: 0x10, use: 'an unordered access view' },
};

/**
 * `CheckFeatureSupport` features that ask about one format or one resource desc, not about the device: a texture or
 * resource service queries them wherever it creates resources, so a file making only these queries is not where the
 * device's features are decided (rules/enhanced-barriers-support.ts judges a file that sets the device up).
 */
export const PER_RESOURCE_FEATURES: ReadonlySet<string> = new Set([
  'D3D12_FEATURE_FORMAT_SUPPORT',
  'D3D12_FEATURE_FORMAT_INFO',
  'D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS',
  'D3D12_FEATURE_PLACED_RESOURCE_SUPPORT_INFO',
]);
