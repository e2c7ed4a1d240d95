// What the tracker writes down, during a whole-file analysis, about the file's sealed swap-chain arrays (issue 10):
// each transition of an element, and the arrays a barrier the check cannot read names. Read afterwards by
// back-buffer-entry.ts; kept apart from it so that the tracking environment can hold the log without importing the
// check.
import type { FunctionFacts } from '../extract/facts';
import type { Range } from '../types';

/** One transition of a sealed array's element, as the tracker applied it. */
export interface SwapChainMove {
  root: string;
  key: string;
  /** StateBefore (undefined: not known). */
  before: number | undefined;
  /** StateAfter (undefined: not known). */
  after: number | undefined;
  /** The element's state was assumed at this barrier (nothing tracked of it before). */
  assumed: boolean;
  at: Range;
  fn: FunctionFacts | null;
}

export const ELEMENT = /^(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[[^\]]+\]$/;

/** What the tracker writes down for the file's sealed swap-chain arrays (back-buffer-entry.ts says what makes an array sealed). */
export class SwapChainLog {
  readonly moves: SwapChainMove[] = [];
  /** Arrays an enhanced barrier or a barrier of unknown type names. */
  readonly unsealed = new Set<string>();
  constructor(readonly roots: ReadonlySet<string>) {}

  /** The sealed array an element key belongs to (`m_rt[idx]`), or undefined. */
  rootOf(key: string | null | undefined): string | undefined {
    const root = key ? ELEMENT.exec(key)?.[1] : undefined;
    return root && this.roots.has(root) ? root : undefined;
  }
}
