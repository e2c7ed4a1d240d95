// A class's list member created in one file of the run (`Device::Init` in device.cpp makes `m_copy` a COPY list) and
// recorded on by a method of the same class in another file (`Device::Upload` in upload.cpp, directly or through the
// class's one-return getter in the header): the other file's barrier is on a COPY list, so a state the copy queue
// cannot use is reported. Another class's member of the same name, and a member the class creates with two types,
// name no list type (must stay silent).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
using Microsoft::WRL::ComPtr;
class Device {
public:
    void Init(ID3D12Device* device);
    ID3D12GraphicsCommandList* GetCopyList() const { return m_copy.Get(); }
    void Upload(ID3D12Resource* buffer);
    void UploadThroughGetter(ID3D12Resource* buffer);
private:
    ComPtr<ID3D12CommandAllocator> m_alloc;
    ComPtr<ID3D12GraphicsCommandList> m_copy;
};
class Streamer {
public:
    void Stream(ID3D12Resource* buffer);
private:
    ComPtr<ID3D12GraphicsCommandList> m_copy;
};
`;

const INIT = `#include "device.h"
void Device::Init(ID3D12Device* device)
{
    device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, m_alloc.Get(), nullptr, IID_PPV_ARGS(m_copy.GetAddressOf()));
}
`;

const REINIT = `#include "device.h"
void Device::Init(ID3D12Device* device)
{
    device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COPY, m_alloc.Get(), nullptr, IID_PPV_ARGS(m_copy.GetAddressOf()));
}
void Device::Recreate(ID3D12Device* device)
{
    device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, m_alloc.Get(), nullptr, IID_PPV_ARGS(m_copy.GetAddressOf()));
}
`;

const UPLOAD = `#include "device.h"
void Device::Upload(ID3D12Resource* buffer)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(buffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER);
    m_copy->ResourceBarrier(1, &b);
}
void Device::UploadThroughGetter(ID3D12Resource* buffer)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(buffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_INDEX_BUFFER);
    GetCopyList()->ResourceBarrier(1, &b);
}
void Streamer::Stream(ID3D12Resource* buffer)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(buffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER);
    m_copy->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  const upload = out.files.find((f) => f.path.endsWith('upload.cpp'));
  return (upload?.diagnostics ?? []).filter((d) => d.rule !== 'parse-problem').map((d) => `${d.rule}:${d.line}`);
}

void describe("a class's list member created in another file of the run", () => {
  void it('Device::Init makes m_copy a COPY list: Device::Upload and the getter are checked, Streamer::Stream is not (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/device.h': HEADER, 'src/device.cpp': INIT, 'src/upload.cpp': UPLOAD });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['legacy-state-list-type-incompatible:4', 'legacy-state-list-type-incompatible:9'], run.stdout);
    }
  });

  void it('a member the class creates with two types has no list type: silent', () => {
    const dir = tempTree({ 'src/device.h': HEADER.replace('void Init(ID3D12Device* device);', 'void Init(ID3D12Device* device);\n    void Recreate(ID3D12Device* device);'), 'src/device.cpp': REINIT, 'src/upload.cpp': UPLOAD });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });

  void it('without the creating file the member has no type: silent', () => {
    const dir = tempTree({ 'src/device.h': HEADER, 'src/upload.cpp': UPLOAD });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
