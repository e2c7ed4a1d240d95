// The application's Agility SDK export (`D3D12SDKVersion = 613`) is usually in the file with WinMain or the device
// set-up, not in the one that creates the staging buffers: a file that exports 1.606 or later answers the
// older-runtime warning of upload-readback-heap-state for the files of its directory tree (work-graph samples,
// xiaoyaoing's WorkGraphPlayground and TheSandvichMaker's retro-fps shapes), not for another sample's directory.
// Errors of the rule stay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const EXPORT = (version: string) => `#include <d3d12.h>
extern "C" { __declspec(dllexport) extern const UINT D3D12SDKVersion = ${version}; }
`;
const STAGING = `#include <d3d12.h>
#include "d3dx12.h"
void MakeStaging(ID3D12Device* device, ID3D12Resource** readback, ID3D12Resource** wrong) {
    auto heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_READBACK);
    auto desc = CD3DX12_RESOURCE_DESC::Buffer(256);
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr, IID_PPV_ARGS(readback));
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr, IID_PPV_ARGS(wrong));
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function stagingFindings(version: string, jobs: string): [string, number, string][] {
  const dir = tempTree({ 'src/Device.cpp': EXPORT(version), 'src/Staging.cpp': STAGING });
  const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
  const out = JSON.parse(run.stdout) as Out;
  const staging = out.files.find((f) => f.path.endsWith('Staging.cpp'));
  assert.ok(staging, run.stdout + run.stderr);
  return staging.diagnostics.filter((d) => d.rule === 'upload-readback-heap-state').map((d) => [d.rule, d.line, d.severity]);
}

void describe('Agility SDK export in another file of the run', () => {
  void it('1.613 exported elsewhere: no older-runtime warning; the state every runtime rejects stays an error (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) {
      assert.deepEqual(stagingFindings('613', jobs), [['upload-readback-heap-state', 7, 'error']]);
    }
  });

  void it('1.613 exported by another application of the repository (a sibling directory): the warning stays', () => {
    const dir = tempTree({ 'samples/GpuUpload/src/App.cpp': EXPORT('613'), 'samples/Meshlets/src/Staging.cpp': STAGING, 'samples/Meshlets/src/sub/More.cpp': STAGING });
    const out = JSON.parse(runCli(['--format', 'json', 'samples'], dir).stdout) as Out;
    const warnings = out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'warning').map(() => f.path.replace(/^.*samples\//, '')));
    assert.deepEqual(warnings, ['Meshlets/src/Staging.cpp', 'Meshlets/src/sub/More.cpp']);
  });

  void it('1.613 exported in a parent directory of the creating file: no warning', () => {
    const dir = tempTree({ 'app/Main.cpp': EXPORT('613'), 'app/gfx/d3d12/Staging.cpp': STAGING });
    const out = JSON.parse(runCli(['--format', 'json', 'app'], dir).stdout) as Out;
    assert.deepEqual(out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'warning')), []);
  });

  void it('1.711 exported elsewhere with an integer suffix (`711u`): no older-runtime warning', () => {
    assert.deepEqual(stagingFindings('711u', '1'), [['upload-readback-heap-state', 7, 'error']]);
  });

  void it('1.600 exported elsewhere: the warning stays', () => {
    assert.deepEqual(stagingFindings('600', '1'), [['upload-readback-heap-state', 6, 'warning'], ['upload-readback-heap-state', 7, 'error']]);
  });
});
