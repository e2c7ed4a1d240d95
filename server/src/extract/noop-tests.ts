// A barrier skipped as a no-op by its own values: `if (b.Transition.StateBefore == b.Transition.StateAfter)` (or
// `!=` around the submit, `LayoutBefore`/`LayoutAfter` for a texture barrier), where the before-value is the
// engine's bookkeeping (`b.Transition.StateBefore = m_tex.currentState;`) and the after-value a constant. On the
// path that skips it the code's own bookkeeping says the resource is already in the after-value; the tracker uses
// that (track/interpreter.ts): it narrows the resource to it there, or rules the path out when the tracked state
// cannot be it (as for the state-tracking wrappers' first-use test, extract/state-guards.ts 'is').
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { barrierFromStruct } from './barrier-facts';
import { deref } from './elements';
import type { NoopTest } from './facts';
import { unwrapValue } from './syntax';

const PAIRS: [string, string, 'legacy' | 'layout'][] = [['StateBefore', 'StateAfter', 'legacy'], ['LayoutBefore', 'LayoutAfter', 'layout']];

export function noopTest(cond: SyntaxNode | null, fn: FnCtx): NoopTest | undefined {
  if (!cond) return undefined;
  let c = cond;
  while ((c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0)!;
  c = unwrapValue(c);
  const op = c.type === 'binary_expression' ? c.childForFieldName('operator')?.text : undefined;
  if (op !== '==' && op !== '!=') return undefined;
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  if (l?.type !== 'field_expression' || r?.type !== 'field_expression') return undefined;
  const lf = l.childForFieldName('field')?.text;
  const rf = r.childForFieldName('field')?.text;
  const lo = l.childForFieldName('argument');
  const ro = r.childForFieldName('argument');
  if (!lo || !ro || lo.text.replace(/\s+/g, '') !== ro.text.replace(/\s+/g, '')) return undefined;
  const pair = PAIRS.find(([b, a]) => (lf === b && rf === a) || (lf === a && rf === b));
  if (!pair) return undefined;
  // `b.Transition.StateBefore`: the barrier is the object holding `Transition`; `t.LayoutBefore`: the object itself.
  const holder = pair[2] === 'legacy' && lo.type === 'field_expression' && lo.childForFieldName('field')?.text === 'Transition' ? lo.childForFieldName('argument') : lo;
  if (!holder) return undefined;
  const v = evalValue(holder, 'any', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  if (s.t !== 'struct') return undefined;
  const b = barrierFromStruct(s);
  if (!b?.resource?.key || (pair[2] === 'legacy' ? b.kind !== 'legacy-transition' : b.kind !== 'texture')) return undefined;
  const before = b.fields[pair[0]];
  const after = b.fields[pair[1]];
  // A constant before-value makes the test decidable as it is: only bookkeeping (unknown here) is read this way.
  if (!after || after.value === null || after.param !== undefined || !before || before.value !== null) return undefined;
  return { resource: b.resource, value: after.value >>> 0, family: pair[2], onThen: op === '==' };
}
