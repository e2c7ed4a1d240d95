// BARRIERLINT_TRACE_TIMES=1 (server/src/trace-times.ts): the command line writes where its time went to stderr —
// the passes, the files analysed again and why, the functions interpreted — and reports exactly what it reports
// without it. Off, it writes no trace line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

// util.cpp compares with an enumerator util.h declares: the import pass analyses it again with the value.
const HEADER = `#pragma once
class Util {
public:
    enum CopyType : int { kCopyTypeRead = 0, kCopyTypeWrite = 1 };
    void Record(ID3D12GraphicsCommandList* cl, ID3D12Resource* target, CopyType copy_type, UINT64 size, ID3D12Resource* staging);
};
`;
const UTIL = `#include "util.h"
void Util::Record(ID3D12GraphicsCommandList* cl, ID3D12Resource* target, CopyType copy_type, UINT64 size, ID3D12Resource* staging)
{
    if (copy_type == kCopyTypeRead)
        cl->CopyBufferRegion(staging, 0, target, 0, size);
    else
        cl->CopyBufferRegion(target, 0, staging, 0, size);
}
`;
// frame.cpp calls a helper barriers.cpp defines: the helper pass tracks it again with the helper known, and the
// helper's barrier, given the same state twice, is a finding of frame.cpp's call only then.
const BARRIERS = `#include <d3d12.h>
void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = res;
    b.Transition.StateBefore = before;
    b.Transition.StateAfter = after;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    cl->ResourceBarrier(1, &b);
}
`;
const FRAME = `#include <d3d12.h>
void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after);
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex)
{
    Transition(cl, tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_DEST);
}
`;

const TRACE = /^barrierlint-trace /;

function traced(stderr: string): string[] {
  return stderr.split('\n').filter((l) => TRACE.test(l));
}

void describe('BARRIERLINT_TRACE_TIMES', () => {
  const dir = tempTree({ 'src/util.h': HEADER, 'src/util.cpp': UTIL, 'src/barriers.cpp': BARRIERS, 'src/frame.cpp': FRAME });

  void it('on: a line per pass, per file analysed again and per function interpreted; the report is the same as off', () => {
    const off = runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], dir);
    const on = runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], dir, { BARRIERLINT_TRACE_TIMES: '1' });
    assert.equal(on.code, off.code);
    assert.equal(on.stdout, off.stdout);
    const lines = traced(on.stderr);
    const passes = lines.filter((l) => l.startsWith('barrierlint-trace pass ')).map((l) => l.split(' ')[2]);
    assert.deepEqual(passes, ['first', 'imports', 'helpers'], on.stderr);
    assert.ok(lines.some((l) => /^barrierlint-trace pass first [\d.]+ [\d.]+ 4$/.test(l)), on.stderr);
    assert.ok(lines.some((l) => /^barrierlint-trace imports [\d.]+ [\d.]+ enumerators file:\S+\/util\.cpp$/.test(l)), on.stderr);
    assert.ok(lines.some((l) => /^barrierlint-trace helpers [\d.]+ [\d.]+ changed names file:\S+\/frame\.cpp$/.test(l)), on.stderr);
    assert.ok(lines.some((l) => /^barrierlint-trace entry [\d.]+ [\d.]+ \d+ run file:\S+\/frame\.cpp:3 Frame$/.test(l)), on.stderr);
    assert.ok(lines.some((l) => /^barrierlint-trace entry [\d.]+ [\d.]+ \d+ file file:\S+\/barriers\.cpp:2 Transition$/.test(l)), on.stderr);
  });

  void it('off (unset, or any other value): no trace line', () => {
    for (const env of [{}, { BARRIERLINT_TRACE_TIMES: '0' }]) {
      const run = runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], dir, env);
      assert.deepEqual(traced(run.stderr), [], run.stderr);
    }
  });
});
