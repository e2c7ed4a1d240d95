// Quiet-call summaries (track/quiet-calls.ts) never change an answer: every fixture, every example and generated
// inputs give the same findings, sites and unresolved calls with summaries on and off; a quiet helper called from
// several call sites and several functions is replayed (so the comparison is not vacuous), and the work budget runs
// out where the evaluated calls would have run it out. A quiet helper handed a tracked resource still forgets it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { QUIET_SUMMARIES_ENV, quietStats } from '../../server/src/track/quiet-calls';
import { QuietFunctions } from '../../server/src/track/quiet';
import type { Event, FunctionFacts, Stmt } from '../../server/src/extract/facts';
import { answerWith, assertNeutralOnFixtures, assertNeutralOnGenerated } from '../harness/env-switch';

const URI = 'file:///quiet-calls.cpp';

function answer(text: string, on: boolean): string {
  return answerWith(QUIET_SUMMARIES_ENV, on, text, URI);
}

void test('summaries on and off give equal results on every fixture and example', () => {
  const before = quietStats.hits;
  assertNeutralOnFixtures(QUIET_SUMMARIES_ENV, URI);
  assert.ok(quietStats.hits > before, 'some fixture replays a quiet call');
});

void test('summaries on and off give equal results on generated call chains and loops', () => {
  // Generators 1 (deep loops) and 4 (call chains) by seed; the chains run into the work budget.
  assertNeutralOnGenerated(QUIET_SUMMARIES_ENV, [1, 8, 15, 4, 11, 18, 25], URI);
});

// `Log` is quiet (its only events are calls nobody defines). Its calls in Frame and Other meet the same inputs: all
// but the first are replayed. Frame's second barrier still meets RENDER_TARGET where it says COMMON (the replayed
// calls forget nothing: Log is handed no resource); in Lost, Log is handed `tex` itself and forgets it.
const CALLS = `
void Trace(const char* what);
void Log(const char* what, int level) {
  if (level > 2) Trace(what);
  else if (level > 5) Trace("deep");
  Trace(what);
}
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex) {
  Log("x", 3);
  auto b1 = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
  cl->ResourceBarrier(1, &b1);
  Log("x", 3);
  Log("x", 3);
  auto b2 = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
  cl->ResourceBarrier(1, &b2);
}
void Other(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex) {
  Log("x", 3);
  auto b1 = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ);
  cl->ResourceBarrier(1, &b1);
  Log("x", 3);
}
void Lost(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex) {
  auto b1 = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
  cl->ResourceBarrier(1, &b1);
  Log(reinterpret_cast<const char*>(tex), 3);
  Trace(reinterpret_cast<const char*>(tex));
  auto b2 = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
  cl->ResourceBarrier(1, &b2);
}
`;

void test('a quiet helper called at several sites is replayed, with the same findings', () => {
  const before = quietStats.hits;
  const on = answer(CALLS, true);
  assert.ok(quietStats.hits > before, 'a call of Log is replayed');
  assert.equal(on, answer(CALLS, false));
  const findings = (JSON.parse(on) as { findings: { rule: string; range: { startLine: number } }[] }).findings;
  // Must fire: Frame's second barrier (line 14, 0-based) says COMMON where tex is in RENDER_TARGET.
  assert.ok(findings.some((f) => f.range.startLine === 14), on);
  // Must stay silent: Lost's second barrier (line 28): tex was handed to Trace and is unknown there.
  assert.ok(!findings.some((f) => f.range.startLine === 28), on);
});

// The budget: a function calling a quiet helper with a large loop body many times stops at the same place.
void test('replayed calls spend the work budget as evaluated ones do', () => {
  const body = Array.from({ length: 60 }, (_, i) => `    if (n > ${i}) Trace(n);`).join('\n');
  const calls = Array.from({ length: 400 }, () => '  Heavy(n);').join('\n');
  const text = `void Trace(int);\nvoid Heavy(int n) {\n  for (int i = 0; i < n; i++) {\n${body}\n  }\n}\nvoid Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, int n) {\n${calls}\n  cl->Close();\n}\n`;
  const on = answer(text, true);
  assert.equal(on, answer(text, false));
  assert.match(on, /analysis-budget/);
});

const at = { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 };
const call = (callee: string): Stmt => ({ k: 'event', event: { kind: 'user-call', site: -1, range: at, callee, args: [] } as unknown as Event });
const fn = (name: string, body: Stmt[]): FunctionFacts =>
  ({ name, qualifiedName: name, params: [], range: at, body: { k: 'seq', body }, lambda: false, relevant: true, locals: [] }) as unknown as FunctionFacts;

void test('the height of a quiet helper: how deep its resolvable calls nest, Infinity on a cycle', () => {
  const leaf = fn('Leaf', [call('Log')]);
  const mid = fn('Mid', [call('Leaf'), call('Log')]);
  const top = fn('Top', [call('Mid'), call('Leaf')]);
  const a = fn('A', [call('B')]);
  const b = fn('B', [call('A')]);
  const q = new QuietFunctions([leaf, mid, top, a, b]);
  assert.deepEqual([q.height(leaf), q.height(mid), q.height(top)], [0, 1, 2]);
  assert.equal(q.height(a), Infinity);
});
