// File-wide knowledge for GPU-work uses: the file's descriptor table and the resources created anywhere in it,
// built once per file's facts and shared by every function's tracking.
import type { BarrierFact, Field, FileFacts, FunctionFacts, ResourceRef } from '../extract/facts';
import type { Range } from '../types';
import { forEachEvent } from '../extract/events';
import { DescriptorTable } from './descriptor-table';
import type { KnownResource } from './state';

/** The fields whose PRESENT value shows a barrier moving a swap-chain buffer. */
const PRESENT_FIELDS = ['StateBefore', 'StateAfter', 'LayoutBefore', 'LayoutAfter'];
/** Commands whose resources are buffers. */
export const BUFFER_METHODS: ReadonlySet<string> = new Set(['CopyBufferRegion', 'ExecuteIndirect']);

/** File-wide knowledge for uses: the descriptor table and the resources created anywhere in the file. */
export class FileUses {
  readonly table: DescriptorTable;
  private readonly created = new Map<string, KnownResource | null>();
  /**
   * Swap-chain buffers created in a loop (`GetBuffer(n, &m_rt[n])`, `GetBuffer(i, &m_frames[i].backBuffer)`): the path
   * around the loop's index (`m_rt[…]`, `m_frames[…].backBuffer`) names every element.
   */
  private readonly swapChainArrays = new Set<string>();
  private readonly swapChainKeys = new Set<string>();
  /**
   * Resources each function of the file uses in a way only a buffer allows (its GPU virtual address in a vertex, index
   * or constant buffer view or bound as a root view; CopyBufferRegion, ExecuteIndirect), named by the function's own
   * key (not through a parameter), by function (fnId): buffers for the decay at ExecuteCommandLists (track/apply.ts)
   * even where the use comes after the submission and the creation is in another file. By function, since two
   * functions' locals of one name are two resources (a buffer `out` in one test, a texture `out` in the next).
   */
  private readonly bufferUses = new Map<string, Set<string>>();

  constructor(facts: FileFacts, uri: string) {
    this.table = new DescriptorTable(facts.descriptors);
    for (const fn of facts.functions) {
      forEachEvent(fn.body, (e) => {
        if (e.kind !== 'resource-creation' || !e.creation.resource.key) return;
        const key = e.creation.resource.key;
        const prior = this.created.get(key);
        const mine = { creation: e.creation, uri };
        this.created.set(key, prior === undefined || JSON.stringify(prior?.creation.dimension) === JSON.stringify(e.creation.dimension) && !!prior?.creation.swapChain === !!e.creation.swapChain ? mine : null);
        const around = elementPattern(key);
        if (e.creation.swapChain && around) this.swapChainArrays.add(around);
      });
    }
    this.addBackBufferArrays(facts);
    this.addBufferUses(facts);
    // Swap-chain buffers a method of the file's class fills in another file of the run (extract/class-views.ts).
    for (const key of facts.descriptors?.swapChainBuffers ?? []) {
      const around = elementPattern(key);
      if (around) this.swapChainArrays.add(around);
      else this.swapChainKeys.add(key);
    }
  }

  /**
   * Arrays indexed by the swap chain's back-buffer index (extract/back-buffer-indices.ts) whose elements a barrier
   * of the file takes out of or into PRESENT (`m_rt[m_frameIndex]`, PRESENT → RENDER_TARGET): swap-chain buffers,
   * though the file never calls `GetBuffer`. Indexed by anything else (a frame counter) or never seen in PRESENT
   * (per-frame targets of the engine's own), an array is not one.
   */
  private addBackBufferArrays(facts: FileFacts): void {
    const indices = new Set(facts.backBufferIndices ?? []);
    if (indices.size === 0) return;
    const consider = (b: BarrierFact) => {
      const m = b.resource?.key ? /^(.*\[)([^\]]+)(\][^[\]]*)$/.exec(b.resource.key) : null;
      // `D3D12_RESOURCE_STATE_PRESENT | D3D12_RESOURCE_STATE_COMMON` (Raekor's back-buffer barriers) names PRESENT too.
      if (!m || !indices.has(m[2]) || !PRESENT_FIELDS.some((f) => /_PRESENT\b/.test(b.fields[f]?.text ?? ''))) return;
      this.swapChainArrays.add(`${m[1]}…${m[3]}`);
    };
    // `Transition(cl, m_rt[bb], PRESENT, RENDER_TARGET)`: a helper of the file handed the element and PRESENT.
    const handed = (args: readonly { field: Field; resource: ResourceRef }[]) => {
      if (!args.some((a) => /_PRESENT\b/.test(a.field.text))) return;
      for (const a of args) {
        const m = a.resource.key ? /^(.*\[)([^\]]+)(\][^[\]]*)$/.exec(a.resource.key) : null;
        if (m && indices.has(m[2])) this.swapChainArrays.add(`${m[1]}…${m[3]}`);
      }
    };
    for (const fn of facts.functions) {
      forEachEvent(fn.body, (e) => {
        if (e.kind === 'user-call') handed(e.args);
        else if (e.kind === 'resource-barrier-call') for (const b of e.barriers ?? []) consider(b);
        else if (e.kind === 'barrier-call') for (const g of e.groups ?? []) for (const b of g.barriers ?? []) consider(b);
      });
    }
  }

  private addBufferUses(facts: FileFacts): void {
    const add = (fn: FunctionFacts, ref: ResourceRef) => {
      if (!ref.key || ref.param !== undefined || ref.base) return;
      const id = fnId(fn);
      const set = this.bufferUses.get(id) ?? new Set<string>();
      this.bufferUses.set(id, set.add(ref.key));
    };
    const inside = (r: Range, fn: FunctionFacts) => r.startLine >= fn.range.startLine && r.endLine <= fn.range.endLine;
    // A view struct whose BufferLocation is the resource's GPU virtual address (`ibv.BufferLocation = ib->GetGPUVirtualAddress()`).
    for (const v of facts.descriptors?.bufferViews ?? []) {
      const fn = facts.functions.find((f) => inside(v.range, f));
      if (fn) add(fn, v.resource);
    }
    for (const fn of facts.functions) {
      forEachEvent(fn.body, (e) => {
        if (e.kind === 'bind') for (const s of e.slots) { if (s.target?.via === 'va') add(fn, s.target.ref); }
        else if (e.kind === 'gpu-work') for (const d of e.direct) { if (d.target.via === 'va') add(fn, d.target.ref); }
        else if (e.kind === 'command' && BUFFER_METHODS.has(e.method)) for (const r of e.resources) add(fn, r.ref);
      });
    }
  }

  /** Whether function `fn` of the file uses `key` (its own key for a resource) in a way only a buffer allows (addBufferUses). */
  usedAsBuffer(fn: FunctionFacts, key: string): boolean {
    // NOTE: asked at every submission and use of a tracked key without a known creation: no id made when none has uses.
    return this.bufferUses.size > 0 && !!this.bufferUses.get(fnId(fn))?.has(key);
  }

  /** Creation facts of a resource made anywhere in the file (one kind of creation only). */
  resource(key: string): KnownResource | undefined {
    const exact = this.created.get(key);
    if (exact) return exact;
    if (this.isSwapChain(key)) return swapChainBuffer(key);
    return undefined;
  }

  /**
   * The swap-chain buffers the file knows, for a helper another file calls (`m_rt[…]` for every element of an array,
   * otherwise a key): what `Present` in the caller's tracking checks through that helper (matchesSwapChain).
   */
  swapChains(): string[] {
    const made = [...this.created].filter(([, r]) => r?.creation.swapChain).map(([key]) => key);
    return [...new Set([...this.swapChainArrays, ...this.swapChainKeys, ...made])];
  }

  isSwapChain(key: string): boolean {
    if (this.created.get(key)?.creation.swapChain || this.swapChainKeys.has(key)) return true;
    const m = /^(.*\[)[^\]]+(\][^[\]]*)$/.exec(key);
    return !!m && this.swapChainArrays.has(`${m[1]}…${m[2]}`);
  }
}

/** `m_rt[n]` → `m_rt[…]`, `m_frames[i].backBuffer` → `m_frames[…].backBuffer`: an element indexed by a name. */
/** A swap-chain buffer's creation, as `GetBuffer` makes it (a 2D texture of one mip), for a key that names one. */
export function swapChainBuffer(key: string): KnownResource {
  return { creation: { resource: { key, text: key, range: { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } }, api: 'GetBuffer', dimension: 'texture2d', mipLevels: 1, arraySize: 1, flags: 1, heapType: 1, swapChain: true }, uri: '' };
}

/**
 * Whether a caller's key names one of another file's swap-chain buffers (FileUses.swapChains): the same key, or the
 * same member reached through the receiver the helper was called on (`m_queue->m_rt[m_index]` for `m_rt[…]`).
 */
export function matchesSwapChain(key: string, known: string): boolean {
  const cut = known.indexOf('…');
  const own = cut < 0 ? key === known : key.startsWith(known.slice(0, cut)) && key.endsWith(known.slice(cut + 1)) && /^[^\]]+$/.test(key.slice(cut, key.length - (known.length - cut - 1)));
  if (own) return true;
  const m = /^[\w.\->\[\]]*?(?:->|\.)(.*)$/.exec(key);
  return !!m && m[1] !== key && /^[A-Za-z_]/.test(known) && matchesSwapChain(m[1], known);
}

/** A function of the file by its name and where it starts (the same function in every tracking of the file). */
function fnId(fn: FunctionFacts): string {
  let id = fnIds.get(fn);
  if (id === undefined) fnIds.set(fn, (id = `${fn.qualifiedName}@${fn.range.startLine}:${fn.range.startColumn}`));
  return id;
}

/** fnId per function facts, made once (facts are not written to once extracted). */
const fnIds = new WeakMap<FunctionFacts, string>();

function elementPattern(key: string): string | undefined {
  const m = /^(.*\[)[A-Za-z_]\w*(\][^[\]]*)$/.exec(key);
  return m ? `${m[1]}…${m[2]}` : undefined;
}

const fileUses = new WeakMap<FileFacts, FileUses>();

export function fileUsesOf(facts: FileFacts, uri: string): FileUses {
  let u = fileUses.get(facts);
  if (!u) fileUses.set(facts, (u = new FileUses(facts, uri)));
  return u;
}
