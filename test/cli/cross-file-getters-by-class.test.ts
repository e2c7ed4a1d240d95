// Getters imported from another file of the run are chosen by the receiver's class. Two wrapper classes of one run
// hand out their resource through a getter of one name with different bodies (`Native()` returning `storage.Get()`
// in the upload ring, `m_texture` in the surface). By name the two definitions cancel, so neither was known in the
// .cpp that uses them: `ring.Native()` and `surface.Native()` named nothing, and the mistakes on them went unseen.
// Each class's definition is now exported under `Class::Native` as well, and a call on an object whose declared
// class is one of them takes that class's getter.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const RING_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
#include "d3dx12.h"
class UploadRing
{
public:
    UploadRing(ID3D12Device* device, UINT64 bytes)
    {
        const CD3DX12_HEAP_PROPERTIES props(D3D12_HEAP_TYPE_UPLOAD);
        const auto desc = CD3DX12_RESOURCE_DESC::Buffer(bytes);
        device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr, IID_PPV_ARGS(&storage));
    }
    ID3D12Resource* Native() const { return storage.Get(); }
private:
    Microsoft::WRL::ComPtr<ID3D12Resource> storage;
};
`;
const SURFACE_H = `#pragma once
#include <d3d12.h>
#include "d3dx12.h"
class Surface
{
public:
    Surface(ID3D12Device* device, UINT width, UINT height)
    {
        const CD3DX12_HEAP_PROPERTIES props(D3D12_HEAP_TYPE_DEFAULT);
        const auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, width, height);
        device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COPY_DEST, nullptr, IID_PPV_ARGS(&m_texture));
    }
    ID3D12Resource* Native() const { return m_texture; }
private:
    ID3D12Resource* m_texture = nullptr;
};
`;
const USES = `#include "upload_ring.h"
#include "surface.h"
void RingAsCopyDest(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    UploadRing ring(device, 8192);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(ring.Native(), D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
}
void SurfaceFromShaderRead(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    Surface surface(device, 256, 256);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(surface.Native(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
}
void RingCopiedOut(ID3D12Device* device, ID3D12GraphicsCommandList* cl, ID3D12Resource* target)
{
    UploadRing ring(device, 8192);
    cl->CopyBufferRegion(target, 0, ring.Native(), 0, 8192);
}
void SurfaceFilled(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    Surface surface(device, 256, 256);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(surface.Native(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(jobs: string): string[] {
  const dir = tempTree({ 'src/upload_ring.h': RING_H, 'src/surface.h': SURFACE_H, 'src/uses.cpp': USES });
  const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`)).sort();
}

void describe('a getter name two classes of the run define differently', () => {
  void it('each call takes its receiver\'s class\'s getter: the upload ring and the surface are known (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) {
      assert.deepEqual(findings(jobs), [
        // The surface was created in COPY_DEST.
        'uses.cpp:13:legacy-state-mismatch',
        // The ring lives on an upload heap: it never leaves GENERIC_READ.
        'uses.cpp:7:upload-readback-heap-state',
      ]);
    }
  });
});
