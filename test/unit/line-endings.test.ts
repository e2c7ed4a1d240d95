// Positions agree across line endings and surfaces: the same source with `\n`, `\r\n`, lone `\r` and a mix of all
// three (test/line-endings/) gives the same lines and UTF-16 columns in text, JSON and SARIF output and in the
// language server's published diagnostics — with non-ASCII, astral and tab characters before the findings.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { LineIndex, lineStartsOf, normalizeLoneCarriageReturns, splitLines } from '../../server/src/parse/positions';
import { type InProcessPair, startInProcess } from '../harness/lsp-client';
import { runCli } from '../cli/helpers';

const DIR = path.resolve(__dirname, '..', '..', '..', 'test', 'line-endings');
const VARIANTS = ['lf.cpp', 'crlf.cpp', 'cr-only.cpp', 'mixed.cpp'];

/** [line, column, endLine, endColumn], 1-based, columns in UTF-16 code units: hand-checked on lf.cpp. */
const EXPECTED: [number, number, number, number][] = [
  [7, 8, 7, 35], // SyncBefore NONE with AccessBefore COMMON: the `D3D12_BARRIER_ACCESS_COMMON` after "\t/*😀*/"
  [12, 53, 12, 70], // the id of the suppression naming no rule, after "  /* 日本 */\tcl->Close(); // …"
];

type Quad = [number, number, number, number];
const byPosition = (a: Quad, b: Quad): number => a[0] - b[0] || a[1] - b[1];

function jsonPositions(file: string): Quad[] {
  const run = runCli(['--format', 'json', file], DIR);
  assert.equal(run.code, 1, run.stderr);
  const report = JSON.parse(run.stdout) as { files: { diagnostics: { line: number; column: number; endLine: number; endColumn: number }[] }[] };
  return report.files[0].diagnostics.map((d): Quad => [d.line, d.column, d.endLine, d.endColumn]).sort(byPosition);
}

function textPositions(file: string): [number, number][] {
  const run = runCli(['--format', 'text', '--no-color', file], DIR);
  return [...run.stdout.matchAll(new RegExp(`^${file.replace('.', '\\.')}:(\\d+):(\\d+): (?:error|warning|info):`, 'gm'))]
    .map((m): [number, number] => [Number(m[1]), Number(m[2])])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function sarifPositions(file: string): Quad[] {
  const run = runCli(['--format', 'sarif', file], DIR);
  type Region = { startLine: number; startColumn: number; endLine: number; endColumn: number };
  const sarif = JSON.parse(run.stdout) as { runs: { results: { locations: { physicalLocation: { region: Region } }[] }[] }[] };
  return sarif.runs[0].results
    .map((r): Quad => {
      const g = r.locations[0].physicalLocation.region;
      return [g.startLine, g.startColumn, g.endLine, g.endColumn];
    })
    .sort(byPosition);
}

void describe('line endings: one positions module', () => {
  void it('\\r\\n, \\n and a lone \\r each end a line', () => {
    assert.deepEqual(lineStartsOf('a\nb\r\nc\rd'), [0, 2, 5, 7]);
    assert.deepEqual(splitLines('a\nb\r\nc\rd'), ['a', 'b', 'c', 'd']);
    const index = new LineIndex('ab\rcd\r\nef');
    assert.deepEqual(index.position(4), { line: 1, column: 1 });
    assert.equal(index.offsetAt(2, 1), 8);
    assert.equal(index.lineEnd(1), 5);
    assert.equal(normalizeLoneCarriageReturns('a\rb\r\nc'), 'a\nb\r\nc');
  });

  void it('the four fixtures are the same source', () => {
    const texts = VARIANTS.map((f) => splitLines(fs.readFileSync(path.join(DIR, f), 'utf8')));
    for (const t of texts) assert.deepEqual(t, texts[0]);
    assert.ok(fs.readFileSync(path.join(DIR, 'cr-only.cpp'), 'utf8').includes('\r') && !fs.readFileSync(path.join(DIR, 'cr-only.cpp'), 'utf8').includes('\n'));
  });

  for (const file of VARIANTS) {
    void it(`${file}: JSON, text and SARIF give the expected positions`, () => {
      assert.deepEqual(jsonPositions(file), EXPECTED);
      assert.deepEqual(textPositions(file), EXPECTED.map(([l, c]) => [l, c]));
      assert.deepEqual(sarifPositions(file), EXPECTED);
    });
  }
});

void describe('line endings: language server diagnostics', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(async () => pair.dispose());

  for (const file of VARIANTS) {
    void it(`${file}: published diagnostics at the same positions (0-based)`, async () => {
      const uri = pathToFileURL(path.join(DIR, `lsp-${file}`)).href;
      await pair.client.open(uri, fs.readFileSync(path.join(DIR, file), 'utf8'));
      const diagnostics = await pair.client.diagnostics(uri, (p) => p.diagnostics.length > 0, 20_000);
      const got = diagnostics
        .map((d): Quad => [d.range.start.line + 1, d.range.start.character + 1, d.range.end.line + 1, d.range.end.character + 1])
        .sort(byPosition);
      assert.deepEqual(got, EXPECTED);
    });
  }
});
