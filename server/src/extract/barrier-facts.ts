// Snapshots of abstract struct values as plain facts: BarrierFact / BarrierGroupFact for events and rules, and
// the `fields` map of a Site for `--format facts` (enumerator names joined with `|`, numbers, or null).
import { familyById, formatEnumValue } from '../model/format-values';
import { MEMBER_FAMILY, STRUCT_LAYOUTS } from '../model/structs';
import type { Range } from '../types';
import type { BarrierFact, BarrierGroupFact, BarrierKind, Field, ResourceRef, Site } from './facts';
import type { AVal, StructVal } from './values';
import { asField, cloneVal, getMember } from './values';
import { ownEntry } from './syntax';

const RANGE_MEMBERS = STRUCT_LAYOUTS.range.members;
const RANGE_KEYS = RANGE_MEMBERS.map((m) => `Subresources.${m}`);

function fieldOf(s: StructVal, member: string): Field {
  return asField(getMember(s, member), `${member} (unknown)`, s.range);
}

function refOf(v: AVal, range: Range): ResourceRef | undefined {
  if (v.t === 'res') return v.ref;
  if (v.t === 'num' && v.f.value === 0) return { key: null, text: v.f.text, range: v.f.range };
  if (v.t === 'unknown' && v.text.endsWith('(not set)')) return undefined;
  return { key: null, text: v.t === 'num' ? v.f.text : 'unknown', range, unknown: true };
}

/** The barrier a struct value describes, or undefined when it is not a barrier struct. */
export function barrierFromStruct(s: StructVal): BarrierFact | undefined {
  if (s.kind === 'texture' || s.kind === 'buffer' || s.kind === 'global') {
    const fact: BarrierFact = { kind: s.kind, site: s.site, range: s.range, fields: {}, fromLoop: s.fromLoop };
    for (const m of STRUCT_LAYOUTS[s.kind].members) {
      if (m === 'pResource') fact.resource = refOf(getMember(s, m), s.range);
      else if (m === 'Subresources') {
        const r = getMember(s, m);
        RANGE_MEMBERS.forEach((rm, i) => {
          fact.fields[RANGE_KEYS[i]] = r.t === 'struct' ? fieldOf(r, rm) : { value: null, text: 'unknown', range: s.range };
        });
      } else fact.fields[m] = fieldOf(s, m);
    }
    return fact;
  }
  if (s.kind === 'legacy') {
    const type = fieldOf(s, 'Type');
    const kind: BarrierKind | null = type.value === 0 ? 'legacy-transition' : type.value === 1 ? 'legacy-aliasing' : type.value === 2 ? 'legacy-uav' : null;
    const fact: BarrierFact = { kind: kind ?? 'legacy-transition', site: s.site, range: s.range, fields: {}, fromLoop: s.fromLoop, declaredType: type };
    fact.fields.Flags = fieldOf(s, 'Flags');
    // A Type that is not a known constant here (a parameter, a member, a call's result, a choice between paths): an
    // unknown barrier, unless a call site names it (track/env.ts byArgumentType).
    if (kind === null) fact.byType = unionReadings(s);
    if (kind === 'legacy-transition' || kind === null) {
      const t = getMember(s, 'Transition');
      if (t.t === 'struct') {
        fact.resource = refOf(getMember(t, 'pResource'), s.range);
        for (const m of ['Subresource', 'StateBefore', 'StateAfter']) fact.fields[m] = fieldOf(t, m);
      }
    } else if (kind === 'legacy-uav') {
      fact.resource = uavResource(s);
    } else {
      const a = aliasingResources(s);
      fact.resource = a.before;
      fact.resourceAfter = a.after;
    }
    return fact;
  }
  return undefined;
}

/** The UAV barrier's resource. Positional braces fill the union's first member; Transition.pResource and
 * UAV.pResource share storage. */
function uavResource(s: StructVal): ResourceRef | undefined {
  const u = !s.members.has('UAV') && s.members.has('Transition') ? getMember(s, 'Transition') : getMember(s, 'UAV');
  return u.t === 'struct' ? refOf(getMember(u, 'pResource'), s.range) : undefined;
}

function aliasingResources(s: StructVal): { before?: ResourceRef; after?: ResourceRef } {
  const a = getMember(s, 'Aliasing');
  return a.t === 'struct' ? { before: refOf(getMember(a, 'pResourceBefore'), s.range), after: refOf(getMember(a, 'pResourceAfter'), s.range) } : {};
}

/** The UAV and aliasing readings of a struct whose Type is not known yet (read on a copy: getMember adds members). */
function unionReadings(s: StructVal): NonNullable<BarrierFact['byType']> {
  const copy = (): StructVal => cloneVal(s) as StructVal;
  return { uav: uavResource(copy()), aliasing: aliasingResources(copy()) };
}

/**
 * The structs an array/pointer/struct value points at: loop-filled elements included once; without them, only the
 * first `count` elements (the API reads no further).
 */
export function pointedStructs(v: AVal | undefined, count: number | null): StructVal[] | null {
  if (!v) return null;
  const target = v.t === 'ptr' ? v.target : v;
  const start = v.t === 'ptr' ? v.index ?? 0 : 0;
  if (target.t === 'struct') return [target];
  if (target.t !== 'array') return null;
  // NOTE: a count of 0 or more copies only the elements the API reads (a batch array may hold thousands).
  const limited = count !== null && !target.loopElem
    ? (count >= 0 && Number.isInteger(start) && start >= 0 ? target.elems.slice(start, start + count) : target.elems.slice(start).slice(0, count))
    : target.elems.slice(start);
  const elems = limited.filter((e): e is StructVal => e.t === 'struct');
  if (target.loopElem?.t === 'struct') elems.push(target.loopElem);
  return elems;
}

/**
 * Whether the array a value points at has an element written with a value that is not a barrier struct the walk can
 * read (`out[i] = pending[i].barrier` in a flush loop; an array a callee filled): the submission may hold any barrier.
 * So has a plain array (not zero-initialised) the walk saw no element of written, submitted from its start with a
 * count that may not be 0: it was written through a pointer the walk did not follow (`T* p = barriers;`,
 * `T* p = &barriers[count];` in a loop over the caller's records, then `p->UAV.pResource = …`).
 */
export function hasUnreadableElements(v: AVal | undefined, count: number | null): boolean {
  if (!v || count === 0) return false;
  const target = v.t === 'ptr' ? v.target : v;
  if (target.t !== 'array') return false;
  if (target.loopElem) return target.loopElem.t !== 'struct';
  return target.elems.length === 0 && !target.zeroInit && !target.container && !target.fields && (v.t !== 'ptr' || v.index === 0);
}

/** The barriers an array/pointer/struct value points at (see pointedStructs). */
export function barriersOf(v: AVal | undefined, count: number | null = null): BarrierFact[] | null {
  const structs = pointedStructs(v, count);
  return structs && toFacts(structs);
}

function toFacts(structs: StructVal[]): BarrierFact[] {
  return structs.map(barrierFromStruct).filter((b): b is BarrierFact => b !== undefined);
}

export function groupFromStruct(s: StructVal): BarrierGroupFact {
  // The three pointers share a union: after memset(&group, 0, ...) all read as 0, and the one assigned later is
  // the one that points somewhere.
  const names = ['pTextureBarriers', 'pBufferBarriers', 'pGlobalBarriers', 'pBarriers'];
  const members = names.map((m) => s.members.get(m));
  const pointer = members.find((m) => m !== undefined && m.t !== 'num') ?? members.find((m) => m !== undefined);
  const target = pointer?.t === 'ptr' ? pointer.target : pointer;
  const elementKind = target?.t === 'array' ? target.elemKind : target?.t === 'struct' ? target.kind : null;
  const elementType = elementKind === 'texture' || elementKind === 'buffer' || elementKind === 'global' ? elementKind : null;
  const set = members.flatMap((m, i) => (m === undefined ? [] : [{ member: names[i], value: m }]));
  const nullPointer = set.length > 0 && set.every((m) => isNullLiteral(m.value))
    ? { member: set[0].member, range: (set[0].value as { f: Field }).f.range } : undefined;
  return {
    site: s.site, range: s.range, elementType,
    declaredType: s.members.has('Type') || s.zeroInit ? fieldOf(s, 'Type') : undefined,
    numBarriers: fieldOf(s, 'NumBarriers'),
    barriers: barriersOf(pointer, fieldOf(s, 'NumBarriers').value),
    ...(nullPointer ? { nullPointer } : {}),
    ...(pointer?.t === 'unknown' && pointer.batch ? { batch: pointer.batch } : {}),
  };
}

/** A pointer the source wrote as `nullptr` / `NULL` / `0` (not a value-initialised or zero-filled member). */
function isNullLiteral(v: AVal): boolean {
  return v.t === 'num' && v.f.value === 0 && v.f.origin === undefined && /^(?:nullptr|NULL|0)$/.test(v.f.text.trim());
}

/** Facts output: a field's resolved value as enumerator names / a number / null. */
export function describeField(member: string, f: Field | undefined, legacy = false): string | number | null {
  if (!f || f.value === null) return null;
  const familyId = legacy && member === 'Flags' ? 'resource-barrier-flags' : ownEntry(MEMBER_FAMILY, member.replace(/^Subresources\./, ''));
  return familyId && familyById(familyId) ? formatEnumValue(familyId, f.value) : f.value;
}

/** Fill a site's `fields` and `resource` from a barrier fact. */
export function describeSite(site: Site, fact: BarrierFact | undefined): void {
  if (!fact) return;
  if (site.kind === 'legacy-barrier') site.kind = fact.kind;
  // An unknown resource still shows the expression it came from, unless it is a merge of different paths.
  site.resource = fact.resource && !/\((?:differs between paths|written in a loop)\)$/.test(fact.resource.text) ? fact.resource.text : null;
  for (const [k, f] of Object.entries(fact.fields)) site.fields[k] = describeField(k, f, fact.kind.startsWith('legacy'));
  if (fact.resourceAfter) site.fields.pResourceAfter = fact.resourceAfter.text;
}
