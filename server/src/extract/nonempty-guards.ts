// Code that runs only when a container holds something: the consequence of `if (!v.empty())`, `if (v.size() > 0)`,
// `if (v.size())` (also as one operand of an `&&` chain). A size of 0 read for `v` there is a path that does not run
// (`if (!globals.empty()) { g.NumBarriers = globals.size(); … }` with `globals` never filled): the value is not known
// rather than 0, so no zero-count finding is made for a group the branch never adds.
import type { SyntaxNode } from './node';
import { notEmptyCalls } from './emptiness-tests';

const norm = (t: string) => t.replace(/\s+/g, '').replace(/this->/g, '');

/** Whether `cond` (an if condition) holds only when `container` is not empty. */
function assertsNonEmpty(cond: SyntaxNode, container: string): boolean {
  let n: SyntaxNode = cond.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond : cond;
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
  if (n.type === 'binary_expression' && n.child(1)?.text === '&&') {
    const l = n.childForFieldName('left'), r = n.childForFieldName('right');
    return (!!l && assertsNonEmpty(l, container)) || (!!r && assertsNonEmpty(r, container));
  }
  const c = container;
  const tests = [...notEmptyCalls(c), `${c}.size()>0`, `${c}.size()!=0`, `${c}.size()`, `0<${c}.size()`, `${c}.size()>=1`, `${c}.Num()>0`];
  return tests.includes(norm(n.text));
}

/** Whether `n` runs only inside the consequence of an if that needs `container` (source text) to be non-empty. */
export function underNonEmptyTest(n: SyntaxNode, container: string): boolean {
  const c = norm(container);
  if (!/^[\w.>\-[\]:]+$/.test(c)) return false;
  let child = n;
  for (let p = n.parent; p; child = p, p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') return false;
    if (p.type !== 'if_statement' || p.childForFieldName('consequence') !== child) continue;
    const cond = p.childForFieldName('condition');
    if (cond && assertsNonEmpty(cond, c)) return true;
  }
  return false;
}
