// The d3dx12 helpers: struct values built by CD3DX12_* constructor calls (overload chosen by argument count and
// kinds, defaults applied) and by the CD3DX12_RESOURCE_DESC factories (`CD3DX12_RESOURCE_DESC::Tex2D(...)`).
import { lookupEnumIdentifier } from '../model/enums';
import type { HelperOverload, HelperParam } from '../model/helpers';
import { DESC_FACTORIES, HELPERS, minArgs } from '../model/helpers';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { addProblem, addSite, evalValue } from './context';
import { isCppCast, ownEntry, rangeOf, unwrapValue } from './syntax';
import type { AVal, StructVal } from './values';
import { cloneVal, getMember, keepAddress, makeStruct, numVal } from './values';
import { detached } from '../detached-string';

/** Normalize a callee/type text to a helper key, or undefined. */
export function helperNameOf(text: string): string | undefined {
  let name = helperByText.get(text);
  if (name === undefined) {
    const t = text.replace(/\s+/g, '').replace(/^::/, '');
    if (helperByText.size > 10_000) helperByText.clear();
    helperByText.set(detached(text), (name = ownEntry(HELPERS, t) ? detached(t) : null));
  }
  return name ?? undefined;
}
/** Callee and type texts repeat: normalized once. */
const helperByText = new Map<string, string | null>();

/** Set a (possibly nested, "Transition.StateBefore") member path on a struct. */
export function setPath(s: StructVal, path: string, v: AVal): void {
  const parts = path.split('.');
  let target = s;
  for (const part of parts.slice(0, -1)) {
    const next = getMember(target, part);
    if (next.t !== 'struct') return;
    target = next;
  }
  target.members.set(parts[parts.length - 1], v);
}

function argMismatch(param: HelperParam, arg: SyntaxNode): boolean {
  // An explicit cast makes the argument the parameter's type, whatever enumerator it casts.
  if (arg.type === 'cast_expression' || isCppCast(arg)) return false;
  const n = unwrapValue(arg);
  if (n.type !== 'identifier' && n.type !== 'type_identifier') return false;
  const e = lookupEnumIdentifier(n.text);
  if (!e) return false;
  if (param.expect === 'res' || param.expect === 'range' || param.expect === 'group-ptr') return true;
  return param.family !== undefined && e.family.id !== param.family;
}

function chooseOverload(overloads: readonly HelperOverload[], args: SyntaxNode[]): HelperOverload | undefined {
  return overloads.find((o) => args.length >= minArgs(o) && args.length <= o.params.length
    && o.params.every((p, i) => i >= args.length || !argMismatch(p, args[i])));
}

export function constructHelper(call: SyntaxNode, helper: string, args: SyntaxNode[], fn: FnCtx): AVal {
  const spec = HELPERS[helper];
  const range = rangeOf(call);
  const overload = chooseOverload(spec.overloads, args);
  if (!overload) {
    addProblem(fn.file, {
      kind: 'no-matching-overload', range, text: call.text.replace(/\/\/[^\n]*/g, '').replace(/\s+/g, ' ').slice(0, 80),
      detail: `no ${helper} overload takes these ${args.length} argument(s)`,
    });
    return { t: 'unknown', text: call.text, range };
  }
  if (overload.copy) {
    const src = evalValue(args[0], spec.kind, fn);
    if (src.t === 'struct') {
      // The copy constructor: a construction site of its own with the source's values.
      const copy = fn.created(cloneVal(src) as StructVal);
      copy.range = range;
      copy.site = spec.siteKind && spec.kind !== 'range' ? addSite(fn.file, spec.siteKind, range, null) : -1;
      if (copy.site >= 0) fn.file.sites[copy.site].live = copy;
      return copy;
    }
    if (spec.kind === 'range') return buildFromArgs(call, helper, spec.overloads[1], args, fn);
    return { t: 'unknown', text: call.text, range };
  }
  return buildFromArgs(call, helper, overload, args, fn);
}

function buildFromArgs(call: SyntaxNode, helper: string, overload: HelperOverload, args: SyntaxNode[], fn: FnCtx): StructVal {
  const spec = HELPERS[helper];
  const range = rangeOf(call);
  const site = spec.siteKind && spec.kind !== 'range' ? addSite(fn.file, spec.siteKind, range, null) : -1;
  // A default-constructed helper leaves members uninitialized; every other overload sets all of them.
  const s = fn.created(makeStruct(spec.kind, range, site, overload.params.length > 0));
  for (const [member, value] of Object.entries(overload.fixed ?? {})) {
    setPath(s, member, numVal({ value, text: `${helper} default`, range, origin: 'helper-default' }));
  }
  overload.params.forEach((param, i) => {
    if (!param.member || param.expect === 'ignore') return;
    const arg = args[i];
    if (!arg) {
      if (param.default !== undefined) setPath(s, param.member, numVal({ value: param.default, text: 'default', range, origin: 'helper-default' }));
      return;
    }
    if (param.expect === 'group-ptr') {
      setGroupPointer(s, evalValue(arg, 'any', fn), true);
      return;
    }
    const expect = param.expect === 'range' ? 'range' : param.expect;
    setPath(s, param.member, evalValue(arg, expect, fn));
  });
  if (site >= 0) fn.file.sites[site].live = s;
  return s;
}

/**
 * Store a group's barrier pointer. With CD3DX12_BARRIER_GROUP(n, p) (`setType`) the pointee's element type decides
 * the group type; a raw D3D12_BARRIER_GROUP keeps the Type it was given (0 = GLOBAL when value-initialized).
 */
export function setGroupPointer(group: StructVal, p: AVal, setType = false): void {
  const target = p.t === 'ptr' ? p.target : p;
  const kind = target.t === 'array' ? target.elemKind : target.t === 'struct' ? target.kind : null;
  const member = kind === 'texture' ? 'pTextureBarriers' : kind === 'buffer' ? 'pBufferBarriers' : kind === 'global' ? 'pGlobalBarriers' : 'pBarriers';
  const typeValue = kind === 'texture' ? 1 : kind === 'buffer' ? 2 : kind === 'global' ? 0 : null;
  if (setType && typeValue !== null && !group.members.has('Type')) {
    group.members.set('Type', numVal({ value: typeValue, text: `CD3DX12_BARRIER_GROUP(${kind})`, range: group.range, origin: 'group-type' }));
  }
  keepAddress(p);
  group.members.set(member, p);
}

/** `CD3DX12_RESOURCE_DESC::Tex2D(...)` and the other desc factories; undefined for any other call. */
export function descFactoryCall(call: SyntaxNode, callee: SyntaxNode, fn: FnCtx): StructVal | undefined {
  const name = callee.text.replace(/\s+/g, '');
  const desc = /^CD3DX12_RESOURCE_DESC1?::(Buffer|Tex1D|Tex2D|Tex3D)$/.exec(name);
  if (desc) return constructDescFactory(call, desc[1], fn);
  return DESC_COPY.test(name) ? descCopy(call, fn) : undefined;
}

/** `CD3DX12_RESOURCE_DESC1(bufferDesc)`: the d3dx12 wrapper constructed from one description is a copy of it. */
const DESC_COPY = /^CD3DX12_RESOURCE_DESC1?$/;

function descCopy(call: SyntaxNode, fn: FnCtx): StructVal | undefined {
  const args = call.childForFieldName('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  if (args.length !== 1) return undefined;
  const v = evalValue(args[0], 'any', fn);
  return v.t === 'struct' && v.kind === 'desc' ? (cloneVal(v) as StructVal) : undefined;
}

function constructDescFactory(call: SyntaxNode, factory: string, fn: FnCtx): StructVal {
  const spec = DESC_FACTORIES[factory];
  const range = rangeOf(call);
  const args = call.childForFieldName('arguments')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
  const s = fn.created(makeStruct('desc', range, -1, true));
  s.members.set('Dimension', numVal({ value: spec.dimension, text: factory, range }));
  // Buffer(const D3D12_RESOURCE_ALLOCATION_INFO&, flags): width unknown.
  spec.params.forEach((param, i) => {
    const arg = args[i];
    // The format is kept as written (its value is not needed, only which DXGI format: model/formats.ts).
    if (param.member === 'Format' && arg) s.members.set('Format', numVal({ value: null, text: arg.text, range: rangeOf(arg) }));
    if (!param.member || param.expect === 'ignore') return;
    if (arg) s.members.set(param.member, evalValue(arg, 'num', fn));
    else if (param.default !== undefined) s.members.set(param.member, numVal({ value: param.default, text: 'default', range, origin: 'desc-default' }));
  });
  if (factory !== 'Tex3D' && factory !== 'Buffer' && !s.members.has('DepthOrArraySize')) {
    s.members.set('DepthOrArraySize', numVal({ value: 1, text: 'default', range, origin: 'desc-default' }));
  }
  if (factory === 'Buffer') {
    for (const m of ['Height', 'DepthOrArraySize', 'MipLevels']) s.members.set(m, numVal({ value: 1, text: 'buffer', range, origin: 'desc-default' }));
  }
  if (!s.members.has('SampleDesc')) s.members.set('SampleDesc', numVal({ value: 1, text: 'default', range, origin: 'desc-default' }));
  return s;
}
