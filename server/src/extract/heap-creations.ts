// Heaps the file creates (`CreateHeap(&desc, IID_PPV_ARGS(&heap))`) and their heap type, so that a resource placed
// in one (`CreatePlacedResource(heap, offset, &desc, state, …)`) knows whether it lives in UPLOAD or READBACK memory,
// as a committed resource knows it from its heap properties. The type comes from the desc's `Properties.Type` (a
// raw D3D12_HEAP_DESC, filled member by member or by braces) or from `CD3DX12_HEAP_DESC(size, D3D12_HEAP_TYPE_…)`
// written at the call. A heap created with different types in the file, or with a type that cannot be folded,
// has no known type: its placed resources stay unknown (never guessed).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { evalField } from './constant-fold';
import { deref } from './elements';
import { resourceRef } from './resources';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import type { AVal } from './values';
import { getMember } from './values';

const HEAP_CREATIONS = new Set(['CreateHeap', 'CreateHeap1']);
const HEAP_TYPE = /\bD3D12_HEAP_TYPE_\w+/;

/**
 * `CreateHeap(&desc, riid, ppv)` / `CreateHeap(&desc, IID_PPV_ARGS(&heap))` / `CreateHeap1(&desc, session, …)`:
 * records the created heap's type. Returns false when the call is not of that shape.
 */
export function recordHeapCreation(method: string, args: SyntaxNode[], fn: FnCtx): boolean {
  if (!HEAP_CREATIONS.has(method) || args.length < 2 || args.length > 4) return false;
  const heap = resourceRef(args[args.length - 1], fn.file, fn).key;
  if (!heap) return true;
  const type = heapTypeOfDesc(args[0], fn);
  const known = typesFor(heap, fn);
  if (!known) return true;
  known.set(heap, known.has(heap) && known.get(heap) !== type ? null : type);
  return true;
}

/** The heap type a placed resource's heap was created with (in this function for a local, else in this file), or null. */
export function placedHeapType(heapKey: string | null, fn: FnCtx): number | null {
  if (!heapKey) return null;
  return typesFor(heapKey, fn)?.get(heapKey) ?? null;
}

/** A local heap (`ID3D12Heap* heap` in the function) is its function's: two functions' `heap` are two heaps. */
const localTypes = new WeakMap<FnCtx, Map<string, number | null>>();

function typesFor(heapKey: string, fn: FnCtx): Map<string, number | null> | undefined {
  const root = /^[A-Za-z_]\w*/.exec(heapKey)?.[0];
  if (!root || (!fn.types.has(root) && !fn.params.includes(root))) return fn.file.heapTypes;
  let m = localTypes.get(fn);
  if (!m) localTypes.set(fn, (m = new Map()));
  return m;
}

function heapTypeOfDesc(arg: SyntaxNode, fn: FnCtx): number | null {
  const helper = helperType(arg, fn);
  if (helper !== undefined) return helper;
  const v = evalValue(arg, 'heap-desc', fn);
  const desc = v.t === 'ptr' ? deref(v) : v;
  if (desc.t !== 'struct' || desc.kind !== 'heap-desc') return null;
  const props = getMember(desc, 'Properties');
  return props.t === 'struct' ? num(getMember(props, 'Type')) : null;
}

/** `&CD3DX12_HEAP_DESC(size, D3D12_HEAP_TYPE_UPLOAD, …)` written at the call: the enumerator argument. */
function helperType(arg: SyntaxNode, fn: FnCtx): number | null | undefined {
  let n = unwrapValue(arg);
  if (n.type === 'pointer_expression' && n.childForFieldName('argument')) n = unwrapValue(n.childForFieldName('argument')!);
  if (n.type !== 'call_expression') return undefined;
  const f = n.childForFieldName('function');
  if (!f || calleeName(f) !== 'CD3DX12_HEAP_DESC') return undefined;
  const typeArg = argumentNodes(n).find((a) => HEAP_TYPE.test(a.text) && !/\(/.test(a.text));
  return typeArg ? evalField(typeArg, fn.file, fn).value : null;
}

function num(v: AVal): number | null {
  return v.t === 'num' ? v.f.value : null;
}
