// The side a `c ? a : b` takes while the walker walks its statement as an if (ternary-statements.ts): read by the
// evaluators (constant-fold.ts, expression-core.ts) without importing the walker's modules.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';

/** A conditional expression's identity within the file. */
export function branchKey(n: SyntaxNode): string {
  return `${n.startIndex}:${n.endIndex}`;
}

/** The branch a lowered `c ? a : b` takes on the path being walked (undefined: not lowered there). */
export function forcedBranch(n: SyntaxNode, fn: FnCtx | undefined): SyntaxNode | undefined {
  const side = fn?.forcedBranches?.get(branchKey(n));
  if (side === undefined) return undefined;
  return n.childForFieldName(side ? 'consequence' : 'alternative') ?? undefined;
}

/** Walks `run` with the lowered test taking `side` (true: the consequence). */
export function withBranch<T>(t: SyntaxNode, side: boolean, fn: FnCtx, run: () => T): T {
  const k = branchKey(t);
  const forced = (fn.forcedBranches ??= new Map());
  forced.set(k, side);
  try {
    return run();
  } finally {
    forced.delete(k);
  }
}
