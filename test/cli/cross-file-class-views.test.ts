// Views of a class's members across the files of a run (extract/class-views.ts), in an engine's layout: the
// renderer's heaps, back buffers and scene target are made in `Renderer::CreateTargets()` (Device.cpp: RTVs of the
// swap-chain buffers written in a loop, the scene target's slot stored in the member handle `m_sceneRtv`), used by
// methods in Renderer.cpp, Frame.cpp and Main.cpp. Must fire: a clear before the PRESENT -> RENDER_TARGET transition,
// a draw after the back buffer went back to PRESENT, Present with the back buffer still in RENDER_TARGET (the buffers
// are known as the swap chain's from Device.cpp), and the scene target cleared in its creation state when `Run()`
// calls CreateTargets() then RenderScene(). Silent: the frame in order, the transition done by BeginFrame() of the
// class before the clear, an index the file cannot know, another heap, RunOk(). The book's base-class layout
// (D3DApp.cpp makes the RTVs, BoxApp.cpp derives and draws through `CurrentBackBufferView()`) fires as in one file;
// another class's member of the same name (PostFX::m_sceneRtv) keeps its own view; a slot two files write with
// different resources names nothing. Before: none of the must-fire cases fired across files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';
const RENDERER_H = `#pragma once
#include <d3d12.h>
#include <dxgi1_4.h>
#include <wrl.h>
#include "d3dx12.h"
using Microsoft::WRL::ComPtr;
static const UINT kFrameCount = 2;
class Renderer
{
public:
    void CreateTargets();
    void Run();
    void RunOk();
    void ClearBeforeTransition();
    void DrawAfterPresentTransition();
    void PopulateWithoutPresentTransition();
    void RenderWithoutPresentTransition();
    void PopulateCommandList();
    void OnRender();
    void BeginFrame();
    void EndFrame();
    void FrameThroughMethods();
    void UnknownIndex();
    void OtherHeap();
    void RenderScene();
    void RenderSceneOk();
private:
    UINT PickTarget();
    ComPtr<ID3D12Device> m_device;
    ComPtr<IDXGISwapChain3> m_swapChain;
    ComPtr<ID3D12CommandQueue> m_queue;
    ComPtr<ID3D12CommandAllocator> m_allocator;
    ComPtr<ID3D12GraphicsCommandList> m_list;
    ComPtr<ID3D12DescriptorHeap> m_rtvHeap;
    ComPtr<ID3D12DescriptorHeap> m_sceneHeap;
    ComPtr<ID3D12Resource> m_backBuffers[kFrameCount];
    ComPtr<ID3D12Resource> m_sceneTarget;
    D3D12_CPU_DESCRIPTOR_HANDLE m_sceneRtv;
    UINT m_rtvSize = 0;
    UINT m_frameIndex = 0;
};
`;
const DEVICE_CPP = `#include "Renderer.h"
void Renderer::CreateTargets()
{
    D3D12_DESCRIPTOR_HEAP_DESC desc = {};
    desc.NumDescriptors = kFrameCount;
    desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    m_device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&m_rtvHeap));
    m_rtvSize = m_device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    CD3DX12_CPU_DESCRIPTOR_HANDLE handle(m_rtvHeap->GetCPUDescriptorHandleForHeapStart());
    for (UINT i = 0; i < kFrameCount; i++)
    {
        m_swapChain->GetBuffer(i, IID_PPV_ARGS(&m_backBuffers[i]));
        m_device->CreateRenderTargetView(m_backBuffers[i].Get(), nullptr, handle);
        handle.Offset(1, m_rtvSize);
    }
    auto heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT);
    auto tex = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, 1280, 720, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    m_device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &tex, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, nullptr, IID_PPV_ARGS(&m_sceneTarget));
    m_sceneRtv = m_sceneHeap->GetCPUDescriptorHandleForHeapStart();
    m_device->CreateRenderTargetView(m_sceneTarget.Get(), nullptr, m_sceneRtv);
}
`;
const RENDERER_CPP = `#include "Renderer.h"
void Renderer::ClearBeforeTransition()
{
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    const float color[] = { 0.0f, 0.2f, 0.4f, 1.0f };
    m_list->ClearRenderTargetView(rtv, color, 0, nullptr);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
}
void Renderer::DrawAfterPresentTransition()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    m_list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    m_list->DrawInstanced(3, 1, 0, 0);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    m_list->DrawInstanced(3, 1, 3, 0);
}
void Renderer::PopulateWithoutPresentTransition()
{
    m_list->Reset(m_allocator.Get(), nullptr);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    m_list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    m_list->DrawInstanced(3, 1, 0, 0);
    m_list->Close();
}
void Renderer::RenderWithoutPresentTransition()
{
    PopulateWithoutPresentTransition();
    ID3D12CommandList* lists[] = { m_list.Get() };
    m_queue->ExecuteCommandLists(1, lists);
    m_swapChain->Present(1, 0);
}
void Renderer::PopulateCommandList()
{
    m_list->Reset(m_allocator.Get(), nullptr);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    m_list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    const float color[] = { 0.0f, 0.2f, 0.4f, 1.0f };
    m_list->ClearRenderTargetView(rtv, color, 0, nullptr);
    m_list->DrawInstanced(3, 1, 0, 0);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    m_list->Close();
}
void Renderer::OnRender()
{
    PopulateCommandList();
    ID3D12CommandList* lists[] = { m_list.Get() };
    m_queue->ExecuteCommandLists(1, lists);
    m_swapChain->Present(1, 0);
}
void Renderer::UnknownIndex()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), PickTarget(), m_rtvSize);
    const float color[] = { 0.0f, 0.2f, 0.4f, 1.0f };
    m_list->ClearRenderTargetView(rtv, color, 0, nullptr);
}
void Renderer::OtherHeap()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_sceneHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    m_list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    m_list->DrawInstanced(3, 1, 0, 0);
}
`;
const FRAME_CPP = `#include "Renderer.h"
void Renderer::BeginFrame()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
}
void Renderer::EndFrame()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
}
void Renderer::FrameThroughMethods()
{
    BeginFrame();
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvSize);
    const float color[] = { 0.0f, 0.2f, 0.4f, 1.0f };
    m_list->ClearRenderTargetView(rtv, color, 0, nullptr);
    EndFrame();
}
void Renderer::RenderScene()
{
    const float color[] = { 0.0f, 0.0f, 0.0f, 1.0f };
    m_list->ClearRenderTargetView(m_sceneRtv, color, 0, nullptr);
}
void Renderer::RenderSceneOk()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_sceneTarget.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET));
    const float color[] = { 0.0f, 0.0f, 0.0f, 1.0f };
    m_list->ClearRenderTargetView(m_sceneRtv, color, 0, nullptr);
}
`;
const MAIN_CPP = `#include "Renderer.h"
void Renderer::Run()
{
    CreateTargets();
    RenderScene();
}
void Renderer::RunOk()
{
    CreateTargets();
    RenderSceneOk();
}
`;
const D3DAPP_H = `#pragma once
#include <d3d12.h>
#include <dxgi1_4.h>
#include <wrl.h>
#include "d3dx12.h"
using Microsoft::WRL::ComPtr;
class D3DApp
{
public:
    virtual void OnResize();
    virtual void Draw() = 0;
protected:
    ID3D12Resource* CurrentBackBuffer() const;
    D3D12_CPU_DESCRIPTOR_HANDLE CurrentBackBufferView() const;
    static const int SwapChainBufferCount = 2;
    int mCurrBackBuffer = 0;
    ComPtr<ID3D12Device> md3dDevice;
    ComPtr<IDXGISwapChain> mSwapChain;
    ComPtr<ID3D12CommandQueue> mCommandQueue;
    ComPtr<ID3D12CommandAllocator> mDirectCmdListAlloc;
    ComPtr<ID3D12GraphicsCommandList> mCommandList;
    ComPtr<ID3D12Resource> mSwapChainBuffer[SwapChainBufferCount];
    ComPtr<ID3D12DescriptorHeap> mRtvHeap;
    UINT mRtvDescriptorSize = 0;
};
`;
const D3DAPP_CPP = `#include "D3DApp.h"
void D3DApp::OnResize()
{
    for (int i = 0; i < SwapChainBufferCount; ++i)
        mSwapChainBuffer[i].Reset();
    mSwapChain->ResizeBuffers(SwapChainBufferCount, 1280, 720, DXGI_FORMAT_R8G8B8A8_UNORM, 0);
    mCurrBackBuffer = 0;
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtvHeapHandle(mRtvHeap->GetCPUDescriptorHandleForHeapStart());
    for (UINT i = 0; i < SwapChainBufferCount; i++)
    {
        mSwapChain->GetBuffer(i, IID_PPV_ARGS(&mSwapChainBuffer[i]));
        md3dDevice->CreateRenderTargetView(mSwapChainBuffer[i].Get(), nullptr, rtvHeapHandle);
        rtvHeapHandle.Offset(1, mRtvDescriptorSize);
    }
}
ID3D12Resource* D3DApp::CurrentBackBuffer() const
{
    return mSwapChainBuffer[mCurrBackBuffer].Get();
}
D3D12_CPU_DESCRIPTOR_HANDLE D3DApp::CurrentBackBufferView() const
{
    return CD3DX12_CPU_DESCRIPTOR_HANDLE(mRtvHeap->GetCPUDescriptorHandleForHeapStart(), mCurrBackBuffer, mRtvDescriptorSize);
}
`;
const BOXAPP_CPP = `#include "D3DApp.h"
class BoxApp : public D3DApp
{
public:
    void Draw() override;
    void DrawClearFirst();
    void DrawNoPresentTransition();
};
void BoxApp::Draw()
{
    mDirectCmdListAlloc->Reset();
    mCommandList->Reset(mDirectCmdListAlloc.Get(), nullptr);
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(CurrentBackBuffer(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    const float color[] = { 0.7f, 0.7f, 0.9f, 1.0f };
    mCommandList->ClearRenderTargetView(CurrentBackBufferView(), color, 0, nullptr);
    mCommandList->OMSetRenderTargets(1, &CurrentBackBufferView(), true, nullptr);
    mCommandList->DrawInstanced(3, 1, 0, 0);
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(CurrentBackBuffer(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    mCommandList->Close();
    ID3D12CommandList* lists[] = { mCommandList.Get() };
    mCommandQueue->ExecuteCommandLists(1, lists);
    mSwapChain->Present(0, 0);
    mCurrBackBuffer = (mCurrBackBuffer + 1) % SwapChainBufferCount;
}
void BoxApp::DrawClearFirst()
{
    mCommandList->Reset(mDirectCmdListAlloc.Get(), nullptr);
    const float color[] = { 0.7f, 0.7f, 0.9f, 1.0f };
    mCommandList->ClearRenderTargetView(CurrentBackBufferView(), color, 0, nullptr);
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(CurrentBackBuffer(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(CurrentBackBuffer(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    mCommandList->Close();
}
void BoxApp::DrawNoPresentTransition()
{
    mCommandList->Reset(mDirectCmdListAlloc.Get(), nullptr);
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(CurrentBackBuffer(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    const float color[] = { 0.7f, 0.7f, 0.9f, 1.0f };
    mCommandList->ClearRenderTargetView(CurrentBackBufferView(), color, 0, nullptr);
    mCommandList->Close();
    ID3D12CommandList* lists[] = { mCommandList.Get() };
    mCommandQueue->ExecuteCommandLists(1, lists);
    mSwapChain->Present(0, 0);
}
`;
const POSTFX_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
#include "d3dx12.h"
using Microsoft::WRL::ComPtr;
class PostFX
{
public:
    void Init(ID3D12Device* device);
    void ApplyBad();
    void ApplyOk();
private:
    ComPtr<ID3D12GraphicsCommandList> m_list;
    ComPtr<ID3D12DescriptorHeap> m_sceneHeap;
    ComPtr<ID3D12Resource> m_hdr;
    D3D12_CPU_DESCRIPTOR_HANDLE m_sceneRtv;
};
`;
const POSTFXINIT_CPP = `#include "PostFX.h"
void PostFX::Init(ID3D12Device* device)
{
    m_sceneRtv = m_sceneHeap->GetCPUDescriptorHandleForHeapStart();
    device->CreateRenderTargetView(m_hdr.Get(), nullptr, m_sceneRtv);
}
`;
const POSTFX_CPP = `#include "PostFX.h"
void PostFX::ApplyBad()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_hdr.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET));
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_hdr.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
    const float color[] = { 0.0f, 0.0f, 0.0f, 1.0f };
    m_list->ClearRenderTargetView(m_sceneRtv, color, 0, nullptr);
}
void PostFX::ApplyOk()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_hdr.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET));
    const float color[] = { 0.0f, 0.0f, 0.0f, 1.0f };
    m_list->ClearRenderTargetView(m_sceneRtv, color, 0, nullptr);
}
`;
// The same class with one more member and method, made in Resize.cpp.
const RESIZE_H = RENDERER_H.replace('    void RunOk();', '    void RunOk();\n    void Resize();')
  .replace('    ComPtr<ID3D12Resource> m_sceneTarget;', '    ComPtr<ID3D12Resource> m_sceneTarget;\n    ComPtr<ID3D12Resource> m_uiTarget;');
const RESIZE_CPP = `#include "Renderer.h"
void Renderer::Resize()
{
    m_device->CreateRenderTargetView(m_uiTarget.Get(), nullptr, m_sceneHeap->GetCPUDescriptorHandleForHeapStart());
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.message.includes('Present') ? 'present' : d.message.includes('ClearRenderTargetView') ? 'clear' : d.message.includes('Using Draw') ? 'draw' : d.rule}`));
}

const ENGINE = { 'src/Renderer.h': RENDERER_H, 'src/Device.cpp': DEVICE_CPP, 'src/Renderer.cpp': RENDERER_CPP, 'src/Frame.cpp': FRAME_CPP, 'src/Main.cpp': MAIN_CPP };

void describe('views of class members made in another file', () => {
  void it('engine layout: clears, draws and Present through views CreateTargets() made in Device.cpp (--jobs 1 and 2)', () => {
    const dir = tempTree(ENGINE);
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['Main.cpp:5:clear', 'Renderer.cpp:6:clear', 'Renderer.cpp:17:draw', 'Renderer.cpp:33:present'], run.stdout);
    }
  });

  void it('without the file that makes the views, nothing names the back buffers (silent)', () => {
    const rest: Record<string, string> = { ...ENGINE };
    delete rest['src/Device.cpp'];
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree(rest));
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });

  void it('a base class makes the RTVs in its own file, the derived class draws through its getters', () => {
    const dir = tempTree({ 'src/D3DApp.h': D3DAPP_H, 'src/D3DApp.cpp': D3DAPP_CPP, 'src/BoxApp.cpp': BOXAPP_CPP });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), ['BoxApp.cpp:29:clear', 'BoxApp.cpp:43:present'], run.stdout);
  });

  void it('another class\'s member of the same name keeps its own view', () => {
    const dir = tempTree({ ...ENGINE, 'src/PostFX.h': POSTFX_H, 'src/PostFXInit.cpp': POSTFXINIT_CPP, 'src/PostFX.cpp': POSTFX_CPP });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout).filter((f) => f.startsWith('PostFX') || f.startsWith('Main')), ['Main.cpp:5:clear', 'PostFX.cpp:7:clear'], run.stdout);
  });

  void it('a slot another file of the class writes with another resource names nothing', () => {
    const dir = tempTree({ ...ENGINE, 'src/Renderer.h': RESIZE_H, 'src/Resize.cpp': RESIZE_CPP });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout).filter((f) => f.startsWith('Main')), [], run.stdout);
  });
});
