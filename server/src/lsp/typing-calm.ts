// Calm while typing: the findings that half-typed code always produces (an enumerator prefix is unknown, a partial
// argument list matches no overload, an unfinished statement is a parse problem) are held back on the lines being
// edited until the user pauses or saves; parse problems are also held on the lines after them, where an unfinished
// construct spills. Everything else stays live. Only the editor does this; the CLI reports what it sees.
import type { Diagnostic } from 'vscode-languageserver';

/** Rules whose findings are held on the lines being edited. */
export const HELD_WHILE_TYPING: ReadonlySet<string> = new Set(['unknown-enumerator', 'no-matching-overload', 'parse-problem']);

/** Pause after the last keystroke after which held findings are shown. */
export const TYPING_PAUSE_MS = 1000;

export interface EditedLines {
  first: number;
  last: number;
}

interface Change {
  range?: { start: { line: number }; end: { line: number } };
  text: string;
}

const newlines = (text: string): number => (text.match(/\r\n|\r|\n/g) ?? []).length;

/** The lines touched by a burst of edits, kept in step as later edits add or remove lines above them. */
export function widenEdited(previous: EditedLines | undefined, changes: readonly Change[]): EditedLines | undefined {
  let lines = previous;
  for (const change of changes) {
    if (!change.range) return undefined; // a whole-document replacement: nothing is "being typed"
    const start = change.range.start.line;
    const end = start + newlines(change.text);
    const delta = end - change.range.end.line;
    if (lines && lines.first > change.range.end.line) lines = { first: lines.first + delta, last: lines.last + delta };
    else if (lines && lines.last >= start) lines = { first: lines.first, last: Math.max(start, lines.last + delta) };
    lines = lines ? { first: Math.min(lines.first, start), last: Math.max(lines.last, end) } : { first: start, last: end };
  }
  return lines;
}

/** The diagnostics to show while `edited` lines are being typed. */
export function calmDiagnostics(diagnostics: readonly Diagnostic[], edited: EditedLines | undefined): Diagnostic[] {
  if (!edited) return [...diagnostics];
  return diagnostics.filter((d) => {
    const rule = typeof d.code === 'string' ? d.code : '';
    if (!HELD_WHILE_TYPING.has(rule)) return true;
    const line = d.range.start.line;
    const onEdited = line >= edited.first && line <= edited.last;
    const spilled = rule === 'parse-problem' && line > edited.last;
    return !onEdited && !spilled;
  });
}

/**
 * Per-document typing state: the lines edited since the last pause, and a timer that ends the burst (and lets the
 * caller re-publish the held findings) once typing pauses.
 */
export class TypingCalm {
  private readonly edited = new Map<string, EditedLines>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly onPause: (uri: string) => void, private readonly pauseMs = TYPING_PAUSE_MS) {}

  changed(uri: string, changes: readonly Change[]): void {
    const lines = widenEdited(this.edited.get(uri), changes);
    if (lines) this.edited.set(uri, lines);
    else this.edited.delete(uri);
    clearTimeout(this.timers.get(uri));
    this.timers.set(uri, setTimeout(() => this.pause(uri), this.pauseMs));
  }

  /** A save or a pause: the held findings are shown again. */
  pause(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    if (this.edited.delete(uri)) this.onPause(uri);
  }

  forget(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.edited.delete(uri);
  }

  filter(uri: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
    return calmDiagnostics(diagnostics, this.edited.get(uri));
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
