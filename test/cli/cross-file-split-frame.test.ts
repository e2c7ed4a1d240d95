// A frame split across files (track/env.ts swapChainsElsewhere): the renderer's class moves the current back buffer
// out of PRESENT in BeginFrame() and presents in EndFrame() (renderer.cpp, which never calls GetBuffer); the
// application's loop in app.cpp calls the two on its member. The back buffer is a swap-chain buffer by renderer.cpp's
// evidence (its index is the swap chain's, a barrier takes it out of PRESENT), which app.cpp's tracking now borrows
// from the helpers it calls. Must fire: EndFrame() presents the buffer still in RENDER_TARGET. Silent: EndFrame()
// returns it to PRESENT first. main.cpp runs the frame through `g_app->Frame()`: the same mistake reached through a
// longer chain is not reported again there (cli/cross-file.ts dropLongerChains).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const RENDERER_H = `#pragma once
#include <d3d12.h>
#include <dxgi1_4.h>
#include <wrl/client.h>
class Renderer
{
public:
    void BeginFrame();
    void EndFrame();
private:
    Microsoft::WRL::ComPtr<ID3D12GraphicsCommandList> m_list;
    Microsoft::WRL::ComPtr<ID3D12CommandQueue> m_queue;
    Microsoft::WRL::ComPtr<IDXGISwapChain3> m_swapChain;
    Microsoft::WRL::ComPtr<ID3D12Resource> m_backBuffers[2];
    UINT m_frameIndex = 0;
};
`;
const begin = `#include "renderer.h"
#include "d3dx12.h"
void Renderer::BeginFrame()
{
    m_frameIndex = m_swapChain->GetCurrentBackBufferIndex();
    auto toTarget = CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    m_list->ResourceBarrier(1, &toTarget);
}
void Renderer::EndFrame()
{
`;
const end = `    m_list->Close();
    ID3D12CommandList* lists[] = { m_list.Get() };
    m_queue->ExecuteCommandLists(1, lists);
    m_swapChain->Present(1, 0);
}
`;
const TO_PRESENT = `    auto toPresent = CD3DX12_RESOURCE_BARRIER::Transition(m_backBuffers[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    m_list->ResourceBarrier(1, &toPresent);
`;
const APP_H = `#pragma once
#include "renderer.h"
class App
{
public:
    void Frame();
private:
    Renderer* m_renderer = nullptr;
};
`;
const APP_CPP = `#include "app.h"
void App::Frame()
{
    m_renderer->BeginFrame();
    m_renderer->EndFrame();
}
`;

const MAIN_CPP = `#include "app.h"
App* g_app = nullptr;
int main()
{
    g_app->Frame();
    return 0;
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function tree(renderer: string): string {
  return tempTree({ 'src/renderer.h': RENDERER_H, 'src/renderer.cpp': renderer, 'src/app.h': APP_H, 'src/app.cpp': APP_CPP, 'src/main.cpp': MAIN_CPP });
}

void describe('a frame split across files', () => {
  void it('checks the Present of EndFrame() against what BeginFrame() left (--jobs 1 and 2)', () => {
    const dir = tree(begin + end);
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['app.cpp:5:invalid-subresource-state'], run.stdout);
    }
  });

  void it('stays silent when EndFrame() returns the buffer to PRESENT', () => {
    const dir = tree(begin + TO_PRESENT + end);
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
