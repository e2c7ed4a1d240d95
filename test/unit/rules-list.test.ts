// docs/rules.md is generated from the registry; it must be regenerated (`npm run rules-doc`) when rules change.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import { renderRulesList } from '../../scripts/rules-list';

void test('docs/rules.md lists every rule (run `npm run rules-doc` after adding one)', () => {
  const file = path.resolve(__dirname, '../../../docs/rules.md');
  assert.equal(fs.readFileSync(file, 'utf8'), renderRulesList());
});
