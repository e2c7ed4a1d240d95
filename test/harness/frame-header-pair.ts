/**
 * A class declared in a header and its per-frame method defined in the .cpp (extract/header-frame-members.ts): the
 * compute result is moved UNORDERED_ACCESS → PIXEL_SHADER_RESOURCE every frame and never moved back, so the second
 * frame's barrier (line 19 of the .cpp) names the wrong before-state. The CLI's run and the editor's workspace index
 * are each tested on it.
 */
export const FIELD_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>
using Microsoft::WRL::ComPtr;
class FieldView {
public:
    void Setup(ID3D12Device* device, UINT side);
    void OnRender();
private:
    ComPtr<ID3D12Resource> m_field;
    ComPtr<ID3D12GraphicsCommandList> m_cl;
    ComPtr<ID3D12PipelineState> m_solve, m_show;
};
`;
export const FIELD_CPP = `#include "FieldView.h"
#include "d3dx12.h"
void FieldView::Setup(ID3D12Device* device, UINT side)
{
    CD3DX12_HEAP_PROPERTIES gpu(D3D12_HEAP_TYPE_DEFAULT);
    auto tex = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R32_FLOAT, side, side, 1, 1, 1, 0, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    device->CreateCommittedResource(&gpu, D3D12_HEAP_FLAG_NONE, &tex, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, nullptr, IID_PPV_ARGS(&m_field));
}
void FieldView::OnRender()
{
    m_cl->SetPipelineState(m_solve.Get());
    m_cl->Dispatch(16, 16, 1);
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = m_field.Get();
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    m_cl->ResourceBarrier(1, &b);
    m_cl->SetPipelineState(m_show.Get());
    m_cl->DrawInstanced(3, 1, 0, 0);
}
`;

