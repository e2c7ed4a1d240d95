// Abstract values the extractor computes for C++ expressions: scalars (known or unknown), resource references,
// barrier structs (with their members), arrays/vectors of them and pointers into them.
import type { StructKind } from '../model/structs';
import { STRUCT_LAYOUTS } from '../model/structs';
import type { Range } from '../types';
import type { Condition, Field, ResourceRef } from './facts';

export interface StructVal {
  t: 'struct';
  kind: StructKind;
  members: Map<string, AVal>;
  /** Value-initialized (`= {}`, aggregate): unset members read as zero. Otherwise unset members are unknown. */
  zeroInit: boolean;
  /** Construction site index, or -1 for structs that are not barrier sites (descs, heap properties). */
  site: number;
  range: Range;
  /** Loop-filled element (one value standing for many). */
  fromLoop?: boolean;
  /**
   * A loop element written at `arr[c + i]` with `i` never negative: it lies at index `loopFloor` or past it, so the
   * elements below were not rewritten by the loop (walker.ts updateInPlace keeps them and this element apart).
   */
  loopFloor?: number;
  /** A stand-in for other structs (the variable of a range-for): never a construction site of its own. */
  standIn?: boolean;
  /**
   * Its address is kept in a variable or a member (`T* p = &b`, a group's `pBarriers = &t`): assigning the variable
   * whole (`b = CD3DX12_…`) writes this object, which the kept pointer sees (declarations.ts handleAssignment).
   */
  addressKept?: boolean;
}

export interface ArrayVal {
  t: 'array';
  elemKind: StructKind | null;
  elems: AVal[];
  /** The value written to "some element" inside a loop (`arr[i] = ...`, push_back in a loop). */
  loopElem?: AVal;
  /** Declared length, when known. */
  length: number | null;
  zeroInit: boolean;
  range: Range;
  /** std::vector / std::array style container (push_back, data(), size()). */
  container: boolean;
  /** Its elements are a plain D3D12 struct, not a d3dx12 class (`std::vector<D3D12_TEXTURE_BARRIER>`). */
  plainElems?: true;
  /** The number of elements is not known (`v.resize(n)` with an unknown n). */
  unsized?: boolean;
  /** Filled differently on the branches of an if/else (container-paths.ts): `elems` is their union. */
  paths?: ContainerPaths;
  /** An aggregate of the file's own struct (records.ts): `elems` are its members, named here in declaration order. */
  fields?: readonly string[];
}

/** One element list per path, in branch order; `choice`: the ifs that chose them, when each is known. */
export interface ContainerPaths {
  lists: AVal[][];
  choice?: PathChoice;
}

/** A leaf names a list of ContainerPaths; a node is an if (its condition, which ends at `end`; then-branch first). */
export type PathChoice = { list: number } | { cond: Condition; end: number; then: PathChoice; else: PathChoice };

export type AVal =
  | { t: 'num'; f: Field }
  | { t: 'res'; ref: ResourceRef }
  | StructVal
  | ArrayVal
  | { t: 'ptr'; target: AVal; index: number | null }
  | { t: 'unknown'; text: string; range: Range; batch?: ResourceRef };

export function unknownField(text: string, range: Range): Field {
  return { value: null, text, range };
}

export function numVal(f: Field): AVal {
  return { t: 'num', f };
}

export function makeStruct(kind: StructKind, range: Range, site: number, zeroInit: boolean): StructVal {
  return { t: 'struct', kind, members: new Map(), zeroInit, site, range };
}

/** Read a member; unset members of value-initialized structs are zero (nested structs are created on demand). */
export function getMember(s: StructVal, name: string): AVal {
  const existing = s.members.get(name);
  if (existing) return existing;
  const nestedKind = STRUCT_LAYOUTS[s.kind].nested?.[name];
  if (nestedKind) {
    const nested = makeStruct(nestedKind, s.range, -1, s.zeroInit);
    s.members.set(name, nested);
    return nested;
  }
  if (s.zeroInit) {
    if (name.startsWith('p')) return { t: 'res', ref: { key: null, text: 'nullptr', range: s.range } };
    return numVal({ value: 0, text: '{}', range: s.range, origin: 'value-init' });
  }
  return { t: 'unknown', text: `${name} (not set)`, range: s.range };
}

/** Deep copy (structs are mutable while a function is walked; events keep snapshots). */
export function cloneVal(v: AVal): AVal {
  switch (v.t) {
    case 'struct': {
      const members = new Map<string, AVal>();
      for (const [k, m] of v.members) members.set(k, cloneVal(m));
      return { ...v, members };
    }
    case 'array':
      return { ...v, elems: v.elems.map(cloneVal), loopElem: v.loopElem && cloneVal(v.loopElem) };
    default:
      return v;
  }
}

/** Two values are "the same" for branch merging: equal known numbers, equal resource keys, same struct object. */
export function sameVal(a: AVal, b: AVal): boolean {
  if (a === b) return true;
  if (a.t === 'num' && b.t === 'num') return a.f.value !== null && a.f.value === b.f.value && a.f.param === b.f.param;
  if (a.t === 'res' && b.t === 'res') return a.ref.key === b.ref.key && a.ref.param === b.ref.param;
  return false;
}

export function asField(v: AVal, text: string, range: Range): Field {
  if (v.t === 'num') return v.f;
  if (v.t === 'res' && v.ref.key === null) return { value: 0, text: v.ref.text, range: v.ref.range };
  return unknownField(text, range);
}

/** A pointer to a struct stored in a variable or a member: the struct's address is kept (StructVal.addressKept). */
export function keepAddress(v: AVal): void {
  if (v.t === 'ptr' && v.target.t === 'struct') v.target.addressKept = true;
}
