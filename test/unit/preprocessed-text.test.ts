// The text the grammar reads: `#if 0` blocks blanked (parse/disabled-blocks.ts) and braced C++20 designators given
// their `=` (parse/brace-designators.ts), a block-opening statement macro blanked (parse/block-opening-macros.ts), the
// directives of a conditional inside an if/else chain blanked (parse/chain-directives.ts), a conditional inside an
// expression read as its first branch (parse/expression-conditionals.ts), each keeping the text's length and its
// line breaks.
import assert from 'node:assert/strict';
import test from 'node:test';
import { equalsBeforeBracedDesignators } from '../../server/src/parse/brace-designators';
import { blankBlockOpeningMacros } from '../../server/src/parse/block-opening-macros';
import { blankChainDirectives } from '../../server/src/parse/chain-directives';
import { blankDisabledBlocks } from '../../server/src/parse/disabled-blocks';
import { blankExpressionConditionals } from '../../server/src/parse/expression-conditionals';

void test('#if 0 in a CRLF file is blanked, line breaks kept', () => {
  const text = 'void f()\r\n{\r\n#if 0\r\n    x = D3D12_RESOURCE_STATE_COMMON;\r\n#endif\r\n}\r\n';
  const out = blankDisabledBlocks(text);
  assert.equal(out.length, text.length);
  assert.doesNotMatch(out, /D3D12|#if|#endif/);
  assert.deepEqual(out.split('\n').map((l) => l.endsWith('\r')), text.split('\n').map((l) => l.endsWith('\r')));
});

void test('#if 00 or #if 0x0 is not taken for #if 0', () => {
  const text = '#if 00x\r\nint a;\r\n#endif\r\n';
  assert.equal(blankDisabledBlocks(text), text);
});

void test('a designator with its brace right after the name takes the blank after the brace', () => {
  const text = '    D3D12_RESOURCE_BARRIER b{\r\n        .Type = T,\r\n        .Transition{\r\n            .pResource = r,\r\n        },\r\n    };\r\n';
  const out = equalsBeforeBracedDesignators(text);
  assert.equal(out.length, text.length);
  assert.match(out, /\n        \.Transition=\r\n\{           \.pResource = r,/);
  assert.deepEqual(out.split('\n').map((l) => l.endsWith('\r')), text.split('\n').map((l) => l.endsWith('\r')));
  assert.equal(equalsBeforeBracedDesignators('X b{ .Type{ T } };'), 'X b{ .Type={T } };');
});

void test('a tight designator with no blank after its brace stays as written', () => {
  const text = 'X b{.Transition{.pResource = r}};';
  assert.equal(equalsBeforeBracedDesignators(text), text);
});

void test('a name alone before a block in statement position is blanked, CRLF kept', () => {
  const text = 'void f(void)\r\n{\r\n    m_scoped_temp\r\n    {\r\n        g();\r\n    }\r\n    ZONE {\r\n        g();\r\n    }\r\n}\r\n';
  const out = blankBlockOpeningMacros(text);
  assert.equal(out.length, text.length);
  assert.doesNotMatch(out, /m_scoped_temp|ZONE/);
  assert.deepEqual(out.split('\n').map((l) => l.endsWith('\r')), text.split('\n').map((l) => l.endsWith('\r')));
});

void test('keywords, names inside an initializer or a macro definition stay as written', () => {
  for (const text of [
    'namespace\n{\nint a;\n}\n',
    'void f()\n{\n    if (x) g();\n    else\n    {\n        h();\n    }\n}\n',
    'Outer o = {\n    1,\n    Inner\n    { 2 }\n};\n',
    '#define SCOPE \\\n    for (;;) \\\n    NAME \\\n    { x(); }\n',
    'void f()\n{\n    a = b\n    {\n    }\n}\n',
    'void f()\n{\n    Elem list[] = {\n        Elem{ 0, 0, 4 },\n    };\n    g();\n    Desc{\n        1, 2\n    };\n}\n',
  ]) assert.equal(blankBlockOpeningMacros(text), text, text);
});

void test('the directives of a conditional holding an else-if branch are blanked, CRLF kept', () => {
  const text = 'void f()\r\n{\r\n    if (a) { g(); }\r\n#if FAST // fast path\r\n    else if (b) { h(); }\r\n#else\r\n    else if (c) { k(); }\r\n#endif\r\n    else { m(); }\r\n}\r\n';
  const out = blankChainDirectives(text);
  assert.equal(out.length, text.length);
  assert.doesNotMatch(out, /#if|#else|#endif|FAST/);
  assert.match(out, /else if \(b\)[^]*else if \(c\)[^]*else \{ m\(\); \}/);
  assert.deepEqual(out.split('\n').map((l) => l.endsWith('\r')), text.split('\n').map((l) => l.endsWith('\r')));
});

void test('conditionals that split a statement, hold no else, or put a bare else before another half stay as written', () => {
  for (const text of [
    // Halves that open a block each: blanking would leave two opening braces.
    'void f()\n{\n    if (a) { g(); }\n#if A\n    else if (x) {\n#else\n    else if (y) {\n#endif\n        h();\n    }\n}\n',
    // No else after any directive: the grammar reads the group as statements already.
    'void f()\n{\n    if (a) { g(); }\n#ifdef B\n    h();\n#endif\n}\n',
    // `else { … }` followed by a second half is no C++ once blanked.
    'void f()\n{\n    if (a) { g(); }\n#if A\n    else { h(); }\n#else\n    else { k(); }\n#endif\n}\n',
    // A continued directive line would leave its second line behind.
    'void f()\n{\n    if (a) { g(); }\n#if defined(A) && \\\n    defined(B)\n    else if (b) { h(); }\n#endif\n}\n',
  ]) {
    assert.equal(blankChainDirectives(text), text, text);
  }
});

void test('a run of CRLF comment lines after a directive is read in one pass (no backtracking)', () => {
  // Each comment line once had two ways to match its `\r`: 60 lines took 2^60 steps.
  const text = `#ifdef A\r\n${'// note\r\n'.repeat(60)}int a;\r\n#endif\r\n`;
  assert.equal(blankChainDirectives(text), text);
});

void test('a conditional inside an expression keeps its first branch, CRLF kept', () => {
  const text = 'void f()\r\n{\r\n    m = Make(device\r\n#ifdef _DEBUG\r\n        , Level::Debug\r\n#else\r\n        , Level::Info\r\n#endif\r\n        );\r\n}\r\n';
  const out = blankExpressionConditionals(text);
  assert.equal(out.length, text.length);
  assert.doesNotMatch(out, /#|Info/);
  assert.match(out, /, Level::Debug/);
  assert.deepEqual(out.split('\n').map((l) => l.endsWith('\r')), text.split('\n').map((l) => l.endsWith('\r')));
  const mask = 'const unsigned m = A | B\n#if !CONSOLE\n    // newer hardware\n    | C\n#endif\n    ;\n';
  assert.equal(blankExpressionConditionals(mask), 'const unsigned m = A | B\n' + ' '.repeat(12) + '\n    // newer hardware\n    | C\n' + ' '.repeat(6) + '\n    ;\n');
  const list = 'const L levels[]\n{\n#if NEW\n    L_2,\n#endif\n    L_1,\n};\n';
  assert.doesNotMatch(blankExpressionConditionals(list), /#/);
});

void test('a conditional where a statement, a declaration or a block may stand stays as written', () => {
  for (const text of [
    'void f()\n{\n    g();\n#ifdef _DEBUG\n    h(a\n      , b);\n#endif\n}\n',
    'void f()\n{\n#if A\n    g(a,\n#else\n    g(b,\n#endif\n      c);\n}\n',
    'void f()\n{\n    run([&] {\n#ifdef X\n        g();\n#endif\n    });\n}\n',
    '#ifndef HEADER_H\n#define HEADER_H\nint a;\n#endif\n',
    'struct S {\n    int a;\n#if X\n    int b;\n#endif\n};\n',
    'const char* s = "(";\n#if X\nint b;\n#endif\n',
    'void f()\n{\n    g(a,\n#ifdef _GAMING_XBOX\n      X_STATE,\n#else\n      PC_STATE,\n#endif\n      b);\n}\n',
    'const U levels[] = {\n    L_1,\n#if _GXDK_VER >= 3\n    L_XBOX_24,\n#endif\n};\n',
  ]) assert.equal(blankExpressionConditionals(text), text, text);
});
