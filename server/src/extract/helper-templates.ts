// Calls of the file's own helper functions that return a barrier built from their parameters
// (`MakeTransition(res, before, after)`): the returned template is instantiated with the caller's arguments.
import type { SyntaxNode } from './node';
import type { Field, ResourceRef } from './facts';
import type { FnCtx, ReturnTemplate } from './context';
import { addSite, evalValue, RAW_SITE_KIND } from './context';
import { rangeOf } from './syntax';
import { resourceRef } from './resources';
import { classOfType, typeOfExpr } from './types';
import { receiverBasesOf } from './imported-bases';
import type { AVal } from './values';
import { cloneVal, numVal } from './values';
import { rangedAt } from './imported-helpers';

/**
 * `texture->GetD3D12Resource()` in the helper, a member path through its parameter: in the caller it is the
 * argument's object followed by the path, and a member path through the caller's own parameter when the argument is
 * one. Left as it was, the helper's parameter index would name the caller's parameter of that index.
 */
function throughArgument(r: ResourceRef, base: { param: number; path: string }, arg: ResourceRef | undefined): ResourceRef {
  if (!arg || arg.key === null) return { key: null, text: r.text, range: r.range, unknown: true };
  let rest = base.path;
  if (rest.startsWith('->') && (arg.text.trim().startsWith('&') || arg.pointee)) rest = `.${rest.slice(2)}`;
  const out: ResourceRef = { key: `${arg.key}${rest}`, text: `${arg.text}${rest}`, range: r.range };
  if (arg.param !== undefined) out.base = { param: arg.param, path: rest };
  else if (arg.base) out.base = { param: arg.base.param, path: `${arg.base.path}${rest}` };
  if (arg.member) out.member = true;
  return out;
}

/** The caller's argument `i` as the helper's parameter `i`: a field value, or a resource. */
export interface Arguments {
  field(i: number): Field | undefined;
  ref(i: number): ResourceRef | undefined;
}

/** The arguments of a call, each evaluated on first use (`skip`: an argument the template never reads). */
export function callArguments(args: SyntaxNode[], fn: FnCtx, skip = -1): Arguments {
  const fields = new Map<number, Field | undefined>();
  const refs = new Map<number, ResourceRef | undefined>();
  return {
    field(i) {
      if (i === skip || !args[i]) return undefined;
      if (!fields.has(i)) {
        const v = evalValue(args[i], 'num', fn);
        fields.set(i, v.t === 'num' ? v.f : { value: null, text: args[i].text, range: rangeOf(args[i]) });
      }
      return fields.get(i);
    },
    ref(i) {
      if (i === skip || !args[i]) return undefined;
      if (!refs.has(i)) {
        const v = evalValue(args[i], 'res', fn);
        refs.set(i, v.t === 'res' ? v.ref : { key: args[i].text.replace(/\s+/g, ''), text: args[i].text, range: rangeOf(args[i]) });
      }
      return refs.get(i);
    },
  };
}

/** A helper's value with its parameters replaced by the caller's arguments (in place: pass a copy). */
export function substituteParams(v: AVal, args: Arguments): AVal {
  if (v.t === 'num' && v.f.param !== undefined) {
    const f = args.field(v.f.param);
    return f ? numVal(f) : v;
  }
  // Per-path values of the helper's own if/else: the caller's arguments may decide which path runs.
  if (v.t === 'num' && v.f.oneOf) return numVal({ value: null, text: v.f.text, range: v.f.range });
  if (v.t === 'res' && v.ref.param !== undefined) {
    const r = args.ref(v.ref.param);
    return r ? { t: 'res', ref: r } : v;
  }
  if (v.t === 'res' && v.ref.base) return { t: 'res', ref: throughArgument(v.ref, v.ref.base, args.ref(v.ref.base.param)) };
  if (v.t === 'struct') {
    for (const [k, m] of v.members) v.members.set(k, substituteParams(m, args));
  }
  if (v.t === 'array') v.elems = v.elems.map((e) => substituteParams(e, args));
  return v;
}

/**
 * `obj.M(…)` / `obj->M(…)` where M is a barrier-returning method of obj's declared class (or a base of it): the
 * method's template on obj. Undefined for any other call (a free function, an object of another or unknown class).
 */
export function instantiateOnReceiver(call: SyntaxNode, callee: SyntaxNode, name: string | undefined, args: SyntaxNode[], fn: FnCtx): AVal | undefined {
  const t = callee.type === 'field_expression' && name ? fn.file.templates.get(name) : undefined;
  const object = t?.owner && !t.within ? callee.childForFieldName('argument') : null;
  if (!t || !object || object.type === 'this') return undefined;
  const cls = classOfType(typeOfExpr(object, fn));
  if (!cls || (cls !== t.owner && !receiverBasesOf(cls, fn.file).includes(t.owner!))) return undefined;
  const ref = resourceRef(object, fn.file, fn);
  if (!ref.key) return undefined;
  return instantiateTemplate(call, t, args, fn, { ref, op: callee.child(1)?.type === '->' ? '->' : '.' });
}

/** The member resources a method's value names (`m_resource`): the receiver's members at a call on an object. */
export function memberRefs(v: AVal, out = new Set<ResourceRef>()): Set<ResourceRef> {
  if (v.t === 'res' && v.ref.member && v.ref.key) out.add(v.ref);
  if (v.t === 'struct') for (const m of v.members.values()) memberRefs(m, out);
  if (v.t === 'array') for (const e of v.elems) memberRefs(e, out);
  return out;
}

/**
 * The value with the method's own members (`members`, found before the caller's arguments went in) taken as the
 * receiver's (`counters.m_resource`), in place.
 */
export function onReceiver(v: AVal, members: ReadonlySet<ResourceRef>, receiver: { ref: ResourceRef; op: string }): AVal {
  if (v.t === 'res' && members.has(v.ref)) return { t: 'res', ref: throughArgument(v.ref, { param: -1, path: `${receiver.op}${v.ref.key}` }, receiver.ref) };
  if (v.t === 'struct') for (const [k, m] of v.members) v.members.set(k, onReceiver(m, members, receiver));
  if (v.t === 'array') v.elems = v.elems.map((e) => onReceiver(e, members, receiver));
  return v;
}

/**
 * The call's arguments followed by the default arguments of the parameters it leaves out
 * (`BarrierTransition(res, A, B)` of `…(…, UINT sub = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, … flags = …_NONE)`).
 */
function withDefaults(args: SyntaxNode[], template: ReturnTemplate): SyntaxNode[] {
  const out = [...args];
  if (template.imported) return out;
  for (const d of (template.defaults ?? []).slice(args.length)) {
    if (!d) break;
    out.push(d);
  }
  return out;
}

/**
 * Substitute the caller's arguments into a helper function's returned barrier; `receiver`: the object a method of
 * the helper's class is called on (`m_counters.TransitionResState(s)`), whose members the method's members are.
 */
export function instantiateTemplate(call: SyntaxNode, template: ReturnTemplate, args: SyntaxNode[], fn: FnCtx, receiver?: { ref: ResourceRef; op: string }): AVal {
  const range = rangeOf(call);
  const values = callArguments(withDefaults(args, template), fn);
  // Every argument is evaluated, in order, whether the template reads it or not (their effects happen either way).
  args.forEach((_, i) => values.field(i));
  args.forEach((_, i) => values.ref(i));
  const copy = template.imported ? rangedAt(template.value, range) : cloneVal(template.value);
  const members = receiver ? memberRefs(copy) : undefined;
  const substituted = substituteParams(copy, values);
  const out = receiver && members?.size ? onReceiver(substituted, members, receiver) : substituted;
  // Each barrier built (the value, or each element of a container the helper returns) is a site at the call.
  for (const s of out.t === 'array' ? out.elems : [out]) {
    if (s.t !== 'struct' || s.site < 0) continue;
    s.site = addSite(fn.file, RAW_SITE_KIND[s.kind] ?? 'barrier', range, null);
    s.range = range;
    fn.file.sites[s.site].live = s;
  }
  return fn.created(out);
}
