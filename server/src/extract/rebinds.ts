// `tex = create_texture(…)` / `ctx->target = MakeBuffer(…)` / `m_tex = CreateTexture(…)`: a resource pointer that is
// assigned a call's result holds another object from then on — of a creation the tracker may not see. Whatever was
// tracked under that name (the previous object's state, left by the last iteration of a loop that re-creates it) is
// not this object's: the 'rebind' event makes it unknown (a name nothing is tracked under yet is left as it is: its
// first barrier still tells the state the new object is in). An accessor that returns an existing resource
// (`tex = m_res.Get()`) makes the name an alias of that resource instead (declarations.ts), and is no rebind.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { isResourceType, resourceRef } from './resources';
import { rangeOf, unwrapValue } from './syntax';
import { typeOfExpr } from './types';

/** After `left = right` has been bound: record the rebind when `right` is a call and `left` a resource pointer. */
export function recordRebind(left: SyntaxNode, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): void {
  if (unwrapValue(right).type !== 'call_expression') return;
  if (left.type !== 'identifier' && left.type !== 'field_expression') return;
  if (!isResourceType(typeOfExpr(left, fn) ?? '')) return;
  const ref = resourceRef(left, fn.file, fn);
  // The name now stands for another resource (an alias): nothing is tracked under its own name.
  if (!ref.key || ref.unknown || (left.type === 'identifier' && ref.key !== left.text)) return;
  fn.events.push({ kind: 'rebind', site: -1, range: rangeOf(assign), resource: ref });
}

/**
 * `std::swap(m_lum[0], m_lum[1])` / `std::swap(m_ping, m_pong)` on two resource pointers (a ping-pong pair, not
 * barrier values — declarations.ts swaps those): the names trade objects, so each name's tracked state is the other's.
 */
export function recordSwap(args: readonly SyntaxNode[], call: SyntaxNode, fn: FnCtx): void {
  const [a, b] = args.map((n) => resourceRef(n, fn.file, fn));
  if (!a.key || !b.key || a.unknown || b.unknown || a.key === b.key) return;
  fn.events.push({ kind: 'swap', site: -1, range: rangeOf(call), resources: [a, b] });
}
