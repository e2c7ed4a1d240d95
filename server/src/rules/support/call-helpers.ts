// Helpers for the rules that look at the recording command list or at one whole Barrier/ResourceBarrier call:
// naming the list in messages, which list types the per-barrier queue rules check, the barriers a call really
// submits (with their group/index), and the subresources a barrier names. (Not a rule: *-helpers.ts.)
import type { BarrierCallEvent, BarrierFact, ResourceBarrierCallEvent } from '../../extract/facts';
import { formatCommandListType } from '../../model/messages';
import type { SubresourceSelection } from '../../model/subresource-ranges';
import { selectionOfRange } from '../../model/subresource-ranges';
import type { CommandListType } from '../../types';
import type { BarrierPosition, ReportDescriptor } from '../define-rule';
import { SIDES, fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, resourceName } from './rule-helpers';

/**
 * The list type the per-barrier queue rules (C.6) check, or undefined: unknown lists are never reported, and a
 * BUNDLE records no barrier at all (barrier-on-bundle reports the call once instead of every field).
 */
export function checkedListType(listType: CommandListType | null): CommandListType | undefined {
  return listType === null || listType === 'bundle' ? undefined : listType;
}

/** " a D3D12_COMMAND_LIST_TYPE_COMPUTE command list ('m_computeList')": the list as the message names it. */
export function listPhrase(listType: CommandListType, list: { text: string } | undefined): string {
  const name = list ? ` ('${list.text.replace(/\s+/g, ' ')}')` : '';
  return `a ${formatCommandListType(listType)} command list${name}`;
}

/** The list phrase for a barrier's position (the call's object when the barrier reached one). */
export function listPhraseAt(pos: BarrierPosition, listType: CommandListType): string {
  return listPhrase(listType, pos.call?.list);
}

export interface PlacedBarrier {
  b: BarrierFact;
  group: number | null;
  index: number;
}

/** Leading `count` entries when the count is a known constant (the API reads no further), else all of them. */
function upTo<T>(items: T[], count: number | null): T[] {
  return count === null ? items : items.slice(0, Math.max(0, count));
}

/**
 * The barriers a call submits, in submission order (EB-CALL-07: group, then index), limited by NumBarrierGroups /
 * NumBarriers / NumBarriers of the legacy call when those are constants. Null when a part could not be followed.
 */
export function submittedBarriers(e: BarrierCallEvent | ResourceBarrierCallEvent): PlacedBarrier[] | null {
  if (e.kind === 'resource-barrier-call') {
    if (!e.barriers) return null;
    return upTo(e.barriers, e.count.value).map((b, index) => ({ b, group: null, index }));
  }
  if (!e.groups) return null;
  const out: PlacedBarrier[] = [];
  for (const [group, g] of upTo(e.groups, e.count.value).entries()) {
    if (!g.barriers) return null;
    upTo(g.barriers, g.numBarriers.value).forEach((b, index) => out.push({ b, group, index }));
  }
  return out;
}

/** The subresources a legacy transition or enhanced texture barrier names; undefined when a value is unknown. */
export function subresourceSelection(b: BarrierFact): SubresourceSelection | undefined {
  if (b.kind === 'legacy-transition') {
    const index = known(b.fields.Subresource);
    return index === undefined ? undefined : { kind: 'index', index: index >>> 0 };
  }
  if (b.kind !== 'texture') return undefined;
  const v = (m: string): number | undefined => known(b.fields[`Subresources.${m}`]);
  const first = v('IndexOrFirstMipLevel');
  const numMips = v('NumMipLevels');
  if (first === undefined || numMips === undefined) return undefined;
  if (numMips === 0) return selectionOfRange({ IndexOrFirstMipLevel: first, NumMipLevels: 0, FirstArraySlice: 0, NumArraySlices: 0, FirstPlane: 0, NumPlanes: 0 });
  const rest = [v('FirstArraySlice'), v('NumArraySlices'), v('FirstPlane'), v('NumPlanes')];
  if (rest.some((x) => x === undefined)) return undefined;
  const [FirstArraySlice, NumArraySlices, FirstPlane, NumPlanes] = rest as number[];
  return selectionOfRange({ IndexOrFirstMipLevel: first, NumMipLevels: numMips, FirstArraySlice, NumArraySlices, FirstPlane, NumPlanes });
}

/**
 * The per-side check shared by access-list-type-incompatible and sync-list-type-incompatible: report the bits of
 * `<field>Before` / `<field>After` that the recording list's type does not support.
 */
export function reportListBits(
  report: (d: ReportDescriptor) => void,
  b: BarrierFact,
  pos: BarrierPosition,
  spec: { field: 'Sync' | 'Access'; disallowed: (bits: number, list: CommandListType) => number; format: (bits: number) => string },
): void {
  const list = checkedListType(pos.listType);
  if (!isEnhanced(b) || !list) return;
  for (const side of SIDES) {
    const name = `${spec.field}${side}`;
    const value = known(b.fields[name]);
    if (value === undefined) continue;
    const bad = spec.disallowed(value, list);
    if (bad === 0) continue;
    report({
      messageKey: 'unsupported',
      data: { field: name, bits: spec.format(bad), position: positionSuffix(b, pos), list: listPhraseAt(pos, list) },
      range: fieldRange(b, name),
      resource: resourceName(b), fingerprintText: `${side}|${list}|${fingerprintOf(b)}`, barrier: b, position: pos,
    });
  }
}
