// A call on a receiver no linted file declares (track/helper-frames.ts resolveHelper, extract/types.ts
// undeclaredName): the pre-commit recipe or an editor lints a renderer's .cpp without the header that declares its
// `RHI* mRHI;`. With the header, `mRHI->BeginFrame()` names the interface and resolves to no override; without it,
// the bare name picked `DX12RHI::BeginFrame` and two frames' transitions became an error the whole tree never shows.
// Silent: the renderer without its header (member and `this->` forms), and with it. Must fire: the same calls on an
// object declared as the derived class (a parameter), and on an undeclared member whose class has no base (the
// header would name that class, so the bare name is what it resolves to either way).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const RHI_H = `#pragma once
class RHI
{
public:
    virtual ~RHI() {}
    virtual void BeginFrame() = 0;
    virtual void EndFrame() = 0;
};
`;
const BACKEND_MEMBERS = `    void BeginFrame();
    void EndFrame();
private:
    Microsoft::WRL::ComPtr<ID3D12GraphicsCommandList> mList;
    Microsoft::WRL::ComPtr<ID3D12Resource> mBackBuffer;
};
`;
const backendHeader = (cls: string, base: string) => `#pragma once
#include <d3d12.h>
#include <wrl.h>
#include "rhi.h"
class ${cls}${base}
{
public:
${BACKEND_MEMBERS}`;
const backendSource = (cls: string) => `#include "${cls.toLowerCase()}.h"
void ${cls}::BeginFrame()
{
    mList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(mBackBuffer.Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
}
void ${cls}::EndFrame()
{
    mList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(mBackBuffer.Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
}
`;
const RENDERER_H = `#pragma once
#include "rhi.h"
class Renderer
{
public:
    void Frame();
private:
    RHI* mRHI;
};
`;
// Begins a frame twice: wrong on a DX12RHI (the back buffer is no longer PRESENT), unknown on an RHI.
const frame = (receiver: string) => `#include "renderer.h"
void Renderer::Frame()
{
    ${receiver}->BeginFrame();
    ${receiver}->BeginFrame();
    ${receiver}->EndFrame();
}
`;
const DIRECT_CPP = `#include "dx12rhi.h"
void DrawFrame(DX12RHI* rhi)
{
    rhi->BeginFrame();
    rhi->BeginFrame();
    rhi->EndFrame();
}
`;
const PRESENTER_CPP = `#include "renderer.h"
void Renderer::Present()
{
    mGpu->BeginFrame();
    mGpu->BeginFrame();
    mGpu->EndFrame();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(files: Record<string, string>, lint: string[]): string[] {
  const dir = tempTree(files);
  const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', ...lint], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

const BACKEND = { 'rhi.h': RHI_H, 'dx12rhi.h': backendHeader('DX12RHI', ' : public RHI'), 'dx12rhi.cpp': backendSource('DX12RHI') };

void describe('calls on receivers no linted file declares', () => {
  void it('stays silent on the renderer linted without the header declaring its RHI member', () => {
    const files = { ...BACKEND, 'renderer.cpp': frame('mRHI') };
    assert.deepEqual(findings(files, ['renderer.cpp', 'dx12rhi.h', 'dx12rhi.cpp']), []);
  });

  void it('stays silent on this->mRHI without the header too', () => {
    const files = { ...BACKEND, 'renderer.cpp': frame('this->mRHI') };
    assert.deepEqual(findings(files, ['renderer.cpp', 'dx12rhi.h', 'dx12rhi.cpp']), []);
  });

  void it('stays silent with the header (the member is the interface)', () => {
    const files = { ...BACKEND, 'renderer.h': RENDERER_H, 'renderer.cpp': frame('mRHI') };
    assert.deepEqual(findings(files, ['.']), []);
  });

  void it('still fires on an object declared as the backend class', () => {
    const files = { ...BACKEND, 'direct.cpp': DIRECT_CPP };
    assert.deepEqual(findings(files, ['direct.cpp', 'dx12rhi.h', 'dx12rhi.cpp']), ['direct.cpp:5:legacy-state-mismatch']);
  });

  void it('still fires on an undeclared member whose class has no base', () => {
    const files = { 'rhi.h': RHI_H, 'gpu.h': backendHeader('Gpu', ''), 'gpu.cpp': backendSource('Gpu'), 'renderer.cpp': PRESENTER_CPP };
    assert.deepEqual(findings(files, ['renderer.cpp', 'gpu.h', 'gpu.cpp']), ['renderer.cpp:5:legacy-state-mismatch']);
  });
});
