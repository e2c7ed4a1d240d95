// Published diagnostics written from their cached JSON (diagnostic-json.ts) are the JSON of the stamped diagnostics
// the objects stand for: every field, the version they are published for, other sources' diagnostics untouched;
// and a whole stdio message is the library's own message with those params.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';
import { analyze } from '../../server/src/analyze';
import { findingToDiagnostic } from '../../server/src/report/lsp-diagnostics';
import { diagnosticsJson, preEncodingEncoder, publishParams } from '../../server/src/lsp/diagnostic-json';
import { stamped } from '../../server/src/lsp/document-analysis';
import { EDITOR_FIXTURE } from '../harness/lsp-client';

describe('diagnostics written from cached JSON', () => {
  // Findings with related locations, and with fixes in their data (an unused suppression has one).
  const fixture = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'rules', 'unused-suppression.cpp');
  const diagnostics: Diagnostic[] = [
    ...analyze([readFileSync(EDITOR_FIXTURE, 'utf8'), readFileSync(fixture, 'utf8')].join('\n'), 'file:///editor.cpp').findings.map((f) => findingToDiagnostic(f)),
    { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'another tool', source: 'other' },
    { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, message: 'ours, no data', source: 'barrierlint' },
  ];

  it('equals the JSON of the stamped diagnostics, for every version they are published at', () => {
    assert.ok(diagnostics.some((d) => (d.data as { fixes?: unknown[] } | undefined)?.fixes?.length));
    for (const version of [1, 2, 37, 1]) {
      const parsed: unknown = JSON.parse(diagnosticsJson(diagnostics, version).toString('utf8'));
      assert.deepEqual(parsed, JSON.parse(JSON.stringify(diagnostics.map((d) => stamped(d, version)))));
    }
    assert.equal(diagnosticsJson([], 3).toString(), '[]');
  });

  it('writes a publishDiagnostics notification the client reads as the plain one', async () => {
    const stampedList = diagnostics.map((d) => stamped(d, 5));
    const params = publishParams('file:///a "b".cpp', 5, diagnostics, stampedList);
    const message = { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params };
    const bytes = await preEncodingEncoder.encode(message, { charset: 'utf-8' });
    assert.deepEqual(JSON.parse(Buffer.from(bytes).toString('utf8')), JSON.parse(JSON.stringify(message)));
    // Other messages are the library's JSON.
    const other = { jsonrpc: '2.0', id: 4, result: { contents: 'x' } };
    assert.equal(Buffer.from(await preEncodingEncoder.encode(other, { charset: 'utf-8' })).toString(), JSON.stringify(other));
  });
});
