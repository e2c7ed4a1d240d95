// Values of descriptor code: heap-start handles, CD3DX12 handle helpers (`(start, index, size)`, `.Offset`,
// `InitOffsetted`), `handle.ptr` arithmetic, DescriptorHeap-style wrappers (`GetCpuHandle(i)`), GPU virtual
// addresses (`res->GetGPUVirtualAddress() + offset`). Read from syntax with a small per-function environment
// (extract/descriptors.ts walks the statements); anything else is unknown (null), never guessed.
import type { SyntaxNode } from './node';
import type { DescIndex, DVal, HandleFact, HandleHelper, MemberView, ViewFact } from './descriptor-facts';
import { declaredIndexKey } from './index-keys';
import { heapSlotViewAt, memberViewAt, structMember } from './member-views';
import { applyHelper } from './handle-helpers';
import type { FileCtx } from './context';
import type { ResourceRef } from './facts';
import { fold, toNumber } from './constant-fold';
import { addressGetterRef, resourceRef } from './resources';
import { argumentNodes, calleeName, gpuAddressReceiver, rangeOf, unwrapValue } from './syntax';

export type { DVal };

export interface DScope {
  file: FileCtx;
  env: Map<string, DVal>;
  /** Names that hold a descriptor increment size (`GetDescriptorHandleIncrementSize`), file-wide. */
  sizes: ReadonlySet<string>;
  /** Names declared in the function (parameters and locals): keys rooted at them mean nothing elsewhere. */
  locals: ReadonlySet<string>;
  /** Enumerators of the file's enums (`enum Descriptors { SceneSrv, ... }`): descriptor indices are often named so. */
  enums: ReadonlyMap<string, number>;
  /** Prefix that makes a function-local heap key unique (`F@12#heap`). */
  scope: string;
  /** Handles stored in members / arrays (`m_rtv = h`, `g_rtv[i] = h`), file-wide. */
  stored(key: string): HandleFact | null | undefined;
  /**
   * Parameterless functions of the file whose body is one `return <expr>;`, by name (`GetRenderTargetView()` of a
   * DeviceResources class): a call with no receiver (or `this->`) denotes the handle `<expr>` denotes.
   */
  getters?: ReadonlyMap<string, SyntaxNode>;
  /** Handle helpers with parameters (extract/handle-helpers.ts): the file's own and other files' of the run. */
  handleHelpers?: ReadonlyMap<string, HandleHelper>;
  /** Calls met where a handle may be (`f(heap, 3)`) that no helper answers: names another file may define. */
  missing?: Set<string>;
  /** Declared lengths of the function's local C arrays (`D3D12_RENDER_PASS_RENDER_TARGET_DESC descs[2];`). */
  lengths?: Map<string, number>;
  /** The function's parameters. */
  params?: ReadonlySet<string>;
  /** Locals and parameters whose type is a named struct (extract/member-views.ts), by name. */
  types?: ReadonlyMap<string, string>;
  /** Struct members that name a view (`test_context::rtv`), this file's and other files' of the run. */
  memberViews?: ReadonlyMap<string, MemberView>;
  /** The function's text (a member view is not read where the function assigns its resource member). */
  body?: string;
  /** Receives the view a member names where the function uses it. */
  onMemberView?: (v: ViewFact) => void;
  /** Whether the function has written a view into that heap itself (then another function's slot view is not read). */
  ownViewAt?: (heap: string) => boolean;
  /** Members used where a handle may be that no member view answers: names another file may define. */
  missingMembers?: Set<string>;
  /** The function's CPU descriptor handle parameters (`D3D12_CPU_DESCRIPTOR_HANDLE rtv`). */
  handleParams?: ReadonlySet<string>;
  /** GPU handle parameters named like one of the CPU ones (`srvGpu` → `srvCpu`): the same slot (handle-pairs.ts). */
  pairedGpu?: ReadonlyMap<string, string>;
  /** Members the file creates views into, read as their own slot where their value is unknown (opaque-handles.ts). */
  viewTargets?: { has(key: string): boolean };
}

/** `device->GetDescriptorHandleIncrementSize(t)`, and the C COM macro `ID3D12Device_GetDescriptorHandleIncrementSize(device, t)`. */
export const INCREMENT_SIZE = /^(?:ID3D12Device\d*_)?GetDescriptorHandleIncrementSize$/;
const HEAP_START = /^Get(CPU|GPU)DescriptorHandleForHeapStart$/;
const HEAP_MACRO = /^ID3D12DescriptorHeap\d*_Get(CPU|GPU)DescriptorHandleForHeapStart$/;
/** DescriptorHeap wrappers (DirectXTK's DescriptorHeap/DescriptorPile and engines of the same shape). */
const WRAPPER_AT = /^(?:Get)?(?:Cpu|CPU|Gpu|GPU)(?:Descriptor)?Handle$/;
const WRAPPER_FIRST = /^GetFirst(?:Cpu|CPU|Gpu|GPU)Handle$/;
export const HANDLE_HELPER = /^(?:::)?CD3DX12_(CPU|GPU)_DESCRIPTOR_HANDLE$/;
export const HANDLE_TYPE = /\b(?:CD3DX12|D3D12)_(?:CPU|GPU)_DESCRIPTOR_HANDLE\b/;

export function keyOf(n: SyntaxNode, s: DScope): string | null {
  const ref = resourceRef(n, s.file);
  return ref.key;
}

/** `descs[1].cpuDescriptor`, `desc.cpuDescriptor` of a local (constant subscripts only): its environment key, or null. */
export function localMemberKey(target: SyntaxNode, s: Pick<DScope, 'locals' | 'env'>): string | null {
  const t = unwrapValue(target);
  if (t.type !== 'field_expression') return null;
  // `descs[i].cpuDescriptor` where `i` is known (an unrolled fill loop, descriptors.ts): `descs[1].cpuDescriptor`.
  const path = t.text.replace(/\s+/g, '').replace(/^([A-Za-z_]\w*)\[([A-Za-z_]\w*)\]/, (all, arr: string, i: string) => {
    const v = s.env.get(i);
    return v?.t === 'num' ? `${arr}[${v.v}]` : all;
  });
  if (!/^[A-Za-z_]\w*(?:\[\d+\])?(?:\.[A-Za-z_]\w*)+$/.test(path) || !s.locals.has(keyRoot(path))) return null;
  return path;
}

/** The root identifier of a key text (`m_rt[n]` → m_rt, `pBackBuffer` → pBackBuffer). */
export function keyRoot(key: string): string {
  return /^[A-Za-z_]\w*/.exec(key)?.[0] ?? key;
}

/** A heap object's key; a function-local heap is made unique to its function. */
function heapKey(obj: SyntaxNode, s: DScope): string | null {
  const n = unwrapValue(obj);
  if (isName(n)) {
    const bound = s.env.get(n.text);
    if (bound?.t === 'res') return bound.ref.key;
  }
  const key = keyOf(obj, s);
  if (!key) return null;
  return s.locals.has(keyRoot(key)) ? `${s.scope}#${key}` : key;
}

/** Identifiers, also where the grammar read one as a type (`CD3DX12_CPU_DESCRIPTOR_HANDLE h(start);`). */
export function isName(n: SyntaxNode): boolean {
  return n.type === 'identifier' || n.type === 'type_identifier';
}

export function numberOf(node: SyntaxNode, s: DScope): number | null {
  const n = unwrapValue(node);
  if (isName(n)) {
    const v = s.env.get(n.text);
    if (v?.t === 'num') return v.v;
    if (v) return null;
    const e = s.enums.get(n.text);
    if (e !== undefined) return e;
  }
  if (n.type === 'qualified_identifier') {
    const e = s.enums.get(n.childForFieldName('name')?.text ?? '');
    if (e !== undefined) return e;
  }
  const length = s.lengths ? arrayLengthOf(n, s.lengths) : null;
  if (length !== null) return length;
  const f = fold(n, s.file);
  return f ? toNumber(f) : null;
}

const SIZE_CALL = /^(?:_countof|ARRAYSIZE|ARRAY_SIZE|ARRAY_COUNT|countof|std::size)$/;

/** `ARRAY_SIZE(descs)`, `_countof(descs)`, `std::size(descs)` of a local C array of constant declared length. */
function arrayLengthOf(n: SyntaxNode, lengths: ReadonlyMap<string, number>): number | null {
  if (n.type !== 'call_expression') return null;
  const args = argumentNodes(n);
  const f = n.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '';
  if (!SIZE_CALL.test(f) || args.length !== 1) return null;
  return lengths.get(unwrapValue(args[0]).text) ?? null;
}

/** `2`, `m_frameIndex`, `static_cast<INT>(i)`, `n + 1`, `FrameCount + i`: a descriptor index; null when unknown. */
export function indexOf(node: SyntaxNode, s: DScope): DescIndex | null {
  const c = numberOf(node, s);
  if (c !== null) return { c };
  const n = unwrapValue(node);
  if (n.type === 'binary_expression') {
    const op = n.childForFieldName('operator')?.type;
    const l = n.childForFieldName('left');
    const r = n.childForFieldName('right');
    if (!l || !r || (op !== '+' && op !== '-')) return null;
    const rc = numberOf(r, s);
    const li = rc !== null ? indexOf(l, s) : null;
    if (li && rc !== null) return addIndex(li, op === '+' ? rc : -rc);
    const lc = numberOf(l, s);
    const ri = lc !== null && op === '+' ? indexOf(r, s) : null;
    return ri && lc !== null ? addIndex(ri, lc) : null;
  }
  if (isName(n) || n.type === 'field_expression' || n.type === 'subscript_expression' || n.type === 'qualified_identifier') {
    if (isName(n) && s.env.get(n.text)?.t === 'unknown') {
      const key = n.type === 'identifier' ? declaredIndexKey(n) : undefined;
      return key ? { sym: key, plus: 0 } : null;
    }
    return { sym: n.text.replace(/\s+/g, '').replace(/^this->/, ''), plus: 0 };
  }
  return null;
}

export function addIndex(i: DescIndex | null, k: number | null): DescIndex | null {
  if (!i || k === null) return null;
  return 'c' in i ? { c: i.c + k } : { sym: i.sym, plus: i.plus + k };
}

function withIndex(h: HandleFact, index: DescIndex | null, at: SyntaxNode): HandleFact {
  return { heap: h.heap, index, text: at.text, range: rangeOf(at) };
}

/** `n * size`, `size * n`, `size` (one descriptor) for a known increment size: the count; else null. */
export function scaledCount(node: SyntaxNode, s: DScope): number | DescIndex | null {
  const n = unwrapValue(node);
  if (isSize(n, s)) return 1;
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.type === '*') {
    const l = n.childForFieldName('left')!;
    const r = n.childForFieldName('right')!;
    if (isSize(r, s)) return indexOf(l, s);
    if (isSize(l, s)) return indexOf(r, s);
  }
  return numberOf(n, s) === 0 ? 0 : null;
}

function isSize(n: SyntaxNode, s: DScope): boolean {
  const u = unwrapValue(n);
  const key = u.text.replace(/\s+/g, '').replace(/^this->/, '');
  return s.sizes.has(key) || (u.type === 'call_expression' && INCREMENT_SIZE.test(calleeName(u.childForFieldName('function')!) ?? ''));
}

/** Offset a handle by a scaled count (a number or an index expression). */
export function offsetBy(h: HandleFact | null, count: number | DescIndex | null, at: SyntaxNode): HandleFact | null {
  if (!h) return null;
  if (count === null || !h.index) return withIndex(h, null, at);
  if (typeof count === 'number') return withIndex(h, addIndex(h.index, count), at);
  if ('c' in count) return withIndex(h, addIndex(h.index, count.c), at);
  // start + symbolic: only from a constant start (index 0 + m_frameIndex).
  if ('c' in h.index) return withIndex(h, { sym: count.sym, plus: count.plus + h.index.c }, at);
  return withIndex(h, null, at);
}

/** `start.ptr + n * size`, `start.ptr` (an expression that computes a handle's ptr). */
export function ptrValue(node: SyntaxNode, s: DScope): HandleFact | null {
  const n = unwrapValue(node);
  if (n.type === 'field_expression' && n.childForFieldName('field')?.text === 'ptr') return handleOf(n.childForFieldName('argument')!, s);
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.type === '+') {
    const l = n.childForFieldName('left')!;
    const r = n.childForFieldName('right')!;
    const lh = ptrValue(l, s);
    if (lh) return offsetBy(lh, scaledCount(r, s), n);
    const rh = ptrValue(r, s);
    if (rh) return offsetBy(rh, scaledCount(l, s), n);
  }
  return null;
}

/** The handle an expression denotes, or null. */
export function handleOf(node: SyntaxNode, s: DScope): HandleFact | null {
  const n = unwrapValue(node);
  switch (n.type) {
    case 'identifier': case 'type_identifier': case 'field_expression': case 'subscript_expression': {
      const sm = structMember(n, s.types);
      if (sm) {
        const v = s.env.get(`${sm.root}${sm.op}${sm.member}`);
        if (v) return v.t === 'handle' ? v.h : null;
        const name = `${sm.type}::${sm.member}`;
        const mv = s.memberViews?.get(name);
        if (!mv) s.missingMembers?.add(name);
        const r = mv && s.body !== undefined ? memberViewAt(sm, mv, s.body, s.scope, { text: n.text, range: rangeOf(n) }) : null;
        if (r) s.onMemberView?.(r.view);
        return r?.handle ?? null;
      }
      const member = localMemberKey(n, s);
      if (member) {
        const v = s.env.get(member);
        return v?.t === 'handle' ? v.h : null;
      }
      if (isName(n)) {
        const v = s.env.get(n.text);
        if (v?.t === 'handle') return v.h;
        if (v) return null;
        const paired = pairedParamHandle(n, s);
        if (paired) return paired;
      }
      if (n.type === 'subscript_expression') {
        const arr = n.childForFieldName('argument');
        const idx = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
        const v = arr?.type === 'identifier' ? s.env.get(arr.text) : undefined;
        if (v?.t === 'handles' && idx) {
          const i = numberOf(idx, s);
          return i === null ? null : v.elems[i] ?? null;
        }
        if (v) return null;
      }
      const key = n.text.replace(/\s+/g, '').replace(/^this->/, '');
      return s.locals.has(keyRoot(key)) ? null : s.stored(key) ?? null;
    }
    case 'pointer_expression': {
      const arg = n.childForFieldName('argument')!;
      if (n.child(0)?.type === '&') return handleOf(arg, s);
      // `*rtv` of a handle pointer the walker follows (a view helper's parameter).
      const v = arg.type === 'identifier' ? s.env.get(arg.text) : undefined;
      return v?.t === 'handle' ? v.h : null;
    }
    case 'initializer_list': {
      const [first, ...rest] = argumentNodes(n);
      return first && rest.length === 0 ? (handleOf(first, s) ?? ptrValue(first, s)) : null;
    }
    case 'call_expression': return callHandle(n, s);
    default: return null;
  }
}

/**
 * `GetGPUDescriptorHandleForHeapStart(ctx->srv_heap)` of a struct pointer whose heap member another function filled
 * through its own pointer (`init(ctx)` creating the SRV of `ctx->scene` there): the views of those slots, read as this
 * function's own (member-views.ts heapSlotViewAt). Not where the function writes views into that heap itself.
 */
function seedHeapSlots(obj: SyntaxNode, s: DScope): void {
  const sm = s.memberViews?.size && s.body !== undefined ? structMember(obj, s.types) : null;
  if (!sm || s.env.has(`${sm.root}${sm.op}${sm.member}`)) return;
  const prefix = `${sm.type}::${sm.member}[`;
  for (const [name, mv] of s.memberViews!) {
    if (!name.startsWith(prefix)) continue;
    const v = heapSlotViewAt(sm, mv, s.body!, s.scope, { range: rangeOf(obj) });
    if (v && !s.ownViewAt?.(v.heap)) s.onMemberView?.(v);
  }
}

function callHandle(n: SyntaxNode, s: DScope): HandleFact | null {
  const f = n.childForFieldName('function')!;
  const args = argumentNodes(n);
  const name = calleeName(f);
  if (f.type === 'field_expression' && name) {
    const obj = f.childForFieldName('argument')!;
    if (HEAP_START.test(name) && args.length === 0) {
      seedHeapSlots(obj, s);
      return at(heapKey(obj, s), { c: 0 }, n);
    }
    if (WRAPPER_FIRST.test(name) && args.length === 0) return at(heapKey(obj, s), { c: 0 }, n);
    if (WRAPPER_AT.test(name) && args.length === 1) return at(heapKey(obj, s), indexOf(args[0], s), n);
  }
  // The C COM macro takes the heap first: ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap).
  const macro = f.type === 'identifier' && name ? HEAP_MACRO.exec(name) : null;
  if (macro && args.length === 1) {
    seedHeapSlots(args[0], s);
    return at(heapKey(args[0], s), { c: 0 }, n);
  }
  if (HANDLE_HELPER.test(f.text.replace(/\s+/g, ''))) return helperHandle(n, args, s);
  return getterHandle(f, name, args, n, s) ?? helperCallHandle(f, name, args, n, s);
}

/**
 * The C form that returns the handle through its last argument (the d3d12.h C ABI):
 * `ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap, &rtv)`, `heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(heap, &rtv)`.
 * The local it writes (`rtv`) and the heap-start handle; undefined for any other call.
 */
export function heapStartOut(n: SyntaxNode, s: DScope): { target: SyntaxNode; handle: HandleFact | null } | undefined {
  const f = n.childForFieldName('function');
  const args = argumentNodes(n);
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || args.length !== 2) return undefined;
  const out = unwrapValue(args[1]);
  const target = out.type === 'pointer_expression' && out.child(0)?.type === '&' ? out.childForFieldName('argument') : null;
  if (!target) return undefined;
  const viaMacro = f.type === 'identifier' && HEAP_MACRO.test(name);
  const viaVtable = f.type === 'field_expression' && HEAP_START.test(name) && f.childForFieldName('argument')?.childForFieldName('field')?.text === 'lpVtbl';
  return viaMacro || viaVtable ? { target, handle: at(heapKey(args[0], s), { c: 0 }, target) } : undefined;
}

/**
 * `get_cpu_descriptor_handle(&context, heap, 2)`, `this->RtvHandle(i)`: a handle helper of the file or of another
 * file of the run, applied to the caller's arguments. Not followed: helpers of other objects (`obj.Rtv(i)`).
 */
function helperCallHandle(f: SyntaxNode, name: string | undefined, args: SyntaxNode[], n: SyntaxNode, s: DScope): HandleFact | null {
  const own = f.type === 'identifier' || (f.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this');
  if (!own || !name || args.length === 0) return null;
  const h = s.handleHelpers?.get(name);
  if (!h || h.argc !== args.length) {
    if (!h) s.missing?.add(name);
    return null;
  }
  const r = applyHelper(h, { heapOf: (i) => heapKey(args[i], s), handleOf: (i) => handleOf(args[i], s), indexOf: (i) => indexOf(args[i], s) });
  return r ? { heap: r.heap, index: r.index, text: n.text, range: rangeOf(n) } : null;
}

/**
 * `GetRenderTargetView()` / `this->GetRenderTargetView()` where the file defines it as `return
 * CD3DX12_CPU_DESCRIPTOR_HANDLE(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_backBufferIndex, m_rtvSize);`:
 * the returned expression, read with the caller's names. Not followed: getters of other objects (their members are
 * not the caller's), getters that call getters, and a caller whose own locals shadow a name the getter reads.
 */
function getterHandle(f: SyntaxNode, name: string | undefined, args: SyntaxNode[], n: SyntaxNode, s: DScope): HandleFact | null {
  const object = f.type === 'field_expression' ? f.childForFieldName('argument') : null;
  const own = f.type === 'identifier' || object?.type === 'this';
  const expr = name && args.length === 0 ? s.getters?.get(name) : undefined;
  if (!expr) return null;
  if (!own) return object ? objectGetterHandle(object, f, expr, n, s) : null;
  const names = [expr, ...expr.descendantsOfType('identifier')].filter(isName).map((x) => x.text);
  if (names.some((x) => s.locals.has(x) || s.env.has(x))) return null;
  const h = handleOf(expr, { ...s, getters: undefined });
  return h ? { ...h, text: n.text, range: rangeOf(n) } : null;
}

/** A member named like one (`m_rtv`, `mRtv`, `_rtv`). */
export const MEMBER_NAME = /^(?:m_|m[A-Z]|_)\w/;

/**
 * `target.GetRTV()` where the file's getter returns a member handle (`return m_rtv;`) that the file stores once
 * (`m_rtv = …` in the class's creation method): that handle, on `target` — the view it names is of `target`'s member
 * (track/bindings.ts). Not a getter returning anything else, nor a receiver the walker cannot name.
 */
function objectGetterHandle(object: SyntaxNode, f: SyntaxNode, expr: SyntaxNode, n: SyntaxNode, s: DScope): HandleFact | null {
  const e = unwrapValue(expr);
  if (!isName(e) || !MEMBER_NAME.test(e.text)) return null;
  const h = s.stored(e.text);
  const recv = resourceOf(object, s);
  if (!h || !recv?.key) return null;
  return { ...h, text: n.text, range: rangeOf(n), receiver: { key: recv.key, text: recv.text, op: f.child(1)?.type === '->' ? '->' : '.' } };
}

function at(heap: string | null, index: DescIndex | null, n: SyntaxNode): HandleFact | null {
  return heap ? { heap, index, text: n.text, range: rangeOf(n) } : null;
}

/** `CD3DX12_CPU_DESCRIPTOR_HANDLE(start)`, `(start, offsetScaledByIncrementSize)`, `(start, index, size)`. */
export function helperHandle(n: SyntaxNode, args: SyntaxNode[], s: DScope): HandleFact | null {
  const start = args[0] ? handleOf(args[0], s) : null;
  if (!start) return null;
  if (args.length === 1) return withIndex(start, start.index, n);
  if (args.length === 2) return offsetBy(start, scaledCount(args[1], s), n);
  if (args.length === 3) return offsetBy(start, indexOf(args[1], s), n);
  return null;
}

/** `res->GetGPUVirtualAddress()` (plus offsets, casts): the resource whose memory the address points into. */
export function vaOf(node: SyntaxNode, s: DScope): ResourceRef | null {
  const n = unwrapValue(node);
  if (isName(n)) {
    const v = s.env.get(n.text);
    return v?.t === 'va' ? v.ref : null;
  }
  if (n.type === 'binary_expression') {
    const op = n.childForFieldName('operator')?.type;
    if (op !== '+' && op !== '-') return null;
    return vaOf(n.childForFieldName('left')!, s) ?? (op === '+' ? vaOf(n.childForFieldName('right')!, s) : null);
  }
  const receiver = gpuAddressReceiver(n);
  // `vbv.BufferLocation = particles->Address();` of a getter returning a member's GPU address (resource-getters.ts
  // addressGetters), as a root view set from the same call already is (descriptor-events.ts vaTarget).
  return receiver ? resourceOf(receiver, s) : addressGetterRef(n, s.file) ?? null;
}

/** A resource expression through the walker's aliases; null when rooted at a local that names nothing elsewhere. */
export function resourceOf(node: SyntaxNode, s: DScope): ResourceRef | null {
  const n = unwrapValue(node);
  const base = n.type === 'call_expression' && n.childForFieldName('function')?.type === 'field_expression' && argumentNodes(n).length === 0
    ? n.childForFieldName('function')!.childForFieldName('argument')! : n;
  const u = unwrapValue(base);
  if (isName(u)) {
    const v = s.env.get(u.text);
    if (v?.t === 'res') return v.ref;
    if (v) return null;
  }
  const ref = resourceRef(node, s.file);
  if (!ref.key) return null;
  return ref;
}

/**
 * A GPU handle parameter whose CPU partner (handle-pairs.ts) the function has read as its own slot and not moved
 * (descriptor-calls.ts keptParamHandle): that slot, where the view created at the CPU handle is.
 */
function pairedParamHandle(n: SyntaxNode, s: DScope): HandleFact | null {
  const cpu = s.pairedGpu?.get(n.text);
  const v = cpu ? s.env.get(cpu) : undefined;
  if (v?.t !== 'handle' || v.h.heap !== `${s.scope}#${cpu}` || !v.h.index || !('c' in v.h.index) || v.h.index.c !== 0) return null;
  return { ...v.h, text: n.text, range: rangeOf(n) };
}

/** The slot a CPU handle parameter names inside its function: `scope#name`, index 0. */
export function paramHandle(n: SyntaxNode, s: DScope): HandleFact {
  return { heap: `${s.scope}#${s.pairedGpu?.get(n.text) ?? n.text}`, index: { c: 0 }, text: n.text, range: rangeOf(n) };
}

