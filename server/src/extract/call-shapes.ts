// The shape of a call to a D3D12 (or swap-chain) method, whichever way it is spelled: `cl->Dispatch(…)`, the C COM
// macro `ID3D12GraphicsCommandList_Dispatch(cl, …)`, or the C vtable call `cl->lpVtbl->Dispatch(cl, …)`: the method,
// the object it is called on and its own arguments.
import type { SyntaxNode } from './node';
import { argumentNodes, calleeName } from './syntax';

/** `ID3D12GraphicsCommandList7_Barrier(list, n, groups)`: the C COM macros take the object first. */
export const C_MACRO = /^ID3D12\w*?(CommandList\d*|Device\d*|CommandQueue|Resource\d*|DescriptorHeap|Heap\d*|Fence\d*|PipelineState|RootSignature|QueryHeap|CommandAllocator|CommandSignature)_(\w+)$/;

/** `IDXGISwapChain3_Present(chain, 1, 0)`, `IDXGISwapChain_GetBuffer(chain, i, &IID_ID3D12Resource, (void **)&rt)`:
 *  the swap-chain methods the tracker reads, through the DXGI C COM macros (other DXGI calls stay ordinary calls). */
const DXGI_MACRO = /^IDXGISwapChain\d*_(Present1?|GetBuffer)$/;

export interface CallShape {
  method: string;
  object: SyntaxNode | null;
  args: SyntaxNode[];
  /** Called through a C COM macro: the name itself says it is the D3D12 method. */
  viaMacro: boolean;
}

/** The shape of a call whose callee is `f` (named `name`) with arguments `args`. */
export function shapeOf(f: SyntaxNode, name: string | undefined, args: SyntaxNode[]): CallShape | undefined {
  if (!name) return undefined;
  const receiver = f.type === 'field_expression' ? f.childForFieldName('argument') : null;
  // C's vtable call `list->lpVtbl->ResourceBarrier(list, n, b)` is the COM method on its first argument.
  const vtable = receiver?.type === 'field_expression' && receiver.childForFieldName('field')?.text === 'lpVtbl' ? receiver.childForFieldName('argument') : null;
  if (vtable && args.length > 0 && args[0].text === vtable.text) return { method: name, object: args[0], args: args.slice(1), viaMacro: true };
  if (receiver) return { method: name, object: receiver, args, viaMacro: false };
  const m = f.type === 'identifier' ? C_MACRO.exec(name) : null;
  if (m && args.length > 0) return { method: m[2], object: args[0], args: args.slice(1), viaMacro: true };
  const dxgi = f.type === 'identifier' ? DXGI_MACRO.exec(name) : null;
  if (dxgi && args.length > 0) return { method: dxgi[1], object: args[0], args: args.slice(1), viaMacro: true };
  return undefined;
}

/** The shape of the call expression `call`, or undefined when it is no method call in one of those spellings. */
export function callShapeOf(call: SyntaxNode): CallShape | undefined {
  const f = call.childForFieldName('function');
  return f ? shapeOf(f, calleeName(f), argumentNodes(call)) : undefined;
}
