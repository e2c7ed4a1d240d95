// A #define body that is one integer literal is folded without parsing a probe (extract/constants.ts
// INTEGER_LITERAL): the answer is the probe's. Every form the pattern accepts parses as that one number_literal
// without error (so fold would read parseNumber of the same text), the near misses are left to the probe, and every
// fixture and example answers alike with the shortcut on and off. Must fire: a macro literal naming the wrong state;
// silent: the right one; both alike with the shortcut off.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCpp } from '../../server/src/parse/parser';
import { NodeDoc } from '../../server/src/extract/node';
import { DEFINE_LITERALS_ENV, INTEGER_LITERAL } from '../../server/src/extract/constants';
import { analyze } from '../../server/src/analyze';
import { answerWith, assertNeutralOnFixtures, withSwitches } from '../harness/env-switch';

const DIGITS = ['0', '1', '00', '07', '0777', '010', '42', '4294967295', '18446744073709551615', '123456789012345678901',
  '0x0', '0x8B30', '0XFF', '0xabcdef', '0x1ffffffff', '0xFFFFFFFFFFFFFFFF'];
const SUFFIXES = (() => {
  const out = [''];
  for (const a of 'uUlL') {
    out.push(a);
    for (const b of 'uUlL') {
      out.push(a + b);
      for (const c of 'uUlL') out.push(a + b + c);
    }
  }
  return out;
})();

/** The value node of the probe defineConstant parses, and whether its tree has an error. */
function probe(text: string): { type?: string; text?: string; error: boolean } {
  const source = `auto __bl = ${text};`;
  const root = new NodeDoc(source).root(parseCpp(source));
  const value = root.descendantsOfType('init_declarator')[0]?.childForFieldName('value');
  return { type: value?.type, text: value?.text, error: root.hasError };
}

void test('every body the shortcut takes parses as that one number_literal without error', () => {
  let taken = 0;
  for (const d of DIGITS) {
    for (const s of SUFFIXES) {
      const text = d + s;
      if (!INTEGER_LITERAL.test(text)) continue;
      taken++;
      assert.deepEqual(probe(text), { type: 'number_literal', text, error: false }, text);
    }
  }
  assert.ok(taken > 300);
  // Left to the probe: an error (`09`), user-defined literals, separators, floats, parentheses, names.
  for (const text of ['09', '0uu', '1lL', "1'000", '1.0f', '0b101', '(1)', '-1', '0x', 'FOO', '1 + 2']) assert.ok(!INTEGER_LITERAL.test(text), text);
  assert.ok(probe('09').error);
  assert.equal(probe('0uu').type, 'user_defined_literal');
});

void test('the shortcut on and off give equal results on every fixture and example', () => {
  assertNeutralOnFixtures(DEFINE_LITERALS_ENV);
});

const FRAME = (before: string): string => `
#define MY_RT 0x4u
#define MY_SRV 0x80
#define MY_PRESENT 0
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, MY_PRESENT, MY_RT));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, ${before}, D3D12_RESOURCE_STATE_PRESENT));
}
`;

void test('a macro literal naming the wrong state fires, the right one is silent, alike with the shortcut off', () => {
  const rules = (text: string, on: boolean) => withSwitches(DEFINE_LITERALS_ENV, on, () => analyze(text, 'file:///define-literals.cpp', {}).findings.map((f) => f.rule));
  assert.deepEqual(rules(FRAME('MY_SRV'), true), ['legacy-state-mismatch']);
  assert.deepEqual(rules(FRAME('MY_RT'), true), []);
  for (const before of ['MY_SRV', 'MY_RT']) {
    assert.equal(answerWith(DEFINE_LITERALS_ENV, true, FRAME(before)), answerWith(DEFINE_LITERALS_ENV, false, FRAME(before)), before);
  }
});
