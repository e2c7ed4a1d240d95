// A fill method that reports whether it wrote a barrier: `bool Buffer::TrackUsageAndGetResourceBarrier(ctx,
// D3D12_RESOURCE_BARRIER* barrier, D3D12_RESOURCE_STATES newState)` returns false from a state-tracking early return
// (`if (mLastState == newState) return false;`, state-guards.ts 'skip') and true after filling `*barrier` and storing
// the new state. Its caller submits the barrier only when told to:
//
//   if (buffer->TrackUsageAndGetResourceBarrier(ctx, &barrier, s)) barriers.push_back(barrier);
//
// Read as the author means it, as the other state-tracking guards are: afterwards the object is in `s` on every path
// (the skipped one is where its bookkeeping says it already was), so the walk takes the branch (extract/walker.ts),
// the barrier it submits or appends included.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { stateGuard } from './state-guards';
import { argumentNodes, calleeName, unwrapValue } from './syntax';

/** Whether a fill helper's body skips its fill through a state-tracking early return (state-guards.ts 'skip'). */
export function skipsByState(body: SyntaxNode): boolean {
  return body.descendantsOfType('if_statement').some((n) => stateGuard(n) === 'skip');
}

/**
 * Whether the `if` statement `n` (no else) tests a call of such a fill helper and its branch hands on the struct the
 * call filled (`&barrier` given, `barrier` submitted or appended in the branch).
 */
export function filledByStateSkipper(n: SyntaxNode, fn: FnCtx): boolean {
  if (n.childForFieldName('alternative')) return false;
  const cond = n.childForFieldName('condition');
  const c = cond ? unwrapValue(cond.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond : cond) : null;
  const f = c?.type === 'call_expression' ? c.childForFieldName('function') : null;
  const name = f ? calleeName(f) : undefined;
  const template = name ? fn.file.fills?.get(name) : undefined;
  if (!c || !template?.skipsByState || template.elements) return false;
  const out = argumentNodes(c)[template.out];
  const filled = out ? unwrapValue(out) : null;
  const local = filled?.type === 'pointer_expression' && filled.child(0)?.type === '&' ? filled.childForFieldName('argument') : filled;
  if (local?.type !== 'identifier') return false;
  const then = n.childForFieldName('consequence');
  return !!then && then.descendantsOfType('identifier').some((i) => i.text === local.text);
}
