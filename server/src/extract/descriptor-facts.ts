// What the extractor understood about descriptors, bindings and GPU virtual addresses: plain data (no syntax nodes),
// consumed by track/bindings.ts. A descriptor handle is (heap, symbolic index); the views written into heaps and the
// buffer views filled with GPU virtual addresses are file-wide tables (views are usually created in one method and
// used in another); the binding and GPU-work events sit in the statement tree where the calls are.
import type { ViewKind } from '../model/uses';
import type { Range } from '../types';
import type { ResourceRef } from './operands';
import type { SyntaxNode } from './node';

/**
 * A descriptor index: a constant, or an expression plus a constant (`m_frameIndex`, `n + 2`, the counter of the
 * loop that created the views). Null where it is unknown. `sym` is the normalized source text.
 */
export type DescIndex = { c: number } | { sym: string; plus: number };

/** A CPU or GPU descriptor handle: the heap (the key of the heap object or wrapper) and the index in it. */
export interface HandleFact {
  heap: string;
  index: DescIndex | null;
  text: string;
  range: Range;
  /** `target.GetRTV()` of a member handle: the object whose member the handle is (its view is of that object's member). */
  receiver?: { key: string; text: string; op: string };
}

/** A view written into a heap slot (Create*View, or copied there by CopyDescriptorsSimple). */
export interface ViewFact {
  /** Null for a copied descriptor (see copyOf). */
  view: ViewKind | null;
  heap: string;
  index: DescIndex | null;
  /** The viewed resource; null when it could not be named (then the slot is unknown, never guessed). */
  resource: ResourceRef | null;
  /** The loop counter the index and resource were written with (`for (n...) Create...(m_rt[n], ..., h)`). */
  loopVar?: string;
  /** That loop's bound when it is a name the file cannot fold (`n < FrameCount`): the views cover slots below it. */
  loopBound?: string;
  /** The first subresource the view covers, when the desc makes it known (null desc: 0). */
  subresource: number | null;
  /** The subresources the view covers: all of them (null desc, buffer view) or one; absent when not known. */
  covers?: 'all' | number;
  /** DSV with D3D12_DSV_FLAG_READ_ONLY_DEPTH (null: not known). */
  readOnlyDepth?: boolean | null;
  /** A UAV created with a counter resource (append/consume): its threads take the indices the counter hands out. */
  counter?: true;
  /** Set when the resource is named through a local of the creating function: only that function can use it. */
  scope?: string;
  /** CopyDescriptorsSimple: the slot holds whatever view the source slot holds. */
  copyOf?: HandleFact;
  range: Range;
  /** Set on a view another file of the run wrote (a method of the class there, extract/class-views.ts): `range` is in it. */
  uri?: string;
}

/** `x.BufferLocation = res->GetGPUVirtualAddress() + ...` for a buffer view or CBV desc named `key`. */
export interface BufferViewFact {
  key: string;
  resource: ResourceRef;
  range: Range;
}

/** A handle stored in a member or array element (`m_rtv[i] = h`), so another method can name it. */
export interface StoredHandleFact {
  key: string;
  handle: HandleFact;
  loopVar?: string;
  /** That loop's bound when it is a name the file cannot fold (`n < FrameCount`): the views cover slots below it. */
  loopBound?: string;
}

/** `CreateUnorderedAccessView(res, counter, desc, handle)` with a counter resource, wherever the handle points. */
export interface UavCounterFact {
  resource: ResourceRef | null;
  counter: ResourceRef;
  range: Range;
}

/** What the methods of one class in one file wrote about members (extract/class-views.ts; plain data). */
export interface ClassViews {
  cls: string;
  /** The file the facts come from (set where they are exported; notes point there). */
  uri?: string;
  views: ViewFact[];
  stores: StoredHandleFact[];
  tainted: string[];
  /** Swap-chain buffers the class's methods fill (`GetBuffer(i, &m_backBuffers[i])`): keys, `[` ending an array's. */
  swapChain: string[];
}

export interface DescriptorFacts {
  views: ViewFact[];
  /** UAVs created with a counter resource (extract/descriptors.ts). */
  uavCounters?: UavCounterFact[];
  bufferViews: BufferViewFact[];
  storedHandles: StoredHandleFact[];
  /** Heaps written where the slot is not known (a copy of many descriptors, an unknown index): lookups are unknown. */
  taintedHeaps: string[];
  /** Swap-chain buffers methods of the file's classes fill in other files of the run (extract/class-views.ts). */
  swapChainBuffers?: string[];
  // NOTE: `*@F@12` taints every heap function F@12 can reach: the non-local ones and its own (`F@12#heap`).
}

/** What a binding (or a clear) names: a descriptor, a GPU virtual address or a buffer view struct. */
export type BindTarget =
  /**
   * `ref`: a handle the function cannot resolve that names a parameter or a member path through one (`t.rtv` of
   * `Clear(const Texture& t)`, a handle parameter `h`): at a call the caller's argument names it, and the handle the
   * file stores under the caller's key (`m_target.rtv = …`) is the one used (track/bindings.ts). `scope`: the
   * descriptor scope the handle resolves in when it is not the using event's (a caller's handle bound in a helper).
   * `throughParam`: a binding made from such a handle (its view is the caller's, not the method's object's).
   */
  | { via: 'handle'; handle: HandleFact; ref?: ResourceRef; scope?: string; throughParam?: true }
  /** `at`: the address expression when it adds an offset (two offsets into one buffer are two root views). */
  | { via: 'va'; ref: ResourceRef; at?: string }
  | { via: 'buffer-view'; key: string; text: string; range: Range };

export interface BindSlot {
  /** `rt0`…`rt7`, `ds`, `ib`, `vb0`…, `so0`…, `g3` / `c3` (graphics/compute root parameter 3). */
  slot: string;
  /** Null: the slot is cleared (nullptr, beyond the count) — nothing bound. */
  target: BindTarget | null;
  /** How a root slot binds (`srv`/`uav`/`cbv` root descriptor or a descriptor `table`), or a read-only DSV. */
  as?: 'srv' | 'uav' | 'cbv' | 'table' | 'ds-read-only';
}

interface WorkEventBase {
  site: number;
  range: Range;
  list?: ResourceRef;
  /** The function the call is in (views named through its locals resolve only there). */
  scope: string;
}

/** OMSetRenderTargets, IASet*, SOSetTargets, SetGraphics/ComputeRoot*, Set*RootSignature: what the list now binds. */
export interface BindEvent extends WorkEventBase {
  kind: 'bind';
  method: string;
  slots: BindSlot[];
  /** Slot prefixes whose bindings are no longer known (`g` for a root parameter index that could not be read). */
  unknown: string[];
  /** Slot prefixes emptied (a new root signature: `g` / `c`; OMSetRenderTargets: `rt` before its slots). */
  reset: string[];
  /**
   * A root parameter index that is a parameter of the function (`Bind(cl, slot, …)` binding at `slot`): at a call
   * with a constant argument, the slot `prefix` + that value holds `slot` (track/bindings.ts); elsewhere `unknown`.
   */
  paramSlot?: { param: number; prefix: string; slot: BindSlot };
}

/** A clear, draw, dispatch or Present: the GPU uses what it names directly and (for work) what the list binds. */
export interface GpuWorkEvent extends WorkEventBase {
  kind: 'gpu-work';
  /** The method as the debug layer names it in "Using {method}" (Draw, DrawIndexed, ClearRenderTargetView...). */
  method: string;
  direct: { target: BindTarget; use: import('../model/uses').UseKind }[];
  /** Output-merger and input-assembler bindings (draws), the index buffer, the root the shaders read. */
  draws: boolean;
  indexed: boolean;
  root: 'graphics' | 'compute' | null;
  /** IDXGISwapChain::Present: the swap chain's buffers must be in PRESENT. */
  present?: boolean;
  /**
   * A Dispatch whose statement comes right after another Dispatch on the same list (nothing recorded, bound or set
   * between them): that Dispatch's range. The two runs see the same root arguments, so their threads cover the same
   * indices (uav-write-hazard.md).
   */
  afterDispatch?: Range;
}

/**
 * A function that computes a handle from its parameters (extract/handle-helpers.ts): the heap is the caller's
 * argument `param` (a heap), the heap of its handle argument `handleParam` (the index then counts from that
 * handle's), or a heap the helper names itself; the index a constant, the caller's argument `param` plus a constant,
 * or a member expression.
 */
export interface HandleHelper {
  name: string;
  argc: number;
  heap: { param: number; handleParam?: undefined; key?: undefined } | { handleParam: number; param?: undefined; key?: undefined } | { key: string; param?: undefined; handleParam?: undefined };
  index: { c: number } | { param: number; plus: number } | { sym: string; plus: number };
}

/**
 * `test_context::rtv`: a struct member a setup helper stored a heap slot in (`ctx->rtv` = slot `index` of the
 * object's own heap member), where the view of another member of the same object (`resource`) was written.
 */
export interface MemberView {
  name: string;
  heapMember: string;
  index: DescIndex;
  view: ViewKind;
  resource: string;
  subresource: number | null;
  covers?: 'all' | number;
  readOnlyDepth?: boolean | null;
}

/** What the descriptor walker knows a local holds. */
export type DVal =
  | { t: 'handle'; h: HandleFact }
  | { t: 'handles'; elems: (HandleFact | null)[] }
  | { t: 'va'; ref: ResourceRef }
  | { t: 'res'; ref: ResourceRef }
  | { t: 'num'; v: number }
  | { t: 'unknown' };

/** A binding call's argument values and the function it is in. */
export interface CallAnnotation {
  scope: string;
  args: DVal[];
  /** Raytracing descs: the expression each known address was written with (named by the evaluator at the call). */
  nodes?: (SyntaxNode | null)[];
}

export interface DescriptorPass {
  facts: DescriptorFacts;
  calls: Map<SyntaxNode, CallAnnotation>;
  /** The file's handle helpers (other files of the run may call them). */
  handleHelpers: HandleHelper[];
  /** Names called where a handle was expected that no helper of the file (or of `imported`) answers. */
  unresolvedHandleCalls: string[];
  /** Struct members that name a view (extract/member-views.ts), and the ones the file used that it does not know. */
  memberViews: MemberView[];
  unresolvedMembers: string[];
  /** What the file's methods wrote about their class's members, by class (extract/class-views.ts). */
  classViews: ClassViews[];
}
