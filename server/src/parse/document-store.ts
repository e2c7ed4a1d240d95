// Open documents for the language server: text, version, and the incremental edits an editor sends, turned into
// tree-sitter edit descriptors so a cached syntax tree can be re-parsed incrementally. Positions follow LSP
// (0-based lines, UTF-16 code units), which is also what node-tree-sitter uses for columns and indices when it
// parses a JavaScript string. No LSP package is imported: the shapes below are structural.
import type { Tree } from './parser';
import { hasLoneCarriageReturn, lineStartsOf } from './positions';

export interface TextPosition {
  line: number;
  character: number;
}

/** One content change: with a range it replaces that range, without one it replaces the whole text. */
export interface TextChange {
  range?: { start: TextPosition; end: TextPosition };
  text: string;
}

export interface TreePoint {
  row: number;
  column: number;
}

/** The argument of tree-sitter's `Tree.edit`, in UTF-16 code units. */
export interface TreeEdit {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: TreePoint;
  oldEndPosition: TreePoint;
  newEndPosition: TreePoint;
}

export type ChangeOutcome = 'applied' | 'unknown-document' | 'stale-version' | 'invalid-change';

export class StoredDocument {
  private lineStartsCache: number[] | undefined;
  private loneCarriageReturn = false;
  private hasCarriageReturn: boolean;
  /** The last syntax tree parsed for this document, kept in step with the text by applying every edit. */
  tree: Tree | undefined;
  private editLog: TreeEdit[] = [];

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    private content: string,
  ) {
    this.hasCarriageReturn = content.includes('\r');
  }

  get text(): string {
    return this.content;
  }

  /** Offset of an LSP position; positions past the end of a line or of the document are clamped. */
  offsetAt(position: TextPosition): number {
    const starts = this.lineStarts();
    if (position.line < 0) return 0;
    if (position.line >= starts.length) return this.content.length;
    const lineStart = starts[position.line];
    const nextStart = position.line + 1 < starts.length ? starts[position.line + 1] : this.content.length;
    const lineEnd = trimLineBreak(this.content, lineStart, nextStart);
    return Math.min(lineStart + Math.max(0, position.character), lineEnd);
  }

  /** LSP position of an offset (clamped to the text). */
  positionAt(offset: number): TextPosition {
    const starts = this.lineStarts();
    const target = Math.max(0, Math.min(offset, this.content.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= target) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: target - starts[low] };
  }

  /** Applies one change and returns the tree-sitter edit describing it (also applied to `tree`, if any). */
  apply(change: TextChange): TreeEdit {
    let start = 0;
    let end = this.content.length;
    if (change.range) {
      start = this.offsetAt(change.range.start);
      end = this.offsetAt(change.range.end);
      if (end < start) [start, end] = [end, start];
    }
    const startPosition = this.pointAt(start);
    const oldEndPosition = this.pointAt(end);
    this.updateLineStarts(start, end, change.text);
    this.content = this.content.slice(0, start) + change.text + this.content.slice(end);
    const edit: TreeEdit = {
      startIndex: start,
      oldEndIndex: end,
      newEndIndex: start + change.text.length,
      startPosition,
      oldEndPosition,
      newEndPosition: advancePoint(startPosition, change.text),
    };
    this.tree?.edit(edit);
    this.editLog.push(edit);
    return edit;
  }

  /** The edits applied since the last takeEdits(), in order, without forgetting them. */
  peekEdits(): readonly TreeEdit[] {
    return this.editLog;
  }

  /** The edits applied since the last call, in order (for analyses that update a previous result). */
  takeEdits(): TreeEdit[] {
    const edits = this.editLog;
    this.editLog = [];
    return edits;
  }

  /** False when the text has no '\r' at all (tracked through the edits: no rescan of a large text per keystroke). */
  get mayHaveCarriageReturn(): boolean {
    return this.hasCarriageReturn;
  }

  /** Tree-sitter point of an offset: rows count '\n' only (a lone '\r' is a line break for LSP, not here). */
  private pointAt(offset: number): TreePoint {
    const lsp = this.positionAt(offset);
    if (!this.loneCarriageReturn) return { row: lsp.line, column: lsp.character };
    return advancePoint({ row: 0, column: 0 }, this.content.slice(0, offset));
  }

  private lineStarts(): number[] {
    if (this.lineStartsCache) return this.lineStartsCache;
    // NOTE: the one line index of every surface (parse/positions.ts); a lone '\r' is a line end there too.
    this.lineStartsCache = lineStartsOf(this.content);
    this.loneCarriageReturn = this.hasCarriageReturn && hasLoneCarriageReturn(this.content);
    return this.lineStartsCache;
  }

  /**
   * Keeps the line index in step with a replacement of [start, end) by `inserted` without rescanning the text
   * (the common keystroke case); text with carriage returns is rescanned, as a '\r\n' may straddle the edit.
   */
  private updateLineStarts(start: number, end: number, inserted: string): void {
    const starts = this.lineStartsCache;
    if (!starts || this.hasCarriageReturn || inserted.includes('\r')) {
      this.lineStartsCache = undefined;
      this.hasCarriageReturn = this.hasCarriageReturn || inserted.includes('\r');
      return;
    }
    const line = this.positionAt(start).line;
    let removeTo = line + 1;
    while (removeTo < starts.length && starts[removeTo] <= end) removeTo++;
    const added: number[] = [];
    for (let i = inserted.indexOf('\n'); i >= 0; i = inserted.indexOf('\n', i + 1)) added.push(start + i + 1);
    const delta = inserted.length - (end - start);
    for (let i = removeTo; i < starts.length; i++) starts[i] += delta;
    starts.splice(line + 1, removeTo - line - 1, ...added);
  }
}

function trimLineBreak(text: string, lineStart: number, nextStart: number): number {
  let end = nextStart;
  while (end > lineStart && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return end;
}

function advancePoint(from: TreePoint, inserted: string): TreePoint {
  const lastNewline = inserted.lastIndexOf('\n');
  if (lastNewline < 0) return { row: from.row, column: from.column + inserted.length };
  let rows = 0;
  for (let i = 0; i <= lastNewline; i++) if (inserted.charCodeAt(i) === 10) rows++;
  return { row: from.row + rows, column: inserted.length - lastNewline - 1 };
}

function isValidPosition(p: unknown): boolean {
  const pos = p as Partial<TextPosition> | null;
  return !!pos && Number.isInteger(pos.line) && Number.isInteger(pos.character);
}

/** A change from untrusted JSON: text is a string and a range, when present, has integer positions. */
function isValidChange(change: unknown): boolean {
  const c = change as Partial<TextChange> | null;
  if (!c || typeof c.text !== 'string') return false;
  return c.range === undefined || (isValidPosition(c.range?.start) && isValidPosition(c.range?.end));
}

/** The open documents, keyed by URI. Changes for unknown URIs or older versions are refused, never thrown. */
export class DocumentStore {
  private readonly documents = new Map<string, StoredDocument>();

  open(uri: string, languageId: string, version: number, text: string): StoredDocument {
    const doc = new StoredDocument(uri, languageId, version, text);
    this.documents.set(uri, doc);
    return doc;
  }

  change(uri: string, version: number, changes: readonly TextChange[]): ChangeOutcome {
    const doc = this.documents.get(uri);
    if (!doc) return 'unknown-document';
    if (!Number.isInteger(version) || version <= doc.version) return 'stale-version';
    if (!Array.isArray(changes) || !changes.every(isValidChange)) return 'invalid-change';
    for (const change of changes) doc.apply(change);
    doc.version = version;
    return 'applied';
  }

  close(uri: string): boolean {
    return this.documents.delete(uri);
  }

  get(uri: string): StoredDocument | undefined {
    return this.documents.get(uri);
  }

  all(): StoredDocument[] {
    return [...this.documents.values()];
  }
}
