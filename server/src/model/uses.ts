// What GPU work needs from the resources it uses through descriptors, bindings and GPU virtual addresses: the
// legacy state bits, the enhanced access (and so the layouts that allow it), and the debug layer's wording of the
// use ("is invalid for use as a render target"). eb-rules.md A.6 (legacy state ↔ access), LB-21 / #538, E12.

/** The ways a bound or viewed resource is used by a clear, draw, dispatch or Present. */
export type UseKind =
  | 'render-target' | 'depth-write' | 'depth-read' | 'depth-bound'
  | 'index-buffer' | 'vertex-buffer' | 'constant-buffer' | 'stream-output'
  | 'unordered-access' | 'non-pixel-shader-resource' | 'pixel-shader-resource' | 'shader-resource'
  | 'raytracing-acceleration-structure' | 'present' | 'copy-dest';

export interface UseNeed {
  /**
   * Legacy states that allow the use: the tracked state must contain every bit of at least one entry. An entry of 0
   * is "exactly COMMON/PRESENT" (Present), never "any state".
   */
  anyOf: readonly number[];
  /** Enhanced access bits the use performs (a layout must allow one of them); 0: the layout must be COMMON. */
  access: number;
  /** The debug layer's phrase: "is invalid for use as {use}". */
  use: string;
  /** How the message quotes the expected bits: "(all)" for one entry, "(any)" for alternatives. */
  expected: 'all' | 'any';
  /** The GPU writes the resource through this use (a later access needs a barrier first). */
  writes: boolean;
  /** Only textures can be used this way (render targets, depth): a COMMON texture is not promoted to it. */
  textureOnly: boolean;
}

const S = {
  VERTEX_AND_CONSTANT_BUFFER: 0x1, INDEX_BUFFER: 0x2, RENDER_TARGET: 0x4, UNORDERED_ACCESS: 0x8, DEPTH_WRITE: 0x10,
  DEPTH_READ: 0x20, NON_PIXEL_SHADER_RESOURCE: 0x40, PIXEL_SHADER_RESOURCE: 0x80, STREAM_OUT: 0x100,
  RAYTRACING_ACCELERATION_STRUCTURE: 0x400000,
} as const;

const A = {
  VERTEX_BUFFER: 0x1, CONSTANT_BUFFER: 0x2, INDEX_BUFFER: 0x4, RENDER_TARGET: 0x8, UNORDERED_ACCESS: 0x10,
  DEPTH_STENCIL_WRITE: 0x20, DEPTH_STENCIL_READ: 0x40, SHADER_RESOURCE: 0x80, STREAM_OUTPUT: 0x100, RTAS_READ: 0x4000,
} as const;

// NOTE: the phrases for render target through pixel shader resource are the debug layer's own (issue 9 lists them);
// "a depth stencil" (a writable DSV at a draw: the pipeline may only test depth) and "a PRESENT_SOURCE" follow
// the same pattern.
export const USE_NEEDS: Readonly<Record<UseKind, UseNeed>> = {
  'render-target': { anyOf: [S.RENDER_TARGET], access: A.RENDER_TARGET, use: 'a render target', expected: 'all', writes: true, textureOnly: true },
  'depth-write': { anyOf: [S.DEPTH_WRITE], access: A.DEPTH_STENCIL_WRITE, use: 'depth write', expected: 'all', writes: true, textureOnly: true },
  'depth-read': { anyOf: [S.DEPTH_READ, S.DEPTH_WRITE], access: A.DEPTH_STENCIL_READ, use: 'depth read', expected: 'any', writes: false, textureOnly: true },
  // A writable DSV bound at a draw: whether the pipeline writes depth is not known, so a read state is accepted.
  'depth-bound': { anyOf: [S.DEPTH_WRITE, S.DEPTH_READ], access: A.DEPTH_STENCIL_WRITE | A.DEPTH_STENCIL_READ, use: 'a depth stencil', expected: 'any', writes: false, textureOnly: true },
  'index-buffer': { anyOf: [S.INDEX_BUFFER], access: A.INDEX_BUFFER, use: 'an index buffer', expected: 'all', writes: false, textureOnly: false },
  'vertex-buffer': { anyOf: [S.VERTEX_AND_CONSTANT_BUFFER], access: A.VERTEX_BUFFER, use: 'a vertex buffer', expected: 'all', writes: false, textureOnly: false },
  'constant-buffer': { anyOf: [S.VERTEX_AND_CONSTANT_BUFFER], access: A.CONSTANT_BUFFER, use: 'a constant buffer', expected: 'all', writes: false, textureOnly: false },
  'stream-output': { anyOf: [S.STREAM_OUT], access: A.STREAM_OUTPUT, use: 'a stream output buffer', expected: 'all', writes: true, textureOnly: false },
  'unordered-access': { anyOf: [S.UNORDERED_ACCESS], access: A.UNORDERED_ACCESS, use: 'unordered access', expected: 'all', writes: true, textureOnly: false },
  'non-pixel-shader-resource': { anyOf: [S.NON_PIXEL_SHADER_RESOURCE], access: A.SHADER_RESOURCE, use: 'a non-pixel shader resource', expected: 'all', writes: false, textureOnly: false },
  'pixel-shader-resource': { anyOf: [S.PIXEL_SHADER_RESOURCE], access: A.SHADER_RESOURCE, use: 'a pixel shader resource', expected: 'all', writes: false, textureOnly: false },
  // A shader resource whose shader stage is not known (a direct list without root-signature visibility).
  'shader-resource': { anyOf: [S.NON_PIXEL_SHADER_RESOURCE, S.PIXEL_SHADER_RESOURCE], access: A.SHADER_RESOURCE, use: 'a shader resource', expected: 'any', writes: false, textureOnly: false },
  'raytracing-acceleration-structure': { anyOf: [S.RAYTRACING_ACCELERATION_STRUCTURE], access: A.RTAS_READ, use: 'a raytracing acceleration structure', expected: 'all', writes: false, textureOnly: false },
  present: { anyOf: [0], access: 0, use: 'a PRESENT_SOURCE', expected: 'all', writes: false, textureOnly: true },
  // WriteBufferImmediate's destination (a GPU virtual address): the receiving buffer must be in COPY_DEST.
  'copy-dest': { anyOf: [0x400], access: 0x400, use: 'a copy destination', expected: 'all', writes: true, textureOnly: false },
};

/**
 * An acceleration structure lives in RAYTRACING_ACCELERATION_STRUCTURE for its whole life, and a shader reads it
 * through an SRV (a root SRV or a table's RTAS view, `DispatchRays` / inline ray queries): such a shader-resource
 * read is an acceleration-structure read, not a NON_PIXEL/PIXEL_SHADER_RESOURCE one.
 */
export const SHADER_RESOURCE_READS: ReadonlySet<UseKind> = new Set<UseKind>(['non-pixel-shader-resource', 'pixel-shader-resource', 'shader-resource']);
/** What marks a resource as an acceleration structure: its legacy state, its enhanced accesses, its creation flag. */
export const ACCELERATION_STRUCTURE = {
  state: S.RAYTRACING_ACCELERATION_STRUCTURE,
  access: A.RTAS_READ | 0x8000,
  flag: 0x100,
} as const;

/** Whether a legacy state allows the use (COMMON promotion is decided by the caller: it needs the resource kind). */
export function legacyStateAllows(need: UseNeed, state: number): boolean {
  const s = state >>> 0;
  return need.anyOf.some((bits) => (bits === 0 ? s === 0 : (s & bits) === bits));
}

/** The state bits the message lists as expected: the single entry, or the union of the alternatives. */
export function expectedBits(need: UseNeed): number {
  return need.anyOf.reduce((a, b) => a | b, 0) >>> 0;
}

/** The kind of view a descriptor holds, and what a shader binding through it uses. */
export type ViewKind = 'rtv' | 'dsv' | 'srv' | 'uav' | 'cbv';

/** `ID3D12Device::Create*View` methods: the view kind and the argument positions of the resource, desc and handle. */
export const VIEW_CREATION: Readonly<Record<string, { view: ViewKind; resource: number | null; desc: number; handle: number; argc: number }>> = {
  CreateRenderTargetView: { view: 'rtv', resource: 0, desc: 1, handle: 2, argc: 3 },
  CreateDepthStencilView: { view: 'dsv', resource: 0, desc: 1, handle: 2, argc: 3 },
  CreateShaderResourceView: { view: 'srv', resource: 0, desc: 1, handle: 2, argc: 3 },
  CreateUnorderedAccessView: { view: 'uav', resource: 0, desc: 2, handle: 3, argc: 4 },
  // The CBV's resource is named by the desc's BufferLocation (a GPU virtual address).
  CreateConstantBufferView: { view: 'cbv', resource: null, desc: 0, handle: 1, argc: 2 },
};

/** `D3D12_DSV_FLAG_READ_ONLY_DEPTH`: a DSV with it only reads depth. */
export const DSV_FLAG_READ_ONLY_DEPTH = 0x1;

/** Root-descriptor setters: the view kind the GPU virtual address is bound as, and whether it is the compute root. */
export const ROOT_DESCRIPTOR_SETTERS: Readonly<Record<string, { view: 'srv' | 'uav' | 'cbv'; compute: boolean }>> = {
  SetGraphicsRootShaderResourceView: { view: 'srv', compute: false },
  SetGraphicsRootUnorderedAccessView: { view: 'uav', compute: false },
  SetGraphicsRootConstantBufferView: { view: 'cbv', compute: false },
  SetComputeRootShaderResourceView: { view: 'srv', compute: true },
  SetComputeRootUnorderedAccessView: { view: 'uav', compute: true },
  SetComputeRootConstantBufferView: { view: 'cbv', compute: true },
};

export const DESCRIPTOR_TABLE_SETTERS: Readonly<Record<string, { compute: boolean }>> = {
  SetGraphicsRootDescriptorTable: { compute: false },
  SetComputeRootDescriptorTable: { compute: true },
};

/**
 * The use a shader view bound for GPU work makes. Shader resources: on a compute list (or the compute root) the
 * shader is a non-pixel one; elsewhere the stage is not known and either shader-resource state is accepted.
 */
export function shaderViewUse(view: 'srv' | 'uav' | 'cbv', compute: boolean): UseKind {
  if (view === 'uav') return 'unordered-access';
  if (view === 'cbv') return 'constant-buffer';
  return compute ? 'non-pixel-shader-resource' : 'shader-resource';
}

/** Which bindings a recording command uses: output merger / input assembler (draws), the graphics or compute root. */
export interface WorkShape {
  draws: boolean;
  /** Reads the bound index buffer. */
  indexed: boolean;
  root: 'graphics' | 'compute' | null;
}

export const GPU_WORK: Readonly<Record<string, WorkShape>> = {
  DrawInstanced: { draws: true, indexed: false, root: 'graphics' },
  DrawIndexedInstanced: { draws: true, indexed: true, root: 'graphics' },
  DispatchMesh: { draws: true, indexed: false, root: 'graphics' },
  Dispatch: { draws: false, indexed: false, root: 'compute' },
  DispatchRays: { draws: false, indexed: false, root: 'compute' },
};

/**
 * GPU virtual addresses inside the descs of `BuildRaytracingAccelerationStructure` and `DispatchRays`, by field path
 * in the desc, and the use the GPU makes of the memory there (DXR functional spec; the d3d12.h docs of
 * D3D12_BUILD_RAYTRACING_ACCELERATION_STRUCTURE_DESC / D3D12_DISPATCH_RAYS_DESC): the destination and source of a
 * build stay in RAYTRACING_ACCELERATION_STRUCTURE, the scratch memory is written as UNORDERED_ACCESS, instance descs,
 * geometry (vertices, indices, transforms, AABBs) and shader tables are read as NON_PIXEL_SHADER_RESOURCE.
 * `pGeometryDescs` is followed into the one geometry desc it points at (`inputs.pGeometryDescs = &geometryDesc`).
 */
export const RAYTRACING_DESC_USES: Readonly<Record<string, Readonly<Record<string, UseKind>>>> = {
  BuildRaytracingAccelerationStructure: {
    DestAccelerationStructureData: 'raytracing-acceleration-structure',
    SourceAccelerationStructureData: 'raytracing-acceleration-structure',
    ScratchAccelerationStructureData: 'unordered-access',
    'Inputs.InstanceDescs': 'non-pixel-shader-resource',
    'Inputs.pGeometryDescs.Triangles.VertexBuffer.StartAddress': 'non-pixel-shader-resource',
    'Inputs.pGeometryDescs.Triangles.IndexBuffer': 'non-pixel-shader-resource',
    'Inputs.pGeometryDescs.Triangles.Transform3x4': 'non-pixel-shader-resource',
    'Inputs.pGeometryDescs.AABBs.AABBs.StartAddress': 'non-pixel-shader-resource',
  },
  DispatchRays: {
    'RayGenerationShaderRecord.StartAddress': 'non-pixel-shader-resource',
    'MissShaderTable.StartAddress': 'non-pixel-shader-resource',
    'HitGroupTable.StartAddress': 'non-pixel-shader-resource',
    'CallableShaderTable.StartAddress': 'non-pixel-shader-resource',
  },
  // `WriteBufferImmediate(1, &param, modes)`: the 32-bit write lands at `param.Dest` (DESC_ARGUMENT: the second argument).
  WriteBufferImmediate: {
    Dest: 'copy-dest',
  },
};

/** The argument holding the desc of RAYTRACING_DESC_USES' methods, where it is not the first. */
export const DESC_ARGUMENT: Readonly<Record<string, number>> = { WriteBufferImmediate: 1 };

/** The last field names of those paths: an assignment of a GPU virtual address to one of them is recorded. */
export const RAYTRACING_ADDRESS_FIELDS: ReadonlySet<string> = new Set(
  Object.values(RAYTRACING_DESC_USES).flatMap((f) => Object.keys(f).map((p) => p.slice(p.lastIndexOf('.') + 1))),
);
