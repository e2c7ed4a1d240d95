// Declarations and assignments inside function bodies: barrier structs (helper calls, `T x(...)`, `T x{...}`,
// `= {}`), arrays and containers of them, pointers/references into them, resource aliases and scalar locals;
// field assignments through `.`/`->`/references/array elements; push_back/emplace_back.
import { STRUCT_LAYOUTS } from '../model/structs';
import type { StructKind } from '../model/structs';
import type { SyntaxNode } from './node';
import type { ResourceRef } from './operands';
import type { FnCtx } from './context';
import { addSite, evalValue, RAW_SITE_KIND, visitCalls } from './context';
import { aggregateInit, newRawStruct, setMemberFrom } from './brace-initializers';
import { constructHelper, helperNameOf } from './d3dx12-helpers';
import { fold, toNumber } from './constant-fold';
import { addToBatch, batchAppend, batchContainer } from './batches';
import { arrayElement, deref, indexValue, invariantInLoop } from './elements';
import { isStructKind, memberExpect, structKindOfType } from './expect';
import { isResourceType, resourceRef } from './resources';
import { isResourceLike, typeOfExpr, typeText } from './types';
import type { Range } from '../types';
import { pushedElement } from './push-methods';
import { declaredRecord, memberRecord, pointerToRecord, recordMember, recordOfValue, recordValue, tupleParts, unfilledRecord, type StructRecord } from './records';
import { argumentNodes, calleeName, rangeOf, unwrapValue } from './syntax';
import { overwrite } from './struct-writes';
import { objectAlias } from './object-aliases';
import { recordRebind, recordReindex, recordSwap } from './rebinds';
import type { ArrayVal, AVal, StructVal } from './values';
import { cloneVal, getMember, makeStruct, numVal } from './values';

interface DeclaredType {
  kind?: StructKind;
  helper?: string;
  container?: { elemKind: StructKind | null; helper?: string; length: number | null; plain?: boolean };
  resource: boolean;
  /** A D3D12 enum or an integer (of the array or container elements): braced elements are values, not resources. */
  scalar?: boolean;
}

// NOTE: D3D12 struct types are recognised before this (structKindOfType); other D3D12_ structs read as unknown.
const SCALAR = /^(?:(?:const|static|constexpr)\s+)*(?:D3D12_[A-Z0-9_]+|DXGI_FORMAT|U?INT(?:8|16|32|64)?|u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|size_t)$/;

const CONTAINER = /^(?:[\w:]+::)?(\w*(?:vector|array|Array|Vector|List|list|deque|span)\w*)<\s*(?:const\s+)?([\w:]+)\s*(?:,\s*(\w+))?/;

function declaredType(typeText: string, file: FnCtx): DeclaredType {
  const t = typeText.replace(/\s+/g, ' ').trim();
  const kind = structKindOfType(t);
  if (kind) return { kind, helper: helperNameOf(t.replace(/\b(const|struct)\b/g, '').trim()), resource: false };
  const m = CONTAINER.exec(t);
  if (m) {
    const elemKind = structKindOfType(m[2]) ?? null;
    let length: number | null = null;
    if (m[3]) length = Number(m[3]) || (file.env.get(m[3])?.t === 'num' ? (file.env.get(m[3]) as { f: { value: number | null } }).f.value : null);
    // `std::vector<D3D12_TEXTURE_BARRIER>`: the plain struct, no d3dx12 class (no constructors).
    if (elemKind) return { container: { elemKind, helper: helperNameOf(m[2]), length, ...(/^(?:::)?D3D12_/.test(m[2]) ? { plain: true } : {}) }, resource: false };
    // `std::array<D3D12_BARRIER_LAYOUT, 3> kLayouts = {…}`: a table of values.
    if (SCALAR.test(m[2]) && /^(?:[\w:]+::)?array</.test(t)) return { container: { elemKind: null, length }, resource: false, scalar: true };
  }
  return { resource: isResourceType(t), ...(SCALAR.test(t) ? { scalar: true } : {}) };
}

/**
 * `const std::array barriers{ CD3DX12_RESOURCE_BARRIER::Transition(…), … };` (class template argument deduction):
 * a container of the struct its first element constructs.
 */
function deducedArray(typeText: string, value: SyntaxNode): DeclaredType | undefined {
  if (!/^(?:const\s+)?(?:std::)?array$/.test(typeText.trim()) || value.type !== 'initializer_list') return undefined;
  const items = argumentNodes(value);
  const first = items[0] ? unwrapValue(items[0]) : null;
  const callee = first?.type === 'call_expression' ? first.childForFieldName('function')?.text.replace(/::\w+$/, '') : undefined;
  const elemKind = callee ? structKindOfType(callee) : undefined;
  return elemKind ? { container: { elemKind, helper: helperNameOf(callee!), length: items.length }, resource: false } : undefined;
}

interface DeclShape {
  name: string;
  array: { size: SyntaxNode | null } | null;
  reference: boolean;
  pointer: boolean;
}

function declShape(d: SyntaxNode): DeclShape | null {
  let n: SyntaxNode | null = d;
  let array: DeclShape['array'] = null;
  let reference = false;
  let pointer = false;
  while (n) {
    switch (n.type) {
      case 'identifier': case 'field_identifier': return { name: n.text, array, reference, pointer };
      case 'array_declarator': array = { size: n.childForFieldName('size') }; n = n.childForFieldName('declarator'); break;
      case 'reference_declarator': reference = true; n = n.namedChildren[0] ?? null; break;
      case 'pointer_declarator': pointer = true; n = n.childForFieldName('declarator'); break;
      default: return null;
    }
  }
  return null;
}

/** `auto* list = AcquireList();`: the return type the file declares for the function called. */
function deducedType(typeNode: SyntaxNode, value: SyntaxNode | null, fn: FnCtx): string | undefined {
  if (typeNode.text !== 'auto' || value?.type !== 'call_expression') return undefined;
  const f = value.childForFieldName('function');
  return f?.type === 'identifier' ? fn.file.returnTypes?.get(f.text) : undefined;
}

/**
 * `auto cl = MakeComputeList(…);` of a list factory of the file (list-factories.ts): a list of its type created here.
 * Also `m_uploadList = CreateUploadList(device);` (`list` given): a member the class's other methods record on.
 */
function factoryList(name: string, target: SyntaxNode, value: SyntaxNode, fn: FnCtx, list?: () => ResourceRef): void {
  const v = unwrapValue(value);
  const f = v.type === 'call_expression' ? v.childForFieldName('function') : null;
  const callee = f ? calleeName(f) : undefined;
  const listType = callee ? fn.file.listFactories?.get(callee) : undefined;
  if (!listType) return;
  const range = rangeOf(target);
  fn.events.push({ kind: 'command-list-creation', site: -1, range: rangeOf(value), list: list?.() ?? { key: name, text: name, range }, listType, api: callee! });
}

export function handleDeclaration(decl: SyntaxNode, fn: FnCtx, forInit = false): void {
  const typeNode = decl.childForFieldName('type');
  const outer = declaredType(typeNode?.text ?? '', fn);
  for (const d of decl.childrenForFieldName('declarator')) {
    if (d.type === 'function_declarator') {
      vexingParse(d, outer, typeNode, fn);
      continue;
    }
    const target = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
    const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    if (target?.type === 'structured_binding_declarator') {
      bindStructured(target, value, fn);
      continue;
    }
    const shape = target ? declShape(target) : null;
    const type = value && !outer.kind && !outer.container ? deducedArray(typeNode?.text ?? '', value) ?? outer : outer;
    if (!shape) {
      if (value) visitCalls(value, fn);
      continue;
    }
    if (typeNode) fn.types.set(shape.name, deducedType(typeNode, value, fn) ?? typeText(typeNode, target));
    if (value) factoryList(shape.name, target!, value, fn);
    if (!value && fn.builtRecord && !type.kind && !shape.array && !shape.pointer && !shape.reference && declaredRecord(typeNode, fn) === fn.builtRecord) {
      fn.bind(shape.name, unfilledRecord(fn.builtRecord, rangeOf(d), fn));
      continue;
    }
    // `ResourceBarrierDesc desc;` then `desc.before = …`: a record whose members are unknown until written.
    const plain = !value && !type.kind && !shape.array && !shape.pointer && !shape.reference ? declaredRecord(typeNode, fn) : undefined;
    if (plain) {
      fn.bind(shape.name, unfilledRecord(plain, rangeOf(d), fn));
      continue;
    }
    const rec = value?.type === 'initializer_list' && !type.kind ? declaredRecord(typeNode, fn) : undefined;
    const rows = !rec && value?.type === 'initializer_list' && !type.kind ? stdArrayRecord(typeNode, fn) : undefined;
    const v = rec ? recordDecl(rec, shape, value!, fn)
      : rows ? recordDecl(rows, { ...shape, array: { size: null } }, listOfElements(value!), fn) : declaredValue(shape, type, value, d, fn);
    if (v.t === 'struct' && v.site >= 0 && type.kind && !shape.array && !shape.reference && !shape.pointer
      && fn.file.sites[v.site]?.live === v && neverRead(shape.name, target!, decl)) fn.file.sites[v.site].unread = true;
    fn.bind(shape.name, forInit && v.t === 'num' ? numVal({ value: null, text: shape.name, range: v.f.range }) : v);
  }
}

/** `const Step steps[] = {{…}, {…}}` or `constexpr Step kPass{…}`: records (records.ts), one per braced element. */
function recordDecl(rec: StructRecord, shape: DeclShape, value: SyntaxNode, fn: FnCtx): AVal {
  const evaluate = (n: SyntaxNode, resource: boolean) => evalValue(n, resource ? 'res' : 'any', fn);
  if (!shape.array) return recordValue(rec, value, fn, evaluate);
  const elems = argumentNodes(value).map((item): AVal => {
    // `Hop{ A, B }`: a row spelled with its record's name.
    const braces = item.type === 'compound_literal_expression' && declaredRecord(item.childForFieldName('type'), fn) === rec ? item.childForFieldName('value') : item;
    return braces?.type === 'initializer_list' ? recordValue(rec, braces, fn, evaluate) : { t: 'unknown', text: item.text, range: rangeOf(item) };
  });
  return fn.created({ t: 'array', elemKind: null, elems, length: elems.length, zeroInit: true, range: rangeOf(value), container: false });
}

/** `std::array<Step, 3>`: the file's record `Step` its elements are. */
function stdArrayRecord(typeNode: SyntaxNode | null, fn: FnCtx): StructRecord | undefined {
  const m = typeNode ? /^(?:std::)?array\s*<\s*([\w:]+)\s*,/.exec(typeNode.text) : null;
  return m ? fn.file.records?.get(m[1]) ?? fn.file.records?.get(m[1].split('::').pop()!) : undefined;
}

/**
 * `auto [before, after] = kPass;`, `= std::make_pair(A, B);`, `= arr;`: each name is the member, part or element at
 * its position; a name with nothing we can read at its position is unknown.
 */
function bindStructured(target: SyntaxNode, value: SyntaxNode | null, fn: FnCtx): void {
  const names = target.namedChildren.filter((c) => c.type === 'identifier');
  const nodes = value ? tupleParts(value) : undefined;
  let parts: AVal[] | undefined;
  if (nodes) parts = nodes.map((n) => evalValue(n, isResourceLike(n, fn) ? 'res' : 'any', fn));
  else if (value) {
    const v = evalValue(value, 'any', fn);
    const a = v.t === 'ptr' ? deref(v) : v;
    if (a.t === 'array' && (a.fields || !a.container)) parts = a.elems;
  }
  names.forEach((id, i) => fn.bind(id.text, parts?.[i] ?? { t: 'unknown', text: id.text, range: rangeOf(id) }));
}

/**
 * A barrier local that its scope only writes (`b.Transition.StateBefore = …;`, `memset(&b, 0, sizeof(b))`) and never
 * reads: it is never recorded, returned or copied anywhere, so the debug layer never sees its values (a barrier
 * prepared and then forgotten, with a comment saying the transition is a no-op). Any other mention is a read.
 */
function neverRead(name: string, declarator: SyntaxNode, decl: SyntaxNode): boolean {
  let scope: SyntaxNode | null = decl.parent;
  while (scope && scope.type !== 'compound_statement') scope = scope.parent;
  if (!scope) return false;
  for (const id of scope.descendantsOfType('identifier')) {
    if (id.text !== name || id === declarator || (declarator.startIndex <= id.startIndex && id.endIndex <= declarator.endIndex)) continue;
    if (!onlyWritten(id)) return false;
  }
  return true;
}

const SIZE_OR_ZERO = /^(?:sizeof|memset|ZeroMemory|SecureZeroMemory|RtlZeroMemory)$/;

/** `id.a.b = …` (any assignment operator), `sizeof(id)`, `memset(&id, …)`: a mention that reads nothing of `id`. */
function onlyWritten(id: SyntaxNode): boolean {
  let n = id;
  while (n.parent?.type === 'field_expression' && n.parent.childForFieldName('argument') === n) n = n.parent;
  const p = n.parent;
  if (n !== id && p?.type === 'assignment_expression' && p.childForFieldName('left') === n) return true;
  if (p?.type === 'sizeof_expression' || (p?.type === 'parenthesized_expression' && p.parent?.type === 'sizeof_expression')) return n === id;
  const addr = p?.type === 'pointer_expression' && p.child(0)?.type === '&' ? p : null;
  const args = addr?.parent?.type === 'argument_list' ? addr.parent : null;
  const callee = args?.parent?.type === 'call_expression' ? args.parent.childForFieldName('function')?.text : undefined;
  return n === id && !!callee && SIZE_OR_ZERO.test(callee) && argumentNodes(args!.parent!)[0] === addr;
}

/**
 * `CD3DX12_TEXTURE_BARRIER b(x, y, R(z))` with only identifiers and `Name(identifiers)` as arguments parses as a
 * function declaration (the most vexing parse). Each "parameter" is then a bare type_identifier, or a type with an
 * abstract function declarator: evalValue reads them back as the identifier and the call they are.
 */
function vexingParse(d: SyntaxNode, type: DeclaredType, typeNode: SyntaxNode | null, fn: FnCtx): void {
  const name = d.childForFieldName('declarator');
  const params = d.childForFieldName('parameters');
  if (!name || name.type !== 'identifier' || !params) return;
  const args = params.namedChildren.filter((p) => p.type !== 'comment');
  // `std::vector<D3D12_TEXTURE_BARRIER> barriers(count);` parses the same way: the size constructor.
  const c = type.container;
  if (c?.elemKind && args.length === 1 && args[0].type === 'parameter_declaration' && args[0].namedChildCount === 1) {
    const sized = sizedContainer([args[0].childForFieldName('type')!], fn);
    // `std::vector<D3D12_RESOURCE_BARRIER> copy(pending);`: a copy of another container, whose contents are not known.
    if (!sized) return fn.bind(name.text, { t: 'unknown', text: name.text, range: rangeOf(d) });
    fn.bind(name.text, sizedArray(c, sized.length, rangeOf(d), fn));
    if (typeNode) fn.types.set(name.text, typeText(typeNode, name));
    return;
  }
  if (!type.kind || !type.helper || !args.every(isArgumentLike)) return;
  fn.bind(name.text, constructHelper(d, type.helper, args, fn));
}

/** A parameter that can only be an argument in disguise: `x` or `Name(x, ...)` (recursively). */
function isArgumentLike(p: SyntaxNode): boolean {
  const t = p.childForFieldName('type');
  if (p.type !== 'parameter_declaration' || t?.type !== 'type_identifier') return false;
  const d = p.childForFieldName('declarator');
  if (!d) return p.namedChildCount === 1;
  if (d.type !== 'abstract_function_declarator' || p.namedChildCount !== 2) return false;
  return (d.childForFieldName('parameters')?.namedChildren ?? []).every(isArgumentLike);
}

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
function sizedContainer(items: readonly SyntaxNode[], fn: FnCtx): { length: number | null } | undefined {
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
function sizedArray(c: NonNullable<DeclaredType['container']>, length: number | null, range: Range, fn: FnCtx): ArrayVal {
  return fn.created({ t: 'array', elemKind: c.elemKind, elems: [], length, zeroInit: true, range, container: true, ...(c.plain ? { plainElems: true as const } : {}) });
}

const ALLOCATORS = /^(?:_?alloca|_malloca|malloc|calloc)$/;

/** Stack or heap memory for an array the function fills: `alloca(…)`, `malloc(…)`, `new T[n]`. */
function freshAllocation(value: SyntaxNode): boolean {
  const v = unwrapValue(value);
  if (v.type === 'new_expression') return !!v.childForFieldName('declarator') && v.childForFieldName('declarator')!.type === 'new_declarator';
  return v.type === 'call_expression' && ALLOCATORS.test(v.childForFieldName('function')?.text ?? '');
}

function declaredValue(shape: DeclShape, type: DeclaredType, value: SyntaxNode | null, d: SyntaxNode, fn: FnCtx): AVal {
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
  if (shape.reference || shape.pointer) {
    const v = evalValue(value, type.resource ? 'res' : 'any', fn);
    // `auto& target = m_surfaces.GetBloom();`: the object the initializer names (object-aliases.ts).
    if (v.t === 'unknown' && !v.batch && !type.kind) return objectAlias(d.parent?.childForFieldName('type')?.text ?? '', value, shape.reference, fn) ?? v;
    // `ID3D12Resource* tex = nullptr;` filled later by IID_PPV_ARGS(&tex): its identity is its own name.
    return v.t === 'res' && v.ref.key === null ? { t: 'unknown', text: shape.name, range } : v;
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
    return v.t === 'res' && v.ref.key === null ? { t: 'unknown', text: shape.name, range } : v;
  }
  // `auto b2 = b1;` deduces a struct by value: a copy, which the statements after it fill apart from `b1`.
  return copyDeclared(evalValue(value, 'any', fn), value, d, fn);
}

/**
 * The braces that list a container's elements: `std::array<T, 2> a = {{ e1, e2 }}` names them in the inner braces
 * (the array member), `std::vector<T> v = {{ SyncBefore, SyncAfter, … }}` is one element whose fields are in the
 * inner braces. The inner braces list elements when they hold braced or constructed values only.
 */
function listOfElements(value: SyntaxNode): SyntaxNode {
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
  if (length === null && value?.type === 'initializer_list') arr.length = arr.elems.length;
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

function elementValue(arr: ArrayVal, item: SyntaxNode, helper: string | undefined, fn: FnCtx, scalar = false): AVal {
  // `static const D3D12_BARRIER_LAYOUT kLayouts[][2] = {{A, B}, …}`: a row of a table of values is an array of them.
  if (!arr.elemKind && scalar && item.type === 'initializer_list') {
    const row: ArrayVal = fn.created({ t: 'array', elemKind: null, elems: [], length: null, zeroInit: true, range: rangeOf(item), container: false });
    fillArray(row, item, undefined, fn, true);
    row.length = row.elems.length;
    return row;
  }
  if (!arr.elemKind) return evalValue(item, scalar ? 'any' : 'res', fn);
  if (item.type === 'initializer_list') return aggregateInit(item, arr.elemKind, fn, helper);
  return copied(evalValue(item, arr.elemKind, fn), item, fn);
}

/** A container method called as a statement; false when the call is not one. */
export function handleContainerCall(call: SyntaxNode, fn: FnCtx): boolean {
  return containerCall(call, fn) !== undefined;
}

const APPEND = new Set(['push_back', 'emplace_back', 'push', 'Add', 'append']);

/**
 * Methods of a container of barriers the function built: push_back(value) / emplace_back(ctor args) append an element
 * and return it (`T& b = v.emplace_back();`), back()/front() name an element, resize(n) sets the size (unknown n:
 * unknown size), clear() empties it. Returns the value of the call, or undefined when it is not one of these.
 */
export function containerCall(call: SyntaxNode, fn: FnCtx): AVal | undefined {
  const f = call.childForFieldName('function');
  if (f?.type !== 'field_expression') return undefined;
  const method = f.childForFieldName('field')?.text ?? '';
  if (!APPEND.has(method) && !['back', 'front', 'resize', 'clear'].includes(method)) return undefined;
  const objNode = f.childForFieldName('argument');
  const obj = objNode ? evalValue(objNode, 'any', fn) : undefined;
  const args = argumentNodes(call);
  if ((!obj || obj.t !== 'array') && objNode && APPEND.has(method) && args.length === 1) return batchAppend(objNode, args[0], call, fn);
  if (!obj || obj.t !== 'array') return undefined;
  const none: AVal = { t: 'unknown', text: call.text, range: rangeOf(call) };
  if (method === 'back' || method === 'front') {
    if (obj.loopElem || obj.unsized) return obj.loopElem ?? none;
    const end = (l: AVal[]) => (method === 'back' ? l[l.length - 1] : l[0]);
    if (obj.paths && obj.paths.lists.some((l) => end(l) !== end(obj.paths!.lists[0]))) return none;
    return end(obj.paths?.lists[0] ?? obj.elems) ?? none;
  }
  fn.touchContainer(obj);
  if (method === 'clear') {
    obj.elems.length = 0;
    obj.loopElem = undefined;
    obj.unsized = false;
    obj.paths = undefined;
    return none;
  }
  if (method === 'resize') {
    obj.paths = undefined;
    resize(obj, args[0], call, fn);
    return none;
  }
  let v: AVal;
  if (method === 'emplace_back' && obj.elemKind && args.length === 0) {
    // Value-initialised: every member zero, as `push_back({})`.
    v = newRawStruct(obj.elemKind, call, fn, true);
  } else if (method === 'emplace_back' && obj.elemKind && args.length !== 1 && obj.plainElems) {
    // `v.emplace_back(sync, sync, access, access, before, after, res)` on a vector of the plain D3D12 struct: C++20
    // initialises the aggregate from the parentheses, member by member in declaration order (the rest zero).
    v = aggregateInit(call.childForFieldName('arguments')!, obj.elemKind, fn, undefined, call);
  } else if (method === 'emplace_back' && obj.elemKind && args.length !== 1) {
    const helper = Object.keys(STRUCT_LAYOUTS).includes(obj.elemKind) ? helperForKind(obj.elemKind) : undefined;
    v = helper ? constructHelper(call, helper, args, fn) : none;
  } else if (args[0]) {
    v = elementValue(obj, args[0], obj.elemKind ? helperForKind(obj.elemKind) : undefined, fn);
  } else return none;
  if (fn.loopDepth > 0) {
    if (v.t === 'struct') v.fromLoop = true;
    obj.loopElem = v;
  } else {
    obj.elems.push(v);
    // Appended after an if/else that filled it per path: every path's list gets it.
    for (const list of obj.paths?.lists ?? []) list.push(v);
  }
  return v;
}

/** `v.resize(n)`: n zero elements (value-initialised) when n folds; otherwise the size is unknown from here on. */
function resize(obj: ArrayVal, size: SyntaxNode | undefined, call: SyntaxNode, fn: FnCtx): void {
  const folded = size ? fold(size, fn.file, fn) : null;
  const n = folded ? toNumber(folded) : null;
  if (n === null || obj.loopElem || n > 64) {
    obj.unsized = true;
    return;
  }
  if (obj.elems.length > n) obj.elems.length = n;
  while (obj.elems.length < n && obj.elemKind) obj.elems.push(fn.created(makeStruct(obj.elemKind, rangeOf(call), -1, true)));
}

/** `std::swap(b.StateBefore, b.StateAfter)`: exchange two locals or struct members. Returns false for other calls. */
export function handleSwapCall(call: SyntaxNode, fn: FnCtx): boolean {
  const f = call.childForFieldName('function');
  const callee = f?.text.replace(/\s+/g, '');
  const args = argumentNodes(call);
  if ((callee !== 'std::swap' && callee !== 'swap' && callee !== 'eastl::swap') || args.length !== 2) return false;
  const [a, b] = args.map((n) => lvalueOf(n, fn));
  const va = a?.get();
  const vb = b?.get();
  if (!isValue(va) && !isValue(vb)) recordSwap(args, call, fn);
  if (a && b && va && vb) {
    a.set(vb, va);
    b.set(va, vb);
  } else {
    // One side is not something we follow: whatever we knew about the other is now unknown.
    for (const [side, v, n] of [[a, va, args[0]], [b, vb, args[1]]] as const) {
      if (side && v) side.set({ t: 'unknown', text: n.text, range: rangeOf(n) }, v);
    }
  }
  return true;
}

/** A barrier struct, array or number the swap exchanges as values (not a resource pointer). */
function isValue(v: AVal | undefined): boolean {
  return !!v && v.t !== 'res' && v.t !== 'unknown';
}

interface LValue {
  get(): AVal | undefined;
  set(v: AVal, prior: AVal): void;
}

function lvalueOf(n: SyntaxNode, fn: FnCtx): LValue | undefined {
  if (n.type === 'identifier') {
    return { get: () => fn.env.get(n.text), set: (v) => fn.bind(n.text, v) };
  }
  if (n.type === 'field_expression') {
    const objNode = n.childForFieldName('argument');
    const member = n.childForFieldName('field')?.text;
    const base = objNode ? evalValue(objNode, 'any', fn) : undefined;
    const s = base?.t === 'ptr' ? deref(base) : base;
    if (s?.t !== 'struct' || !member) return undefined;
    return { get: () => getMember(s, member), set: (v, prior) => fn.setMember(s, member, v, prior) };
  }
  return undefined;
}

function helperForKind(kind: StructKind): string | undefined {
  return ({ texture: 'CD3DX12_TEXTURE_BARRIER', buffer: 'CD3DX12_BUFFER_BARRIER', global: 'CD3DX12_GLOBAL_BARRIER', group: 'CD3DX12_BARRIER_GROUP', range: 'CD3DX12_BARRIER_SUBRESOURCE_RANGE' } as Record<string, string>)[kind];
}

/** Whether `n` sits inside a statement the parser could not read (an ERROR or a missing token in it). */
function inBrokenCode(n: SyntaxNode): boolean {
  for (let p = n.parent; p && p.type !== 'compound_statement' && p.type !== 'translation_unit'; p = p.parent) if (p.hasError) return true;
  return false;
}

/** `lhs = rhs` (and compound `|=`), for locals, struct members at any depth, array elements and `*p`. */
/** Expressions that name an existing object (a call's result is a new one: the local keeps its own name). */
const NAMES_OBJECT = new Set(['identifier', 'field_expression', 'subscript_expression']);

export function handleAssignment(assign: SyntaxNode, fn: FnCtx): void {
  assignValue(assign, fn);
  const left = assign.childForFieldName('left');
  if (left) recordReindex(left, assign, fn);
}

function assignValue(assign: SyntaxNode, fn: FnCtx): void {
  const left = assign.childForFieldName('left');
  let right = assign.childForFieldName('right');
  const op = assign.childForFieldName('operator')?.text ?? '=';
  if (!left || !right) return;
  // `b[0].Type = b[1].Type = TRANSITION;`: the inner assignment happens first, and the outer one stores its value.
  if (op === '=' && right.type === 'assignment_expression' && right.childForFieldName('operator')?.text === '=') {
    handleAssignment(right, fn);
    for (let inner = right.childForFieldName('right'); inner; inner = right.childForFieldName('right')) {
      right = inner;
      if (right.type !== 'assignment_expression') break;
    }
    if (right.type === 'assignment_expression') return;
  }
  if (op === '=' && (left.type === 'identifier' || left.type === 'field_expression')) factoryList(left.text, left, right, fn, () => resourceRef(left, fn.file, fn));
  if (left.type === 'identifier') {
    const prior = fn.env.get(left.text);
    // `T* p = nullptr;` that does not parse (an unbalanced `#if` block before it) reads as `T * (p = nullptr)`: the
    // code's meaning is not known, so neither is the value.
    if (inBrokenCode(assign)) {
      fn.bind(left.text, { t: 'unknown', text: `${left.text} (in code that does not parse)`, range: rangeOf(assign) }, true);
      return;
    }
    if (op !== '=' && unwrapValue(right).type === 'call_expression') {
      // `n += AppendTransition(&b[n], …)`: the call happens (its events, the element it fills), then n moves by
      // what it returned (fill-counts.ts), when both are known.
      const r = evalValue(right, 'any', fn);
      const [a, b] = [prior?.t === 'num' ? prior.f.value : null, r.t === 'num' && r.f.param === undefined ? r.f.value : null];
      const value = a === null || b === null ? null : op === '+=' ? a + b : op === '-=' ? a - b : null;
      fn.bind(left.text, numVal({ value, text: assign.text, range: rangeOf(assign) }), true);
      return;
    }
    if (op !== '=') {
      const combined = fold(assign, fn.file, fn);
      fn.bind(left.text, numVal({ value: combined ? toNumber(combined) : null, text: assign.text, range: rangeOf(assign) }), true);
      return;
    }
    // A local declared as a resource pointer and assigned later (`ID3D12Resource *src; … src = texture;`) names
    // what it is assigned, as its initializer would (declaredValue); `src = NULL` leaves its own name.
    const declaredResource = prior?.t !== 'struct' && prior?.t !== 'res' && NAMES_OBJECT.has(unwrapValue(right).type)
      && isResourceType(fn.types.get(left.text) ?? '');
    const expect = prior?.t === 'struct' ? prior.kind : prior?.t === 'res' || declaredResource ? 'res' : 'any';
    const evaluated = copied(evalValue(right, expect, fn), right, fn);
    const value = declaredResource && evaluated.t === 'res' && evaluated.ref.key === null ? prior ?? { t: 'unknown' as const, text: left.text, range: rangeOf(assign) } : evaluated;
    // `t = CD3DX12_TEXTURE_BARRIER(…)` after a group took `&t`: C++ copies into the same object, which the group reads.
    // `D3D12_TEXTURE_BARRIER& out = barriers[i]; out = {};`: assigning through a reference writes the element.
    const reference = /&$/.test(fn.types.get(left.text) ?? '');
    if (prior?.t === 'struct' && (prior.addressKept || reference) && value.t === 'struct' && value.kind === prior.kind && value !== prior) {
      overwrite(prior, value, assign, fn);
      return;
    }
    fn.bind(left.text, value, true);
    recordRebind(left, right, assign, fn);
    return;
  }
  if (left.type === 'field_expression' && assignThroughPath(left, op, right, assign, fn)) {
    if (op === '=') recordRebind(left, right, assign, fn);
    return;
  }
  if (left.type === 'pointer_expression' && op === '=' && assignThroughPointer(left, right, assign, fn)) return;
  if (left.type === 'subscript_expression' || left.type === 'pointer_expression') {
    const slot = lvalueSlot(left, fn);
    if (slot) {
      const v = copied(evalValue(right, slot.arr.elemKind ?? 'res', fn), right, fn);
      if (slot.index === null) slot.arr.loopElem = invariantInLoop(v.t === 'struct' ? { ...v, fromLoop: true } : v, right, fn);
      else fn.setElement(slot.arr, slot.index, v, arrayElement(slot.arr, slot.index));
      return;
    }
    // `m_batch[m_count++] = CD3DX12_RESOURCE_BARRIER::Transition(...)`: an addition to a batch the function does not hold.
    const arrNode = left.type === 'subscript_expression' ? left.childForFieldName('argument') : null;
    if (arrNode && op === '=') {
      visitCalls(left, fn);
      if (batchAppend(arrNode, right, assign, fn)) return;
    }
  }
  visitCalls(right, fn);
  if (left.type === 'field_expression' && op === '=') recordRebind(left, right, assign, fn);
}

/** `*out = CD3DX12_RESOURCE_BARRIER::Transition(…);` through a pointer to one struct: the struct is overwritten. */
function assignThroughPointer(left: SyntaxNode, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): boolean {
  const arg = left.child(0)?.type === '*' ? left.childForFieldName('argument') : null;
  const p = arg ? evalValue(arg, 'any', fn) : null;
  const target = p?.t === 'ptr' && p.index === null && p.target.t === 'struct' ? p.target : undefined;
  if (!target) return false;
  const v = copied(evalValue(right, target.kind, fn), right, fn);
  if (v.t !== 'struct' || v.kind !== target.kind || v === target) return false;
  overwrite(target, v, assign, fn);
  return true;
}

/**
 * `root.a.b = v` / `p->a.b = v` / `arr[i].a = v`: follow the member path from the root object to the struct that
 * holds the last member. The root (not the nested struct) is the construction site the assignment belongs to.
 */
function assignThroughPath(left: SyntaxNode, op: string, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): boolean {
  const path: string[] = [];
  let root: SyntaxNode = left;
  while (root.type === 'field_expression' || root.type === 'parenthesized_expression') {
    if (root.type === 'parenthesized_expression') {
      if (root.namedChildCount !== 1) return false;
      root = root.namedChild(0)!;
      continue;
    }
    const field = root.childForFieldName('field')?.text;
    const arg = root.childForFieldName('argument');
    if (!field || !arg) return false;
    path.unshift(field);
    root = arg;
  }
  const base = evalValue(root, 'any', fn);
  const rootStruct = base.t === 'ptr' ? deref(base) : base;
  if (rootStruct.t === 'array' && rootStruct.fields) return assignRecordMember(rootStruct, path, op, right, fn);
  if (rootStruct.t !== 'struct') return false;
  let target: AVal = rootStruct;
  for (const part of path.slice(0, -1)) {
    if (target.t !== 'struct') return false;
    const parent: StructVal = target;
    const existed = parent.members.has(part);
    target = getMember(parent, part);
    if (!existed && target.t === 'struct') fn.createdWith(target, parent);
  }
  if (target.t !== 'struct') return false;
  assignMember(target, path[path.length - 1], op, right, assign, fn, rootStruct.fromLoop === true);
  ensureSite(rootStruct, assign, fn);
  if (root.type === 'subscript_expression') mayWriteEveryElement(root, rootStruct, path, fn);
  return true;
}

/**
 * `desc.before = RS_COPY_DEST;` on a record of the file (records.ts) the function holds: the member takes the value
 * (a resource member named as a resource). A deeper path or a compound assignment makes the member unknown.
 */
function assignRecordMember(root: ArrayVal, path: string[], op: string, right: SyntaxNode, fn: FnCtx): boolean {
  let rec = root;
  let shape = recordOfValue(root, fn.file.records);
  for (const part of path.slice(0, -1)) {
    const inner = recordMember(rec, part);
    if (inner?.t !== 'array' || !inner.fields) return false;
    shape = shape && memberRecord(shape, rec.fields!.indexOf(part), fn);
    rec = inner;
  }
  const last = path[path.length - 1];
  const at = rec.fields!.indexOf(last);
  if (at < 0) return false;
  const prior = rec.elems[at];
  if (op !== '=') {
    visitCalls(right, fn);
    fn.setElement(rec, at, { t: 'unknown', text: path.join('.'), range: rangeOf(right) }, prior);
    return true;
  }
  const nested = shape && right.type === 'initializer_list' ? memberRecord(shape, at, fn) : undefined;
  const evaluate = (n: SyntaxNode, resource: boolean) => evalValue(n, resource ? 'res' : 'any', fn);
  const read = nested ? recordValue(nested, right, fn, evaluate) : pointerToRecord(copied(evaluate(right, shape?.resource[at] ?? false), right, fn));
  // `d.before = d.after;` copies the nested record: a later write to one is not the other's.
  const value = !nested && read.t === 'array' && read.fields ? fn.created(cloneVal(read) as ArrayVal) : read;
  fn.setElement(rec, at, value, prior);
  return true;
}

/**
 * `b[n].Transition.pResource = r;` with `n` not known (a counter a test increments: `if (before != after) n++;`)
 * writes the array's "some element": any tracked element may be the one written. Each keeps the member only where
 * it already held the same constant; elsewhere the member is unknown — a zeroed element past the ones the code
 * filled is no longer read as a null, matching-state barrier (false #520 / #525 on a compacting fill).
 */
function mayWriteEveryElement(root: SyntaxNode, written: StructVal, path: string[], fn: FnCtx): void {
  const arrNode = root.childForFieldName('argument');
  const arr = arrNode ? evalValue(arrNode, 'any', fn) : undefined;
  if (arr?.t !== 'array' || arr.loopElem !== written || arr.elems.length === 0) return;
  const member = path[path.length - 1];
  const v = memberAt(written, path);
  for (const e of arr.elems) {
    if (e?.t !== 'struct') continue;
    let target: AVal = e;
    for (const part of path.slice(0, -1)) target = target.t === 'struct' ? getMember(target, part) : target;
    if (target.t !== 'struct') continue;
    const old = target.members.get(member);
    if (old?.t === 'num' && v?.t === 'num' && old.f.value !== null && old.f.value === v.f.value) continue;
    fn.setMember(target, member, { t: 'unknown', text: `${root.text}.${path.join('.')} (element not known)`, range: rangeOf(root) }, old ?? getMember(target, member));
  }
}

function memberAt(s: StructVal, path: string[]): AVal | undefined {
  let cur: AVal | undefined = s;
  for (const part of path) cur = cur?.t === 'struct' ? cur.members.get(part) : undefined;
  return cur;
}

/** `T copy = other;` is a construction of its own: the copy is a site at its declaration. */
function copyDeclared(v: AVal, node: SyntaxNode, d: SyntaxNode, fn: FnCtx): AVal {
  const c = copied(v, node, fn);
  if (c !== v && c.t === 'struct' && RAW_SITE_KIND[c.kind]) {
    c.site = addSite(fn.file, RAW_SITE_KIND[c.kind]!, rangeOf(d), null);
    c.range = rangeOf(d);
    fn.file.sites[c.site].live = c;
  }
  return c;
}

/**
 * A struct value read from a variable, member or element is copied (C++ value semantics): later writes to the copy
 * must not change the original. Calls and literals already produce fresh values.
 */
export function copied(v: AVal, node: SyntaxNode, fn: FnCtx): AVal {
  if (v.t !== 'struct') return v;
  const n = unwrapValue(node);
  const read = n.type === 'identifier' || n.type === 'field_expression' || n.type === 'subscript_expression'
    || (n.type === 'pointer_expression' && n.child(0)?.type === '*');
  return read ? fn.created(cloneVal(v) as StructVal) : v;
}

function assignMember(s: StructVal, member: string, op: string, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx, loopElement = false): void {
  const prior = s.members.get(member) ?? numVal({ value: s.zeroInit ? 0 : null, text: member, range: s.range });
  if (op !== '=') {
    const folded = fold(right, fn.file, fn);
    const before = prior.t === 'num' ? prior.f.value : null;
    const value = folded && before !== null ? applyCompound(op, before, toNumber(folded)) : null;
    fn.setMember(s, member, numVal({ value, text: assign.text, range: rangeOf(right) }), prior);
    return;
  }
  const expect = memberExpect(s.kind, member);
  if (right.type === 'initializer_list' && isStructKind(expect)) {
    const tmp = makeStruct(s.kind, rangeOf(assign), -1, true);
    setMemberFrom(tmp, member, right, fn);
    fn.setMember(s, member, tmp.members.get(member)!, prior);
    return;
  }
  if (isStructKind(expect)) {
    fn.setMember(s, member, copied(evalValue(right, expect, fn), right, fn), prior);
    return;
  }
  // Assign on a copy, then apply only what changed (a group's pointer must not reset its Type).
  const holder: StructVal = { ...s, members: new Map(s.members) };
  setMemberFrom(holder, member, right, fn);
  for (const [k, v] of holder.members) {
    if (v !== s.members.get(k)) fn.setMember(s, k, loopElement ? invariantInLoop(v, right, fn) : v, s.members.get(k) ?? prior);
  }
}

function applyCompound(op: string, a: number, b: number): number | null {
  const A = a >= 2 ** 64 ? 0xffffffffffffffffn : BigInt(a);
  const B = b >= 2 ** 64 ? 0xffffffffffffffffn : BigInt(b);
  const r = op === '|=' ? A | B : op === '&=' ? A & B : op === '^=' ? A ^ B : op === '+=' ? A + B : op === '-=' ? A - B : null;
  return r === null ? null : Number(r & 0xffffffffffffffffn);
}

/**
 * A struct filled field by field is one site whose range grows with each assignment. A barrier struct that is not
 * yet a site of its own (an array element, a copy of another barrier) becomes one at its first field assignment.
 */
export function ensureSite(s: StructVal, assign: SyntaxNode, fn: FnCtx): void {
  const kind = RAW_SITE_KIND[s.kind];
  if (!kind || s.standIn) return;
  if (s.site < 0 || fn.file.sites[s.site].live !== s) {
    s.site = addSite(fn.file, kind, rangeOf(assign), null);
    fn.file.sites[s.site].live = s;
    return;
  }
  const rec = fn.file.sites[s.site];
  const r = rangeOf(assign);
  if (r.endLine > rec.site.range.endLine || (r.endLine === rec.site.range.endLine && r.endColumn > rec.site.range.endColumn)) {
    rec.site.range = { ...rec.site.range, endLine: r.endLine, endColumn: r.endColumn };
  }
}

function lvalueSlot(left: SyntaxNode, fn: FnCtx): { arr: ArrayVal; index: number | null } | undefined {
  if (left.type === 'pointer_expression') {
    const arg = left.childForFieldName('argument');
    const p = arg && left.child(0)?.type === '*' ? evalValue(arg, 'any', fn) : undefined;
    if (p?.t === 'ptr' && p.target.t === 'array') return { arr: p.target, index: p.index };
    return undefined;
  }
  const arrNode = left.childForFieldName('argument');
  const idx = left.childForFieldName('indices')?.namedChildren[0] ?? left.childForFieldName('index');
  if (!arrNode || !idx) return undefined;
  const base = evalValue(arrNode, 'any', fn);
  const arr = base.t === 'array' ? base : base.t === 'ptr' && base.target.t === 'array' ? base.target : undefined;
  if (!arr) return undefined;
  const index = indexValue(idx, fn);
  const offset = base.t === 'ptr' ? base.index ?? 0 : 0;
  return { arr, index: index === null ? null : index + offset };
}
