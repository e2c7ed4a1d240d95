// D3D12 enumerations used by barrier code, as data: short name (without the family prefix) → numeric value.
// Values from d3d12.h (eb-rules.md section A). The family table at the bottom tells the extractor which prefix
// belongs to which enumeration, so an identifier with a known prefix but an unknown member is itself a finding.

export type EnumTable = Readonly<Record<string, number>>;

export const SYNC: EnumTable = {
  NONE: 0x0, ALL: 0x1, DRAW: 0x2, INDEX_INPUT: 0x4, VERTEX_SHADING: 0x8, PIXEL_SHADING: 0x10,
  DEPTH_STENCIL: 0x20, RENDER_TARGET: 0x40, COMPUTE_SHADING: 0x80, RAYTRACING: 0x100, COPY: 0x200,
  RESOLVE: 0x400, EXECUTE_INDIRECT: 0x800, PREDICATION: 0x800, ALL_SHADING: 0x1000, NON_PIXEL_SHADING: 0x2000,
  EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO: 0x4000, CLEAR_UNORDERED_ACCESS_VIEW: 0x8000,
  VIDEO_DECODE: 0x100000, VIDEO_PROCESS: 0x200000, VIDEO_ENCODE: 0x400000,
  BUILD_RAYTRACING_ACCELERATION_STRUCTURE: 0x800000, COPY_RAYTRACING_ACCELERATION_STRUCTURE: 0x1000000,
  SPLIT: 0x80000000,
};
export const SYNC_DEFINED_MASK = 0x81f0ffff;

export const ACCESS: EnumTable = {
  COMMON: 0x0, VERTEX_BUFFER: 0x1, CONSTANT_BUFFER: 0x2, INDEX_BUFFER: 0x4, RENDER_TARGET: 0x8,
  UNORDERED_ACCESS: 0x10, DEPTH_STENCIL_WRITE: 0x20, DEPTH_STENCIL_READ: 0x40, SHADER_RESOURCE: 0x80,
  STREAM_OUTPUT: 0x100, INDIRECT_ARGUMENT: 0x200, PREDICATION: 0x200, COPY_DEST: 0x400, COPY_SOURCE: 0x800,
  RESOLVE_DEST: 0x1000, RESOLVE_SOURCE: 0x2000, RAYTRACING_ACCELERATION_STRUCTURE_READ: 0x4000,
  RAYTRACING_ACCELERATION_STRUCTURE_WRITE: 0x8000, SHADING_RATE_SOURCE: 0x10000, VIDEO_DECODE_READ: 0x20000,
  VIDEO_DECODE_WRITE: 0x40000, VIDEO_PROCESS_READ: 0x80000, VIDEO_PROCESS_WRITE: 0x100000,
  VIDEO_ENCODE_READ: 0x200000, VIDEO_ENCODE_WRITE: 0x400000, NO_ACCESS: 0x80000000,
  // NOTE: spec-only (fence-barrier preview headers), outside ACCESS_DEFINED_MASK. Listed so code written against
  // the preview headers resolves and EB-ACCESS-04 can say why it is wrong in Barrier(), instead of "unknown".
  GLOBAL: 0x40000000,
};
export const ACCESS_DEFINED_MASK = 0x807fffff;
/** Spec-only (fence barrier preview) bit; absent from the public headers. */
export const ACCESS_GLOBAL = 0x40000000;

export const LAYOUT: EnumTable = {
  UNDEFINED: 0xffffffff, COMMON: 0, PRESENT: 0, GENERIC_READ: 1, RENDER_TARGET: 2, UNORDERED_ACCESS: 3,
  DEPTH_STENCIL_WRITE: 4, DEPTH_STENCIL_READ: 5, SHADER_RESOURCE: 6, COPY_SOURCE: 7, COPY_DEST: 8,
  RESOLVE_SOURCE: 9, RESOLVE_DEST: 10, SHADING_RATE_SOURCE: 11, VIDEO_DECODE_READ: 12, VIDEO_DECODE_WRITE: 13,
  VIDEO_PROCESS_READ: 14, VIDEO_PROCESS_WRITE: 15, VIDEO_ENCODE_READ: 16, VIDEO_ENCODE_WRITE: 17,
  DIRECT_QUEUE_COMMON: 18, DIRECT_QUEUE_GENERIC_READ: 19, DIRECT_QUEUE_UNORDERED_ACCESS: 20,
  DIRECT_QUEUE_SHADER_RESOURCE: 21, DIRECT_QUEUE_COPY_SOURCE: 22, DIRECT_QUEUE_COPY_DEST: 23,
  COMPUTE_QUEUE_COMMON: 24, COMPUTE_QUEUE_GENERIC_READ: 25, COMPUTE_QUEUE_UNORDERED_ACCESS: 26,
  COMPUTE_QUEUE_SHADER_RESOURCE: 27, COMPUTE_QUEUE_COPY_SOURCE: 28, COMPUTE_QUEUE_COPY_DEST: 29,
  // Declared by d3d12.h from 2021-10 (1.600.10) to 2025-09 (1.616.x, 1.717.x-preview); removed as obsolete in 1.618.1.
  // Still a layout of the video queues to barrierlint (invalid-layout-value.md, "VIDEO_QUEUE_COMMON").
  VIDEO_QUEUE_COMMON: 30,
  DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE: 31,
};
export const LAYOUT_UNDEFINED = 0xffffffff;

export const BARRIER_TYPE: EnumTable = { GLOBAL: 0, TEXTURE: 1, BUFFER: 2 };
export const TEXTURE_BARRIER_FLAGS: EnumTable = { NONE: 0, DISCARD: 1 };
export const TEXTURE_BARRIER_FLAGS_DEFINED_MASK = 0x1;

/**
 * UINT64_MAX as the extractor's Field.value holds it (a double: 2^64). D3D12_BUFFER_BARRIER::Size must be this
 * (or exactly the buffer width); `UINT64_MAX`, `ULLONG_MAX`, `~0ull` all fold to it.
 */
export const UINT64_MAX_VALUE = Number(0xffffffffffffffffn);

export const RESOURCE_STATES: EnumTable = {
  COMMON: 0x0, PRESENT: 0x0, VERTEX_AND_CONSTANT_BUFFER: 0x1, INDEX_BUFFER: 0x2, RENDER_TARGET: 0x4,
  UNORDERED_ACCESS: 0x8, DEPTH_WRITE: 0x10, DEPTH_READ: 0x20, NON_PIXEL_SHADER_RESOURCE: 0x40,
  PIXEL_SHADER_RESOURCE: 0x80, STREAM_OUT: 0x100, INDIRECT_ARGUMENT: 0x200, PREDICATION: 0x200,
  COPY_DEST: 0x400, COPY_SOURCE: 0x800, RESOLVE_DEST: 0x1000, RESOLVE_SOURCE: 0x2000,
  RAYTRACING_ACCELERATION_STRUCTURE: 0x400000, SHADING_RATE_SOURCE: 0x1000000, GENERIC_READ: 0xac3,
  ALL_SHADER_RESOURCE: 0xc0, VIDEO_DECODE_READ: 0x10000, VIDEO_DECODE_WRITE: 0x20000,
  VIDEO_PROCESS_READ: 0x40000, VIDEO_PROCESS_WRITE: 0x80000, VIDEO_ENCODE_READ: 0x200000,
  VIDEO_ENCODE_WRITE: 0x800000,
};
/** Bits reserved for internal use (never valid in application code; legacy message 522). */
export const RESOURCE_STATES_RESERVED = 0x4000 | 0x8000 | 0x100000 | 0x40000000 | 0x80000000;

export const RESOURCE_BARRIER_TYPE: EnumTable = { TRANSITION: 0, ALIASING: 1, UAV: 2 };
export const RESOURCE_BARRIER_FLAGS: EnumTable = { NONE: 0, BEGIN_ONLY: 1, END_ONLY: 2 };
export const RESOURCE_BARRIER_FLAGS_DEFINED_MASK = 0x3;
export const ALL_SUBRESOURCES = 0xffffffff;

export const COMMAND_LIST_TYPE: EnumTable = {
  DIRECT: 0, BUNDLE: 1, COMPUTE: 2, COPY: 3, VIDEO_DECODE: 4, VIDEO_PROCESS: 5, VIDEO_ENCODE: 6, NONE: -1,
};

export const RESOURCE_FLAGS: EnumTable = {
  NONE: 0, ALLOW_RENDER_TARGET: 0x1, ALLOW_DEPTH_STENCIL: 0x2, ALLOW_UNORDERED_ACCESS: 0x4,
  DENY_SHADER_RESOURCE: 0x8, ALLOW_CROSS_ADAPTER: 0x10, ALLOW_SIMULTANEOUS_ACCESS: 0x20,
  VIDEO_DECODE_REFERENCE_ONLY: 0x40, VIDEO_ENCODE_REFERENCE_ONLY: 0x80, RAYTRACING_ACCELERATION_STRUCTURE: 0x100,
  USE_TIGHT_ALIGNMENT: 0x400,
};

export const RESOURCE_DIMENSION: EnumTable = { UNKNOWN: 0, BUFFER: 1, TEXTURE1D: 2, TEXTURE2D: 3, TEXTURE3D: 4 };
export const HEAP_TYPE: EnumTable = { DEFAULT: 1, UPLOAD: 2, READBACK: 3, CUSTOM: 4, GPU_UPLOAD: 5 };
/**
 * D3D12_CPU_PAGE_PROPERTY and D3D12_MEMORY_POOL (d3d12.h): what a CUSTOM heap is made of. Known as families so that
 * `CD3DX12_HEAP_PROPERTIES(D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L0)` is the custom-heap
 * constructor, not the heap-type one whose first parameter WRITE_COMBINE's value (2) would make an UPLOAD heap.
 */
export const CPU_PAGE_PROPERTY: EnumTable = { UNKNOWN: 0, NOT_AVAILABLE: 1, WRITE_COMBINE: 2, WRITE_BACK: 3 };
export const MEMORY_POOL: EnumTable = { UNKNOWN: 0, L0: 1, L1: 2 };
/** D3D12_DSV_FLAGS (d3d12.h): a read-only DSV only tests depth/stencil. */
export const DSV_FLAGS: EnumTable = { NONE: 0, READ_ONLY_DEPTH: 0x1, READ_ONLY_STENCIL: 0x2 };
/** Descriptor kinds: helpers branch on them (`if (viewType == D3D12_DESCRIPTOR_RANGE_TYPE_SRV)`), decided at a call. */
export const DESCRIPTOR_RANGE_TYPE: EnumTable = { SRV: 0, UAV: 1, CBV: 2, SAMPLER: 3 };
export const DESCRIPTOR_HEAP_TYPE: EnumTable = { CBV_SRV_UAV: 0, SAMPLER: 1, RTV: 2, DSV: 3, NUM_TYPES: 4 };
/** D3D12_TILE_COPY_FLAGS (d3d12.h): which way CopyTiles copies. */
export const TILE_COPY_FLAGS: EnumTable = {
  NONE: 0, NO_HAZARD: 0x1, LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE: 0x2, SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER: 0x4,
};

// Xbox-only enumerations (d3d12_x.h; known on Xbox profiles, unknown identifiers on PC). Names from the GDK
// documents (xbox-platform.md § 1.3, § 7; EBX, DIFF).
// NOTE: the GDK headers are not public, so these VALUES are barrierlint's own encoding, not d3d12_x.h's: code names
// these identifiers, and the encoding only has to keep them apart from every PC bit. Resource states use the bits
// d3d12.h leaves free (0x2000000-0x20000000) plus three of its RESERVED_INTERNAL bits (0x4000, 0x8000, 0x100000;
// an Xbox profile passes XBOX_RESOURCE_STATE_MASK as `allowed` to invalidStateCombination). Resource flags take
// the top byte, far above the PC flags (which end at 0x400). DEPTH_STENCIL members are DEPTH|STENCIL. A numeric
// literal written instead of a name is therefore not recognised as an Xbox state or flag. Members of these
// prefixes that the documents do not name stay unknown values, never reported (the real header has more).
export const XBOX_RESOURCE_STATES: EnumTable = {
  PRESERVE_COMPRESSED_COLOR: 0x4000, PRESERVE_COMPRESSED_DEPTH: 0x8000, PRESERVE_COMPRESSED_STENCIL: 0x100000,
  PRESERVE_COMPRESSED_DEPTH_STENCIL: 0x108000, PRESERVE_INDIRECT_COLOR_CLEAR: 0x2000000,
  PRESERVE_SCATTERED_COLOR_FMASK: 0x4000000, PRESERVE_EXPANDED_COLOR: 0x8000000,
  PRESERVE_EXPANDED_DEPTH: 0x10000000, PRESERVE_EXPANDED_STENCIL: 0x20000000,
  PRESERVE_EXPANDED_DEPTH_STENCIL: 0x30000000,
};
/** Every Xbox state bit (valid with other states in a legacy barrier on Xbox: they only steer compression). */
export const XBOX_RESOURCE_STATE_MASK = 0x3e10c000;
export const XBOX_RESOURCE_FLAGS: EnumTable = {
  ALLOW_DCC: 0x1000000, FORCE_TEXTURE_COMPATIBILITY: 0x2000000, ALLOW_INDIRECT_BUFFER: 0x4000000,
  PREFER_INDEX_BUFFER: 0x8000000, PREFER_INDIRECT_BUFFER: 0x10000000, PREFER_PREDICATION_BUFFER: 0x20000000,
  PREFER_STREAM_OUTPUT: 0x40000000, DENY_COMPRESSION_DATA: 0x80000000,
};
/** `D3D12XBOX_BARRIER_SYNC_EXECUTE_INDIRECT` (EBX § 1.1) names the same scope as D3D12_BARRIER_SYNC_EXECUTE_INDIRECT. */
export const XBOX_SYNC: EnumTable = { EXECUTE_INDIRECT: 0x800 };
/** Command-list driver hints; only DONT_SYNC_ON_COPY is documented (EBX "Differences with the PC spec"). */
export const XBOX_CMDLIST_DRIVER_HINTS: EnumTable = { DONT_SYNC_ON_COPY: 0x1 };

export interface EnumFamily {
  /** Family id used in facts and messages ("sync", "access", ...). */
  id: string;
  /** Identifier prefix, e.g. "D3D12_BARRIER_SYNC_". */
  prefix: string;
  table: EnumTable;
  flags: boolean;
  /** Only valid on Xbox profiles. */
  xbox?: boolean;
}

/** Ordered longest-prefix-first so D3D12_RESOURCE_BARRIER_FLAG_ wins over D3D12_RESOURCE_BARRIER_. */
export const ENUM_FAMILIES: readonly EnumFamily[] = [
  { id: 'sync', prefix: 'D3D12_BARRIER_SYNC_', table: SYNC, flags: true },
  { id: 'access', prefix: 'D3D12_BARRIER_ACCESS_', table: ACCESS, flags: true },
  { id: 'layout', prefix: 'D3D12_BARRIER_LAYOUT_', table: LAYOUT, flags: false },
  { id: 'barrier-type', prefix: 'D3D12_BARRIER_TYPE_', table: BARRIER_TYPE, flags: false },
  { id: 'texture-flags', prefix: 'D3D12_TEXTURE_BARRIER_FLAG_', table: TEXTURE_BARRIER_FLAGS, flags: true },
  { id: 'resource-barrier-flags', prefix: 'D3D12_RESOURCE_BARRIER_FLAG_', table: RESOURCE_BARRIER_FLAGS, flags: true },
  { id: 'resource-barrier-type', prefix: 'D3D12_RESOURCE_BARRIER_TYPE_', table: RESOURCE_BARRIER_TYPE, flags: false },
  { id: 'state', prefix: 'D3D12_RESOURCE_STATE_', table: RESOURCE_STATES, flags: true },
  { id: 'command-list-type', prefix: 'D3D12_COMMAND_LIST_TYPE_', table: COMMAND_LIST_TYPE, flags: false },
  { id: 'resource-flags', prefix: 'D3D12_RESOURCE_FLAG_', table: RESOURCE_FLAGS, flags: true },
  { id: 'dimension', prefix: 'D3D12_RESOURCE_DIMENSION_', table: RESOURCE_DIMENSION, flags: false },
  { id: 'heap-type', prefix: 'D3D12_HEAP_TYPE_', table: HEAP_TYPE, flags: false },
  { id: 'cpu-page-property', prefix: 'D3D12_CPU_PAGE_PROPERTY_', table: CPU_PAGE_PROPERTY, flags: false },
  { id: 'memory-pool', prefix: 'D3D12_MEMORY_POOL_', table: MEMORY_POOL, flags: false },
  { id: 'dsv-flags', prefix: 'D3D12_DSV_FLAG_', table: DSV_FLAGS, flags: true },
  { id: 'descriptor-range-type', prefix: 'D3D12_DESCRIPTOR_RANGE_TYPE_', table: DESCRIPTOR_RANGE_TYPE, flags: false },
  { id: 'descriptor-heap-type', prefix: 'D3D12_DESCRIPTOR_HEAP_TYPE_', table: DESCRIPTOR_HEAP_TYPE, flags: false },
  { id: 'tile-copy-flags', prefix: 'D3D12_TILE_COPY_FLAG_', table: TILE_COPY_FLAGS, flags: true },
  { id: 'state', prefix: 'D3D12XBOX_RESOURCE_STATE_', table: XBOX_RESOURCE_STATES, flags: true, xbox: true },
  { id: 'resource-flags', prefix: 'D3D12XBOX_RESOURCE_FLAG_', table: XBOX_RESOURCE_FLAGS, flags: true, xbox: true },
  { id: 'sync', prefix: 'D3D12XBOX_BARRIER_SYNC_', table: XBOX_SYNC, flags: true, xbox: true },
  { id: 'xbox-cmdlist-hint', prefix: 'D3D12XBOX_CMDLIST_DRIVER_HINT_', table: XBOX_CMDLIST_DRIVER_HINTS, flags: true,
    xbox: true },
];

/** Plain constants code uses for barrier values. */
export const NAMED_CONSTANTS: Readonly<Record<string, bigint>> = {
  D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES: 0xffffffffn,
  UINT_MAX: 0xffffffffn, UINT32_MAX: 0xffffffffn, ULONG_MAX: 0xffffffffn,
  UINT64_MAX: 0xffffffffffffffffn, ULLONG_MAX: 0xffffffffffffffffn, SIZE_MAX: 0xffffffffffffffffn,
  TRUE: 1n, FALSE: 0n, true: 1n, false: 0n, NULL: 0n, nullptr: 0n,
};

/** Where an identifier belongs: a family and, when it is a real member, its value. */
export interface EnumLookup {
  family: EnumFamily;
  member: string;
  value: number | undefined;
}

/**
 * Names that some public d3d12.h / d3d12video.h (DirectX-Headers, any release) declares with a family prefix but
 * that the tables above leave out on purpose: retired or preview enumerators and reserved bits (their values stay
 * what the header gave them, so the value rules still judge them), and a struct type. Not "unknown".
 */
export const DECLARED_ONLY: Readonly<Record<string, number | null>> = {
  D3D12_BARRIER_SYNC_INPUT_ASSEMBLER: 0x4,
  D3D12_BARRIER_SYNC_CONVERT_LINEAR_ALGEBRA_MATRIX: 0x20000000,
  D3D12_RESOURCE_FLAG_VIDEO_PROCESS_3DLUT_ONLY: 0x200,
  D3D12_RESOURCE_FLAG_VIDEO_PROCESS_1DLUT_ONLY: 0x800,
  D3D12_RESOURCE_STATE_RESERVED_INTERNAL_4000: 0x4000,
  D3D12_RESOURCE_STATE_RESERVED_INTERNAL_8000: 0x8000,
  D3D12_RESOURCE_STATE_RESERVED_INTERNAL_100000: 0x100000,
  D3D12_RESOURCE_STATE_RESERVED_INTERNAL_40000000: 0x40000000,
  D3D12_RESOURCE_STATE_RESERVED_INTERNAL_80000000: 0x80000000,
  D3D12_RESOURCE_STATE_BARRIER: null,
};

export function lookupEnumIdentifier(name: string): EnumLookup | undefined {
  const declared = Object.prototype.hasOwnProperty.call(DECLARED_ONLY, name) ? DECLARED_ONLY[name] : undefined;
  if (declared === null) return undefined;
  for (const family of ENUM_FAMILIES) {
    if (name.startsWith(family.prefix)) {
      const member = name.slice(family.prefix.length);
      const value = declared ?? family.table[member];
      if (value !== undefined || !family.xbox) return { family, member, value };
    }
  }
  return undefined;
}

/** A name of the Xbox-only header d3d12_x.h (`D3D12XBOX_*`): valid on the Xbox profiles only. */
export function isXboxIdentifier(name: string): boolean {
  return name.startsWith('D3D12XBOX_');
}

/** Canonical (first-declared) member names for a value; aliases (PRESENT, PREDICATION) lose to the first name. */
function canonicalNames(table: EnumTable): Map<number, string> {
  const out = new Map<number, string>();
  for (const [k, v] of Object.entries(table)) if (!out.has(v >>> 0)) out.set(v >>> 0, k);
  return out;
}
const canonicalCache = new Map<EnumTable, Map<number, string>>();
export function memberName(table: EnumTable, value: number): string | undefined {
  let names = canonicalCache.get(table);
  if (!names) canonicalCache.set(table, (names = canonicalNames(table)));
  return names.get(value >>> 0);
}

/** Split a flags value into member names (single-bit members only), plus any leftover undefined bits. */
export function flagNames(table: EnumTable, value: number): { names: string[]; leftover: number } {
  const names: string[] = [];
  let rest = value >>> 0;
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((rest & mask) === 0) continue;
    const name = memberName(table, mask);
    if (name) {
      names.push(name);
      rest = (rest & ~mask) >>> 0;
    }
  }
  return { names, leftover: rest };
}

/** The single-bit values set in a 32-bit flags value, lowest first (as unsigned numbers). */
export function setBits(value: number): number[] {
  const out: number[] = [];
  const v = value >>> 0;
  for (let bit = 0; bit < 32; bit++) {
    const mask = (1 << bit) >>> 0;
    if ((v & mask) !== 0) out.push(mask);
  }
  return out;
}

/** OR the values of the named members of a table (unknown names are a programming error). */
export function maskOf(table: EnumTable, names: readonly string[]): number {
  let m = 0;
  for (const n of names) {
    const v = table[n];
    if (v === undefined) throw new Error(`unknown enum member ${n}`);
    m |= v;
  }
  return m >>> 0;
}
