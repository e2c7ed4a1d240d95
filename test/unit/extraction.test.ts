// Extraction fixtures (test/fixtures/extraction/*.cpp): each construct form of issue 2 in a file of its own, the
// facts it must yield in `<name>.facts.json` beside it (see test/harness/extraction.ts for the format). The same
// fixtures also run through the rule fixture test, so they are written as correct code (no findings).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/analyze';
import type { FactsExpectation } from '../harness/extraction';
import { checkExtraction } from '../harness/extraction';

const DIR = path.resolve(__dirname, '../../../test/fixtures/extraction');

for (const file of fs.readdirSync(DIR).filter((f) => f.endsWith('.cpp')).sort()) {
  void test(`extraction fixture ${file}`, () => {
    const source = path.join(DIR, file);
    const factsFile = source.replace(/\.cpp$/, '.facts.json');
    assert.ok(fs.existsSync(factsFile), `${file} has no ${path.basename(factsFile)} beside it`);
    const expected = JSON.parse(fs.readFileSync(factsFile, 'utf8')) as FactsExpectation;
    const result = analyze(fs.readFileSync(source, 'utf8'), source);
    const problems = checkExtraction(result, expected);
    assert.deepEqual(problems, [], problems.join('\n'));
  });
}
