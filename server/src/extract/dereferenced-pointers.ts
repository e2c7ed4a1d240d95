// A pointer the function has already dereferenced is not null: after `p->GetCompletedValue()` has run, `if (p != 0)`,
// `if (p)`, `if (!p)`, `if (p == nullptr)` are decided (a null `p` would have been dereferenced first, which C++ does
// not allow). Engines test such pointers out of habit or by slip — `while (m_fences[i]->GetCompletedValue() < v) {}`
// then `if (m_fences[i] != 0) { PRESENT → RENDER_TARGET }` — and the path that skips the block cannot happen.
// Without this the skipping path reaches the next use with the state assumed at the block's first use.
// NOTE: only a dereference the test certainly follows counts: one in an earlier statement of the same block (or of an
// enclosing block, climbing out of if/else bodies but never out of a loop body, a case, a lambda or the function),
// evaluated unconditionally there (not inside `?:`, the right side of `&&`/`||`, a lambda, `sizeof`), or in the
// condition of an earlier `while`/`for`, which runs at least once and last before the loop ends (its body must then
// hold no `break`). Nothing between that dereference and the test may write a name of the pointer's expression:
// no assignment, `++`/`--` or `&` of one, no call handed one as a whole argument or called on it (`p.Reset()`), no
// call that may change the object's members (a call on `this`, an unqualified or qualified call, which may be a
// method of the class), no label. Any doubt leaves the test undecided, as before.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '').replace(/\.Get\(\)$/, '');
const NULLS = new Set(['0', 'nullptr', 'NULL']);
const POINTER_FORMS = new Set(['identifier', 'field_expression', 'subscript_expression', 'qualified_identifier']);

/** The tested pointer and the truth of the test when it is not null: `p` / `p != 0` → true, `!p` / `p == 0` → false. */
function nullTest(n: SyntaxNode): { ptr: SyntaxNode; whenSet: boolean } | undefined {
  let x = n;
  while (x.type === 'parenthesized_expression' && x.namedChildCount === 1) x = x.namedChild(0)!;
  if (x.type === 'unary_expression' && x.childForFieldName('operator')?.type === '!') {
    const inner = x.childForFieldName('argument');
    const t = inner ? nullTest(inner) : undefined;
    return t ? { ptr: t.ptr, whenSet: !t.whenSet } : undefined;
  }
  if (x.type === 'binary_expression') {
    const op = x.childForFieldName('operator')?.type;
    if (op !== '==' && op !== '!=') return undefined;
    const l = x.childForFieldName('left');
    const r = x.childForFieldName('right');
    if (!l || !r) return undefined;
    const ptr = NULLS.has(r.text.trim()) ? l : NULLS.has(l.text.trim()) ? r : undefined;
    return ptr && plainPointer(ptr) ? { ptr, whenSet: op === '!=' } : undefined;
  }
  return plainPointer(x) ? { ptr: x, whenSet: true } : undefined;
}

/** A name, member path or element with plain indices (`m_fences[m_index]`, `p->next`): nothing evaluated on the way. */
function plainPointer(n: SyntaxNode): boolean {
  let x = n;
  // `m_fence.Get()`: the ComPtr's pointer.
  if (x.type === 'call_expression' && /\.Get\(\)$/.test(x.text.replace(/\s+/g, '')) && x.childForFieldName('arguments')?.namedChildCount === 0) {
    x = x.childForFieldName('function')!.childForFieldName('argument') ?? x;
  }
  if (!POINTER_FORMS.has(x.type)) return false;
  return x.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression', 'lambda_expression']).length === 0;
}

/** The names of the pointer's expression (`m_fences`, `m_index` of `m_fences[m_index]`). */
function namesOf(ptr: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const visit = (x: SyntaxNode) => {
    if (x.type === 'identifier' || x.type === 'field_identifier') out.add(x.text);
    for (const c of x.namedChildren) visit(c);
  };
  visit(ptr);
  return out;
}

/** `x` or a part of it (`m_fences` of `m_fences[i]`) written as a whole: the pointer's expression may change. */
function mentions(x: SyntaxNode, names: Set<string>): boolean {
  return (x.type === 'identifier' || x.type === 'field_identifier') ? names.has(x.text)
    : x.descendantsOfType(['identifier', 'field_identifier']).some((d) => names.has(d.text));
}

/** Whether `region` may change the pointer's expression (see the NOTE at the top). */
function mayWrite(region: SyntaxNode, names: Set<string>, whole: string): boolean {
  const kinds = ['assignment_expression', 'update_expression', 'pointer_expression', 'call_expression', 'labeled_statement', 'goto_statement', 'delete_expression'];
  for (const d of [region, ...region.descendantsOfType(kinds)]) {
    switch (d.type) {
      case 'assignment_expression': if (mentions(d.childForFieldName('left')!, names)) return true; break;
      case 'update_expression': if (mentions(d.childForFieldName('argument')!, names)) return true; break;
      case 'pointer_expression':
        if (d.childForFieldName('operator')?.type === '&' && mentions(d.childForFieldName('argument')!, names)) return true;
        break;
      case 'labeled_statement': case 'goto_statement': case 'delete_expression': return true;
      case 'call_expression': {
        const f = d.childForFieldName('function');
        if (f?.type !== 'field_expression') return true;
        const object = f.childForFieldName('argument');
        if (!object || object.type === 'this') return true;
        const o = norm(object.text);
        // `p->Method()` dereferences the pointer and leaves it as it is; `p.Reset()`, `owner->Reset()` may change it.
        const arrow = f.child(1)?.type === '->';
        if ((whole === o && !arrow) || whole.startsWith(`${o}[`) || whole.startsWith(`${o}.`) || whole.startsWith(`${o}->`)) return true;
        for (const a of d.childForFieldName('arguments')?.namedChildren ?? []) {
          const t = norm(a.text);
          if (t === 'this' || t === '*this' || [...names].some((nm) => t === nm || whole === t || whole.startsWith(`${t}[`) || whole.startsWith(`${t}.`) || whole.startsWith(`${t}->`))) return true;
        }
        break;
      }
      default: break;
    }
  }
  return false;
}

const same = (a: SyntaxNode | null, b: SyntaxNode | null): boolean => !!a && !!b && a.type === b.type && a.startIndex === b.startIndex && a.endIndex === b.endIndex;

/** Not certainly evaluated when its statement runs: inside `?:`, the right side of `&&`/`||`, a lambda, `sizeof`. */
function conditional(node: SyntaxNode, top: SyntaxNode): boolean {
  for (let x: SyntaxNode | null = node; x && !same(x, top); x = x.parent) {
    const p: SyntaxNode | null = x.parent;
    if (!p) return true;
    if (p.type === 'lambda_expression' || p.type === 'sizeof_expression' || p.type === 'decltype') return true;
    if (p.type === 'conditional_expression' && !same(x, p.childForFieldName('condition'))) return true;
    if (p.type === 'binary_expression' && ['&&', '||'].includes(p.childForFieldName('operator')?.type ?? '') && same(x, p.childForFieldName('right'))) return true;
  }
  return false;
}

/** A `->` on the pointer somewhere in `region`, certainly evaluated when `top` runs. */
function dereferences(region: SyntaxNode | null, whole: string, top: SyntaxNode): boolean {
  if (!region) return false;
  const all = region.type === 'field_expression' ? [region, ...region.descendantsOfType('field_expression')] : region.descendantsOfType('field_expression');
  return all.some((f) => f.child(1)?.type === '->' && norm(f.childForFieldName('argument')?.text ?? '') === whole && !conditional(f, top));
}

/** The part of statement `s` that certainly runs before the statements after it, when it dereferences the pointer. */
function certainDeref(s: SyntaxNode, whole: string): boolean {
  switch (s.type) {
    case 'expression_statement': case 'declaration': return dereferences(s, whole, s);
    case 'if_statement': return dereferences(s.childForFieldName('condition'), whole, s);
    case 'while_statement': case 'for_statement': {
      // The condition runs last before the loop ends, unless a `break` leaves it from the body.
      const body = s.childForFieldName('body');
      if (body?.descendantsOfType('break_statement').length || body?.type === 'break_statement') return false;
      return dereferences(s.childForFieldName('condition'), whole, s);
    }
    default: return false;
  }
}

/**
 * The truth of `cond` (an if's condition) when it tests a pointer for null that the function has certainly
 * dereferenced before (see the NOTE at the top); undefined otherwise.
 */
export function derefTruth(cond: SyntaxNode | null, fn: FnCtx): boolean | undefined {
  if (!cond || !fn.node) return undefined;
  const n = cond.type === 'condition_clause' ? cond.childForFieldName('value') : cond;
  const test = n && nullTest(n);
  if (!test) return undefined;
  const whole = norm(test.ptr.text);
  const names = namesOf(test.ptr);
  let cur: SyntaxNode = cond.parent!;
  for (let p: SyntaxNode | null = cur.parent; p; cur = p, p = p.parent) {
    if (p.type === 'compound_statement') {
      const siblings = p.namedChildren;
      const at = siblings.findIndex((c) => same(c, cur));
      for (let i = at - 1; i >= 0; i--) {
        const s = siblings[i];
        if (mayWrite(s, names, whole)) return undefined;
        if (certainDeref(s, whole)) return test.whenSet;
      }
      continue;
    }
    if (p.type === 'if_statement') {
      // Inside a branch of an earlier test: its condition ran first.
      const c = p.childForFieldName('condition');
      if (c && !same(cur, c)) {
        if (mayWrite(c, names, whole)) return undefined;
        if (dereferences(c, whole, p)) return test.whenSet;
      }
      continue;
    }
    if (p.type === 'else_clause' || p.type === 'condition_clause') continue;
    return undefined;
  }
  return undefined;
}
