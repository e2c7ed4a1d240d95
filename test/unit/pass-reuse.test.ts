// A loop's silent final pass reused from its last fixpoint pass (track/pass-reuse.ts) never changes an answer: every
// fixture, every example and generated deep loops and call chains give the same findings, sites and unresolved calls
// with reuse on and off; on nested loops reuse does happen (so the comparison is not vacuous).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PASS_REUSE_ENV, passStats } from '../../server/src/track/pass-reuse';
import { answerWith, assertNeutralOnFixtures, assertNeutralOnGenerated } from '../harness/env-switch';

const URI = 'file:///reuse.cpp';

function answer(text: string, reuse: boolean): string {
  return answerWith(PASS_REUSE_ENV, reuse, text, URI);
}

void test('reuse on and off give equal results on every fixture and example', () => {
  assertNeutralOnFixtures(PASS_REUSE_ENV, URI);
});

void test('reuse on and off give equal results on generated deep loops and call chains', () => {
  // Generators 1 (deep loops) and 4 (call chains, which run into the work budget: a reused pass must spend it
  // exactly as a run one) by seed.
  assertNeutralOnGenerated(PASS_REUSE_ENV, [1, 8, 15, 22, 4, 11, 18, 25], URI);
});

// The inner loop runs in the outer loop's fixpoint passes (nothing is reported there): its final pass starts from
// the head its last fixpoint pass started from, and is reused. Its barrier meets SHADER_RESOURCE on the second
// iteration, where it expects COMMON.
const NESTED = `
void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, int n, int m) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++) {
      D3D12_TEXTURE_BARRIER t = CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COMMON,
        D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
      D3D12_BARRIER_GROUP g = CD3DX12_BARRIER_GROUP(1, &t);
      cl->Barrier(1, &g);
    }
  }
}
`;

void test('a nested loop reuses its last fixpoint pass, with the same findings', () => {
  const before = passStats.reused;
  const on = answer(NESTED, true);
  assert.ok(passStats.reused > before, 'the inner loop reuses a pass');
  assert.equal(on, answer(NESTED, false));
  assert.match(on, /layout-before-mismatch/);
});
