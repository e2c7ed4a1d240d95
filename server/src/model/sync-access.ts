// Sync scopes and their compatibility with access bits (eb-rules.md A.1.1, C.0, C.4.1, C.4.2).
// Aggregate sync expansion, the access → allowed-sync table used by EB-SYNC-ACCESS-01..03, the strict-mode
// sync → access-scope table (EB-SYNC-ACCESS-04) and the write-access mask used by the hazard rules.

import { ACCESS, SYNC, SYNC_DEFINED_MASK, maskOf, setBits } from './enums';

export const SYNC_NONE = 0;
export const ACCESS_COMMON = 0;
export const ACCESS_NO_ACCESS = ACCESS.NO_ACCESS >>> 0;
export const SYNC_SPLIT = SYNC.SPLIT >>> 0;

/** True when the sync value is exactly NONE (no bits). */
export function isSyncNone(sync: number): boolean {
  return sync >>> 0 === SYNC_NONE;
}

/**
 * EB-SYNC-03/04: a side whose sync is NONE must use exactly NO_ACCESS (non-fence barriers).
 * True when that pairing is violated; ACCESS_COMMON (0) with NONE is a violation too.
 */
export function syncNoneViolation(sync: number, access: number): boolean {
  return isSyncNone(sync) && access >>> 0 !== ACCESS_NO_ACCESS;
}

/** EB-SYNC-02 lint: the source OR-ed SYNC_NONE with other bits (numerically invisible, so the extractor tells). */
export function syncNoneOrdWithOthers(namedMembers: readonly string[]): boolean {
  return namedMembers.includes('NONE') && namedMembers.some((m) => m !== 'NONE');
}

/** EB-SYNC-02 lint, access side: the source OR-ed ACCESS_COMMON (0) with other bits. */
export function accessCommonOrdWithOthers(namedMembers: readonly string[]): boolean {
  return namedMembers.includes('COMMON') && namedMembers.some((m) => m !== 'COMMON');
}

// ---------------------------------------------------------------------------------------------------------------
// A.1.1 aggregate expansion.

// NOTE: C.23 #4 — the spec's table for ALL omits ALL_SHADING, NON_PIXEL_SHADING and the three RTAS scopes.
// Following the recommendation, ALL is treated as every defined scope except NONE and SPLIT.
const AGGREGATES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['DRAW', ['INDEX_INPUT', 'VERTEX_SHADING', 'PIXEL_SHADING', 'DEPTH_STENCIL', 'RENDER_TARGET']],
  ['ALL_SHADING', ['VERTEX_SHADING', 'PIXEL_SHADING', 'COMPUTE_SHADING']],
  ['NON_PIXEL_SHADING', ['VERTEX_SHADING', 'COMPUTE_SHADING']],
];
const ALL_SCOPES = (SYNC_DEFINED_MASK & ~SYNC.SPLIT) >>> 0;
const EXPANSION: ReadonlyMap<number, number> = new Map<number, number>([
  [SYNC.ALL >>> 0, ALL_SCOPES],
  ...AGGREGATES.map(([agg, parts]) => [SYNC[agg] >>> 0, maskOf(SYNC, parts)] as [number, number]),
]);
/** Sync bits that are aggregates of other scopes. */
export const AGGREGATE_SYNC_MASK = [...EXPANSION.keys()].reduce((m, b) => (m | b) >>> 0, 0);

/** sync ∪ every scope superseded by an aggregate in sync. Undefined bits and SPLIT are kept as given. */
export function expandSync(sync: number): number {
  let out = sync >>> 0;
  for (const [agg, parts] of EXPANSION) if ((out & agg) !== 0) out = (out | parts) >>> 0;
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// C.4.1 access bit → the sync bits it may be paired with (at least one required). COMMON/NO_ACCESS are handled
// in code below because they are not bits.

// NOTE: C.23 #5 — the per-access subsections are older than the compatibility table; we use the table, which adds
// EMIT_..._POSTBUILD_INFO and RAYTRACING to UNORDERED_ACCESS and BUILD_... and RAYTRACING to SHADER_RESOURCE.
// NOTE: C.23 #3 — RAYTRACING is also accepted with UAV, SRV and RTAS_WRITE as the table says.
const ACCESS_SYNC_TABLE: Readonly<Record<string, readonly string[]>> = {
  VERTEX_BUFFER: ['ALL', 'VERTEX_SHADING', 'DRAW', 'ALL_SHADING'],
  CONSTANT_BUFFER: ['ALL', 'VERTEX_SHADING', 'PIXEL_SHADING', 'COMPUTE_SHADING', 'DRAW', 'ALL_SHADING'],
  INDEX_BUFFER: ['ALL', 'INDEX_INPUT', 'DRAW'],
  RENDER_TARGET: ['ALL', 'DRAW', 'RENDER_TARGET'],
  UNORDERED_ACCESS: ['ALL', 'VERTEX_SHADING', 'PIXEL_SHADING', 'COMPUTE_SHADING', 'DRAW', 'ALL_SHADING',
    'CLEAR_UNORDERED_ACCESS_VIEW', 'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO', 'RAYTRACING'],
  DEPTH_STENCIL_WRITE: ['ALL', 'DRAW', 'DEPTH_STENCIL'],
  DEPTH_STENCIL_READ: ['ALL', 'DRAW', 'DEPTH_STENCIL'],
  SHADER_RESOURCE: ['ALL', 'VERTEX_SHADING', 'PIXEL_SHADING', 'COMPUTE_SHADING', 'DRAW', 'ALL_SHADING',
    'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'RAYTRACING'],
  STREAM_OUTPUT: ['ALL', 'VERTEX_SHADING', 'DRAW', 'ALL_SHADING'],
  INDIRECT_ARGUMENT: ['ALL', 'EXECUTE_INDIRECT'], // = PREDICATION access with PREDICATION sync (same bits)
  COPY_DEST: ['ALL', 'COPY'],
  COPY_SOURCE: ['ALL', 'COPY'],
  RESOLVE_DEST: ['ALL', 'RESOLVE'],
  RESOLVE_SOURCE: ['ALL', 'RESOLVE'],
  RAYTRACING_ACCELERATION_STRUCTURE_READ: ['ALL', 'COMPUTE_SHADING', 'RAYTRACING', 'ALL_SHADING',
    'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'COPY_RAYTRACING_ACCELERATION_STRUCTURE',
    'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO'],
  RAYTRACING_ACCELERATION_STRUCTURE_WRITE: ['ALL', 'COMPUTE_SHADING', 'RAYTRACING', 'ALL_SHADING',
    'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'COPY_RAYTRACING_ACCELERATION_STRUCTURE'],
  SHADING_RATE_SOURCE: ['ALL', 'PIXEL_SHADING', 'ALL_SHADING'],
  VIDEO_DECODE_READ: ['ALL', 'VIDEO_DECODE'],
  VIDEO_DECODE_WRITE: ['ALL', 'VIDEO_DECODE'],
  VIDEO_PROCESS_READ: ['ALL', 'VIDEO_PROCESS'],
  VIDEO_PROCESS_WRITE: ['ALL', 'VIDEO_PROCESS'],
  VIDEO_ENCODE_READ: ['ALL', 'VIDEO_ENCODE'],
  VIDEO_ENCODE_WRITE: ['ALL', 'VIDEO_ENCODE'],
};

/** Access bit → mask of the sync bits listed for it in C.4.1 (aggregates appear literally). */
export const ALLOWED_SYNC_FOR_ACCESS: ReadonlyMap<number, number> = new Map(
  Object.entries(ACCESS_SYNC_TABLE).map(([a, syncs]) => [ACCESS[a] >>> 0, maskOf(SYNC, syncs)]),
);

const CLEAR_UAV = SYNC.CLEAR_UNORDERED_ACCESS_VIEW >>> 0;

/**
 * The access bits of `access` that have no compatible bit in `sync` (C.4.1, EB-SYNC-ACCESS-01..03).
 * Returns 0 when compatible. A side whose sync contains SPLIT is not checked (returns 0). With sync NONE every
 * bit except NO_ACCESS is returned. NO_ACCESS is returned only when sync contains CLEAR_UNORDERED_ACCESS_VIEW.
 * Bits without a table row (undefined bits, ACCESS_GLOBAL) are left to EB-ACCESS-01/04.
 * ACCESS_COMMON has no bits: use `isSyncAccessCompatible` to also catch COMMON with NONE.
 */
export function incompatibleAccessBits(sync: number, access: number): number {
  const s = sync >>> 0;
  if ((s & SYNC_SPLIT) !== 0) return 0;
  // NOTE: only the sync side is expanded. The table lists aggregates literally (a DRAW sync matches the DRAW
  // entry, a NON_PIXEL_SHADING sync matches through VERTEX_SHADING/COMPUTE_SHADING); expanding the aggregates in
  // the table instead would make e.g. PIXEL_SHADING compatible with VERTEX_BUFFER via ALL_SHADING, and ALL would
  // make every pairing compatible.
  const expanded = expandSync(s);
  let bad = 0;
  for (const bit of setBits(access)) {
    if (bit === ACCESS_NO_ACCESS) {
      // NOTE: C.23 #6 / EB-SYNC-ACCESS-03 — documented as compatible with any sync, but the debug layer was
      // observed rejecting CLEAR_UNORDERED_ACCESS_VIEW with NO_ACCESS; we flag that literal bit (ALL is fine).
      if ((s & CLEAR_UAV) !== 0) bad |= bit;
      continue;
    }
    const allowed = ALLOWED_SYNC_FOR_ACCESS.get(bit);
    if (allowed === undefined) continue;
    if ((expanded & allowed) === 0) bad |= bit;
  }
  return bad >>> 0;
}

/** Whole-side check: like `incompatibleAccessBits(...) === 0`, and ACCESS_COMMON needs a non-NONE sync. */
export function isSyncAccessCompatible(sync: number, access: number): boolean {
  if (access >>> 0 === ACCESS_COMMON) return !isSyncNone(sync);
  return incompatibleAccessBits(sync, access) === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// C.4.2 sync bit → access types in its scope (strict mode only; ACCESS_COMMON always allowed).

// NOTE: C.23 #1 — COMPUTE_SHADING's spec list names SYNC_RENDER_TARGET (a typo); we use the inverse of C.4.1.
// NOTE: C.23 #2/#3 — RAYTRACING and the BUILD/COPY RTAS scopes accept what C.4.1 pairs with them.
const SYNC_SCOPE_TABLE: Readonly<Record<string, readonly string[]>> = {
  DRAW: ['VERTEX_BUFFER', 'CONSTANT_BUFFER', 'INDEX_BUFFER', 'RENDER_TARGET', 'UNORDERED_ACCESS',
    'DEPTH_STENCIL_WRITE', 'DEPTH_STENCIL_READ', 'SHADER_RESOURCE', 'STREAM_OUTPUT'],
  INDEX_INPUT: ['INDEX_BUFFER'],
  VERTEX_SHADING: ['VERTEX_BUFFER', 'CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADER_RESOURCE', 'STREAM_OUTPUT'],
  PIXEL_SHADING: ['CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADING_RATE_SOURCE', 'SHADER_RESOURCE'],
  DEPTH_STENCIL: ['DEPTH_STENCIL_WRITE', 'DEPTH_STENCIL_READ'],
  RENDER_TARGET: ['RENDER_TARGET'],
  COMPUTE_SHADING: ['CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADER_RESOURCE',
    'RAYTRACING_ACCELERATION_STRUCTURE_READ', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
  RAYTRACING: ['RAYTRACING_ACCELERATION_STRUCTURE_READ', 'UNORDERED_ACCESS', 'SHADER_RESOURCE',
    'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
  COPY: ['COPY_SOURCE', 'COPY_DEST'],
  RESOLVE: ['RESOLVE_SOURCE', 'RESOLVE_DEST'],
  EXECUTE_INDIRECT: ['INDIRECT_ARGUMENT'],
  ALL_SHADING: ['VERTEX_BUFFER', 'CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADER_RESOURCE', 'STREAM_OUTPUT',
    'RAYTRACING_ACCELERATION_STRUCTURE_READ', 'SHADING_RATE_SOURCE', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
  NON_PIXEL_SHADING: ['VERTEX_BUFFER', 'CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADER_RESOURCE', 'STREAM_OUTPUT',
    'RAYTRACING_ACCELERATION_STRUCTURE_READ', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
  VIDEO_DECODE: ['VIDEO_DECODE_READ', 'VIDEO_DECODE_WRITE'],
  VIDEO_PROCESS: ['VIDEO_PROCESS_READ', 'VIDEO_PROCESS_WRITE'],
  VIDEO_ENCODE: ['VIDEO_ENCODE_READ', 'VIDEO_ENCODE_WRITE'],
  BUILD_RAYTRACING_ACCELERATION_STRUCTURE: ['RAYTRACING_ACCELERATION_STRUCTURE_READ',
    'RAYTRACING_ACCELERATION_STRUCTURE_WRITE', 'SHADER_RESOURCE'],
  COPY_RAYTRACING_ACCELERATION_STRUCTURE: ['RAYTRACING_ACCELERATION_STRUCTURE_READ',
    'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
  EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO: ['UNORDERED_ACCESS',
    'RAYTRACING_ACCELERATION_STRUCTURE_READ'],
  CLEAR_UNORDERED_ACCESS_VIEW: ['UNORDERED_ACCESS'],
};

/** Sync bit → mask of access bits in its scope (ALL and SPLIT have no row: any access). */
export const ACCESS_SCOPE_FOR_SYNC: ReadonlyMap<number, number> = new Map(
  Object.entries(SYNC_SCOPE_TABLE).map(([s, acc]) => [SYNC[s] >>> 0, maskOf(ACCESS, acc)]),
);

/**
 * Strict mode (EB-SYNC-ACCESS-04/05): the non-aggregate sync bits on a side none of whose scope's access types
 * appear in `access`. ACCESS_COMMON and NO_ACCESS sides return 0 (NONE/NO_ACCESS pairing is EB-SYNC-03/04).
 */
export function syncBitsWithoutAccess(sync: number, access: number): number {
  const a = access >>> 0;
  if (a === ACCESS_COMMON || (a & ACCESS_NO_ACCESS) !== 0) return 0;
  let bad = 0;
  for (const bit of setBits(sync & ~AGGREGATE_SYNC_MASK)) {
    const scope = ACCESS_SCOPE_FOR_SYNC.get(bit);
    if (scope !== undefined && (scope & a) === 0) bad |= bit;
  }
  return bad >>> 0;
}

// ---------------------------------------------------------------------------------------------------------------
// C.0 writes(access).

/** Access types that write (W and RW classes of A.2). */
export const WRITE_ACCESS_MASK = maskOf(ACCESS, [
  'RENDER_TARGET', 'UNORDERED_ACCESS', 'DEPTH_STENCIL_WRITE', 'STREAM_OUTPUT', 'COPY_DEST', 'RESOLVE_DEST',
  'RAYTRACING_ACCELERATION_STRUCTURE_WRITE', 'VIDEO_DECODE_WRITE', 'VIDEO_PROCESS_WRITE', 'VIDEO_ENCODE_WRITE',
]);

/** C.0 `writes(access)`: the write-access bits in access (COMMON and NO_ACCESS contribute none). */
export function writes(access: number): number {
  return (access & WRITE_ACCESS_MASK) >>> 0;
}

/** The number of distinct write-access types in access (EB-FREE-05: at most one without a barrier). */
export function writeTypeCount(access: number): number {
  return setBits(writes(access)).length;
}
