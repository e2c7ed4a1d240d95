// Barrier struct values and their sites: a struct read from a name is copied (C++ value semantics), a declared
// copy is a site of its own, and a struct filled field by field is one site whose range grows.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { addSite, RAW_SITE_KIND } from './context';
import { rangeOf, unwrapValue } from './syntax';
import type { AVal, StructVal } from './values';
import { cloneVal } from './values';

/** `T copy = other;` is a construction of its own: the copy is a site at its declaration. */
export function copyDeclared(v: AVal, node: SyntaxNode, d: SyntaxNode, fn: FnCtx): AVal {
  const c = copied(v, node, fn);
  if (c !== v && c.t === 'struct' && RAW_SITE_KIND[c.kind]) {
    c.site = addSite(fn.file, RAW_SITE_KIND[c.kind]!, rangeOf(d), null);
    c.range = rangeOf(d);
    fn.file.sites[c.site].live = c;
  }
  return c;
}

/**
 * A struct value read from a variable, member or element is copied (C++ value semantics): later writes to the copy
 * must not change the original. Calls and literals already produce fresh values.
 */
export function copied(v: AVal, node: SyntaxNode, fn: FnCtx): AVal {
  if (v.t !== 'struct') return v;
  const n = unwrapValue(node);
  const read = n.type === 'identifier' || n.type === 'field_expression' || n.type === 'subscript_expression'
    || (n.type === 'pointer_expression' && n.child(0)?.type === '*');
  return read ? fn.created(cloneVal(v) as StructVal) : v;
}

/**
 * A struct filled field by field is one site whose range grows with each assignment. A barrier struct that is not
 * yet a site of its own (an array element, a copy of another barrier) becomes one at its first field assignment.
 */
export function ensureSite(s: StructVal, assign: SyntaxNode, fn: FnCtx): void {
  const kind = RAW_SITE_KIND[s.kind];
  if (!kind || s.standIn) return;
  if (s.site < 0 || fn.file.sites[s.site].live !== s) {
    s.site = addSite(fn.file, kind, rangeOf(assign), null);
    fn.file.sites[s.site].live = s;
    return;
  }
  const rec = fn.file.sites[s.site];
  const r = rangeOf(assign);
  if (r.endLine > rec.site.range.endLine || (r.endLine === rec.site.range.endLine && r.endColumn > rec.site.range.endColumn)) {
    rec.site.range = { ...rec.site.range, endLine: r.endLine, endColumn: r.endColumn };
  }
}
