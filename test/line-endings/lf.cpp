// Line endings: every surface reports the same positions whatever ends the lines (日本語, 😀, tabs).
#include <d3d12.h>
#include "d3dx12.h"
void Transition(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
  D3D12_TEXTURE_BARRIER barrier =
    CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_ALL,
	/*😀*/D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
      D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
      tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
  D3D12_BARRIER_GROUP group = CD3DX12_BARRIER_GROUP(1, &barrier);
  cl->Barrier(1, &group); // a comment that must end at this line's end
  /* 日本 */	cl->Close(); // barrierlint-disable-line no-such-rule-here
}
