// D3D12 API calls → events: Barrier, ResourceBarrier (methods and C COM macros), resource and command-list
// creation, recording commands, ExecuteCommandLists, Close/Reset. An engine method that only shares a name
// (`device->Barrier(tex, state)`) is recognized by its arguments and treated as an ordinary call.
import { pathMember } from './path-facts';
import { appendedLists, castListsArgument, declaredLists } from './executed-lists';
import { sharedHeapType } from './shared-heap-properties';
import { COMMANDS, CREATION_APIS, LIST_CREATION, LIST_OPS, LIST_TYPE_NAMES } from '../model/api';
import { formatEnumValue } from '../model/format-values';
import type { SyntaxNode } from './node';
import type { BarrierFact, Event, Field, ResourceCreation, ResourceRef, UserCallEvent } from './facts';
import type { Range } from '../types';
import type { FnCtx, SubmitHelper } from './context';
import { addSite, evalValue } from './context';
import { barriersOf, groupFromStruct, hasUnreadableElements, pointedStructs } from './barrier-facts';
import { inConstMethod, submittedContainer } from './batches';
import { submittedPaths, writtenBetween } from './container-paths';
import { branchForms } from './branch-forms';
import { stateAssertEvent } from './state-asserts';
import { zeroCountPath } from './count-paths';
import { forwardedArgs, tokenValue } from './forwarding-macros';
import { evalField } from './constant-fold';
import { localLambda, localLambdaCallee } from './local-lambdas';
import { forgetCapturedWrites, forgetStruct } from './lambdas';
import { inlineLambdaCall } from './inline-lambdas';
import { deref, forgetAddressedElement } from './elements';
import { bracedContainer } from './declared-values';
import { applyFillHelper } from './fill-helpers';
import { applyScalarFills } from './scalar-fills';
import { forgetMember, resetMembers } from './struct-writes';
import { isPpvMacro, POINTER_ACCESSORS, resourceRef } from './resources';
import { argumentNodes, calleeName, calleeScope, LOOP_STATEMENTS, ownEntry, rangeOf, unwrapValue } from './syntax';
import { anchoredAt } from './imported-functions';
import { creationParam, dimensionName, dimensionOfArgument, heapTypeOfArgument } from './heap-props-args';
import { bindEvent, gpuWorkEvent } from './descriptor-events';
import { allocatorCreatedArg, allocatorHeapType, allocatorHeapTypeValue, isAllocatorCreation, placedHeapType, recordHeapCreation } from './creation-heaps';
import { holdsList, plainType } from './plain-types';
import { checksResult } from './result-checks';
import { basesOf, classOfType, declaredName, isCommandListObject, isDereferencedObject, isOtherApiObject, isResourceLike, noteUntyped, objectType, typeOfExpr, undeclaredName } from './types';
import type { ArrayVal, AVal } from './values';
import { getMember, makeStruct, numVal, unknownField } from './values';
import { leavesOnFailure } from './failure-exits';
import { onNewerRuntimeDevice } from './runtime-interfaces';
import { uploadCommand } from './d3dx12-uploads';
import { recordMembersOf } from './records';
import { C_MACRO, shapeOf, type CallShape } from './call-shapes';
import { outParamFactoryList } from './list-factories';

function emit(fn: FnCtx, e: Event): void {
  fn.events.push(e);
}

function listRef(shape: CallShape, fn: FnCtx): ResourceRef | undefined {
  return shape.object ? resourceRef(shape.object, fn.file, fn) : undefined;
}

function unknown(n: SyntaxNode): AVal {
  return { t: 'unknown', text: n.text, range: rangeOf(n) };
}

/** Recognize an API call and record its event. Returns undefined for calls that are not D3D12 APIs. */
export function tryApiCall(call: SyntaxNode, f: SyntaxNode, name: string | undefined, args: SyntaxNode[], fn: FnCtx): AVal | undefined {
  const shape = shapeOf(f, name, args);
  const asserted = shape && stateAssertEvent(call, { ...shape, list: listRef(shape, fn), macro: shape.viaMacro ? name ?? '' : null }, fn);
  if (asserted) emit(fn, asserted);
  if (asserted || (shape && handleApi(call, shape, fn))) return unknown(call);
  const upload = uploadCommand(call, f, name, args, fn);
  if (upload) {
    for (const a of args) evalValue(a, 'any', fn);
    emit(fn, upload);
    return unknown(call);
  }
  recordUserCall(call, f, name, args, fn);
  return undefined;
}

function handleApi(call: SyntaxNode, shape: CallShape, fn: FnCtx): boolean {
  const { method, args } = shape;
  const range = rangeOf(call);
  if ((method === 'Barrier' || method === 'ResourceBarrier') && args.length === 2) {
    const payload = evalValue(args[1], 'any', fn);
    if (!isBarrierApi(shape, payload, method === 'Barrier' ? 'group' : 'legacy', fn)) return false;
    recordSubmission(call, { method, list: listRef(shape, fn), countNode: args[0], count: evalField(args[0], fn.file, fn), payload, payloadNode: args[1] }, fn);
    return true;
  }
  if (recordHeapCreation(method, args, fn)) return true;
  const creation = ownEntry(CREATION_APIS, method);
  if (creation && args.length >= Math.max(creation.descArg, creation.stateArg ?? 0, creation.layoutArg ?? 0) + 2 && isAllocatorCreation(creation, args, fn)) {
    recordCreation(call, method, args, fn);
    return true;
  }
  if (method === 'GetBuffer' && (args.length === 2 || (args.length === 3 && RESOURCE_IID.test(unwrapValue(args[1]).text.replace(/\s+/g, ''))))) {
    const resource = createdRef(args[args.length - 1], fn);
    const site = addSite(fn.file, 'resource-creation', range, resource.text);
    const c: ResourceCreation = {
      resource, api: 'GetBuffer', dimension: 'texture2d', mipLevels: 1, arraySize: 1, flags: 1, heapType: 1, swapChain: true,
      ...(midFrameBuffer(call, resource, fn) ? { midFrame: true } : {}),
    };
    fn.file.sites[site].site.fields = creationFields(c);
    emit(fn, { kind: 'resource-creation', site, range, creation: c });
    return true;
  }
  const lc = ownEntry(LIST_CREATION, method);
  if (lc && lc.argc.includes(args.length)) {
    const type = evalField(args[lc.typeArg], fn.file, fn);
    const list = createdRef(args[args.length - 1], fn);
    const site = addSite(fn.file, 'command-list-creation', range, list.text);
    const listType = type.value === null ? null : LIST_TYPE_NAMES[type.value] ?? null;
    fn.file.sites[site].site.fields = { type: listType };
    const iface = createdInterface(args, fn);
    if (iface) fn.file.sites[site].site.fields.iface = iface;
    emit(fn, { kind: 'command-list-creation', site, range, list, listType, api: method, ...(iface ? { iface } : {}) });
    return true;
  }
  // (desc, IID_PPV_ARGS(&q)), or the riid and the out pointer apart: (desc, __uuidof(…), (void**)&q) / C's (&IID_…, …).
  if (method === 'CreateCommandQueue' && (args.length === 2 || args.length === 3)) {
    const desc = evalValue(args[0], 'queue-desc', fn);
    const d = desc.t === 'ptr' ? deref(desc) : desc;
    const type = d.t === 'struct' && d.kind === 'queue-desc' ? num(getMember(d, 'Type')) : null;
    const queue = createdRef(args[args.length - 1], fn);
    const site = addSite(fn.file, 'queue-creation', range, queue.text);
    const listType = type === null ? null : LIST_TYPE_NAMES[type] ?? null;
    fn.file.sites[site].site.fields = { type: listType };
    emit(fn, { kind: 'queue-creation', site, range, list: listRef(shape, fn), queue, listType, api: method });
    return true;
  }
  if (method === 'ExecuteCommandLists' && args.length === 2) {
    const site = addSite(fn.file, 'execute-command-lists', range, null);
    const listsArg = castListsArgument(args[1]);
    const v = evalValue(listsArg, 'any', fn);
    const arr = v.t === 'ptr' ? v.target : v;
    const own = arr.t === 'array' ? arr.elems.filter((e) => e.t === 'res').map((e) => (e as { ref: ResourceRef }).ref)
      : arr.t === 'res' ? [arr.ref] : null;
    const complete = own !== null && own.length > 0 && (arr.t !== 'array' || own.length === arr.elems.length);
    const lists = complete ? own : declaredLists(listsArg, call, fn) ?? own ?? appendedLists(listsArg, call, fn);
    emit(fn, { kind: 'execute-command-lists', site, range, list: listRef(shape, fn), lists });
    return true;
  }
  const op = ownEntry(LIST_OPS, method);
  if (op && op.argc.includes(args.length) && shape.object) {
    for (const a of args) evalValue(a, 'any', fn);
    emit(fn, { kind: op.kind, site: -1, range, list: listRef(shape, fn) });
    return true;
  }
  // Bindings (render targets, index/vertex buffers, root arguments) and IDXGISwapChain::Present.
  const bind = shape.object ? bindEvent(call, shape, listRef(shape, fn), fn) : undefined;
  if (bind) {
    for (const a of args) evalValue(a, 'any', fn);
    emit(fn, bind);
    return true;
  }
  const cmd = ownEntry(COMMANDS, method);
  // A D3D11 device context has CopyResource/ResolveSubresource too, with the runtime tracking hazards itself: known
  // by the receiver's declared type, or by the resources' when the receiver is declared in a file not seen. An engine
  // method of the same name taking its own objects (`list->CopyResource(*dst, *src)`) is an ordinary call.
  if (cmd && cmd.argc.includes(args.length) && shape.object && isCommandListObject(shape.object, fn) !== 'no'
    && !cmd.resources.some((r) => args[r.arg] && (isOtherApiObject(args[r.arg], fn) || (!r.loc && isDereferencedObject(args[r.arg], fn))))) {
    if (isCommandListObject(shape.object, fn) === 'unknown') {
      noteUntyped(shape.object, fn);
      for (const r of cmd.resources) if (!r.loc) noteUntyped(args[r.arg], fn);
    }
    let resources = cmd.resources.map((r) => {
      if (r.loc) {
        const loc = copyLocation(args[r.arg], fn);
        return { role: r.role, ref: loc.ref, subresource: loc.sub };
      }
      const ref = resourceRef(args[r.arg], fn.file, fn);
      return { role: r.role, ref, subresource: r.sub !== undefined ? evalField(args[r.sub], fn.file, fn) : undefined };
    });
    // In-place resolve (D3D12_RESOLVE_MODE_DECOMPRESS with source == destination): the resource stays in
    // RESOLVE_SOURCE; it is not also a resolve destination.
    const [dst, src] = resources;
    if (method === 'ResolveSubresourceRegion' && dst?.ref.key && dst.ref.key === src?.ref.key) resources = [src];
    // CopyTiles(tiled, coord, size, buffer, offset, flags): the flags say which side is written. LINEAR_BUFFER_TO_
    // SWIZZLED_TILED_RESOURCE (0x2) copies the buffer into the tiled resource, SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER
    // (0x4) the other way; with neither (or both, or flags not known) the direction stays unknown.
    if (method === 'CopyTiles') {
      const flags = evalField(args[5], fn.file, fn).value;
      const toTiled = typeof flags === 'number' && (flags & 0x6) === 0x2;
      const toBuffer = typeof flags === 'number' && (flags & 0x6) === 0x4;
      if (toTiled || toBuffer) {
        const buffer = resourceRef(args[3], fn.file, fn);
        resources = [
          { role: toTiled ? 'copy-dest' : 'copy-source', ref: resources[0].ref, subresource: undefined },
          { role: toTiled ? 'copy-source' : 'copy-dest', ref: buffer, subresource: undefined },
        ];
      }
    }
    // ClearUnorderedAccessView*(gpu, cpu, res, values, NumRects, pRects): with rectangles it clears part of the view.
    if (method.startsWith('ClearUnorderedAccessView') && evalField(args[4], fn.file, fn).value !== 0) resources = resources.map((r) => ({ ...r, partial: true }));
    emit(fn, { kind: 'command', site: -1, range, list: listRef(shape, fn), method, resources });
    const work = gpuWorkEvent(call, shape, listRef(shape, fn), fn);
    if (work) emit(fn, work);
    return true;
  }
  return false;
}

interface Submission {
  method: 'Barrier' | 'ResourceBarrier';
  list: ResourceRef | undefined;
  /** The count's expression (a counter raised under conditions: #954 on a path), when the caller wrote one. */
  countNode: SyntaxNode | undefined;
  count: Field;
  payload: AVal;
  payloadNode: SyntaxNode;
  /** The submit helper called at `call`, when it is not the API itself. */
  helper?: string;
}

/** A `Barrier` / `ResourceBarrier` submission at `call` (the API call, or a call of a submit helper). */
function recordSubmission(call: SyntaxNode, s: Submission, fn: FnCtx): void {
  const range = rangeOf(call);
  const { count, payload } = s;
  const wantGroup = s.method === 'Barrier';
  const site = addSite(fn.file, wantGroup ? 'barrier-call' : 'resource-barrier-call', range, null);
  fn.file.sites[site].site.fields = { count: count.value };
  const nullArg = unwrapValue(s.payloadNode);
  const zero = count.value === null && s.countNode ? zeroCountPath(call, s.countNode) : undefined;
  const extras = {
    ...(NULL_POINTER.has(nullArg.text.trim()) ? { nullArray: rangeOf(nullArg) } : {}),
    ...(zero ? { zeroOnPath: zero } : {}),
    ...(s.helper ? { helper: s.helper } : {}),
  };
  if (wantGroup) {
    const groups = pointedStructs(payload, count.value)?.filter((g) => g.kind === 'group').map(groupFromStruct) ?? null;
    emit(fn, { kind: 'barrier-call', site, range, list: s.list, count, groups, ...extras });
  } else {
    const barriers = barriersOf(payload, count.value);
    const batch = barriers ? undefined : submittedContainer(s.payloadNode, fn);
    const written = (syms: string[], from: number) => writtenBetween(fn, syms, from, call.startIndex);
    const paths = submittedPaths(payload, count.value, written) ?? (barriers ? branchForms(barriers, fn.joinTests, written) : undefined);
    const keeps = batch && inConstMethod(call) ? { keepsBatch: true } : {};
    const unreadable = barriers && (hasUnreadableElements(payload, count.value) || namedByEndedLoop(barriers, call, fn)) ? { unreadableElements: true as const } : {};
    emit(fn, { kind: 'resource-barrier-call', site, range, list: s.list, count, barriers, ...(batch ? { batch, ...keeps } : {}), ...unreadable, ...extras, ...(paths ? { paths } : {}) });
  }
}

/**
 * `for (const Pending &p : m_pending) { …b.Transition.pResource = p.res->resource…; barriers.push_back(b); }` then
 * `ResourceBarrier(n, barriers.data())` after the loop: the elements name their resources through the loop's own
 * variable, which names no object any more at the submit (a record per element of a container the function cannot
 * list): the submitted barriers may transition any resource, as an array of unreadable elements does.
 */
function namedByEndedLoop(barriers: readonly BarrierFact[], call: SyntaxNode, fn: FnCtx): boolean {
  const roots = new Set(barriers.filter((b) => b.fromLoop && b.resource?.key).map((b) => /^[A-Za-z_]\w*/.exec(b.resource!.key!)?.[0]));
  if (roots.size === 0 || !fn.node) return false;
  return fn.node.descendantsOfType('for_range_loop').some((l) => {
    if (l.endIndex > call.startIndex) return false;
    const name = declaredName(l.childForFieldName('declarator'));
    return name !== undefined && roots.has(name);
  });
}

/**
 * A call of a submit helper of the file (submit-helpers.ts): its submission is recorded here, with the caller's list,
 * count and barriers. False when the argument holds no barriers of the helper's kind (the call stays a user call).
 */
function inlineSubmission(call: SyntaxNode, name: string, helper: SubmitHelper, args: SyntaxNode[], ownClass: boolean, fn: FnCtx,
  receiverList?: ResourceRef): boolean {
  if (typeof helper.list !== 'number' && !ownClass && !receiverList) return false;
  const payloadNode = args[helper.payload.param];
  const v = helper.payload.via === 'data' && payloadNode?.type === 'initializer_list' ? bracedBarriers(payloadNode, helper.method, fn) : evalValue(payloadNode, 'any', fn);
  const target = v.t === 'ptr' ? v.target : v;
  const kind = target.t === 'struct' ? target.kind : target.t === 'array' ? target.elemKind : undefined;
  if (helper.wrap) return inlineWrapped(call, name, helper, helper.wrap, args, v, kind, fn);
  if (kind !== (helper.method === 'Barrier' ? 'group' : 'legacy')) return false;
  // `&b` of a reference parameter is the address of the caller's struct; a pointer or a container is handed as is.
  const payload: AVal = helper.payload.via === 'address' && v.t !== 'ptr' ? { t: 'ptr', target: v, index: null } : v;
  const countNode = typeof helper.count === 'number' ? args[helper.count] : helper.count === 'size' ? undefined : helper.count;
  const count: Field = countNode ? evalField(countNode, fn.file, fn) : { value: null, text: `${payloadNode.text}.size()`, range: rangeOf(payloadNode) };
  const listNode = typeof helper.list === 'number' ? args[helper.list] : helper.list;
  const list = receiverList ?? (listNode ? resourceRef(listNode, fn.file, fn) : undefined);
  for (const [i, a] of args.entries()) if (i !== helper.payload.param && a !== countNode) evalValue(a, 'any', fn);
  recordSubmission(call, { method: helper.method, list, countNode: typeof helper.count === 'number' ? countNode : undefined, count, payload, payloadNode, helper: name }, fn);
  return true;
}

/**
 * `Transition(cl, { CD3DX12_…(a, …), CD3DX12_…(b, …) })` handed to a helper's container parameter (a std::vector, a
 * std::initializer_list): the array of the barriers the braces list.
 */
function bracedBarriers(list: SyntaxNode, method: SubmitHelper['method'], fn: FnCtx): AVal {
  return bracedContainer(list, method === 'Barrier' ? 'group' : 'legacy', fn);
}

const WRAPPED_MEMBER = { texture: ['pTextureBarriers', 1], buffer: ['pBufferBarriers', 2], global: ['pGlobalBarriers', 0] } as const;

/**
 * A helper that wraps the caller's barrier(s) into a group of its own and submits it (SubmitHelper.wrap): the
 * submission is recorded at the call as one group of the caller's barriers.
 */
function inlineWrapped(call: SyntaxNode, name: string, helper: SubmitHelper, wrap: NonNullable<SubmitHelper['wrap']>, args: SyntaxNode[],
  v: AVal, kind: string | null | undefined, fn: FnCtx): boolean {
  if (kind !== 'texture' && kind !== 'buffer' && kind !== 'global') return false;
  const [member, type] = WRAPPED_MEMBER[kind];
  const range = rangeOf(call);
  const barriers: AVal = helper.payload.via === 'address' && v.t !== 'ptr' ? { t: 'ptr', target: v, index: null } : v;
  const nNode = typeof wrap.count === 'number' ? args[wrap.count] : wrap.count;
  const group = makeStruct('group', range, -1, false);
  group.members.set('Type', numVal({ value: type, text: `D3D12_BARRIER_TYPE (${name})`, range }));
  group.members.set('NumBarriers', numVal(evalField(nNode, fn.file, fn)));
  group.members.set(member, barriers);
  const listNode = typeof helper.list === 'number' ? args[helper.list] : helper.list;
  const list = listNode ? resourceRef(listNode, fn.file, fn) : undefined;
  for (const [i, a] of args.entries()) if (i !== helper.payload.param && a !== nNode) evalValue(a, 'any', fn);
  const count: Field = { value: 1, text: '1', range };
  recordSubmission(call, { method: 'Barrier', list, countNode: undefined, count, payload: { t: 'ptr', target: group, index: null }, payloadNode: args[helper.payload.param], helper: name }, fn);
  return true;
}

/** `GetBuffer(i, __uuidof(ID3D12Resource), (void**)&rt[i])`, C's `&IID_ID3D12Resource` (also `(REFIID)&IID_…`, which
 *  C's grammar reads as a bitwise and): the riid of a D3D12 buffer (a D3D11 back buffer, `__uuidof(ID3D11Texture2D)`,
 *  is not one). */
const RESOURCE_IID = /^(?:\(\w+\))?&?(?:__uuidof\(ID3D12Resource\d*\)|IID_ID3D12Resource\d*)$/;

const FRESH_BUFFERS = /(?:\b|_)(?:ResizeBuffers1?|CreateSwapChain\w*)\s*\(/;

/**
 * `swapChain->GetBuffer(i, IID_PPV_ARGS(&back))` into a local of the function, with no swap-chain creation or
 * ResizeBuffers before it on every path (a statement of an enclosing block before the call): a buffer taken in the
 * middle of a frame (a Present hook, an overlay, a screenshot), in whatever state the frame left it — not a new
 * buffer in COMMON. Buffers stored in members right after creation or a resize (init code) start in COMMON.
 */
function midFrameBuffer(call: SyntaxNode, resource: ResourceRef, fn: FnCtx): boolean {
  const root = /^\w+/.exec(resource.text)?.[0];
  if (!root || fn.params.includes(root) || !fn.types.has(root)) return false;
  for (let n: SyntaxNode | null = call; n && n.type !== 'function_definition' && n.type !== 'lambda_expression'; n = n.parent) {
    if (n.parent?.type !== 'compound_statement') continue;
    const stmt = n;
    const before = n.parent.namedChildren.filter((p) => p.endIndex <= stmt.startIndex);
    if (before.some((p) => (p.type === 'expression_statement' || p.type === 'declaration') && FRESH_BUFFERS.test(p.text))) return false;
  }
  return true;
}

/** Struct type names whose pointer a Barrier / ResourceBarrier call takes. */
const PAYLOAD_TYPE = { group: /\bD3D12_BARRIER_GROUP\b|\bCD3DX12_BARRIER_GROUP\b/, legacy: /\bD3D12_RESOURCE_BARRIER\b|\bCD3DX12_RESOURCE_BARRIER\b/ };

/**
 * Whether `obj->Barrier(a, b)` / `obj->ResourceBarrier(a, b)` is the D3D12 method and not an engine method of the
 * same name (`m_device->Barrier(tex, state)`): the object's declared type decides when the file declares it;
 * otherwise the arguments must look like (count, pointer to groups/barriers).
 */
const NULL_POINTER = new Set(['nullptr', 'NULL', '0']);

function isBarrierApi(shape: CallShape, payload: AVal, want: 'group' | 'legacy', fn: FnCtx): boolean {
  // NOTE: not deref(): that would create element 0 of an empty container.
  const target = payload.t === 'ptr' ? payload.target : payload;
  const kind = target.t === 'struct' ? target.kind : target.t === 'array' ? target.elemKind : undefined;
  if (kind) return kind === want;
  // `ResourceBarrier(0, nullptr)`, `Barrier(1, nullptr)`: a null array on a D3D12 command list is still the API call.
  if (NULL_POINTER.has(unwrapValue(shape.args[1]).text.trim())) return shape.viaMacro || isCommandListObject(shape.object, fn) === 'yes';
  if (target.t === 'num' && target.f.value !== null) return false;
  if (target.t === 'res') return false;
  if (shape.viaMacro) return true;
  const object = isCommandListObject(shape.object, fn);
  if (object !== 'unknown') return object === 'yes';
  const [countNode, payloadNode] = shape.args;
  const p = unwrapValue(payloadNode);
  if (p.type === 'qualified_identifier' || p.type === 'number_literal' || p.type === 'string_literal' || p.type === 'true' || p.type === 'false') return false;
  const declared = typeOfExpr(p.type === 'pointer_expression' ? p.childForFieldName('argument') ?? p : p, fn);
  if (declared !== undefined && !/\bauto\b/.test(declared)) return PAYLOAD_TYPE[want].test(declared);
  return !isResourceLike(countNode, fn) && !isResourceLike(payloadNode, fn);
}

/** The resource of a texture copy location and its SubresourceIndex (unknown when not written as a number). */
function copyLocation(arg: SyntaxNode, fn: FnCtx): { ref: ResourceRef; sub: Field } {
  const v = evalValue(arg, 'copy-location', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  const sub = s.t === 'struct' ? getMember(s, 'SubresourceIndex') : undefined;
  const subField = sub?.t === 'num' ? sub.f : unknownField(arg.text, rangeOf(arg));
  if (s.t === 'struct') {
    const r = getMember(s, 'pResource');
    if (r.t === 'res') return { ref: r.ref, sub: subField };
  }
  return { ref: { key: null, text: arg.text, range: rangeOf(arg) }, sub: subField };
}

function num(v: AVal): number | null {
  return v.t === 'num' ? v.f.value : null;
}

function recordCreation(call: SyntaxNode, api: string, args: SyntaxNode[], fn: FnCtx): void {
  const spec = CREATION_APIS[api];
  const range = rangeOf(call);
  const resource = createdRef(allocatorCreatedArg(spec, args), fn);
  const descVal = evalValue(args[spec.descArg], 'desc', fn);
  const desc = descVal.t === 'ptr' ? deref(descVal) : descVal;
  const heapVal = spec.heapArg !== undefined ? evalValue(args[spec.heapArg], 'heap-props', fn) : undefined;
  const heap = heapVal?.t === 'ptr' ? deref(heapVal) : heapVal;
  const d = desc.t === 'struct' ? desc : undefined;
  const dim = d ? num(getMember(d, 'Dimension')) : null;
  const dimension = dimensionName(dim);
  // NOTE: a DepthOrArraySize of 0 creates nothing (CreateCommittedResource rejects it): read as a desc the
  // extraction did not see whole, so the resource's subresource count stays unknown.
  const depthOrArray = d ? num(getMember(d, 'DepthOrArraySize')) || null : null;
  const width = d ? num(getMember(d, 'Width')) : null;
  const height = d ? num(getMember(d, 'Height')) : null;
  let mips = d ? num(getMember(d, 'MipLevels')) : null;
  // MipLevels 0 asks for the full chain: its length follows the largest dimension, unknown when that is.
  if (mips === 0) {
    const largest = width === null ? null : Math.max(width, height ?? 1, dimension === 'texture3d' ? depthOrArray ?? 1 : 1);
    mips = largest === null ? null : Math.floor(Math.log2(Math.max(1, largest))) + 1;
  }
  const creation: ResourceCreation = {
    resource, api, dimension, width, mipLevels: mips,
    arraySize: dimension === 'texture3d' ? 1 : depthOrArray,
    flags: d ? num(getMember(d, 'Flags')) : null,
    heapType: (heap?.t === 'struct' ? num(getMember(heap, 'Type')) : allocatorHeapType(spec, args, fn))
      ?? (spec.heapArg !== undefined ? sharedHeapType(args[spec.heapArg], fn) : null),
    sampleCount: d ? sampleCount(getMember(d, 'SampleDesc')) : null,
    format: d ? formatName(getMember(d, 'Format')) : null,
  };
  const writtenType = heap?.t === 'struct' ? getMember(heap, 'Type') : heap === undefined ? allocatorHeapTypeValue(spec, args, fn) : undefined;
  const heapTypeArg = creation.heapType === null && writtenType ? callerHeapType(writtenType) : undefined;
  if (heapTypeArg) creation.heapTypeArg = heapTypeArg;
  const reached = !inBranch(call);
  const heapTypes = creation.heapType === null && !heapTypeArg && heap?.t === 'struct' && reached
    ? pathHeapTypes(getMember(heap, 'Type')) : undefined;
  if (heapTypes) creation.heapTypeOneOf = heapTypes;
  const propsParam = creation.heapType === null && !heapTypeArg && spec.heapArg !== undefined ? creationParam(args[spec.heapArg], fn) : undefined;
  if (propsParam !== undefined) creation.heapPropsParam = propsParam;
  const descParam = dimension === null ? creationParam(args[spec.descArg], fn) : undefined;
  if (descParam !== undefined) creation.descParam = descParam;
  if (spec.memory) {
    const heap = resourceRef(args[spec.memory.heap], fn.file, fn).key;
    const offset = spec.memory.offset === undefined ? 0 : evalField(args[spec.memory.offset], fn.file, fn).value;
    creation.placement = { heap, offset };
    if (creation.heapType === null) creation.heapType = placedHeapType(heap, fn);
  }
  const named = (f: Field, what: RegExp): Field => (!spec.inferred || what.test(f.text) ? f : { ...f, value: null });
  if (spec.stateArg !== undefined) creation.initialState = named(evalField(args[spec.stateArg], fn.file, fn), /RESOURCE_STATE_/);
  const states = reached && creation.initialState ? pathValues(creation.initialState) : undefined;
  if (states) creation.initialStateOneOf = states;
  if (onNewerRuntimeDevice(call, fn)) creation.newerRuntime = true;
  if (spec.layoutArg !== undefined) creation.initialLayout = named(evalField(args[spec.layoutArg], fn.file, fn), /BARRIER_LAYOUT_/);
  const site = addSite(fn.file, 'resource-creation', range, resource.text);
  fn.file.sites[site].site.fields = creationFields(creation);
  emit(fn, { kind: 'resource-creation', site, range, creation });
}

const FUNCTION_NODES = new Set(['function_definition', 'lambda_expression']);

/**
 * Whether `node` runs only on some paths of the function: inside a branch of an if, a switch, a conditional or a
 * loop's body (an if's condition runs on every path). The values chosen per path before such a node may be tied to
 * its test — `switch (kind) { … Type = UPLOAD … }` and later `if (kind == UPLOAD) { Create…(&props, …) }` — so the
 * creation there is not known to meet every one of them.
 */
function inBranch(node: SyntaxNode): boolean {
  const same = (a: SyntaxNode | null, b: SyntaxNode) => !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;
  for (let n = node; n.parent && !FUNCTION_NODES.has(n.parent.type); n = n.parent) {
    const p = n.parent;
    const branching = p.type === 'if_statement' || p.type === 'conditional_expression' || p.type === 'case_statement'
      || p.type === 'switch_statement' || LOOP_STATEMENTS.has(p.type);
    if (branching && !same(p.childForFieldName('condition'), n)) return true;
  }
  return false;
}

/** The heap types the paths to the creation chose (`Field.oneOf`), when each path chose a known one. */
function pathHeapTypes(v: AVal): readonly number[] | undefined {
  return v.t === 'num' ? pathValues(v.f) : undefined;
}

/**
 * The numbers the paths to a call chose (`Field.oneOf`), when each chose a known one and no parameter decides: not a
 * conditional on a parameter (`byParam`), nor an if/else or switch testing one (`paramChoice`).
 */
function pathValues(f: Field): readonly number[] | undefined {
  return f.value === null && f.param === undefined && !f.byParam && !f.paramChoice && f.oneOf && f.oneOf.length > 1 ? f.oneOf : undefined;
}

/** A heap Type that a parameter of the helper decides (the parameter itself, or a ternary on one): else undefined. */
function callerHeapType(v: AVal): Field | undefined {
  if (v.t !== 'num') return undefined;
  return v.f.param !== undefined || v.f.byParam || v.f.byParamCases ? v.f : undefined;
}

/** The DXGI_FORMAT enumerator a desc's Format is written as (its value is not needed, only which format). */
function formatName(v: AVal): string | null {
  return v.t === 'num' ? /\bDXGI_FORMAT_\w+/.exec(v.f.text)?.[0] ?? null : null;
}

/** `SampleDesc` is a nested DXGI_SAMPLE_DESC in a raw desc and a count in the CD3DX12 factories. */
function sampleCount(v: AVal): number | null {
  return v.t === 'struct' ? num(getMember(v, 'Count')) : num(v);
}

/** `IID_PPV_ARGS(&x)` (and an engine's own spelling of the pair): the out-pointer argument; else undefined. */
function ppvArgument(call: SyntaxNode): SyntaxNode | undefined {
  const f = call.childForFieldName('function');
  const args = argumentNodes(call);
  return f && isPpvMacro(calleeName(f) ?? '') && args.length === 1 ? args[0] : undefined;
}

/** The created object: `IID_PPV_ARGS(&m_tex)` / `&m_tex` / `(void**)&m_tex` name `m_tex` (key and text). */
function createdRef(arg: SyntaxNode, fn: FnCtx): ResourceRef {
  forgetAddressedElement(arg, fn, { ppv: ppvArgument, decayed: true });
  const ref = resourceRef(arg, fn.file, fn);
  let n = unwrapValue(arg);
  for (;;) {
    if (n.type === 'call_expression' && isPpvMacro(calleeName(n.childForFieldName('function')!) ?? '') && argumentNodes(n).length === 1) n = unwrapValue(argumentNodes(n)[0]);
    else if (n.type === 'call_expression' && n.childForFieldName('function')?.type === 'field_expression' && POINTER_ACCESSORS.has(calleeName(n.childForFieldName('function')!) ?? '') && argumentNodes(n).length === 0) n = unwrapValue(n.childForFieldName('function')!.childForFieldName('argument')!);
    else if (n.type === 'pointer_expression' && n.child(0)?.type === '&' && n.childForFieldName('argument')) n = unwrapValue(n.childForFieldName('argument')!);
    else break;
  }
  return { ...ref, text: n.text };
}

const LIST_INTERFACE = /\bID3D12\w*CommandList\d*\b/;

/**
 * The interface a created list is asked for: `__uuidof(ID3D12GraphicsCommandList)` / `IID_ID3D12…` as the riid, or
 * the declared type of the object `IID_PPV_ARGS(&x)` fills (`ComPtr<ID3D12GraphicsCommandList> x`); undefined when
 * neither is written in the file (a deduced or templated type, a member declared in a header).
 */
function createdInterface(args: SyntaxNode[], fn: FnCtx): string | undefined {
  for (const a of args) {
    const iid = /^(?:__uuidof\s*\(\s*|IID_)(ID3D12\w*CommandList\d*)\b/.exec(a.text.trim());
    if (iid) return iid[1];
  }
  let n = unwrapValue(args[args.length - 1]);
  for (;;) {
    const f = n.type === 'call_expression' ? n.childForFieldName('function') : null;
    if (f && isPpvMacro(calleeName(f) ?? '') && argumentNodes(n).length === 1) n = unwrapValue(argumentNodes(n)[0]);
    else if (f?.type === 'field_expression' && POINTER_ACCESSORS.has(calleeName(f) ?? '') && f.childForFieldName('argument')) n = unwrapValue(f.childForFieldName('argument')!);
    else if (n.type === 'pointer_expression' && n.child(0)?.type === '&' && n.childForFieldName('argument')) n = unwrapValue(n.childForFieldName('argument')!);
    else break;
  }
  const t = typeOfExpr(n, fn);
  return t ? LIST_INTERFACE.exec(t)?.[0] : undefined;
}

/** `--format facts` fields of a creation: enumerator names where the value is an enum. */
function creationFields(c: ResourceCreation): Record<string, string | number | null> {
  const named = (family: string, v: number | null | undefined) => (v === null || v === undefined ? null : formatEnumValue(family, v));
  return {
    api: c.api, dimension: c.dimension, width: c.width ?? null, mipLevels: c.mipLevels, arraySize: c.arraySize,
    flags: named('resource-flags', c.flags), heapType: named('heap-type', c.heapType),
    ...(c.initialState ? { InitialState: named('state', c.initialState.value) } : {}),
    ...(c.initialLayout ? { InitialLayout: named('layout', c.initialLayout.value) } : {}),
    ...(c.swapChain ? { swapChain: 'true' } : {}),
  };
}

/** Arguments that are values, never objects a callee could record through. */
/** The predefined macros of C and C++ (and MSVC's): a number or a string. */
const PREDEFINED_MACRO = /^__(?:LINE|FILE|func|FUNCTION|COUNTER|FUNCSIG|PRETTY_FUNCTION)__$/;
/** `++m_value`, `count--`: the value of a stepped variable of a plain type (a number, not an object). */
function steppedPlain(a: SyntaxNode, fn: FnCtx): boolean {
  const target = a.type === 'update_expression' ? a.childForFieldName('argument') : null;
  return !!target && plainType(typeOfExpr(target, fn), fn.file.plainClasses);
}

const PLAIN_ARGUMENT = new Set(['number_literal', 'string_literal', 'concatenated_string', 'char_literal', 'true', 'false', 'null', 'nullptr', 'sizeof_expression']);
const LEAF_ARGUMENT = new Set(['identifier', 'number_literal', 'string_literal', 'qualified_identifier', 'true', 'false', 'null', 'nullptr']);
const ZERO_FILL = new Set(['memset', 'ZeroMemory', 'SecureZeroMemory', 'RtlZeroMemory']);

/** `memset(&b, 0, sizeof(b))` / `ZeroMemory(p, sizeof(*p))`: the struct pointed at is value-initialized. */
function zeroFill(target: SyntaxNode, fn: FnCtx): void {
  const v = evalValue(target, 'any', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  if (s.t === 'struct') resetMembers(s, { zero: true, text: 'memset', range: s.range, origin: 'zero-fill' }, fn);
}

const OUT_ARGUMENT = new Set(['identifier', 'field_expression', 'subscript_expression']);

/**
 * A barrier struct, or one member of it, handed to a function that may write it holds unknown values afterwards:
 * the callee fills it (`to_d3d12(stages, access, b.SyncBefore, b.AccessBefore)` with `D3D12_BARRIER_SYNC&`
 * parameters). A function declared or defined in this file may write what its non-const reference or pointer
 * parameters receive; one we cannot see may write `&b`, `&b.Member` and a member passed by name (it may take it by
 * reference). A whole struct passed by name to an unseen function is taken as a copy.
 */
/** A macro-style name (`SERIALISE_ELEMENT`): a macro may assign to a variable it is given by name. */
const MACRO_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * `SERIALISE_ELEMENT(NumBarriers)`: a macro the file does not define or declare may overwrite a variable or
 * parameter it names (renderdoc's serialisers read them back). The caller checks that the file declares no
 * function of the name.
 */
export function unseenMacroMayAssign(name: string, fn: FnCtx): boolean {
  return MACRO_NAME.test(name) && !fn.file.forwarders?.has(name);
}

function forgetOutArguments(name: string, args: SyntaxNode[], fn: FnCtx, filled: ReadonlySet<number> = new Set()): void {
  const overloads = fn.file.outParams.get(name)?.filter((flags) => flags.length >= args.length);
  // An unseen macro's arguments named by name are unknown afterwards.
  if (!overloads && unseenMacroMayAssign(name, fn)) {
    for (const a of args) {
      const t = unwrapValue(a);
      if (t.type !== 'identifier' || (!fn.env.has(t.text) && !fn.params.includes(t.text))) continue;
      const prior = fn.env.get(t.text);
      if (prior?.t === 'struct') forgetStruct(prior, fn);
      else fn.bind(t.text, { t: 'unknown', text: `${t.text} (written by ${name})`, range: rangeOf(a) });
    }
  }
  args.forEach((a, i) => {
    if (filled.has(i)) return;
    const inserter = insertedInto(a);
    if (inserter) {
      forgetContainer(inserter, fn);
      return;
    }
    // `memcpy(v.data(), src, n * sizeof(T))`, `Fill(&v[0], n)`: a pointer to a container's first element reaches
    // every element, so the whole container may be written (not only `v[0]`).
    const whole = elementsOf(a);
    if (whole && (!overloads || overloads.some((flags) => flags[i] === 'ptr' || flags[i] === 'ref')) && forgetContainer(whole, fn)) return;
    if (forgetAddressedElement(a, fn, { ppv: ppvArgument })) return;
    const addressOf = a.type === 'pointer_expression' && a.child(0)?.type === '&';
    const target = addressOf ? a.childForFieldName('argument') : a;
    if (!target || !OUT_ARGUMENT.has(target.type)) return;
    // A container of barriers handed over by pointer or by name (containers go by reference) may be filled by the
    // callee (`GetBarriers(&barriers)`); a declared by-value or const parameter cannot.
    // A plain array handed over by name decays to a pointer to its first element: a pointer parameter may fill it
    // (`D3D12_RESOURCE_BARRIER out[8]; UINT n = Drain(out, 8);`).
    const decays = !addressOf && target.type === 'identifier' && overloads?.some((flags) => flags[i] === 'ptr') && plainArray(target, fn);
    const byRef = overloads ? overloads.some((flags) => flags[i] === 'ref' || (flags[i] === 'ptr' && addressOf)) || !!decays : true;
    if (byRef && !isMember(target) && forgetContainer(target, fn)) return;
    const member = target.type === 'field_expression';
    // A pointer parameter receives a copy of a pointer: it can write `&x`, or what a pointer variable points at.
    const mayWrite = overloads ? overloads.some((flags) => flags[i] === 'ref' || (flags[i] === 'ptr' && (addressOf || !member)))
      : addressOf || member;
    if (!mayWrite) return;
    if (member && forgetMember(target, fn)) return;
    const v = evalValue(target, 'any', fn);
    // `UINT n = 0; Collect(out, &n);`, or `Add(out, n, …)` to a `UINT& count` parameter of a function the file
    // declares: the callee may write the count; it is unknown afterwards.
    const byReference = addressOf || overloads?.some((flags) => flags[i] === 'ref');
    if (byReference && v.t === 'num' && target.type === 'identifier' && fn.env.has(target.text)) {
      fn.bind(target.text, { t: 'unknown', text: `${target.text} (written by ${name})`, range: rangeOf(a) });
      return;
    }
    const s = v.t === 'ptr' ? deref(v) : v;
    if (s.t === 'struct' && (addressOf || v.t === 'ptr' || !overloads || overloads.some((flags) => flags[i] === 'ref'))) forgetStruct(s, fn);
  });
}

const isMember = (n: SyntaxNode) => n.type === 'field_expression';

/** The container whose first element an argument points at: `v.data()`, `std::data(v)`, `&v[0]`; else undefined. */
function elementsOf(a: SyntaxNode): SyntaxNode | undefined {
  const n = unwrapValue(a);
  if (n.type === 'call_expression') {
    const f = n.childForFieldName('function');
    const args = argumentNodes(n);
    if (f?.type === 'field_expression' && f.childForFieldName('field')?.text === 'data' && args.length === 0) return f.childForFieldName('argument') ?? undefined;
    if (f && /^(?:std::)?data$/.test(f.text.replace(/\s+/g, '')) && args.length === 1) return args[0];
    return undefined;
  }
  if (n.type !== 'pointer_expression' || n.child(0)?.type !== '&') return undefined;
  const sub = n.childForFieldName('argument');
  if (sub?.type !== 'subscript_expression') return undefined;
  const index = sub.childForFieldName('index') ?? sub.namedChildren.find((c) => c.type === 'subscript_argument_list');
  return index && /^\[?\s*0\s*\]?$/.test(index.text) ? sub.childForFieldName('argument') ?? undefined : undefined;
}
const INSERTERS = new Set(['std::back_inserter', 'back_inserter', 'std::inserter', 'inserter', 'std::front_inserter', 'front_inserter']);

/** `std::back_inserter(v)` (any namespace spelling of the std inserters): the container it appends to. */
function insertedInto(a: SyntaxNode): SyntaxNode | undefined {
  if (a.type !== 'call_expression') return undefined;
  const f = a.childForFieldName('function')?.text.replace(/\s+/g, '').replace(/^\w+::(?=\w+_?inserter$)/, 'std::');
  if (!f || !INSERTERS.has(f)) return undefined;
  return argumentNodes(a)[0];
}

/**
 * A container (or array) of barriers that a callee may fill: the barriers it held are unknown, and so is the number
 * of elements of a container. False when the node is not an array the function follows.
 */
function forgetContainer(target: SyntaxNode, fn: FnCtx): boolean {
  const v = evalValue(target, 'any', fn);
  if (v.t !== 'array') return false;
  // An array written at some indices only has holes (`b[2] = ...` in `D3D12_RESOURCE_BARRIER b[4]`).
  for (const e of [...v.elems, ...(v.loopElem ? [v.loopElem] : [])]) if (e?.t === 'struct') forgetStruct(e, fn);
  if (v.fields) forgetRecord(v, target, fn);
  // Any element may now hold what the callee wrote: a container's, and a plain array's (its submission may then
  // hold any barrier, barrier-facts.ts hasUnreadableElements).
  if ((v.container || (!v.fields && barrierArray(target, fn))) && !v.loopElem) v.loopElem = { t: 'unknown', text: `${target.text} (filled by the callee)`, range: rangeOf(target) };
  return true;
}

/** Whether `n` names a local plain array of barriers (not a container): it decays to a pointer when handed over by name. */
function plainArray(n: SyntaxNode, fn: FnCtx): boolean {
  const v = evalValue(n, 'any', fn);
  return v.t === 'array' && !v.container && !v.fields && barrierArray(n, fn);
}

/** Barrier types a callee fills arrays of (an array of resource pointers keeps its elements: they are named). */
const BARRIER_TYPE = /^(?:const\s+)?(?:CD3DX12_RESOURCE_BARRIER|D3D12_RESOURCE_BARRIER|D3D12_(?:TEXTURE|BUFFER|GLOBAL)_BARRIER)\b/;

/** Whether `n` is a name declared as an array of barriers (`D3D12_RESOURCE_BARRIER out[8]`). */
function barrierArray(n: SyntaxNode, fn: FnCtx): boolean {
  const t = n.type === 'identifier' ? fn.types.get(n.text) : undefined;
  return t !== undefined && BARRIER_TYPE.test(t.trim());
}

/**
 * `Pending p{}; FillPending(&p);`: every scalar or resource field of a record of the file (and of the records it
 * holds) may be written by the callee: unknown afterwards.
 */
function forgetRecord(v: ArrayVal, target: SyntaxNode, fn: FnCtx): void {
  v.elems.forEach((e, i) => {
    if (e?.t === 'array' && e.fields) forgetRecord(e, target, fn);
    else if (e && e.t !== 'struct' && e.t !== 'array') {
      fn.setElement(v, i, { t: 'unknown', text: `${target.text}.${v.fields![i] ?? i} (written by the callee)`, range: rangeOf(target) }, e);
    }
  });
}

/**
 * A helper's argument as a number: folded, or — `kDepthStates[kPassShadow]`, `kSteps[1].before`, `desc.state` — the
 * value the expression's evaluation found (a constant table's element, a local struct's member), as a barrier field
 * written with the same expression would read.
 */
/** An argument's reference with the resources the local record it hands holds (records.ts recordMembersOf). */
function withMembers(ref: ResourceRef, held: Pick<ResourceRef, 'members' | 'values'> | undefined): ResourceRef {
  return held ? { ...ref, ...held } : ref;
}

function argumentField(a: SyntaxNode, evaluated: AVal | undefined, fn: FnCtx): Field {
  const field = evalField(a, fn.file, fn);
  if (field.value !== null || field.param !== undefined || field.oneOf || evaluated?.t !== 'num' || evaluated.f.value === null) return field;
  return { ...field, value: evaluated.f.value };
}

/**
 * A submit helper that is a method of a class of the file submitting on one of its own members (`void
 * ResourceBarrier(const D3D12_RESOURCE_BARRIER* b, UINT n) { command_list_->ResourceBarrier(n, b); }`), called on an
 * object of that class (`recorder.ResourceBarrier(&b, 1)`, `rec->Submit(&b, 1)`): the helper and the list as the
 * caller names it (`recorder.command_list_`). Undefined for any other call (an object of another class or of a D3D12
 * interface keeps its own method of the name).
 */
function receiverSubmission(f: SyntaxNode, name: string, fn: FnCtx): { helper: SubmitHelper; list: ResourceRef } | undefined {
  const helper = fn.file.submitHelpers?.get(name);
  const member = helper && typeof helper.list !== 'number' ? unwrapValue(helper.list) : undefined;
  const obj = f.childForFieldName('argument');
  if (!helper || !member || member.type !== 'identifier' || !obj || obj.type === 'this') return undefined;
  const cls = classOfType(typeOfExpr(obj, fn));
  if (!cls || cls !== enclosingClass(member) || isCommandListObject(obj, fn) !== 'no') return undefined;
  const ref = resourceRef(obj, fn.file, fn);
  if (!ref.key || ref.unknown) return undefined;
  const op = f.childForFieldName('operator')?.text === '->' ? '->' : '.';
  const path = `${op}${member.text}`;
  const base = ref.param !== undefined ? { base: { param: ref.param, path } } : ref.base ? { base: { param: ref.base.param, path: ref.base.path + path } } : {};
  return { helper, list: { key: ref.key + path, text: obj.text + path, range: rangeOf(f), ...base, ...(ref.member ? { member: true as const } : {}) } };
}

/** The class a node of a method's body belongs to: the class defining it inline, or the one its name qualifies. */
function enclosingClass(node: SyntaxNode): string | undefined {
  for (let n: SyntaxNode | null = node.parent; n; n = n.parent) {
    if (n.type === 'class_specifier' || n.type === 'struct_specifier') return n.childForFieldName('name')?.text;
    if (n.type === 'function_definition') {
      const scope = n.descendantsOfType('qualified_identifier')[0];
      const own = scope && n.childForFieldName('declarator')?.text.includes(scope.text) ? scope.childForFieldName('scope')?.text : undefined;
      if (own) return own.split('::').pop();
    }
  }
  return undefined;
}

/** `b.SyncBefore` / `b.Transition.StateAfter` handed to a writer: that member is unknown. False if no barrier member. */
function recordUserCall(call: SyntaxNode, f: SyntaxNode, name: string | undefined, args: SyntaxNode[], fn: FnCtx, ctorOf?: string): void {
  const own = f.type === 'identifier' || f.type === 'qualified_identifier' || (f.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this');
  const submit = name && own ? fn.file.submitHelpers?.get(name) : undefined;
  const unqualified = f.type !== 'qualified_identifier';
  // A forwarding macro of the file onto a submit helper (`#define GFX_BARRIER(list, b) gfx::Submit((list), (b))`): the
  // helper's submission, with the macro's arguments in their places, stands at the macro's call.
  const forwarder = f.type === 'identifier' && name && !submit ? fn.file.forwarders?.get(name) : undefined;
  const forwardSubmit = forwarder && forwarder.slots.every((sl) => !('other' in sl)) ? fn.file.submitHelpers?.get(forwarder.target) : undefined;
  if (forwarder && forwardSubmit && !forwardSubmit.from) {
    const forwarded = forwardedArgs(forwarder, args, () => args[0]!);
    if (forwardSubmit.params === forwarded.length && inlineSubmission(call, forwarder.target, forwardSubmit, forwarded, !forwarder.qualifier, fn)) return;
  }
  // `recorder.ResourceBarrier(&b, 1)` on an object of the class whose method submits on its member list.
  const onReceiver = !submit && !forwarder && name && f.type === 'field_expression' ? receiverSubmission(f, name, fn) : undefined;
  if (onReceiver && onReceiver.helper.params === args.length && !onReceiver.helper.from
    && inlineSubmission(call, name!, onReceiver.helper, args, false, fn, onReceiver.list)) return;
  // Another file's helper: what is read from its text (a literal count) stands at the call.
  if (name && submit && submit.params === args.length
    && (submit.from ? anchoredAt(submit.from, rangeOf(call), () => inlineSubmission(call, name, submit, args, unqualified, fn)) : inlineSubmission(call, name, submit, args, unqualified, fn))) return;
  // Arguments are evaluated once for their effects: nested calls record their events, `&b[n++]` moves n.
  const evaluated = args.map((a) => (LEAF_ARGUMENT.has(a.type) ? undefined : evalValue(a, 'any', fn)));
  const records = args.map((a) => recordMembersOf(a, fn));
  // `add(tex, a, b)` of `auto add = [&](…) { batch[n++] = …; }`: evaluated in place (inline-lambdas.ts); any other
  // lambda that records no barrier writes what it captured by reference again at each call.
  const local = f.type === 'identifier' && name && !fn.file.fills?.has(name) ? localLambda(call, name, fn.file.lambdaNames) : undefined;
  if (local && !localLambdaCallee(call, name!, fn.file.lambdaNames)) {
    if (inlineLambdaCall(local, args, evaluated, fn)) return;
    forgetCapturedWrites(local, fn);
  }
  if (name && f.type === 'identifier') outParamFactoryList(call, name, args, fn);
  if (name && ZERO_FILL.has(name) && args.length >= 1) zeroFill(args[0], fn);
  else if (name) {
    forgetOutArguments(name, args, fn, applyFillHelper(call, f, name, args, evaluated, fn));
    applyScalarFills(call, args, evaluated, fn);
  }
  if (!name || (!ctorOf && f.type !== 'identifier' && f.type !== 'field_expression' && f.type !== 'qualified_identifier')) return;
  // `m_tex.Get()` and friends only read a pointer: not a call worth a summary.
  if (f.type === 'field_expression' && args.length === 0 && POINTER_ACCESSORS.has(name)) return;
  // `atlas.Resource()`, `buf.Address()`: a getter of the file whose one statement returns a member (resource-getters.ts)
  // reads it and changes nothing; an unknown call of that name would forget what its object holds.
  if (args.length === 0 && (fn.file.resourceGetters?.has(name) || fn.file.addressGetters?.has(name) || fn.file.classResourceGetterNames?.has(name))) return;
  if (args.length > 0 && fn.file.indexedGetters?.get(name)?.params.length === args.length) return;
  const handles = fn.file.descriptors?.calls.get(call);
  const argFacts = (xs: SyntaxNode[], from = 0) => xs.map((a, i) => {
    const field = argumentField(a, evaluated[from + i], fn);
    const type = typeOfExpr(a, fn);
    const plain = field.value !== null || PLAIN_ARGUMENT.has(unwrapValue(a).type) || PREDEFINED_MACRO.test(a.text) || plainType(type, fn.file.plainClasses)
      || steppedPlain(unwrapValue(a), fn);
    const holder = !plain && holdsList(type, fn.file.listHolders);
    const h = handles?.args[from + i];
    const sym = a.type === 'identifier' || a.type === 'field_expression' ? pathMember(a, fn) : undefined;
    const heapType = heapTypeOfArgument(a, evaluated[from + i], type, fn);
    const dimension = heapType === undefined ? dimensionOfArgument(a, evaluated[from + i], type, fn) : undefined;
    return {
      ...(sym !== undefined ? { sym } : {}), ...(heapType !== undefined ? { heapType } : {}), ...(dimension ? { dimension } : {}),
      field, resource: withMembers(resourceRef(a, fn.file, fn), records[from + i]), ...(isCommandListObject(a, fn) === 'yes' ? { list: true } : {}), ...(plain ? { plain: true as const } : {}),
      ...(holder ? { holdsList: true as const } : {}),
      ...(h?.t === 'handle' && handles ? { handle: { h: h.h, scope: handles.scope } } : {}),
    };
  });
  // C COM macros: `ID3D12GraphicsCommandList_IASetPrimitiveTopology(list, ...)` is `list->IASetPrimitiveTopology(...)`.
  const macro = f.type === 'identifier' ? C_MACRO.exec(name) : null;
  if (macro && args.length > 0) {
    emit(fn, {
      kind: 'user-call', site: -1, range: rangeOf(call), list: resourceRef(args[0], fn.file, fn), callee: macro[2], args: argFacts(args.slice(1), 1),
      ...(macro[1].startsWith('CommandList') ? { onCommandList: true } : {}), ...(fn.undecided ? { undecidedBranch: true as const } : {}),
    });
    return;
  }
  // A forwarding macro defined in the file (`#define transition(a, ...) transition_(__LINE__, a, __VA_ARGS__)`).
  const forward = f.type === 'identifier' ? fn.file.forwarders?.get(name) : undefined;
  if (forward) {
    const range = rangeOf(call);
    const token = (text: string) => ({
      field: { value: tokenValue(text), text, range }, resource: { key: null, text, range, unknown: true },
    });
    emit(fn, {
      kind: 'user-call', site: -1, range, callee: forward.target, args: forwardedArgs(forward, argFacts(args), token),
      ...(forward.qualifier ? { qualifier: forward.qualifier } : {}),
    });
    return;
  }
  const object = f.type === 'field_expression' ? f.childForFieldName('argument') : null;
  const list = object ? resourceRef(object, fn.file, fn) : undefined;
  const receiverClass = ctorOf ?? (object ? classOfType(typeOfExpr(object, fn)) : undefined);
  // `Ui::Render()` is a function of the namespace (or class) it names: the caller's own `Render()` only when that is
  // its class or a base.
  const qualifier = calleeScope(f);
  const receiverBases = receiverClass ? basesOf(receiverClass, fn.file.classBases) : [];
  const onCommandList = object ? isCommandListObject(object, fn) === 'yes' : false;
  const op = f.type === 'field_expression' ? f.child(1)?.type : undefined;
  const receiverOp = object && !onCommandList && object.type !== 'this' && (op === '.' || op === '->') ? op : undefined;
  const ownClass = f.type === 'identifier' || object?.type === 'this';
  const facts = argFacts(args);
  // `rt_->ToRenderTarget(cl)` on a member the class's header declares: the run may say its class (graphicsMembers).
  if (object && !receiverClass && receiverOp && fn.method) noteUntyped(object, fn);
  // What the callee reaches besides its arguments (track/havoc-call.ts): the caller's members through `this` (`F()`
  // in a method, unless the file declares F outside any class; `this->F()`; `*this` handed) — unless the caller's
  // class is one of the file holding no list: then no method of it records a barrier — and the list an object it is
  // called on holds (`frame.Submit()` of `struct Frame { ID3D12GraphicsCommandList* cl; }`).
  // Only a call made for its effect (`DrawScene();`, `if (!Prepare())`): one whose value is used (`target =
  // CurrentTarget()`) is read as a getter, as on any other object (track/getter-aliases.ts).
  // `F()` counts only where the file declares a method F (a class body it holds, `Class::F` it defines): in a method
  // of a class declared in a header the file does not see, `memcpy(…)`, `pow(…)` and the class's own undefined
  // methods look alike, and taking every such call as a method made every member unknown (paths/mip-loop-library-calls).
  const reachesThis = !fn.plainClass && calledForEffect(call) && ((f.type === 'identifier' && fn.method && !fn.file.freeFunctions?.has(name)
    && !!fn.file.declaredMethods?.has(name)) || object?.type === 'this' || args.some((a) => /^\*?\s*this$/.test(a.text)));
  const receiverType = receiverOp && object ? typeOfExpr(object, fn) : undefined;
  const undeclared = !!object && !!receiverOp && !receiverClass && undeclaredName(object, fn);
  // NOTE: an object of an engine class whose body the file does not hold (`m_stateManager.ApplyAllTransitions()`, the
  // class declared in a header) may hold the list too: its methods are how engines record. An argument of such a
  // class is not taken as one (a free function handed it is no method of it); see docs/real-world.md, session 22.
  const unseenClass = !!receiverType && !!receiverClass && objectType(receiverType) && !fn.file.classBodies?.has(receiverClass)
    && !plainType(receiverType, fn.file.plainClasses);
  const receiverReach = receiverOp && (holdsList(receiverType, fn.file.listHolders) || unseenClass) ? 'list' as const : undefined;
  const check = !object && checksResult(args, fn);
  // A local lambda is called by its own name; a fill helper's call already wrote what it fills (fill-helpers.ts) and
  // keeps its name (the tracker keeps the states of what it is handed).
  const lambda = f.type === 'identifier' && !fn.file.fills?.has(name) ? localLambdaCallee(call, name, fn.file.lambdaNames) : undefined;
  const callee = lambda ?? name;
  const leaves = leavesOnFailure(call);
  emit(fn, {
    kind: 'user-call', site: -1, range: rangeOf(call), list, callee, args: facts, ...(reachesThis ? { reachesThis: true as const } : {}), ...(receiverReach ? { receiverReach } : {}), ...(check ? { checksResult: true as const } : {}),
    ...(receiverClass ? { receiverClass } : {}), ...(receiverBases.length ? { receiverBases } : {}), ...(qualifier ? { qualifier } : {}),
    ...(onCommandList ? { onCommandList } : {}), ...(receiverOp ? { receiverOp } : {}), ...(ownClass ? { ownClass } : {}),
    ...(fn.undecided ? { undecidedBranch: true as const } : {}), ...(leaves ? { leavesOnFailure: leaves } : {}),
    ...(receiverOp && calledForEffect(call) ? { forEffect: true as const } : {}), ...(undeclared ? { undeclaredReceiver: true as const } : {}),
    ...(args.length === 0 && !object && testedFlag(call) ? { testedFlag: true as const } : {}),
    ...(args.length === 0 && object && receiverOp && testedFlag(call) ? { testedQuery: true as const } : {}),
  });
}

/**
 * `ScopedTransition t(cl, tex, A, B);` (extract/constructor-calls.ts): a call of class `cls`'s constructor, made at
 * the declarator `at` with the class's name `typeNode` as its callee; the event it records is returned.
 */
export function recordConstructorCall(at: SyntaxNode, typeNode: SyntaxNode, cls: string, args: SyntaxNode[], fn: FnCtx): UserCallEvent | undefined {
  const before = fn.events.length;
  recordUserCall(at, typeNode, cls, args, fn, cls);
  const own = fn.events.slice(before).filter((e): e is UserCallEvent => e.kind === 'user-call' && e.callee === cls && sameStart(e.range, rangeOf(at)));
  return own[own.length - 1];
}

const sameStart = (a: Range, b: Range) => a.startLine === b.startLine && a.startColumn === b.startColumn;

/**
 * `if (IsEnhancedBarriersEnabled())`, `if (!Renderer::UseCompute())`: the whole condition of an if is the call (a
 * function's, not an object's: `if (m_barriers.empty())` is a container's size, which the path facts follow).
 */
function testedFlag(call: SyntaxNode): boolean {
  let n = call;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || (n.parent.type === 'unary_expression' && n.parent.child(0)?.type === '!'))) n = n.parent;
  return n.parent?.type === 'condition_clause' && n.parent.parent?.type === 'if_statement';
}

/**
 * `swap->Advance();`, `if (swap->Advance())`, `if (!ctx.Bind(x))`: a call made for what it does, not for the object
 * it returns (`backBuffer->Native()` as a barrier's resource is a getter, whatever its declaration's constness).
 */
function calledForEffect(call: SyntaxNode): boolean {
  let n = call;
  while (n.parent && (n.parent.type === 'parenthesized_expression' || (n.parent.type === 'unary_expression' && n.parent.child(0)?.type === '!'))) n = n.parent;
  const p = n.parent;
  return p?.type === 'expression_statement' || p?.type === 'condition_clause';
}
