// Barrier helpers another file of the run defines (extract/imported-helpers.ts). A helper returning a barrier
// (`D3D12_RESOURCE_BARRIER Make_D3D12_RESOURCE_BARRIER(res, from, to)` in util.cpp, declared in util.h; a namespaced
// `CD3DX12_RESOURCE_BARRIER` wrapper inline in a header), a fill helper (`*out = {}; out->… = …;`) and a submit helper
// wrapping the caller's texture barrier into a group: each is instantiated at the calls of the other files, as a
// helper of the file's own is. Before, only calls inside the helper's own file were checked (a renderer whose
// barriers all go through such a helper, AdamJohnson64/Protoshop, had 15 of its 17 barriers unchecked). Must fire: the
// second barrier's before-state is not the state the first left. Silent: the correct sequence. The file's own
// definition of a name wins over another file's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const UTIL_H = `#pragma once
#include <d3d12.h>
D3D12_RESOURCE_BARRIER Make_D3D12_RESOURCE_BARRIER(ID3D12Resource *res, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to);
`;
const UTIL_CPP = `#include "util.h"
D3D12_RESOURCE_BARRIER Make_D3D12_RESOURCE_BARRIER(ID3D12Resource *res, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    D3D12_RESOURCE_BARRIER desc = {};
    desc.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    desc.Transition.pResource = res;
    desc.Transition.StateBefore = from;
    desc.Transition.StateAfter = to;
    desc.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    return desc;
}
`;
const returned = (before: string) => `#include "util.h"
#include <functional>
void RunSynchronously(ID3D12Device *device, std::function<void(ID3D12GraphicsCommandList *)> fn);
void Frame(ID3D12Device *device, ID3D12Resource *backBuffer)
{
    RunSynchronously(device, [&](ID3D12GraphicsCommandList *cl) {
        cl->ResourceBarrier(1, &Make_D3D12_RESOURCE_BARRIER(backBuffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
        cl->ResourceBarrier(1, &Make_D3D12_RESOURCE_BARRIER(backBuffer, ${before}, D3D12_RESOURCE_STATE_PRESENT));
    });
}
void Upload(ID3D12GraphicsCommandList *cl, ID3D12Resource *tex)
{
    auto toCopy = Make_D3D12_RESOURCE_BARRIER(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &toCopy);
    D3D12_RESOURCE_BARRIER toRead = Make_D3D12_RESOURCE_BARRIER(tex, ${before === 'D3D12_RESOURCE_STATE_RENDER_TARGET' ? 'D3D12_RESOURCE_STATE_COPY_DEST' : 'D3D12_RESOURCE_STATE_COMMON'}, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->ResourceBarrier(1, &toRead);
}
`;

const BARRIERS_H = `#pragma once
#include <d3d12.h>
namespace gfx
{
inline CD3DX12_RESOURCE_BARRIER Transition(ID3D12Resource *r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    return CD3DX12_RESOURCE_BARRIER::Transition(r, from, to);
}
}
void FillLayoutBarrier(D3D12_TEXTURE_BARRIER *out, ID3D12Resource *tex, D3D12_BARRIER_LAYOUT before, D3D12_BARRIER_LAYOUT after);
void Submit(ID3D12GraphicsCommandList7 *cl, const D3D12_TEXTURE_BARRIER *barriers, UINT count);
`;
const BARRIERS_CPP = `#include "barriers.h"
void FillLayoutBarrier(D3D12_TEXTURE_BARRIER *out, ID3D12Resource *tex, D3D12_BARRIER_LAYOUT before, D3D12_BARRIER_LAYOUT after)
{
    *out = {};
    out->SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    out->SyncAfter = D3D12_BARRIER_SYNC_PIXEL_SHADING;
    out->AccessBefore = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    out->AccessAfter = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    out->LayoutBefore = before;
    out->LayoutAfter = after;
    out->pResource = tex;
    out->Subresources.IndexOrFirstMipLevel = 0xffffffff;
}
void Submit(ID3D12GraphicsCommandList7 *cl, const D3D12_TEXTURE_BARRIER *barriers, UINT count)
{
    D3D12_BARRIER_GROUP group = {};
    group.Type = D3D12_BARRIER_TYPE_TEXTURE;
    group.NumBarriers = count;
    group.pTextureBarriers = barriers;
    cl->Barrier(1, &group);
}
`;
const wrapped = (before: string) => `#include "barriers.h"
void Copy(ID3D12GraphicsCommandList *cl, ID3D12Resource *tex)
{
    cl->ResourceBarrier(1, &gfx::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST));
    auto toRead = gfx::Transition(tex, ${before}, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->ResourceBarrier(1, &toRead);
}
`;
const particles = (clear: string) => `#include "barriers.h"
void Particles(ID3D12GraphicsCommandList7 *cl, ID3D12Resource *density, D3D12_GPU_DESCRIPTOR_HANDLE gpu, D3D12_CPU_DESCRIPTOR_HANDLE cpu)
{
    const float zero[4] = {};
    D3D12_TEXTURE_BARRIER b;
    FillLayoutBarrier(&b, density, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    Submit(cl, &b, 1);
    cl->DrawInstanced(3, 1, 0, 0);
${clear}
}
`;
const CLEAR = '    cl->ClearUnorderedAccessViewFloat(gpu, cpu, density, zero, 0, nullptr);';

interface Out { files: { path: string; diagnostics: { rule: string; line: number; column: number; severity: string }[] }[] }
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`)).sort();
const lint = (files: Record<string, string>) => found(runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], tempTree(files)).stdout);

void describe('barrier helpers another file of the run defines', () => {
  void it('instantiates a helper returning a barrier at the calls of another file', () => {
    assert.deepEqual(lint({ 'src/util.h': UTIL_H, 'src/util.cpp': UTIL_CPP, 'src/a.cpp': returned('D3D12_RESOURCE_STATE_COPY_DEST') }), [
      'a.cpp:16:legacy-state-mismatch', 'a.cpp:8:legacy-state-mismatch',
    ]);
    assert.deepEqual(lint({ 'src/util.h': UTIL_H, 'src/util.cpp': UTIL_CPP, 'src/a.cpp': returned('D3D12_RESOURCE_STATE_RENDER_TARGET') }), []);
  });
  void it('instantiates a namespaced CD3DX12 wrapper defined inline in a header', () => {
    assert.deepEqual(lint({ 'src/barriers.h': BARRIERS_H, 'src/barriers.cpp': BARRIERS_CPP, 'src/copy.cpp': wrapped('D3D12_RESOURCE_STATE_COMMON') }), ['copy.cpp:6:legacy-state-mismatch']);
    assert.deepEqual(lint({ 'src/barriers.h': BARRIERS_H, 'src/barriers.cpp': BARRIERS_CPP, 'src/copy.cpp': wrapped('D3D12_RESOURCE_STATE_COPY_DEST') }), []);
  });
  void it('follows a fill helper and a submit helper of another file', () => {
    assert.deepEqual(lint({ 'src/barriers.h': BARRIERS_H, 'src/barriers.cpp': BARRIERS_CPP, 'src/particles.cpp': particles(CLEAR) }), ['particles.cpp:9:invalid-subresource-state']);
    assert.deepEqual(lint({ 'src/barriers.h': BARRIERS_H, 'src/barriers.cpp': BARRIERS_CPP, 'src/particles.cpp': particles('') }), []);
  });
  void it("keeps the file's own definition of the name", () => {
    // The file's own Make_D3D12_RESOURCE_BARRIER builds a UAV barrier: no transition, so no mismatch.
    const own = `D3D12_RESOURCE_BARRIER Make_D3D12_RESOURCE_BARRIER(ID3D12Resource *res, D3D12_RESOURCE_STATES, D3D12_RESOURCE_STATES)
{
    D3D12_RESOURCE_BARRIER desc = {};
    desc.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    desc.UAV.pResource = res;
    return desc;
}
`;
    assert.deepEqual(lint({ 'src/util.h': UTIL_H, 'src/util.cpp': UTIL_CPP, 'src/a.cpp': `${returned('D3D12_RESOURCE_STATE_COPY_DEST')}${own}` }), []);
  });
});
