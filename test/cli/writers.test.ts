// Output writers on synthetic findings (every field populated): text with notes, the exact JSON and facts
// shapes of contracts.md, and SARIF validated against the official 2.1.0 schema.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { AnalysisResult } from '../../server/src/analyze';
import { renderFacts, renderJson } from '../../server/src/report/json';
import type { ReportInput } from '../../server/src/report/output-model';
import { FINGERPRINT_KEY, renderSarif } from '../../server/src/report/sarif';
import { renderText } from '../../server/src/report/text';
import type { Finding } from '../../server/src/types';
import { sarifSchemaErrors } from './sarif-schema';

// NOTE: parsed SARIF is walked freely in assertions; the schema test above each walk checks its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const CWD = path.resolve('/work/project');
const URI = pathToFileURL(path.join(CWD, 'src/frame.cpp')).href;
const MESSAGE = "D3D12 ERROR: ID3D12CommandList::Barrier: Barrier layout(D3D12_BARRIER_LAYOUT_RENDER_TARGET), pResource = 'tex', does not match expected layout (D3D12_BARRIER_LAYOUT_SHADER_RESOURCE). [ STATE_SETTING ERROR #1334: INCOMPATIBLE_BARRIER_LAYOUT]";
const at = (line: number, column: number, endColumn = column + 10) => ({ startLine: line - 1, startColumn: column - 1, endLine: line - 1, endColumn: endColumn - 1 });

const finding: Finding = {
  rule: 'layout-before-mismatch', messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334, category: 'STATE_SETTING',
  severity: 'error', messageKey: 'mismatch', data: {}, message: MESSAGE, uri: URI, range: at(42, 5, 31),
  related: [{ uri: URI, range: at(37, 5), message: "'tex' entered D3D12_BARRIER_LAYOUT_SHADER_RESOURCE here" }],
  path: [
    { uri: URI, range: at(30, 3), message: "'tex' created in D3D12_BARRIER_LAYOUT_COMMON" },
    { uri: URI, range: at(37, 5), message: "'tex' entered D3D12_BARRIER_LAYOUT_SHADER_RESOURCE here" },
  ],
  fixes: [{ title: 'Set LayoutBefore to SHADER_RESOURCE', edits: [{ range: at(42, 20, 50), newText: 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE' }] }],
  resource: 'tex', fingerprintText: 'layout-before RENDER_TARGET tex',
};
const warning: Finding = {
  ...finding, rule: 'zero-count', messageId: null, messageNumber: null, category: null, severity: 'warning',
  message: 'Barrier group has NumBarriers = 0.', range: at(12, 3), related: [], path: undefined, fixes: [],
};
const result: AnalysisResult = {
  uri: URI, findings: [finding, warning], parseErrors: 1, complete: true,
  sites: [{ kind: 'texture-barrier', line: 36, column: 14, endLine: 38, endColumn: 9, resource: 'm_albedo.Get()',
    fields: { SyncBefore: 'D3D12_BARRIER_SYNC_RENDER_TARGET', LayoutAfter: null } }],
};
const input: ReportInput = { platform: 'pc', files: [{ path: 'src/frame.cpp', result }], pathOf: () => 'src/frame.cpp' };

void describe('output writers', () => {
  void it('text: compiler-style location, severity, message, then note lines; sorted by position', () => {
    assert.equal(renderText(input, { color: false }), [
      'src/frame.cpp:12:3: warning: Barrier group has NumBarriers = 0.',
      `src/frame.cpp:42:5: error: ${MESSAGE}`,
      "  src/frame.cpp:37:5: note: 'tex' entered D3D12_BARRIER_LAYOUT_SHADER_RESOURCE here",
      '',
    ].join('\n'));
    const colored = renderText(input, { color: true });
    assert.match(colored, /\u001b\[31m\u001b\[1merror:\u001b\[0m/);
  });

  void it('json: exactly the contracts.md shape with 1-based lines and columns', () => {
    const doc = JSON.parse(renderJson(input)) as { files: { diagnostics: unknown[] }[] };
    assert.deepEqual(Object.keys(doc), ['tool', 'version', 'platform', 'files']);
    assert.deepEqual(doc.files[0].diagnostics[1], {
      rule: 'layout-before-mismatch', messageId: 'INCOMPATIBLE_BARRIER_LAYOUT', messageNumber: 1334,
      category: 'STATE_SETTING', severity: 'error', message: MESSAGE,
      line: 42, column: 5, endLine: 42, endColumn: 31,
      related: [{ path: 'src/frame.cpp', line: 37, column: 5, message: "'tex' entered D3D12_BARRIER_LAYOUT_SHADER_RESOURCE here" }],
      fixes: [{ title: 'Set LayoutBefore to SHADER_RESOURCE',
        edits: [{ line: 42, column: 20, endLine: 42, endColumn: 50, newText: 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE' }] }],
    });
  });

  void it('facts: files with parseErrors and the extracted sites', () => {
    assert.deepEqual(JSON.parse(renderFacts(input)), {
      files: [{ path: 'src/frame.cpp', parseErrors: 1, sites: result.sites }],
    });
  });

  void it('sarif: valid against the SARIF 2.1.0 schema, with locations, related locations, codeFlows, fingerprints', () => {
    const text = renderSarif(input, { cwd: CWD, failures: [{ path: 'src/bad.cpp', message: 'binary file' }], shard: { index: 2, count: 3 } });
    const doc = JSON.parse(text) as { runs: Json[] };
    assert.deepEqual(sarifSchemaErrors(doc), []);
    const run = doc.runs[0];
    assert.equal(run.columnKind, 'utf16CodeUnits');
    assert.equal(run.originalUriBaseIds.SRCROOT.uri, `${pathToFileURL(CWD).href}/`);
    assert.equal(run.automationDetails.id, 'barrierlint/shard-2-of-3/');
    assert.equal(run.invocations[0].executionSuccessful, false);
    const error = run.results[1];
    assert.equal(error.ruleId, 'layout-before-mismatch');
    assert.equal(error.level, 'error');
    assert.deepEqual(error.locations[0].physicalLocation, {
      artifactLocation: { uri: 'src/frame.cpp', uriBaseId: 'SRCROOT' },
      region: { startLine: 42, startColumn: 5, endLine: 42, endColumn: 31 },
    });
    assert.equal(error.relatedLocations[0].physicalLocation.region.startLine, 37);
    assert.equal(error.codeFlows[0].threadFlows[0].locations.length, 2);
    assert.match(error.partialFingerprints[FINGERPRINT_KEY], /^[0-9a-f]{32}:1$/);
    assert.equal(run.results[0].level, 'warning');
  });

  void it('sarif: fingerprints ignore line moves and whitespace; identical findings are numbered', () => {
    const moved: Finding = { ...finding, range: at(90, 9, 35), fingerprintText: 'layout-before   RENDER_TARGET\n tex' };
    const twice: ReportInput = { ...input, files: [{ path: 'src/frame.cpp', result: { ...result, findings: [finding, moved] } }] };
    const doc = JSON.parse(renderSarif(twice, { cwd: CWD, failures: [] })) as { runs: Json[] };
    const [first, second] = doc.runs[0].results.map((r: Json) => r.partialFingerprints[FINGERPRINT_KEY] as string);
    assert.equal(first.split(':')[0], second.split(':')[0]);
    assert.deepEqual([first.split(':')[1], second.split(':')[1]], ['1', '2']);
  });

  void it('sarif: files outside the current directory get absolute URIs; the empty run is valid too', () => {
    const outside = pathToFileURL('/elsewhere/x y.cpp').href;
    const doc = JSON.parse(renderSarif({ ...input, files: [{ path: '/elsewhere/x y.cpp',
      result: { ...result, findings: [{ ...warning, uri: outside }] } }] }, { cwd: CWD, failures: [] })) as { runs: Json[] };
    assert.deepEqual(sarifSchemaErrors(doc), []);
    assert.deepEqual(doc.runs[0].results[0].locations[0].physicalLocation.artifactLocation, { uri: outside });
    const empty = JSON.parse(renderSarif({ ...input, files: [] }, { cwd: CWD, failures: [] })) as unknown;
    assert.deepEqual(sarifSchemaErrors(empty), []);
  });
});
