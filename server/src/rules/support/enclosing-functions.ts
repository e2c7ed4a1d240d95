// The functions of a file whose range contains a place (a barrier, a command), found without reading every
// function of the file: rules ask this at each barrier meeting, which on a 40,000-line file made a file-wide scan
// per meeting (file-creations.ts, issue 12). Functions are sorted by start once; a query walks back from the last
// function starting at or before the place while an earlier function may still reach past it (the greatest end
// so far), so on a file of non-nested functions it reads one or two of them.
import type { FunctionFacts } from '../../extract/facts';
import type { Range } from '../../types';

type Point = { line: number; column: number };

const before = (a: Point, b: Point): boolean => a.line < b.line || (a.line === b.line && a.column <= b.column);

export interface EnclosingIndex {
  /** The functions whose range contains `at`, in no particular order. */
  around(at: Range): FunctionFacts[];
}

export function enclosingIndex(functions: readonly FunctionFacts[]): EnclosingIndex {
  const sorted = [...functions].sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
  const start = (f: FunctionFacts): Point => ({ line: f.range.startLine, column: f.range.startColumn });
  const end = (f: FunctionFacts): Point => ({ line: f.range.endLine, column: f.range.endColumn });
  // The greatest end among sorted[0..i].
  const reach: Point[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const e = end(sorted[i]);
    reach.push(i > 0 && before(e, reach[i - 1]) ? reach[i - 1] : e);
  }
  return {
    around(at) {
      const from = { line: at.startLine, column: at.startColumn };
      const to = { line: at.endLine, column: at.endColumn };
      // The last function that starts at or before `at`.
      let lo = 0;
      let hi = sorted.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(start(sorted[mid]), from)) lo = mid + 1;
        else hi = mid;
      }
      const out: FunctionFacts[] = [];
      for (let i = lo - 1; i >= 0 && before(to, reach[i]); i--) if (before(to, end(sorted[i]))) out.push(sorted[i]);
      return out;
    },
  };
}
