// The descriptor walker: one pass over every function body before the main evaluation, following descriptor
// handles through locals, branches and loops (a handle stepped once per iteration of a counted loop is indexed by
// the loop counter), and recording the file-wide tables — views written into heap slots, buffer views filled with
// GPU virtual addresses, handles stored in members — plus, for each binding/clear call, the values of its
// arguments (read back by descriptor-events.ts when the evaluator records the call). Unknown stays unknown.
import { VIEW_CREATION } from '../model/uses';
import type { SyntaxNode } from './node';
import type { FileCtx } from './context';
import type { BufferViewFact, CallAnnotation, DescriptorPass, HandleFact, StoredHandleFact, UavCounterFact, ViewFact } from './descriptor-facts';
import type { DScope, DVal } from './descriptor-values';
import {
  HANDLE_HELPER, HANDLE_TYPE, MEMBER_NAME, addIndex, handleOf, helperHandle, indexOf, isName, keyRoot, localMemberKey, numberOf, offsetBy, ptrValue, resourceOf,
  scaledCount, vaOf,
  heapStartOut,
} from './descriptor-values';
import { isResourceType, resourceRef } from './resources';
import type { Induction } from './descriptor-loops';
import { assignedNames, fillIterations, induction, uniformStep } from './descriptor-loops';
import { enumerators, incrementSizes, storedLookup } from './descriptor-scan';
import { raytracingAssignment, raytracingCallArgs, raytracingDeclaration } from './raytracing-descs';
import { oneReturnGetters, type GetterCandidate } from './resource-getters';
import { argumentNodes, calleeName, elseBody, rangeOf, unwrapValue } from './syntax';
import { heldParameter } from './held-slots';
import { opaqueMemberHandle, viewTargetKeys } from './opaque-handles';
import { declaredName } from './types';
import { aliasedObject, isReference, isValueType } from './object-aliases';
import { declaredNames } from './walker';
import type { HandleHelper, MemberView } from './descriptor-facts';
import type { ViewHelper } from './member-views';
import { MemberViewLog, paramSlot, structMember, structTypeName, viewHelpersOf } from './member-views';
import { type RunClassViews, classOfQualified, exportClassViews, importedFor, importedViews } from './class-views';
import { recordAccessType, renderPassTargets } from './render-passes';
import type { HelperReturn } from './handle-helpers';
import { handlePlaceholder, heapPlaceholder, summarize } from './handle-helpers';
import { VIEW_DESC_TYPE, descCoverage, descMember, forgetMembers, recordDescField, zeroDeclared, zeroFill } from './view-desc-fields';

/** Calls whose arguments the event builder reads (descriptor-events.ts). */
export const ANNOTATED_CALLS: ReadonlySet<string> = new Set([
  'OMSetRenderTargets', 'ClearRenderTargetView', 'ClearDepthStencilView', 'IASetIndexBuffer', 'IASetVertexBuffers',
  'SOSetTargets', 'SetGraphicsRootDescriptorTable', 'SetComputeRootDescriptorTable',
  'SetGraphicsRootShaderResourceView', 'SetGraphicsRootUnorderedAccessView', 'SetGraphicsRootConstantBufferView',
  'SetComputeRootShaderResourceView', 'SetComputeRootUnorderedAccessView', 'SetComputeRootConstantBufferView',
]);


export type { CallAnnotation, DescriptorPass };

const BUFFER_VIEW_TYPE = /\bD3D12_(?:VERTEX_BUFFER_VIEW|INDEX_BUFFER_VIEW|STREAM_OUTPUT_BUFFER_VIEW|CONSTANT_BUFFER_VIEW_DESC)\b/;
const DSV_READ_ONLY_DEPTH = 0x1;
const NULL_VALUE = /^(?:nullptr|NULL|0|\{\s*\})$/;
/** `ID3D12Device5_CreateUnorderedAccessView(device, …)`: a device method through the C COM macros. */
const DEVICE_MACRO = /^ID3D12Device\d*_(\w+)$/;
/** `ID3D12GraphicsCommandList_OMSetRenderTargets(list, …)`: a list method through the C COM macros. */
const LIST_MACRO = /^ID3D12\w*CommandList\d*_(\w+)$/;
/** A returned expression that may be a descriptor handle. */
const HANDLE_HINT = /DESCRIPTOR_HANDLE|DescriptorHandleForHeapStart|Get(?:Cpu|Gpu|First)\w*Handle/;
// A file that creates views through handles of helpers it calls (`get_cpu_rtv_handle(&ctx, heap, 3)`) names none of
// the handle types: the view creations are the hint.
// A file that only clears or binds handles a setup helper of another file stored in a struct (`context.rtv`) names
// none of them either: the uses are the hint.
const HINTS = /DESCRIPTOR_HANDLE|GetGPUVirtualAddress|DescriptorHandleForHeapStart|Get(?:Cpu|Gpu|First)\w*Handle|Create(?:RenderTarget|DepthStencil|ShaderResource|UnorderedAccess|ConstantBuffer)View\b|OMSetRenderTargets|Clear(?:RenderTarget|DepthStencil)View\b/;

/** Values that print alike (descriptor values are plain data). */
function sameText(vals: readonly (DVal | undefined)[]): boolean {
  const first = JSON.stringify(vals[0]);
  return vals.every((v) => JSON.stringify(v) === first);
}

class Walk {
  readonly views: ViewFact[] = [];
  readonly counters: UavCounterFact[] = [];
  readonly bufferViews: BufferViewFact[] = [];
  readonly stores: StoredHandleFact[] = [];
  readonly tainted = new Set<string>();
  readonly calls = new Map<SyntaxNode, CallAnnotation>();
  /** The handles the function returns (for handle-helper summaries), with the parameter a guard made 0. */
  readonly returns: HelperReturn[] = [];
  private zero: string | null = null;
  private loops: Induction[] = [];
  /** Set when the walked function is a view helper writing at its slot parameter (ViewHelper `heap`). */
  perCall?: { params: readonly string[]; slot: number; resource: string };
  /** Those views, kept apart: they stand in the table only when a call of the helper was not followed. */
  readonly perCallViews: ViewFact[] = [];
  /** The calls of view helpers followed (helperView), by helper name. */
  readonly helperCalls = new Map<string, number>();

  constructor(readonly s: DScope, private readonly members?: MemberViewLog, private readonly viewHelpers?: ReadonlyMap<string, ViewHelper[]>) {
    const seen = new Set<string>();
    s.onMemberView = (v) => {
      const key = `${v.heap}|${JSON.stringify(v.index)}|${v.resource?.key}`;
      if (!seen.has(key)) this.views.push(v);
      seen.add(key);
    };
    s.ownViewAt = (heap) => this.views.some((v) => v.heap === heap && !seen.has(`${v.heap}|${JSON.stringify(v.index)}|${v.resource?.key}`));
  }

  stmt(n: SyntaxNode): void {
    switch (n.type) {
      case 'compound_statement': for (const c of n.namedChildren) this.stmt(c); return;
      case 'declaration': this.declaration(n); return;
      case 'expression_statement': if (n.namedChild(0)) this.expr(n.namedChild(0)!); return;
      case 'if_statement': {
        const cond = n.childForFieldName('condition');
        if (cond) this.expr(cond);
        const alt = n.childForFieldName('alternative');
        this.branches([n.childForFieldName('consequence'), elseBody(alt)], !!alt, cond ? zeroGuard(cond, this.s) : null);
        return;
      }
      case 'return_statement': {
        const v = n.namedChild(0);
        if (v) this.expr(v);
        this.returns.push({ h: v ? handleOf(v, this.s) ?? ptrValue(v, this.s) : null, zero: this.zero });
        return;
      }
      case 'switch_statement': {
        const cases = n.childForFieldName('body')?.namedChildren.filter((c) => c.type === 'case_statement') ?? [];
        this.branches(cases, false);
        return;
      }
      case 'case_statement': for (const c of n.namedChildren) if (c !== n.childForFieldName('value')) this.stmt(c); return;
      case 'for_statement': case 'for_range_loop': case 'while_statement': case 'do_statement': this.loop(n); return;
      case 'function_definition': case 'lambda_expression': return;
      default: for (const c of n.namedChildren) this.expr(c);
    }
  }

  /** Alternatives on copies of the environment; a value that differs between them (or from "not run") is unknown. */
  private branches(alts: (SyntaxNode | null)[], exhaustive: boolean, zero: string | null = null): void {
    const before = new Map(this.s.env);
    const outs: Map<string, DVal>[] = [];
    const outer = this.zero;
    for (const [i, a] of alts.entries()) {
      this.s.env = new Map(before);
      // `if (!offset) return h;`: on the first alternative's path the parameter is 0.
      if (i === 0 && zero) {
        this.s.env.set(zero, { t: 'num', v: 0 });
        this.zero = zero;
      }
      if (a) this.stmt(a);
      if (i === 0 && zero) {
        // The guard says nothing about the parameter after the `if`.
        const prior = before.get(zero);
        if (prior) this.s.env.set(zero, prior);
        else this.s.env.delete(zero);
      }
      this.zero = outer;
      outs.push(this.s.env);
    }
    if (!exhaustive) outs.push(before);
    const merged = new Map<string, DVal>();
    const keys = new Set<string>();
    for (const o of outs) for (const key of o.keys()) keys.add(key);
    for (const key of keys) {
      const vals = outs.map((o) => o.get(key));
      // NOTE: the alternatives start from copies of one map, so a value no branch wrote is the same object in all.
      merged.set(key, vals[0] && (vals.every((v) => v === vals[0]) || sameText(vals)) ? vals[0] : { t: 'unknown' });
    }
    this.s.env = merged;
  }

  private loop(n: SyntaxNode): void {
    const init = n.type === 'for_statement' ? n.childForFieldName('initializer') : null;
    if (init?.type === 'declaration') this.declaration(init);
    else if (init) this.expr(init);
    const body = n.childForFieldName('body');
    const ind = n.type === 'for_statement' ? induction(n, this.s) : null;
    const fills = ind && body ? fillIterations(n, ind, this.s.locals) : null;
    if (fills && ind) {
      // Each element gets what its own iteration wrote; the counter ends at the bound.
      for (const k of fills) {
        this.s.env.set(ind.name, { t: 'num', v: k });
        this.stmt(body!);
      }
      this.s.env.set(ind.name, ind.bound === null ? { t: 'unknown' } : { t: 'num', v: ind.bound });
      return;
    }
    const modified = assignedNames(n);
    forgetMembers(modified, this.s);
    const before = new Map(this.s.env);
    const stepped = new Map<string, HandleFact>();
    for (const name of modified) {
      const v = this.s.env.get(name);
      const step = v?.t === 'handle' && ind && body ? uniformStep(body, name, this.s) : null;
      if (v?.t === 'handle' && step === 1 && v.h.index && 'c' in v.h.index) {
        stepped.set(name, v.h);
        this.s.env.set(name, { t: 'handle', h: { ...v.h, index: { sym: ind!.name, plus: v.h.index.c - ind!.start } } });
      } else if (v?.t === 'handle') this.s.env.set(name, { t: 'handle', h: { ...v.h, index: null } });
      else this.s.env.set(name, { t: 'unknown' });
    }
    if (ind) this.s.env.delete(ind.name);
    if (ind) this.loops.push(ind);
    const cond = n.childForFieldName('condition');
    if (cond) this.expr(cond);
    if (body) this.stmt(body);
    const update = n.childForFieldName('update');
    if (update) this.expr(update);
    if (ind) this.loops.pop();
    // After the loop: what it changed is unknown, except a stepped handle of a loop with a constant bound.
    const after = new Map(before);
    for (const name of new Set([...modified, ...this.s.env.keys()])) {
      if (!modified.has(name) && before.has(name)) continue;
      const h = stepped.get(name);
      if (h && ind && ind.bound !== null && ind.bound >= ind.start) after.set(name, { t: 'handle', h: { ...h, index: addIndex(h.index, ind.bound - ind.start) } });
      // `n < FrameCount` with FrameCount unknown here: the handle is FrameCount steps past where it started.
      else if (h && ind?.boundSym && h.index && 'c' in h.index) after.set(name, { t: 'handle', h: { ...h, index: { sym: ind.boundSym, plus: h.index.c - ind.start } } });
      else if (h) after.set(name, { t: 'handle', h: { ...h, index: null } });
      else after.set(name, before.get(name)?.t === 'handle' ? { t: 'handle', h: { ...(before.get(name) as { h: HandleFact }).h, index: null } } : { t: 'unknown' });
    }
    this.s.env = after;
  }

  private declaration(n: SyntaxNode): void {
    const type = n.childForFieldName('type')?.text ?? '';
    const constant = n.namedChildren.some((c) => c.type === 'type_qualifier' && (c.text === 'const' || c.text === 'constexpr'));
    for (const d of n.childrenForFieldName('declarator')) {
      if (d.type === 'function_declarator' && HANDLE_TYPE.test(type)) {
        // Most vexing parse: `CD3DX12_CPU_DESCRIPTOR_HANDLE h(start, n, size);` with identifiers only.
        const name = declaredName(d.childForFieldName('declarator'));
        const params = d.childForFieldName('parameters')?.namedChildren.filter((p) => p.type !== 'comment') ?? [];
        const h = name ? helperHandle(d, params, this.s) : null;
        if (name) this.s.env.set(name, h ? { t: 'handle', h } : { t: 'unknown' });
        continue;
      }
      const target = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
      const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
      const name = declaredName(target);
      const length = target?.type === 'array_declarator' ? numberOf(target.childForFieldName('size') ?? target, this.s) : null;
      if (name && length !== null && target?.childForFieldName('size')) (this.s.lengths ??= new Map()).set(name, length);
      if (value) this.expr(value);
      if (!name) continue;
      const s = this.s;
      raytracingDeclaration(name, this.s);
      // A resource pointer declared empty (`ID3D12Resource* res = nullptr;`, `ComPtr<ID3D12Resource> res;`) names
      // itself: the resource created into it later is tracked under its name.
      if (isResourceType(type) && (!value || NULL_VALUE.test(unwrapValue(value).text))) this.s.env.delete(name);
      else this.s.env.set(name, this.declaredValue(name, type, target, value, constant));
      if (VIEW_DESC_TYPE.test(type)) zeroDeclared(name, value, s);
    }
  }

  private declaredValue(name: string, type: string, target: SyntaxNode | null, value: SyntaxNode | null, constant: boolean): DVal {
    if (!value) return { t: 'unknown' };
    const s = this.s;
    if (HANDLE_TYPE.test(type)) {
      if (target?.type === 'array_declarator' && value.type === 'initializer_list') return { t: 'handles', elems: argumentNodes(value).map((e) => handleOf(e, s)) };
      const h = value.type === 'argument_list' && /CD3DX12_/.test(type) ? helperHandle(value, argumentNodes(value), s) : handleOf(value, s) ?? ptrValue(value, s);
      return h ? { t: 'handle', h } : { t: 'unknown' };
    }
    if (BUFFER_VIEW_TYPE.test(type) && value.type === 'initializer_list') {
      const first = argumentNodes(value)[0];
      const designated = first?.type === 'initializer_pair' ? argumentNodes(value).find((p) => p.childForFieldName('designator')?.text.endsWith('BufferLocation')) : first;
      const va = designated ? vaOf(designated.type === 'initializer_pair' ? designated.childForFieldName('value')! : designated, s) : null;
      if (va) this.bufferView(name, va, value);
      return { t: 'unknown' };
    }
    if (/^auto\b/.test(type)) {
      const h = handleOf(value, s);
      if (h) return { t: 'handle', h };
    }
    const va = vaOf(value, s);
    if (va) return { t: 'va', ref: va };
    // `auto& target = m_surfaces.GetBloom();` / `Surface& t = …`: the object the local names (object-aliases.ts).
    const object = target && (/^auto\b/.test(type) || (isReference(target) && !isValueType(type)))
      ? aliasedObject(value, (n) => s.locals.has(n) && !s.params?.has(n), isReference(target)) : undefined;
    if (isResourceType(type) || /^auto\b/.test(type) || object) {
      const u = unwrapValue(value);
      const plain = u.type !== 'call_expression' || /(?:\.|->)\s*Get\s*\(\s*\)$/.test(u.text) || !!object;
      const ref = plain ? resourceOf(value, s) : null;
      return ref ? { t: 'res', ref } : { t: 'unknown' };
    }
    const c = constant ? numberOf(value, s) : null;
    return c !== null ? { t: 'num', v: c } : { t: 'unknown' };
  }

  expr(n: SyntaxNode): void {
    switch (n.type) {
      case 'assignment_expression': this.assignment(n); return;
      case 'call_expression': this.call(n); return;
      case 'lambda_expression': return;
      case 'update_expression': {
        const arg = n.childForFieldName('argument');
        if (arg?.type === 'identifier' && this.s.env.has(arg.text)) this.s.env.set(arg.text, { t: 'unknown' });
        return;
      }
      default: for (const c of n.namedChildren) this.expr(c);
    }
  }

  private assignment(n: SyntaxNode): void {
    const left = n.childForFieldName('left')!;
    const right = n.childForFieldName('right')!;
    const op = n.childForFieldName('operator')?.type ?? n.child(1)?.type;
    this.expr(right);
    const s = this.s;
    if (op === '=' && raytracingAssignment(left, right, s)) return;
    const l = unwrapValue(left);
    if (l.type === 'field_expression') {
      const field = l.childForFieldName('field')?.text;
      const obj = l.childForFieldName('argument')!;
      if (field === 'ptr') {
        const h = op === '+=' ? offsetBy(handleOf(obj, s), scaledCount(right, s), n) : op === '=' ? ptrValue(right, s) : null;
        this.setHandle(obj, h);
        return;
      }
      if (field === 'BufferLocation') {
        const va = vaOf(right, s);
        const key = obj.text.replace(/\s+/g, '').replace(/^this->/, '');
        if (va) this.bufferView(key, va, n);
        s.env.set(`${key}.BufferLocation`, va ? { t: 'va', ref: va } : { t: 'unknown' });
        return;
      }
      if (field === 'Flags' && obj.type === 'identifier') {
        const v = numberOf(right, s);
        s.env.set(`${obj.text}.Flags`, v === null ? { t: 'unknown' } : { t: 'num', v });
      }
      if (op === '=' && (recordDescField(l, right, s) || recordAccessType(l, right, s))) return;
    }
    if (op !== '=') {
      if (l.type === 'identifier' && s.env.has(l.text)) s.env.set(l.text, { t: 'unknown' });
      return;
    }
    const direct = handleOf(right, s) ?? ptrValue(right, s);
    const held = direct ? null : heldParameter(l, right, s);
    const h = direct ?? held?.handle ?? null;
    if (held?.view) this.pushView(held.view);
    if (h || (l.type === 'identifier' && s.env.get(l.text)?.t === 'handle')) {
      this.setHandle(left, h);
      return;
    }
    // `m_dsv = pool.Allocate();` of a member the file creates a view into: the member names the descriptor.
    const opaque = opaqueMemberHandle(l, s.viewTargets, (root) => s.locals.has(root));
    if (opaque) {
      this.stores.push(opaque);
      return;
    }
    if (l.type === 'identifier' && s.env.has(l.text)) {
      const va = vaOf(right, s);
      s.env.set(l.text, va ? { t: 'va', ref: va } : { t: 'unknown' });
    }
  }

  /** A handle written to a local (environment), an element of a local array, or a member (file-wide store). */
  private setHandle(target: SyntaxNode, h: HandleFact | null): void {
    const t = unwrapValue(target);
    const s = this.s;
    // `ctx->rtv = h` of a struct-typed local or parameter: kept for this function, and logged for the struct type.
    const sm = structMember(t, s.types);
    if (sm) {
      s.env.set(`${sm.root}${sm.op}${sm.member}`, h ? { t: 'handle', h } : { t: 'unknown' });
      this.members?.store(sm, h, s.scope, s.params ?? new Set());
      return;
    }
    if (t.type === 'identifier' && (s.env.has(t.text) || s.locals.has(t.text))) {
      s.env.set(t.text, h ? { t: 'handle', h } : { t: 'unknown' });
      return;
    }
    if (t.type === 'subscript_expression') {
      const arr = t.childForFieldName('argument');
      const v = arr?.type === 'identifier' ? s.env.get(arr.text) : undefined;
      const idxNode = t.childForFieldName('indices')?.namedChildren[0] ?? t.childForFieldName('index');
      if (v?.t === 'handles' || (arr?.type === 'identifier' && s.locals.has(arr.text))) {
        const i = idxNode ? numberOf(idxNode, s) : null;
        const elems = v?.t === 'handles' ? [...v.elems] : [];
        if (i === null) {
          s.env.set(arr!.text, { t: 'unknown' });
          return;
        }
        elems[i] = h;
        s.env.set(arr!.text, { t: 'handles', elems: Array.from(elems, (e) => e ?? null) });
        return;
      }
    }
    // A member of a local struct (`rtv_infos[0].cpuDescriptor = rtv;`): kept in the environment.
    const member = localMemberKey(t, s);
    if (member) {
      s.env.set(member, h ? { t: 'handle', h } : { t: 'unknown' });
      return;
    }
    const key = t.text.replace(/\s+/g, '').replace(/^this->/, '');
    // `descs[i].cpuDescriptor = h` with i not known: any element's member may have changed.
    if (s.locals.has(keyRoot(key)) && key.includes('[')) for (const k of [...s.env.keys()]) if (k.startsWith(`${keyRoot(key)}[`)) s.env.set(k, { t: 'unknown' });
    if (s.locals.has(keyRoot(key)) || !h) return;
    const loop = this.loops.find((l) => new RegExp(`\\[${l.name}\\]`).test(key) || (h.index && 'sym' in h.index && h.index.sym === l.name));
    this.stores.push({ key, handle: h, ...(loop ? { loopVar: loop.name } : {}) });
  }

  private bufferView(key: string, va: BufferViewFact['resource'], at: SyntaxNode): void {
    const scoped = this.s.locals.has(keyRoot(key)) ? `${this.s.scope}#${key}` : key;
    this.bufferViews.push({ key: scoped, resource: va, range: rangeOf(at) });
  }

  private call(n: SyntaxNode): void {
    const f = n.childForFieldName('function');
    const all = argumentNodes(n);
    for (const a of all) this.expr(a);
    // C's vtable call `device->lpVtbl->CreateRenderTargetView(device, …)`: the method on its first argument, whose
    // own arguments follow it (as api-calls.ts reads it).
    const args = vtableThis(f, all) ? all.slice(1) : all;
    if (!f) return;
    const name = calleeName(f);
    if (!name) return;
    const s = this.s;
    if (zeroFill(name, args, s)) return;
    const started = heapStartOut(n, s);
    if (started) {
      this.setHandle(started.target, started.handle);
      return;
    }
    if (f.type === 'field_expression') {
      const obj = f.childForFieldName('argument')!;
      const cur = handleOf(obj, s);
      if (name === 'Offset' && cur && (args.length === 1 || args.length === 2)) {
        this.setHandle(obj, offsetBy(cur, args.length === 2 ? indexOf(args[0], s) : scaledCount(args[0], s), n));
        return;
      }
      if (name === 'InitOffsetted' && (args.length === 2 || args.length === 3)) {
        this.setHandle(obj, helperHandle(n, args, s));
        return;
      }
    }
    if (name === 'InitOffsetted' && f.type === 'qualified_identifier' && (args.length === 3 || args.length === 4)) {
      this.setHandle(args[0], helperHandle(n, args.slice(1), s));
      return;
    }
    // The C COM macros name the device method and take the device first: ID3D12Device_CreateUnorderedAccessView(d, …).
    const macro = f.type === 'identifier' ? DEVICE_MACRO.exec(name) : null;
    if (macro) {
      this.deviceCall(n, macro[1], args.slice(1), true);
      return;
    }
    if (this.deviceCall(n, name, args, f.type === 'field_expression')) return;
    const helper = f.type === 'identifier' ? this.viewHelpers?.get(name) : undefined;
    if (helper?.some((v) => v.argc === args.length)) this.helperCalls.set(name, (this.helperCalls.get(name) ?? 0) + 1);
    if (helper) for (const v of helper) if (v.argc === args.length) this.helperView(n, v, args);
    if (name === 'BeginRenderPass' && f.type === 'field_expression') {
      this.calls.set(n, { scope: s.scope, args: [renderPassTargets(args, s)] });
      return;
    }
    if (ANNOTATED_CALLS.has(name) && f.type === 'field_expression') {
      this.calls.set(n, { scope: s.scope, args: args.map((a) => argumentValue(a, s)) });
    }
    // ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(list, 0, h): the C COM macro takes the list first.
    const listMacro = f.type === 'identifier' ? LIST_MACRO.exec(name) : null;
    if (listMacro?.[1] === 'BeginRenderPass' && args.length > 0) {
      this.calls.set(n, { scope: s.scope, args: [renderPassTargets(args.slice(1), s)] });
      return;
    }
    if (listMacro && ANNOTATED_CALLS.has(listMacro[1]) && args.length > 0) {
      this.calls.set(n, { scope: s.scope, args: args.slice(1).map((a) => argumentValue(a, s)) });
    }
    const traced = f.type === 'field_expression' ? raytracingCallArgs(name, args, s) : undefined;
    if (traced) this.calls.set(n, { scope: s.scope, ...traced });
    // Another function handed a handle the function holds (`ctx.ClearHandle(rtv)` with a local
    // `CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(start, 1, size)`): the call's handle arguments, for the helper's uses.
    else if (!this.calls.has(n) && args.some((a) => heldHandle(a, s))) this.calls.set(n, { scope: s.scope, args: args.map((a) => (heldHandle(a, s) ? argumentValue(a, s) : { t: 'unknown' })) });
  }

  /** View creation on a device (`onDevice`: a method call or a C COM macro) or a descriptor copy; true when handled. */
  private deviceCall(n: SyntaxNode, name: string, args: SyntaxNode[], onDevice: boolean): boolean {
    const s = this.s;
    const view = Object.hasOwn(VIEW_CREATION, name) ? VIEW_CREATION[name] : undefined;
    if (view && args.length === view.argc && onDevice) {
      this.view(n, view, args);
      return true;
    }
    if (name === 'CopyDescriptorsSimple' && args.length === 4) {
      const count = numberOf(args[0], s);
      const dst = handleOf(args[1], s);
      const src = handleOf(args[2], s);
      if (dst && dst.index && count !== null && count >= 0 && count <= 64) {
        for (let i = 0; i < count; i++) {
          const d = { ...dst, index: addIndex(dst.index, i) };
          this.views.push({ view: null, heap: dst.heap, index: d.index, resource: null, subresource: null, range: rangeOf(n), ...(src ? { copyOf: { ...src, index: addIndex(src.index, i) } } : {}) });
        }
      } else if (dst) this.tainted.add(dst.heap);
      return true;
    }
    if (name !== 'CopyDescriptors') return false;
    // Ranges of handles this walker does not read: any heap the function can reach may be written — the file's
    // shared heaps and its own locals' (another function's local heaps are not reachable from here).
    this.tainted.add(`*@${s.scope}`);
    return true;
  }

  /** `create_render_target_(ctx, desc, &ctx->render_target, &ctx->rtv)`: the view the helper writes, with the caller's arguments. */
  private helperView(n: SyntaxNode, v: ViewHelper, args: SyntaxNode[]): void {
    const s = this.s;
    const slot = v.heap === undefined ? null : numberOf(args[v.handle], s);
    const h = v.heap === undefined ? handleOf(args[v.handle], s) : { heap: v.heap, index: slot === null ? null : { c: slot + (v.plus ?? 0) } };
    if (!h) return;
    if (!h.index) {
      this.tainted.add(h.heap);
      return;
    }
    const arg = unwrapValue(args[v.resource]);
    const resource = resourceOf(arg.type === 'pointer_expression' && arg.child(0)?.type === '&' ? arg.childForFieldName('argument')! : arg, s);
    const local = resource?.key ? s.locals.has(keyRoot(resource.key)) : false;
    this.pushView({
      view: v.view, heap: h.heap, index: h.index, resource, subresource: v.subresource, range: rangeOf(n),
      ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.readOnlyDepth !== undefined ? { readOnlyDepth: v.readOnlyDepth } : {}),
      ...(local ? { scope: s.scope } : {}),
    });
  }

  private pushView(v: ViewFact): void {
    // A view helper's own view at its slot parameter is written per call, with the caller's arguments (helperView).
    if (this.perCall && paramSlot(v, this.perCall.params)?.param === this.perCall.slot && v.resource?.key === this.perCall.resource) {
      this.perCallViews.push(v);
      return;
    }
    this.views.push(v);
    this.members?.view(v, this.s.types, this.s.scope, this.s.params ?? new Set());
  }

  private view(n: SyntaxNode, spec: (typeof VIEW_CREATION)[string], args: SyntaxNode[]): void {
    const s = this.s;
    if (spec.view === 'uav' && !/^(?:nullptr|NULL|0)$/.test(unwrapValue(args[1]).text)) {
      // A local's creation is looked up by its name: an alias the walker follows is its target, else the name.
      const named = (a: SyntaxNode) => resourceOf(a, s) ?? resourceRef(a, s.file);
      const counter = named(args[1]);
      if (counter.key) this.counters.push({ resource: named(args[0]), counter, range: rangeOf(n) });
    }
    const h = handleOf(args[spec.handle], s);
    if (!h) return;
    if (!h.index) {
      this.tainted.add(h.heap);
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
    const loop = this.loops.find((l) => l.name === sym);
    const flags = spec.view === 'dsv' && !nullDesc && descNode.type === 'pointer_expression' ? descMember(descNode.childForFieldName('argument')!.text, 'Flags', s) : undefined;
    const covers = nullDesc ? 'all' : spec.view === 'cbv' ? 'all' : descCoverage(spec.view, descNode, s);
    this.pushView({
      view: spec.view, heap: h.heap, index: h.index, resource, subresource: nullDesc ? 0 : typeof covers === 'number' ? covers : null, range: rangeOf(n),
      ...(covers !== null ? { covers } : {}),
      ...(loop ? { loopVar: loop.name, ...(loop.boundSym ? { loopBound: loop.boundSym } : {}) } : {}),
      ...(local && !(loop && resource?.key === loop.name) ? { scope: s.scope } : {}),
      ...(spec.view === 'dsv' ? { readOnlyDepth: nullDesc ? false : flags?.t === 'num' ? (flags.v & DSV_READ_ONLY_DEPTH) !== 0 : null } : {}),
    });
  }
}

/** A binding call's argument: a handle, an array of handles, a GPU virtual address or a buffer view's key. */
/** A local or parameter the walker holds a handle in, or a handle helper written in place (`CD3DX12_…_HANDLE(…)`). */
function heldHandle(a: SyntaxNode, s: DScope): boolean {
  const n = unwrapValue(a);
  if (n.type === 'identifier') return s.env.get(n.text)?.t === 'handle';
  return n.type === 'call_expression' && HANDLE_HELPER.test(n.childForFieldName('function')?.text ?? '');
}

function argumentValue(a: SyntaxNode, s: DScope): DVal {
  const n = unwrapValue(a);
  const h = handleOf(n, s);
  if (h) return { t: 'handle', h };
  if (n.type === 'identifier') {
    const v = s.env.get(n.text);
    if (v?.t === 'handles' || v?.t === 'va') return v;
  }
  const va = vaOf(n, s);
  if (va) return { t: 'va', ref: va };
  return { t: 'unknown' };
}

export interface FunctionBody {
  body: SyntaxNode;
  node: SyntaxNode;
  params: string[];
  paramTypes?: string[];
  name: string;
  /** `Renderer::Render`, or the name for a free function (extract/class-views.ts reads the class). */
  qualified?: string;
}

/** `!p`, `p == 0`, `0 == p` for a parameter or local `p`: the name that is 0 where the condition holds. */
function zeroGuard(cond: SyntaxNode, s: DScope): string | null {
  const inner = cond.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond.namedChild(0) : cond;
  if (!inner) return null;
  const c = unwrapValue(inner);
  if (c.type === 'unary_expression' && c.child(0)?.type === '!') {
    const a = unwrapValue(c.childForFieldName('argument')!);
    return a.type === 'identifier' && s.locals.has(a.text) ? a.text : null;
  }
  if (c.type === 'binary_expression' && c.childForFieldName('operator')?.type === '==') {
    const [l, r] = [unwrapValue(c.childForFieldName('left')!), unwrapValue(c.childForFieldName('right')!)];
    const name = l.type === 'identifier' && r.text === '0' ? l.text : r.type === 'identifier' && l.text === '0' ? r.text : null;
    return name && s.locals.has(name) ? name : null;
  }
  return null;
}

/**
 * The file's handle helpers: functions returning a descriptor handle, walked with their heap and handle parameters
 * standing for the caller's (extract/handle-helpers.ts). Two rounds, so a helper may call another of the file.
 */
function fileHandleHelpers(fns: FunctionBody[], scope: (f: FunctionBody, helpers: ReadonlyMap<string, HandleHelper>) => DScope, imported: ReadonlyMap<string, HandleHelper>): HandleHelper[] {
  const candidates = fns.filter((f) => f.params.length > 0 && HANDLE_TYPE.test(f.node.childForFieldName('type')?.text ?? ''));
  if (candidates.length === 0) return [];
  let found: HandleHelper[] = [];
  for (let round = 0; round < 2; round++) {
    const known = new Map([...imported, ...byName(found)]);
    const next: HandleHelper[] = [];
    for (const f of candidates) {
      const s = scope(f, known);
      f.params.forEach((p, i) => {
        const type = f.paramTypes?.[i] ?? '';
        if (/DescriptorHeap/.test(type)) s.env.set(p, { t: 'res', ref: { key: heapPlaceholder(i), text: p, range: rangeOf(f.node) } });
        else if (HANDLE_TYPE.test(type)) s.env.set(p, { t: 'handle', h: { heap: handlePlaceholder(i), index: { c: 0 }, text: p, range: rangeOf(f.node) } });
      });
      const w = new Walk(s);
      w.stmt(f.body);
      const h = summarize(f.name, f.params, w.returns);
      if (h) next.push(h);
    }
    found = next;
  }
  return found;
}

/** Helpers by name; a name defined twice with different summaries answers nothing. */
function byName(helpers: readonly HandleHelper[]): Map<string, HandleHelper> {
  const out = new Map<string, HandleHelper>();
  const bad = new Set<string>();
  for (const h of helpers) {
    const prev = out.get(h.name);
    if (prev && JSON.stringify(prev) !== JSON.stringify(h)) bad.add(h.name);
    out.set(h.name, h);
  }
  for (const b of bad) out.delete(b);
  return out;
}


/** Locals and parameters of a function whose type is a named struct (extract/member-views.ts). */
function structTypes(f: FunctionBody): Map<string, string> {
  const out = new Map<string, string>();
  f.params.forEach((p, i) => {
    const t = structTypeName(f.paramTypes?.[i] ?? '');
    if (p && t) out.set(p, t);
  });
  for (const d of f.body.descendantsOfType('declaration')) {
    const t = structTypeName(d.childForFieldName('type')?.text ?? '');
    if (!t) continue;
    for (const x of d.childrenForFieldName('declarator')) {
      const name = declaredName(x.type === 'init_declarator' ? x.childForFieldName('declarator') : x);
      if (name) out.set(name, t);
    }
  }
  return out;
}

/** The file's view helpers: functions walked with their handle parameters standing for the caller's handles. */
function fileViewHelpers(fns: FunctionBody[], scope: (f: FunctionBody) => DScope): Map<string, ViewHelper[]> {
  const out = new Map<string, ViewHelper[]>();
  const clash = new Set<string>();
  for (const f of fns) {
    const handles = f.params.map((_p, i) => HANDLE_TYPE.test(f.paramTypes?.[i] ?? ''));
    if (f.params.length < 2 || !VIEW_CALL.test(f.body.text)) continue;
    const s = scope(f);
    f.params.forEach((p, i) => {
      if (handles[i]) s.env.set(p, { t: 'handle', h: { heap: handlePlaceholder(i), index: { c: 0 }, text: p, range: rangeOf(f.node) } });
    });
    const w = new Walk(s);
    w.stmt(f.body);
    const found = viewHelpersOf(f.name, f.params, w.views, handlePlaceholder);
    if (out.has(f.name) && JSON.stringify(out.get(f.name)) !== JSON.stringify(found)) clash.add(f.name);
    if (found.length) out.set(f.name, found);
  }
  for (const c of clash) out.delete(c);
  return out;
}

/**
 * The views view helpers write at their slot parameter, for each helper some call of which the walk did not follow
 * (`this->Bind(…)`, `obj.Bind(…)`, an argument count it does not take): there the slot stays symbolic, as before.
 */
function unfollowedHelperViews(walks: readonly Walk[], fns: readonly FunctionBody[], root: SyntaxNode): ViewFact[] {
  const own = walks.filter((w) => w.perCallViews.length);
  if (own.length === 0) return [];
  const followed = new Map<string, number>();
  for (const w of walks) for (const [k, v] of w.helperCalls) followed.set(k, (followed.get(k) ?? 0) + v);
  const names = new Set(own.map((w) => fns[walks.indexOf(w)].name));
  const calls = new Map<string, number>();
  for (const c of root.descendantsOfType('call_expression')) {
    const f = c.childForFieldName('function');
    const name = f ? calleeName(f) : null;
    if (name && names.has(name)) calls.set(name, (calls.get(name) ?? 0) + 1);
  }
  return own.flatMap((w) => {
    const name = fns[walks.indexOf(w)].name;
    return (calls.get(name) ?? 0) === (followed.get(name) ?? 0) ? [] : w.perCallViews;
  });
}

const CPU_HANDLE_TYPE = /\b(?:CD3DX12|D3D12)_CPU_DESCRIPTOR_HANDLE\b/;
const VIEW_CALL = /Create(?:RenderTarget|DepthStencil|ShaderResource|UnorderedAccess)View\b/;

/**
 * Whether a body may read what the first round found: a stored handle (its key, as an expression spells it, starts
 * with the key's first name, or a getter of the file returns it) or a member view (`ctx.rtv`, named by its member). A body naming none of them walks the
 * second round as it walked the first. Undefined: every body may (a key that does not start with a name).
 */
function readsStored(stores: readonly StoredHandleFact[], views: readonly MemberView[], getters: ReadonlyMap<string, SyntaxNode>): ((body: string) => boolean) | undefined {
  const names = new Set<string>();
  for (const st of stores) {
    const root = /^[A-Za-z_]\w*/.exec(st.key)?.[0];
    if (!root) return undefined;
    names.add(root);
  }
  for (const v of views) names.add(v.name.slice(v.name.lastIndexOf(':') + 1).replace(/\[\d+\]$/, ''));
  // A getter returning a stored member (`GetRTV()` → `m_rtv`) reads it where it is called.
  const stored = [...names];
  for (const [name, expr] of getters) if (stored.some((n) => expr.text.includes(n))) names.add(name);
  const all = [...names];
  return (body) => all.some((n) => body.includes(n));
}

/** A function declared to return a descriptor handle whose one return names a member (`return m_rtv;`). */
function memberHandleGetter(fn: SyntaxNode, expr: SyntaxNode): boolean {
  const e = unwrapValue(expr);
  return fn.type === 'function_definition' && HANDLE_TYPE.test(fn.childForFieldName('type')?.text ?? '') && isName(e) && MEMBER_NAME.test(e.text);
}

/** The handle getters among `fns`: one return of a handle expression, or `GetRTV() const { return m_RTVHandle; }` (a handle-typed getter of a member). */
export function handleGetters(fns: readonly GetterCandidate[]): Map<string, SyntaxNode> {
  return oneReturnGetters([...fns], (f, expr) => HANDLE_HINT.test(expr.text) || memberHandleGetter(f.node, expr));
}

/**
 * Run the descriptor walker over the file's functions (two rounds when handles are stored in members).
 * `importedGetters`: other files' getters the file calls (imported-getters.ts), read as its own.
 */
export function descriptorPass(fns: FunctionBody[], file: FileCtx, root: SyntaxNode, imported: readonly HandleHelper[] = [], importedMembers: readonly MemberView[] = [], importedGetters: readonly GetterCandidate[] = [], runClasses?: RunClassViews): DescriptorPass | undefined {
  // What methods of the file's classes wrote about members in other files of the run (extract/class-views.ts).
  const classes = importedFor(runClasses, fns.flatMap((f) => classOfQualified(f.qualified ?? '') ?? []), file.classBases);
  if (!HINTS.test(file.text) && imported.length === 0 && importedMembers.length === 0 && classes.length === 0) return undefined;
  const classStores = classes.flatMap((c) => c.stores);
  const sizes = incrementSizes(root);
  const enums = enumerators(root, { file, env: new Map(), enums: new Map() });
  const getters = handleGetters([...fns, ...importedGetters]);
  const viewTargets = viewTargetKeys(root, file.text);
  const missing = new Set<string>();
  const missingMembers = new Set<string>();
  const types = new Map(fns.map((f) => [f, structTypes(f)]));
  let memberViews: ReadonlyMap<string, MemberView> = new Map(importedMembers.map((m) => [m.name, m]));
  const scopeOf = (f: FunctionBody, stored: DScope['stored'], handleHelpers: ReadonlyMap<string, HandleHelper>): DScope => ({
    file, env: new Map(), sizes, enums, locals: new Set([...f.params, ...declaredNames(f.body)]), scope: `${f.name}@${f.node.startPosition.row}`,
    stored, getters, handleHelpers, missing, types: types.get(f), params: new Set(f.params), memberViews, body: f.body.text, missingMembers,
    handleParams: new Set(f.params.filter((_p, i) => CPU_HANDLE_TYPE.test(f.paramTypes?.[i] ?? ''))), viewTargets,
  });
  const importedByName = byName(imported);
  const ownHelpers = fileHandleHelpers(fns, (f, known) => scopeOf(f, () => undefined, known), importedByName);
  const handleHelpers = new Map([...importedByName, ...byName(ownHelpers)]);
  const viewHelpers = fileViewHelpers(fns, (f) => scopeOf(f, () => undefined, handleHelpers));
  let stores: StoredHandleFact[] = classStores;
  let result: Walk[] = [];
  let own: MemberView[] = [];
  for (let round = 0; round < 2; round++) {
    const stored = storedLookup(stores);
    const log = new MemberViewLog();
    const rereads = round === 0 ? undefined : readsStored(stores, own, getters);
    result = fns.map((f, i) => {
      // The second round differs from the first only where a stored handle or one of the file's member views is read.
      if (rereads && !rereads(f.body.text)) return result[i];
      const w = new Walk(scopeOf(f, stored, handleHelpers), log, viewHelpers);
      const own = viewHelpers.get(f.name)?.find((v) => v.heap !== undefined && v.argc === f.params.length);
      if (own) w.perCall = { params: f.params, slot: own.handle, resource: f.params[own.resource] };
      w.stmt(f.body);
      return w;
    });
    const found = result.flatMap((w) => w.stores);
    if (round === 0) {
      // The file's own member views (a setup helper of this file) are read at its uses in the second round.
      own = log.result();
      memberViews = new Map([...memberViews, ...own.map((m) => [m.name, m] as const)]);
    }
    if (round === 0 && found.length === 0 && own.length === 0) break;
    stores = [...found, ...classStores];
  }
  const calls = new Map<SyntaxNode, CallAnnotation>();
  for (const w of result) for (const [k, v] of w.calls) calls.set(k, v);
  const swapChain = [...new Set(classes.flatMap((c) => c.swapChain))];
  return {
    facts: {
      views: [...result.flatMap((w) => w.views), ...unfollowedHelperViews(result, fns, root), ...importedViews(classes)], bufferViews: result.flatMap((w) => w.bufferViews),
      ...(result.some((w) => w.counters.length) ? { uavCounters: result.flatMap((w) => w.counters) } : {}),
      storedHandles: stores, taintedHeaps: [...new Set([...result.flatMap((w) => [...w.tainted]), ...classes.flatMap((c) => c.tainted)])],
      ...(swapChain.length ? { swapChainBuffers: swapChain } : {}),
    },
    classViews: exportClassViews(result.map((w, i) => ({ qualified: fns[i].qualified ?? fns[i].name, locals: w.s.locals, views: w.views, stores: w.stores, tainted: w.tainted }))),
    calls,
    handleHelpers: ownHelpers,
    unresolvedHandleCalls: [...missing].filter((name) => !handleHelpers.has(name)),
    memberViews: own,
    unresolvedMembers: [...missingMembers].filter((name) => !memberViews.has(name)),
  };
}

/** `obj->lpVtbl->Method(obj, …)`: the first argument is the object the method is called on. */
function vtableThis(f: SyntaxNode | null, args: SyntaxNode[]): boolean {
  const receiver = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
  const vtable = receiver?.type === 'field_expression' && receiver.childForFieldName('field')?.text === 'lpVtbl' ? receiver.childForFieldName('argument') : null;
  return !!vtable && args.length > 0 && args[0].text === vtable.text;
}
