// A creating helper handed its heap properties by pointer or reference (`CreateBuffer(device, state, size, const
// D3D12_HEAP_PROPERTIES* heap)` → `CreateCommittedResource(heap, …)`, the caller passing `&heap` of a local whose Type
// it set): inside the helper the heap type is unknown, at each call it is the Type of the caller's struct. The
// creation names the parameter (ResourceCreation.heapPropsParam), the call's argument carries the Type it points at
// (the user call's `heapType`), and the tracker joins the two (track/helper-rechecks.ts helperCreation).
import type { ResourceCreation } from './facts';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { deref } from './elements';
import { unwrapValue } from './syntax';
import type { AVal } from './values';
import { getMember } from './values';

const HEAP_PROPERTIES_TYPE = /\b(?:CD3DX12|D3D12)_HEAP_PROPERTIES\b/;
const RESOURCE_DESC_TYPE = /\b(?:CD3DX12|D3D12)_RESOURCE_DESC\d*\b/;

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

/**
 * The creating helper's parameter a creation's argument names (`heap`, `*heap`, `&desc`), if any: the heap properties
 * (ResourceCreation.heapPropsParam) or the resource desc (ResourceCreation.descParam).
 */
export function creationParam(arg: SyntaxNode | undefined, fn: FnCtx): number | undefined {
  let n = arg ? unwrapValue(arg) : undefined;
  if (n?.type === 'pointer_expression') n = n.childForFieldName('argument') ?? undefined;
  const i = n?.type === 'identifier' ? fn.params.indexOf(n.text) : -1;
  return i >= 0 ? i : undefined;
}

/** A D3D12_RESOURCE_DIMENSION value as ResourceCreation names it. */
export function dimensionName(dim: number | null): ResourceCreation['dimension'] {
  return dim === 1 ? 'buffer' : dim === 2 ? 'texture1d' : dim === 3 ? 'texture2d' : dim === 4 ? 'texture3d' : null;
}

/**
 * The Dimension of the D3D12_RESOURCE_DESC a call's argument is or points at (`desc`, `&desc` of a local built by
 * `CD3DX12_RESOURCE_DESC::Buffer(size)`), when it is known: a creating helper handed its desc
 * (`CreateBuffer(out, const D3D12_RESOURCE_DESC& desc)`) makes a buffer at this call (track/helper-rechecks.ts).
 */
export function dimensionOfArgument(a: SyntaxNode, evaluated: AVal | undefined, type: string | undefined, fn: FnCtx): ResourceCreation['dimension'] | undefined {
  if (!evaluated && !RESOURCE_DESC_TYPE.test(type ?? '')) return undefined;
  const v = evaluated ?? evalValue(a, 'desc', fn);
  const desc = v.t === 'ptr' ? deref(v) : v;
  if (desc.t !== 'struct' || desc.kind !== 'desc') return undefined;
  const d = getMember(desc, 'Dimension');
  return (d.t === 'num' ? dimensionName(d.f.value) : null) ?? undefined;
}

