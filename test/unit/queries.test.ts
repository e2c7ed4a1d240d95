// Every query in grammar-queries/ compiles against the pinned tree-sitter-cpp grammar.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getQuery, listQueryNames } from '../../server/src/parse/parser';

void test('every grammar query compiles', () => {
  const names = listQueryNames();
  assert.ok(names.length >= 2, `found queries: ${names.join(', ')}`);
  for (const name of names) assert.ok(getQuery(name).matches !== undefined, `${name}.scm has no captures`);
});
