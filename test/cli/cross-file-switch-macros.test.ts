// Compile-time switches a header of the run sets (`#define TAA_ENABLED 1` in a config header the .cpp includes): an
// `#if TAA_ENABLED … #else … #endif` in a function body takes the compiled side only, as it already did for a switch
// the .cpp itself defines (extract/switch-macros.ts). Before, both sides were run-time paths: the side that is never
// compiled gave false warnings (an MSAA target created in RESOLVE_SOURCE under `#if`, the same array holding the
// swap chain's buffers under `#else`, reported at Present), and a mistake on the compiled side was only a "some
// path" warning. Kept as before: a header that defines the switch twice with different values (no one value) and a
// switch another .cpp defines (its own translation unit).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

/** History copy under `#if TAA_ENABLED`; the barrier after the block names PIXEL_SHADER_RESOURCE (wrong under TAA). */
const POST_CPP = `#include <d3d12.h>
#include "render_switches.h"

struct PostChain
{
    ID3D12Resource* history;
    ID3D12Resource* scene;
};

void RecordPost(PostChain& pc, ID3D12GraphicsCommandList* cmd)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = pc.history;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_DEST;
    cmd->ResourceBarrier(1, &b);
#if TAA_ENABLED
    cmd->CopyResource(pc.history, pc.scene);
#else
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_DEST;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    cmd->ResourceBarrier(1, &b);
#endif
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    cmd->ResourceBarrier(1, &b);
}
`;

/** Offscreen MSAA targets under `#if WANT_OFFSCREEN_AA`, the swap chain's buffers in the same array under `#else`. */
const PRESENT_CPP = `#include <d3d12.h>
#include <dxgi1_4.h>
#include "gfx_options.h"

static ID3D12Resource* g_target[2];
static ID3D12Resource* g_chain[2];
static IDXGISwapChain3* g_swap;
static ID3D12CommandQueue* g_queue;
static ID3D12GraphicsCommandList* g_list;

bool MakeTargets(ID3D12Device* dev)
{
    for (UINT n = 0; n < 2; ++n)
    {
#if WANT_OFFSCREEN_AA
        D3D12_HEAP_PROPERTIES hp = { D3D12_HEAP_TYPE_DEFAULT };
        D3D12_RESOURCE_DESC rd = {};
        rd.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
        rd.Width = 64; rd.Height = 64; rd.DepthOrArraySize = 1; rd.MipLevels = 1;
        rd.Format = DXGI_FORMAT_R8G8B8A8_UNORM; rd.SampleDesc.Count = 4;
        rd.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
        dev->CreateCommittedResource(&hp, D3D12_HEAP_FLAG_NONE, &rd, D3D12_RESOURCE_STATE_RESOLVE_SOURCE, nullptr, IID_PPV_ARGS(&g_target[n]));
        g_swap->GetBuffer(n, IID_PPV_ARGS(&g_chain[n]));
#else
        g_swap->GetBuffer(n, IID_PPV_ARGS(&g_target[n]));
#endif
    }
    return true;
}

void Frame(UINT cur)
{
    D3D12_RESOURCE_BARRIER toRt = {};
    toRt.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    toRt.Transition.pResource = g_target[cur];
    toRt.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    toRt.Transition.StateBefore = WANT_OFFSCREEN_AA ? D3D12_RESOURCE_STATE_RESOLVE_SOURCE : D3D12_RESOURCE_STATE_PRESENT;
    toRt.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    g_list->ResourceBarrier(1, &toRt);
#if WANT_OFFSCREEN_AA
    D3D12_RESOURCE_BARRIER back = toRt;
    back.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    back.Transition.StateAfter = D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
    g_list->ResourceBarrier(1, &back);
    g_list->ResolveSubresource(g_chain[cur], 0, g_target[cur], 0, DXGI_FORMAT_R8G8B8A8_UNORM);
#else
    D3D12_RESOURCE_BARRIER back = toRt;
    back.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    back.Transition.StateAfter = D3D12_RESOURCE_STATE_PRESENT;
    g_list->ResourceBarrier(1, &back);
#endif
    g_list->Close();
    ID3D12CommandList* lists[] = { g_list };
    g_queue->ExecuteCommandLists(1, lists);
    g_swap->Present(1, 0);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.severity}:${d.rule}`));
}

function run(files: Record<string, string>, jobs = '1'): string[] {
  const r = runCli(['--format', 'json', '--jobs', jobs, 'src'], tempTree(files));
  return findings(r.stdout);
}

void describe('compile-time switches of a header of the run', () => {
  void it('the compiled side only: a wrong StateBefore after `#if TAA_ENABLED` is an error (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) {
      assert.deepEqual(run({ 'src/render_switches.h': '#pragma once\n#define TAA_ENABLED 1\n', 'src/post.cpp': POST_CPP }, jobs), ['post.cpp:28:error:legacy-state-mismatch']);
    }
  });

  void it('switched off, the #else side restores the state: silent', () => {
    assert.deepEqual(run({ 'src/render_switches.h': '#pragma once\n#define TAA_ENABLED 0\n', 'src/post.cpp': POST_CPP }), []);
  });

  void it('facts of a side never compiled do not meet the other side\'s: Present of the swap chain\'s buffer is silent', () => {
    assert.deepEqual(run({ 'src/gfx_options.h': '#pragma once\n#define WANT_OFFSCREEN_AA 0\n', 'src/present.cpp': PRESENT_CPP }), []);
  });

  void it('a header defining the switch twice has no one value: both sides, as before', () => {
    const twice = '#pragma once\n#ifdef SHIPPING\n#define TAA_ENABLED 1\n#else\n#define TAA_ENABLED 0\n#endif\n';
    assert.deepEqual(run({ 'src/render_switches.h': twice, 'src/post.cpp': POST_CPP }), ['post.cpp:28:warning:legacy-state-mismatch']);
  });

  void it('a switch another .cpp defines is that file\'s own: both sides, as before', () => {
    const other = '#define TAA_ENABLED 1\nvoid Unrelated() {}\n';
    assert.deepEqual(run({ 'src/other.cpp': other, 'src/post.cpp': POST_CPP.replace('#include "render_switches.h"\n', '') }), ['post.cpp:27:warning:legacy-state-mismatch']);
  });
});
