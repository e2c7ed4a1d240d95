// Heap types that pin a resource's use (eb-rules.md EB-BUF-05/06, LB-17; EB § Upload Heap Resources, § Readback
// Heap Resources; RB § Initial states for resources). Resources on UPLOAD heaps are CPU-written and GPU-read only;
// resources on READBACK heaps are GPU-written (copy/resolve) and CPU-read only. CUSTOM and GPU_UPLOAD heaps are
// not restricted here (their CPU page properties decide, which barrierlint does not follow).
import { ACCESS, HEAP_TYPE, RESOURCE_STATES } from './enums';

export interface HeapRestriction {
  /** Heap type name without prefix. */
  name: string;
  /** Enhanced access bits a buffer on this heap may use (COMMON and NO_ACCESS are always allowed). */
  access: number;
  /** The legacy state the resource must be created in and keep. */
  state: number;
  /** Another state a creation on this heap may name (UPLOAD: RESOLVE_SOURCE, accepted by newer runtimes, #741). */
  creationAlso?: number;
  /**
   * Creation states the runtime accepts since Agility SDK 1.606 but older runtimes reject: those whose bits all lie
   * in this mask (UPLOAD: COMMON and any part of GENERIC_READ; READBACK: COMMON only). vkd3d-proton's
   * tests/d3d12_resource.c checks these against the native runtime ("AgilitySDK 606 allows COMMON for UPLOAD heap now").
   */
  newerRuntimes: number;
}

/**
 * The first `ID3D12DeviceN` interface that exists only on runtimes accepting `newerRuntimes` creation states
 * (ID3D12Device10 came with Agility SDK 1.606): a creation made through it runs on such a runtime or not at all.
 */
export const FIRST_NEWER_RUNTIME_DEVICE = 10;

const A = ACCESS;
export const HEAP_RESTRICTIONS: ReadonlyMap<number, HeapRestriction> = new Map([
  [HEAP_TYPE.UPLOAD, {
    name: 'UPLOAD',
    access: A.VERTEX_BUFFER | A.CONSTANT_BUFFER | A.INDEX_BUFFER | A.SHADER_RESOURCE | A.INDIRECT_ARGUMENT
      | A.COPY_SOURCE | A.RESOLVE_SOURCE,
    state: RESOURCE_STATES.GENERIC_READ,
    creationAlso: RESOURCE_STATES.RESOLVE_SOURCE,
    newerRuntimes: RESOURCE_STATES.GENERIC_READ,
  }],
  [HEAP_TYPE.READBACK, { name: 'READBACK', access: A.COPY_DEST | A.RESOLVE_DEST, state: RESOURCE_STATES.COPY_DEST, newerRuntimes: 0 }],
]);

/** Access bits (other than COMMON / NO_ACCESS) that a buffer on `heapType` may not use; 0 when fine or unrestricted. */
export function accessNotAllowedOnHeap(heapType: number, access: number): number {
  const r = HEAP_RESTRICTIONS.get(heapType);
  if (!r || (access >>> 0) === (A.NO_ACCESS >>> 0)) return 0;
  return (access & ~r.access) >>> 0;
}

/**
 * Whether a buffer created with a legacy initial state is in COMMON for the runtime whatever state it names (#1328
 * CREATERESOURCE_STATE_IGNORED: "Buffers are effectively created in state COMMON"): a DEFAULT-heap buffer. UPLOAD and
 * READBACK fix their buffers' states; other heaps are not known here.
 */
export function createdInCommonForRuntime(creation: { dimension: string | null; heapType: number | null }): boolean {
  return creation.dimension === 'buffer' && creation.heapType === HEAP_TYPE.DEFAULT;
}
