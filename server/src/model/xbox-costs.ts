// The cost of one barrier on Xbox Series X|S, from the tables in xbox-cost-tables.ts (xbox-platform.md § 1, § 3,
// § 4.3, § 5): stages drained (SyncBefore) and blocked (SyncAfter), caches written back (AccessBefore's writes)
// and invalidated (AccessAfter, when something was written), and the compression states a layout change loses
// (the driver decompresses them) under the TC and/or non-TC table. Legacy barriers are costed through the
// translation the driver applies (legacyToEnhanced), which is what the EBX worked examples describe.
import { ACCESS, LAYOUT, LAYOUT_UNDEFINED, RESOURCE_BARRIER_FLAGS, RESOURCE_FLAGS, RESOURCE_STATES, SYNC, XBOX_RESOURCE_FLAGS,
  XBOX_RESOURCE_STATES, XBOX_RESOURCE_STATE_MASK, memberName, setBits } from './enums';
import { type EnhancedEquivalent, legacyToEnhanced } from './legacy-states';
import { writes } from './sync-access';
import {
  ACCESS_CACHES, CACHE_ORDER, COLOR_STATES, COPY_DEST_STAGES, COPY_SOURCE_STAGES, LAYOUT_ALIASES, LAYOUT_COMPRESSION,
  SPLIT_BLOCK, STAGE_ORDER, SYNC_STAGES,
  type Cache, type CompressionState, type LayoutRow, type Stage, type SyncRow,
} from './xbox-cost-tables';

/** What is known about the barrier's resource (from its creation, when the analysis saw it). */
export interface ResourceTraits {
  /** D3D12_RESOURCE_FLAGS including the Xbox bits; null when unknown. */
  flags: number | null;
  sampleCount?: number | null;
  /** null: unknown (legacy transitions are then costed as on a texture). */
  isTexture?: boolean | null;
}

/** An enhanced barrier's fields; null = not resolved statically. */
export interface EnhancedBarrierInput {
  kind: 'texture' | 'buffer' | 'global';
  syncBefore: number | null;
  syncAfter: number | null;
  accessBefore: number | null;
  accessAfter: number | null;
  layoutBefore?: number | null;
  layoutAfter?: number | null;
  discard?: boolean;
}

export interface LegacyBarrierInput {
  kind: 'legacy-transition' | 'legacy-uav' | 'legacy-aliasing';
  stateBefore?: number | null;
  stateAfter?: number | null;
  /** D3D12_RESOURCE_BARRIER_FLAGS (BEGIN_ONLY / END_ONLY); null when unknown. */
  flags: number | null;
}

export type CompressionTable = 'TC' | 'non-TC';

export interface Decompression {
  table: CompressionTable;
  /** Compression states the source layout allows and the target does not: the driver decompresses them. */
  lost: CompressionState[];
}

export interface BarrierCost {
  /** 'begin': made immediate here (CE and PFP blocked); 'end': ignored by the driver, costs nothing. */
  split: 'begin' | 'end' | null;
  /** null where the value is not known statically. */
  drained: Stage[] | null;
  blocked: Stage[] | null;
  writeBack: Cache[] | null;
  invalidate: Cache[] | null;
  /** One entry per table that may apply (both when the TC flag is unknown); [] for buffers and global barriers. */
  decompress: Decompression[] | null;
  /** Rows used that are not the seeds' (reason given), and other remarks. */
  derived: string[];
  notes: string[];
}

const ALL_CACHES_BUT_L2 = CACHE_ORDER.filter((c) => c !== 'L2');
const DEPTH_STATES: readonly CompressionState[] = ['CompressedDepth', 'CompressedStencil'];
const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;
const RT_FLAG = RESOURCE_FLAGS.ALLOW_RENDER_TARGET;
const DS_FLAG = RESOURCE_FLAGS.ALLOW_DEPTH_STENCIL;

function sorted<T>(items: Iterable<T>, order: readonly T[]): T[] {
  const set = new Set(items);
  return order.filter((x) => set.has(x));
}

function noteRow(derived: Set<string>, family: string, name: string, row: { seed: boolean; note?: string }): void {
  if (!row.seed) derived.add(`${family} ${name}: ${row.note ?? 'not in the seed tables'}`);
}

/** Stages for one side of the barrier. `copyRole` picks the COPY row (EBX maps COPY by access/layout). */
export function syncStages(sync: number, side: 'drain' | 'block', copyRole: 'source' | 'dest' | 'both',
  derived: Set<string> = new Set()): Stage[] {
  const out = new Set<Stage>();
  for (const bit of setBits(sync & ~SYNC.SPLIT)) {
    const name = memberName(SYNC, bit);
    if (!name) continue;
    let rows: SyncRow[];
    if (name === 'COPY') {
      rows = copyRole === 'source' ? [COPY_SOURCE_STAGES] : copyRole === 'dest' ? [COPY_DEST_STAGES]
        : [COPY_SOURCE_STAGES, COPY_DEST_STAGES];
    } else {
      const row = SYNC_STAGES[name];
      if (!row) continue;
      noteRow(derived, 'sync', name, row);
      rows = [row];
    }
    for (const row of rows) for (const s of row[side]) out.add(s);
  }
  return sorted(out, STAGE_ORDER);
}

/** Caches an access value reads or writes through. COMMON (0) may be any access: every cache. */
export function accessCaches(access: number, derived: Set<string> = new Set()): Cache[] {
  const a = access >>> 0;
  if (a === NO_ACCESS) return [];
  if (a === 0) return [...CACHE_ORDER];
  const out = new Set<Cache>();
  for (const bit of setBits(a)) {
    const name = memberName(ACCESS, bit);
    const row = name ? ACCESS_CACHES[name] : undefined;
    if (!row || !name) continue;
    noteRow(derived, 'access', name, row);
    row.caches.forEach((c) => out.add(c));
  }
  return sorted(out, CACHE_ORDER);
}

function copyRole(access: number | null, layout: number | null | undefined): 'source' | 'dest' | 'both' {
  const src = (access !== null && (access & ACCESS.COPY_SOURCE) !== 0) || layout === LAYOUT.COPY_SOURCE;
  const dst = (access !== null && (access & ACCESS.COPY_DEST) !== 0) || layout === LAYOUT.COPY_DEST;
  return src && !dst ? 'source' : dst && !src ? 'dest' : 'both';
}

/** The layout's row (queue-specific layouts share their generic row), or undefined when the seeds say nothing. */
export function layoutRow(layout: number, derived: Set<string> = new Set()): LayoutRow | undefined {
  const name = memberName(LAYOUT, layout);
  if (!name) return undefined;
  const base = LAYOUT_ALIASES[name] ?? name;
  const row = LAYOUT_COMPRESSION[base];
  if (row && base !== name && name !== 'PRESENT') derived.add(`layout ${name}: the row of ${base}`);
  if (row) noteRow(derived, 'layout', base, row);
  return row;
}

/** Compression states a layout allows for a resource, filtered by what its creation flags make possible. */
export function compressionStates(layout: number, table: CompressionTable, traits?: ResourceTraits,
  derived: Set<string> = new Set()): CompressionState[] | undefined {
  const row = layoutRow(layout, derived);
  if (!row) return undefined;
  let states = [...(table === 'TC' ? row.tc : row.nonTC)];
  const flags = traits?.flags ?? null;
  if (flags !== null) {
    // Metadata only exists for render targets / depth-stencils; DCC needs ALLOW_DCC (EBX § 1.3 flag facts).
    if (!(flags & RT_FLAG)) states = states.filter((s) => !COLOR_STATES.includes(s));
    if (!(flags & XBOX_RESOURCE_FLAGS.ALLOW_DCC)) states = states.filter((s) => s !== 'CompressedDcc');
    if (!(flags & DS_FLAG)) states = states.filter((s) => s !== 'CompressedDepth' && s !== 'CompressedStencil');
  }
  if (traits?.sampleCount === 1) states = states.filter((s) => s !== 'ScatteredFmask');
  return states;
}

/** The tables that may apply: the resource's, or both when its flags are unknown. */
export function applicableTables(traits?: ResourceTraits): CompressionTable[] {
  const flags = traits?.flags ?? null;
  if (flags === null) return ['non-TC', 'TC'];
  return [(flags & XBOX_RESOURCE_FLAGS.FORCE_TEXTURE_COMPATIBILITY) !== 0 ? 'TC' : 'non-TC'];
}

function decompression(b: EnhancedBarrierInput, traits: ResourceTraits | undefined, derived: Set<string>,
  notes: string[]): Decompression[] | null {
  if (b.kind !== 'texture') return [];
  const before = b.layoutBefore ?? null;
  const after = b.layoutAfter ?? null;
  if (before === null || after === null) return null;
  if (b.discard) {
    notes.push('DISCARD: metadata is initialised instead of decompressed');
    return applicableTables(traits).map((table) => ({ table, lost: [] }));
  }
  if (before === LAYOUT_UNDEFINED || after === LAYOUT_UNDEFINED) {
    return applicableTables(traits).map((table) => ({ table, lost: [] }));
  }
  // Flags unknown: a RENDER_TARGET layout proves a colour target, a DEPTH_STENCIL one a depth target (the two
  // resource flags exclude each other), so the other kind's states cannot be lost.
  const color = before === LAYOUT.RENDER_TARGET || after === LAYOUT.RENDER_TARGET;
  const depth = [before, after].some((l) => l === LAYOUT.DEPTH_STENCIL_WRITE || l === LAYOUT.DEPTH_STENCIL_READ);
  const possible = (s: CompressionState): boolean => (traits?.flags ?? null) !== null
    || (color ? !DEPTH_STATES.includes(s) : depth ? !COLOR_STATES.includes(s) : true);
  const out: Decompression[] = [];
  for (const table of applicableTables(traits)) {
    const from = compressionStates(before, table, traits, derived);
    const to = compressionStates(after, table, traits, derived);
    if (!from || !to) return null;
    const lost = from.filter((s) => !to.includes(s) && possible(s));
    // NOTE: the EBX prose says RENDER_TARGET → SHADER_RESOURCE does not decompress a TC resource, while its table
    // drops IndirectColorClear there. Decision: losing only the fast-clear state is a fast-clear elimination, not a
    // decompression (decompresses() agrees, as does xbox-partial-subresource-compression); the state stays listed.
    if (lost.length > 0 && lost.every((st) => st === 'IndirectColorClear')) {
      notes.push(`${table}: only IndirectColorClear is lost: a fast-clear elimination, not a decompression (EBX: RENDER_TARGET → SHADER_RESOURCE does not decompress a TC resource)`);
    }
    out.push({ table, lost });
  }
  return out;
}

/** The cost of an enhanced barrier (xbox-series). */
export function enhancedBarrierCost(b: EnhancedBarrierInput, traits?: ResourceTraits): BarrierCost {
  const derived = new Set<string>();
  const notes: string[] = [];
  const endSplit = b.syncBefore !== null && (b.syncBefore & SYNC.SPLIT) !== 0;
  const beginSplit = b.syncAfter !== null && (b.syncAfter & SYNC.SPLIT) !== 0;
  if (endSplit) {
    notes.push('end of a split barrier: ignored by the driver (the work was done at the begin barrier)');
    return { split: 'end', drained: [], blocked: [], writeBack: [], invalidate: [], decompress: [], derived: [], notes };
  }
  const drained = b.syncBefore === null ? null
    : syncStages(b.syncBefore, 'drain', copyRole(b.accessBefore, b.layoutBefore), derived);
  let blocked = b.syncAfter === null ? null : syncStages(b.syncAfter, 'block', copyRole(b.accessAfter, b.layoutAfter), derived);
  if (beginSplit) {
    notes.push('begin of a split barrier: made immediate here; without the after-scope the driver blocks CE and PFP');
    blocked = sorted([...(blocked ?? []), ...SPLIT_BLOCK], STAGE_ORDER);
  }
  let writeBack: Cache[] | null = null;
  let invalidate: Cache[] | null = null;
  if (b.accessBefore !== null) {
    const before = b.accessBefore >>> 0;
    const dirty = before === 0 ? 0xffffffff : writes(before);
    if (before === 0) notes.push('AccessBefore COMMON: any earlier access is assumed, so every cache is flushed');
    writeBack = before === NO_ACCESS || dirty === 0 ? []
      : (before === 0 ? ALL_CACHES_BUT_L2 : accessCaches(dirty, derived)).filter((c) => c !== 'L2' && c !== '$K');
    if (writeBack.length) derived.add('write-back: L2 (the coherence point) and $K (read-only scalar cache) are never written back');
    if (b.accessAfter !== null) {
      const wrote = before !== NO_ACCESS && dirty !== 0;
      invalidate = wrote ? accessCaches(b.accessAfter, derived).filter((c) => c !== 'L2') : [];
      if (invalidate.length) derived.add('invalidate: L2 is not invalidated (every client reads through it)');
    }
  }
  if (b.kind === 'buffer') derived.add('buffer barrier: stages from the texture-case table (EBX: buffers differ in some stages, not listed)');
  const decompress = decompression(b, traits, derived, notes);
  return { split: beginSplit ? 'begin' : null, drained, blocked, writeBack, invalidate, decompress,
    derived: [...derived], notes };
}

const XBOX_PRESERVE_COMPRESSED: ReadonlyArray<readonly [number, readonly CompressionState[]]> = [
  [XBOX_RESOURCE_STATES.PRESERVE_COMPRESSED_COLOR, ['CompressedColor', 'CompressedDcc']],
  [XBOX_RESOURCE_STATES.PRESERVE_COMPRESSED_DEPTH, ['CompressedDepth']],
  [XBOX_RESOURCE_STATES.PRESERVE_COMPRESSED_STENCIL, ['CompressedStencil']],
  [XBOX_RESOURCE_STATES.PRESERVE_INDIRECT_COLOR_CLEAR, ['IndirectColorClear']],
  [XBOX_RESOURCE_STATES.PRESERVE_SCATTERED_COLOR_FMASK, ['ScatteredFmask']],
];

/** The legacy state Xbox accepts for intra-resource copies (DIFF "Resource barriers"); invalid on PC (LB-06). */
export const XBOX_COPY_SOURCE_DEST = (RESOURCE_STATES.COPY_SOURCE | RESOURCE_STATES.COPY_DEST) >>> 0;

/**
 * legacyToEnhanced for an Xbox legacy state: the Xbox-only PRESERVE_* bits are dropped (they steer compression, see
 * legacyBarrierCost), and the Xbox intra-resource copy state COPY_SOURCE|COPY_DEST (DIFF) maps to the COMMON
 * layout — the only layout that allows both copy accesses (derived; the seeds do not say).
 */
export function xboxLegacyToEnhanced(state: number, isTexture: boolean): EnhancedEquivalent {
  const s = (state & ~XBOX_RESOURCE_STATE_MASK) >>> 0;
  const e = legacyToEnhanced(s, isTexture);
  if (s === XBOX_COPY_SOURCE_DEST && isTexture) return { ...e, layout: LAYOUT.COMMON };
  return e;
}

/** The enhanced barrier the driver makes of a legacy one (xbox-series translation), or null when unknown. */
export function translateLegacy(b: LegacyBarrierInput, traits?: ResourceTraits): EnhancedBarrierInput | null {
  const isTexture = traits?.isTexture ?? true;
  const kind = isTexture ? 'texture' : 'buffer';
  if (b.kind === 'legacy-uav') {
    const uav = ACCESS.UNORDERED_ACCESS;
    return { kind: 'buffer', syncBefore: SYNC.ALL_SHADING, syncAfter: SYNC.ALL_SHADING, accessBefore: uav, accessAfter: uav };
  }
  if (b.kind === 'legacy-aliasing') {
    return { kind: 'global', syncBefore: SYNC.ALL, syncAfter: SYNC.ALL, accessBefore: 0, accessAfter: 0 };
  }
  if (b.stateBefore === null || b.stateBefore === undefined || b.stateAfter === null || b.stateAfter === undefined) {
    return null;
  }
  const before = xboxLegacyToEnhanced(b.stateBefore, isTexture);
  const after = xboxLegacyToEnhanced(b.stateAfter, isTexture);
  return {
    kind, syncBefore: before.sync, syncAfter: after.sync, accessBefore: before.access, accessAfter: after.access,
    ...(isTexture ? { layoutBefore: before.layout, layoutAfter: after.layout } : {}),
  };
}

/** The cost of a legacy barrier through the driver's translation (xbox-series), and the translated barrier. */
export function legacyBarrierCost(b: LegacyBarrierInput, traits?: ResourceTraits):
  { cost: BarrierCost; translated: EnhancedBarrierInput | null } {
  const translated = translateLegacy(b, traits);
  const flags = b.flags ?? 0;
  const split = (flags & RESOURCE_BARRIER_FLAGS.END_ONLY) !== 0 ? SYNC.SPLIT : 0;
  const beginSplit = (flags & RESOURCE_BARRIER_FLAGS.BEGIN_ONLY) !== 0 ? SYNC.SPLIT : 0;
  if (!translated) {
    const unknown: BarrierCost = { split: null, drained: null, blocked: null, writeBack: null, invalidate: null,
      decompress: null, derived: [], notes: ['the legacy states are not known statically'] };
    return { cost: unknown, translated };
  }
  const withSplit: EnhancedBarrierInput = {
    ...translated,
    syncBefore: translated.syncBefore === null ? null : (translated.syncBefore | split) >>> 0,
    syncAfter: translated.syncAfter === null ? null : (translated.syncAfter | beginSplit) >>> 0,
  };
  const cost = enhancedBarrierCost(withSplit, traits);
  if (b.kind === 'legacy-uav') cost.notes.push('legacy UAV barrier: translated with ALL_SHADING scopes (drains PS, VS and CS)');
  if (b.kind === 'legacy-aliasing') cost.notes.push('legacy aliasing barrier: blocks all GPU work and flushes all writes');
  if (b.kind === 'legacy-transition' && cost.decompress) {
    const preserve = ((b.stateBefore ?? 0) | (b.stateAfter ?? 0)) >>> 0;
    const kept = XBOX_PRESERVE_COMPRESSED.filter(([bit]) => (preserve & bit) === bit).flatMap(([, states]) => states);
    if (kept.length > 0) {
      cost.decompress = cost.decompress.map((d) => ({ ...d, lost: d.lost.filter((s) => !kept.includes(s)) }));
      cost.notes.push(`D3D12XBOX_RESOURCE_STATE_PRESERVE_*: ${kept.join(', ')} kept compressed`);
    }
    if (preserve & (XBOX_RESOURCE_STATES.PRESERVE_EXPANDED_COLOR | XBOX_RESOURCE_STATES.PRESERVE_EXPANDED_DEPTH
      | XBOX_RESOURCE_STATES.PRESERVE_EXPANDED_STENCIL)) {
      cost.notes.push('D3D12XBOX_RESOURCE_STATE_PRESERVE_EXPANDED_*: the resource stays decompressed afterwards');
    }
  }
  if (translated.kind === 'texture' && traits?.isTexture == null) cost.notes.push('costed as a texture (resource kind unknown)');
  return { cost, translated };
}

/** True when a compression state other than the fast-clear state is lost (a decompression pass runs). */
export function decompresses(cost: BarrierCost): boolean {
  return (cost.decompress ?? []).some((d) => d.lost.some((st) => st !== 'IndirectColorClear'));
}
