// Hooks the tracker calls on rules, with the tracked state a barrier or command meets.
// `met` is the state of the resource (or subresource) just before the barrier/command; ctx says where to report:
// inside a helper evaluated at a call site, `range` is the call site and `related` points into the helper.
import type { GpuWorkEvent } from '../extract/descriptor-facts';
import type {
  BarrierFact, CommandEvent, ExecuteEvent, ResourceCreation, ResourceRef,
} from '../extract/facts';
import type { UseKind } from '../model/uses';
import type { CommandListType, Range, RelatedLocation } from '../types';
import type { KnownResource, Origin, PendingSplit, ResState } from './state';

/** One barrier of a submitted batch, with the place it was added. */
export interface BatchItem {
  barrier: BarrierFact;
  note: { uri: string; range: Range };
  site?: string;
}

export interface TrackContext {
  uri: string;
  /** Report location in the analysed file (the outermost call site when inside a helper). */
  range: Range;
  /** Locations inside helpers, outermost first (for "note:" lines). */
  related: RelatedLocation[];
  list: string | null;
  listType: CommandListType | null;
  /** Position of the barrier in its call, when it is part of one. */
  group: number | null;
  index: number | null;
}

export interface BarrierMeeting {
  /** Resource key (with `|sub…` for a subresource-specific part). */
  key: string;
  met: ResState;
  /** Creation facts when the creation was seen. */
  resource?: KnownResource;
  /** Other subresources of the same resource that a whole-resource barrier also covers. */
  parts: { key: string; met: ResState }[];
  /** In COMMON by an explicit barrier or its creation, and nothing recorded since could have promoted it. */
  idleCommon?: boolean;
}

export interface CommandUse {
  role: string;
  /** The command writes only part of the resource (see CommandEvent). */
  partial?: boolean;
  ref: ResourceRef;
  key: string;
  /** The tracked part met (`key|sub0`), when the command names a subresource tracked apart. */
  part?: string;
  /** The subresource index the use meets, when the command or the part names one. */
  subresource?: number;
  met: ResState;
  resource?: KnownResource;
  /** Met before the resource's first barrier and judged against the state that barrier assumed at entry. */
  atFirstBarrier?: true;
  /**
   * Met in the COMMON state or layout its creation set, with nothing recorded since (no command, call or
   * ExecuteCommandLists): the resource's first use, with no earlier GPU work on it.
   */
  fresh?: true;
}

/** A resource used by a clear, draw, dispatch or Present through a view, a binding or a GPU virtual address. */
export interface GpuUse {
  use: UseKind;
  ref: ResourceRef;
  key: string;
  met: ResState;
  resource?: KnownResource;
  /** The first subresource the view covers, when known. */
  subresource: number | null;
  /** The view's identity (heap slot, root address): two writes through one view overlap. */
  viewId: string;
  /** Where the list bound it (absent: the call names it itself) and where its view was created. */
  bound?: Origin;
  viewAt?: Origin;
  /** Met before anything was known about the resource (judged later against the assumed entry state). */
  unseen?: boolean;
  /** Judged against the state the resource's first barrier assumed at entry (after the use, bindings.ts). */
  atFirstBarrier?: true;
  /** Named through a descriptor table: the shader may not read every descriptor of a table it is given. */
  viaTable?: boolean;
  /** A DSV known to be writable (created without D3D12_DSV_FLAG_READ_ONLY_DEPTH, or with a null desc). */
  writableDepth?: boolean;
  /** Through a UAV created with a counter resource (append/consume): its threads take the counter's indices. */
  counterView?: true;
}

/** A debug-layer assertion (track/asserts.ts): the asserted value and the tracked entries it covers. */
export interface AssertMeeting {
  method: string;
  asserts: 'layout' | 'access' | 'state';
  value: number;
  /** 0xFFFFFFFF: all subresources. */
  subresource: number;
  ref: ResourceRef;
  key: string;
  parts: { key: string; met: ResState }[];
  resource?: KnownResource;
}

export interface TrackedVisitors {
  /** An enhanced texture or buffer barrier on a resource (global barriers: `meeting` is null). */
  enhancedBarrier?(b: BarrierFact, meeting: BarrierMeeting | null, ctx: TrackContext): void;
  /** A legacy transition / UAV / aliasing barrier. */
  legacyBarrier?(b: BarrierFact, meeting: BarrierMeeting | null, ctx: TrackContext): void;
  /** A recording command with resource arguments (copy, resolve, ExecuteIndirect, clear UAV, discard). */
  command?(e: CommandEvent, uses: CommandUse[], ctx: TrackContext): void;
  /** A command met before its resource was seen, with the entry state the resource's first barrier assumed. */
  deferredCommand?(e: CommandEvent, uses: CommandUse[], ctx: TrackContext): void;
  /** A debug-layer assertion (AssertTextureLayout, AssertResourceAccess, AssertResourceState) on a debug list. */
  stateAssert?(m: AssertMeeting, ctx: TrackContext): void;
  /** A command list is closed (or the analysed function ends) with split barriers still pending. */
  listEnd?(pending: PendingSplit[], ctx: TrackContext): void;
  executeCommandLists?(e: ExecuteEvent, ctx: TrackContext): void;
  /**
   * A batch container's legacy barriers submitted by one ResourceBarrier call (track/batch-submit.ts), in the order
   * they were added, each with where it was added (`site`: the call chain and statement, the same for a loop's
   * repetitions).
   */
  batchSubmit?(items: readonly BatchItem[], ctx: TrackContext): void;
  /** A clear, draw, dispatch or Present using resources through views and bindings (track/bindings.ts). */
  gpuUse?(e: GpuWorkEvent, uses: GpuUse[], ctx: TrackContext): void;
  /**
   * A creation inside a helper whose InitialState / InitialLayout is one of the helper's parameters, with the
   * caller's argument in its place (`AllocateUAVBuffer(dev, n, &buf, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)`), or
   * whose heap type the caller's argument decides (`CreateBuffer(dev, n, D3D12_HEAP_TYPE_UPLOAD, state)`), or whose
   * resource desc is the caller's (`CreateBuffer(out, CD3DX12_RESOURCE_DESC::Buffer(n))`, its Dimension): `from`
   * says which. `ctx.range` is the outermost call site. Creations that take nothing from the caller are `creation`
   * hooks.
   */
  helperCreation?(c: ResourceCreation, ctx: TrackContext, from: { state: boolean; heap: boolean; desc: boolean }): void;
}
