// A positional resource desc that names a member holding its nested struct whole: `{ dim, 0, w, h, 1, 1, fmt,
// info->sampling, layout, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS }` with `DXGI_SAMPLE_DESC sampling;` declared in
// a header of the run (the shape of a renderer's compute target). C++ elides braces only for an element that does
// not convert to the member, so `info->sampling` is all of SampleDesc and the flags are the last element. The .cpp
// did not know the member's type and read it as SampleDesc.Count, shifting Layout and Flags by one: the target was
// "created without ALLOW_UNORDERED_ACCESS" (a false #523 error on its UAV barrier). The header's member type is now
// given to the file. Must fire: the same desc with SampleDesc elided into two scalars and no flags element.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const INFO_H = `#pragma once
#include <d3d12.h>
struct SurfaceInfo
{
    D3D12_RESOURCE_DIMENSION dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    UINT64 width = 0;
    UINT height = 1;
    DXGI_FORMAT format = DXGI_FORMAT_UNKNOWN;
    DXGI_SAMPLE_DESC sampling = { 1, 0 };
    UINT count = 1;
};
`;
const targetCpp = (elements: string): string => `#include "surface_info.h"
struct StorageTarget
{
    ID3D12Resource* m_res = nullptr;
    bool Create(ID3D12Device* device, const SurfaceInfo* info);
    void Sync(ID3D12GraphicsCommandList* cl);
};
bool StorageTarget::Create(ID3D12Device* device, const SurfaceInfo* info)
{
    D3D12_HEAP_PROPERTIES heap = { D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1 };
    D3D12_RESOURCE_DESC desc = { info->dimension, 0, info->width, info->height, 1, 1, info->format, ${elements} };
    return SUCCEEDED(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, nullptr, IID_PPV_ARGS(&m_res)));
}
void StorageTarget::Sync(ID3D12GraphicsCommandList* cl)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    b.UAV.pResource = m_res;
    cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(elements: string, jobs: string): string[] {
  const dir = tempTree({ 'src/surface_info.h': INFO_H, 'src/storage_target.cpp': targetCpp(elements) });
  const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

void describe('a positional desc naming a nested struct member a header declares', () => {
  void it('takes the member whole: the flags element is Flags (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) {
      assert.deepEqual(findings('info->sampling, D3D12_TEXTURE_LAYOUT_UNKNOWN, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS', jobs), []);
    }
  });
  void it('a scalar member there is SampleDesc.Count (brace elision): without a flags element the UAV barrier fires', () => {
    assert.deepEqual(findings('info->count, 0, D3D12_TEXTURE_LAYOUT_UNKNOWN', '1'), ['storage_target.cpp:19:resource-barrier-missing-bind-flags']);
  });
});
