// Subscripts through locals computed from the frame or pass index:
//
//   const UINT cur = frame & 1;
//   const UINT prev = cur ^ 1;
//   barriers = { Transition(m_history[cur], …), Transition(m_history[prev], …) };
//
// A subscript that reads such locals is keyed by what they hold, with each local replaced by its (parenthesised)
// value: `m_history[frame&1]` and `m_history[(frame&1)^1]`. Another function that writes `m_history[frame & 1]`
// then names the same element, and the tracker can tell the two elements apart (track/element-indices.ts): keyed
// by the local names, `cur` and `prev` might have been one element, so the barrier on one made the other unknown.
// Only values made of numbers, operators and names that are not locals of the function (parameters, members,
// globals), of locals the function never writes again (no assignment, `++`, `&local`): a local whose value is not
// known that way (a loop counter, `slot = slot + 1` in a loop, a value read from a call) leaves the subscript as it
// is written, so the 'reindex' of the local (extract/rebinds.ts) still forgets the element it named.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { backBufferIndexCall, indexKey } from './back-buffer-indices';

const SAFE = /^[\w\s()+\-^&|%*<>~]+$/;
const MAX_DEPTH = 3;

/** The subscript `idx` with its locals replaced by their values, or undefined when none was (or one cannot be). */
export function substitutedIndex(idx: SyntaxNode, fn: FnCtx | undefined): string | undefined {
  if (!fn || !SAFE.test(idx.text)) return undefined;
  const body = enclosingBody(idx);
  if (!body) return undefined;
  const out = substitute(idx.text, fn, 0, body);
  return out && out.changed ? unwrapWhole(out.text) : undefined;
}

/** `(x^1)` → `x^1`: the parentheses put around a whole substituted subscript. */
function unwrapWhole(t: string): string {
  if (!t.startsWith('(') || !t.endsWith(')')) return t;
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '(') depth++;
    else if (t[i] === ')' && --depth === 0 && i < t.length - 1) return t;
  }
  return t.slice(1, -1);
}

function substitute(text: string, fn: FnCtx, depth: number, body: SyntaxNode): { text: string; changed: boolean } | undefined {
  let changed = false;
  let failed = false;
  const replaced = text.replace(/\b[A-Za-z_]\w*\b/g, (name) => {
    if (failed || !fn.env.has(name) || fn.params.includes(name)) return name;
    const value = writtenOnce(name, body) ? localValue(name, fn) : undefined;
    const inner = value !== undefined && depth < MAX_DEPTH ? substitute(value, fn, depth + 1, body) : undefined;
    if (!inner) {
      failed = true;
      return name;
    }
    changed = true;
    const t = inner.text;
    return /^\w+$/.test(t) ? t : `(${t})`;
  });
  return failed ? undefined : { text: replaced.replace(/\s+/g, ''), changed };
}

/** The symbolic value a local holds (`frame & 1`), when it is made of names, numbers and operators only. */
function localValue(name: string, fn: FnCtx): string | undefined {
  const v = fn.env.get(name);
  const text = v?.t === 'num' && v.f.value === null ? v.f.text : v?.t === 'unknown' ? v.text : undefined;
  if (!text) return undefined;
  const current = backBufferIndexCall(text);
  if (current) return current;
  if (!SAFE.test(text) || new RegExp(`\\b${name}\\b`).test(text) || /\w\s*\(/.test(text)) return undefined;
  return text;
}

function enclosingBody(n: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return p.childForFieldName('body');
  }
  return null;
}

const written = new WeakMap<SyntaxNode, Set<string>>();

/** The local is assigned only where it is declared: no `=`/`op=`, `++`/`--` or `&local` anywhere in the body. */
function writtenOnce(name: string, body: SyntaxNode): boolean {
  let names = written.get(body);
  if (!names) {
    names = new Set();
    for (const a of body.descendantsOfType(['assignment_expression', 'update_expression', 'pointer_expression'])) {
      const target = a.type === 'assignment_expression' ? a.childForFieldName('left') : a.childForFieldName('argument');
      if (a.type === 'pointer_expression' && a.child(0)?.type !== '&') continue;
      if (target?.type === 'identifier') names.add(target.text);
    }
    written.set(body, names);
  }
  return !names.has(name);
}

/**
 * A descriptor index read through a local (`UINT bb = m_swapChain->GetCurrentBackBufferIndex();` or
 * `UINT bb = m_frameIndex;`, then `CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(start, bb, size)`): the key its value gives
 * it, as a resource subscript through that local is keyed (substitutedIndex), so the handle names the element the
 * barriers name. Only a local assigned once, at its one declaration, to a back-buffer index call or to a name or
 * member path the function does not declare; otherwise undefined (the index stays unknown).
 */
export function declaredIndexKey(name: SyntaxNode): string | undefined {
  const body = enclosingBody(name);
  if (!body || !writtenOnce(name.text, body)) return undefined;
  const decls = body.descendantsOfType('init_declarator').filter((d) => d.childForFieldName('declarator')?.text === name.text);
  const value = decls.length === 1 ? decls[0].childForFieldName('value') : null;
  if (!value) return undefined;
  const call = backBufferIndexCall(value.text);
  if (call) return call;
  if (value.type !== 'identifier' && value.type !== 'field_expression') return undefined;
  const root = /^(?:this\s*->\s*)?([A-Za-z_]\w*)/.exec(value.text)?.[1];
  return root && !declaredIn(root, body) ? indexKey(value.text) : undefined;
}

/** Whether the function declares `name` (a parameter or a local). */
function declaredIn(name: string, body: SyntaxNode): boolean {
  const fn = body.parent;
  const declarators = fn?.childForFieldName('declarator')?.descendantsOfType('identifier') ?? [];
  if (declarators.some((d) => d.text === name && d.parent?.type !== 'qualified_identifier')) return true;
  return body.descendantsOfType(['init_declarator', 'declaration']).some((d) => {
    const id = d.childForFieldName('declarator');
    return id?.type === 'identifier' && id.text === name;
  });
}
