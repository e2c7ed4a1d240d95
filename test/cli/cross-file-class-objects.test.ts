// A class's resources reached through another class's object, in other files of the run. (1) A swap-chain wrapper
// (swapchain.h/.cpp: `BeginFrame`/`EndFrame` move `m_backBuffers[m_index]`, `GetCurrentBackBuffer()` returns it)
// used by a renderer (renderer.cpp): `m_swapChain->GetCurrentBackBuffer()` is the buffer the wrapper's methods move,
// so a transition from PRESENT after `BeginFrame` (it is in RENDER_TARGET) and the wrapper's `EndFrame` after a copy
// are reported; the same frame in the right states is silent. (2) A resource a class creates in `Init()` (init.cpp)
// and transitions in `Render()` (render.cpp), called in sequence by `Run()` (main.cpp): the creation state reaches the
// transition, and the RTV clear of that resource through the member handle `m_rtv` that `Init()` fills (the class's
// member views cross files: extract/class-views.ts), as when the methods share a file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const SWAP_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
using Microsoft::WRL::ComPtr;
class SwapChain
{
public:
    void BeginFrame(ID3D12GraphicsCommandList* cl);
    void EndFrame(ID3D12GraphicsCommandList* cl);
    ID3D12Resource* GetBackBuffer(UINT i) const { return m_backBuffers[i].Get(); }
    ID3D12Resource* GetCurrentBackBuffer() const;
private:
    ComPtr<ID3D12Resource> m_backBuffers[3];
    UINT m_index = 0;
};
`;
const SWAP_CPP = `#include "swapchain.h"
#include "d3dx12.h"
void SwapChain::BeginFrame(ID3D12GraphicsCommandList* cl)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_index].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->ResourceBarrier(1, &b);
}
void SwapChain::EndFrame(ID3D12GraphicsCommandList* cl)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_index].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    cl->ResourceBarrier(1, &b);
}
ID3D12Resource* SwapChain::GetCurrentBackBuffer() const
{
    return m_backBuffers[m_index].Get();
}
`;
const RENDERER = `#include "swapchain.h"
#include "d3dx12.h"
class Renderer
{
public:
    void Render();
    void RenderOk();
private:
    SwapChain* m_swapChain;
    ID3D12GraphicsCommandList* m_list;
};
void Renderer::Render()
{
    m_swapChain->BeginFrame(m_list);
    auto toCopy = CD3DX12_RESOURCE_BARRIER::Transition(m_swapChain->GetCurrentBackBuffer(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_COPY_DEST);
    m_list->ResourceBarrier(1, &toCopy);
    m_swapChain->EndFrame(m_list);
}
void Renderer::RenderOk()
{
    m_swapChain->BeginFrame(m_list);
    auto toCopy = CD3DX12_RESOURCE_BARRIER::Transition(m_swapChain->GetCurrentBackBuffer(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
    m_list->ResourceBarrier(1, &toCopy);
    auto back = CD3DX12_RESOURCE_BARRIER::Transition(m_swapChain->GetCurrentBackBuffer(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
    m_list->ResourceBarrier(1, &back);
    m_swapChain->EndFrame(m_list);
}
`;
const APP_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
using Microsoft::WRL::ComPtr;
class App
{
public:
    void Init();
    void Render();
    void Run();
private:
    ComPtr<ID3D12Device> m_device;
    ComPtr<ID3D12GraphicsCommandList> m_list;
    ComPtr<ID3D12Resource> m_texture;
    D3D12_CPU_DESCRIPTOR_HANDLE m_rtv;
    ComPtr<ID3D12DescriptorHeap> m_rtvHeap;
};
`;
const INIT = `#include "app.h"
#include "d3dx12.h"
void App::Init()
{
    auto heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT);
    auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    m_device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, nullptr, IID_PPV_ARGS(&m_texture));
    m_rtv = m_rtvHeap->GetCPUDescriptorHandleForHeapStart();
    m_device->CreateRenderTargetView(m_texture.Get(), nullptr, m_rtv);
}
`;
const RENDER = `#include "app.h"
#include "d3dx12.h"
void App::Render()
{
    const float clear[4] = { 0, 0, 0, 1 };
    m_list->ClearRenderTargetView(m_rtv, clear, 0, nullptr);
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_texture.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_list->ResourceBarrier(1, &b);
}
`;
const MAIN = `#include "app.h"
void App::Run()
{
    Init();
    Render();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.message.includes('ClearRenderTargetView') ? 'clear' : 'barrier'}`));
}

void describe('objects of other classes in other files', () => {
  void it('a swap-chain wrapper\'s getter names the buffer its methods move (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/swapchain.h': SWAP_H, 'src/swapchain.cpp': SWAP_CPP, 'src/renderer.cpp': RENDERER });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['renderer.cpp:16:barrier', 'renderer.cpp:17:barrier'], run.stdout);
    }
  });

  void it('Init() creates, Render() of another file transitions, Run() calls both: the creation state reaches the transition', () => {
    const dir = tempTree({ 'src/app.h': APP_H, 'src/init.cpp': INIT, 'src/render.cpp': RENDER, 'src/main.cpp': MAIN });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    // The clear through m_rtv in PIXEL_SHADER_RESOURCE: Init()'s file stored the RTV's slot in m_rtv (class-views.ts).
    assert.deepEqual(findings(run.stdout), ['main.cpp:5:clear', 'main.cpp:5:barrier'], run.stdout);
  });

  void it('the same class in one file: the clear through the member handle is found too', () => {
    const one = [APP_H.replace('#pragma once', ''), INIT, RENDER, MAIN].map((t) => t.replace('#include "app.h"', '')).join('\n');
    const dir = tempTree({ 'src/app.cpp': one });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout).map((f) => f.split(':')[2]).sort(), ['barrier', 'clear'], run.stdout);
  });
});
