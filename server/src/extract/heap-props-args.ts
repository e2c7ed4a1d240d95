// A creating helper handed its heap properties by pointer or reference (`CreateBuffer(device, state, size, const
// D3D12_HEAP_PROPERTIES* heap)` → `CreateCommittedResource(heap, …)`, the caller passing `&heap` of a local whose Type
// it set): inside the helper the heap type is unknown, at each call it is the Type of the caller's struct. The
// creation names the parameter (ResourceCreation.heapPropsParam), the call's argument carries the Type it points at
// (the user call's `heapType`), and the tracker joins the two (track/helper-rechecks.ts helperCreation).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { deref } from './elements';
import { unwrapValue } from './syntax';
import type { AVal } from './values';
import { getMember } from './values';

const HEAP_PROPERTIES_TYPE = /\b(?:CD3DX12|D3D12)_HEAP_PROPERTIES\b/;

/**
 * The heap Type of the D3D12_HEAP_PROPERTIES a call's argument is or points at (`&heap`, `heap`, `&props`), when it
 * is known; `evaluated`: the argument's value when the caller already has it, `type`: its declared type.
 */
export function heapTypeOfArgument(a: SyntaxNode, evaluated: AVal | undefined, type: string | undefined, fn: FnCtx): number | undefined {
  if (!evaluated && !HEAP_PROPERTIES_TYPE.test(type ?? '')) return undefined;
  const v = evaluated ?? evalValue(a, 'heap-props', fn);
  const props = v.t === 'ptr' ? deref(v) : v;
  if (props.t !== 'struct' || props.kind !== 'heap-props') return undefined;
  const t = getMember(props, 'Type');
  return t.t === 'num' && t.f.value !== null ? t.f.value : undefined;
}

/** The creating helper's parameter a creation's heap-properties argument names (`heap`, `*heap`), if any. */
export function heapPropsParam(arg: SyntaxNode | undefined, fn: FnCtx): number | undefined {
  let n = arg ? unwrapValue(arg) : undefined;
  if (n?.type === 'pointer_expression') n = n.childForFieldName('argument') ?? undefined;
  const i = n?.type === 'identifier' ? fn.params.indexOf(n.text) : -1;
  return i >= 0 ? i : undefined;
}
