// Legacy D3D12_RESOURCE_STATES: read/write class, enhanced equivalents (eb-rules.md A.6), state-combination
// validity (C.21 LB-06), implicit promotion from COMMON (LB-10) and command-list legality (LB-07).

import type { CommandListType } from '../types';
import { ACCESS, LAYOUT, LAYOUT_UNDEFINED, RESOURCE_STATES, RESOURCE_STATES_RESERVED, SYNC, maskOf, setBits }
  from './enums';
import { disallowedAccessOnList, disallowedSyncOnList, isAccessAllowedByLayout } from './layouts';

export type StateClass = 'read' | 'write' | 'read-write' | 'rtas';

interface StateRow {
  cls: StateClass;
  /** Texture layout equivalent; null = buffer-only state (no texture layout). */
  layout: string | null;
  /** The legacy layout is LEGACY_*: the texture may really be in this layout or in COMMON (A.6). */
  orCommon?: boolean;
  access: readonly string[];
  sync: readonly string[];
}

// A.6, one row per state bit (COMMON/PRESENT = 0 and the GENERIC_READ / ALL_SHADER_RESOURCE unions are derived).
// DEPTH_WRITE is 'write' as in A.6 (LB-06 calls it read/write; both make it the single allowed write bit).
const STATE_TABLE: Readonly<Record<string, StateRow>> = {
  VERTEX_AND_CONSTANT_BUFFER: { cls: 'read', layout: null, access: ['VERTEX_BUFFER', 'CONSTANT_BUFFER'],
    sync: ['ALL_SHADING'] },
  INDEX_BUFFER: { cls: 'read', layout: null, access: ['INDEX_BUFFER'], sync: ['INDEX_INPUT'] },
  RENDER_TARGET: { cls: 'write', layout: 'RENDER_TARGET', access: ['RENDER_TARGET'], sync: ['RENDER_TARGET'] },
  UNORDERED_ACCESS: { cls: 'read-write', layout: 'UNORDERED_ACCESS', access: ['UNORDERED_ACCESS'],
    sync: ['ALL_SHADING', 'BUILD_RAYTRACING_ACCELERATION_STRUCTURE', 'COPY_RAYTRACING_ACCELERATION_STRUCTURE',
      'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO'] },
  DEPTH_WRITE: { cls: 'write', layout: 'DEPTH_STENCIL_WRITE', access: ['DEPTH_STENCIL_WRITE'],
    sync: ['DEPTH_STENCIL'] },
  DEPTH_READ: { cls: 'read', layout: 'DEPTH_STENCIL_READ', access: ['DEPTH_STENCIL_READ'], sync: ['DEPTH_STENCIL'] },
  NON_PIXEL_SHADER_RESOURCE: { cls: 'read', layout: 'SHADER_RESOURCE', orCommon: true,
    access: ['SHADER_RESOURCE'], sync: ['NON_PIXEL_SHADING'] },
  PIXEL_SHADER_RESOURCE: { cls: 'read', layout: 'SHADER_RESOURCE', orCommon: true, access: ['SHADER_RESOURCE'],
    sync: ['PIXEL_SHADING'] },
  STREAM_OUT: { cls: 'write', layout: null, access: ['STREAM_OUTPUT'], sync: ['VERTEX_SHADING'] },
  INDIRECT_ARGUMENT: { cls: 'read', layout: null, access: ['INDIRECT_ARGUMENT'], sync: ['EXECUTE_INDIRECT'] },
  COPY_DEST: { cls: 'write', layout: 'COPY_DEST', orCommon: true, access: ['COPY_DEST'], sync: ['COPY'] },
  COPY_SOURCE: { cls: 'read', layout: 'COPY_SOURCE', orCommon: true, access: ['COPY_SOURCE'], sync: ['COPY'] },
  RESOLVE_DEST: { cls: 'write', layout: 'RESOLVE_DEST', access: ['RESOLVE_DEST'], sync: ['RESOLVE'] },
  RESOLVE_SOURCE: { cls: 'read', layout: 'RESOLVE_SOURCE', access: ['RESOLVE_SOURCE'], sync: ['RESOLVE'] },
  RAYTRACING_ACCELERATION_STRUCTURE: { cls: 'rtas', layout: null,
    access: ['RAYTRACING_ACCELERATION_STRUCTURE_READ', 'RAYTRACING_ACCELERATION_STRUCTURE_WRITE'],
    sync: ['RAYTRACING'] },
  SHADING_RATE_SOURCE: { cls: 'read', layout: 'SHADING_RATE_SOURCE', access: ['SHADING_RATE_SOURCE'],
    sync: ['PIXEL_SHADING'] },
  VIDEO_DECODE_READ: { cls: 'read', layout: 'VIDEO_DECODE_READ', access: ['VIDEO_DECODE_READ'],
    sync: ['VIDEO_DECODE'] },
  VIDEO_DECODE_WRITE: { cls: 'write', layout: 'VIDEO_DECODE_WRITE', access: ['VIDEO_DECODE_WRITE'],
    sync: ['VIDEO_DECODE'] },
  VIDEO_PROCESS_READ: { cls: 'read', layout: 'VIDEO_PROCESS_READ', access: ['VIDEO_PROCESS_READ'],
    sync: ['VIDEO_PROCESS'] },
  VIDEO_PROCESS_WRITE: { cls: 'write', layout: 'VIDEO_PROCESS_WRITE', access: ['VIDEO_PROCESS_WRITE'],
    sync: ['VIDEO_PROCESS'] },
  VIDEO_ENCODE_READ: { cls: 'read', layout: 'VIDEO_ENCODE_READ', access: ['VIDEO_ENCODE_READ'],
    sync: ['VIDEO_ENCODE'] },
  VIDEO_ENCODE_WRITE: { cls: 'write', layout: 'VIDEO_ENCODE_WRITE', access: ['VIDEO_ENCODE_WRITE'],
    sync: ['VIDEO_ENCODE'] },
};

/** A.6 row in numeric form. `layout` is null for buffer-only states. */
export interface LegacyStateInfo {
  name: string;
  cls: StateClass;
  layout: number | null;
  orCommon: boolean;
  access: number;
  sync: number;
}

/** State bit → its A.6 row (one entry per defined single-bit state). */
export const LEGACY_STATES: ReadonlyMap<number, LegacyStateInfo> = new Map(
  Object.entries(STATE_TABLE).map(([name, r]) => [RESOURCE_STATES[name] >>> 0, {
    name, cls: r.cls, layout: r.layout === null ? null : LAYOUT[r.layout] >>> 0, orCommon: r.orCommon ?? false,
    access: maskOf(ACCESS, r.access), sync: maskOf(SYNC, r.sync),
  }]),
);

const maskOfClass = (...classes: StateClass[]): number =>
  [...LEGACY_STATES].reduce((m, [bit, r]) => (classes.includes(r.cls) ? (m | bit) >>> 0 : m), 0);
export const LEGACY_READ_STATES = maskOfClass('read');
export const LEGACY_WRITE_STATES = maskOfClass('write', 'read-write');
export const LEGACY_RTAS_STATE = RESOURCE_STATES.RAYTRACING_ACCELERATION_STRUCTURE >>> 0;
/** Every defined state bit. */
export const LEGACY_DEFINED_STATES = maskOfClass('read', 'write', 'read-write', 'rtas');

/**
 * The class of a whole state value: 'common' for 0, the class shared by all bits when it is one class of a valid
 * combination (all reads, or a single write/read-write/RTAS bit), 'invalid' otherwise (LB-06).
 */
export function stateClass(state: number): StateClass | 'common' | 'invalid' {
  const s = state >>> 0;
  if (s === 0) return 'common';
  if (invalidStateCombination(s)) return 'invalid';
  const bits = setBits(s);
  return bits.length === 1 ? LEGACY_STATES.get(bits[0])!.cls : 'read';
}

export type InvalidStateKind = 'reserved-bits' | 'undefined-bits' | 'rtas-combined' | 'multiple-writes'
  | 'read-and-write';

/**
 * LB-06: why a state value is not a valid legacy state, with the offending bits; undefined when valid.
 * Reserved bits map to message 522, the others to 526. `allowed` adds platform states (Xbox PRESERVE_*).
 */
export function invalidStateCombination(state: number, opts: { allowed?: number } = {}):
  { kind: InvalidStateKind; bits: number } | undefined {
  const s = state >>> 0;
  const extra = (opts.allowed ?? 0) >>> 0;
  const reserved = (s & RESOURCE_STATES_RESERVED & ~extra) >>> 0;
  if (reserved) return { kind: 'reserved-bits', bits: reserved };
  const undef = (s & ~LEGACY_DEFINED_STATES & ~RESOURCE_STATES_RESERVED & ~extra) >>> 0;
  if (undef) return { kind: 'undefined-bits', bits: undef };
  const known = (s & LEGACY_DEFINED_STATES) >>> 0;
  if ((known & LEGACY_RTAS_STATE) && known !== LEGACY_RTAS_STATE) return { kind: 'rtas-combined', bits: known };
  const w = (known & LEGACY_WRITE_STATES) >>> 0;
  if (setBits(w).length > 1) return { kind: 'multiple-writes', bits: w };
  if (w && (known & LEGACY_READ_STATES)) return { kind: 'read-and-write', bits: known };
  return undefined;
}

/** Enhanced equivalent of a legacy state. `layout` is LAYOUT_UNDEFINED for buffers, null if no layout fits. */
export interface EnhancedEquivalent {
  layout: number | null;
  access: number;
  sync: number;
  /** The texture's real layout may also be COMMON (LEGACY_* layouts of A.6; promotion from COMMON). */
  alsoCommon: boolean;
}

// Layouts tried, narrowest first, when a texture state has several read bits naming different layouts.
const COMBINED_READ_LAYOUTS = ['GENERIC_READ', 'DIRECT_QUEUE_GENERIC_READ',
  'DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE'].map((l) => LAYOUT[l] >>> 0);
const DQGR_CQA = LAYOUT.DIRECT_QUEUE_GENERIC_READ_COMPUTE_QUEUE_ACCESSIBLE >>> 0;
const NPSR = RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE >>> 0;
const SHADER_RESOURCE_STATES = (NPSR | RESOURCE_STATES.PIXEL_SHADER_RESOURCE) >>> 0;

/**
 * Narrowest enhanced layout/access/sync for a legacy state (A.6; EB-INTEROP-05), for translating legacy barriers.
 * For textures, buffer-only bits (vertex/constant/index/stream-out/indirect/RTAS) are dropped when the state also
 * has texture bits (so GENERIC_READ on a texture becomes SRV|COPY_SOURCE). Undefined/reserved bits are ignored.
 */
export function legacyToEnhanced(state: number, isTexture: boolean): EnhancedEquivalent {
  const s = state >>> 0;
  if (s === 0) {
    return { layout: isTexture ? LAYOUT.COMMON : LAYOUT_UNDEFINED, access: 0, sync: SYNC.ALL, alsoCommon: false };
  }
  const rows = setBits(s).map((b) => LEGACY_STATES.get(b)).filter((r): r is LegacyStateInfo => r !== undefined);
  const texRows = rows.filter((r) => r.layout !== null);
  const used = isTexture && texRows.length > 0 ? texRows : rows;
  const access = used.reduce((m, r) => (m | r.access) >>> 0, 0);
  const sync = used.reduce((m, r) => (m | r.sync) >>> 0, 0);
  if (!isTexture) return { layout: LAYOUT_UNDEFINED, access, sync, alsoCommon: false };
  const alsoCommon = texRows.length > 0 && texRows.every((r) => r.orCommon);
  const layouts = new Set(texRows.map((r) => r.layout!));
  if (texRows.length === 0) {
    return { layout: null, access, sync, alsoCommon };
  }
  if (layouts.size === 1) return { layout: [...layouts][0], access, sync, alsoCommon };
  const texBits = texRows.reduce((m, r) => (m | RESOURCE_STATES[r.name]) >>> 0, 0);
  // NOTE: EB § Legacy layouts (EB-INTEROP-05) — NON_PIXEL_SHADER_RESOURCE together with other read states (other
  // than PIXEL_SHADER_RESOURCE, which still is SHADER_RESOURCE) maps to the compute-accessible direct generic read.
  // C.23 #13: that section's "RESOURCE_STATE_NON_PIXEL_SHADER" is read as NON_PIXEL_SHADER_RESOURCE. This layout
  // can only be entered on a DIRECT list; translating such a legacy barrier recorded on a COMPUTE list therefore
  // yields a barrier EB-LAYOUT-08 rejects, as the runtime's internal LEGACY_* layout has no public equivalent.
  if ((texBits & NPSR) && (texBits & ~SHADER_RESOURCE_STATES)) {
    return { layout: isAccessAllowedByLayout(DQGR_CQA, access) ? DQGR_CQA : null, access, sync, alsoCommon };
  }
  const fit = COMBINED_READ_LAYOUTS.find((l) => isAccessAllowedByLayout(l, access));
  return { layout: fit ?? null, access, sync, alsoCommon };
}

const PROMOTABLE_TEXTURE_STATES = maskOf(RESOURCE_STATES,
  ['NON_PIXEL_SHADER_RESOURCE', 'PIXEL_SHADER_RESOURCE', 'COPY_DEST', 'COPY_SOURCE']);
const DEPTH_STATES = maskOf(RESOURCE_STATES, ['DEPTH_WRITE', 'DEPTH_READ']);

/**
 * LB-10: can a resource in COMMON be implicitly promoted to `state` by use (so a barrier may name it as
 * StateBefore)? Buffers and simultaneous-access textures: any valid state except DEPTH_*; other textures: only
 * NON_PIXEL_SHADER_RESOURCE, PIXEL_SHADER_RESOURCE, COPY_DEST, COPY_SOURCE. COMMON itself returns true.
 */
export function promotableFromCommon(state: number, opts: { isBufferOrSimultaneous: boolean }): boolean {
  const s = state >>> 0;
  if (s === 0) return true;
  if (invalidStateCombination(s)) return false;
  if (opts.isBufferOrSimultaneous) return (s & DEPTH_STATES) === 0;
  return (s & ~PROMOTABLE_TEXTURE_STATES) === 0;
}

/**
 * LB-07: the state bits not legal on `list`, derived from A.6 through C.6.2/C.6.3: a bit is illegal when none of
 * its access bits or none of its sync bits is allowed on the list. COMMON (0) has no bits and is never returned;
 * on BUNDLE lists every other bit is (LB-23 reports the call). Undefined/reserved bits are left to LB-06.
 */
export function statesInvalidOnList(state: number, list: CommandListType): number {
  // NOTE: "none of its access bits" keeps VERTEX_AND_CONSTANT_BUFFER legal on compute lists (its constant-buffer
  // part is allowed there) while PIXEL_SHADER_RESOURCE is illegal (its only sync scope is PIXEL_SHADING).
  let bad = 0;
  for (const bit of setBits(state)) {
    const r = LEGACY_STATES.get(bit);
    if (!r) continue;
    const accessOk = (r.access & ~disallowedAccessOnList(r.access, list)) !== 0;
    const syncOk = (r.sync & ~disallowedSyncOnList(r.sync, list)) !== 0;
    if (!accessOk || !syncOk) bad |= bit;
  }
  return bad >>> 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Performance advice: legacy states whose A.6 sync covers whole groups of shader stages.

// A legacy state does not say which shader stage used the resource, so its enhanced equivalent waits for (or
// blocks) every stage the state could stand for. These are the states where that is most of the pipeline; an
// enhanced barrier written for compute-only use names COMPUTE_SHADING instead of the aggregate.
// NOTE: VERTEX_AND_CONSTANT_BUFFER (ALL_SHADING) and GENERIC_READ are left out: their scopes are what vertex and
// constant buffers and upload heaps really need, and compute cannot read vertex buffers.
const BROAD_STATE_VALUES = new Set([RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE, RESOURCE_STATES.ALL_SHADER_RESOURCE,
  RESOURCE_STATES.UNORDERED_ACCESS].map((s) => s >>> 0));
const STAGE_AGGREGATES = maskOf(SYNC, ['ALL_SHADING', 'NON_PIXEL_SHADING', 'BUILD_RAYTRACING_ACCELERATION_STRUCTURE',
  'COPY_RAYTRACING_ACCELERATION_STRUCTURE', 'EMIT_RAYTRACING_ACCELERATION_STRUCTURE_POSTBUILD_INFO']);

/**
 * For a legacy state whose enhanced sync (A.6) spans every non-pixel or every shader stage — NON_PIXEL_SHADER_RESOURCE,
 * ALL_SHADER_RESOURCE, UNORDERED_ACCESS — the translated sync and the narrower sync an enhanced barrier uses when
 * only compute shaders touch the resource (the aggregate and RTAS scopes replaced by COMPUTE_SHADING; PIXEL_SHADING
 * of ALL_SHADER_RESOURCE kept). Undefined for every other state.
 */
export function computeOnlySync(state: number): { translated: number; computeOnly: number } | undefined {
  const s = state >>> 0;
  if (!BROAD_STATE_VALUES.has(s)) return undefined;
  const translated = legacyToEnhanced(s, true).sync;
  return { translated, computeOnly: ((translated & ~STAGE_AGGREGATES) | SYNC.COMPUTE_SHADING) >>> 0 };
}
