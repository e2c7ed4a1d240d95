// A generated barrier-heavy C++ file for the language-server benchmark: one render pass per function, with an
// enhanced texture and buffer barrier (some with findings), a group, Barrier, a legacy Transition and draws.

function pass(n: number): string {
  const sync = ['D3D12_BARRIER_SYNC_NONE', 'D3D12_BARRIER_SYNC_ALL', 'D3D12_BARRIER_SYNC_PIXEL_SHADING', 'D3D12_BARRIER_SYNC_COMPUTE_SHADING'];
  const access = ['D3D12_BARRIER_ACCESS_NO_ACCESS', 'D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_ACCESS_UNORDERED_ACCESS'];
  const layout = ['D3D12_BARRIER_LAYOUT_UNDEFINED', 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS'];
  return `
// Pass ${n}: 中文注释 😀
void Pass${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, ID3D12Resource* buf)
{
    CD3DX12_TEXTURE_BARRIER toRead(${sync[n % 4]}, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        ${access[n % 3]}, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        ${layout[n % 3]}, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BUFFER_BARRIER toUav(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, buf);
    CD3DX12_BARRIER_GROUP groups[] = { CD3DX12_BARRIER_GROUP(1, &toRead), CD3DX12_BARRIER_GROUP(1, &toUav) };
    cl->Barrier(2, groups);
    cl->DrawInstanced(3, 1, 0, 0);
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(buf,
        D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST));
    cl->Dispatch(1, 1, 1);
}
`;
}

/** A C++ file of at least `lines` lines made of such passes. */
export function barrierHeavyFile(lines: number): string {
  let text = '#include <d3d12.h>\n#include "d3dx12.h"\n';
  for (let n = 0; text.split('\n').length < lines; n++) text += pass(n);
  return text;
}

