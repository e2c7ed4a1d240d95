// Annotated fixtures of one run: each directory under test/fixtures/runs is linted as a whole by the CLI (its
// cross-file pass), and every file's findings are compared exhaustively with its annotations, as the one-file
// fixtures are (test/unit/fixtures.test.ts, which leaves these directories to this test: their findings need the
// other files of the run).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import type { Finding } from '../../server/src/types';
import { compareFixture, describeFinding, parseExpectations } from '../harness/fixture';
import { runCli } from './helpers';

const RUNS = path.resolve(__dirname, '../../../test/fixtures/runs');

interface JsonDiagnostic {
  rule: string; messageId: string | null; severity: Finding['severity']; message: string;
  line: number; column: number; endLine: number; endColumn: number;
  related: { path: string; line: number; column: number; message: string }[];
}

/** A JSON diagnostic as the fixture comparison reads a finding (0-based positions). */
function asFinding(d: JsonDiagnostic): Finding {
  const at = (line: number, column: number) => ({ startLine: line - 1, startColumn: column - 1, endLine: line - 1, endColumn: column - 1 });
  return {
    rule: d.rule, messageId: d.messageId ?? undefined, severity: d.severity, message: d.message,
    range: { startLine: d.line - 1, startColumn: d.column - 1, endLine: d.endLine - 1, endColumn: d.endColumn - 1 },
    related: d.related.map((r) => ({ uri: r.path, range: at(r.line, r.column), message: r.message })),
  } as unknown as Finding;
}

for (const run of fs.existsSync(RUNS) ? fs.readdirSync(RUNS).sort() : []) {
  void test(`fixture run ${run}`, () => {
    const dir = path.join(RUNS, run);
    const out = runCli(['--format', 'json', '--jobs', '1', '--no-cache', '.'], dir);
    const report = JSON.parse(out.stdout) as { files: { path: string; diagnostics: JsonDiagnostic[] }[] };
    const problems: string[] = [];
    for (const f of report.files) {
      const text = fs.readFileSync(path.join(dir, f.path), 'utf8');
      const { missing, unexpected } = compareFixture(parseExpectations(text), f.diagnostics.map(asFinding));
      problems.push(
        ...missing.map((e) => `${f.path}: missing ${e.severity}[${e.id}] at ${e.line + 1}:${e.column + 1} (${e.source})`),
        ...unexpected.map((x) => `${f.path}: unexpected ${describeFinding(x)}`),
      );
    }
    assert.ok(report.files.length > 1, `${run}: a run fixture holds several files`);
    // A step of the cross-file pass that throws keeps the file's first-pass findings: the annotations alone may not see it.
    assert.doesNotMatch(out.stderr, /internal error/, `${run}: ${out.stderr}`);
    assert.deepEqual(problems, [], problems.join('\n'));
  });
}
