// Calls of the file's own helper functions that return a barrier built from their parameters
// (`MakeTransition(res, before, after)`): the returned template is instantiated with the caller's arguments.
import type { SyntaxNode } from './node';
import type { Field, ResourceRef } from './facts';
import type { FnCtx, ReturnTemplate } from './context';
import { addSite, evalValue, RAW_SITE_KIND } from './context';
import { rangeOf } from './syntax';
import type { AVal } from './values';
import { cloneVal, numVal } from './values';

/**
 * `texture->GetD3D12Resource()` in the helper, a member path through its parameter: in the caller it is the
 * argument's object followed by the path, and a member path through the caller's own parameter when the argument is
 * one. Left as it was, the helper's parameter index would name the caller's parameter of that index.
 */
function throughArgument(r: ResourceRef, base: { param: number; path: string }, arg: ResourceRef | undefined): ResourceRef {
  if (!arg || arg.key === null) return { key: null, text: r.text, range: r.range, unknown: true };
  let rest = base.path;
  if (rest.startsWith('->') && arg.text.trim().startsWith('&')) rest = `.${rest.slice(2)}`;
  const out: ResourceRef = { key: `${arg.key}${rest}`, text: `${arg.text}${rest}`, range: r.range };
  if (arg.param !== undefined) out.base = { param: arg.param, path: rest };
  else if (arg.base) out.base = { param: arg.base.param, path: `${arg.base.path}${rest}` };
  if (arg.member) out.member = true;
  return out;
}

/** Substitute the caller's arguments into a helper function's returned barrier. */
export function instantiateTemplate(call: SyntaxNode, template: ReturnTemplate, args: SyntaxNode[], fn: FnCtx): AVal {
  const range = rangeOf(call);
  const fields: Field[] = args.map((a) => evalValue(a, 'num', fn)).map((v, i) =>
    v.t === 'num' ? v.f : { value: null, text: args[i].text, range: rangeOf(args[i]) });
  const refs: ResourceRef[] = args.map((a) => {
    const v = evalValue(a, 'res', fn);
    return v.t === 'res' ? v.ref : { key: a.text.replace(/\s+/g, ''), text: a.text, range: rangeOf(a) };
  });
  const copy = cloneVal(template.value);
  const substitute = (v: AVal): AVal => {
    if (v.t === 'num' && v.f.param !== undefined) return fields[v.f.param] ? numVal(fields[v.f.param]) : v;
    if (v.t === 'res' && v.ref.param !== undefined) return refs[v.ref.param] ? { t: 'res', ref: refs[v.ref.param] } : v;
    if (v.t === 'res' && v.ref.base) return { t: 'res', ref: throughArgument(v.ref, v.ref.base, refs[v.ref.base.param]) };
    if (v.t === 'struct') {
      for (const [k, m] of v.members) v.members.set(k, substitute(m));
    }
    return v;
  };
  const out = substitute(copy);
  if (out.t === 'struct' && out.site >= 0) {
    out.site = addSite(fn.file, RAW_SITE_KIND[out.kind] ?? 'barrier', range, null);
    out.range = range;
    fn.file.sites[out.site].live = out;
  }
  return fn.created(out);
}
