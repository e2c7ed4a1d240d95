// A mistake inside a helper of another file that does not depend on its caller (a barrier array filled with copies
// of two barriers, then the barriers changed and the stale array submitted again) is reported once, in the helper's
// file — not again at every caller of the run, where the same finding names the caller's arguments. A mistake that
// depends on the caller's state is reported at that caller. On an Xbox platform too, where the message's barrier dump
// names the caller's resource.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HELPER = `#include <d3d12.h>
void Overlay(ID3D12GraphicsCommandList* list, ID3D12Resource* out, ID3D12Resource* buffer)
{
    D3D12_RESOURCE_BARRIER a = CD3DX12_RESOURCE_BARRIER::Transition(out, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(buffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_DEST);
    D3D12_RESOURCE_BARRIER both[] = { a, b };
    list->ResourceBarrier(2, both);
    list->CopyResource(buffer, out);
    a.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_SOURCE;
    a.Transition.StateAfter = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    list->ResourceBarrier(2, both);
}
void ToSource(ID3D12GraphicsCommandList* list, ID3D12Resource* tex)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->ResourceBarrier(1, &b);
}
`;
const CALLERS = (n: number) => `#include <d3d12.h>
void Upscale${n}(ID3D12GraphicsCommandList* cmd, ID3D12Resource* output, ID3D12Resource* menu, ID3D12Resource* color)
{
    Overlay(cmd, output, menu);
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(color, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cmd->ResourceBarrier(1, &b);
    ToSource(cmd, color);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function errors(out: Out): string[] {
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`)).sort();
}

void describe('a helper mistake that does not depend on the caller', () => {
  const cases: [string, string[]][] = [
    ['is reported in the helper file only; a mistake the caller makes through the helper stays at the caller', []],
    ['the same on an Xbox platform, whose message dumps the barrier with the caller\'s resource name', ['--platform', 'xbox-series']],
  ];
  for (const [title, platform] of cases) {
    void it(title, () => {
      const dir = tempTree({ 'src/overlay.cpp': HELPER, 'src/a.cpp': CALLERS(1), 'src/b.cpp': CALLERS(2) });
      const run = runCli(['--format', 'json', '--jobs', '1', ...platform, 'src'], dir);
      assert.deepEqual(errors(JSON.parse(run.stdout) as Out), [
        'a.cpp:7:legacy-state-mismatch',
        'b.cpp:7:legacy-state-mismatch',
        'overlay.cpp:11:legacy-state-mismatch',
        'overlay.cpp:11:legacy-state-mismatch',
      ], run.stdout);
    });
  }
});

const BUILDER = `#include <d3d12.h>
ID3D12Resource* MakeBuffer(ID3D12Device* dev, UINT64 size, D3D12_RESOURCE_STATES state)
{
    ID3D12Resource* buffer = nullptr;
    auto heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT);
    auto desc = CD3DX12_RESOURCE_DESC::Buffer(size);
    dev->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr, IID_PPV_ARGS(&buffer));
    return buffer;
}
ID3D12Resource* BuildScratch(ID3D12Device* dev, UINT64 size)
{
    return MakeBuffer(dev, size, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
}
ID3D12Resource* BuildWith(ID3D12Device* dev, D3D12_RESOURCE_STATES state)
{
    return MakeBuffer(dev, 256, state);
}
`;
const UPDATER = `#include <d3d12.h>
void Update(ID3D12Device* dev)
{
    BuildScratch(dev, 1 << 20);
    BuildWith(dev, D3D12_RESOURCE_STATE_COPY_DEST);
}
`;

function warnings(out: Out): string[] {
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'warning').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`)).sort();
}

void describe('a creation state decided inside a helper of another file', () => {
  void it('is reported at the helper call that passes it, not again at the callers of that helper', () => {
    const dir = tempTree({ 'src/builder.cpp': BUILDER, 'src/update.cpp': UPDATER });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(warnings(JSON.parse(run.stdout) as Out), [
      'builder.cpp:12:creation-state-ignored',
      'update.cpp:5:creation-state-ignored',
    ], run.stdout);
  });
});
