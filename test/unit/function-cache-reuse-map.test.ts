// Two reuses of one kept function (extract/function-cache.ts) are equal facts object for object, and an object of
// one maps to the other's (sameReuse, mapAcross): what a keystroke needs to read an earlier keystroke's answers about
// a helper in its own objects (issue 13, helper-call summaries kept across keystrokes). A changed helper, or a reuse
// whose site indices moved, does not map; nor does an object that is not of the facts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFacts } from '../../server/src/extract/extract';
import { functionCacheStats, mapAcross, sameReuse } from '../../server/src/extract/function-cache';
import type { FunctionFacts } from '../../server/src/extract/facts';
import { parseCpp } from '../../server/src/parse/parser';

const helper = (state: string) => `
void ToTarget(ID3D12GraphicsCommandList* list, ID3D12Resource* tex)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = tex;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_${state};
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    list->ResourceBarrier(1, &b);
}
`;
const caller = (extra: string) => `
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* color)
{
    ToTarget(cl, color);${extra}
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

function helperOf(text: string): FunctionFacts {
  const facts = extractFacts(parseCpp(text), text, undefined, undefined, {}, undefined, undefined, true);
  const fn = facts.functions.find((f) => f.name === 'ToTarget');
  assert.ok(fn, 'the helper is extracted');
  return fn;
}

void test('two reuses of a kept helper map object for object; a changed or moved helper does not', () => {
  const reused = functionCacheStats.reused;
  helperOf(helper('COMMON') + caller(''));
  // Typing on in the caller: the helper is reused at each keystroke.
  const first = helperOf(helper('COMMON') + caller(' '));
  const second = helperOf(helper('COMMON') + caller('  '));
  assert.ok(functionCacheStats.reused >= reused + 2, 'the helper is reused');
  assert.notEqual(first, second);
  assert.ok(sameReuse(first, second));
  const range = mapAcross(first.range, first, second);
  assert.ok(range, 'the helper range maps');
  assert.notEqual(range, first.range);
  assert.equal(range, second.range);
  assert.deepEqual(range, first.range);
  // Not an object of the first's facts.
  assert.equal(mapAcross({ ...first.range }, first, second), undefined);
  // A changed helper is another kept extraction.
  const changed = helperOf(helper('COPY_DEST') + caller(' '));
  assert.ok(!sameReuse(second, changed));
  assert.equal(mapAcross(second.range, second, changed), undefined);
  // A function before the helper that gains a barrier on its line: the helper's site indices move.
  const before = (body: string) => `void Before(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_BARRIER* bb) { ${body} }\n`;
  helperOf(before('') + helper('GENERIC_READ') + caller(''));
  const still = helperOf(before('') + helper('GENERIC_READ') + caller(' '));
  const moved = helperOf(before('cl->ResourceBarrier(1, bb);') + helper('GENERIC_READ') + caller(' '));
  assert.ok(functionCacheStats.reused >= reused + 4, 'the helper is reused');
  assert.ok(sameReuse(moved, moved) && sameReuse(still, still), 'both reused');
  assert.ok(!sameReuse(still, moved), 'site indices moved');
  assert.equal(mapAcross(still.range, still, moved), undefined);
  // A helper extracted (not reused) has no reuse to map.
  const fresh = helperOf(helper('UNORDERED_ACCESS') + caller(''));
  assert.ok(!sameReuse(fresh, fresh));
});
