// What a barrier costs on Xbox Series X|S, as data: sync scope → stages drained / blocked, access → caches,
// layout → compression states allowed (TC and non-TC tables). xbox-platform.md § 1 (EBX "Barriers in depth").
// Every row says whether it is the seed's (`seed: true`) or derived here; derived rows name their reason, and the
// cost report prints which inputs were derived, so nobody mistakes a guess for the documentation.

export type Stage = 'CPDMA' | 'VS' | 'PS' | 'CS' | 'CB' | 'DB' | 'ME' | 'PFP' | 'CE';
export type Cache = 'L0-L1' | '$K' | 'L2' | 'LM' | 'CB cache' | 'DB cache';
export type CompressionState =
  | 'CompressedColor' | 'CompressedDcc' | 'ScatteredFmask' | 'IndirectColorClear'
  | 'CompressedDepth' | 'CompressedStencil';

/** Stage names in pipeline order, for stable printing. */
export const STAGE_ORDER: readonly Stage[] = ['CPDMA', 'VS', 'PS', 'CS', 'CB', 'DB', 'ME', 'PFP', 'CE'];
export const CACHE_ORDER: readonly Cache[] = ['CB cache', 'DB cache', 'L0-L1', '$K', 'LM', 'L2'];

export interface SyncRow {
  drain: readonly Stage[];
  block: readonly Stage[];
  seed: boolean;
  /** Why a derived row says what it says. */
  note?: string;
}

const ME: readonly Stage[] = ['ME'];

/** EBX § 1.1 (texture case). COPY is split by source/destination below. Keyed by D3D12_BARRIER_SYNC_ member. */
export const SYNC_STAGES: Readonly<Record<string, SyncRow>> = {
  RENDER_TARGET: { drain: ['CB'], block: ME, seed: true },
  COMPUTE_SHADING: { drain: ['CS'], block: ME, seed: true },
  RAYTRACING: { drain: ['CS'], block: ME, seed: true },
  DEPTH_STENCIL: { drain: ['DB'], block: ME, seed: true },
  EXECUTE_INDIRECT: { drain: ['ME'], block: ['PFP', 'CE'], seed: true },
  NON_PIXEL_SHADING: { drain: ['VS', 'CS'], block: ME, seed: false,
    note: 'EBX transition example: NON_PIXEL_SHADER_RESOURCE flushes VS and CS' },
  ALL_SHADING: { drain: ['VS', 'PS', 'CS'], block: ME, seed: false,
    note: 'EBX UAV example: the translated legacy UAV barrier drains PS, VS and CS' },
  VERTEX_SHADING: { drain: ['VS'], block: ME, seed: false, note: 'the shader stage itself' },
  PIXEL_SHADING: { drain: ['PS'], block: ME, seed: false, note: 'the shader stage itself' },
  INDEX_INPUT: { drain: ['CPDMA'], block: ['PFP'], seed: false,
    note: 'index buffers are fetched by CPDMA, triggered by PFP (EBX access table)' },
  DRAW: { drain: ['CPDMA', 'VS', 'PS', 'CB', 'DB'], block: ['ME', 'PFP'], seed: false,
    note: 'union of INDEX_INPUT, VERTEX_SHADING, PIXEL_SHADING, DEPTH_STENCIL, RENDER_TARGET' },
  CLEAR_UNORDERED_ACCESS_VIEW: { drain: ['CS'], block: ME, seed: false,
    note: 'EBX UAV-clear example: a UAV clear runs as compute work, so only CS is drained (not CPDMA)' },
  RESOLVE: { drain: ['CB', 'CS'], block: ME, seed: false, note: 'assumed: resolves run in the color backend or compute' },
  BUILD_RAYTRACING_ACCELERATION_STRUCTURE: { drain: ['CS'], block: ME, seed: false, note: 'as RAYTRACING' },
  COPY_RAYTRACING_ACCELERATION_STRUCTURE: { drain: ['CS'], block: ME, seed: false, note: 'as RAYTRACING' },
  EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO: { drain: ['CS'], block: ME, seed: false, note: 'as RAYTRACING' },
  ALL: { drain: ['CPDMA', 'VS', 'PS', 'CS', 'CB', 'DB', 'ME'], block: ['ME', 'PFP', 'CE'], seed: false,
    note: 'every scope: a full GPU idle (D3D12XBOX_SYNC_FLAG_IDLE)' },
  VIDEO_DECODE: { drain: [], block: [], seed: false, note: 'video engines are not part of the 3D pipeline' },
  VIDEO_PROCESS: { drain: [], block: [], seed: false, note: 'video engines are not part of the 3D pipeline' },
  VIDEO_ENCODE: { drain: [], block: [], seed: false, note: 'video engines are not part of the 3D pipeline' },
};

/** D3D12_BARRIER_SYNC_COPY, mapped by the barrier's access/layout to the source or the destination row (EBX). */
export const COPY_SOURCE_STAGES: SyncRow = { drain: ['CPDMA', 'CS', 'PS'], block: ME, seed: true };
export const COPY_DEST_STAGES: SyncRow = { drain: ['CPDMA', 'CS', 'CB', 'DB'], block: ME, seed: true };

/** A split barrier on Xbox Series: made immediate at the begin barrier, CE and PFP blocked (EBX § Differences 3). */
export const SPLIT_BLOCK: readonly Stage[] = ['ME', 'PFP', 'CE'];

export interface AccessRow {
  caches: readonly Cache[];
  seed: boolean;
  note?: string;
}

/** EBX § 1.2. Keyed by D3D12_BARRIER_ACCESS_ member (INDIRECT_ARGUMENT also covers its alias PREDICATION). */
export const ACCESS_CACHES: Readonly<Record<string, AccessRow>> = {
  RENDER_TARGET: { caches: ['CB cache', 'L2'], seed: true },
  DEPTH_STENCIL_WRITE: { caches: ['DB cache', 'L2'], seed: true },
  DEPTH_STENCIL_READ: { caches: ['DB cache', 'L2'], seed: true },
  SHADER_RESOURCE: { caches: ['L0-L1', '$K', 'L2', 'LM'], seed: true },
  UNORDERED_ACCESS: { caches: ['L0-L1', '$K', 'L2', 'LM'], seed: true },
  CONSTANT_BUFFER: { caches: ['L0-L1', '$K', 'L2'], seed: true,
    note: 'scalar loads through $K; vector loads through L0-L1 when indexed non-uniformly' },
  VERTEX_BUFFER: { caches: ['L0-L1', 'L2'], seed: true },
  INDEX_BUFFER: { caches: ['L2'], seed: true, note: 'fetched by CPDMA, triggered by PFP' },
  COPY_DEST: { caches: ['L0-L1', '$K', 'L2', 'LM', 'CB cache', 'DB cache'], seed: true,
    note: 'driver texture copies may use the CB/DB caches' },
  COPY_SOURCE: { caches: ['L0-L1', '$K', 'L2', 'LM'], seed: true },
  RAYTRACING_ACCELERATION_STRUCTURE_READ: { caches: ['L0-L1', '$K', 'L2'], seed: true },
  RAYTRACING_ACCELERATION_STRUCTURE_WRITE: { caches: ['L0-L1', '$K', 'L2'], seed: true },
  INDIRECT_ARGUMENT: { caches: ['L2'], seed: false, note: 'read by the command processor, like index buffers' },
  STREAM_OUTPUT: { caches: ['L2'], seed: false, note: 'assumed: stream-out writes go to L2' },
  RESOLVE_SOURCE: { caches: ['CB cache', 'L2'], seed: false, note: 'assumed: resolves run in the color backend' },
  RESOLVE_DEST: { caches: ['CB cache', 'L2'], seed: false, note: 'assumed: resolves run in the color backend' },
  SHADING_RATE_SOURCE: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_DECODE_READ: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_DECODE_WRITE: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_PROCESS_READ: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_PROCESS_WRITE: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_ENCODE_READ: { caches: ['L2'], seed: false, note: 'assumed' },
  VIDEO_ENCODE_WRITE: { caches: ['L2'], seed: false, note: 'assumed' },
};

export interface LayoutRow {
  nonTC: readonly CompressionState[];
  tc: readonly CompressionState[];
  seed: boolean;
  note?: string;
}

const RT_STATES: readonly CompressionState[] = ['CompressedColor', 'CompressedDcc', 'ScatteredFmask', 'IndirectColorClear'];
const NONE: readonly CompressionState[] = [];
const DEPTH_STENCIL: readonly CompressionState[] = ['CompressedDepth', 'CompressedStencil'];

/** EBX § 1.3: the compression states each layout allows; [] is "uncompressedAll". Keyed by D3D12_BARRIER_LAYOUT_. */
export const LAYOUT_COMPRESSION: Readonly<Record<string, LayoutRow>> = {
  COMMON: { nonTC: NONE, tc: NONE, seed: true },
  GENERIC_READ: { nonTC: NONE, tc: NONE, seed: true },
  RENDER_TARGET: { nonTC: RT_STATES, tc: RT_STATES, seed: true },
  UNORDERED_ACCESS: { nonTC: NONE,
    tc: ['CompressedColor', 'CompressedDepth', 'CompressedStencil', 'CompressedDcc', 'ScatteredFmask'], seed: true },
  SHADER_RESOURCE: { nonTC: NONE,
    tc: ['CompressedColor', 'CompressedDcc', 'ScatteredFmask', 'CompressedDepth', 'CompressedStencil'], seed: true },
  COPY_SOURCE: { nonTC: ['CompressedColor', 'CompressedDcc'],
    tc: ['CompressedColor', 'CompressedDcc', 'ScatteredFmask', 'IndirectColorClear', 'CompressedDepth',
      'CompressedStencil'], seed: true },
  COPY_DEST: { nonTC: ['CompressedColor', 'CompressedDcc'],
    tc: ['CompressedColor', 'CompressedDepth', 'CompressedStencil', 'CompressedDcc', 'ScatteredFmask',
      'IndirectColorClear'], seed: true },
  DEPTH_STENCIL_WRITE: { nonTC: DEPTH_STENCIL, tc: DEPTH_STENCIL, seed: false,
    note: 'assumed: a depth target keeps its HTILE compression' },
  DEPTH_STENCIL_READ: { nonTC: DEPTH_STENCIL, tc: DEPTH_STENCIL, seed: false,
    note: 'assumed: read-only depth is read compressed by the DB' },
};

/** Queue-specific layouts share the row of their generic layout (derived). */
export const LAYOUT_ALIASES: Readonly<Record<string, string>> = {
  PRESENT: 'COMMON',
  DIRECT_QUEUE_COMMON: 'COMMON', COMPUTE_QUEUE_COMMON: 'COMMON',
  DIRECT_QUEUE_GENERIC_READ: 'GENERIC_READ', COMPUTE_QUEUE_GENERIC_READ: 'GENERIC_READ',
  DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE: 'GENERIC_READ',
  DIRECT_QUEUE_UNORDERED_ACCESS: 'UNORDERED_ACCESS', COMPUTE_QUEUE_UNORDERED_ACCESS: 'UNORDERED_ACCESS',
  DIRECT_QUEUE_SHADER_RESOURCE: 'SHADER_RESOURCE', COMPUTE_QUEUE_SHADER_RESOURCE: 'SHADER_RESOURCE',
  DIRECT_QUEUE_COPY_SOURCE: 'COPY_SOURCE', COMPUTE_QUEUE_COPY_SOURCE: 'COPY_SOURCE',
  DIRECT_QUEUE_COPY_DEST: 'COPY_DEST', COMPUTE_QUEUE_COPY_DEST: 'COPY_DEST',
};

export const COLOR_STATES: readonly CompressionState[] = RT_STATES;
