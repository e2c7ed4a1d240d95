// The mirror's descendant index (extract/node.ts NodeDoc.indexedDescendants) answers exactly what a walk of the
// subtree answers: same nodes, same (document) order, for every node of every fixture and example, for single
// types, several types (repeated ones too) and types that do not occur; and before the mirror is finished, or for
// a body left out by focus, the walk answers.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { test } from 'node:test';
import type { SyntaxNode } from '../../server/src/extract/node';
import { NodeDoc } from '../../server/src/extract/node';
import { parseCpp } from '../../server/src/parse/parser';
import { sourceFiles } from '../harness/fixture';

const ROOT = path.resolve(__dirname, '../../..');

function sources(): string[] {
  return [...sourceFiles(path.join(ROOT, 'test', 'fixtures')), ...sourceFiles(path.join(ROOT, 'examples'))];
}

/** The subtree's nodes of the given types in pre-order, by a plain recursive walk (the reference). */
function walked(n: SyntaxNode, types: readonly string[]): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const visit = (c: SyntaxNode): void => {
    if (types.includes(c.type)) out.push(c);
    for (const k of c.children) visit(k);
  };
  for (const k of n.children) visit(k);
  return out;
}

function allNodes(root: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    stack.push(...n.children);
  }
  return out;
}

const QUESTIONS: (string | string[])[] = [
  'declaration', 'init_declarator', 'call_expression', 'identifier', 'no_such_type', ['assignment_expression', 'update_expression'],
  ['if_statement', 'switch_statement', 'assignment_expression', 'update_expression', 'init_declarator', 'pointer_expression', 'lambda_expression'],
  ['identifier', 'field_expression', 'identifier'], ['for_range_loop'], [],
];

void test('the descendant index answers what a walk of the subtree answers, on every fixture and example', () => {
  const files = sources();
  assert.ok(files.length > 50, `found ${files.length} sources`);
  let asked = 0;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const root = new NodeDoc(text).root(parseCpp(text));
    for (const n of allNodes(root)) {
      for (const q of QUESTIONS) {
        const types = typeof q === 'string' ? [q] : q;
        const got = n.descendantsOfType(q);
        const want = walked(n, types);
        const same = got.length === want.length && got.every((g, i) => g === want[i]);
        assert.ok(same, `${path.relative(ROOT, file)}: ${n.type}@${n.startIndex} ${types.join(',')}: ${got.length} vs ${want.length} nodes`);
        asked++;
      }
    }
  }
  assert.ok(asked > 10_000, `asked ${asked} questions`);
});

void test('the answers are fresh arrays: changing one does not change the next answer', () => {
  const text = 'void f() { int a = 1; int b = 2; }';
  const root = new NodeDoc(text).root(parseCpp(text));
  const first = root.descendantsOfType('init_declarator');
  first.length = 0;
  assert.equal(root.descendantsOfType('init_declarator').length, 2);
  const body = root.descendantsOfType('compound_statement')[0];
  const inner = body.descendantsOfType('init_declarator');
  inner.pop();
  assert.equal(body.descendantsOfType('init_declarator').length, 2);
});

void test('a body left out by focus, and nodes asked before the mirror is finished, are walked', () => {
  const text = 'void keep() { int a = 1; }\nvoid drop() { int b = 2; int c = 3; }\n';
  const doc = new NodeDoc(text);
  let seenBeforeFinish = -1;
  const root = doc.focusedRoot(parseCpp(text), (r, bodies) => {
    seenBeforeFinish = r.descendantsOfType('function_definition').length;
    return new Set(bodies.filter((b) => b.fn.text.startsWith('void keep')));
  });
  assert.equal(seenBeforeFinish, 2);
  assert.deepEqual(root.descendantsOfType('init_declarator').map((d) => d.text), ['a = 1']);
  const dropped = root.descendantsOfType('function_definition')[1];
  assert.equal(dropped.childForFieldName('body'), null);
  assert.equal(dropped.descendantsOfType('init_declarator').length, 0);
});
