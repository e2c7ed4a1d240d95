// The file's descriptor heaps as the tracker reads them: which view a handle (heap, index) names, and which
// resource a buffer view struct points into. A slot resolves only when every write the file makes to it agrees;
// views written in a loop over n (`m_rt[n]`) answer for any index the loop may have covered, with the index
// substituted (`(start, m_frameIndex, size)` names `m_rt[m_frameIndex]`). Anything else is unknown (null).
import type { DescIndex, DescriptorFacts, HandleFact, ViewFact } from '../extract/descriptor-facts';
import { storedLookup } from '../extract/descriptor-scan';
import type { ResourceRef } from '../extract/facts';
import type { ViewKind } from '../model/uses';
import { detached } from '../detached-string';
import type { Range } from '../types';

export interface ResolvedView {
  view: ViewKind;
  ref: ResourceRef;
  subresource: number | null;
  /** The subresources the view covers (absent: not known). */
  covers?: 'all' | number;
  readOnlyDepth?: boolean | null;
  /** A UAV with a counter resource (ViewFact.counter). */
  counter?: true;
  /** Where the view was created (in `uri` when another file of the run created it). */
  range: Range;
  uri?: string;
  /** The slot, for telling writes through one view from writes through another. */
  slot: string;
}

const MAX_COPY_DEPTH = 3;

function indexText(i: DescIndex): string {
  return 'c' in i ? String(i.c) : i.plus ? `${i.sym}+${i.plus}` : i.sym;
}

/** The pattern of a loop counter as a whole identifier, compiled once per name. */
const counterPatterns = new Map<string, RegExp>();

/** Replace the loop counter `v` (as a whole identifier) by `value` in a resource key or text. */
function substitute(text: string, v: string, value: string): string {
  let pattern = counterPatterns.get(v);
  if (!pattern) counterPatterns.set(detached(v), (pattern = new RegExp(`(?<![\\w.]|->)${v}(?!\\w)`, 'g')));
  return text.replace(pattern, value);
}

function indexKey(i: DescIndex): string {
  return 'c' in i ? `c${i.c}` : `s${i.sym}|${i.plus}`;
}

export class DescriptorTable {
  private readonly byHeap = new Map<string, ViewFact[]>();
  private readonly tainted: Set<string>;
  // NOTE: the table never changes once built, and every GPU-work use of every tracking pass asks it again (each
  // loop pass, each helper evaluation): answers are kept per handle slot, scope and copy depth, and per buffer view.
  private readonly resolved = new Map<string, ResolvedView | null>();
  /** `resolved` by handle fact, scope and depth: the same answers without making the key. */
  private readonly byHandle = new WeakMap<HandleFact, Map<string, (ResolvedView | null)[]>>();
  private readonly bufferViews = new Map<string, { ref: ResourceRef; range: Range } | null>();
  /** The handle the file stores under a key (`m_target.rtv = h`), when every store agrees (descriptor-scan.ts). */
  readonly stored: (key: string) => HandleFact | null | undefined;

  /**
   * What every answer of the table is made from (its memos aside: they fill as the table is asked, so an earlier
   * run's table has answered more than this run's at its start). Kept calls compare tables by it (kept-runs.ts).
   */
  get inputs(): DescriptorFacts | undefined {
    return this.facts;
  }

  constructor(private readonly facts: DescriptorFacts | undefined) {
    for (const v of facts?.views ?? []) {
      const list = this.byHeap.get(v.heap) ?? [];
      list.push(v);
      this.byHeap.set(v.heap, list);
    }
    this.tainted = new Set(facts?.taintedHeaps ?? []);
    this.stored = storedLookup(facts?.storedHandles ?? []);
  }

  /** The view a handle names, for code in function `scope`; null when it is not known. */
  resolve(h: HandleFact, scope: string, depth = 0): ResolvedView | null {
    if (!h.index || depth > MAX_COPY_DEPTH) return null;
    // NOTE: first by the handle fact itself (facts are not changed once extracted): on the 40k-line suite file the
    // key string below was made for every GPU-work use of every tracking pass (4 % of the CLI's CPU).
    let mine = this.byHandle.get(h);
    if (!mine) this.byHandle.set(h, (mine = new Map()));
    const known = mine.get(scope)?.[depth];
    if (known !== undefined) return known;
    const key = `${h.heap}\0${indexKey(h.index)}\0${scope}\0${depth}`;
    let found = this.resolved.get(key);
    if (found === undefined) this.resolved.set(key, (found = this.resolveSlot(h.heap, h.index, scope, depth)));
    let depths = mine.get(scope);
    if (!depths) mine.set(scope, (depths = []));
    depths[depth] = found;
    return found;
  }

  private resolveSlot(heap: string, index: DescIndex, scope: string, depth: number): ResolvedView | null {
    if (this.isTainted(heap)) return null;
    const candidates = this.byHeap.get(heap) ?? [];
    const results: ResolvedView[] = [];
    for (const c of candidates) {
      const m = this.pastLoop(c, index, candidates) ? 'no' : this.match(c, index);
      if (m === 'no') continue;
      if (m === 'maybe' || (c.scope && c.scope !== scope)) return null;
      const r = this.viewOf(c, m, scope, depth);
      if (!r) return null;
      results.push({ ...r, slot: `${heap}#${indexText(index)}` });
    }
    if (results.length === 0) return null;
    const first = results[0];
    if (!results.every((r) => r.view === first.view && r.ref.key === first.ref.key && r.readOnlyDepth === first.readOnlyDepth && r.counter === first.counter)) return null;
    return results.every((r) => r.covers === first.covers) ? first : { ...first, covers: undefined };
  }

  /**
   * The kinds of the other views of resource `key` that a table whose base is `h` may reach: views written at a
   * later constant slot of the same heap, below base + `span` when the root signature's ranges bound the table.
   */
  laterViewsOf(h: HandleFact, key: string, span?: number): ViewKind[] {
    const base = h.index;
    if (!base || !('c' in base) || this.isTainted(h.heap)) return [];
    const reached = (c: number) => c > base.c && (span === undefined || c < base.c + span);
    return (this.byHeap.get(h.heap) ?? []).flatMap((c) => (c.view && c.index && 'c' in c.index && reached(c.index.c) && c.resource?.key === key ? [c.view] : []));
  }

  /** A heap written where the slot is not known: by name, everywhere ('*'), or by a function that can reach it. */
  private isTainted(heap: string): boolean {
    if (this.tainted.has('*') || this.tainted.has(heap)) return true;
    const local = heap.indexOf('#');
    for (const t of this.tainted) {
      if (!t.startsWith('*@')) continue;
      if (local < 0 || heap.slice(0, local) === t.slice(2)) return true;
    }
    return false;
  }

  /**
   * Whether entry `c` writes the slot `index`: 'no', 'maybe' (cannot tell: the slot is unknown), or the value the
   * entry's loop counter takes there (null when it has none).
   */
  private match(c: ViewFact, index: DescIndex): 'no' | 'maybe' | { value: string | null } {
    const ci = c.index;
    if (!ci) return 'maybe';
    if ('c' in ci && 'c' in index) return ci.c === index.c ? { value: null } : 'no';
    if ('sym' in ci && c.loopVar === ci.sym) {
      // Written for every index the loop covered: the lookup names the element at that index.
      if ('c' in index) return index.c - ci.plus >= 0 ? { value: String(index.c - ci.plus) } : 'no';
      return index.plus === ci.plus ? { value: index.sym } : 'maybe';
    }
    if ('sym' in ci && 'sym' in index) return ci.sym === index.sym && ci.plus === index.plus ? { value: null } : 'maybe';
    // NOTE: a constant slot against a symbolic lookup (`m_frameIndex`) does not decide it: the lookup names an
    // element of the views a loop wrote (its index stays within that loop), and with no such view nothing matches.
    return 'sym' in index && 'c' in ci ? 'no' : 'maybe';
  }

  /**
   * Views a loop `for (n = s; n < B; n++)` wrote cover the slots below B (+ the loop's offset); the handle stepped
   * past that loop names slot B (+ k), where the next view is written. Such a slot and a lookup of an element of the
   * loop's views (`m_frameIndex`) are different slots (the same assumption as a constant slot's, see match()).
   */
  private pastLoop(c: ViewFact, index: DescIndex, all: readonly ViewFact[]): boolean {
    const ci = c.index;
    if (!ci || !('sym' in ci) || !('sym' in index)) return false;
    // A loop's view looked up at its bound or past it.
    if (c.loopVar === ci.sym && c.loopBound) return index.sym === c.loopBound && index.plus >= ci.plus;
    // A view at or past a loop's bound looked up at an element of that loop's views.
    if (ci.sym === index.sym) return false;
    return all.some((l) => l.loopVar && l.loopBound === ci.sym && l.index && 'sym' in l.index && l.index.sym === l.loopVar
      && ci.plus >= l.index.plus && index.plus === l.index.plus && index.sym !== l.loopBound);
  }

  private viewOf(c: ViewFact, m: { value: string | null }, scope: string, depth: number): Omit<ResolvedView, 'slot'> | null {
    if (c.view === null) {
      if (!c.copyOf) return null;
      const src = this.resolve(c.copyOf, scope, depth + 1);
      if (!src) return null;
      const at = { ...src, range: c.range };
      delete at.uri;
      return c.uri ? { ...at, uri: c.uri } : at;
    }
    if (!c.resource?.key) return null;
    let ref = c.resource;
    if (c.loopVar && m.value !== null && c.resource.key) {
      ref = { ...ref, key: substitute(c.resource.key, c.loopVar, m.value), text: substitute(ref.text, c.loopVar, m.value) };
    }
    return {
      view: c.view, ref, subresource: c.subresource, ...(c.covers !== undefined ? { covers: c.covers } : {}), readOnlyDepth: c.readOnlyDepth,
      ...(c.counter ? { counter: c.counter } : {}), range: c.range, ...(c.uri ? { uri: c.uri } : {}),
    };
  }

  /** The resource a buffer view struct (`m_vertexBufferView`) points into, when every assignment agrees. */
  bufferView(key: string): { ref: ResourceRef; range: Range } | null {
    let found = this.bufferViews.get(key);
    if (found === undefined) this.bufferViews.set(key, (found = this.bufferViewOf(key)));
    return found;
  }

  private bufferViewOf(key: string): { ref: ResourceRef; range: Range } | null {
    const all = (this.facts?.bufferViews ?? []).filter((b) => b.key === key);
    if (all.length === 0) return null;
    return all.every((b) => b.resource.key === all[0].resource.key) ? { ref: all[0].resource, range: all[0].range } : null;
  }
}
