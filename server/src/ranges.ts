// Comparisons of source ranges (types.ts Range) that every layer makes.
import type { Range } from './types';

/** Whether `inner` lies within `outer` (both ends included). */
export function rangeContains(outer: Range, inner: Range): boolean {
  const starts = outer.startLine < inner.startLine || (outer.startLine === inner.startLine && outer.startColumn <= inner.startColumn);
  const ends = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn);
  return starts && ends;
}
