// Calls met by the descriptor walk: view creations and descriptor copies on a device (methods, C COM macros and
// vtable calls), view helpers of the file followed with the caller's arguments, handle steps (`Offset`,
// `InitOffsetted`), and the argument values of binding and clear calls kept for descriptor-events.ts.
import { VIEW_CREATION } from '../model/uses';
import type { SyntaxNode } from './node';
import type { CallAnnotation, HandleFact, UavCounterFact, ViewFact } from './descriptor-facts';
import type { DScope, DVal } from './descriptor-values';
import { HANDLE_HELPER, addIndex, handleOf, helperHandle, indexOf, keyRoot, numberOf, offsetBy, paramHandle, resourceOf, scaledCount, vaOf, heapStartOut } from './descriptor-values';
import { resourceRef } from './resources';
import type { Induction } from './descriptor-loops';
import { raytracingCallArgs } from './raytracing-descs';
import { argumentNodes, calleeName, rangeOf, unwrapValue } from './syntax';
import type { ViewHelper } from './member-views';
import { MemberViewLog, paramSlot, structMember } from './member-views';
import { renderPassDepth, renderPassTargets, renderPassWritableDepth } from './render-passes';
import { descCoverage, descMember, zeroFill } from './view-desc-fields';
import { outFilledPairs } from './opaque-handles';

/** Calls whose arguments the event builder reads (descriptor-events.ts). */
export const ANNOTATED_CALLS: ReadonlySet<string> = new Set([
  'OMSetRenderTargets', 'ClearRenderTargetView', 'ClearDepthStencilView', 'IASetIndexBuffer', 'IASetVertexBuffers',
  'SOSetTargets', 'SetGraphicsRootDescriptorTable', 'SetComputeRootDescriptorTable',
  'SetGraphicsRootShaderResourceView', 'SetGraphicsRootUnorderedAccessView', 'SetGraphicsRootConstantBufferView',
  'SetComputeRootShaderResourceView', 'SetComputeRootUnorderedAccessView', 'SetComputeRootConstantBufferView',
]);

const DSV_READ_ONLY_DEPTH = 0x1;

/** `ID3D12Device5_CreateUnorderedAccessView(device, …)`: a device method through the C COM macros. */
const DEVICE_MACRO = /^ID3D12Device\d*_(\w+)$/;
/** `ID3D12GraphicsCommandList_OMSetRenderTargets(list, …)`: a list method through the C COM macros. */
const LIST_MACRO = /^ID3D12\w*CommandList\d*_(\w+)$/;

/** What the call handling asks of the descriptor walk (descriptor-walk.ts): its scope, the tables it fills, and its
 *  expression and handle-assignment steps. */
export interface DescriptorWalk {
  readonly s: DScope;
  readonly views: ViewFact[];
  readonly counters: UavCounterFact[];
  readonly tainted: Set<string>;
  readonly calls: Map<SyntaxNode, CallAnnotation>;
  readonly perCall?: { params: readonly string[]; slot: number; resource: string };
  readonly perCallViews: ViewFact[];
  readonly helperCalls: Map<string, number>;
  readonly loops: readonly Induction[];
  readonly members?: MemberViewLog;
  readonly viewHelpers?: ReadonlyMap<string, ViewHelper[]>;
  expr(n: SyntaxNode): void;
  setHandle(target: SyntaxNode, h: HandleFact | null): void;
}

export function call(w: DescriptorWalk, n: SyntaxNode): void {
  const f = n.childForFieldName('function');
  const all = argumentNodes(n);
  for (const a of all) w.expr(a);
  // C's vtable call `device->lpVtbl->CreateRenderTargetView(device, …)`: the method on its first argument, whose
  // own arguments follow it (as api-calls.ts reads it).
  const args = vtableThis(f, all) ? all.slice(1) : all;
  if (!f) return;
  const name = calleeName(f);
  if (!name) return;
  const s = w.s;
  // `Allocate(&uav)` of a local CPU/GPU handle pair: both members name the one slot handed out (opaque-handles.ts).
  // A member the function gave a value before (`p.cpu = h; Create(&p);`, an input) keeps it.
  for (const a of args) {
    const pairs = outFilledPairs(a, s);
    if (!pairs.some((p) => s.env.has(p.key))) for (const p of pairs) s.env.set(p.key, { t: 'handle', h: p.handle });
  }
  if (zeroFill(name, args, s)) return;
  const started = heapStartOut(n, s);
  if (started) {
    w.setHandle(started.target, started.handle);
    return;
  }
  if (f.type === 'field_expression') {
    const obj = f.childForFieldName('argument')!;
    const cur = handleOf(obj, s);
    if (name === 'Offset' && cur && (args.length === 1 || args.length === 2)) {
      w.setHandle(obj, offsetBy(cur, args.length === 2 ? indexOf(args[0], s) : scaledCount(args[0], s), n));
      return;
    }
    if (name === 'InitOffsetted' && (args.length === 2 || args.length === 3)) {
      w.setHandle(obj, helperHandle(n, args, s));
      return;
    }
  }
  if (name === 'InitOffsetted' && f.type === 'qualified_identifier' && (args.length === 3 || args.length === 4)) {
    w.setHandle(args[0], helperHandle(n, args.slice(1), s));
    return;
  }
  // The C COM macros name the device method and take the device first: ID3D12Device_CreateUnorderedAccessView(d, …).
  const macro = f.type === 'identifier' ? DEVICE_MACRO.exec(name) : null;
  if (macro) {
    deviceCall(w, n, macro[1], args.slice(1), true);
    return;
  }
  if (deviceCall(w, n, name, args, f.type === 'field_expression')) return;
  const helper = f.type === 'identifier' ? w.viewHelpers?.get(name) : undefined;
  if (helper?.some((v) => v.argc === args.length)) w.helperCalls.set(name, (w.helperCalls.get(name) ?? 0) + 1);
  if (helper) for (const v of helper) if (v.argc === args.length) helperView(w, n, v, args);
  if (name === 'BeginRenderPass' && f.type === 'field_expression') {
    w.calls.set(n, { scope: s.scope, args: [renderPassTargets(args, s), renderPassDepth(args, s), renderPassWritableDepth(args, s)] });
    return;
  }
  if (ANNOTATED_CALLS.has(name) && f.type === 'field_expression') {
    w.calls.set(n, { scope: s.scope, args: args.map((a) => argumentValue(a, s)) });
  }
  // ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(list, 0, h): the C COM macro takes the list first.
  const listMacro = f.type === 'identifier' ? LIST_MACRO.exec(name) : null;
  if (listMacro?.[1] === 'BeginRenderPass' && args.length > 0) {
    w.calls.set(n, { scope: s.scope, args: [renderPassTargets(args.slice(1), s), renderPassDepth(args.slice(1), s), renderPassWritableDepth(args.slice(1), s)] });
    return;
  }
  if (listMacro && ANNOTATED_CALLS.has(listMacro[1]) && args.length > 0) {
    w.calls.set(n, { scope: s.scope, args: args.slice(1).map((a) => argumentValue(a, s)) });
  }
  if (f.type === 'field_expression' && UAV_CLEARS.has(name)) clearedView(w, n, args);
  else if (listMacro && UAV_CLEARS.has(listMacro[1])) clearedView(w, n, args.slice(1));
  const traced = f.type === 'field_expression' ? raytracingCallArgs(name, args, s) : undefined;
  if (traced) w.calls.set(n, { scope: s.scope, ...traced });
  // Another function handed a handle the function holds (`ctx.ClearHandle(rtv)` with a local
  // `CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(start, 1, size)`): the call's handle arguments, for the helper's uses.
  else if (!w.calls.has(n) && args.some((a) => heldHandle(a, s))) w.calls.set(n, { scope: s.scope, args: args.map((a) => (heldHandle(a, s) ? argumentValue(a, s) : { t: 'unknown' })) });
}

/** View creation on a device (`onDevice`: a method call or a C COM macro) or a descriptor copy; true when handled. */
function deviceCall(w: DescriptorWalk, n: SyntaxNode, name: string, args: SyntaxNode[], onDevice: boolean): boolean {
  const s = w.s;
  const view = Object.hasOwn(VIEW_CREATION, name) ? VIEW_CREATION[name] : undefined;
  if (view && args.length === view.argc && onDevice) {
    viewCreation(w, n, view, args);
    return true;
  }
  if (name === 'CopyDescriptorsSimple' && args.length === 4) {
    const count = numberOf(args[0], s);
    const dst = handleOf(args[1], s);
    const src = handleOf(args[2], s);
    if (dst && dst.index && count !== null && count >= 0 && count <= 64) {
      for (let i = 0; i < count; i++) {
        const d = { ...dst, index: addIndex(dst.index, i) };
        w.views.push({ view: null, heap: dst.heap, index: d.index, resource: null, subresource: null, range: rangeOf(n), ...(src ? { copyOf: { ...src, index: addIndex(src.index, i) } } : {}) });
      }
    } else if (dst) w.tainted.add(dst.heap);
    return true;
  }
  if (name !== 'CopyDescriptors') return false;
  // Ranges of handles this walker does not read: any heap the function can reach may be written — the file's
  // shared heaps and its own locals' (another function's local heaps are not reachable from here).
  w.tainted.add(`*@${s.scope}`);
  return true;
}

/** `create_render_target_(ctx, desc, &ctx->render_target, &ctx->rtv)`: the view the helper writes, with the caller's arguments. */
function helperView(w: DescriptorWalk, n: SyntaxNode, v: ViewHelper, args: SyntaxNode[]): void {
  const s = w.s;
  const slot = v.heap === undefined ? null : numberOf(args[v.handle], s);
  const h = v.heap === undefined ? handleOf(args[v.handle], s) : { heap: v.heap, index: slot === null ? null : { c: slot + (v.plus ?? 0) } };
  if (!h) return;
  if (!h.index) {
    w.tainted.add(h.heap);
    return;
  }
  const arg = unwrapValue(args[v.resource]);
  const resource = resourceOf(arg.type === 'pointer_expression' && arg.child(0)?.type === '&' ? arg.childForFieldName('argument')! : arg, s);
  const local = resource?.key ? s.locals.has(keyRoot(resource.key)) : false;
  pushView(w, {
    view: v.view, heap: h.heap, index: h.index, resource, subresource: v.subresource, range: rangeOf(n),
    ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.readOnlyDepth !== undefined ? { readOnlyDepth: v.readOnlyDepth } : {}),
    ...(local ? { scope: s.scope } : {}),
  });
}

export function pushView(w: DescriptorWalk, v: ViewFact): void {
  // A view helper's own view at its slot parameter is written per call, with the caller's arguments (helperView).
  if (w.perCall && paramSlot(v, w.perCall.params)?.param === w.perCall.slot && v.resource?.key === w.perCall.resource) {
    w.perCallViews.push(v);
    return;
  }
  w.views.push(v);
  w.members?.view(v, w.s.types, w.s.scope, w.s.params ?? new Set());
}

const UAV_CLEARS: ReadonlySet<string> = new Set(['ClearUnorderedAccessViewFloat', 'ClearUnorderedAccessViewUint']);

/**
 * `ClearUnorderedAccessViewFloat(gpu, cpu, res, …)`: the runtime requires the GPU handle to be a UAV of `res` in the
 * heap bound to the list, so that slot holds one, though the file created it elsewhere (a view written in another
 * file, or copied there). A table bound later at the same slot then names `res`. Only for a slot the file writes no
 * view to itself (its own views say more: which subresources, written when), and for a resource the walk can name.
 */
function clearedView(w: DescriptorWalk, n: SyntaxNode, args: SyntaxNode[]): void {
  if (args.length !== 6) return;
  const h = handleOf(args[0], w.s);
  if (!h?.index || w.tainted.has(h.heap)) return;
  const at = JSON.stringify(h.index);
  if (w.views.some((v) => v.heap === h.heap && (v.index === null || JSON.stringify(v.index) === at))) return;
  const resource = resourceOf(args[2], w.s);
  if (!resource?.key) return;
  pushView(w, { view: 'uav', heap: h.heap, index: h.index, resource, subresource: null, range: rangeOf(n) });
}

function viewCreation(w: DescriptorWalk, n: SyntaxNode, spec: (typeof VIEW_CREATION)[string], args: SyntaxNode[]): void {
  const s = w.s;
  const withCounter = spec.view === 'uav' && !/^(?:nullptr|NULL|0)$/.test(unwrapValue(args[1]).text);
  if (withCounter) {
    // A local's creation is looked up by its name: an alias the walker follows is its target, else the name.
    const named = (a: SyntaxNode) => resourceOf(a, s) ?? resourceRef(a, s.file);
    const counter = named(args[1]);
    if (counter.key) w.counters.push({ resource: named(args[0]), counter, range: rangeOf(n) });
  }
  const h = handleOf(args[spec.handle], s) ?? storedParamHandle(args[spec.handle], s) ?? keptParamHandle(args[spec.handle], s, w) ?? opaqueStructMember(w, args[spec.handle]);
  if (!h) return;
  if (!h.index) {
    w.tainted.add(h.heap);
    return;
  }
  const descNode = unwrapValue(args[spec.desc]);
  const nullDesc = /^(?:nullptr|NULL|0)$/.test(descNode.text);
  let resource = spec.resource === null ? null : resourceOf(args[spec.resource], s);
  if (spec.view === 'cbv') {
    const desc = descNode.type === 'pointer_expression' ? descNode.childForFieldName('argument')! : descNode;
    const v = s.env.get(`${desc.text.replace(/\s+/g, '')}.BufferLocation`);
    resource = v?.t === 'va' ? v.ref : null;
  }
  const local = resource?.key ? s.locals.has(keyRoot(resource.key)) : false;
  const sym = h.index && 'sym' in h.index ? h.index.sym : undefined;
  const loop = w.loops.find((l) => l.name === sym);
  const flags = spec.view === 'dsv' && !nullDesc && descNode.type === 'pointer_expression' ? descMember(descNode.childForFieldName('argument')!.text, 'Flags', s) : undefined;
  const covers = nullDesc ? 'all' : spec.view === 'cbv' ? 'all' : descCoverage(spec.view, descNode, s);
  pushView(w, {
    view: spec.view, heap: h.heap, index: h.index, resource, subresource: nullDesc ? 0 : typeof covers === 'number' ? covers : null, range: rangeOf(n),
    ...(covers !== null ? { covers } : {}),
    ...(loop ? { loopVar: loop.name, ...(loop.boundSym ? { loopBound: loop.boundSym } : {}) } : {}),
    ...(local && !(loop && resource?.key === loop.name) ? { scope: s.scope } : {}),
    ...(spec.view === 'dsv' ? { readOnlyDepth: nullDesc ? false : flags?.t === 'num' ? (flags.v & DSV_READ_ONLY_DEPTH) !== 0 : null } : {}),
    ...(withCounter ? { counter: true as const } : {}),
  });
}

/**
 * `Create(device, D3D12_CPU_DESCRIPTOR_HANDLE rtv) { CreateRenderTargetView(m_tex, nullptr, rtv); m_rtv = rtv; }`: the
 * view is at the slot the parameter names, which the member then holds (held-slots.ts heldParameter keys it alike).
 * Only for a parameter the function stores in a member: a view helper's slot parameter is written per call instead.
 */
function storedParamHandle(a: SyntaxNode, s: DScope): HandleFact | null {
  const n = unwrapValue(a);
  if (n.type !== 'identifier' || !s.handleParams?.has(n.text) || s.body === undefined) return null;
  // A copy into a local's member (`rt.cpuDescriptor = rtv;`, `info.color_rtv = rtv;`) is no store: it stays in the function.
  const stores = [...s.body.matchAll(new RegExp(`([A-Za-z_][\\w.>\\[\\]-]*[\\w\\]])\\s*=\\s*${n.text}\\s*;`, 'g'))];
  const stored = stores.some((m) => {
    const root = keyRoot(m[1].replace(/^this->/, ''));
    return !s.locals.has(root) || !!s.params?.has(root);
  });
  return stored ? paramHandle(n, s) : null;
}

/**
 * `Setup(dev, cl, D3D12_CPU_DESCRIPTOR_HANDLE dsv) { …create depth…; CreateDepthStencilView(depth, nullptr, dsv);
 * cl->ClearDepthStencilView(dsv, …); }`: a handle parameter whose value the walker does not know, that the function
 * creates a view into and never changes, is that view's slot for the rest of the function (its later clears and
 * bindings name the view). The parameter's own slot (`F@12#dsv`) means nothing outside the function, so the caller's
 * uses are untouched; a view helper's slot (resource and handle both parameters) stays per call (pushView). A local
 * copied from it (`D3D12_CPU_DESCRIPTOR_HANDLE dsv = dsvStart;`) holds that slot too (descriptor-walk.ts).
 */
export function keptParamHandle(a: SyntaxNode, s: DScope, w: DescriptorWalk): HandleFact | null {
  const n = unwrapValue(a);
  if (n.type !== 'identifier' || !s.handleParams?.has(n.text) || s.body === undefined || s.env.has(n.text) || w.perCall) return null;
  if (changesHandle(n.text, s.body)) return null;
  const h = paramHandle(n, s);
  s.env.set(n.text, { t: 'handle', h });
  return h;
}

/** Whether a function body moves or overwrites a handle variable, or hands its address to anything but OMSetRenderTargets. */
function changesHandle(name: string, body: string): boolean {
  const esc = name.replace(/[$]/g, '\\$&');
  if (new RegExp(`\\b${esc}\\s*(?:\\.\\s*(?:ptr|Offset|InitOffsetted)\\b|(?:[-+*/|&]?=)(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${esc}\\b`).test(body)) return true;
  for (const m of body.matchAll(new RegExp(`&\\s*${esc}\\b`, 'g'))) {
    const before = body.slice(0, m.index);
    const call = /([A-Za-z_]\w*)\s*\([^()]*$/.exec(before);
    if (!call || call[1] !== 'OMSetRenderTargets') return true;
  }
  return false;
}

/**
 * `t.rtv` of a struct parameter, a member the file creates views into and never moves in place, whose value the
 * walker does not know: the member's own slot (MemberViewLog.opaqueMemberSlot).
 */
function opaqueStructMember(w: DescriptorWalk, a: SyntaxNode): HandleFact | null {
  const s = w.s;
  const sm = structMember(a, s.types);
  if (!sm || !w.members || !s.viewTargets?.has(`${sm.root}${sm.op}${sm.member}`)) return null;
  if (s.env.get(`${sm.root}${sm.op}${sm.member}`)?.t === 'handle') return null;
  return w.members.opaqueMemberSlot(sm, s.scope, s.params ?? new Set(), unwrapValue(a).text, rangeOf(a));
}

/** A local or parameter the walker holds a handle in, or a handle helper written in place (`CD3DX12_…_HANDLE(…)`). */
function heldHandle(a: SyntaxNode, s: DScope): boolean {
  const n = unwrapValue(a);
  if (n.type === 'identifier') return s.env.get(n.text)?.t === 'handle';
  return n.type === 'call_expression' && HANDLE_HELPER.test(n.childForFieldName('function')?.text ?? '');
}

/** A binding call's argument: a handle, an array of handles, a GPU virtual address or a buffer view's key. */
function argumentValue(a: SyntaxNode, s: DScope): DVal {
  const n = unwrapValue(a);
  const h = handleOf(n, s);
  if (h) return { t: 'handle', h };
  if (n.type === 'identifier') {
    const v = s.env.get(n.text);
    if (v?.t === 'handles' || v?.t === 'va') return v;
  }
  const stored = storedHandles(n, s);
  if (stored) return stored;
  const va = vaOf(n, s);
  if (va) return { t: 'va', ref: va };
  return { t: 'unknown' };
}

/** The most render targets a binding names (D3D12_SIMULTANEOUS_RENDER_TARGET_COUNT). */
const MAX_STORED_ELEMENTS = 8;

/**
 * A member array of handles filled element by element in another method (`m_rtvs[0] = h0; m_rtvs[1] = h1;`) and
 * passed whole (`OMSetRenderTargets(2, m_rtvs, FALSE, …)`, `OMSetRenderTargets(2, m_gbuffer.rtvs, …)`): its elements
 * from the handles stored file-wide, `[0]` up to the first element not stored. Null for a local, or when `[0]` is not
 * a known handle.
 */
function storedHandles(n: SyntaxNode, s: DScope): DVal | null {
  if (n.type !== 'identifier' && n.type !== 'field_expression') return null;
  const key = n.text.replace(/\s+/g, '').replace(/^this->/, '');
  if (!/^[A-Za-z_][\w.>-]*$/.test(key) || s.locals.has(keyRoot(key)) || s.env.has(key)) return null;
  const elems: HandleFact[] = [];
  for (let i = 0; i < MAX_STORED_ELEMENTS; i++) {
    const h = s.stored(`${key}[${i}]`);
    if (!h) break;
    elems.push(h);
  }
  return elems.length > 0 ? { t: 'handles', elems } : null;
}

/** `obj->lpVtbl->Method(obj, …)`: the first argument is the object the method is called on. */
function vtableThis(f: SyntaxNode | null, args: SyntaxNode[]): boolean {
  const receiver = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
  const vtable = receiver?.type === 'field_expression' && receiver.childForFieldName('field')?.text === 'lpVtbl' ? receiver.childForFieldName('argument') : null;
  return !!vtable && args.length > 0 && args[0].text === vtable.text;
}
