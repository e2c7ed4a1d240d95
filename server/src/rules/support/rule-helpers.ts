// Shared helpers for rule files: the barrier position suffix the debug layer prints, field access with ranges,
// and value formatting. (Not a rule: the registry generator skips *-helpers.ts.)
import type { BarrierFact, Field, FieldOrigin, ResourceRef } from '../../extract/facts';
import { formatEnumValue } from '../../model/format-values';
import type { Range } from '../../types';
import type { BarrierPosition, ReportDescriptor, RuleContext } from '../define-rule';

const NOUN: Record<string, string> = {
  texture: 'texture barrier', buffer: 'buffer barrier', global: 'global barrier',
  'legacy-transition': 'transition barrier', 'legacy-uav': 'UAV barrier', 'legacy-aliasing': 'aliasing barrier',
};

export function barrierNoun(b: BarrierFact): string {
  return NOUN[b.kind] ?? 'barrier';
}

/** " in texture barrier at group [0], index [2]" when the position is known (debug-layer wording, E17). */
export function positionSuffix(b: BarrierFact, pos: BarrierPosition): string {
  if (pos.index === null) return '';
  if (pos.group === null) return ` in ${barrierNoun(b)} at index [${pos.index}]`;
  return ` in ${barrierNoun(b)} at group [${pos.group}], index [${pos.index}]`;
}

/** The field's value when it resolved to a constant, else undefined (unknown values never fire a rule). */
export function known(f: Field | undefined): number | undefined {
  return f && f.value !== null ? f.value : undefined;
}

/** Origins whose field has no expression of its own to point at (a zero-fill's range is the memset call). */
const UNWRITTEN: ReadonlySet<FieldOrigin | undefined> = new Set<FieldOrigin>(['value-init', 'helper-default', 'desc-default']);

/** Where to point for a field: its own expression when written explicitly, else the barrier. */
export function fieldRange(b: BarrierFact, ...names: string[]): Range {
  for (const n of names) {
    const f = b.fields[n];
    if (f && !UNWRITTEN.has(f.origin)) return f.range;
  }
  return b.range;
}

export function isEnhanced(b: BarrierFact): boolean {
  return b.kind === 'texture' || b.kind === 'buffer' || b.kind === 'global';
}

export function fmt(family: string, value: number): string {
  return formatEnumValue(family, value);
}

/** Resource name for messages: the source expression, as the debug layer prints the debug name. */
export function resourceName(b: BarrierFact): string {
  return b.resource?.text.replace(/\s+/g, ' ') ?? 'unknown';
}

/** Text identifying the barrier for baseline fingerprints: kind, resource and resolved values, no positions. */
export function fingerprintOf(b: BarrierFact): string {
  const values = Object.entries(b.fields).map(([k, f]) => `${k}=${f?.value ?? '?'}`).join(',');
  return `${b.kind}|${b.resource?.key ?? '-'}|${values}`;
}

export const SIDES = ['Before', 'After'] as const;
export type Side = (typeof SIDES)[number];

/**
 * `ctx.report` that drops repeats of one finding: the same range, message key and data apart from the position.
 * A barrier built in a helper function and used from several call sites is one mistake in the source; the
 * single-barrier pass sees it once per resolved form (and once more as an unused template).
 */
export function reportOnce(ctx: RuleContext): (d: ReportDescriptor) => void {
  const seen = new Set<string>();
  return (d) => {
    const r = d.range;
    const data = Object.entries(d.data ?? {}).filter(([k]) => k !== 'position');
    const key = `${r.startLine}:${r.startColumn}-${r.endLine}:${r.endColumn}|${d.messageKey}|${JSON.stringify(data)}`;
    if (seen.has(key)) return;
    seen.add(key);
    ctx.report(d);
  };
}

// NOTE: ResourceRef.key is null for a literal null pointer, but also for values the extractor could not resolve
// (text 'unknown', or a merged "differs between paths" value), so the text decides.
const NULL_POINTER = /^(?:(?:static_cast|reinterpret_cast)<[^>]*>|\((?:const)?ID3D12Resource\d*\*\))?\(*(?:nullptr|NULL|0|\{\})\)*$/;

/** The barrier's resource is a null pointer as written (`nullptr`, `NULL`, `0`, a cast of one, or left `= {}`). */
export function isNullResource(ref: ResourceRef | undefined): boolean {
  return ref !== undefined && ref.key === null && NULL_POINTER.test(ref.text.replace(/\s+/g, ''));
}

/** `0x10000`: undefined bits as the debug layer prints raw values (upper-case hex digits). */
export function hex(value: number): string {
  return `0x${(value >>> 0).toString(16).toUpperCase()}`;
}

/** A legacy barrier known to be a transition (its Type resolved to TRANSITION; helpers set it). */
export function isLegacyTransition(b: BarrierFact): boolean {
  return b.kind === 'legacy-transition' && known(b.declaredType) === 0;
}
