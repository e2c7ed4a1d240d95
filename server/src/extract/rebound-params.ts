// A parameter the body assigns (`out = nullptr;` on a branch that gives up, `p = p->next;`) does not name the caller's
// object throughout, so the walk keys what is reached through it by the parameter's own spelling (`*out`) instead of
// the caller's argument. Such a key is the helper's own, as a local's is: it means nothing to a caller, and the next
// call of the helper reaches another object through it. The tracker treats these parameters as locals
// (track/helper-frames.ts hideLocals/forgetCalleeLocals); left as they were, one call's final state met the next
// call's first use of another object (TracerBoy's weight upload: a buffer "still in UNORDERED_ACCESS" before its copy).
import type { Event, Stmt } from './facts';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { forEachEvent } from './events';
import { rootOf, symOf, targetOf } from './path-facts';
import { unseenMacroMayAssign } from './api-calls';

/** Parameters outside `stable` that some event names a resource through without the caller's link. */
export function reboundParams(body: Stmt, params: readonly string[], stable: readonly string[]): string[] {
  const unstable = new Set(params.filter((p) => p && !stable.includes(p)));
  if (unstable.size === 0) return [];
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.key === 'string' && typeof o.text === 'string' && o.param === undefined && o.base === undefined) {
      const root = /[A-Za-z_]\w*/.exec(o.key)?.[0];
      if (root !== undefined && unstable.has(root)) found.add(root);
    }
    for (const k in o) if (k !== 'range') visit(o[k]);
  };
  forEachEvent(body, (e: Event) => visit(e));
  return params.filter((p) => found.has(p));
}

/**
 * Parameters the body may give another value: assigned or stepped, their address taken, a non-const reference bound
 * to them, or named as an argument of a macro the file cannot see (`SERIALISE_ELEMENT(pDst).Important();`). A key
 * the helper builds with one of them past its root (`Unwrap(pDst)`, `m_tex[idx]`) names no caller's object: it is
 * not spelt with the caller's argument (track/env.ts withArgTexts), which made two calls' `NULL` arguments one
 * resource `Unwrap(NULL)`.
 */
export function rewrittenParams(body: SyntaxNode, params: readonly string[], fn: FnCtx): string[] {
  const own = new Set(params.filter((p) => p));
  if (own.size === 0) return [];
  const found = new Set<string>();
  const note = (sym: string | undefined) => {
    const root = sym === undefined ? undefined : rootOf(sym);
    if (root !== undefined && own.has(root)) found.add(root);
  };
  for (const n of body.descendantsOfType(['assignment_expression', 'update_expression', 'pointer_expression', 'init_declarator', 'call_expression'])) {
    if (n.type === 'pointer_expression') {
      if (n.childForFieldName('operator')?.type === '&') note(symOf(n.childForFieldName('argument')));
    } else if (n.type === 'init_declarator') {
      if (n.childForFieldName('declarator')?.type === 'reference_declarator') note(symOf(n.childForFieldName('value')));
    } else if (n.type === 'call_expression') {
      const callee = n.childForFieldName('function');
      if (callee?.type !== 'identifier' || fn.file.outParams.has(callee.text) || !unseenMacroMayAssign(callee.text, fn)) continue;
      for (const a of n.childForFieldName('arguments')?.namedChildren ?? []) if (a.type === 'identifier') note(a.text);
    } else note(symOf(targetOf(n)));
  }
  return params.filter((p) => found.has(p));
}
