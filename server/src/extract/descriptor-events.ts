// Binding and GPU-work events: when the evaluator meets OMSetRenderTargets, IASet*, SOSetTargets,
// SetGraphics/ComputeRoot*, a clear, a draw, a dispatch or IDXGISwapChain::Present on a command list (or swap
// chain), this builds the event from the descriptor walker's values of its arguments (descriptors.ts).
import { DESCRIPTOR_TABLE_SETTERS, GPU_WORK, RAYTRACING_DESC_USES, ROOT_DESCRIPTOR_SETTERS } from '../model/uses';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { BindEvent, BindSlot, BindTarget, GpuWorkEvent, HandleFact } from './descriptor-facts';
import type { CallAnnotation } from './descriptor-facts';
import type { DVal } from './descriptor-values';
import { keyRoot } from './descriptor-values';
import type { ResourceRef } from './facts';
import type { Range } from '../types';
import { evalField } from './constant-fold';
import { addressGetterRef, resourceRef } from './resources';
import { callShapeOf } from './call-shapes';
import { gpuAddressReceiver, rangeOf, unwrapValue } from './syntax';
import { isCommandListObject, typeOfExpr } from './types';
import { escapeRegExp } from '../regexp-literal';

export interface CallParts {
  method: string;
  object: SyntaxNode | null;
  args: SyntaxNode[];
}

/** How the debug layer names the work in "Using {method} on Command List". */
const DEBUG_LAYER_NAME: Readonly<Record<string, string>> = { DrawInstanced: 'Draw', DrawIndexedInstanced: 'DrawIndexed' };

const MAX_RT = 8;
const NULL_TEXT = /^(?:nullptr|NULL|0)$/;

function ann(call: SyntaxNode, fn: FnCtx): CallAnnotation | undefined {
  return fn.file.descriptors?.calls.get(call);
}

/**
 * The descriptor walker's scope of the function a call is in (`name@row`, descriptors.ts): views of the function's
 * own locals resolve only there. A call the walker did not annotate (Draw, Dispatch) takes its function's scope
 * from the enclosing definition, so a table bound and drawn in one function names the view of a local resource.
 */
function scopeOf(call: SyntaxNode, fn: FnCtx): string {
  const annotated = ann(call, fn)?.scope;
  if (annotated) return annotated;
  for (let p = call.parent; p; p = p.parent) {
    if (p.type === 'function_definition') return `${fn.name}@${p.startPosition.row}`;
    if (p.type === 'lambda_expression') break;
  }
  return `${fn.name}@?`;
}

function num(n: SyntaxNode | undefined, fn: FnCtx): number | null {
  return n ? evalField(n, fn.file, fn).value : null;
}

function handleTarget(v: DVal | undefined, node?: SyntaxNode, fn?: FnCtx): BindTarget | undefined {
  if (v?.t === 'handle') return { via: 'handle', handle: v.h };
  return node && fn ? paramHandle(node, fn) : undefined;
}

/**
 * A handle the walker cannot resolve that a parameter names (`t.rtv`, `t->dsv`, `&t.rtv`, a handle parameter `h`):
 * a target for the caller to name (BindTarget `ref`); undefined for anything else.
 */
function paramHandle(node: SyntaxNode, fn: FnCtx): BindTarget | undefined {
  let n = unwrapValue(node);
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') n = unwrapValue(n.childForFieldName('argument')!);
  if (n.type !== 'identifier' && n.type !== 'field_expression') return undefined;
  const ref = resourceRef(n, fn.file, fn);
  if (ref.param === undefined && !ref.base) return undefined;
  return { via: 'handle', handle: { heap: '', index: null, text: node.text, range: rangeOf(node) }, ref };
}

/**
 * A render-pass target at a handle parameter's own slot (`${scope}#rtv`, render-passes.ts recordTargetParam): the
 * view the function wrote there, else, at a call, the handle the caller passed (BindTarget `ref`).
 */
function passTarget(h: HandleFact, scope: string | undefined, fn: FnCtx): BindTarget {
  const param = fn.params.indexOf(h.text);
  if (scope === undefined || param < 0 || h.heap !== `${scope}#${h.text}` || fn.env.get(h.text)) return { via: 'handle', handle: h };
  return { via: 'handle', handle: h, ref: { key: h.text, text: h.text, range: h.range, param } };
}

/** `res->GetGPUVirtualAddress() + offset` with the evaluator's names (parameters, aliases), else the walker's value. */
function vaTarget(node: SyntaxNode, v: DVal | undefined, fn: FnCtx): BindTarget | undefined {
  let n = unwrapValue(node);
  while (n.type === 'binary_expression' && (n.childForFieldName('operator')?.type === '+' || n.childForFieldName('operator')?.type === '-')) n = unwrapValue(n.childForFieldName('left')!);
  const at = n === unwrapValue(node) ? {} : { at: node.text.replace(/\s+/g, '') };
  const receiver = gpuAddressReceiver(n);
  if (receiver) {
    const ref = resourceRef(receiver, fn.file, fn);
    if (ref.key) return { via: 'va', ref, ...at };
  }
  const viaGetter = addressGetterRef(n, fn.file, fn);
  if (viaGetter) return { via: 'va', ref: viaGetter, ...at };
  return v?.t === 'va' ? { via: 'va', ref: paramNamed(v.ref, fn), ...at } : undefined;
}

/**
 * The walker's name for the resource behind an address a local holds (`vb = scratch->GetGPUVirtualAddress();` then
 * `SetComputeRootUnorderedAccessView(0, vb)`) is the plain text `scratch`: when that text is rooted at a parameter the
 * function has not reassigned, the parameter (or a path from it), for the caller to name as it names the
 * helper's barriers on `scratch` — else the write is pending on the helper's name and its transition never retires it.
 */
function paramNamed(ref: ResourceRef, fn: FnCtx): ResourceRef {
  if (!ref.key || ref.param !== undefined || ref.base || ref.member) return ref;
  const root = /^[A-Za-z_]\w*/.exec(ref.key)?.[0];
  if (!root || fn.env.has(root)) return ref;
  const p = fn.params.indexOf(root);
  if (p < 0) return ref;
  const path = ref.key.slice(root.length);
  if (!path) return { ...ref, param: p };
  return /^(?:\.|->|\[)/.test(path) ? { ...ref, base: { param: p, path } } : ref;
}

/** `&m_vbv`, `m_vbvs`, `&vbvs[1]`: the buffer view struct named for element `i` of the call's array. */
function bufferViewKey(node: SyntaxNode, i: number, scope: string, fn: FnCtx): BindTarget | undefined {
  let n = unwrapValue(node);
  let base: string;
  let start = 0;
  let array = false;
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') n = unwrapValue(n.childForFieldName('argument')!);
  else array = true;
  if (n.type === 'subscript_expression') {
    const idx = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
    const k = idx ? num(idx, fn) : null;
    if (k === null) return undefined;
    base = n.childForFieldName('argument')!.text.replace(/\s+/g, '').replace(/^this->/, '');
    start = k;
    array = true;
  } else base = n.text.replace(/\s+/g, '').replace(/^this->/, '');
  if (!/^[\w.>\-[\]]+$/.test(base)) return undefined;
  // A pointer variable (`const D3D12_VERTEX_BUFFER_VIEW* views`) is not an array we can index.
  const declared = fn.types.get(keyRoot(base)) ?? fn.file.memberTypes.get(keyRoot(base));
  if (array && !(declared && /\[\]|\bstd::array\b/.test(declared))) {
    if (i > 0 || !(declared && /_VIEW\b/.test(declared) && !/\*/.test(declared))) return undefined;
    array = false;
  }
  const key = array ? `${base}[${start + i}]` : base;
  if (!array && i > 0) return undefined;
  const local = fn.types.has(keyRoot(key)) || fn.params.includes(keyRoot(key));
  return { via: 'buffer-view', key: local ? `${scope}#${key}` : key, text: node.text, range: rangeOf(node) };
}

function slotsFor(prefix: string, start: number | null, count: number | null, node: SyntaxNode, scope: string, fn: FnCtx): Pick<BindEvent, 'slots' | 'unknown'> {
  if (start === null || count === null || count > 32) return { slots: [], unknown: [prefix] };
  const cleared = NULL_TEXT.test(unwrapValue(node).text);
  const slots: BindSlot[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = cleared ? null : bufferViewKey(node, i, scope, fn);
    if (t === undefined) unknown.push(`${prefix}${start + i}`);
    else slots.push({ slot: `${prefix}${start + i}`, target: t });
  }
  return { slots, unknown };
}

function omSetRenderTargets(call: SyntaxNode, parts: CallParts, fn: FnCtx): Pick<BindEvent, 'slots' | 'unknown' | 'reset'> {
  const [countNode, rtvsNode, singleNode, dsvNode] = parts.args;
  const a = ann(call, fn);
  const count = num(countNode, fn);
  const single = num(singleNode, fn);
  const slots: BindSlot[] = [];
  const unknown: string[] = [];
  const rtvs = a?.args[1];
  if (count === null) unknown.push('rt');
  else {
    for (let i = 0; i < Math.min(count, MAX_RT); i++) {
      let t: BindTarget | undefined;
      if (rtvs?.t === 'handles' && single === 0) t = rtvs.elems[i] ? { via: 'handle', handle: rtvs.elems[i]! } : undefined;
      else if (rtvs?.t !== 'handle' && i === 0 && count === 1) t = paramHandle(rtvsNode, fn);
      else if (rtvs?.t === 'handle' && (i === 0 || single === 1)) {
        const idx = rtvs.h.index;
        t = { via: 'handle', handle: { ...rtvs.h, index: idx && ('c' in idx ? { c: idx.c + i } : { sym: idx.sym, plus: idx.plus + i }) } };
      }
      if (t) slots.push({ slot: `rt${i}`, target: t });
      else unknown.push(`rt${i}`);
    }
  }
  if (!dsvNode || NULL_TEXT.test(unwrapValue(dsvNode).text)) slots.push({ slot: 'ds', target: null });
  else {
    const t = handleTarget(a?.args[3], dsvNode, fn);
    if (t) slots.push({ slot: 'ds', target: t });
    else unknown.push('ds');
  }
  return { slots, unknown, reset: ['rt', 'ds'] };
}

function bindParts(call: SyntaxNode, parts: CallParts, fn: FnCtx): Pick<BindEvent, 'slots' | 'unknown' | 'reset' | 'paramSlot'> | undefined {
  const { method, args } = parts;
  const a = ann(call, fn);
  const scope = scopeOf(call, fn);
  if (method === 'OMSetRenderTargets' && args.length === 4) return omSetRenderTargets(call, parts, fn);
  if (method === 'IASetIndexBuffer' && args.length === 1) return { ...slotsFor('ib', 0, 1, args[0], scope, fn), reset: [] };
  if (method === 'IASetVertexBuffers' && args.length === 3) return { ...slotsFor('vb', num(args[0], fn), num(args[1], fn), args[2], scope, fn), reset: [] };
  if (method === 'SOSetTargets' && args.length === 3) return { ...slotsFor('so', num(args[0], fn), num(args[1], fn), args[2], scope, fn), reset: [] };
  if ((method === 'SetGraphicsRootSignature' || method === 'SetComputeRootSignature') && args.length === 1) {
    return { slots: [], unknown: [], reset: [method === 'SetGraphicsRootSignature' ? 'g' : 'c'] };
  }
  const table = Object.hasOwn(DESCRIPTOR_TABLE_SETTERS, method) ? DESCRIPTOR_TABLE_SETTERS[method] : undefined;
  const root = Object.hasOwn(ROOT_DESCRIPTOR_SETTERS, method) ? ROOT_DESCRIPTOR_SETTERS[method] : undefined;
  if ((table || root) && args.length === 2) {
    const prefix = (table ?? root)!.compute ? 'c' : 'g';
    const index = num(args[0], fn);
    const t = table ? handleTarget(a?.args[1], args[1], fn) : vaTarget(args[1], a?.args[1], fn);
    if (index === null) {
      // `SetGraphicsRootDescriptorTable(slot, gpu)` in `Bind(cl, slot, …)`: the caller's argument names the slot.
      const i = unwrapValue(args[0]);
      const param = i.type === 'identifier' ? fn.params.indexOf(i.text) : -1;
      const paramSlot = param >= 0 && t ? { param, prefix, slot: { slot: prefix, target: t, as: table ? 'table' as const : root!.view } } : undefined;
      // The index is not known, but the binding is: it holds some slot of this root (`g?`) until the root is set
      // again or replaced (track/bindings.ts), so the next draw or dispatch still uses it.
      const opaque = t ? [{ slot: `${prefix}?`, target: t, as: table ? 'table' as const : root!.view }] : [];
      return { slots: opaque, unknown: [prefix], reset: [], ...(paramSlot ? { paramSlot } : {}) };
    }
    const slot = `${prefix}${index}`;
    return t ? { slots: [{ slot, target: t, as: table ? 'table' : root!.view }], unknown: [], reset: [] } : { slots: [], unknown: [slot], reset: [] };
  }
  return undefined;
}

/** A binding call on a command list: the event, or undefined when the call is not one. */
export function bindEvent(call: SyntaxNode, parts: CallParts, list: ResourceRef | undefined, fn: FnCtx): BindEvent | GpuWorkEvent | undefined {
  if ((parts.method === 'Present' && parts.args.length === 2) || (parts.method === 'Present1' && parts.args.length === 3)) {
    return isSwapChain(call, parts.object, fn) ? {
      kind: 'gpu-work', site: -1, range: rangeOf(call), scope: scopeOf(call, fn), method: 'IDXGISwapChain::Present',
      direct: [], draws: false, indexed: false, root: null, present: true,
    } : undefined;
  }
  if (isCommandListObject(parts.object, fn) === 'no') return undefined;
  const b = bindParts(call, parts, fn);
  if (!b) return undefined;
  return { kind: 'bind', site: -1, range: rangeOf(call), list, scope: scopeOf(call, fn), method: parts.method, ...b };
}

/** `swapChain->Present(...)`: an object declared as a DXGI swap chain, or (undeclared) named like one or asked for its back-buffer index. */
function isSwapChain(call: SyntaxNode, obj: SyntaxNode | null, fn: FnCtx): boolean {
  if (!obj) return false;
  const type = typeOfExpr(obj, fn);
  // `auto& swapChain = g_swapChain;` declares no type: what the function asks of it and its name are all there is,
  // as for an undeclared object. (A declared engine wrapper is not one: its Present may transition first.)
  if (type !== undefined && !/^\s*(?:const\s+)?auto\b/.test(type)) return /\bIDXGISwapChain\d*\b/.test(type);
  return /swap/i.test(obj.text) || asksBackBufferIndex(call, obj);
}

/**
 * `chain->Present(…)` in a function that also calls `chain->GetCurrentBackBufferIndex()`: only a swap chain has that
 * method, so the object is one whatever its declaration says (`auto& chain = g_chain;`) or its name.
 */
function asksBackBufferIndex(call: SyntaxNode, obj: SyntaxNode | null): boolean {
  if (!obj || !/^[\w.>-]+$/.test(obj.text)) return false;
  let body: SyntaxNode | null = call.parent;
  while (body && body.type !== 'function_definition' && body.type !== 'lambda_expression') body = body.parent;
  const name = escapeRegExp(obj.text);
  return !!body && new RegExp(`(?:^|[^\\w.>])${name}\\s*(?:->|\\.)\\s*GetCurrentBackBufferIndex\\s*\\(`).test(body.text);
}

/** The memory a raytracing desc names by GPU virtual address (build inputs, scratch, shader tables) and its use. */
function raytracingDirect(call: SyntaxNode, method: string, fn: FnCtx): GpuWorkEvent['direct'] {
  const fields = Object.hasOwn(RAYTRACING_DESC_USES, method) ? RAYTRACING_DESC_USES[method] : undefined;
  const a = fields ? ann(call, fn) : undefined;
  if (!fields || !a) return [];
  const uses = Object.values(fields);
  const direct: GpuWorkEvent['direct'] = [];
  a.args.forEach((v, i) => {
    const node = a.nodes?.[i];
    const target = v.t !== 'va' ? undefined : node ? vaTarget(node, v, fn) : { via: 'va' as const, ref: paramNamed(v.ref, fn) };
    if (target && uses[i]) direct.push({ target, use: uses[i] });
  });
  return direct;
}

/**
 * `cl->Dispatch(a, 1, 1); cl->Dispatch(b, 1, 1);` (or the C macro `ID3D12GraphicsCommandList_Dispatch(cl, …)`): the range of the Dispatch call in the statement right before the
 * one holding `call` (comments aside), on the same list; undefined when anything else comes between them.
 */
function previousDispatch(call: SyntaxNode): Range | undefined {
  const st = call.parent;
  const block = st?.parent;
  if (st?.type !== 'expression_statement' || block?.type !== 'compound_statement') return undefined;
  const siblings = block.namedChildren.filter((c) => c.type !== 'comment');
  const i = siblings.findIndex((c) => c.startIndex === st.startIndex && c.type === st.type);
  const prev = i > 0 ? siblings[i - 1] : undefined;
  const pc = prev?.type === 'expression_statement' ? prev.namedChild(0) : null;
  const receiver = (c: SyntaxNode): string | undefined => {
    const shape = callShapeOf(c);
    return shape?.method === 'Dispatch' ? shape.object?.text.replace(/\s+/g, '') : undefined;
  };
  if (pc?.type !== 'call_expression') return undefined;
  const own = receiver(call);
  return own !== undefined && receiver(pc) === own ? rangeOf(pc) : undefined;
}

/** The GPU-work event of a recorded command (clears, draws, dispatches), or undefined for other commands. */
export function gpuWorkEvent(call: SyntaxNode, parts: CallParts, list: ResourceRef | undefined, fn: FnCtx): GpuWorkEvent | undefined {
  const base = { kind: 'gpu-work' as const, site: -1, range: rangeOf(call), list, scope: scopeOf(call, fn) };
  const shape = Object.hasOwn(GPU_WORK, parts.method) ? GPU_WORK[parts.method] : undefined;
  if (shape) {
    const after = parts.method === 'Dispatch' ? previousDispatch(call) : undefined;
    return { ...base, method: DEBUG_LAYER_NAME[parts.method] ?? parts.method, direct: raytracingDirect(call, parts.method, fn), ...shape, ...(after ? { afterDispatch: after } : {}) };
  }
  if (parts.method === 'BuildRaytracingAccelerationStructure' || parts.method === 'WriteBufferImmediate') {
    const direct = raytracingDirect(call, parts.method, fn);
    return direct.length ? { ...base, method: parts.method, direct, draws: false, indexed: false, root: null } : undefined;
  }
  if (parts.method === 'BeginRenderPass') {
    const a = ann(call, fn);
    const v = a?.args[0];
    const targets = v?.t === 'handles' ? v.elems.filter((h): h is NonNullable<typeof h> => !!h) : [];
    const direct: GpuWorkEvent['direct'] = targets.map((h) => ({ target: passTarget(h, a?.scope, fn), use: 'render-target' as const }));
    // The pass's depth-stencil view: whether the pass writes depth is not known, so either depth state is accepted;
    // bound writable (no flags) like a writable DSV at a draw, else possibly read-only.
    const ds = a?.args[1];
    const writable = a?.args[2]?.t === 'num' && a.args[2].v === 1;
    if (ds?.t === 'handle') direct.push({ target: passTarget(ds.h, a?.scope, fn), use: writable ? 'depth-bound' : 'depth-read' });
    return { ...base, method: parts.method, direct, draws: false, indexed: false, root: null };
  }
  if (parts.method === 'ClearRenderTargetView' || parts.method === 'ClearDepthStencilView') {
    const t = handleTarget(ann(call, fn)?.args[0], parts.args[0], fn);
    const use = parts.method === 'ClearRenderTargetView' ? 'render-target' as const : 'depth-write' as const;
    return { ...base, method: parts.method, direct: t ? [{ target: t, use }] : [], draws: false, indexed: false, root: null };
  }
  return undefined;
}
