// The editor's workspace index gives a file the member views its class's methods made in other files, as a run does
// (track/workspace.ts classViewsFor, extract/class-views.ts): the same findings as the CLI on the same files
// (test/cli/cross-file-class-views.test.ts), and none once the file that makes the views leaves the workspace.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import type { AnalysisResult } from '../../server/src/report/analysis-result';

const HEADER = `#include <d3d12.h>
#include <dxgi1_4.h>
#include "d3dx12.h"
class Frame
{
public:
    void Create();
    void Clear();
    void ClearOk();
    void Present();
private:
    ID3D12Device* m_device;
    IDXGISwapChain3* m_swapChain;
    ID3D12GraphicsCommandList* m_list;
    ID3D12CommandQueue* m_queue;
    ID3D12DescriptorHeap* m_rtvHeap;
    ID3D12Resource* m_buffers[2];
    UINT m_size;
    UINT m_index;
};
`;
const CREATE = `#include "frame.h"
void Frame::Create()
{
    CD3DX12_CPU_DESCRIPTOR_HANDLE h(m_rtvHeap->GetCPUDescriptorHandleForHeapStart());
    for (UINT n = 0; n < 2; n++)
    {
        m_swapChain->GetBuffer(n, IID_PPV_ARGS(&m_buffers[n]));
        m_device->CreateRenderTargetView(m_buffers[n], nullptr, h);
        h.Offset(1, m_size);
    }
}
`;
const USE = `#include "frame.h"
void Frame::Clear()
{
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_index, m_size);
    const float black[4] = { 0, 0, 0, 1 };
    m_list->ClearRenderTargetView(rtv, black, 0, nullptr);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_buffers[m_index], D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
}
void Frame::ClearOk()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_buffers[m_index], D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtv(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_index, m_size);
    const float black[4] = { 0, 0, 0, 1 };
    m_list->ClearRenderTargetView(rtv, black, 0, nullptr);
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_buffers[m_index], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
}
void Frame::Present()
{
    m_list->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_buffers[m_index], D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET)); m_list->Close(); m_queue->ExecuteCommandLists(1, reinterpret_cast<ID3D12CommandList* const*>(&m_list));
    m_swapChain->Present(1, 0);
}
`;

const config = { platform: 'pc' as const };
const FILES: [string, string][] = [['file:///frame.h', HEADER], ['file:///create.cpp', CREATE], ['file:///use.cpp', USE]];

function index(ix: WorkspaceIndex, uri: string, r: AnalysisResult): void {
  ix.set(uri, { functions: r.facts?.functions ?? [], classBases: r.classBases, methodConstness: r.methodConstness, methodUses: r.methodUses, classViews: r.classViews });
}

function lines(r: AnalysisResult): number[] {
  return r.findings.filter((f) => f.severity !== 'info').map((f) => f.range.startLine + 1);
}

void describe('workspace class member views', () => {
  void it('a file of the class reads the views another file of it made, as the CLI does', () => {
    const ix = new WorkspaceIndex();
    for (let round = 0; round < 2; round++) for (const [uri, text] of FILES) index(ix, uri, analyze(text, uri, { config, complete: true, workspace: ix }));
    const use = analyze(USE, 'file:///use.cpp', { config, complete: true, workspace: ix });
    // The clear before the transition (6) and Present with the buffer in RENDER_TARGET (20).
    assert.deepEqual(lines(use), [6, 20]);
    const note = use.findings.find((f) => f.range.startLine === 5)?.related?.find((r) => r.message.includes('view'));
    assert.equal(note?.uri, 'file:///create.cpp');
    // The same class in a run's CLI terms: the views come with the file that made them.
    assert.deepEqual(lines(analyze(USE, 'file:///use.cpp', { config, complete: true, classViews: ix.classViewsFor('file:///use.cpp') })), [6, 20]);
  });

  void it('without the file that made them (removed from the workspace), nothing is named', () => {
    const ix = new WorkspaceIndex();
    for (const [uri, text] of FILES) index(ix, uri, analyze(text, uri, { config, complete: true, workspace: ix }));
    ix.delete('file:///create.cpp');
    assert.equal(ix.classViewsFor('file:///use.cpp'), undefined);
    assert.deepEqual(lines(analyze(USE, 'file:///use.cpp', { config, complete: true, workspace: ix })), []);
    // A slice for another thread carries them.
    const ix2 = new WorkspaceIndex();
    index(ix2, 'file:///create.cpp', analyze(CREATE, 'file:///create.cpp', { config, complete: true }));
    const rebuilt = new WorkspaceIndex();
    for (const part of ix2.slice('file:///use.cpp', () => true)) rebuilt.set(part.uri, part);
    assert.deepEqual(lines(analyze(USE, 'file:///use.cpp', { config, complete: true, workspace: rebuilt })), [6, 20]);
  });
});
