// Annotated-fixture harness (clang-tidy / rust-analyzer style): expectations are comments under the code line
//   cl->Barrier(1, &group);
// //^^^^^^^^^^^^^^^^^^^^^^ error[INCOMPATIBLE_BARRIER_LAYOUT]: does not match expected layout
// The carets give the start column (and, with more than one caret on a one-line finding, the end); `ID` is a rule id or a debug-layer
// message name; the text after `:` must occur in the message. Several annotation lines may follow one code line.
// Optional `note:` lines right under an annotation assert its related locations (clang-tidy's notes), by text and
// optionally by line: `//   note: entered SHADER_RESOURCE here` or `//   note line 12: entered SHADER_RESOURCE here`;
// each must match a different related location (an annotation without notes does not check them).
// A file's first lines may carry `// barrierlint-config: {json}` to analyse it with a configuration.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Finding } from '../../server/src/types';

export interface Expectation {
  line: number;
  column: number;
  endColumn: number;
  severity: string;
  id: string;
  text: string;
  source: string;
  /** Related locations the finding must have: message text, and the 0-based line when given. */
  notes: { text: string; line?: number }[];
}

const ANNOTATION = /^(\s*)\/\/(\s*)(\^+)\s+(error|warning|info)\[([\w-]+)\](?::\s*(.*))?$/;
const NOTE = /^\s*\/\/\s*note(?: line (\d+))?:\s*(.*)$/;

export function parseExpectations(text: string): Expectation[] {
  const lines = text.split('\n');
  const out: Expectation[] = [];
  let codeLine = -1;
  lines.forEach((raw, i) => {
    const note = out.length > 0 && out[out.length - 1].line === codeLine ? NOTE.exec(raw) : null;
    if (note) {
      out[out.length - 1].notes.push({ text: note[2].trim(), ...(note[1] ? { line: Number(note[1]) - 1 } : {}) });
      return;
    }
    const m = ANNOTATION.exec(raw);
    if (!m) {
      codeLine = i;
      return;
    }
    const column = m[1].length + 2 + m[2].length;
    out.push({
      line: codeLine, column, endColumn: column + m[3].length, severity: m[4], id: m[5],
      text: (m[6] ?? '').trim(), source: `line ${i + 1}: ${raw.trim()}`, notes: [],
    });
  });
  return out;
}

export function fixtureConfig(text: string): Record<string, unknown> | undefined {
  const m = /^\/\/ barrierlint-config: (.*)$/m.exec(text.split('\n').slice(0, 5).join('\n'));
  return m ? (JSON.parse(m[1]) as Record<string, unknown>) : undefined;
}

function matches(e: Expectation, f: Finding): boolean {
  if (f.range.startLine !== e.line || f.range.startColumn !== e.column) return false;
  if (f.severity !== e.severity) return false;
  if (f.rule !== e.id && f.messageId !== e.id) return false;
  if (e.endColumn - e.column > 1 && f.range.startLine === f.range.endLine && f.range.endColumn !== e.endColumn) return false;
  if (e.text && !f.message.includes(e.text)) return false;
  return notesMatch(e.notes, f);
}

/** Every expected note matches a related location of its own (by text, and line when given). */
function notesMatch(notes: Expectation['notes'], f: Finding): boolean {
  const left = [...f.related];
  return notes.every((n) => {
    const i = left.findIndex((r) => r.message.includes(n.text) && (n.line === undefined || r.range.startLine === n.line));
    if (i >= 0) left.splice(i, 1);
    return i >= 0;
  });
}

export interface FixtureReport {
  missing: Expectation[];
  unexpected: Finding[];
}

/** Exhaustive comparison: every expectation must be met and every finding expected. */
export function compareFixture(expectations: Expectation[], findings: Finding[]): FixtureReport {
  const unmatched = [...findings];
  const missing: Expectation[] = [];
  for (const e of expectations) {
    const i = unmatched.findIndex((f) => matches(e, f));
    if (i >= 0) unmatched.splice(i, 1);
    else missing.push(e);
  }
  return { missing, unexpected: unmatched };
}

export function describeFinding(f: Finding): string {
  const r = f.range;
  return `${r.startLine + 1}:${r.startColumn + 1}-${r.endLine + 1}:${r.endColumn + 1} ${f.severity}[${f.rule}] ${f.message}`;
}

/** The C and C++ sources (.cpp .h .c .hpp) under `dir`, recursively, sorted by path. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(cpp|h|c|hpp)$/.test(entry.name)) out.push(p);
  }
  return out.sort();
}
