// Annotated-fixture harness (clang-tidy / rust-analyzer style): expectations are comments under the code line
//   cl->Barrier(1, &group);
// //^^^^^^^^^^^^^^^^^^^^^^ error[INCOMPATIBLE_BARRIER_LAYOUT]: does not match expected layout
// The carets give the start column (and, with more than one caret on a one-line finding, the end); `ID` is a rule id or a debug-layer
// message name; the text after `:` must occur in the message. Several annotation lines may follow one code line.
// A file's first lines may carry `// barrierlint-config: {json}` to analyse it with a configuration.
import type { Finding } from '../../server/src/types';

export interface Expectation {
  line: number;
  column: number;
  endColumn: number;
  severity: string;
  id: string;
  text: string;
  source: string;
}

const ANNOTATION = /^(\s*)\/\/(\s*)(\^+)\s+(error|warning|info)\[([\w-]+)\](?::\s*(.*))?$/;

export function parseExpectations(text: string): Expectation[] {
  const lines = text.split('\n');
  const out: Expectation[] = [];
  let codeLine = -1;
  lines.forEach((raw, i) => {
    const m = ANNOTATION.exec(raw);
    if (!m) {
      codeLine = i;
      return;
    }
    const column = m[1].length + 2 + m[2].length;
    out.push({
      line: codeLine, column, endColumn: column + m[3].length, severity: m[4], id: m[5],
      text: (m[6] ?? '').trim(), source: `line ${i + 1}: ${raw.trim()}`,
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
  return !e.text || f.message.includes(e.text);
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
