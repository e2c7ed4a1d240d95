// D3D12 API calls → events: Barrier, ResourceBarrier (methods and C COM macros), resource and command-list
// creation, recording commands, ExecuteCommandLists, Close/Reset. An engine method that only shares a name
// (`device->Barrier(tex, state)`) is recognized by its arguments and treated as an ordinary call.
import { COMMANDS, CREATION_APIS, LIST_CREATION, LIST_OPS, LIST_TYPE_NAMES } from '../model/api';
import type { SyntaxNode } from '../parse/parser';
import type { Event, ResourceCreation, ResourceRef } from './facts';
import type { FnCtx } from './context';
import { addSite } from './context';
import { barriersOf, groupFromStruct } from './barrier-facts';
import { evalField } from './evaluate';
import { deref, evalValue } from './expressions';
import { resourceRef } from './resources';
import { rangeOf } from './syntax';
import type { AVal, StructVal } from './values';
import { getMember } from './values';

/** `ID3D12GraphicsCommandList7_Barrier(list, n, groups)`: the C COM macros take the object first. */
const C_MACRO = /^ID3D12\w*?(CommandList\d*|Device\d*|CommandQueue)_(\w+)$/;

interface CallShape {
  method: string;
  object: SyntaxNode | null;
  args: SyntaxNode[];
}

function shapeOf(f: SyntaxNode, name: string | undefined, args: SyntaxNode[]): CallShape | undefined {
  if (!name) return undefined;
  if (f.type === 'field_expression') return { method: name, object: f.childForFieldName('argument'), args };
  const m = f.type === 'identifier' ? C_MACRO.exec(name) : null;
  if (m && args.length > 0) return { method: m[2], object: args[0], args: args.slice(1) };
  return undefined;
}

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
  if (shape && handleApi(call, shape, fn)) return unknown(call);
  recordUserCall(call, f, name, args, fn);
  return undefined;
}

function handleApi(call: SyntaxNode, shape: CallShape, fn: FnCtx): boolean {
  const { method, args } = shape;
  const range = rangeOf(call);
  if ((method === 'Barrier' || method === 'ResourceBarrier') && args.length === 2) {
    const payload = evalValue(args[1], 'any', fn);
    const target = payload.t === 'ptr' ? deref(payload) : payload;
    const wantGroup = method === 'Barrier';
    const kindOk = target.t === 'struct' ? (wantGroup ? target.kind === 'group' : target.kind === 'legacy')
      : target.t === 'array' ? target.elemKind === (wantGroup ? 'group' : 'legacy') || target.elemKind === null
        : target.t === 'unknown' || (target.t === 'num' && target.f.value === null);
    if (!kindOk) return false;
    const count = evalField(args[0], fn.file, fn);
    const site = addSite(fn.file, wantGroup ? 'barrier-call' : 'resource-barrier-call', range, null);
    fn.file.sites[site].site.fields = { count: count.value };
    if (wantGroup) {
      emit(fn, { kind: 'barrier-call', site, range, list: listRef(shape, fn), count, groups: groupsOf(payload) });
    } else {
      emit(fn, { kind: 'resource-barrier-call', site, range, list: listRef(shape, fn), count, barriers: barriersOf(payload) });
    }
    return true;
  }
  const creation = CREATION_APIS[method];
  if (creation && args.length >= Math.max(creation.descArg, creation.stateArg ?? 0, creation.layoutArg ?? 0) + 2) {
    recordCreation(call, method, args, fn);
    return true;
  }
  if (method === 'GetBuffer' && args.length === 2) {
    const resource = resourceRef(args[1], fn.file, fn);
    const site = addSite(fn.file, 'resource-creation', range, resource.text);
    const c: ResourceCreation = { resource, api: 'GetBuffer', dimension: 'texture2d', mipLevels: 1, arraySize: 1, flags: 1, heapType: 1, swapChain: true };
    emit(fn, { kind: 'resource-creation', site, range, creation: c });
    return true;
  }
  const lc = LIST_CREATION[method];
  if (lc && lc.argc.includes(args.length)) {
    const type = evalField(args[lc.typeArg], fn.file, fn);
    const list = resourceRef(args[args.length - 1], fn.file, fn);
    const site = addSite(fn.file, 'command-list-creation', range, list.text);
    const listType = type.value === null ? null : LIST_TYPE_NAMES[type.value] ?? null;
    fn.file.sites[site].site.fields = { type: listType };
    emit(fn, { kind: 'command-list-creation', site, range, list, listType, api: method });
    return true;
  }
  if (method === 'ExecuteCommandLists' && args.length === 2) {
    const site = addSite(fn.file, 'execute-command-lists', range, null);
    const v = evalValue(args[1], 'any', fn);
    const arr = v.t === 'ptr' ? v.target : v;
    const lists = arr.t === 'array' ? arr.elems.filter((e) => e.t === 'res').map((e) => (e as { ref: ResourceRef }).ref)
      : v.t === 'res' ? [v.ref] : null;
    emit(fn, { kind: 'execute-command-lists', site, range, list: listRef(shape, fn), lists });
    return true;
  }
  const op = LIST_OPS[method];
  if (op && op.argc.includes(args.length) && shape.object) {
    for (const a of args) evalValue(a, 'any', fn);
    emit(fn, { kind: op.kind, site: -1, range, list: listRef(shape, fn) });
    return true;
  }
  const cmd = COMMANDS[method];
  if (cmd && cmd.argc.includes(args.length) && shape.object) {
    const resources = cmd.resources.map((r) => {
      const ref = r.loc ? copyLocationResource(args[r.arg], fn) : resourceRef(args[r.arg], fn.file, fn);
      return { role: r.role, ref, subresource: r.sub !== undefined ? evalField(args[r.sub], fn.file, fn) : undefined };
    });
    emit(fn, { kind: 'command', site: -1, range, list: listRef(shape, fn), method, resources });
    return true;
  }
  return false;
}

function copyLocationResource(arg: SyntaxNode, fn: FnCtx): ResourceRef {
  const v = evalValue(arg, 'copy-location', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  if (s.t === 'struct') {
    const r = getMember(s, 'pResource');
    if (r.t === 'res') return r.ref;
  }
  return { key: null, text: arg.text, range: rangeOf(arg) };
}

function groupsOf(payload: AVal) {
  const target = payload.t === 'ptr' ? payload.target : payload;
  const start = payload.t === 'ptr' ? payload.index ?? 0 : 0;
  if (target.t === 'struct' && target.kind === 'group') return [groupFromStruct(target)];
  if (target.t === 'array') {
    const groups = target.elems.slice(start).filter((e): e is StructVal => e.t === 'struct' && e.kind === 'group');
    if (target.loopElem?.t === 'struct') groups.push(target.loopElem);
    return groups.map(groupFromStruct);
  }
  return null;
}

function num(v: AVal): number | null {
  return v.t === 'num' ? v.f.value : null;
}

function recordCreation(call: SyntaxNode, api: string, args: SyntaxNode[], fn: FnCtx): void {
  const spec = CREATION_APIS[api];
  const range = rangeOf(call);
  const resource = resourceRef(args[args.length - 1], fn.file, fn);
  const descVal = evalValue(args[spec.descArg], 'desc', fn);
  const desc = descVal.t === 'ptr' ? deref(descVal) : descVal;
  const heapVal = spec.heapArg !== undefined ? evalValue(args[spec.heapArg], 'heap-props', fn) : undefined;
  const heap = heapVal?.t === 'ptr' ? deref(heapVal) : heapVal;
  const d = desc.t === 'struct' ? desc : undefined;
  const dim = d ? num(getMember(d, 'Dimension')) : null;
  const dimension = dim === 1 ? 'buffer' : dim === 2 ? 'texture1d' : dim === 3 ? 'texture2d' : dim === 4 ? 'texture3d' : null;
  const depthOrArray = d ? num(getMember(d, 'DepthOrArraySize')) : null;
  const width = d ? num(getMember(d, 'Width')) : null;
  const height = d ? num(getMember(d, 'Height')) : null;
  let mips = d ? num(getMember(d, 'MipLevels')) : null;
  if (mips === 0 && width !== null) {
    const largest = Math.max(width, height ?? 1, dimension === 'texture3d' ? depthOrArray ?? 1 : 1);
    mips = Math.floor(Math.log2(Math.max(1, largest))) + 1;
  }
  const creation: ResourceCreation = {
    resource, api, dimension, width, mipLevels: mips,
    arraySize: dimension === 'texture3d' ? 1 : depthOrArray,
    flags: d ? num(getMember(d, 'Flags')) : null,
    heapType: heap?.t === 'struct' ? num(getMember(heap, 'Type')) : null,
    sampleCount: d ? num(getMember(d, 'SampleDesc')) : null,
  };
  if (spec.stateArg !== undefined) creation.initialState = evalField(args[spec.stateArg], fn.file, fn);
  if (spec.layoutArg !== undefined) creation.initialLayout = evalField(args[spec.layoutArg], fn.file, fn);
  const site = addSite(fn.file, 'resource-creation', range, resource.text);
  fn.file.sites[site].site.fields = {
    api, dimension, mipLevels: creation.mipLevels, arraySize: creation.arraySize, flags: creation.flags,
    heapType: creation.heapType,
    ...(creation.initialState ? { InitialState: creation.initialState.value } : {}),
    ...(creation.initialLayout ? { InitialLayout: creation.initialLayout.value } : {}),
  };
  emit(fn, { kind: 'resource-creation', site, range, creation });
}

function recordUserCall(call: SyntaxNode, f: SyntaxNode, name: string | undefined, args: SyntaxNode[], fn: FnCtx): void {
  for (const a of args) {
    if (a.type === 'call_expression' || a.descendantsOfType('call_expression').length > 0) evalValue(a, 'any', fn);
  }
  if (!name || (f.type !== 'identifier' && f.type !== 'field_expression' && f.type !== 'qualified_identifier')) return;
  const argFacts = args.map((a) => ({ field: evalField(a, fn.file, fn), resource: resourceRef(a, fn.file, fn) }));
  const list = f.type === 'field_expression' ? resourceRef(f.childForFieldName('argument')!, fn.file, fn) : undefined;
  emit(fn, { kind: 'user-call', site: -1, range: rangeOf(call), list, callee: name, args: argFacts });
}
