// Handle helpers: functions that compute a descriptor handle from their parameters — vkd3d-proton's
// `get_cpu_descriptor_handle(&context, heap, 3)`, an engine's `GetRtvHandle(heap, i)`, `Offset(base, n)` — read
// once with symbolic parameters into a summary (plain data, so another file of the run can use it: the cross-file
// pass hands the summaries of every file to the files that call them). At a call, the summary names the heap
// (the caller's heap or handle argument, or a member the helper itself names) and the index (a constant, the
// caller's index argument plus a constant, or a member expression). A helper whose returns disagree, or whose
// index depends on anything else, has no summary: its handle is unknown, never guessed.
import type { DescIndex, HandleFact, HandleHelper } from './descriptor-facts';

/** A helper's parameter stands for the caller's argument: `\u0001h3` (a heap), `\u0001d3` (a handle). */
const PARAM = /^\u0001([hd])(\d+)$/;

export function heapPlaceholder(i: number): string {
  return `\u0001h${i}`;
}

export function handlePlaceholder(i: number): string {
  return `\u0001d${i}`;
}

/** One return of the helper: its handle, and the parameter a guard made 0 on its path (`if (!offset) return h;`). */
export interface HelperReturn {
  h: HandleFact | null;
  zero: string | null;
}

/**
 * The summary of a function with parameters `params` whose returns are `returns`, or null. A return guarded by
 * `!p` must equal the others with p = 0.
 */
export function summarize(name: string, params: readonly string[], returns: readonly HelperReturn[]): HandleHelper | null {
  const plain = returns.filter((r) => r.zero === null);
  if (plain.length === 0 || returns.some((r) => !r.h || !r.h.index)) return null;
  const forms = plain.map((r) => summaryOf(r.h!, params));
  const first = forms[0];
  if (!first || forms.some((f) => JSON.stringify(f) !== JSON.stringify(first))) return null;
  for (const g of returns.filter((r) => r.zero !== null)) {
    const z = params.indexOf(g.zero!);
    const at = summaryOf(g.h!, params);
    const expected = 'param' in first.index && first.index.param === z ? { c: first.index.plus } : first.index;
    if (!at || JSON.stringify(at.heap) !== JSON.stringify(first.heap) || JSON.stringify(at.index) !== JSON.stringify(expected)) return null;
  }
  return { name, argc: params.length, ...first };
}

function summaryOf(h: HandleFact, params: readonly string[]): Pick<HandleHelper, 'heap' | 'index'> | null {
  const m = PARAM.exec(h.heap);
  // A heap local to the helper (`F@12#heap`) means nothing to its callers.
  if (!m && h.heap.includes('#')) return null;
  const heap: HandleHelper['heap'] = m ? (m[1] === 'h' ? { param: Number(m[2]) } : { handleParam: Number(m[2]) }) : { key: h.heap };
  const i = h.index!;
  if ('c' in i) return { heap, index: i };
  const p = params.indexOf(i.sym);
  if (p >= 0) return { heap, index: { param: p, plus: i.plus } };
  // A member expression (`m_frameIndex`) keeps its meaning for the caller; a name rooted at a parameter does not.
  const root = /^[A-Za-z_]\w*/.exec(i.sym)?.[0] ?? '';
  return params.includes(root) ? null : { heap, index: i };
}

/**
 * The handle a call of helper `h` denotes, given how the caller's arguments read: `heapOf(i)` / `handleOf(i)` /
 * `indexOf(i)` of argument i.
 */
export function applyHelper(
  h: HandleHelper,
  arg: { heapOf(i: number): string | null; handleOf(i: number): HandleFact | null; indexOf(i: number): DescIndex | null },
): { heap: string; index: DescIndex | null } | null {
  let heap: string | null;
  let base: DescIndex | null = { c: 0 };
  if (h.heap.param !== undefined) heap = arg.heapOf(h.heap.param);
  else if (h.heap.handleParam !== undefined) {
    const d = arg.handleOf(h.heap.handleParam);
    heap = d?.heap ?? null;
    base = d?.index ?? null;
  } else heap = h.heap.key ?? null;
  if (!heap) return null;
  const i = h.index;
  const own: DescIndex | null = 'c' in i ? { c: i.c } : 'param' in i ? plus(arg.indexOf(i.param), i.plus) : { sym: i.sym, plus: i.plus };
  return { heap, index: add(base, own) };
}

function plus(i: DescIndex | null, k: number): DescIndex | null {
  if (!i) return null;
  return 'c' in i ? { c: i.c + k } : { sym: i.sym, plus: i.plus + k };
}

/** Two indices added: constants fold; one symbolic part at most. */
function add(a: DescIndex | null, b: DescIndex | null): DescIndex | null {
  if (!a || !b) return null;
  if ('c' in a) return plus(b, a.c);
  if ('c' in b) return plus(a, b.c);
  return null;
}
