// The descriptor walk over one function body: descriptor handles followed through locals, branches and loops (a
// handle stepped once per iteration of a counted loop is indexed by the loop counter), assignments and declarations
// of handles, buffer views and members; calls are handed to descriptor-calls.ts. Unknown stays unknown.
import type { SyntaxNode } from './node';
import type { BufferViewFact, CallAnnotation, HandleFact, StoredHandleFact, UavCounterFact, ViewFact } from './descriptor-facts';
import type { DScope, DVal } from './descriptor-values';
import { HANDLE_TYPE, addIndex, handleOf, helperHandle, keyRoot, localMemberKey, numberOf, offsetBy, ptrValue, resourceOf, scaledCount, vaOf } from './descriptor-values';
import { isResourceType } from './resources';
import type { Induction } from './descriptor-loops';
import { assignedNames, fillIterations, induction, uniformStep } from './descriptor-loops';
import { raytracingAssignment, raytracingDeclaration } from './raytracing-descs';
import { argumentNodes, elseBody, rangeOf, unwrapValue } from './syntax';
import { heldParameter } from './held-slots';
import { opaqueMemberHandle } from './opaque-handles';
import { declaredName } from './types';
import { aliasedObject, isReference, isValueType } from './object-aliases';
import type { ViewHelper } from './member-views';
import { MemberViewLog, structMember } from './member-views';
import { recordAccessType, recordTargetParam } from './render-passes';
import type { HelperReturn } from './handle-helpers';
import { VIEW_DESC_TYPE, forgetMembers, recordDescField, zeroDeclared } from './view-desc-fields';
import type { DescriptorWalk } from './descriptor-calls';
import { call, keptParamHandle, pushView } from './descriptor-calls';

const BUFFER_VIEW_TYPE = /\bD3D12_(?:VERTEX_BUFFER_VIEW|INDEX_BUFFER_VIEW|STREAM_OUTPUT_BUFFER_VIEW|CONSTANT_BUFFER_VIEW_DESC)\b/;

const NULL_VALUE = /^(?:nullptr|NULL|0|\{\s*\})$/;

/** Values that print alike (descriptor values are plain data). */
function sameText(vals: readonly (DVal | undefined)[]): boolean {
  const first = JSON.stringify(vals[0]);
  return vals.every((v) => JSON.stringify(v) === first);
}

/**
 * The alternatives' environments joined: a name keeps its value where every alternative holds the same (or one that
 * prints alike), else it is unknown; names in the order the alternatives first hold them. NOTE: the alternatives
 * start from copies of one map, so a value no branch wrote is the same object in all: only the names some
 * alternative holds another object for (or not at all) are compared value by value, without a list per name.
 */
function joined(outs: readonly Map<string, DVal>[]): Map<string, DVal> {
  const first = outs[0];
  const merged = new Map(first);
  if (outs.length === 1) return merged;
  const differing = new Set<string>();
  for (let i = 1; i < outs.length; i++) {
    const o = outs[i];
    for (const [key, v] of o) {
      if (first.get(key) === v) continue;
      differing.add(key);
      // A name the first alternative does not hold: placed where the union of the alternatives' names has it.
      if (!merged.has(key)) merged.set(key, v);
    }
    if (o.size < first.size || differing.size > 0) for (const key of first.keys()) if (!o.has(key)) differing.add(key);
  }
  for (const key of differing) {
    const vals = outs.map((o) => o.get(key));
    merged.set(key, vals[0] && (vals.every((v) => v === vals[0]) || sameText(vals)) ? vals[0] : { t: 'unknown' });
  }
  return merged;
}

export class Walk implements DescriptorWalk {
  readonly views: ViewFact[] = [];
  readonly counters: UavCounterFact[] = [];
  readonly bufferViews: BufferViewFact[] = [];
  readonly stores: StoredHandleFact[] = [];
  readonly tainted = new Set<string>();
  readonly calls = new Map<SyntaxNode, CallAnnotation>();
  /** The handles the function returns (for handle-helper summaries), with the parameter a guard made 0. */
  readonly returns: HelperReturn[] = [];
  private zero: string | null = null;
  loops: Induction[] = [];
  /** Set when the walked function is a view helper writing at its slot parameter (ViewHelper `heap`). */
  perCall?: { params: readonly string[]; slot: number; resource: string };
  /** Those views, kept apart: they stand in the table only when a call of the helper was not followed. */
  readonly perCallViews: ViewFact[] = [];
  /** The calls of view helpers followed (helperView), by helper name. */
  readonly helperCalls = new Map<string, number>();

  constructor(readonly s: DScope, readonly members?: MemberViewLog, readonly viewHelpers?: ReadonlyMap<string, ViewHelper[]>) {
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
    // NOTE: the environment as the branches meet it is never written: each alternative runs on its own copy, the
    // last of an exhaustive set on the map itself (nothing reads it after that alternative but the merge below, which
    // reads `outs` alone then): up to two copies fewer per `if`.
    const before = this.s.env;
    const outs: Map<string, DVal>[] = [];
    const outer = this.zero;
    for (const [i, a] of alts.entries()) {
      this.s.env = exhaustive && i > 0 && i === alts.length - 1 ? before : new Map(before);
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
    this.s.env = joined(outs);
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
      raytracingDeclaration(name, this.s, type, value);
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
      const h = value.type === 'argument_list' && /CD3DX12_/.test(type) ? helperHandle(value, argumentNodes(value), s) : handleOf(value, s) ?? ptrValue(value, s) ?? keptParamHandle(value, s, this);
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
      case 'call_expression': call(this, n); return;
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
      if (op === '=' && (recordDescField(l, right, s) || recordAccessType(l, right, s) || recordTargetParam(l, right, s))) return;
    }
    if (op !== '=') {
      if (l.type === 'identifier' && s.env.has(l.text)) s.env.set(l.text, { t: 'unknown' });
      return;
    }
    const direct = handleOf(right, s) ?? ptrValue(right, s);
    const held = direct ? null : heldParameter(l, right, s);
    const h = direct ?? held?.handle ?? null;
    if (held?.view) pushView(this, held.view);
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
  setHandle(target: SyntaxNode, h: HandleFact | null): void {
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
