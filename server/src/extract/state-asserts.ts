// Debug-layer assertions on a debug command list (eb-rules.md EB-MISC-04): `dbg->AssertTextureLayout(tex, sub,
// layout)`, `AssertResourceAccess(res, sub, access)` and the legacy `AssertResourceState(res, sub, state)`. The
// ID3D12DebugCommandQueue1 methods of the same names assert the state on the queue's timeline, between submissions,
// which the recorded barriers of one list do not show: a receiver declared as (or named as) a queue is not an event.
import { STATE_ASSERTS } from '../model/api';
import type { FnCtx } from './context';
import { evalField } from './constant-fold';
import type { ResourceRef, StateAssertEvent } from './facts';
import type { SyntaxNode } from './node';
import { resourceRef } from './resources';
import { ownEntry, rangeOf } from './syntax';
import { isCommandListObject, typeOfExpr } from './types';

const QUEUE = /queue/i;
/** The enumerators each assertion's value names; an engine method of the same name orders its arguments its own way. */
const FAMILY: Readonly<Record<StateAssertEvent['asserts'], RegExp>> = {
  layout: /\bD3D12_BARRIER_LAYOUT_/, access: /\bD3D12_BARRIER_ACCESS_/, state: /\bD3D12_RESOURCE_STATE_/,
};
const ANY_FAMILY = /\bD3D12_(?:BARRIER_LAYOUT|BARRIER_ACCESS|RESOURCE_STATE)_/;

/** The assertion event of `object->method(args)`, or undefined when the call is not a debug command-list assertion. */
export function stateAssertEvent(call: SyntaxNode, c: { method: string; object: SyntaxNode | null; args: SyntaxNode[]; list: ResourceRef | undefined; macro: string | null }, fn: FnCtx): StateAssertEvent | undefined {
  const asserts = ownEntry(STATE_ASSERTS, c.method);
  if (!asserts || c.args.length !== 3 || !c.object) return undefined;
  if (c.macro !== null ? QUEUE.test(c.macro) : isCommandListObject(c.object, fn) === 'no') return undefined;
  // An object of unknown type named like a queue (`m_debugQueue->AssertTextureLayout(...)`) is taken for one.
  if (c.macro === null && typeOfExpr(c.object, fn) === undefined && QUEUE.test(c.object.text)) return undefined;
  // A receiver not declared as a D3D12 list (an engine wrapper's `ctx.AssertResourceState(res, state, sub)`) counts
  // only when the arguments read as the D3D12 method's: the value names its enumerators, the subresource does not.
  const declared = c.macro !== null || isCommandListObject(c.object, fn) === 'yes';
  if (!declared && (!FAMILY[asserts].test(c.args[2].text) || ANY_FAMILY.test(c.args[1].text))) return undefined;
  return {
    kind: 'state-assert', site: -1, range: rangeOf(call), list: c.list, method: c.method, asserts,
    resource: resourceRef(c.args[0], fn.file, fn),
    subresource: evalField(c.args[1], fn.file, fn),
    value: evalField(c.args[2], fn.file, fn),
  };
}
