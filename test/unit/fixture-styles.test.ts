// The two-style audit of the rules (test/harness/fixture-styles.ts): every rule has must-fire and must-stay-silent
// fixture functions in at least two code styles — d3dx12 helpers / raw structs, `list->` / C COM macros, or
// legacy / enhanced barriers — so a rule that holds in one style only is caught. A rule that cannot be written in
// a second style is listed in SINGLE_STYLE with the reason; the test also fails when a listed rule has gained it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { rules } from '../../server/src/rules';
import type { BarrierlintConfig } from '../../server/src/types';
import { fixtureConfig, sourceFiles } from '../harness/fixture';
import { ruleStyles, twoStyles, type StyleTags } from '../harness/fixture-styles';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

/** Diagnostics about the tool itself (parse problems, suppressions, budgets, spellings), not D3D12 code styles. */
const TOOL_RULES: ReadonlySet<string> = new Set([
  'parse-problem', 'unused-suppression', 'analysis-budget', 'unknown-enumerator', 'no-matching-overload',
]);

/** Rules whose must-fire (`fire`) or must-stay-silent (`silent`) cases exist in one style only, with the reason. */
const SINGLE_STYLE: Readonly<Record<string, { fire?: string; silent?: string }>> = {};

const files = sourceFiles(FIXTURES).map((file) => {
  const text = fs.readFileSync(file, 'utf8');
  const config = fixtureConfig(text) as Partial<BarrierlintConfig> | undefined;
  const base = path.basename(file).replace(/\.(cpp|c|h|hpp)$/, '');
  return { file, base, text, findings: analyze(text, file, { config }).findings };
});
const audited = rules.map((r) => r.meta.id).filter((id) => !TOOL_RULES.has(id));
const styles = ruleStyles(files, new Set(audited));

function show(set: StyleTags[]): string {
  const seen = new Set(set.map((t) => ['construction', 'call', 'model'].map((d) => [...t[d as keyof StyleTags]].sort().join('+') || '-').join('/')));
  return `${set.length} functions [${[...seen].sort().join(', ')}]`;
}

void test('every rule has must-fire and must-stay-silent fixtures in two code styles', () => {
  const problems: string[] = [];
  for (const id of audited) {
    const s = styles.get(id) ?? { fire: [], silent: [] };
    for (const kind of ['fire', 'silent'] as const) {
      const ok = twoStyles(s[kind]) !== null;
      const excused = SINGLE_STYLE[id]?.[kind];
      if (!ok && !excused) problems.push(`${id}: must-${kind === 'fire' ? 'fire' : 'stay-silent'} cases in one style only: ${show(s[kind])}`);
      if (ok && excused) problems.push(`${id}: listed in SINGLE_STYLE.${kind} but has two styles now (${twoStyles(s[kind])}); remove it`);
    }
  }
  assert.deepEqual(problems, [], problems.join('\n'));
});

void test('SINGLE_STYLE names only audited rules', () => {
  assert.deepEqual(Object.keys(SINGLE_STYLE).filter((id) => !audited.includes(id)), []);
});
