// Barrier fill helpers that say how many barriers they wrote (`n += AppendTransition(&batch[n], res, before, after)`:
// `if (before == after) return 0; … fill *out …; return 1;`). The value of such a call is the count its path returns,
// decided with the caller's arguments, so the caller's running count stays known and the next call fills the next
// element. Any other shape of return, or an early-return test the caller's arguments do not decide: unknown.
import type { SyntaxNode } from './node';
import type { FillTemplate, FnCtx, HelperCandidate } from './context';
import { evalField } from './constant-fold';
import { argumentNodes, unwrapValue } from './syntax';

/** A side of an early-return test: the helper's parameter at an index, or a constant. */
type Operand = { param: number } | { value: number };

interface CountReturns {
  /** `if (a OP b) return value;` before anything else. */
  early: { op: string; left: Operand; right: Operand; value: number }[];
  /** The `return value;` that ends the body (the path that filled the struct). */
  value: number;
}

const counts = new WeakMap<FillTemplate, CountReturns>();

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b, '!=': (a, b) => a !== b, '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b,
};

function literal(n: SyntaxNode | null): number | null {
  const v = n ? unwrapValue(n) : null;
  const m = v?.type === 'number_literal' ? /^(\d+)[uUlL]*$/.exec(v.text) : null;
  return m ? Number(m[1]) : null;
}

function operand(n: SyntaxNode | null, params: readonly string[]): Operand | undefined {
  const v = n ? unwrapValue(n) : null;
  if (v?.type === 'identifier' && params.includes(v.text)) return { param: params.indexOf(v.text) };
  const c = literal(v);
  return c === null ? undefined : { value: c };
}

/** The `return N` a statement is (`return 0;`, `{ return 0; }`), or null. */
function returned(s: SyntaxNode | null): number | null {
  const r = s?.type === 'compound_statement' && s.namedChildCount === 1 ? s.namedChild(0) : s;
  return r?.type === 'return_statement' ? literal(r.namedChild(0)) : null;
}

/** Remember, for a fill helper's template, the counts its body returns (when it has that shape). */
export function rememberCount(template: FillTemplate, c: HelperCandidate): void {
  const stmts = c.body.namedChildren.filter((s) => s.type !== 'comment');
  const last = stmts.pop();
  const value = returned(last ?? null);
  if (value === null) return;
  const early: CountReturns['early'] = [];
  for (const s of stmts) {
    if (s.descendantsOfType('return_statement').length === 0) continue;
    const cond = s.type === 'if_statement' && !s.childForFieldName('alternative') ? unwrapValue(s.childForFieldName('condition')?.namedChild(0) ?? s) : null;
    const v = returned(s.childForFieldName('consequence'));
    const op = cond?.type === 'binary_expression' ? cond.childForFieldName('operator')?.type ?? '' : '';
    const left = cond ? operand(cond.childForFieldName('left'), c.params) : undefined;
    const right = cond ? operand(cond.childForFieldName('right'), c.params) : undefined;
    if (v === null || !COMPARE[op] || !left || !right) return;
    early.push({ op, left, right, value: v });
  }
  // Every return is one of those: none hides in a nested block.
  if (c.body.descendantsOfType('return_statement').length === early.length + 1) counts.set(template, { early, value });
}

/** The count a call of a fill helper returns with the caller's arguments, or undefined. */
export function fillCount(call: SyntaxNode, name: string | undefined, fn: FnCtx): number | undefined {
  const template = name ? fn.file.fills?.get(name) : undefined;
  const r = template && counts.get(template);
  const args = argumentNodes(call);
  if (!r || args.length !== template.params.length) return undefined;
  const valueOf = (o: Operand): number | null => {
    if ('value' in o) return o.value;
    const a = args[o.param];
    if (!a || a.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return null;
    const f = evalField(a, fn.file, fn);
    return f.param === undefined ? f.value : null;
  };
  for (const e of r.early) {
    const l = valueOf(e.left);
    const rv = valueOf(e.right);
    if (l === null || rv === null) return undefined;
    if (COMPARE[e.op](l, rv)) return e.value;
  }
  return r.value;
}
