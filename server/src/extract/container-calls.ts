// Container methods called on barrier arrays and containers (push_back/emplace_back/Add, resize, clear, ...) and
// `std::swap` of two locals or struct members.
import { STRUCT_LAYOUTS } from '../model/structs';
import type { StructKind } from '../model/structs';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { aggregateInit, newRawStruct } from './brace-initializers';
import { constructHelper } from './d3dx12-helpers';
import { fold, toNumber } from './constant-fold';
import { batchAppend } from './batches';
import { deref } from './elements';
import { argumentNodes, rangeOf } from './syntax';
import { recordSwap } from './rebinds';
import type { ArrayVal, AVal } from './values';
import { getMember, makeStruct } from './values';
import { elementValue } from './declared-values';

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
  if (obj.elemKind && args.length === 0) {
    // `v.emplace_back()`, `barriers.Add()` of an engine's array returning the new element: value-initialised, every
    // member zero, as `push_back({})`.
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
