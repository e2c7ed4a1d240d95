// The keys of an if/else or a switch testing a parameter of the function (param-choices.ts): which argument takes
// which branch. Only a bare parameter (`if (uav)`, `if (!uav)`, `switch (usage)`); a case label must fold to a number.
import type { FnCtx } from './context';
import type { SyntaxNode } from './node';
import type { ParamKeys } from './param-choices';
import { evalField, testedParam } from './constant-fold';

/**
 * `if (flag)` / `if (!flag)`: the then branch is taken by a true (false) argument. `if (kind == K)` (`!=`, either
 * order): the then branch by K (by the others), the else branch by the others (by K).
 */
export function ifParamKeys(cond: SyntaxNode | null, fn: FnCtx): ParamKeys | undefined {
  const tested = testedParam(cond, fn);
  if (tested) return { param: tested.param, keys: tested.negated ? ['falsy', 'truthy'] : ['truthy', 'falsy'] };
  const compared = comparedParam(cond, fn);
  if (!compared) return undefined;
  return { param: compared.param, keys: compared.equal ? [compared.value, 'default'] : ['default', compared.value] };
}

/** `kind == K` / `K != kind` (in parentheses or a condition clause): the parameter, K's number and the operator. */
function comparedParam(cond: SyntaxNode | null, fn: FnCtx): { param: number; value: number; equal: boolean } | undefined {
  let c = cond;
  while (c && (c.type === 'parenthesized_expression' || c.type === 'condition_clause')) {
    c = c.type === 'condition_clause' ? c.childForFieldName('value') : c.namedChild(0);
  }
  const op = c?.type === 'binary_expression' ? c.childForFieldName('operator')?.text : undefined;
  if (!c || (op !== '==' && op !== '!=')) return undefined;
  const [l, r] = [c.childForFieldName('left'), c.childForFieldName('right')].map((x) => (x ? evalField(x, fn.file, fn) : undefined));
  if (!l || !r) return undefined;
  const [p, k] = l.param !== undefined ? [l, r] : [r, l];
  if (p.param === undefined || k.param !== undefined || k.value === null) return undefined;
  return { param: p.param, value: k.value, equal: op === '==' };
}

/** `switch (kind)`: each case is taken by its label's number, `default` by the others. */
export function switchParamKeys(cond: SyntaxNode | null, cases: readonly SyntaxNode[], fn: FnCtx): ParamKeys | undefined {
  const tested = testedParam(cond, fn);
  if (!tested || tested.negated) return undefined;
  const keys = cases.map((c) => {
    if (c.child(0)?.type === 'default') return 'default' as const;
    const label = c.childForFieldName('value');
    return (label ? evalField(label, fn.file, fn).value : null) ?? undefined;
  });
  return { param: tested.param, keys };
}
