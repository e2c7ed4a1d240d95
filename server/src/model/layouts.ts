// Texture layouts: which accesses each layout permits, which resource flags it needs (eb-rules.md C.5.1, C.5.2,
// C.15) and which layouts, access bits and sync bits each command-list type may use (C.6.1–C.6.3).

import type { CommandListType } from '../types';
import { ACCESS, ACCESS_DEFINED_MASK, LAYOUT, LAYOUT_UNDEFINED, RESOURCE_FLAGS, SYNC, SYNC_DEFINED_MASK, maskOf }
  from './enums';

const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;

// ---------------------------------------------------------------------------------------------------------------
// C.5.1 / C.5.2: layout → permitted access bits (NO_ACCESS always, COMMON unless a one-sided UNDEFINED).

// NOTE: C.23 #16 — GENERIC_READ permits only SHADER_RESOURCE and COPY_SOURCE (spec fix cfdde53); the depth,
// shading-rate and resolve reads need DIRECT_QUEUE_GENERIC_READ.
const LAYOUT_ACCESS_TABLE: Readonly<Record<string, readonly string[]>> = {
  COMMON: ['SHADER_RESOURCE', 'COPY_DEST', 'COPY_SOURCE'],
  GENERIC_READ: ['SHADER_RESOURCE', 'COPY_SOURCE'],
  RENDER_TARGET: ['RENDER_TARGET'],
  UNORDERED_ACCESS: ['UNORDERED_ACCESS'],
  DEPTH_STENCIL_WRITE: ['DEPTH_STENCIL_READ', 'DEPTH_STENCIL_WRITE'],
  DEPTH_STENCIL_READ: ['DEPTH_STENCIL_READ'],
  SHADER_RESOURCE: ['SHADER_RESOURCE'],
  COPY_SOURCE: ['COPY_SOURCE'],
  COPY_DEST: ['COPY_DEST'],
  RESOLVE_SOURCE: ['RESOLVE_SOURCE'],
  RESOLVE_DEST: ['RESOLVE_DEST'],
  SHADING_RATE_SOURCE: ['SHADING_RATE_SOURCE'],
  VIDEO_DECODE_READ: ['VIDEO_DECODE_READ'],
  VIDEO_DECODE_WRITE: ['VIDEO_DECODE_WRITE'],
  VIDEO_PROCESS_READ: ['VIDEO_PROCESS_READ'],
  VIDEO_PROCESS_WRITE: ['VIDEO_PROCESS_WRITE'],
  VIDEO_ENCODE_READ: ['VIDEO_ENCODE_READ'],
  VIDEO_ENCODE_WRITE: ['VIDEO_ENCODE_WRITE'],
  DIRECT_QUEUE_COMMON: ['COPY_SOURCE', 'COPY_DEST', 'SHADER_RESOURCE', 'UNORDERED_ACCESS'],
  DIRECT_QUEUE_GENERIC_READ: ['SHADER_RESOURCE', 'COPY_SOURCE', 'DEPTH_STENCIL_READ', 'SHADING_RATE_SOURCE',
    'RESOLVE_SOURCE'],
  DIRECT_QUEUE_UNORDERED_ACCESS: ['UNORDERED_ACCESS'],
  DIRECT_QUEUE_SHADER_RESOURCE: ['SHADER_RESOURCE'],
  DIRECT_QUEUE_COPY_SOURCE: ['COPY_SOURCE'],
  DIRECT_QUEUE_COPY_DEST: ['COPY_DEST'],
  COMPUTE_QUEUE_COMMON: ['COPY_SOURCE', 'COPY_DEST', 'SHADER_RESOURCE', 'UNORDERED_ACCESS'],
  COMPUTE_QUEUE_GENERIC_READ: ['SHADER_RESOURCE', 'COPY_SOURCE'],
  COMPUTE_QUEUE_UNORDERED_ACCESS: ['UNORDERED_ACCESS'],
  COMPUTE_QUEUE_SHADER_RESOURCE: ['SHADER_RESOURCE'],
  COMPUTE_QUEUE_COPY_SOURCE: ['COPY_SOURCE'],
  COMPUTE_QUEUE_COPY_DEST: ['COPY_DEST'],
  DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE: ['SHADER_RESOURCE', 'COPY_SOURCE', 'DEPTH_STENCIL_READ',
    'SHADING_RATE_SOURCE', 'RESOLVE_SOURCE'],
  // NOTE: removed from the headers in 2025 (see invalid-layout-value.md). The spec's table gave COPY_SOURCE and
  // COPY_DEST, its text "common (barrier free) usage on video queues": both are accepted, so no access is an error.
  VIDEO_QUEUE_COMMON: ['COPY_SOURCE', 'COPY_DEST', 'VIDEO_DECODE_READ', 'VIDEO_DECODE_WRITE', 'VIDEO_PROCESS_READ',
    'VIDEO_PROCESS_WRITE', 'VIDEO_ENCODE_READ', 'VIDEO_ENCODE_WRITE'],
};

// NOTE: C.23 #17 — for simultaneous-access textures we use the COMMON Layout list (SRV, CD, CS, RT, UAV, RD, RS),
// not the wider "all buffer accesses" paragraph; VB/CB/IB/SO/INDIRECT on such a texture stays disallowed here.
const SIMULTANEOUS_COMMON_ACCESS = maskOf(ACCESS, ['SHADER_RESOURCE', 'COPY_DEST', 'COPY_SOURCE', 'RENDER_TARGET',
  'UNORDERED_ACCESS', 'RESOLVE_DEST', 'RESOLVE_SOURCE']);

/** Layout value → mask of the access bits it permits (without NO_ACCESS/COMMON; non-simultaneous textures). */
export const LAYOUT_ACCESS: ReadonlyMap<number, number> = new Map(
  Object.entries(LAYOUT_ACCESS_TABLE).map(([l, acc]) => [LAYOUT[l] >>> 0, maskOf(ACCESS, acc)]),
);

/** A layout value that an API call may use (`0..31`, UNDEFINED). The internal LEGACY_* are not. */
export function isValidLayout(layout: number): boolean {
  return layout >>> 0 === LAYOUT_UNDEFINED || LAYOUT_ACCESS.has(layout >>> 0);
}

/**
 * Layout values that are not valid in API calls but that code may still hold (EB-LAYOUT-01, A.3): the internal
 * DDI-only LEGACY_* layouts. Value → what it is. (30, VIDEO_QUEUE_COMMON, is a video-queue layout: see
 * invalid-layout-value.md.)
 */
export const RETIRED_LAYOUTS: ReadonlyMap<number, string> = new Map([
  [0x80000000, 'the internal LEGACY_COPY_SOURCE layout'],
  [0x80000001, 'the internal LEGACY_COPY_DEST layout'],
  [0x80000002, 'the internal LEGACY_SHADER_RESOURCE layout'],
  [0x80000003, 'the internal LEGACY_PIXEL_SHADER_RESOURCE layout'],
]);

export interface LayoutAccessOptions {
  /** The texture has ALLOW_SIMULTANEOUS_ACCESS or ALLOW_CROSS_ADAPTER (COMMON then permits more). */
  simultaneous?: boolean;
  /** LayoutBefore and LayoutAfter are both UNDEFINED (a memory-access-only barrier: any access). */
  bothUndefined?: boolean;
}

/** Mask of the access bits `layout` permits, NO_ACCESS included. Undefined for an invalid layout value. */
export function permittedAccess(layout: number, opts: LayoutAccessOptions = {}): number | undefined {
  const l = layout >>> 0;
  if (l === LAYOUT_UNDEFINED) return opts.bothUndefined ? (ACCESS_DEFINED_MASK >>> 0) : NO_ACCESS;
  if (l === LAYOUT.COMMON && opts.simultaneous) return (SIMULTANEOUS_COMMON_ACCESS | NO_ACCESS) >>> 0;
  const acc = LAYOUT_ACCESS.get(l);
  return acc === undefined ? undefined : (acc | NO_ACCESS) >>> 0;
}

/**
 * EB-LAYOUT-04: the access bits of `access` that `layout` does not permit (0 = compatible). An invalid layout
 * value returns 0 (EB-LAYOUT-01 reports it). ACCESS_COMMON has no bits: see `isAccessAllowedByLayout`.
 * Undefined access bits are left to EB-ACCESS-01 and not returned.
 */
export function accessAllowedByLayout(layout: number, access: number, opts: LayoutAccessOptions = {}): number {
  const permitted = permittedAccess(layout, opts);
  if (permitted === undefined) return 0;
  return (access & ACCESS_DEFINED_MASK & ~permitted) >>> 0;
}

/** Whole-side check including ACCESS_COMMON, which every layout accepts except a one-sided UNDEFINED. */
export function isAccessAllowedByLayout(layout: number, access: number, opts: LayoutAccessOptions = {}): boolean {
  if (access >>> 0 === 0) return layout >>> 0 !== LAYOUT_UNDEFINED || opts.bothUndefined === true;
  return accessAllowedByLayout(layout, access, opts) === 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Resource-flag needs (C.5.2 last column, C.15; DER).

export interface FlagNeeds {
  /** Every one of these RESOURCE_FLAGS bits must be set. */
  required: number;
  /** None of these RESOURCE_FLAGS bits may be set. */
  forbidden: number;
}

const F = RESOURCE_FLAGS;
const LAYOUT_FLAG_TABLE: Readonly<Record<string, FlagNeeds>> = {
  RENDER_TARGET: { required: F.ALLOW_RENDER_TARGET, forbidden: 0 },
  UNORDERED_ACCESS: { required: F.ALLOW_UNORDERED_ACCESS, forbidden: 0 },
  DIRECT_QUEUE_UNORDERED_ACCESS: { required: F.ALLOW_UNORDERED_ACCESS, forbidden: 0 },
  COMPUTE_QUEUE_UNORDERED_ACCESS: { required: F.ALLOW_UNORDERED_ACCESS, forbidden: 0 },
  DEPTH_STENCIL_WRITE: { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 },
  DEPTH_STENCIL_READ: { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 },
  SHADER_RESOURCE: { required: 0, forbidden: F.DENY_SHADER_RESOURCE },
  DIRECT_QUEUE_SHADER_RESOURCE: { required: 0, forbidden: F.DENY_SHADER_RESOURCE },
  COMPUTE_QUEUE_SHADER_RESOURCE: { required: 0, forbidden: F.DENY_SHADER_RESOURCE },
};
const ACCESS_FLAG_TABLE: Readonly<Record<string, FlagNeeds>> = {
  RENDER_TARGET: { required: F.ALLOW_RENDER_TARGET, forbidden: 0 },
  UNORDERED_ACCESS: { required: F.ALLOW_UNORDERED_ACCESS, forbidden: 0 },
  DEPTH_STENCIL_WRITE: { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 },
  DEPTH_STENCIL_READ: { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 },
  SHADER_RESOURCE: { required: 0, forbidden: F.DENY_SHADER_RESOURCE },
};
const LAYOUT_FLAGS: ReadonlyMap<number, FlagNeeds> =
  new Map(Object.entries(LAYOUT_FLAG_TABLE).map(([l, n]) => [LAYOUT[l] >>> 0, n]));
const ACCESS_FLAGS: ReadonlyMap<number, FlagNeeds> =
  new Map(Object.entries(ACCESS_FLAG_TABLE).map(([a, n]) => [ACCESS[a] >>> 0, n]));

/** The resource flags a layout needs on its own (EB-FLAGS-01..04); none for layouts without a row. */
export function layoutFlagNeeds(layout: number): FlagNeeds {
  return LAYOUT_FLAGS.get(layout >>> 0) ?? { required: 0, forbidden: 0 };
}

/** The union of the resource-flag needs of every bit in access (EB-FLAGS-01..04; RTAS buffers, EB-ACCESS-08, are a resource kind, not a flag check). */
export function accessFlagNeeds(access: number): FlagNeeds {
  let required = 0;
  let forbidden = 0;
  for (const [bit, n] of ACCESS_FLAGS) {
    if ((access & bit) !== 0) { required |= n.required; forbidden |= n.forbidden; }
  }
  return { required: required >>> 0, forbidden: forbidden >>> 0 };
}

// Legacy states (RF; RBAPI § Runtime validation, LB-08): the same needs keyed by D3D12_RESOURCE_STATES bit.
const LEGACY_STATE_FLAG_TABLE: ReadonlyArray<[state: number, needs: FlagNeeds]> = [
  [0x4, { required: F.ALLOW_RENDER_TARGET, forbidden: 0 }], // RENDER_TARGET
  [0x8, { required: F.ALLOW_UNORDERED_ACCESS, forbidden: 0 }], // UNORDERED_ACCESS
  [0x10, { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 }], // DEPTH_WRITE
  [0x20, { required: F.ALLOW_DEPTH_STENCIL, forbidden: 0 }], // DEPTH_READ
  [0x40, { required: 0, forbidden: F.DENY_SHADER_RESOURCE }], // NON_PIXEL_SHADER_RESOURCE
  [0x80, { required: 0, forbidden: F.DENY_SHADER_RESOURCE }], // PIXEL_SHADER_RESOURCE
];

/** What a resource with `flags` lacks or must not have for a legacy state (LB-08); bits without a need are fine. */
export function legacyStateFlagProblems(flags: number, state: number): { missing: number; present: number } {
  let required = 0;
  let forbidden = 0;
  for (const [bit, n] of LEGACY_STATE_FLAG_TABLE) {
    if ((state & bit) !== 0) { required |= n.required; forbidden |= n.forbidden; }
  }
  return { missing: (required & ~flags) >>> 0, present: (forbidden & flags) >>> 0 };
}

/** What a resource with `flags` lacks (missing) or has but must not (present) for a layout and/or access. */
export function resourceFlagProblems(flags: number, use: { layout?: number; access?: number }):
  { missing: number; present: number } {
  const a = use.access === undefined ? { required: 0, forbidden: 0 } : accessFlagNeeds(use.access);
  const l = use.layout === undefined ? { required: 0, forbidden: 0 } : layoutFlagNeeds(use.layout);
  const required = a.required | l.required;
  const forbidden = a.forbidden | l.forbidden;
  return { missing: (required & ~flags) >>> 0, present: (forbidden & flags) >>> 0 };
}

// ---------------------------------------------------------------------------------------------------------------
// C.6.1–C.6.3: per command-list type. UNDEFINED (layout), COMMON/NO_ACCESS (access) and NONE (sync) are always
// allowed. BUNDLE lists may record no barrier at all (EB-CALL-02 reports the call; its rows are empty).

// NOTE: C.23 #15 — current tables (spec b4510d4): DIRECT_QUEUE_COMMON / COMPUTE_QUEUE_* layouts are included and
// VERTEX_BUFFER is not allowed on COMPUTE lists. C.23 #14 — NONE, COMMON and NO_ACCESS are allowed everywhere.
interface ListTable { layouts: readonly string[]; access: readonly string[]; sync: readonly string[] }
const LIST_TABLE: Readonly<Record<CommandListType, ListTable>> = {
  direct: {
    layouts: ['COMMON', 'GENERIC_READ', 'RENDER_TARGET', 'UNORDERED_ACCESS', 'DEPTH_STENCIL_WRITE',
      'DEPTH_STENCIL_READ', 'SHADER_RESOURCE', 'COPY_SOURCE', 'COPY_DEST', 'RESOLVE_SOURCE', 'RESOLVE_DEST',
      'SHADING_RATE_SOURCE', 'DIRECT_QUEUE_COMMON', 'DIRECT_QUEUE_GENERIC_READ', 'DIRECT_QUEUE_UNORDERED_ACCESS',
      'DIRECT_QUEUE_SHADER_RESOURCE', 'DIRECT_QUEUE_COPY_SOURCE', 'DIRECT_QUEUE_COPY_DEST',
      'DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE'],
    access: ['VERTEX_BUFFER', 'CONSTANT_BUFFER', 'INDEX_BUFFER', 'RENDER_TARGET', 'UNORDERED_ACCESS',
      'DEPTH_STENCIL_WRITE', 'DEPTH_STENCIL_READ', 'SHADER_RESOURCE', 'STREAM_OUTPUT', 'INDIRECT_ARGUMENT',
      'COPY_DEST', 'COPY_SOURCE', 'RESOLVE_DEST', 'RESOLVE_SOURCE', 'RAYTRACING_ACCELERATION_STRUCTURE_READ',
      'RAYTRACING_ACCELERATION_STRUCTURE_WRITE', 'SHADING_RATE_SOURCE', 'PREDICATION'],
    sync: ['ALL', 'DRAW', 'INDEX_INPUT', 'VERTEX_SHADING', 'PIXEL_SHADING', 'DEPTH_STENCIL', 'RENDER_TARGET',
      'COMPUTE_SHADING', 'RAYTRACING', 'COPY', 'RESOLVE', 'EXECUTE_INDIRECT', 'PREDICATION', 'ALL_SHADING',
      'NON_PIXEL_SHADING', 'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'COPY_RAYTRACING_ACCELERATION_STRUCTURE',
      'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO', 'CLEAR_UNORDERED_ACCESS_VIEW', 'SPLIT'],
  },
  // NOTE: C.23 #7 — DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE is listed for COMPUTE, but only for
  // access: a compute list may not transition into or out of it (see ACCESS_ONLY_LAYOUTS).
  compute: {
    layouts: ['COMMON', 'GENERIC_READ', 'UNORDERED_ACCESS', 'SHADER_RESOURCE', 'COPY_SOURCE', 'COPY_DEST',
      'COMPUTE_QUEUE_COMMON', 'COMPUTE_QUEUE_GENERIC_READ', 'COMPUTE_QUEUE_UNORDERED_ACCESS',
      'COMPUTE_QUEUE_SHADER_RESOURCE', 'COMPUTE_QUEUE_COPY_SOURCE', 'COMPUTE_QUEUE_COPY_DEST',
      'DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE'],
    access: ['CONSTANT_BUFFER', 'UNORDERED_ACCESS', 'SHADER_RESOURCE', 'INDIRECT_ARGUMENT', 'COPY_DEST',
      'COPY_SOURCE', 'RAYTRACING_ACCELERATION_STRUCTURE_READ', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE',
      'PREDICATION'],
    // ALL_SHADING / NON_PIXEL_SHADING are allowed on compute even though they nominally cover graphics stages.
    sync: ['ALL', 'COMPUTE_SHADING', 'RAYTRACING', 'COPY', 'EXECUTE_INDIRECT', 'ALL_SHADING', 'NON_PIXEL_SHADING',
      'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'COPY_RAYTRACING_ACCELERATION_STRUCTURE',
      'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO', 'CLEAR_UNORDERED_ACCESS_VIEW', 'SPLIT'],
  },
  copy: { layouts: ['COMMON'], access: ['COPY_DEST', 'COPY_SOURCE'], sync: ['ALL', 'COPY', 'SPLIT'] },
  'video-decode': {
    layouts: ['COMMON', 'VIDEO_DECODE_READ', 'VIDEO_DECODE_WRITE', 'VIDEO_QUEUE_COMMON'],
    access: ['VIDEO_DECODE_READ', 'VIDEO_DECODE_WRITE'], sync: ['ALL', 'VIDEO_DECODE', 'SPLIT'],
  },
  'video-process': {
    layouts: ['COMMON', 'VIDEO_PROCESS_READ', 'VIDEO_PROCESS_WRITE', 'VIDEO_QUEUE_COMMON'],
    access: ['VIDEO_PROCESS_READ', 'VIDEO_PROCESS_WRITE'], sync: ['ALL', 'VIDEO_PROCESS', 'SPLIT'],
  },
  'video-encode': {
    layouts: ['COMMON', 'VIDEO_ENCODE_READ', 'VIDEO_ENCODE_WRITE', 'VIDEO_QUEUE_COMMON'],
    access: ['VIDEO_ENCODE_READ', 'VIDEO_ENCODE_WRITE'], sync: ['ALL', 'VIDEO_ENCODE', 'SPLIT'],
  },
  bundle: { layouts: [], access: [], sync: [] },
};

/** Layouts a list type may use only in non-transition barriers (LayoutBefore == LayoutAfter). */
const ACCESS_ONLY_LAYOUTS: Readonly<Partial<Record<CommandListType, readonly string[]>>> = {
  compute: ['DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE'],
};

interface ListMasks { layouts: ReadonlySet<number>; accessOnly: ReadonlySet<number>; access: number; sync: number }
const LIST_MASKS: ReadonlyMap<CommandListType, ListMasks> = new Map(
  (Object.entries(LIST_TABLE) as [CommandListType, ListTable][]).map(([list, t]) => [list, {
    layouts: new Set(t.layouts.map((l) => LAYOUT[l] >>> 0)),
    accessOnly: new Set((ACCESS_ONLY_LAYOUTS[list] ?? []).map((l) => LAYOUT[l] >>> 0)),
    access: maskOf(ACCESS, t.access),
    sync: maskOf(SYNC, t.sync),
  }]),
);

/** Every command-list type, in D3D12_COMMAND_LIST_TYPE order. */
export const COMMAND_LIST_TYPES: readonly CommandListType[] =
  ['direct', 'bundle', 'compute', 'copy', 'video-decode', 'video-process', 'video-encode'];

/**
 * EB-LAYOUT-07/08, EB-QUEUE-01: may a barrier recorded on `list` name `layout`? `transition` is whether the
 * barrier changes layout (LayoutBefore != LayoutAfter); it defaults to true, which is the stricter answer.
 */
export function layoutAllowedOnList(layout: number, list: CommandListType,
  opts: { transition?: boolean } = {}): boolean {
  const l = layout >>> 0;
  if (l === LAYOUT_UNDEFINED) return true;
  const m = LIST_MASKS.get(list);
  if (!m || !m.layouts.has(l)) return false;
  return !(m.accessOnly.has(l) && (opts.transition ?? true));
}

/** EB-ACCESS-05, EB-QUEUE-02: the defined access bits not allowed on `list` (COMMON/NO_ACCESS always are). */
export function disallowedAccessOnList(access: number, list: CommandListType): number {
  const allowed = ((LIST_MASKS.get(list)?.access ?? 0) | NO_ACCESS) >>> 0;
  return (access & ACCESS_DEFINED_MASK & ~allowed) >>> 0;
}

/** EB-SYNC-08, EB-QUEUE-03: the defined sync bits not allowed on `list` (NONE always is). No expansion. */
export function disallowedSyncOnList(sync: number, list: CommandListType): number {
  const allowed = LIST_MASKS.get(list)?.sync ?? 0;
  return (sync & SYNC_DEFINED_MASK & ~allowed) >>> 0;
}
