// Forwarding macros defined in the file: `#define transition_resource_state(a, ...) transition_resource_state_(__LINE__,
// a, __VA_ARGS__)`. A call of the macro is a call of the function it forwards to, with the macro's arguments in their
// places (vkd3d-proton's test helpers, check_* macros), so the helper's body is evaluated at the call.
import type { SyntaxNode } from './node';
import { lookupEnumIdentifier, NAMED_CONSTANTS } from '../model/enums';
import { ownEntry } from './syntax';

/** Per argument of the target call: a macro parameter (index), the rest of the arguments, or another token. */
type Slot = { param: number } | { rest: number } | { other: string };

export interface Forwarder {
  target: string;
  /** The namespace or class the body's call names (`gfx::Submit(…)` → `gfx`), as calleeScope gives it. */
  qualifier?: string;
  slots: Slot[];
}

/** Split a macro body's argument text on top-level commas. */
function splitArgs(text: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (depth < 0) return null;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

/** The file's function-like macros whose body is one call of a function, by macro name. */
export function collectForwarders(root: SyntaxNode): Map<string, Forwarder> {
  const out = new Map<string, Forwarder>();
  for (const def of root.descendantsOfType('preproc_function_def')) {
    const name = def.childForFieldName('name')?.text;
    const params = def.childForFieldName('parameters')?.text.replace(/^\(|\)$/g, '').split(',').map((p) => p.trim()).filter(Boolean) ?? [];
    const body = def.childForFieldName('value')?.text.replace(/\\\r?\n/g, ' ').trim();
    // The body's call may name its function through namespaces or a class (`gfx::Submit((list), (tb))`).
    const m = body ? /^(?:do\s*\{\s*)?((?:::\s*)?(?:\w+\s*::\s*)*\w+)\s*\(([\s\S]*)\)\s*;?\s*(?:\}\s*while\s*\(\s*0\s*\))?$/.exec(body) : null;
    const path = m ? m[1].split('::').map((p) => p.trim()).filter(Boolean) : [];
    const target = path[path.length - 1];
    if (!name || !m || !target || target === name) continue;
    const args = splitArgs(m[2]);
    if (!args) continue;
    const variadic = params[params.length - 1] === '...';
    const named = variadic ? params.slice(0, -1) : params;
    const slots: Slot[] = args.map((a) => {
      // `f((cl), (res), #res)`: a parameter in parentheses is the parameter.
      const p = named.indexOf(a.replace(/^\(\s*(\w+)\s*\)$/, '$1'));
      if (p >= 0) return { param: p };
      if (variadic && (a === '__VA_ARGS__' || a === '##__VA_ARGS__')) return { rest: named.length };
      return { other: a };
    });
    const qualifier = path.length > 1 ? path[path.length - 2] : undefined;
    out.set(name, { target, ...(qualifier ? { qualifier } : {}), slots });
  }
  return out;
}

/**
 * The target call's arguments for a macro call's arguments: `(a, b, c)` through `f_(__LINE__, a, __VA_ARGS__)` is
 * `[other '__LINE__', a, b, c]` (as indexes into the macro call's arguments, or a token text).
 */
export function forwardedArgs<T>(fw: Forwarder, args: readonly T[], token: (text: string) => T): T[] {
  const out: T[] = [];
  for (const s of fw.slots) {
    if ('param' in s) {
      if (args[s.param] !== undefined) out.push(args[s.param]);
    } else if ('rest' in s) out.push(...args.slice(s.rest));
    else out.push(token(s.other));
  }
  return out;
}

/**
 * The value of a token the macro body passes itself (`D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES`, `0`, `0xffffffffu`,
 * an enumerator): a 32-bit constant, or null (`__LINE__`, a name the tables do not know).
 */
export function tokenValue(text: string): number | null {
  const t = text.trim();
  const num = /^(0[xX][0-9a-fA-F]+|\d+)[uUlL]*$/.exec(t);
  if (num) {
    const v = Number(num[1]);
    return v <= 0xffffffff ? v : null;
  }
  const named = ownEntry(NAMED_CONSTANTS, t);
  if (named !== undefined) return named <= 0xffffffffn ? Number(named) : null;
  const e = /^[A-Z]\w*$/.test(t) ? lookupEnumIdentifier(t) : undefined;
  return e?.value !== undefined ? e.value >>> 0 : null;
}
