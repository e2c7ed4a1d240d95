// Barrier structs held by a class member that only the class's header declares (extract/member-barriers.ts,
// cli/cross-file.ts): the course engines' `DirectXCommon` keeps `D3D12_RESOURCE_BARRIER barrier_{};` in
// DirectXCommon.h, and `PreDraw()` in DirectXCommon.cpp fills and submits it. Without the header's type the member's
// writes were no barrier and the submit read nothing. Must fire: the first frame moves the render texture from
// PIXEL_SHADER_RESOURCE while it was created in RENDER_TARGET. Silent: created in PIXEL_SHADER_RESOURCE.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const COMMON_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
class DirectXCommon
{
public:
    void Initialize(ID3D12Device* device);
    void PreDraw();
    void PostDraw();
private:
    D3D12_RESOURCE_BARRIER barrier_{};
    Microsoft::WRL::ComPtr<ID3D12Resource> renderTexture_;
    Microsoft::WRL::ComPtr<ID3D12GraphicsCommandList> commandList_;
};
`;
const commonCpp = (initial: string): string => `#include "common.h"
void DirectXCommon::Initialize(ID3D12Device* device)
{
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 1280;
    desc.Height = 720;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, ${initial}, nullptr, IID_PPV_ARGS(&renderTexture_));
}
void DirectXCommon::PreDraw()
{
    barrier_ = {};
    barrier_.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier_.Transition.pResource = renderTexture_.Get();
    barrier_.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    barrier_.Transition.StateAfter = D3D12_RESOURCE_STATE_RENDER_TARGET;
    commandList_->ResourceBarrier(1, &barrier_);
}
void DirectXCommon::PostDraw()
{
    barrier_.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    barrier_.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    commandList_->ResourceBarrier(1, &barrier_);
}
`;
const GAME_CPP = `#include "common.h"
void RunGame(ID3D12Device* device)
{
    DirectXCommon dx;
    dx.Initialize(device);
    dx.PreDraw();
    dx.PostDraw();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function tree(initial: string): string {
  return tempTree({ 'src/common.h': COMMON_H, 'src/common.cpp': commonCpp(initial), 'src/game.cpp': GAME_CPP });
}

void describe('barrier structs of header-declared members', () => {
  void it('reads the member barrier the method fills (--jobs 1 and 2)', () => {
    const dir = tree('D3D12_RESOURCE_STATE_RENDER_TARGET');
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['game.cpp:6:legacy-state-mismatch'], run.stdout);
    }
  });

  void it('stays silent when the texture starts in the state the first barrier names', () => {
    const dir = tree('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
