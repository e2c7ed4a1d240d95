// FrameGraph: a minimal render graph on enhanced barriers (ID3D12GraphicsCommandList7::Barrier). Passes declare the
// textures and buffers they touch; the graph batches the barriers between passes with the d3dx12 helpers.
#include <d3d12.h>
#include <vector>
#include <wrl/client.h>
#include "d3dx12.h"

using Microsoft::WRL::ComPtr;

namespace fg {

constexpr UINT kAllSubresources = 0xffffffff;
constexpr UINT kCascadeCount = 4;

struct TextureState {
    D3D12_BARRIER_SYNC sync;
    D3D12_BARRIER_ACCESS access;
    D3D12_BARRIER_LAYOUT layout;
};

// Collects barriers between two passes and submits them as one Barrier call.
class BarrierBatch {
public:
    void Texture(ID3D12Resource* texture, const TextureState& before, const TextureState& after)
    {
        m_textures.push_back(CD3DX12_TEXTURE_BARRIER(before.sync, after.sync, before.access, after.access,
            before.layout, after.layout, texture, CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources)));
    }

    void Buffer(ID3D12Resource* buffer, D3D12_BARRIER_SYNC syncBefore, D3D12_BARRIER_SYNC syncAfter,
                D3D12_BARRIER_ACCESS accessBefore, D3D12_BARRIER_ACCESS accessAfter)
    {
        m_buffers.emplace_back(syncBefore, syncAfter, accessBefore, accessAfter, buffer);
    }

    void Flush(ID3D12GraphicsCommandList7* cl)
    {
        std::vector<D3D12_BARRIER_GROUP> groups;
        if (!m_textures.empty())
            groups.push_back(CD3DX12_BARRIER_GROUP(static_cast<UINT32>(m_textures.size()), m_textures.data()));
        if (!m_buffers.empty())
            groups.push_back(CD3DX12_BARRIER_GROUP(static_cast<UINT32>(m_buffers.size()), m_buffers.data()));
        if (!groups.empty())
            cl->Barrier(static_cast<UINT32>(groups.size()), groups.data());
        m_textures.clear();
        m_buffers.clear();
    }

private:
    std::vector<CD3DX12_TEXTURE_BARRIER> m_textures;
    std::vector<CD3DX12_BUFFER_BARRIER> m_buffers;
};

class Renderer {
public:
    void CreateResources(ID3D12Device10* device);
    void RecordFrame(ID3D12GraphicsCommandList7* cl);

private:
    void ShadowPass(ID3D12GraphicsCommandList7* cl);
    void GBufferPass(ID3D12GraphicsCommandList7* cl);
    void LightCullingPass(ID3D12GraphicsCommandList7* cl);
    void LightingPass(ID3D12GraphicsCommandList7* cl);
    void BloomPass(ID3D12GraphicsCommandList7* cl);
    void ResolveToBackBuffer(ID3D12GraphicsCommandList7* cl);

    ComPtr<ID3D12Resource> m_shadowMap;
    ComPtr<ID3D12Resource> m_albedo;
    ComPtr<ID3D12Resource> m_normals;
    ComPtr<ID3D12Resource> m_depth;
    ComPtr<ID3D12Resource> m_hdr;
    ComPtr<ID3D12Resource> m_bloom;
    ComPtr<ID3D12Resource> m_lightList;
    ComPtr<ID3D12Resource> m_indirectArgs;
    ComPtr<ID3D12Resource> m_backBuffer;
    ComPtr<ID3D12CommandSignature> m_dispatchSignature;
    BarrierBatch m_batch;
    UINT m_width = 2560;
    UINT m_height = 1440;
};

void Renderer::CreateResources(ID3D12Device10* device)
{
    const CD3DX12_HEAP_PROPERTIES heap(D3D12_HEAP_TYPE_DEFAULT);
    const auto shadowDesc = CD3DX12_RESOURCE_DESC1::Tex2D(DXGI_FORMAT_D32_FLOAT, 2048, 2048, kCascadeCount, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL);
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &shadowDesc, D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE,
        nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_shadowMap));

    const auto colorDesc = CD3DX12_RESOURCE_DESC1::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, m_width, m_height, 1, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &colorDesc, D3D12_BARRIER_LAYOUT_RENDER_TARGET,
        nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_albedo));
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &colorDesc, D3D12_BARRIER_LAYOUT_RENDER_TARGET,
        nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_normals));

    const auto hdrDesc = CD3DX12_RESOURCE_DESC1::Tex2D(DXGI_FORMAT_R16G16B16A16_FLOAT, m_width, m_height, 1, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &hdrDesc, D3D12_BARRIER_LAYOUT_UNDEFINED,
        nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_hdr));

    const auto listDesc = CD3DX12_RESOURCE_DESC1::Buffer(4 * 1024 * 1024, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS);
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &listDesc, D3D12_BARRIER_LAYOUT_UNDEFINED,
        nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_lightList));
    device->CreateCommittedResource3(&heap, D3D12_HEAP_FLAG_NONE, &CD3DX12_RESOURCE_DESC1::Buffer(256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
        D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, nullptr, 0, nullptr, IID_PPV_ARGS(&m_indirectArgs));
}

void Renderer::ShadowPass(ID3D12GraphicsCommandList7* cl)
{
    // Last frame's lighting sampled the cascades; render into all of them again.
    m_batch.Texture(m_shadowMap.Get(),
        { D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE },
        { D3D12_BARRIER_SYNC_DEPTH_STENCIL, D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE, D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE });
    m_batch.Flush(cl);
    for (UINT cascade = 0; cascade < kCascadeCount; ++cascade)
        cl->DrawIndexedInstanced(36, 128, 0, 0, 0);
}

void Renderer::GBufferPass(ID3D12GraphicsCommandList7* cl)
{
    std::vector<CD3DX12_TEXTURE_BARRIER> barriers;
    barriers.emplace_back(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_RENDER_TARGET,
        D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_RENDER_TARGET,
        D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET,
        m_albedo.Get(), CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources));
    barriers.emplace_back(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_RENDER_TARGET,
        D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_RENDER_TARGET,
        D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET,
        m_normals.Get(), CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources));
    const CD3DX12_BARRIER_GROUP group(static_cast<UINT32>(barriers.size()), barriers.data());
    cl->Barrier(1, &group);
    cl->DrawIndexedInstanced(36, 4096, 0, 0, 0);
}

void Renderer::LightCullingPass(ID3D12GraphicsCommandList7* cl)
{
    // The light list is rebuilt from scratch every frame: its old contents do not matter.
    m_batch.Buffer(m_lightList.Get(), D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS);
    m_batch.Flush(cl);
    // The indirect arguments are cleared on the GPU before culling appends to them.
    // MISTAKE: SYNC_NONE says "no earlier work to wait for", so the access before must be NO_ACCESS.
    const CD3DX12_BUFFER_BARRIER toClear(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, m_indirectArgs.Get());
    const CD3DX12_BARRIER_GROUP clearGroup(1, &toClear);
    cl->Barrier(1, &clearGroup);
    cl->Dispatch(m_width / 16, m_height / 16, 1);

    CD3DX12_BUFFER_BARRIER toIndirect(D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_SYNC_EXECUTE_INDIRECT,
        D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, D3D12_BARRIER_ACCESS_INDIRECT_ARGUMENT, m_indirectArgs.Get());
    CD3DX12_BUFFER_BARRIER toRead(D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, m_lightList.Get());
    D3D12_BUFFER_BARRIER afterCulling[] = { toIndirect, toRead };
    const D3D12_BARRIER_GROUP group = CD3DX12_BARRIER_GROUP(_countof(afterCulling), afterCulling);
    cl->Barrier(1, &group);
}

void Renderer::LightingPass(ID3D12GraphicsCommandList7* cl)
{
    const D3D12_BARRIER_SYNC rtToSample[] = { D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING };
    D3D12_TEXTURE_BARRIER textures[] = {
        CD3DX12_TEXTURE_BARRIER(rtToSample[0], rtToSample[1], D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
            D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, m_albedo.Get(),
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources)),
        CD3DX12_TEXTURE_BARRIER(rtToSample[0], rtToSample[1], D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
            D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, m_normals.Get(),
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources)),
        // The shadow cascades were written as depth; sample them now.
        CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_DEPTH_STENCIL, D3D12_BARRIER_SYNC_PIXEL_SHADING,
            D3D12_BARRIER_ACCESS_DEPTH_STENCIL_WRITE, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
            D3D12_BARRIER_LAYOUT_DEPTH_STENCIL_WRITE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, m_shadowMap.Get(),
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(0, 1, 0, kCascadeCount)),
        // The HDR target holds nothing worth keeping from last frame.
        CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET,
            D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_RENDER_TARGET,
            D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_RENDER_TARGET, m_hdr.Get(),
            CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources), D3D12_TEXTURE_BARRIER_FLAG_DISCARD),
    };
    D3D12_BARRIER_GROUP group = CD3DX12_BARRIER_GROUP(_countof(textures), textures);
    cl->Barrier(1, &group);
    cl->DrawInstanced(3, 1, 0, 0);
}

void Renderer::BloomPass(ID3D12GraphicsCommandList7* cl)
{
    // MISTAKE: a RENDER_TARGET layout does not allow unordered access; the compute bloom needs UNORDERED_ACCESS.
    CD3DX12_TEXTURE_BARRIER toCompute(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_RENDER_TARGET, m_hdr.Get(),
        CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources));
    CD3DX12_BARRIER_GROUP group(1, &toCompute);
    cl->Barrier(1, &group);
    cl->Dispatch(m_width / 8, m_height / 8, 1);
}

void Renderer::ResolveToBackBuffer(ID3D12GraphicsCommandList7* cl)
{
    std::vector<D3D12_TEXTURE_BARRIER> toCopy;
    // MISTAKE: the bloom pass left m_hdr in the RENDER_TARGET layout, not UNORDERED_ACCESS.
    toCopy.push_back(CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_SYNC_COPY,
        D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, D3D12_BARRIER_ACCESS_COPY_SOURCE,
        D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, D3D12_BARRIER_LAYOUT_COPY_SOURCE, m_hdr.Get(),
        CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources)));
    toCopy.push_back(CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COPY,
        D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_COPY_DEST,
        D3D12_BARRIER_LAYOUT_PRESENT, D3D12_BARRIER_LAYOUT_COPY_DEST, m_backBuffer.Get(),
        CD3DX12_BARRIER_SUBRESOURCE_RANGE(kAllSubresources)));
    const D3D12_BARRIER_GROUP copyGroup = CD3DX12_BARRIER_GROUP(static_cast<UINT32>(toCopy.size()), toCopy.data());
    cl->Barrier(1, &copyGroup);
    cl->CopyResource(m_backBuffer.Get(), m_hdr.Get());
    m_batch.Texture(m_backBuffer.Get(),
        { D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_LAYOUT_COPY_DEST },
        { D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_LAYOUT_PRESENT });
    m_batch.Flush(cl);
}

void Renderer::RecordFrame(ID3D12GraphicsCommandList7* cl)
{
    ShadowPass(cl);
    GBufferPass(cl);
    LightCullingPass(cl);
    LightingPass(cl);
    BloomPass(cl);
    ResolveToBackBuffer(cl);
}

} // namespace fg
