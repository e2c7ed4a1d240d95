// Engine objects held by members that a class's header declares, followed across the files of a run. A graphics
// class (graphics.h/.cpp) owns a render target (render_target.h/.cpp) through `std::unique_ptr<RenderTarget>
// m_target`, assigned in `Graphics::Initialize`; an application (app.cpp) has `Graphics m_graphics` and calls its own
// `Initialize()` (which calls `m_graphics.Initialize(device)`) and then its own frame method. Two things kept the
// render target's creation state from the first frame's transition: (1) graphics.cpp did not know the type of
// `m_target` (declared in graphics.h), so `m_target->Initialize(device)` — one of three `Initialize`s of the run —
// resolved to nothing; the header's member types of engine classes are now offered to the files that call methods on
// them. (2) Inside `App::Initialize`, `m_graphics.Initialize(device)` resolved to the file's own
// `App::Initialize` (the only one in app.cpp), then was refused as the wrong class: another file's method of the
// receiver's class is now looked up first. Must fire: the render target created in RENDER_TARGET, the first frame
// moving it from PIXEL_SHADER_RESOURCE. Silent: the same frame with the target created in PIXEL_SHADER_RESOURCE.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const TARGET_H = `#pragma once
#include <d3d12.h>
class RenderTarget
{
public:
    void Initialize(ID3D12Device* device);
    void ToRenderTarget(ID3D12GraphicsCommandList* cl);
    void ToShaderResource(ID3D12GraphicsCommandList* cl);
private:
    ID3D12Resource* resource_ = nullptr;
};
`;
const targetCpp = (initial: string): string => `#include "render_target.h"
void RenderTarget::Initialize(ID3D12Device* device)
{
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 640;
    desc.Height = 480;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, ${initial}, nullptr, IID_PPV_ARGS(&resource_));
}
void RenderTarget::ToRenderTarget(ID3D12GraphicsCommandList* cl)
{
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = resource_;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    cl->ResourceBarrier(1, &b);
}
void RenderTarget::ToShaderResource(ID3D12GraphicsCommandList* cl)
{
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = resource_;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    cl->ResourceBarrier(1, &b);
}
`;
const GRAPHICS_H = `#pragma once
#include <memory>
#include "render_target.h"
class Graphics
{
public:
    void Initialize(ID3D12Device* device);
    void PreDraw();
    void PostDraw();
private:
    ID3D12GraphicsCommandList* commandList_ = nullptr;
    std::unique_ptr<RenderTarget> target_;
};
`;
const GRAPHICS_CPP = `#include "graphics.h"
void Graphics::Initialize(ID3D12Device* device)
{
    target_ = std::make_unique<RenderTarget>();
    target_->Initialize(device);
}
void Graphics::PreDraw()
{
    target_->ToRenderTarget(commandList_);
}
void Graphics::PostDraw()
{
    target_->ToShaderResource(commandList_);
}
`;
const APP_CPP = `#include "graphics.h"
class App
{
public:
    void Run(ID3D12Device* device);
private:
    void Initialize(ID3D12Device* device);
    void Frame();
    Graphics graphics_;
};
void App::Run(ID3D12Device* device)
{
    Initialize(device);
    Frame();
}
void App::Initialize(ID3D12Device* device)
{
    graphics_.Initialize(device);
}
void App::Frame()
{
    graphics_.PreDraw();
    graphics_.PostDraw();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function tree(initial: string): string {
  return tempTree({
    'src/render_target.h': TARGET_H, 'src/render_target.cpp': targetCpp(initial),
    'src/graphics.h': GRAPHICS_H, 'src/graphics.cpp': GRAPHICS_CPP, 'src/app.cpp': APP_CPP,
  });
}

void describe('engine objects held by members a header declares', () => {
  void it('the render target\'s creation state reaches the first frame through two owned objects (--jobs 1 and 2)', () => {
    const dir = tree('D3D12_RESOURCE_STATE_RENDER_TARGET');
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['app.cpp:14:legacy-state-mismatch'], run.stdout);
    }
  });

  void it('the same frame with the render target created in PIXEL_SHADER_RESOURCE is silent', () => {
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tree('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE'));
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
