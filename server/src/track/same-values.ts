// Structural comparison of tracker values, shared by the helper-call memo (call-memo.ts) and the quiet-call
// summaries (quiet-calls.ts). Both replay an earlier evaluation when its inputs equal the current ones; they differ
// only in what "equal" means for ranges, maps and path facts:
// - `equal` (the memo: states and bindings whose ranges the evaluation reads): ranges are equal only when they are
//   the same object — the tracker and the rules compare origins by their range's identity, so two equal-looking
//   ranges are not interchangeable. Maps are compared entry by entry in order; path facts by what they hold (the
//   conditions a loop's passes put on values past the path budget are new objects on every pass, and two with equal
//   facts, owner and time are read alike: interpreter.ts refine, state.ts joins).
// - `alike` (quiet calls: extracted arguments whose places an evaluation that reports nothing never reads): every two
//   ranges are equal; maps and path facts only when they are the same object.
import { PathFacts } from './paths';
import { sameSet } from './state';
import type { TrackState } from './state';

/** Whether ranges are read by place (`alike`) or by identity (`equal`). */
type Mode = 'equal' | 'alike';

function isRange(x: object): boolean {
  return 'startLine' in x && 'endColumn' in x;
}

function same(a: unknown, b: unknown, mode: Mode): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i], mode));
  if (a instanceof Map) return mode === 'equal' && b instanceof Map && sameMaps(a, b);
  if (a instanceof PathFacts || b instanceof PathFacts) return mode === 'equal' && a instanceof PathFacts && b instanceof PathFacts && sameFacts(a, b);
  if (a instanceof Set || b instanceof Set || Array.isArray(b) || b instanceof Map) return false;
  if (Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  // A range equals another object only when both are the same range (`equal`) or both are ranges (`alike`).
  if (isRange(a)) return mode === 'alike' && isRange(b);
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
    if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], mode)) return false;
  }
  return true;
}

function sameMaps(a: Map<unknown, unknown>, b: Map<unknown, unknown>): boolean {
  if (a.size !== b.size) return false;
  const ib = b.entries();
  for (const [k, v] of a) {
    const [kb, vb] = ib.next().value as [unknown, unknown];
    if (k !== kb || !equal(v, vb)) return false;
  }
  return true;
}

/** Structural equality of tracker values; ranges by identity, maps in order, path facts by what they hold. */
export function equal(a: unknown, b: unknown): boolean {
  return same(a, b, 'equal');
}

/** Structural equality of extracted values with every two ranges equal (the values' places are not compared). */
export function alike(a: unknown, b: unknown): boolean {
  return same(a, b, 'alike');
}

/** The same path facts, structurally (see equal). */
export function sameFacts(a: PathFacts | null, b: PathFacts | null): boolean {
  return a === b || (!!a && !!b && equal(a.syms, b.syms) && equal(a.atoms, b.atoms));
}

/** The same tracked state, structurally (see equal): resources, bindings, batches, closed lists. */
export function sameState(a: TrackState, b: TrackState): boolean {
  return equal(a.res, b.res) && equal(a.bindings, b.bindings) && equal(a.batches, b.batches) && sameSet(a.closed, b.closed)
    && sameSet(a.executed, b.executed);
}

/** The map holds entries equal to these, in this order (see equal). */
export function sameEntries<V>(a: readonly [string, V][], b: Map<string, V>): boolean {
  if (a.length !== b.size) return false;
  let i = 0;
  for (const [k, v] of b) {
    const [ka, va] = a[i++];
    if (ka !== k || !equal(va, v)) return false;
  }
  return true;
}
