// A file that reported a warning or an error is analysed again knowing the methods other files of the run declare
// (without `const`: getters unknown after the call; not declared at all: a plain function), since that can take a
// finding back. A parse problem cannot be taken back (the parse is the same): a file whose only warning is one (a
// vendored SDK header) is not analysed again for them. Checked through BARRIERLINT_TRACE_TIMES's `imports` lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
class SwapChain
{
public:
    bool Advance();
    int Index() const;
};
`;

const FRAME = `#include <d3d12.h>
#include "swap.h"
void Frame(ID3D12GraphicsCommandList* cl, SwapChain* swap)
{
    swap->Advance();
    cl->Dispatch(1, 1, 1);
}
void Half(ID3D12GraphicsCommandList* cl, ID3D12Resource* r)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, D3D12_RESOURCE_STATE_COMMON, ) ++ ;
    cl->ResourceBarrier(1, &b);
}
`;

const MISMATCH = `
void Twice(ID3D12GraphicsCommandList* cl, ID3D12Resource* r)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
    cl->ResourceBarrier(1, &b);
}
`;

function run(frame: string): { rules: string[]; again: string[] } {
  const dir = tempTree({ 'src/swap.h': HEADER, 'src/frame.cpp': frame });
  const out = runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], dir, { BARRIERLINT_TRACE_TIMES: '1' });
  const json = JSON.parse(out.stdout) as { files: { diagnostics: { rule: string; severity: string }[] }[] };
  return {
    rules: json.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.rule)).sort(),
    again: out.stderr.split('\n').filter((l) => /^barrierlint-trace imports .*\/frame\.cpp$/.test(l)),
  };
}

void describe('analysed again for the run\'s method declarations', () => {
  void it('only a parse problem: not analysed again', () => {
    const { rules, again } = run(FRAME);
    assert.deepEqual(rules, ['parse-problem']);
    assert.deepEqual(again, []);
  });

  void it('a tracked finding beside it: analysed again, knowing Advance is not const', () => {
    const { rules, again } = run(FRAME + MISMATCH);
    assert.deepEqual(rules, ['legacy-state-mismatch', 'parse-problem']);
    assert.equal(again.length, 1);
    assert.match(again[0], / mutatingMethods /);
  });
});
