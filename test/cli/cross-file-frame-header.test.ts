// The frame invariant where real code declares its classes: in a header (extract/header-frame-members.ts). A .cpp
// defines `Cls::Render()`, which alone moves a texture member the .cpp creates; the header the .cpp includes declares
// the member as a private field it names nowhere else. With the header in the run, the member is a frame member as
// if the class were in the .cpp (track/frame-invariant.ts); anything that lets other code reach the member — an inline
// getter, a public field, a method of the class in a third file — or a header the run does not read, is silence. The
// refusals of the one-file case hold as well: a parameter indexing the member array, a once-only flag the header
// declares with its initializer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';
import { FIELD_CPP, FIELD_H } from '../harness/frame-header-pair';

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; message: string }[] }[] };

/** The run's errors and warnings as `file:line:rule`, and whether each says the previous call left the state. */
function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function lint(files: Record<string, string>, targets: string[] = ['src']): string[] {
  const dir = tempTree(files);
  const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', ...targets], dir);
  return findings(run.stdout);
}

// ---- a haze target left in RENDER_TARGET; its pass is per frame because Render() calls it (CD3DX12) ----
const HAZE_H = `#pragma once
#include <d3d12.h>
class HazeStage
{
public:
    void Create(ID3D12Device* device, UINT64 w, UINT h);
    void Render();
    void Apply();
private:
    ID3D12Resource* m_haze = nullptr;
    ID3D12GraphicsCommandList* m_list = nullptr;
    D3D12_CPU_DESCRIPTOR_HANDLE m_rtv{};
};
`;
const HAZE_CPP = `#include "../include/HazeStage.h"
#include "d3dx12.h"
static const float kClear[4] = { 0.f, 0.f, 0.f, 0.f };
void HazeStage::Create(ID3D12Device* device, UINT64 w, UINT h)
{
    CD3DX12_HEAP_PROPERTIES gpu(D3D12_HEAP_TYPE_DEFAULT);
    auto d = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R16G16B16A16_FLOAT, w, h, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    device->CreateCommittedResource(&gpu, D3D12_HEAP_FLAG_NONE, &d, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, nullptr, IID_PPV_ARGS(&m_haze));
}
void HazeStage::Apply()
{
    auto toTarget = CD3DX12_RESOURCE_BARRIER::Transition(m_haze, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    m_list->ResourceBarrier(1, &toTarget);
    m_list->ClearRenderTargetView(m_rtv, kClear, 0, nullptr);
    m_list->DrawInstanced(3, 1, 0, 0);
}
void HazeStage::Render()
{
    Apply();
}
`;

// ---- a depth map left in DEPTH_READ through a barrier helper of the file (the method names a barrier) ----
const DEPTH_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
class LightDepth
{
    Microsoft::WRL::ComPtr<ID3D12Resource> m_depth;
    D3D12_CPU_DESCRIPTOR_HANDLE m_dsv{};
public:
    void Allocate(ID3D12Device* device, UINT size);
    void Draw(ID3D12GraphicsCommandList* cl);
};
`;
const DEPTH_CPP = `#include "LightDepth.h"
#include "d3dx12.h"
static void SetBarrier(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(r, from, to);
    cl->ResourceBarrier(1, &b);
}
void LightDepth::Allocate(ID3D12Device* device, UINT size)
{
    CD3DX12_HEAP_PROPERTIES gpu(D3D12_HEAP_TYPE_DEFAULT);
    auto d = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_D32_FLOAT, size, size, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    device->CreateCommittedResource(&gpu, D3D12_HEAP_FLAG_NONE, &d, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, nullptr, IID_PPV_ARGS(&m_depth));
}
void LightDepth::Draw(ID3D12GraphicsCommandList* cl)
{
    SetBarrier(cl, m_depth.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    cl->ClearDepthStencilView(m_dsv, D3D12_CLEAR_FLAG_DEPTH, 1.0f, 0, 0, nullptr);
    cl->DrawIndexedInstanced(600, 1, 0, 0, 0);
    SetBarrier(cl, m_depth.Get(), D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_DEPTH_READ);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

void describe('frame members of a class declared in a header', () => {
  void it('must fire: the three shapes with the class in a header of the run', () => {
    assert.deepEqual(lint({ 'src/FieldView.h': FIELD_H, 'src/FieldView.cpp': FIELD_CPP }), ['FieldView.cpp:19:legacy-state-mismatch']);
    // The header reached by a relative path from the .cpp's directory.
    assert.deepEqual(lint({ 'src/include/HazeStage.h': HAZE_H, 'src/passes/HazeStage.cpp': HAZE_CPP }), ['HazeStage.cpp:13:legacy-state-mismatch']);
    assert.deepEqual(lint({ 'src/LightDepth.h': DEPTH_H, 'src/LightDepth.cpp': DEPTH_CPP }), ['LightDepth.cpp:16:legacy-state-mismatch']);
  });

  void it('the report says the previous call left the state', () => {
    const dir = tempTree({ 'src/FieldView.h': FIELD_H, 'src/FieldView.cpp': FIELD_CPP });
    const run = runCli(['--no-cache', '--jobs', '1', 'src'], dir);
    assert.match(run.stdout, /the previous call of OnRender\(\) left 'm_field' in D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE here/);
  });

  void it('silent: a header the run does not read', () => {
    assert.deepEqual(lint({ 'src/FieldView.h': FIELD_H, 'src/FieldView.cpp': FIELD_CPP }, ['src/FieldView.cpp']), []);
    assert.deepEqual(lint({ 'src/FieldView.cpp': FIELD_CPP }), []);
  });

  void it('silent: an inline getter in the header hands the member out', () => {
    const h = FIELD_H.replace('    void OnRender();\n', '    void OnRender();\n    ID3D12Resource* Field() const { return m_field.Get(); }\n');
    assert.deepEqual(lint({ 'src/FieldView.h': h, 'src/FieldView.cpp': FIELD_CPP }), []);
  });

  void it('silent: a public member, a friend, or a method of the class in a third file', () => {
    const pub = FIELD_H.replace('private:\n    ComPtr<ID3D12Resource> m_field;\n', '    ComPtr<ID3D12Resource> m_field;\nprivate:\n');
    assert.deepEqual(lint({ 'src/FieldView.h': pub, 'src/FieldView.cpp': FIELD_CPP }), []);
    const friend = FIELD_H.replace('private:\n', '    friend class Inspector;\nprivate:\n');
    assert.deepEqual(lint({ 'src/FieldView.h': friend, 'src/FieldView.cpp': FIELD_CPP }), []);
    const third = `#include "FieldView.h"\nvoid FieldView::Resize(UINT side) { Setup(nullptr, side); }\n`;
    assert.deepEqual(lint({ 'src/FieldView.h': FIELD_H, 'src/FieldView.cpp': FIELD_CPP, 'src/FieldViewResize.cpp': third }), []);
  });

  void it('silent: a member array indexed by a parameter', () => {
    const h = FIELD_H.replace('void OnRender();', 'void OnRender(UINT slot);').replace('ComPtr<ID3D12Resource> m_field;', 'ComPtr<ID3D12Resource> m_field[2];');
    const cpp = FIELD_CPP.replace('void FieldView::OnRender()', 'void FieldView::OnRender(UINT slot)').replace('IID_PPV_ARGS(&m_field)', 'IID_PPV_ARGS(&m_field[0])')
      .replace('b.Transition.pResource = m_field.Get();', 'b.Transition.pResource = m_field[slot].Get();');
    assert.deepEqual(lint({ 'src/FieldView.h': h, 'src/FieldView.cpp': cpp }), []);
  });

  void it('silent: a once-only flag the header declares with its initializer', () => {
    const h = FIELD_H.replace('ComPtr<ID3D12Resource> m_field;', 'ComPtr<ID3D12Resource> m_field;\n    bool m_shown = false;');
    const cpp = FIELD_CPP.replace('    D3D12_RESOURCE_BARRIER b = {};', '    if (!m_shown) {\n    D3D12_RESOURCE_BARRIER b = {};')
      .replace('    m_cl->ResourceBarrier(1, &b);\n', '    m_cl->ResourceBarrier(1, &b);\n    m_shown = true;\n    }\n');
    assert.deepEqual(lint({ 'src/FieldView.h': h, 'src/FieldView.cpp': cpp }), []);
  });
});
