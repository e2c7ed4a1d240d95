// A function-like macro that opens a block inside a function body (parse/block-opening-calls.ts): the grammar reads
// `NAME(args) { … }` there as a nested definition without a type; parseCpp reads the call as spaces, so the block is a
// plain block of the function, every position kept. Definitions that are real are left as they are.
import assert from 'node:assert/strict';
import test from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Parser from 'tree-sitter';
import Cpp from 'tree-sitter-cpp';
import { blankBlockOpeningCalls, blockNames, mayOpenBlocks } from '../../server/src/parse/block-opening-calls';
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

void test('the text pre-check never passes over a macro block the tree shows', () => {
  const raw = (text: string) => getRawMacroBlocks(text);
  const spellings = [
    'void f(int n) {\n  /* zone */ ZONE(Outer) { g(); }\n}\n',
    'void f(int n) {\n  switch (n) { case 1: EACH(i, n) { g(i); } }\n}\n',
    'void f(int n) {\n  int c = 0; EACH(i, h(n)) { c++; }\n}\n',
    'void f(int n) {\n  SCOPED([&] { g(); }) { g(); }\n}\n',
    'void f(int n) {\n#if A\n  EACH(i, n)\n#endif\n  {\n    g(i);\n  }\n}\n',
  ];
  const files = fixtureTexts();
  let seen = 0;
  for (const text of [...spellings, ...files]) {
    if (raw(text) === 0) continue;
    seen++;
    assert.ok(mayOpenBlocks(text), text.slice(0, 200));
  }
  assert.ok(seen >= 3, `only ${seen} texts with a macro block`);
  for (const text of spellings) assert.ok(mayOpenBlocks(text), text);
  assert.equal(mayOpenBlocks('void f(int n) {\n  if (n) { g(); }\n  for (int i = 0; i < n; i++) { g(); }\n  g(n);\n}\n'), false);
});

void test('the tree is asked at the names that may open a block: the same blocks as a search of the whole tree', () => {
  const spellings = [
    'void f(int n) {\n  if SUCCEEDED(g(&n))\n  {\n    g(n);\n  }\n}\n',
    'void f(int n) {\n  ZONE /* outer */ (Outer)\n  {\n    EACH(i, n) { g(i); }\n  }\n}\n',
    'void f(int n) {\n  int c = 0; EACH(i, h(n)) { c++; } EACH(j, n) { c--; }\n}\n',
    'void f(int n) {\n  LIST(a) LIST(b)\n  EACH(i, n) { g(i); }\n}\n',
    'class API_EXPORT Holder {\n public:\n  explicit Holder(int v) : v_(v) {}\n  constexpr Holder() : v_(0) { }\n  int v_;\n};\n',
    'void f(int n) {\n  SCOPED([&] { g(); }) { g(); }\n}\n',
  ];
  const files = fixtureTexts();
  const parser = new Parser();
  parser.setLanguage(Cpp as Parser.Language);
  let blanked = 0;
  for (const text of [...spellings, ...files]) {
    const tree = parser.parse(text, undefined, { bufferSize: 1 << 22 });
    const got = blankBlockOpeningCalls(tree, text);
    assert.equal(got, wholeTreeBlanking(tree, text), text.slice(0, 200));
    if (got !== undefined) blanked++;
  }
  assert.ok(blanked >= 5, `only ${blanked} texts blanked`);
  // Names inside strings, after `.` or `::`, and keywords are looked at or skipped; none is a block.
  assert.deepEqual(blockNames('if (a) { f(x) { } }').map(([s, e]) => 'if (a) { f(x) { } }'.slice(s, e)), ['f']);
});

/** The blanking as a search of the whole tree for nested definitions without a type gives it (the reference). */
function wholeTreeBlanking(tree: Parser.Tree, text: string): string | undefined {
  if (!mayOpenBlocks(text)) return undefined;
  const defs = tree.rootNode.descendantsOfType('function_definition').filter((d) => d.parent?.type === 'compound_statement' && !d.childForFieldName('type')
    && d.childForFieldName('declarator')?.type === 'function_declarator' && d.childForFieldName('declarator')?.childForFieldName('declarator')?.type === 'identifier'
    && d.childForFieldName('body')?.type === 'compound_statement');
  if (defs.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const def of defs) {
    const declarator = def.childForFieldName('declarator')!;
    if (declarator.startIndex < at) continue;
    out += text.slice(at, declarator.startIndex) + text.slice(declarator.startIndex, declarator.endIndex).replace(/[^\r\n]/g, ' ');
    at = declarator.endIndex;
  }
  return out + text.slice(at);
}

/** The texts of the C and C++ files of the fixtures and the examples. */
function fixtureTexts(): string[] {
  const root = path.resolve(__dirname, '..', '..', '..');
  return ['test/fixtures', 'examples'].flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(c|cpp|h)$/.test(f)).map((f) => fs.readFileSync(path.join(root, dir, f), 'utf8')));
}

/** The macro blocks the grammar shows (nested definitions without a type), parsed without the parser's rewrites. */
function getRawMacroBlocks(text: string): number {
  const parser = new Parser();
  parser.setLanguage(Cpp as Parser.Language);
  return parser.parse(text, undefined, { bufferSize: 1 << 22 }).rootNode.descendantsOfType('function_definition')
    .filter((d) => d.parent?.type === 'compound_statement' && !d.childForFieldName('type')).length;
}
