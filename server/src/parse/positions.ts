// The one line index of every surface (text, JSON, SARIF, LSP, fixes, suppressions): `\r\n`, `\n` and a lone `\r`
// each end a line, as LSP defines it; columns are UTF-16 code units. Tree-sitter counts rows at `\n` only, so no
// position shown to a user is taken from tree-sitter rows: offsets go through this index.

import type { Range } from '../types';

/** Start offsets of every line of `text` (the first is 0). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (ch === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The lines of `text` without their terminators (`\r\n`, `\n` or `\r`). */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/**
 * `text` with every lone `\r` turned into `\n`: the same length and the same offsets, so tree-sitter (whose rows and
 * `//` comments end at `\n` only) reads a classic-Mac or mixed file the way compilers and editors do, and every
 * row it reports is the LSP line.
 */
export function normalizeLoneCarriageReturns(text: string): string {
  return hasLoneCarriageReturn(text) ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** True when `text` has a `\r` that is not followed by `\n` (where tree-sitter rows and lines differ). */
export function hasLoneCarriageReturn(text: string): boolean {
  return text.includes('\r') && /\r(?!\n)/.test(text);
}

/** Maps UTF-16 offsets to 0-based line/column positions and back. */
export class LineIndex {
  readonly starts: readonly number[];

  constructor(readonly text: string) {
    this.starts = lineStartsOf(text);
  }

  /** Line and column of an offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const target = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= target) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, column: target - starts[lo] };
  }

  /** Offset of a line and column; past the last line, the end of the text. Columns are not clamped. */
  offsetAt(line: number, column: number): number {
    return (this.starts[line] ?? this.text.length) + column;
  }

  lineStart(line: number): number {
    return this.starts[Math.min(Math.max(0, line), this.starts.length - 1)];
  }

  /** Offset just before the line's terminator. */
  lineEnd(line: number): number {
    const next = line + 1 < this.starts.length ? this.starts[line + 1] : this.text.length;
    let end = next;
    if (end > this.lineStart(line) && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > this.lineStart(line) && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  get lineCount(): number {
    return this.starts.length;
  }
}

/** Whether `inner` lies inside `outer`, ends included (line, then UTF-16 column). */
export function rangeWithin(inner: Range, outer: Range): boolean {
  const startsAfter = inner.startLine > outer.startLine || (inner.startLine === outer.startLine && inner.startColumn >= outer.startColumn);
  const endsBefore = inner.endLine < outer.endLine || (inner.endLine === outer.endLine && inner.endColumn <= outer.endColumn);
  return startsAfter && endsBefore;
}
