// A function-like macro that opens a block inside a function body (parse/block-opening-calls.ts): the grammar reads
// `NAME(args) { … }` there as a nested definition without a type; parseCpp reads the call as spaces, so the block is a
// plain block of the function, every position kept. Definitions that are real are left as they are.
import assert from 'node:assert/strict';
import test from 'node:test';
import { parseCpp } from '../../server/src/parse/parser';

function nestedDefinitions(text: string): string[] {
  return parseCpp(text).rootNode.descendantsOfType('function_definition')
    .filter((d) => d.parent?.type === 'compound_statement').map((d) => d.text.split('\n')[0].trim());
}

void test('a loop macro with names for arguments opens a plain block, lines and columns kept', () => {
  const text = 'void f(int n)\r\n{\r\n    int c = 0; // ü 🎉\r\n    EACH(i, n)\r\n    {\r\n        c++;\r\n    }\r\n}\r\n';
  const tree = parseCpp(text);
  assert.deepEqual(nestedDefinitions(text), []);
  const update = tree.rootNode.descendantsOfType('update_expression')[0];
  assert.equal(update.startPosition.row, 5);
  assert.equal(update.startPosition.column, 8);
  assert.equal(tree.rootNode.descendantsOfType('compound_statement').length, 2);
  assert.equal(tree.rootNode.hasError, false);
});

void test('macros nested in each other are both read as blocks', () => {
  const text = 'void f(int n)\n{\n    ZONE(Outer)\n    {\n        EACH(i, n) { g(i); }\n    }\n}\n';
  assert.deepEqual(nestedDefinitions(text), []);
  assert.equal(parseCpp(text).rootNode.descendantsOfType('compound_statement').length, 3);
});

void test('constructors in a class body and typed nested functions are definitions', () => {
  const ctor = 'class A\n{\n    A(Device* d)\n    {\n        init(d);\n    }\n};\n';
  const tree = parseCpp(ctor);
  assert.equal(tree.rootNode.descendantsOfType('function_definition').length, 1);
  assert.match(tree.rootNode.descendantsOfType('function_definition')[0].text, /^A\(Device\* d\)/);
  const gnu = 'void f(void)\n{\n    int inner(int x) { return x; }\n}\n';
  assert.deepEqual(nestedDefinitions(gnu), ['int inner(int x) { return x; }']);
});
