// Unit tests for previousBarrierCalls (server/src/run-rules.ts): which barrier calls directly follow another call
// of the same API on the same list, for the mergeable-barrier-calls advice.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/analyze';
import type { Event } from '../../server/src/extract/facts';
import { previousBarrierCalls } from '../../server/src/run-rules';
import { forEachEvent } from '../../server/src/extract/events';

/** 1-based line of each barrier call → line of the call it follows (absent: it follows none). */
function adjacency(body: string): Record<number, number> {
  const text = `void F(ID3D12GraphicsCommandList7* cl, ID3D12GraphicsCommandList7* other, bool c) {\n${body}\n}\n`;
  const facts = analyze(text, 'adjacency.cpp').facts!;
  const fn = facts.functions.find((f) => f.name === 'F')!;
  const prev = previousBarrierCalls(fn.body);
  const out: Record<number, number> = {};
  forEachEvent(fn.body, (e: Event) => {
    const p = prev.get(e);
    if (p) out[e.range.startLine + 1] = p.range.startLine + 1;
  });
  return out;
}

const T = (res: string): string =>
  `CD3DX12_RESOURCE_BARRIER::Transition(${res}, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE)`;

void test('consecutive calls on one list, declarations and blocks in between', () => {
  assert.deepEqual(adjacency([
    `    cl->ResourceBarrier(1, &${T('a')});`,
    `    auto b = ${T('b')};`,
    '    { cl->ResourceBarrier(1, &b); }',
    `    cl->ResourceBarrier(1, &${T('c')});`,
  ].join('\n')), { 4: 2, 5: 4 });
});

void test('commands, unknown calls, control flow, other lists and other APIs separate calls', () => {
  assert.deepEqual(adjacency([
    `    cl->ResourceBarrier(1, &${T('a')});`,
    '    cl->CopyResource(b, a);',
    `    cl->ResourceBarrier(1, &${T('b')});`,
    '    Helper(cl);',
    `    cl->ResourceBarrier(1, &${T('c')});`,
    '    if (c) {',
    `        cl->ResourceBarrier(1, &${T('d')});`,
    '    }',
    `    cl->ResourceBarrier(1, &${T('e')});`,
    `    other->ResourceBarrier(1, &${T('f')});`,
    '    CD3DX12_BUFFER_BARRIER bb(D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_COPY_SOURCE, g);',
    '    CD3DX12_BARRIER_GROUP grp(1, &bb);',
    '    other->Barrier(1, &grp);',
  ].join('\n')), {});
});
