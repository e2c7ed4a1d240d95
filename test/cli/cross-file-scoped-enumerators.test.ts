// Flags of an `enum class` declared in a header of the run, whose bare names another enum of the header repeats with
// other values (`BufFlag::Mapped = 1` and `TexFlag::Mapped = 4`, the shape of an engine RHI's buffer and texture
// create flags): a buffer factory of a .cpp tests `!!(flags & BufFlag::Download)` and its caller passes
// `BufFlag::Mapped`. The bare name `Mapped` answers nothing (two values), so the scoped spelling is imported: the
// factory's READBACK branch is not taken for the staging buffer, and the GENERIC_READ creation is no error. A caller
// that really creates a READBACK buffer in GENERIC_READ is still reported.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
enum class BufFlag : unsigned { None = 0, Mapped = 1, Storage = 1 << 1, Download = 1 << 2 };
enum class TexFlag : unsigned { None = 0, Target = 1, Storage = 1 << 1, Mapped = 1 << 2 };
inline BufFlag operator&(BufFlag a, BufFlag b) { return BufFlag(unsigned(a) & unsigned(b)); }
inline bool operator!(BufFlag a) { return unsigned(a) == 0; }
`;
const USER = `#include "flags.h"
extern ID3D12Device* g_device;
static ID3D12Resource* MakeRaw(UINT64 size, BufFlag flags, D3D12_RESOURCE_STATES initial)
{
    D3D12_RESOURCE_DESC desc = {};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    ID3D12Resource* out = nullptr;
    D3D12_HEAP_PROPERTIES heap = {};
    if (!!(flags & BufFlag::Download))
    {
        heap.Type = D3D12_HEAP_TYPE_READBACK;
        g_device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, initial, nullptr, IID_PPV_ARGS(&out));
    }
    else if (!!(flags & BufFlag::Mapped))
    {
        heap.Type = D3D12_HEAP_TYPE_UPLOAD;
        g_device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, initial, nullptr, IID_PPV_ARGS(&out));
    }
    return out;
}
ID3D12Resource* MakeStaging(UINT64 size)
{
    return MakeRaw(size, BufFlag::Mapped, D3D12_RESOURCE_STATE_GENERIC_READ);
}
ID3D12Resource* MakeReadbackWrong(UINT64 size)
{
    return MakeRaw(size, BufFlag::Download, D3D12_RESOURCE_STATE_GENERIC_READ);
}
`;

const KINDS = `#pragma once
enum class Variant { Fast = 0, Exact, Hybrid };
`;
const CHAIN = `#include <d3d12.h>
#include "kinds.h"
static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = from;
    b.Transition.StateAfter = to;
    cl->ResourceBarrier(1, &b);
}
void Run(ID3D12GraphicsCommandList* cl, ID3D12Resource* result, Variant v)
{
    if (v == Variant::Fast)
    {
        Move(cl, result, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        cl->Dispatch(8, 1, 1);
    }
    else if (v == Variant::Exact)
    {
        Move(cl, result, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        cl->Dispatch(16, 1, 1);
    }
    else if (v == Variant::Hybrid)
    {
        Move(cl, result, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        cl->Dispatch(32, 1, 1);
    }
    Move(cl, result, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; message: string }[] }[] };

function errors(out: Out): string[] {
  const user = out.files.find((f) => f.path.endsWith('buffers.cpp'));
  assert.ok(user);
  return user.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.rule}:${d.line}:${/HEAP_TYPE_(\w+)/.exec(d.message)?.[1] ?? ''}`);
}

function mismatches(out: Out): string[] {
  const user = out.files.find((f) => f.path.endsWith('pass.cpp'));
  assert.ok(user);
  return user.diagnostics.filter((d) => d.rule === 'legacy-state-mismatch').map((d) => `${d.rule}:${d.line}`);
}

void describe('scoped enumerators of another file of the run', () => {
  void it('bare names shared by two enums: the scoped spelling decides the flag test (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/flags.h': HEADER, 'src/buffers.cpp': USER });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--no-cache', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(errors(JSON.parse(run.stdout) as Out), ['upload-readback-heap-state:33:READBACK'], run.stdout);
    }
  });

  void it('an if/else-if chain over every enumerator of a header enum: no path runs past it untaken (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/kinds.h': KINDS, 'src/pass.cpp': CHAIN });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--no-cache', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(mismatches(JSON.parse(run.stdout) as Out), [], run.stdout);
    }
  });

  void it('an enum of the header with an enumerator that does not fold is not taken as named in full', () => {
    const dir = tempTree({ 'src/kinds.h': KINDS.replace('Hybrid }', 'Hybrid, Custom = VARIANT_CUSTOM_BASE + 1 }'), 'src/pass.cpp': CHAIN });
    const run = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    assert.deepEqual(mismatches(JSON.parse(run.stdout) as Out), ['legacy-state-mismatch:30'], run.stdout);
  });

  // KNOWN FALSE POSITIVE (line 29): without the header the flags' values are unknown, the bit test is no condition the
  // tracker reads, and the staging buffer (`BufFlag::Mapped`) also takes the READBACK branch with its GENERIC_READ. The
  // error exists only because the header is not linted (the run with it has none): an unknown value should never be an
  // error. Deciding it needs a test of two different enumerators of one enum by name, values unknown (`Mapped & Download`
  // is 0 only if no enumerator combines them), not done yet. Line 33 (`Download` itself) is the real mistake.
  void it('without the header the flags are unknown: both branches stay open for the staging buffer (line 29: a known false positive)', () => {
    const dir = tempTree({ 'src/buffers.cpp': USER });
    const run = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    assert.deepEqual(errors(JSON.parse(run.stdout) as Out), ['upload-readback-heap-state:29:READBACK', 'upload-readback-heap-state:33:READBACK'], run.stdout);
  });
});
