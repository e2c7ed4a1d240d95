// Every checkable catalog row is either claimed by a rule (meta.catalog) or listed as not checked statically with a
// reason — never both, never neither; rules claim only rows that exist. docs/rules.md renders the same table
// (rules-list.test.ts keeps it in sync).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CATALOG, isCheckable } from '../../server/src/model/catalog';
import { UNCHECKED_ROWS } from '../../server/src/model/catalog-unchecked';
import { catalogClaims } from '../../scripts/rules-list';

const ids = new Set(CATALOG.map((r) => r.id));

void test('the catalog has 160 rows, 134 of them checkable', () => {
  assert.equal(CATALOG.length, 160);
  assert.equal(ids.size, 160);
  assert.equal(CATALOG.filter(isCheckable).length, 134);
});

void test('rules claim only catalog rows that exist', () => {
  const unknown = [...catalogClaims()].filter(([row]) => !ids.has(row)).map(([row, by]) => `${row} (${by.join(', ')})`);
  assert.deepEqual(unknown, []);
});

void test('every checkable row is claimed by a rule or listed as not checked, not both', () => {
  const claims = catalogClaims();
  const neither = CATALOG.filter(isCheckable).filter((r) => !claims.has(r.id) && !UNCHECKED_ROWS[r.id]).map((r) => r.id);
  assert.deepEqual(neither, [], 'add the row to a rule\'s meta.catalog or to model/catalog-unchecked.ts with the reason');
  const both = Object.keys(UNCHECKED_ROWS).filter((id) => claims.has(id)).map((id) => `${id} (${claims.get(id)!.join(', ')})`);
  assert.deepEqual(both, [], 'a claimed row must not be listed as not checked');
  const stray = Object.keys(UNCHECKED_ROWS).filter((id) => !ids.has(id) || !isCheckable(CATALOG.find((r) => r.id === id)!));
  assert.deepEqual(stray, [], 'catalog-unchecked.ts lists a row that is not a checkable catalog row');
});
