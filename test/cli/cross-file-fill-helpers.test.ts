// A barrier fill helper another file of the run defines (a shared header's `MakeResourceBarrier(D3D12_RESOURCE_BARRIER&
// out, type, res, before, after)`, switching on the type it is given), called from a .cpp on a zero-initialised
// barrier: the .cpp does not see the helper's body, and a struct passed by name to a function it cannot see was taken
// as a copy — the barrier stayed all zero, a TRANSITION with a NULL resource and equal states (two certain false
// errors per call in a JPEG encoder's compute path). The run's prototype of the helper says the parameter is a
// non-const reference (extract/out-param-prototypes.ts): the barrier is unknown after the call. Must fire: the same
// zero barrier handed to another file's helper that takes it by const reference (it cannot write it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HELPER_H = `#pragma once
#include <d3d12.h>
inline void MakeResourceBarrier(D3D12_RESOURCE_BARRIER &dest, D3D12_RESOURCE_BARRIER_TYPE type, ID3D12Resource *res,
    D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    dest.Type = type;
    dest.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    switch (type)
    {
    case D3D12_RESOURCE_BARRIER_TYPE_TRANSITION:
        dest.Transition.pResource = res;
        dest.Transition.StateBefore = before;
        dest.Transition.StateAfter = after;
        dest.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        break;
    case D3D12_RESOURCE_BARRIER_TYPE_UAV:
        dest.UAV.pResource = res;
        break;
    default:
        break;
    }
}
inline void LogBarrier(const D3D12_RESOURCE_BARRIER &b, const char *what)
{
    (void)b; (void)what;
}
`;

const source = (call: string) => `#include "helper.h"
void CopyToStaging(ID3D12GraphicsCommandList *cl, ID3D12Resource *res, ID3D12Resource *staging)
{
    D3D12_RESOURCE_BARRIER barrier{};
    ${call};
    cl->ResourceBarrier(1, &barrier);
    cl->CopyResource(staging, res);
}
`;

interface Out { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] }
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`)).sort();

void describe('a barrier fill helper another file of the run defines', () => {
  void it('makes the barrier it fills through a non-const reference unknown at the call', () => {
    const dir = tempTree({ 'src/helper.h': HELPER_H, 'src/demo.cpp': source('MakeResourceBarrier(barrier, D3D12_RESOURCE_BARRIER_TYPE_UAV, res, D3D12_RESOURCE_STATES(0), D3D12_RESOURCE_STATES(0))') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(found(run.stdout), [], run.stdout);
  });
  void it('leaves a barrier another file reads by const reference as it was', () => {
    const dir = tempTree({ 'src/helper.h': HELPER_H, 'src/demo.cpp': source('LogBarrier(barrier, "copy")') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(found(run.stdout), ['demo.cpp:4:resource-barrier-matching-states', 'demo.cpp:4:resource-barrier-null-resource'], run.stdout);
  });
});
