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
import type { BarrierFact, Condition, NoopTest, Stmt } from './facts';
import { forEachEvent } from './events';
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

/** The barriers a statement tree records directly (not through helper calls). */
function barriersOf(s: Stmt): BarrierFact[] {
  const out: BarrierFact[] = [];
  forEachEvent(s, (e) => {
    if (e.kind === 'resource-barrier-call') out.push(...(e.barriers ?? []));
    else if (e.kind === 'barrier-call') for (const g of e.groups ?? []) out.push(...(g.barriers ?? []));
  });
  return out;
}

/**
 * A helper's no-op test of its own parameters: `if (before == after) return;` (or `if (before != after) { … }`) where
 * `before` and `after` are the StateBefore/StateAfter (LayoutBefore/LayoutAfter) of the one resource's barrier it
 * records past the test (inside it, for `!=`). It is the same test as noopTest's, read at each call site: a call
 * handing a known after-value and a before-value it knows nothing of (its bookkeeping, `m_state`) skips the barrier
 * only where the resource is already in the after-value (track/branches.ts noopSkipping). A before-value the call
 * knows in part (one of two states a condition chose) keeps both paths. Marks such tests in place.
 */
export function paramNoops(body: Stmt): void {
  let all: BarrierFact[] | undefined;
  const visit = (s: Stmt): void => {
    switch (s.k) {
      case 'seq': for (const c of s.body) visit(c); return;
      case 'loop': visit(s.body); return;
      case 'switch': for (const c of s.cases) visit(c); return;
      case 'if': {
        visit(s.then);
        if (s.else) visit(s.else);
        if (s.noop || s.guard || !s.cond) return;
        const pair = paramPair(s.cond);
        if (!pair) return;
        all ??= barriersOf(body);
        const inThen = new Set(barriersOf(s.then));
        for (const [bk, ak, family, kind] of NOOP_FIELDS) {
          const matching = all.filter((b) => b.kind === kind && sameParams(b, bk, ak, pair));
          if (matching.length === 0) continue;
          const resource = matching[0].resource;
          if (!resource || matching.some((b) => !b.resource || b.resource.text !== resource.text || b.resource.param !== resource.param)) return;
          // `==`: the barrier is past the skipping branch; `!=`: inside the branch that records it.
          if (pair.op === '==' ? matching.some((b) => inThen.has(b)) : matching.some((b) => !inThen.has(b))) return;
          s.noop = { resource, value: 0, family, onThen: pair.op === '==', afterParam: matching[0].fields[ak]!, beforeParam: matching[0].fields[bk]! };
          return;
        }
        return;
      }
      default:
    }
  };
  visit(body);
}

const NOOP_FIELDS: [string, string, 'legacy' | 'layout', BarrierFact['kind']][] = [
  ['StateBefore', 'StateAfter', 'legacy', 'legacy-transition'], ['LayoutBefore', 'LayoutAfter', 'layout', 'texture'],
];

/** `a == b` / `a != b` of two parameters of the function (by index). */
function paramPair(c: Condition): { op: '==' | '!='; params: [number, number] } | undefined {
  if (c.op !== '==' && c.op !== '!=') return undefined;
  const [l, r] = [c.left.param, c.right.param];
  return l === undefined || r === undefined || l === r || c.left.value !== null || c.right.value !== null ? undefined : { op: c.op, params: [l, r] };
}

/** Whether the barrier's before and after values are exactly the two parameters (in either order of the test). */
function sameParams(b: BarrierFact, bk: string, ak: string, pair: { params: [number, number] }): boolean {
  const before = b.fields[bk];
  const after = b.fields[ak];
  if (!before || !after || before.value !== null || after.value !== null || before.param === undefined || after.param === undefined) return false;
  const [x, y] = pair.params;
  return (before.param === x && after.param === y) || (before.param === y && after.param === x);
}
