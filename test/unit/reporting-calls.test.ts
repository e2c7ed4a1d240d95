// The reporting-call check (track/reporting-calls.ts) never changes an answer: every fixture and example gives the
// same findings, sites and unresolved calls with the check on and off. A helper the rules hear, called with the same
// inputs from two functions, is found repeated and compared equal (the comparison is not vacuous), and a helper
// called with another state is not compared with the first call.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { REPORTING_CHECK_ENV, reportingStats } from '../../server/src/track/reporting-calls';
import { answerWith, assertNeutralOnFixtures } from '../harness/env-switch';

const URI = 'file:///reporting-calls.cpp';

void test('the check on and off give equal results on every fixture and example', () => {
  const before = reportingStats.candidates;
  assertNeutralOnFixtures(REPORTING_CHECK_ENV, URI);
  assert.ok(reportingStats.candidates > before, 'some fixture calls a helper the rules hear');
});

// `Upload` reports (its second barrier names RENDER_TARGET where the first left PIXEL_SHADER_RESOURCE) and is called
// from BeginPass and EndPass with nothing tracked: the same inputs, so the second call is compared with the first.
// In Resolve it is called after a barrier of its own: another state, a call of its own.
const HELPER = `
struct Renderer {
  ID3D12GraphicsCommandList* m_cl;
  ID3D12Resource* m_tex;
  void Upload();
  void BeginPass();
  void EndPass();
  void Resolve();
};
void Renderer::Upload() {
  D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(m_tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
  m_cl->ResourceBarrier(1, &b);
  D3D12_RESOURCE_BARRIER c = CD3DX12_RESOURCE_BARRIER::Transition(m_tex, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
  m_cl->ResourceBarrier(1, &c);
}
void Renderer::BeginPass() {
  Upload();
}
void Renderer::EndPass() {
  Upload();
}
void Renderer::Resolve() {
  D3D12_RESOURCE_BARRIER r = CD3DX12_RESOURCE_BARRIER::Transition(m_tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
  m_cl->ResourceBarrier(1, &r);
  Upload();
}
`;

void test('a reporting helper called twice with the same inputs is compared equal, with the same findings', () => {
  const before = { ...reportingStats };
  const on = answerWith(REPORTING_CHECK_ENV, true, HELPER, URI);
  assert.equal(reportingStats.matched - before.matched, 1, 'EndPass\'s call meets BeginPass\'s inputs');
  assert.equal(reportingStats.equal - before.equal, 1);
  assert.equal(reportingStats.equalOtherRoot - before.equalOtherRoot, 1);
  assert.equal(reportingStats.differ - before.differ, 0);
  assert.equal(reportingStats.recorded - before.recorded, 2, 'BeginPass\'s call and Resolve\'s');
  assert.equal(on, answerWith(REPORTING_CHECK_ENV, false, HELPER, URI));
  assert.ok((JSON.parse(on) as { findings: unknown[] }).findings.length > 0, 'the helper reports');
});
