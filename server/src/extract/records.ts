// The file's own aggregate structs as values: `struct Step { D3D12_RESOURCE_STATES before, after; };` with
// `constexpr Step kSteps[] = {{A, B}, {C, D}};`, `static const struct { D3D12_BARRIER_SYNC sync; … } kUse[] = {…}`,
// `const Step steps[] = {{ m_Albedo.Get(), A, B }, …}` in a body. A braced initializer of such a struct is a record:
// an array value whose elements are the members in declaration order (ArrayVal.fields names them), so `kSteps[1].before`
// folds like a table of scalars does, and `const auto [before, after] = kPass;` binds each name to its member.
// Only plain aggregates: a struct with a base class, a constructor or a member function is left alone — except static
// member functions (Wicked's `static GPUBarrier Image(…)` factories), which leave the struct an aggregate.
import type { FnCtx, StructRecord } from './context';
import type { SyntaxNode } from './node';
import { argumentNodes, rangeOf, unwrapValue } from './syntax';
import type { Range } from '../types';
import type { AVal, ArrayVal, StructVal } from './values';
import type { Field, ResourceRef } from './operands';
import { numVal } from './values';

export type { StructRecord };

const RESOURCE_TYPE = /\bID3D12Resource\d*\b/;
/** A member type a braced initializer zero-initialises when it leaves the member out (C11 6.7.9p21, C++ [dcl.init.aggr]). */
const SCALAR_TYPE = /^(?:(?:const|unsigned|signed|short|long)\s+)*(?:bool|BOOL|char|int|float|double|unsigned|UINT|INT|UINT8|UINT16|UINT32|UINT64|DWORD|u?int(?:8|16|32|64)_t|size_t|D3D12_[A-Z0-9_]+|DXGI_FORMAT)$/;

/** The members of a struct body, or undefined when the struct is not a plain aggregate. */
function recordOf(spec: SyntaxNode): StructRecord | undefined {
  const body = spec.childForFieldName('body');
  if (!body || spec.namedChildren.some((c) => c.type === 'base_class_clause')) return undefined;
  const fields: string[] = [];
  const resource: boolean[] = [];
  const types: string[] = [];
  const arrays: boolean[] = [];
  const zeros: boolean[] = [];
  for (const m of body.namedChildren) {
    if (m.type === 'comment' || m.type === 'access_specifier' || staticFunction(m)) continue;
    if (m.type !== 'field_declaration') return undefined;
    const declarators = m.childrenForFieldName('declarator');
    if (declarators.some((d) => d.type === 'function_declarator') || m.namedChildren.some((c) => c.type === 'storage_class_specifier')) return undefined;
    const type = m.childForFieldName('type')?.text ?? '';
    for (const d of declarators) {
      const id = d.type === 'field_identifier' ? d : d.descendantsOfType('field_identifier')[0];
      if (!id) return undefined;
      fields.push(id.text);
      types.push(d.type === 'field_identifier' ? type : `${type}*`);
      resource.push(RESOURCE_TYPE.test(type) && d.text.includes('*'));
      arrays.push(d.type === 'array_declarator' && d.childForFieldName('declarator')?.type === 'field_identifier');
      zeros.push(d.type === 'field_identifier' && !m.childForFieldName('default_value') && SCALAR_TYPE.test(type));
    }
  }
  return fields.length ? { fields, resource, types, arrays, zeros } : undefined;
}

/** `static T Make(…) {…}` / `static T Make(…);` in a struct body: a factory, no member of the record. */
function staticFunction(m: SyntaxNode): boolean {
  const isStatic = m.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
  if (!isStatic) return false;
  if (m.type === 'function_definition') return true;
  return m.type === 'field_declaration' && m.childrenForFieldName('declarator').every((d) => d.type === 'function_declarator');
}

/** `BarrierDesc d;` with no initializer: a record whose members are all unknown until written. */
export function unfilledRecord(rec: StructRecord, range: Range, fn: FnCtx): ArrayVal {
  const elems: AVal[] = rec.fields.map((f) => ({ t: 'unknown', text: f, range }));
  return fn.created({ t: 'array', elemKind: null, elems, length: elems.length, zeroInit: false, range, container: false, fields: rec.fields });
}

/** The named aggregate structs the file defines, by name: their specifiers (a name defined twice is left out). */
export function recordSpecifiers(root: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const twice = new Set<string>();
  for (const spec of root.descendantsOfType('struct_specifier')) {
    const name = spec.childForFieldName('name')?.text;
    if (!name || !recordOf(spec)) continue;
    if (out.has(name)) twice.add(name);
    out.set(name, spec);
  }
  for (const n of twice) out.delete(n);
  return out;
}

/** Every named aggregate struct the file defines (a name defined twice is left out). */
export function collectRecords(root: SyntaxNode): Map<string, StructRecord> {
  const out = new Map<string, StructRecord>();
  const twice = new Set<string>();
  for (const spec of root.descendantsOfType('struct_specifier')) {
    const name = spec.childForFieldName('name')?.text;
    const rec = name ? recordOf(spec) : undefined;
    if (!name || !rec) continue;
    if (out.has(name)) twice.add(name);
    out.set(name, rec);
  }
  for (const n of twice) out.delete(n);
  return out;
}

/** The record a declaration's type names: an anonymous struct written in place, or a struct of the file. */
export function declaredRecord(typeNode: SyntaxNode | null, fn: FnCtx): StructRecord | undefined {
  if (!typeNode) return undefined;
  if (typeNode.type === 'struct_specifier' && typeNode.childForFieldName('body')) return recordOf(typeNode);
  const name = typeNode.text.replace(/^(?:struct|class)\s+/, '').replace(/^::/, '');
  return fn.file.records?.get(name) ?? fn.file.records?.get(name.split('::').pop() ?? name);
}

/** A braced initializer of the record, positional or designated (`.before = A`); members left out are unknown. */
export function recordValue(rec: StructRecord, init: SyntaxNode, fn: FnCtx, evaluate: (n: SyntaxNode, resource: boolean) => AVal): ArrayVal {
  const range = rangeOf(init);
  // Members left out are zero where the language says so (a scalar without a default member initializer).
  const elems: AVal[] = rec.fields.map((f, i) => rec.zeros?.[i] ? numVal({ value: 0, text: '0', range }) : { t: 'unknown', text: f, range });
  argumentNodes(init).forEach((item, i) => {
    let at = i;
    let value: SyntaxNode | null = item;
    if (item.type === 'initializer_pair') {
      const designator = item.childForFieldName('designator')?.text.replace(/^\./, '');
      at = designator ? rec.fields.indexOf(designator) : -1;
      value = item.childForFieldName('value');
    }
    if (at < 0 || at >= elems.length || !value) return;
    const nested = value.type === 'initializer_list' ? memberRecord(rec, at, fn) : undefined;
    elems[at] = nested && rec.arrays?.[at] ? recordRows(nested, value, fn, evaluate)
      : nested ? recordValue(nested, value, fn, evaluate) : evaluate(value, rec.resource[at]);
  });
  return fn.created({ t: 'array', elemKind: null, elems, length: elems.length, zeroInit: true, range, container: false, fields: rec.fields });
}

/** `{ { true, false }, { false, true } }` of a member array of records (`struct test_iteration iterations[3];`): its rows. */
function recordRows(rec: StructRecord, init: SyntaxNode, fn: FnCtx, evaluate: (n: SyntaxNode, resource: boolean) => AVal): ArrayVal {
  const elems: AVal[] = argumentNodes(init).map((row) => row.type === 'initializer_list' ? recordValue(rec, row, fn, evaluate) : { t: 'unknown', text: row.text, range: rangeOf(row) });
  return fn.created({ t: 'array', elemKind: null, elems, length: elems.length, zeroInit: false, range: rangeOf(init), container: false });
}

/** The record of the file a record's member is (`AccessLayoutStage before;`, or an array of them), when it is one. */
export function memberRecord(rec: StructRecord, at: number, fn: FnCtx): StructRecord | undefined {
  const type = rec.types?.[at]?.replace(/\b(?:const|struct|class)\b/g, '').replace(rec.arrays?.[at] ? /\*$/ : /$^/, '').trim();
  return type && /^[\w:]+$/.test(type) ? fn.file.records?.get(type) ?? fn.file.records?.get(type.split('::').pop()!) : undefined;
}

/** A member of a record value by name; undefined when the value is no record or has no such member. */
export function recordMember(v: AVal, name: string): AVal | undefined {
  if (v.t !== 'array' || !v.fields) return undefined;
  const i = v.fields.indexOf(name);
  return i >= 0 ? v.elems[i] : undefined;
}

const OBJECT_PATH = /^[A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*$/;

/**
 * The argument `rec` or `&rec` of a call, where `rec` is a local record the function holds: the resources its members
 * hold, so that a helper reading `p->pBuffer` through its parameter names what the caller stored there (ResourceRef
 * `members`). Read before the call forgets what it may write. Members not set to a known object are left out.
 */
export function recordMembersOf(arg: SyntaxNode, fn: FnCtx): Pick<ResourceRef, 'members' | 'values'> | undefined {
  const u = unwrapValue(arg);
  const inner = u.type === 'pointer_expression' && u.child(0)?.type === '&' ? u.childForFieldName('argument') : u;
  const id = inner ? unwrapValue(inner) : undefined;
  if (id?.type !== 'identifier' || fn.params.includes(id.text)) return undefined;
  const v = fn.env.get(id.text);
  if (v?.t === 'struct') return structMembersOf(v);
  if (v?.t !== 'array' || !v.fields) return undefined;
  const members: Record<string, ResourceRef> = {};
  const values: Record<string, Field> = {};
  v.fields.forEach((f, i) => {
    const e = v.elems[i];
    if (e?.t === 'res' && e.ref.key && !e.ref.unknown && !e.ref.choice) members[f] = e.ref;
    // An engine object's pointer (`Buffer* pBuffer`) reads as a number not known: a plain name or member path of the
    // caller (a parameter keeps its index, as resources.ts gives it) is the object it names.
    else if (e?.t === 'num' && e.f.value === null && OBJECT_PATH.test(e.f.text)) {
      const key = e.f.text.replace(/\s+/g, '');
      const root = /^\w+/.exec(key)![0];
      const p = fn.params.indexOf(root);
      members[f] = { key, text: e.f.text, range: e.f.range, ...(p >= 0 ? (key === root ? { param: p } : { base: { param: p, path: key.slice(root.length) } }) : {}) };
    }
    if (e) scalarValues(e, f, values);
  });
  return held(members, values);
}

/**
 * A local D3D12 struct handed whole (`QueueTransitionBarrier(toCopy)` of a `D3D12_RESOURCE_TRANSITION_BARRIER`): its
 * resources and known numbers, for a helper that copies the parameter into its barrier.
 */
function structMembersOf(v: StructVal): Pick<ResourceRef, 'members' | 'values'> | undefined {
  const members: Record<string, ResourceRef> = {};
  const values: Record<string, Field> = {};
  for (const [m, e] of v.members) {
    if (e.t === 'res' && e.ref.key && !e.ref.unknown && !e.ref.choice) members[m] = e.ref;
    else if (e.t === 'num' && (e.f.value !== null || e.f.param !== undefined || e.f.paramMember || e.f.byParamCases)) values[m] = e.f;
  }
  return held(members, values);
}

/** What a record hands a helper: its objects and its numbers, each when it has any; undefined when neither. */
function held(members: Record<string, ResourceRef>, values: Record<string, Field>): Pick<ResourceRef, 'members' | 'values'> | undefined {
  const out = { ...(Object.keys(members).length ? { members } : {}), ...(Object.keys(values).length ? { values } : {}) };
  return out.members || out.values ? out : undefined;
}

/** Depth of nested records whose scalar members a record hands on (`outer.inner.state`). */
const MAX_VALUE_DEPTH = 3;

/** A record member's number for a helper's `Field.paramMember`: known, or the caller's own parameter (or member of one). */
function scalarValues(e: AVal, path: string, out: Record<string, Field>, depth = 0): void {
  if (e.t === 'array' && e.fields && depth < MAX_VALUE_DEPTH) e.fields.forEach((f, i) => { const x = e.elems[i]; if (x) scalarValues(x, `${path}.${f}`, out, depth + 1); });
  else if (e.t === 'num' && (e.f.value !== null || e.f.param !== undefined || e.f.paramMember || e.f.byParamCases)) out[path] = e.f;
}

/** `std::make_pair(a, b)`, `std::make_tuple(…)`, `std::pair{a, b}`, `std::tuple(…)`: the values they hold, as nodes. */
export function tupleParts(value: SyntaxNode): SyntaxNode[] | undefined {
  const n = unwrapValue(value);
  if (n.type === 'call_expression') {
    const callee = n.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '';
    return /^(?:std::)?(?:make_pair|make_tuple|pair|tuple)(?:<.*>)?$/.test(callee) ? argumentNodes(n) : undefined;
  }
  if (n.type === 'compound_literal_expression') {
    const type = n.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
    const init = n.childForFieldName('value');
    return init && /^(?:std::)?(?:pair|tuple)(?:<.*>)?$/.test(type) ? argumentNodes(init) : undefined;
  }
  return n.type === 'initializer_list' ? argumentNodes(n) : undefined;
}

/**
 * `&desc` of one record (`device.Barrier(&desc, 1, cmd)`, `group.textures = &desc`): a pointer to a one-element array
 * holding it, so `p[0].x` and `p->x` read its member (a record is itself an array of its members).
 */
export function pointerToRecord(v: AVal): AVal {
  if (v.t !== 'ptr' || v.target.t !== 'array' || !v.target.fields) return v;
  const one: ArrayVal = { t: 'array', elemKind: null, elems: [v.target], length: 1, zeroInit: false, range: v.target.range, container: false };
  return { t: 'ptr', target: one, index: 0 };
}

/** The record a record value was made from (records share their struct's member list). */
export function recordOfValue(v: ArrayVal, records: ReadonlyMap<string, StructRecord> | undefined): StructRecord | undefined {
  if (!v.fields || !records) return undefined;
  for (const r of records.values()) if (r.fields === v.fields) return r;
  return undefined;
}
