// The value a declaration gives its name: a barrier struct (helper call, `T x(...)`, `T x{...}`, `= {}`), an array
// or container of them (sized, braced, a helper's result), or an element of a batch the function does not hold.
import type { StructKind } from '../model/structs';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue, visitCalls } from './context';
import { aggregateInit, newRawStruct } from './brace-initializers';
import { constructHelper } from './d3dx12-helpers';
import { fold, toNumber } from './constant-fold';
import { addToBatch, batchContainer } from './batches';
import { structKindOfType } from './expect';
import { typeOfExpr } from './types';
import type { Range } from '../types';
import { pushedElement } from './push-methods';
import { argumentNodes, rangeOf, unwrapValue } from './syntax';
import { deducedGetterAlias, objectAlias } from './object-aliases';
import type { ArrayVal, AVal, StructVal } from './values';
import { handleAssignment } from './assignments';
import type { DeclShape, DeclaredType } from './declarators';
import { CONTAINER } from './declarators';
import { copied, copyDeclared } from './struct-sites';

const BATCH_ELEMENT_KINDS: ReadonlySet<StructKind> = new Set<StructKind>(['legacy', 'texture', 'buffer', 'global']);

/** `m_batch.emplace_back();` is the statement just before the declaration of `d` (Diligent's `… = m_batch.back();`). */
function afterEmplace(container: SyntaxNode | null, d: SyntaxNode): boolean {
  const stmt = d.parent?.type === 'declaration' ? d.parent : null;
  const siblings = stmt?.parent?.namedChildren ?? [];
  const prev = stmt ? siblings[siblings.findIndex((c) => c.startIndex === stmt.startIndex) - 1] : undefined;
  const call = prev?.type === 'expression_statement' ? prev.namedChild(0) : null;
  const f = call?.type === 'call_expression' && argumentNodes(call).length === 0 ? call.childForFieldName('function') : null;
  const norm = (t: string | undefined) => t?.replace(/\s+/g, '').replace(/^this->/, '');
  return f?.type === 'field_expression' && f.childForFieldName('field')?.text === 'emplace_back'
    && !!container && norm(f.childForFieldName('argument')?.text) === norm(container.text);
}

/**
 * `D3D12_RESOURCE_BARRIER& b = m_batch[m_count++];` / `= m_batch.emplace_back();` on a container the function does
 * not hold: a new element of that batch, filled by the statements that follow.
 */
function batchElement(value: SyntaxNode, d: SyntaxNode, kind: StructKind, fn: FnCtx): StructVal | undefined {
  const v = unwrapValue(value);
  // `auto& b = batch.Push();` of a method handing out its container's next element (push-methods.ts).
  const pushed = pushedElement(v, fn);
  if (pushed) {
    visitCalls(value, fn);
    const element = newRawStruct(kind, d, fn, pushed.zeroed);
    addToBatch(pushed.container, element, d, fn);
    return element;
  }
  let containerNode: SyntaxNode | null = null;
  if (v.type === 'subscript_expression') containerNode = v.childForFieldName('argument');
  else if (v.type === 'call_expression' && argumentNodes(v).length === 0) {
    const f = v.childForFieldName('function');
    const field = f?.type === 'field_expression' ? f.childForFieldName('field')?.text : undefined;
    if (field === 'emplace_back' || (field === 'back' && afterEmplace(f!.childForFieldName('argument'), d))) containerNode = f!.childForFieldName('argument');
  }
  const container = containerNode ? batchContainer(containerNode, fn) : undefined;
  if (!container) return undefined;
  visitCalls(value, fn);
  const s = newRawStruct(kind, d, fn, false);
  addToBatch(container, s, d, fn);
  return s;
}

/**
 * `v(n)` of a container of barrier structs: the size constructor (n value-initialised elements), when its one
 * argument is a number — known (`length`) or not (null). Undefined for any other argument (`v(other)`, `v(b, e)`).
 */
export function sizedContainer(items: readonly SyntaxNode[], fn: FnCtx): { length: number | null } | undefined {
  if (items.length !== 1) return undefined;
  const v = evalValue(items[0], 'any', fn);
  if (v.t === 'num' && v.f.value !== null) return { length: v.f.value };
  // A count whose value is not known: an integer-typed name (a parameter, a member), or another container's size().
  // NOTE: a parameter reads as a number of unknown value whatever its type (`copy(pending)` of a vector parameter).
  const name = items[0].text.replace(/\s+/g, '');
  const integral = INTEGRAL.test(fn.types.get(name) ?? (items[0].type === 'type_identifier' ? '' : typeOfExpr(items[0], fn) ?? ''));
  return (v.t === 'unknown' || v.t === 'num') && (integral || /\.size\(\)$/.test(name)) ? { length: null } : undefined;
}

const INTEGRAL = /^(?:const\s+)?(?:U?INT(?:32|64)?|u?int(?:32|64)?_t|int|unsigned(?: int)?|size_t|uint|u32|u64)$/;

/** A container of `length` value-initialised barrier structs (`std::vector<D3D12_TEXTURE_BARRIER> v(n)`). */
export function sizedArray(c: NonNullable<DeclaredType['container']>, length: number | null, range: Range, fn: FnCtx): ArrayVal {
  return fn.created({ t: 'array', elemKind: c.elemKind, elems: [], length, zeroInit: true, range, container: true, ...(c.plain ? { plainElems: true as const } : {}) });
}

const ALLOCATORS = /^(?:_?alloca|_malloca|malloc|calloc)$/;

/** Stack or heap memory for an array the function fills: `alloca(…)`, `malloc(…)`, `new T[n]`. */
function freshAllocation(value: SyntaxNode): boolean {
  const v = unwrapValue(value);
  if (v.type === 'new_expression') return !!v.childForFieldName('declarator') && v.childForFieldName('declarator')!.type === 'new_declarator';
  return v.type === 'call_expression' && ALLOCATORS.test(v.childForFieldName('function')?.text ?? '');
}

export function declaredValue(shape: DeclShape, type: DeclaredType, value: SyntaxNode | null, d: SyntaxNode, fn: FnCtx): AVal {
  const range = rangeOf(d);
  if (shape.array && (type.kind || type.resource || value?.type === 'initializer_list')) return arrayDecl(shape, type, value, d, fn);
  if (type.container) {
    const c = type.container;
    // `std::vector<D3D12_RESOURCE_BARRIER> v = tracker.Resolve();` / `= other;`: what it holds is not known here,
    // unless a helper of the file builds it (`= MakeTransitions(a, b);`, helper-templates.ts).
    if (value && value.type !== 'initializer_list' && value.type !== 'argument_list') {
      const made = containerTemplateCall(value, fn);
      return made ?? { t: 'unknown', text: shape.name, range };
    }
    // `std::vector<D3D12_TEXTURE_BARRIER> v(2);`: two value-initialised elements (unknown count: unknown length).
    const sized = value?.type === 'argument_list' && c.elemKind ? sizedContainer(argumentNodes(value), fn) : undefined;
    const arr = sizedArray(c, sized ? sized.length : c.length, range, fn);
    if (value && !sized) fillArray(arr, listOfElements(value), c.helper, fn, type.scalar);
    return arr;
  }
  if (!value) {
    if (type.kind && !shape.pointer) return newRawStructOrHelper(type, d, fn, false);
    return { t: 'unknown', text: shape.name, range };
  }
  if (shape.reference && type.kind && BATCH_ELEMENT_KINDS.has(type.kind)) {
    const added = batchElement(value, d, type.kind, fn);
    if (added) return added;
  }
  // `(D3D12_RESOURCE_BARRIER*)alloca(n * sizeof(…))`, `new D3D12_RESOURCE_BARRIER[n]`: a fresh array of barriers.
  if (shape.pointer && type.kind && freshAllocation(value)) {
    const arr: ArrayVal = fn.created({ t: 'array', elemKind: type.kind, elems: [], length: null, zeroInit: false, range, container: false });
    return { t: 'ptr', target: arr, index: 0 };
  }
  // `D3D12_RESOURCE_BARRIER& b = (barriers[0] = {});`: the assignment happens, and the reference names its target.
  const assigned = shape.reference ? unwrapValue(value) : null;
  if (assigned?.type === 'assignment_expression' && assigned.childForFieldName('operator')?.text === '=') {
    handleAssignment(assigned, fn);
    const target = assigned.childForFieldName('left');
    if (target) return evalValue(target, type.kind ?? (type.resource ? 'res' : 'any'), fn);
  }
  // `ID3D12Resource* p{};` is value-initialised (null): filled later by IID_PPV_ARGS(&p), its identity is its own
  // name, as for `= nullptr`; `T* p{q}` is `T* p = q`.
  if ((shape.pointer || type.resource) && value.type === 'initializer_list' && value.namedChildCount <= 1) {
    const only = value.namedChild(0);
    return only ? declaredValue(shape, type, only, d, fn) : { t: 'unknown', text: shape.name, range };
  }
  // `auto rt = dev->GetRenderTarget();`: the resource the run's getter returns (object-aliases.ts).
  const deduced = !shape.reference && !type.kind && !type.resource ? deducedGetterAlias(d.parent?.childForFieldName('type')?.text ?? '', value, fn) : undefined;
  if (deduced) return deduced;
  if (shape.reference || shape.pointer) {
    const v = evalValue(value, type.resource ? 'res' : 'any', fn);
    // `auto& target = m_surfaces.GetBloom();`: the object the initializer names (object-aliases.ts).
    // A subscript of a member array (`Frame& f = m_frames[m_index];`) reads as a number nobody knows: the same object.
    const unknownValue = (v.t === 'unknown' && !v.batch) || (v.t === 'num' && v.f.value === null);
    if (unknownValue && !type.kind) return objectAlias(d.parent?.childForFieldName('type')?.text ?? '', value, shape.reference, fn) ?? v;
    // `ID3D12Resource* tex = nullptr;` filled later by IID_PPV_ARGS(&tex): its identity is its own name.
    return v.t === 'res' && (v.ref.key === null || madeByCall(value, fn)) ? { t: 'unknown', text: shape.name, range } : v;
  }
  if (type.kind) {
    if (value.type === 'initializer_list') return aggregateInit(value, type.kind, fn, type.helper, d);
    if (value.type === 'argument_list') {
      if (type.helper) return constructHelper(d, type.helper, argumentNodes(value), fn);
      const arg = argumentNodes(value)[0] ?? value;
      return ofDeclaredKind(copyDeclared(evalValue(arg, type.kind, fn), arg, d, fn), type.kind, d, fn);
    }
    return ofDeclaredKind(copyDeclared(evalValue(value, type.kind, fn), value, d, fn), type.kind, d, fn);
  }
  if (type.resource) {
    // `ID3D12Resource* tex = nullptr;` filled later by IID_PPV_ARGS(&tex): its identity is its own name.
    const v = evalValue(value, 'res', fn);
    return v.t === 'res' && (v.ref.key === null || madeByCall(value, fn)) ? { t: 'unknown', text: shape.name, range } : v;
  }
  // `auto b2 = b1;` deduces a struct by value: a copy, which the statements after it fill apart from `b1`.
  return copyDeclared(evalValue(value, 'any', fn), value, d, fn);
}

/** Names of calls that hand back an object they keep (the same one at every call): a getter's. */
const GETTER_NAME = /^(?:[Gg]et|[Ff]ind|[Ll]ookup|[Cc]urrent|[Bb]ack[Bb]uffer)/;

/**
 * `ID3D12Resource *a = create_texture(device); ID3D12Resource *b = create_texture(device);`: a free function that is
 * no getter makes a new object at each call, so the local is its own object (keyed by its name, given the call's
 * result: returned-locals.ts), not the call's text — two locals initialised by the same text are two resources.
 * A getter (`GetBackBuffer()`, a one-return getter of the file) keeps naming the object it hands back.
 */
function madeByCall(value: SyntaxNode, fn: FnCtx): boolean {
  const call = unwrapValue(value);
  if (call.type !== 'call_expression') return false;
  const f = call.childForFieldName('function');
  const name = f?.type === 'identifier' ? f.text : f?.type === 'qualified_identifier' ? f.childForFieldName('name')?.text : undefined;
  return !!name && !GETTER_NAME.test(name) && !fn.file.resourceGetters?.has(name) && !fn.file.indexedGetters?.has(name);
}

/**
 * The braces that list a container's elements: `std::array<T, 2> a = {{ e1, e2 }}` names them in the inner braces
 * (the array member), `std::vector<T> v = {{ SyncBefore, SyncAfter, … }}` is one element whose fields are in the
 * inner braces. The inner braces list elements when they hold braced or constructed values only.
 */
export function listOfElements(value: SyntaxNode): SyntaxNode {
  const inner = value.type === 'initializer_list' && value.namedChildCount === 1 ? value.namedChild(0) : null;
  if (inner?.type !== 'initializer_list') return value;
  const items = inner.namedChildren.filter((c) => c.type !== 'comment');
  return items.every((c) => c.type === 'initializer_list' || c.type === 'call_expression' || c.type === 'compound_literal_expression') ? inner : value;
}

/** Struct types no value of another of them can initialise (a texture barrier is never a buffer barrier). */
const DISTINCT_KINDS: ReadonlySet<StructKind> = new Set<StructKind>(['texture', 'buffer', 'global', 'group', 'range', 'legacy', 'desc', 'heap-props', 'copy-location']);

/**
 * The declared type decides what a variable holds: `D3D12_BUFFER_BARRIER bb = to_dx(b, buf)` is a buffer barrier even
 * when the initializer reads as another struct (an overloaded helper of the same name resolved to its texture
 * overload). A value of a distinct struct type is not this variable's value: it reads as an unknown struct of the
 * declared type.
 */
function ofDeclaredKind(v: AVal, kind: StructKind, d: SyntaxNode, fn: FnCtx): AVal {
  if (v.t !== 'struct' || v.kind === kind || !DISTINCT_KINDS.has(v.kind) || !DISTINCT_KINDS.has(kind)) return v;
  return newRawStruct(kind, d, fn, false);
}

function newRawStructOrHelper(type: DeclaredType, d: SyntaxNode, fn: FnCtx, zero: boolean): AVal {
  return newRawStruct(type.kind!, d, fn, zero);
}

/** `MakeTransitions(a, b)`: a call of a helper of the file that returns a container of barriers it builds. */
function containerTemplateCall(value: SyntaxNode, fn: FnCtx): AVal | undefined {
  const f = value.type === 'call_expression' ? value.childForFieldName('function') : null;
  if (f?.type !== 'identifier' || fn.file.templates.get(f.text)?.value.t !== 'array') return undefined;
  const v = evalValue(value, 'any', fn);
  return v.t === 'array' ? v : undefined;
}

function arrayDecl(shape: DeclShape, type: DeclaredType, value: SyntaxNode | null, d: SyntaxNode, fn: FnCtx): ArrayVal {
  const size = shape.array?.size ? fold(shape.array.size, fn.file, fn) : null;
  const length = size ? toNumber(size) : null;
  const arr: ArrayVal = fn.created({
    t: 'array', elemKind: type.kind ?? null, elems: [], length, zeroInit: value !== null, range: rangeOf(d), container: false,
  });
  if (value?.type === 'initializer_list') fillArray(arr, value, type.helper, fn, type.scalar);
  // `T a[] = {…}` has as many elements as its initializer; `T a[4 * Settings::Count] = {}` (a length this file cannot
  // fold) has an unknown number, not the initializer's zero (`_countof(a)` is then unknown, size-calls.ts).
  if (length === null && shape.array?.size) arr.unsized = true;
  else if (length === null && value?.type === 'initializer_list') arr.length = arr.elems.length;
  return arr;
}

/** The element kind of a container of D3D12 structs the type names (`std::vector<D3D12_RESOURCE_BARRIER>` → legacy). */
export function containerElementKind(typeText: string): StructKind | undefined {
  const m = CONTAINER.exec(typeText.replace(/\s+/g, ' ').trim());
  return m ? structKindOfType(m[2]) ?? undefined : undefined;
}

/** A braced list of `kind` structs as a container of them (`{ CD3DX12_…(a, …), CD3DX12_…(b, …) }`). */
export function bracedContainer(list: SyntaxNode, kind: StructKind, fn: FnCtx): ArrayVal {
  const arr: ArrayVal = fn.created({ t: 'array', elemKind: kind, elems: [], length: null, zeroInit: true, range: rangeOf(list), container: true });
  fillArray(arr, list, undefined, fn);
  arr.length = arr.elems.length;
  return arr;
}

function fillArray(arr: ArrayVal, list: SyntaxNode, helper: string | undefined, fn: FnCtx, scalar = false): void {
  for (const item of argumentNodes(list)) arr.elems.push(elementValue(arr, item, helper, fn, scalar));
}

export function elementValue(arr: ArrayVal, item: SyntaxNode, helper: string | undefined, fn: FnCtx, scalar = false): AVal {
  // `static const D3D12_BARRIER_LAYOUT kLayouts[][2] = {{A, B}, …}`: a row of a table of values is an array of them.
  if (!arr.elemKind && scalar && item.type === 'initializer_list') {
    const row: ArrayVal = fn.created({ t: 'array', elemKind: null, elems: [], length: null, zeroInit: true, range: rangeOf(item), container: false });
    fillArray(row, item, undefined, fn, true);
    row.length = row.elems.length;
    return row;
  }
  if (!arr.elemKind) return evalValue(item, scalar ? 'any' : 'res', fn);
  if (item.type === 'initializer_list') return aggregateInit(item, arr.elemKind, fn, helper);
  // `D3D12_TEXTURE_BARRIER b[2] = { 0 };`: the C idiom zero-fills the array (the 0 is the first element's first
  // member, braces elided): a zeroed struct the statements after it fill field by field.
  if (item.type === 'number_literal' && /^0+[uUlL]*$/.test(item.text)) {
    return { t: 'struct', kind: arr.elemKind, members: new Map(), zeroInit: true, site: -1, range: rangeOf(item) };
  }
  return copied(evalValue(item, arr.elemKind, fn), item, fn);
}
