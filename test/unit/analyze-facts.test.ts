// analyzeFacts() (the cross-file pass re-tracks a file from the facts its first analysis kept) must answer exactly
// what analyze() answers for the same text and options: the facts are only read by tracking and rules, so using
// them twice, or after they were copied between threads, changes nothing. Checked over every fixture, with a
// workspace index of all fixtures' helpers (as a multi-file run builds it).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { type AnalysisResult, analyze, analyzeFacts } from '../../server/src/analyze';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import type { BarrierlintConfig } from '../../server/src/types';
import { fixtureConfig, sourceFiles } from '../harness/fixture';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

/** What a surface reports (facts are the extractor's model, compared through the answers derived from them). */
function answers(r: AnalysisResult): unknown {
  return JSON.parse(JSON.stringify({ ...r, facts: undefined })) as unknown;
}

void test('analyzeFacts on kept (and cloned) facts equals a full analyze, with and without a workspace', () => {
  const inputs = sourceFiles(FIXTURES).map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const uri = `file://${file}`;
    const config = fixtureConfig(text) as Partial<BarrierlintConfig> | undefined;
    return { text, uri, config, first: analyze(text, uri, { config, complete: true }) };
  });
  const workspace = new WorkspaceIndex();
  for (const i of inputs) if (i.first.helpers?.length) workspace.set(i.uri, { functions: i.first.helpers });
  let checked = 0;
  for (const { text, uri, config, first } of inputs) {
    assert.ok(first.facts);
    const cloned = structuredClone(first.facts);
    assert.deepEqual(answers(analyzeFacts(first.facts, text, uri, { config })), answers(first), uri);
    const full = answers(analyze(text, uri, { config, workspace, complete: true }));
    assert.deepEqual(answers(analyzeFacts(first.facts, text, uri, { config, workspace })), full, uri);
    assert.deepEqual(answers(analyzeFacts(cloned, text, uri, { config, workspace })), full, uri);
    checked++;
  }
  assert.ok(checked > 50);
});
