// End-to-end with a real barrier rule: SyncBefore NONE with AccessBefore COMMON is INCOMPATIBLE_BARRIER_VALUES
// (#1331, rule sync-none-access-mismatch). Text, JSON and SARIF output, exit status, suppression by rule id and
// by message name, and a baseline round trip on a real finding.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { SYNC_NONE_CPP, runCli, tempTree } from './helpers';
import { sarifSchemaErrors } from './sarif-schema';

const RULE = 'sync-none-access-mismatch';

interface Diagnostic {
  rule: string;
  messageId: string | null;
  messageNumber: number | null;
  category: string | null;
  severity: string;
  message: string;
  line: number;
  column: number;
}

function diagnostics(root: string, args: string[]): Diagnostic[] {
  const run = runCli(['--format', 'json', ...args], root);
  return (JSON.parse(run.stdout) as { files: { diagnostics: Diagnostic[] }[] }).files.flatMap((f) => f.diagnostics);
}

/** SYNC_NONE_CPP with `comment` appended to the line the finding is reported on. */
function withCommentOnFindingLine(root: string, comment: string): string {
  const [finding] = diagnostics(root, ['frame.cpp']);
  const lines = SYNC_NONE_CPP.split('\n');
  lines[finding.line - 1] += ` // ${comment}`;
  return lines.join('\n');
}

void describe('a real single-barrier error end to end', () => {
  void it('text and JSON: the debug-layer message, rule id, message id, exit 1', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    const text = runCli(['frame.cpp'], root);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^frame\.cpp:\d+:\d+: error: D3D12 ERROR: ID3D12CommandList::Barrier: .*\[ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES\]$/m);
    const [d] = diagnostics(root, ['frame.cpp']);
    assert.deepEqual([d.rule, d.messageId, d.messageNumber, d.category, d.severity], [RULE, 'INCOMPATIBLE_BARRIER_VALUES', 1331, 'STATE_SETTING', 'error']);
  });

  void it('SARIF with a real finding validates against the 2.1.0 schema and lists the rule', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    const run = runCli(['--format', 'sarif', 'frame.cpp'], root);
    assert.equal(run.code, 1);
    const doc = JSON.parse(run.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[] };
    assert.deepEqual(sarifSchemaErrors(doc), []);
    assert.ok(doc.runs[0].tool.driver.rules.some((r) => r.id === RULE));
    assert.ok(doc.runs[0].results.some((r) => r.ruleId === RULE));
  });

  void it('suppressed by rule id or by message name on its line; --rule and config levels apply', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    for (const id of [RULE, 'INCOMPATIBLE_BARRIER_VALUES']) {
      fs.writeFileSync(path.join(root, 'frame.cpp'), SYNC_NONE_CPP);
      fs.writeFileSync(path.join(root, 'frame.cpp'), withCommentOnFindingLine(root, `barrierlint-disable-line ${id} -- test`));
      const run = runCli(['frame.cpp'], root);
      assert.equal(run.code, 0, run.stdout);
      assert.equal(run.stdout, '');
    }
    fs.writeFileSync(path.join(root, 'frame.cpp'), SYNC_NONE_CPP);
    assert.equal(runCli(['--rule', `${RULE}=warning`, 'frame.cpp'], root).code, 0);
    fs.writeFileSync(path.join(root, 'barrierlint.jsonc'), '{ "rules": { "INCOMPATIBLE_BARRIER_VALUES": "off" } }');
    assert.deepEqual(diagnostics(root, ['frame.cpp']), []);
  });

  void it('baseline round trip on a real finding, surviving a line move', () => {
    const root = tempTree({ 'frame.cpp': SYNC_NONE_CPP });
    assert.equal(runCli(['--baseline', 'baseline.json', '--baseline-create', 'frame.cpp'], root).code, 0);
    fs.writeFileSync(path.join(root, 'frame.cpp'), `// moved\n\n${SYNC_NONE_CPP}`);
    const run = runCli(['--baseline', 'baseline.json', 'frame.cpp'], root);
    assert.equal(run.code, 0, run.stdout);
    assert.equal(run.stdout, '');
  });
});
