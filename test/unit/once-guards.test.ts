// Unit tests for the history and once-only marks of `if` statements (server/src/extract/once-guards.ts): a test of a
// member or global flag the function assigns is a history test, a local flag is not; a function's names are
// gathered once however many flags it tests (every test walked the whole body twice before, issue 13).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/analyze';
import { onceGuardStats } from '../../server/src/extract/once-guards';

const BARRIER = 'cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ));';

/** The marks of F's `if` statements, in source order: 'history', 'once' or '-'. */
function marks(body: string): string[] {
  const text = `struct R { bool m_ready; bool m_seen; bool m_other; unsigned m_runs; unsigned m_size; ID3D12Resource* tex; void F(ID3D12GraphicsCommandList* cl); };\n` +
    `void R::F(ID3D12GraphicsCommandList* cl) {\n${body}\n}\n`;
  const facts = analyze(text, 'once-guards.cpp').facts!;
  const fn = facts.functions.find((f) => f.name.endsWith('F'))!;
  const out: { line: number; mark: string }[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (x === null || typeof x !== 'object') return;
    const s = x as { k?: string; once?: boolean; history?: boolean; later?: string; range?: { startLine: number } };
    if (s.k === 'if' && s.range) out.push({ line: s.range.startLine, mark: s.once ? 'once' : s.history ? `history${s.later ? `:${s.later}` : ''}` : '-' });
    for (const v of Object.values(x)) visit(v);
  };
  visit(fn.body);
  return out.sort((a, b) => a.line - b.line).map((o) => o.mark);
}

void test('a member flag the function assigns is a history test; one it never assigns is not', () => {
  assert.deepEqual(marks([
    `  if (m_seen) { ${BARRIER} }`,
    `  if (m_other) { ${BARRIER} }`,
    '  m_seen = true;',
  ].join('\n')), ['history', '-']);
});

void test('a local flag of the same name is not a history test, nor is `|=` an assignment of the flag', () => {
  assert.deepEqual(marks([
    '  bool m_seen = false;',
    `  if (m_seen) { ${BARRIER} }`,
    `  if (m_other) { ${BARRIER} }`,
    '  m_seen = true;',
    '  m_other |= true;',
  ].join('\n')), ['-', '-']);
});

void test('a once-only block on a member, and the names of one body gathered once for all its tests', () => {
  const before = onceGuardStats.bodies;
  assert.deepEqual(marks([
    `  if (!m_ready) { ${BARRIER} m_ready = true; }`,
    `  if (m_seen) { ${BARRIER} }`,
    `  if (m_other) { ${BARRIER} }`,
    `  if (this->m_seen && m_other) { ${BARRIER} }`,
    '  m_seen = true;',
    '  this->m_other = false;',
  ].join('\n')), ['once', 'history', 'history', 'history']);
  assert.equal(onceGuardStats.bodies - before, 1);
});

void test('a count the function steps: the branch that runs only once it is not 0 is marked, a count it only reads is not a history test', () => {
  assert.deepEqual(marks([
    `  if (m_runs > 0) { ${BARRIER} }`,
    `  if (1 <= m_runs && m_seen) { ${BARRIER} }`,
    `  if (m_runs == 0) { ${BARRIER} } else { ${BARRIER} }`,
    `  if (m_runs != 2) { ${BARRIER} }`, // the else branch: the count is 2
    `  if (m_runs < 1 || m_seen) { ${BARRIER} }`,
    `  if (m_size > 0) { ${BARRIER} }`,
    '  m_runs += 1;',
  ].join('\n')), ['history:then', 'history:then', 'history:else', 'history:else', '-', '-']);
});
