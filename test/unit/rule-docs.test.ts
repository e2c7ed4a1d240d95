// Every rule has: a doc beside it whose "Incorrect" examples fire the rule and whose "Correct" examples don't,
// and a fixture under test/fixtures/rules/<id>.cpp that expects it at least once (ESLint's docs discipline).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { rules } from '../../server/src/rules/index';
import type { BarrierlintConfig, Platform } from '../../server/src/types';
import { parseExpectations } from '../harness/fixture';

const RULES_DIR = path.resolve(__dirname, '../../../server/src/rules');
const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/rules');

function codeBlocks(markdown: string, heading: string): string[] {
  const start = markdown.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
  if (start < 0) return [];
  const rest = markdown.slice(start).split('\n').slice(1).join('\n');
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...section.matchAll(/```cpp\n([\s\S]*?)```/g)].map((m) => m[1]);
}

for (const rule of rules) {
  const id = rule.meta.id;
  const platform: Platform = rule.meta.platforms?.[0] ?? 'pc';
  void test(`rule ${id}: documented, examples behave`, () => {
    const docPath = path.join(RULES_DIR, `${id}.md`);
    assert.ok(fs.existsSync(path.join(RULES_DIR, `${id}.ts`)), `rule id ${id} must equal its file name`);
    assert.ok(fs.existsSync(docPath), `${id}.md is missing`);
    const doc = fs.readFileSync(docPath, 'utf8');
    // A doc may set more of the configuration its examples need: `<!-- barrierlint-config: {json} -->`.
    const extra = /<!-- barrierlint-config: (.*) -->/.exec(doc);
    const config: Partial<BarrierlintConfig> = { platform, ...(extra ? JSON.parse(extra[1]) as Partial<BarrierlintConfig> : {}) };
    const incorrect = codeBlocks(doc, 'Incorrect');
    const correct = codeBlocks(doc, 'Correct');
    if (rule.meta.id !== 'unused-suppression' && rule.meta.id !== 'parse-problem' && rule.meta.id !== 'analysis-budget') {
      assert.ok(incorrect.length > 0 && correct.length > 0, `${id}.md needs ## Incorrect and ## Correct cpp examples`);
    }
    for (const code of incorrect) {
      const fired = analyze(code, `${id}-incorrect.cpp`, { config }).findings.filter((f) => f.rule === id);
      assert.ok(fired.length > 0, `incorrect example of ${id} does not fire:\n${code}`);
    }
    for (const code of correct) {
      const fired = analyze(code, `${id}-correct.cpp`, { config }).findings.filter((f) => f.rule === id);
      assert.deepEqual(fired.map((f) => f.message), [], `correct example of ${id} fires`);
    }
  });
  void test(`rule ${id}: has a fixture that expects it`, () => {
    const fixture = path.join(FIXTURES, `${id}.cpp`);
    assert.ok(fs.existsSync(fixture), `test/fixtures/rules/${id}.cpp is missing`);
    const expectations = parseExpectations(fs.readFileSync(fixture, 'utf8'));
    assert.ok(expectations.some((e) => e.id === id || e.id === rule.meta.messageId), `fixture of ${id} never expects it`);
  });
}
