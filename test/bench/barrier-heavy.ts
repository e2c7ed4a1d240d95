// The 1 MB barrier-heavy generated input of the benchmarks: functions in four styles (d3dx12 helper arrays and
// groups, raw struct fields, a vector filled in a loop, legacy ResourceBarrier arrays). Every barrier is valid on
// its own (before = one consistent use, after = the next) and the file compiles with the real DirectX-Headers
// (`clang++ -fsyntax-only`, see bench-analyze.ts), so the clang anchor measures a real front-end run.

/** Consistent (sync, access, layout, legacy state) uses, so the generated barriers are valid and chain. */
const USES = [
  ['D3D12_BARRIER_SYNC_RENDER_TARGET', 'D3D12_BARRIER_ACCESS_RENDER_TARGET', 'D3D12_BARRIER_LAYOUT_RENDER_TARGET', 'D3D12_RESOURCE_STATE_RENDER_TARGET'],
  ['D3D12_BARRIER_SYNC_PIXEL_SHADING', 'D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE'],
  ['D3D12_BARRIER_SYNC_COMPUTE_SHADING', 'D3D12_BARRIER_ACCESS_UNORDERED_ACCESS', 'D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS', 'D3D12_RESOURCE_STATE_UNORDERED_ACCESS'],
  ['D3D12_BARRIER_SYNC_COPY', 'D3D12_BARRIER_ACCESS_COPY_DEST', 'D3D12_BARRIER_LAYOUT_COPY_DEST', 'D3D12_RESOURCE_STATE_COPY_DEST'],
];
const SYNCS = USES.map((u) => u[0]);
const ACCESSES = USES.map((u) => u[1]);
const LAYOUTS = USES.map((u) => u[2]);
const STATES = USES.map((u) => u[3]);

/** One function of barrier code; `n` picks the style and the values. */
function barrierFunction(n: number): string {
  // Before = use k, after = use k + 1: every barrier is valid on its own.
  const k = n % USES.length;
  const p = <T>(list: T[], i: number): T => list[(k + (i % 2)) % list.length];
  const tex = `CD3DX12_TEXTURE_BARRIER(${p(SYNCS, 0)}, ${p(SYNCS, 1)}, ${p(ACCESSES, 2)}, ${p(ACCESSES, 3)},
        ${p(LAYOUTS, 4)}, ${p(LAYOUTS, 5)}, textures[${n % 8}], CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff))`;
  switch (n % 4) {
    case 0: return `
void PassHelpers${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures, ID3D12Resource* buf) {
    D3D12_TEXTURE_BARRIER texBarriers[] = {
        ${tex},
    };
    D3D12_BUFFER_BARRIER bufBarriers[] = {
        CD3DX12_BUFFER_BARRIER(${SYNCS[2 + (n % 2)]}, ${SYNCS[3 - (n % 2)]}, ${ACCESSES[2 + (n % 2)]}, ${ACCESSES[3 - (n % 2)]}, buf),
    };
    D3D12_BARRIER_GROUP groups[] = {
        CD3DX12_BARRIER_GROUP(_countof(texBarriers), texBarriers),
        CD3DX12_BARRIER_GROUP(_countof(bufBarriers), bufBarriers),
    };
    cl->Barrier(_countof(groups), groups);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;
    case 1: return `
void PassRaw${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures) {
    D3D12_TEXTURE_BARRIER barrier = {};
    barrier.SyncBefore = ${p(SYNCS, 0)};
    barrier.SyncAfter = ${p(SYNCS, 1)};
    barrier.AccessBefore = ${p(ACCESSES, 2)};
    barrier.AccessAfter = ${p(ACCESSES, 3)};
    barrier.LayoutBefore = ${p(LAYOUTS, 4)};
    barrier.LayoutAfter = ${p(LAYOUTS, 5)};
    barrier.pResource = textures[${n % 8}];
    barrier.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    D3D12_BARRIER_GROUP group = {};
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = 1;
    group.pTextureBarriers = &barrier;
    cl->Barrier(1, &group);
    cl->Dispatch(8, 8, 1);
}
`;
    case 2: return `
void PassVector${n}(ID3D12GraphicsCommandList7* cl, ID3D12Resource* const* textures, UINT count) {
    std::vector<CD3DX12_TEXTURE_BARRIER> barriers;
    for (UINT i = 0; i < count; ++i) {
        barriers.emplace_back(${p(SYNCS, 0)}, ${p(SYNCS, 1)}, ${p(ACCESSES, 2)}, ${p(ACCESSES, 3)},
            ${p(LAYOUTS, 4)}, ${p(LAYOUTS, 5)}, textures[i], CD3DX12_BARRIER_SUBRESOURCE_RANGE(0, 1, 0, 1));
    }
    const CD3DX12_BARRIER_GROUP group(static_cast<UINT32>(barriers.size()), barriers.data());
    cl->Barrier(1, &group);
}
`;
    default: return `
void PassLegacy${n}(ID3D12GraphicsCommandList* cl, ID3D12Resource* const* textures) {
    D3D12_RESOURCE_BARRIER barriers[2];
    UINT count = 0;
    barriers[count++] = CD3DX12_RESOURCE_BARRIER::Transition(textures[${n % 8}], ${p(STATES, 0)}, ${p(STATES, 1)});
    barriers[count++] = CD3DX12_RESOURCE_BARRIER::UAV(textures[${(n + 1) % 8}]);
    cl->ResourceBarrier(count, barriers);
    cl->CopyResource(textures[${(n + 2) % 8}], textures[${(n + 3) % 8}]);
}
`;
  }
}

/** Functions in the four styles until the file has at least `bytes` characters. */
export function barrierHeavy(bytes: number): string {
  let text = '#include <d3d12.h>\n#include <vector>\n#include "d3dx12.h"\n\n#ifndef _countof\n#define _countof(a) (sizeof(a) / sizeof((a)[0]))\n#endif\n';
  for (let n = 0; text.length < bytes; n++) text += barrierFunction(n);
  return text;
}
