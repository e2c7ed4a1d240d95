// Where a created resource's heap type comes from when the creation passes no D3D12_HEAP_PROPERTIES.
//
// Heaps the file creates (`CreateHeap(&desc, IID_PPV_ARGS(&heap))`) and their heap type, so that a resource placed
// in one (`CreatePlacedResource(heap, offset, &desc, state, …)`) knows whether it lives in UPLOAD or READBACK memory,
// as a committed resource knows it from its heap properties. The type comes from the desc's `Properties.Type` (a
// raw D3D12_HEAP_DESC, filled member by member or by braces) or from `CD3DX12_HEAP_DESC(size, D3D12_HEAP_TYPE_…)`
// written at the call. A heap created with different types in the file, or with a type that cannot be folded,
// has no known type: its placed resources stay unknown (never guessed).
//
// Resources created through the D3D12 Memory Allocator (GPUOpen D3D12MA, used by many engines in place of
// CreateCommittedResource / CreatePlacedResource): `allocator->CreateResource(&allocDesc, &desc, state, clear,
// &allocation, riid, ppv)`. The allocator creates the resource with the caller's desc and initial state in a heap of
// `allocDesc.HeapType`, so the creation rules apply as to the device's own calls. The call is recognized by what its
// first argument is — a D3D12MA::ALLOCATION_DESC (or the CALLOCATION_DESC helper) the file declares — not by the
// method's name alone, which engines reuse for their own methods.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { evalField } from './constant-fold';
import { deref } from './elements';
import { resourceRef } from './resources';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import type { AVal, StructVal } from './values';
import { getMember } from './values';
import type { CreationApi } from '../model/api';

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

const ALLOCATION_KINDS = new Set(['allocation-desc', 'allocation-desc-helper']);
const NULL_TEXT = new Set(['nullptr', 'NULL', '0']);
/** The `&allocation` argument of CreateResource/CreateResource2 (6 or 7 arguments) and CreateResource3 (8 or 9). */
const ALLOCATION_OUT: Readonly<Record<number, number>> = { 6: 4, 7: 4, 8: 6, 9: 6 };

function allocationDesc(arg: SyntaxNode, fn: FnCtx): StructVal | undefined {
  const v = evalValue(arg, 'allocation-desc', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  return s.t === 'struct' && ALLOCATION_KINDS.has(s.kind) ? s : undefined;
}

/** Whether a call of a creation method with `allocation` arguments is the allocator's (argument count and desc). */
export function isAllocatorCreation(spec: CreationApi, args: SyntaxNode[], fn: FnCtx): boolean {
  if (!spec.allocation) return true;
  return spec.allocation.argc.includes(args.length) && allocationDesc(args[spec.allocation.descArg], fn) !== undefined;
}

/**
 * The heap type the allocator places the resource in: `HeapType`, unless the desc names a custom pool (whose own
 * heap properties decide, which this file may not show): null then, and when HeapType is not known.
 */
export function allocatorHeapType(spec: CreationApi, args: SyntaxNode[], fn: FnCtx): number | null {
  const type = allocatorHeapTypeValue(spec, args, fn);
  return type?.t === 'num' ? type.f.value : null;
}

/**
 * The allocation desc's `HeapType` as written (a constant, or a parameter of a creating helper: `ALLOCATION_DESC
 * d{ .HeapType = heap_type }` in illuminate's `CreateBuffer(heap_type, …)`), undefined where a custom pool decides.
 */
export function allocatorHeapTypeValue(spec: CreationApi, args: SyntaxNode[], fn: FnCtx): AVal | undefined {
  if (!spec.allocation) return undefined;
  const desc = allocationDesc(args[spec.allocation.descArg], fn);
  if (!desc) return undefined;
  if (desc.kind === 'allocation-desc') {
    const pool = getMember(desc, 'CustomPool');
    if (!isNull(pool)) return undefined;
  }
  return getMember(desc, 'HeapType');
}

function isNull(v: AVal): boolean {
  if (v.t === 'num') return v.f.value === 0;
  return v.t === 'res' && v.ref.key === null;
}

/**
 * The argument naming the created resource: the out pointer `ppvResource` when one is given, else the
 * `&allocation` whose `GetResource()` holds it (`CreateResource(…, &alloc, IID_NULL, nullptr)`).
 */
export function allocatorCreatedArg(spec: CreationApi, args: SyntaxNode[]): SyntaxNode {
  const last = args[args.length - 1];
  const allocation = spec.allocation ? ALLOCATION_OUT[args.length] : undefined;
  if (allocation === undefined || !NULL_TEXT.has(unwrapValue(last).text.trim())) return last;
  return args[allocation];
}
