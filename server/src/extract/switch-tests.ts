// `switch (heapType) { case D3D12_HEAP_TYPE_DEFAULT: …; case D3D12_HEAP_TYPE_UPLOAD: … }` in a helper: the path facts
// follow a switched value only when the function tests it more than once (path-facts.ts), so a helper switching once
// on its parameter ran every case at every call, and the case the caller's constant argument excludes was checked
// (a DEFAULT-heap upload sequence reported against the UPLOAD buffer another call creates: LabProject's
// `CreateBufferResource`). Each case's test `param == label` lets the tracker pick the case the binding decides, as
// an if's condition on a parameter already does.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { Condition } from './operands';
import { evalField } from './constant-fold';

/** Each case's `value == label` when the switched value is a parameter and every label folds; undefined otherwise. */
export function switchCaseTests(cond: SyntaxNode | null, cases: readonly SyntaxNode[], fn: FnCtx): (Condition | null)[] | undefined {
  let c = cond;
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  if (c?.type !== 'identifier' || !fn.params.includes(c.text)) return undefined;
  const left = evalField(c, fn.file, fn);
  if (left.param === undefined) return undefined;
  const tests: (Condition | null)[] = [];
  for (const k of cases) {
    const v = k.childForFieldName('value');
    if (k.child(0)?.type === 'default' || !v) {
      tests.push(null);
      continue;
    }
    const right = evalField(v, fn.file, fn);
    if (right.value === null || right.param !== undefined) return undefined;
    tests.push({ op: '==', left, right });
  }
  return tests;
}
