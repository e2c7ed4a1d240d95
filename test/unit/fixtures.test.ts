// Runs every annotated fixture under test/fixtures (rules/, extraction/, track/, ...) through analyze() and
// compares findings exhaustively with the annotations.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/analyze';
import type { BarrierlintConfig } from '../../server/src/types';
import { compareFixture, describeFinding, fixtureConfig, parseExpectations, sourceFiles } from '../harness/fixture';

export const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

// The directories of runs/ are linted as whole runs (test/cli/fixture-runs.test.ts).
const RUNS = path.join(FIXTURES, 'runs') + path.sep;

for (const file of sourceFiles(FIXTURES).filter((f) => !f.startsWith(RUNS))) {
  void test(`fixture ${path.relative(FIXTURES, file)}`, () => {
    const text = fs.readFileSync(file, 'utf8');
    const config = fixtureConfig(text) as Partial<BarrierlintConfig> | undefined;
    const result = analyze(text, file, { config });
    const { missing, unexpected } = compareFixture(parseExpectations(text), result.findings);
    const problems = [
      ...missing.map((e) => `missing ${e.severity}[${e.id}] at ${e.line + 1}:${e.column + 1} (${e.source})`),
      ...unexpected.map((f) => `unexpected ${describeFinding(f)}`),
    ];
    assert.deepEqual(problems, [], problems.join('\n'));
  });
}
