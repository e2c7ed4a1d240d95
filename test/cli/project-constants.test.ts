// A constant the project defines under an enumerator-like name in a header of the run
// (`constexpr D3D12_RESOURCE_STATES D3D12_RESOURCE_STATE_UNKNOWN = (D3D12_RESOURCE_STATES)-1;`, simco50's
// D3D12_Research) is not a misspelt enumerator in the files that use it; a misspelt name nobody defines still is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
constexpr D3D12_RESOURCE_STATES D3D12_RESOURCE_STATE_UNKNOWN = (D3D12_RESOURCE_STATES)-1;
`;
const USER = `#include "DeviceResource.h"
void Resolve(ID3D12GraphicsCommandList* cl, ID3D12Resource* src, ID3D12Resource* dst) {
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = dst;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNKNOWN;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_RESOLVE_DEST;
    cl->ResourceBarrier(1, &b);
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_RESOLVE_DEST;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOUCE;
    cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };

void describe('project constants named like enumerators', () => {
  void it('a header of the run defines the name: no unknown-enumerator in the file that uses it (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/DeviceResource.h': HEADER, 'src/CommandContext.cpp': USER });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      const out = JSON.parse(run.stdout) as Out;
      const user = out.files.find((f) => f.path.endsWith('CommandContext.cpp'));
      assert.ok(user, run.stdout);
      // The misspelt PIXEL_SHADER_RESOUCE is still reported; the project's UNKNOWN is not.
      assert.deepEqual(user.diagnostics.map((d) => [d.rule, d.line]), [['unknown-enumerator', 10]]);
    }
  });

  void it('without the header in the run, the name is reported (the file alone cannot tell)', () => {
    const dir = tempTree({ 'src/CommandContext.cpp': USER });
    const run = runCli(['--format', 'json', 'src'], dir);
    const out = JSON.parse(run.stdout) as Out;
    assert.deepEqual(out.files[0].diagnostics.map((d) => [d.rule, d.line]), [['unknown-enumerator', 6], ['unknown-enumerator', 10]]);
  });
});
