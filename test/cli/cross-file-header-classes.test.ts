// Objects of classes whose body and constructors another file of the run holds (the class's header, its .cpp):
// the constructor runs on the object at `HeapBlock b(dev, …)`, `std::make_unique<RenderSurface>(…)`, `new
// RenderSurface(…)`, at a base's constructor named in a derived class's initializer list, and at a member of a class
// type built in an initializer list (`: m_bright(dev, 64, 64, COPY_DEST)`). What the constructor creates — with its
// heap type and initial state — is then known at the use in the other file. Silent: the right state, a state the
// constructor is handed by a parameter (unknown stays unknown), a class with no constructor. The resource may be
// reached through the class's getter (`ring.Native()` returning `storage.Get()`), as its header defines it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEAP_BLOCK_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
#include "d3dx12.h"
class HeapBlock
{
public:
    HeapBlock(ID3D12Device* device, D3D12_HEAP_TYPE kind, UINT64 bytes, D3D12_RESOURCE_STATES first)
        : m_bytes(bytes)
    {
        const CD3DX12_HEAP_PROPERTIES props(kind);
        const auto desc = CD3DX12_RESOURCE_DESC::Buffer(bytes);
        device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, first, nullptr, IID_PPV_ARGS(&m_resource));
    }
    ~HeapBlock() = default;
    ID3D12Resource* Get() const { return m_resource.Get(); }
    Microsoft::WRL::ComPtr<ID3D12Resource> m_resource;
    UINT64 m_bytes;
};
struct BlockView
{
    ID3D12Resource* resource;
    UINT64 offset;
};
`;
const SURFACE_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
class RenderSurface
{
public:
    RenderSurface(ID3D12Device* device, UINT width, UINT height, D3D12_RESOURCE_STATES initial);
    Microsoft::WRL::ComPtr<ID3D12Resource> m_handle;
};
`;
const SURFACE_CPP = `#include "render_surface.h"
#include "d3dx12.h"
RenderSurface::RenderSurface(ID3D12Device* device, UINT width, UINT height, D3D12_RESOURCE_STATES initial)
{
    const CD3DX12_HEAP_PROPERTIES props(D3D12_HEAP_TYPE_DEFAULT);
    const auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R16G16B16A16_FLOAT, width, height, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, initial, nullptr, IID_PPV_ARGS(&m_handle));
}
`;
const STREAM_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
#include "d3dx12.h"
class StreamBuffer
{
public:
    StreamBuffer(ID3D12Device* device, UINT64 bytes)
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
const STREAM_CPP = `#include "stream_buffer.h"
void StreamInto(ID3D12Device* device, ID3D12GraphicsCommandList* cl, ID3D12Resource* target)
{
    StreamBuffer ring(device, 8192);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(ring.Native(), D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
}
void StreamOk(ID3D12Device* device, ID3D12GraphicsCommandList* cl, ID3D12Resource* target)
{
    StreamBuffer ring(device, 8192);
    cl->CopyBufferRegion(target, 0, ring.Native(), 0, 8192);
}
`;
const PASSES = `#include "heap_block.h"
#include "render_surface.h"
#include <memory>
#include "d3dx12.h"

class ReadbackBlock : public HeapBlock
{
public:
    ReadbackBlock(ID3D12Device* device, UINT64 bytes) : HeapBlock(device, D3D12_HEAP_TYPE_READBACK, bytes, D3D12_RESOURCE_STATE_COPY_DEST) {}
};

class BloomPass
{
public:
    BloomPass(ID3D12Device* device, ID3D12GraphicsCommandList* cl) : m_bright(device, 64, 64, D3D12_RESOURCE_STATE_COPY_DEST)
    {
        const auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_bright.m_handle.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
        cl->ResourceBarrier(1, &b);
    }
    RenderSurface m_bright;
};

void StageVertices(ID3D12Device* device, ID3D12GraphicsCommandList* cl, ID3D12Resource* vertices)
{
    HeapBlock staging(device, D3D12_HEAP_TYPE_UPLOAD, 65536, D3D12_RESOURCE_STATE_GENERIC_READ);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(staging.m_resource.Get(), D3D12_RESOURCE_STATE_GENERIC_READ, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
    cl->CopyBufferRegion(vertices, 0, staging.m_resource.Get(), 0, 65536);
}

void ResolveTarget(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    auto target = std::make_unique<RenderSurface>(device, 512, 512, D3D12_RESOURCE_STATE_RENDER_TARGET);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(target->m_handle.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
}

void ResolveRaw(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    RenderSurface* target = new RenderSurface(device, 512, 512, D3D12_RESOURCE_STATE_RENDER_TARGET);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(target->m_handle.Get(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
}

void ReadBack(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    ReadbackBlock back(device, 4096);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(back.m_resource.Get(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ);
    cl->ResourceBarrier(1, &b);
}

// Silent from here on.
void FillDefault(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    HeapBlock block(device, D3D12_HEAP_TYPE_DEFAULT, 4096, D3D12_RESOURCE_STATE_COMMON);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(block.m_resource.Get(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
}

void ResolveRight(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    auto target = std::make_unique<RenderSurface>(device, 512, 512, D3D12_RESOURCE_STATE_RENDER_TARGET);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(target->m_handle.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
}

void ResolveHanded(ID3D12Device* device, ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES given)
{
    RenderSurface surface(device, 512, 512, given);
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(surface.m_handle.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &b);
}

void ViewOnly(ID3D12GraphicsCommandList* cl, ID3D12Resource* buffer)
{
    BlockView view{buffer, 0};
    const auto b = CD3DX12_RESOURCE_BARRIER::Transition(view.resource, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER);
    cl->ResourceBarrier(1, &b);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`)).sort();
}

void describe('classes defined in another file of the run', () => {
  void it('constructors of header classes run on the object: creation heap and state known at the use (--jobs 1 and 2)', () => {
    const dir = tempTree({
      'src/heap_block.h': HEAP_BLOCK_H, 'src/render_surface.h': SURFACE_H, 'src/render_surface.cpp': SURFACE_CPP, 'src/passes.cpp': PASSES,
      'src/stream_buffer.h': STREAM_H, 'src/stream.cpp': STREAM_CPP,
    });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), [
        'passes.cpp:18:legacy-state-mismatch',
        'passes.cpp:27:upload-readback-heap-state',
        'passes.cpp:35:legacy-state-mismatch',
        'passes.cpp:42:legacy-state-mismatch',
        'passes.cpp:49:upload-readback-heap-state',
        // Through the class's getter (`return storage.Get();`), which its header exports.
        'stream.cpp:6:upload-readback-heap-state',
      ], run.stdout);
    }
  });
});
