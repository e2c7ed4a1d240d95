// Virtual frame methods across files (track/helper-frames.ts overridingClass): the book samples' layout — a
// framework class (app.h/app.cpp) whose `Run()` loop calls the pure virtual `Update()`/`Draw()`, two sample apps
// overriding them (blur, box), and `main` running one of them (`BlurApp app; app.Run();`). With two overrides in the
// run, `Draw()` in `App::Run` resolved to nothing; called on a BlurApp it is BlurApp's. Must fire: the blur map starts
// each frame from COMMON but the first frame leaves it in UNORDERED_ACCESS (the second frame's #527). Silent: the blur
// sample moves the map back to COMMON at the end of its frame.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const APP_H = `#pragma once
#include <d3d12.h>
#include <wrl.h>
class App
{
public:
    virtual ~App() {}
    virtual bool Initialize();
    int Run();
protected:
    virtual void Update() = 0;
    virtual void Draw() = 0;
    Microsoft::WRL::ComPtr<ID3D12GraphicsCommandList> mCommandList;
    Microsoft::WRL::ComPtr<ID3D12Device> mDevice;
    bool mRunning = true;
};
`;
const APP_CPP = `#include "app.h"
bool App::Initialize() { return true; }
int App::Run()
{
    while (mRunning)
    {
        Update();
        Draw();
    }
    return 0;
}
`;
const BLUR_H = `#pragma once
#include "app.h"
class BlurApp : public App
{
public:
    bool Initialize() override;
private:
    void Update() override;
    void Draw() override;
    Microsoft::WRL::ComPtr<ID3D12Resource> mBlurMap;
};
`;
const BLUR_CPP = `#include "blur.h"
bool BlurApp::Initialize()
{
    if (!App::Initialize()) return false;
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 256; desc.Height = 256; desc.DepthOrArraySize = 1; desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM; desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    mDevice->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr, IID_PPV_ARGS(&mBlurMap));
    return true;
}
void BlurApp::Update() {}
void BlurApp::Draw()
{
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(mBlurMap.Get(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
    mCommandList->Dispatch(8, 8, 1);
}
`;
const BOX_H = `#pragma once
#include "app.h"
class BoxApp : public App
{
private:
    void Update() override;
    void Draw() override;
};
`;
const BOX_CPP = `#include "box.h"
void BoxApp::Update() {}
void BoxApp::Draw() { mCommandList->DrawInstanced(3, 1, 0, 0); }
`;
const MAIN_CPP = `#include "blur.h"
int main()
{
    BlurApp app;
    if (!app.Initialize()) return 0;
    return app.Run();
}
`;
const BLUR_CPP_FIXED = `#include "blur.h"
bool BlurApp::Initialize()
{
    if (!App::Initialize()) return false;
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 256; desc.Height = 256; desc.DepthOrArraySize = 1; desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM; desc.SampleDesc.Count = 1;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    mDevice->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr, IID_PPV_ARGS(&mBlurMap));
    return true;
}
void BlurApp::Update() {}
void BlurApp::Draw()
{
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(mBlurMap.Get(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
    mCommandList->Dispatch(8, 8, 1);
    mCommandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(mBlurMap.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON));
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

function tree(blur: string): string {
  return tempTree({
    'src/app.h': APP_H, 'src/app.cpp': APP_CPP, 'src/blur.h': BLUR_H, 'src/blur.cpp': blur,
    'src/box.h': BOX_H, 'src/box.cpp': BOX_CPP, 'src/main.cpp': MAIN_CPP,
  });
}

void describe('virtual frame methods of derived classes', () => {
  void it('follows Run() into the override of the class main runs (--jobs 1 and 2)', () => {
    const dir = tree(BLUR_CPP);
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['main.cpp:6:legacy-state-mismatch'], run.stdout);
    }
  });

  void it('stays silent when each frame leaves the blur map as it found it', () => {
    const dir = tree(BLUR_CPP_FIXED);
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
