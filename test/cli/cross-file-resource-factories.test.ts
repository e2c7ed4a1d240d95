// Resource factories across files (extract/returned-locals.ts, track/returned-results.ts): the course engines'
// `CreateDepthStencilTextureResource(device, w, h)` lives in a utility file and returns a local `ComPtr` it created;
// `Renderer::Initialize` of another file stores the result in `depth_`, a member only the class's header declares
// (its type unknown to renderer.cpp). The member is the factory's object from then on, in the state the factory
// created it in. Must fire: the first frame moves it from PIXEL_SHADER_RESOURCE while it was created in DEPTH_WRITE.
// Silent: the same frame with the depth buffer created in PIXEL_SHADER_RESOURCE.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const FACTORY_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
Microsoft::WRL::ComPtr<ID3D12Resource> CreateDepthResource(ID3D12Device* device, UINT w, UINT h);
`;
const factoryCpp = (initial: string): string => `#include "factory.h"
Microsoft::WRL::ComPtr<ID3D12Resource> CreateDepthResource(ID3D12Device* device, UINT w, UINT h)
{
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = w;
    desc.Height = h;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
    desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    Microsoft::WRL::ComPtr<ID3D12Resource> resource;
    HRESULT hr = device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, ${initial}, nullptr, IID_PPV_ARGS(&resource));
    if (FAILED(hr)) return nullptr;
    return resource;
}
`;
const RENDERER_H = `#pragma once
#include "factory.h"
class Renderer
{
public:
    void Initialize(ID3D12Device* device);
    void Frame(ID3D12GraphicsCommandList* cl);
    void Run(ID3D12Device* device, ID3D12GraphicsCommandList* cl);
private:
    Microsoft::WRL::ComPtr<ID3D12Resource> depth_;
};
`;
const RENDERER_CPP = `#include "renderer.h"
void Renderer::Initialize(ID3D12Device* device)
{
    depth_ = CreateDepthResource(device, 1280, 720);
}
void Renderer::Frame(ID3D12GraphicsCommandList* cl)
{
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = depth_.Get();
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_DEPTH_WRITE;
    cl->ResourceBarrier(1, &b);
}
void Renderer::Run(ID3D12Device* device, ID3D12GraphicsCommandList* cl)
{
    Initialize(device);
    Frame(cl);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function tree(initial: string): string {
  return tempTree({ 'src/factory.h': FACTORY_H, 'src/factory.cpp': factoryCpp(initial), 'src/renderer.h': RENDERER_H, 'src/renderer.cpp': RENDERER_CPP });
}

void describe('resource factories of another file', () => {
  void it('the factory\'s creation state reaches the member its result is stored in (--jobs 1 and 2)', () => {
    const dir = tree('D3D12_RESOURCE_STATE_DEPTH_WRITE');
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['renderer.cpp:19:legacy-state-mismatch'], run.stdout);
    }
  });

  void it('stays silent when the factory creates the texture in the state the frame names', () => {
    const dir = tree('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
