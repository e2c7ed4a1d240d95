// A context struct declared in a header (`struct FrameContext { ID3D12GraphicsCommandList* list; ID3D12Resource*
// target; … };`) and filled in a .cpp of the run (`FrameContext ctx = { cl, backBuffer, … };`, or member by member):
// the .cpp reads its members as the resources stored there, as it does when the struct is its own. A member nothing
// filled (`FrameContext ctx; Setup(&ctx);`, a parameter) is the resource stored there, one per member, the same one
// each time it is read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
struct FrameContext
{
    ID3D12GraphicsCommandList* list;
    ID3D12Resource* target;
    ID3D12Resource* depth;
    ID3D12DescriptorHeap* rtvHeap;
};
void SetupFrame(FrameContext* ctx);
`;

const SOURCE = (backBefore: string) => `#include "frame.h"
static void Move(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    D3D12_RESOURCE_BARRIER rb = {};
    rb.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    rb.Transition.pResource = r;
    rb.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    rb.Transition.StateBefore = from;
    rb.Transition.StateAfter = to;
    cl->ResourceBarrier(1, &rb);
}
void FilledByMembers(ID3D12GraphicsCommandList* cl, ID3D12Resource* backBuffer)
{
    FrameContext ctx = {};
    ctx.list = cl;
    ctx.target = backBuffer;
    Move(ctx.list, ctx.target, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Move(cl, backBuffer, ${backBefore}, D3D12_RESOURCE_STATE_PRESENT);
}
void FilledByBraces(ID3D12GraphicsCommandList* cl, ID3D12Resource* backBuffer, ID3D12Resource* depth)
{
    FrameContext ctx = { cl, backBuffer, depth, nullptr };
    Move(ctx.list, ctx.target, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Move(cl, backBuffer, ${backBefore}, D3D12_RESOURCE_STATE_PRESENT);
}
void FilledElsewhere()
{
    FrameContext ctx;
    SetupFrame(&ctx);
    Move(ctx.list, ctx.target, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Move(ctx.list, ctx.depth, D3D12_RESOURCE_STATE_DEPTH_READ, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    Move(ctx.list, ctx.target, ${backBefore}, D3D12_RESOURCE_STATE_PRESENT);
}
void Parameter(FrameContext& ctx)
{
    Move(ctx.list, ctx.target, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Move(ctx.list, ctx.depth, D3D12_RESOURCE_STATE_DEPTH_READ, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    Move(ctx.list, ctx.target, ${backBefore}, D3D12_RESOURCE_STATE_PRESENT);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.rule}:${d.line}`));
}

void describe('records of another file of the run', () => {
  void it('a back buffer stored in a header struct and moved through it: the wrong state after is reported (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/frame.h': HEADER, 'src/render.cpp': SOURCE('D3D12_RESOURCE_STATE_COPY_SOURCE') });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), [18, 24, 32, 38].map((l) => `render.cpp:legacy-state-mismatch:${l}`), run.stdout);
    }
  });

  void it('the same code in the right states: silent', () => {
    const dir = tempTree({ 'src/frame.h': HEADER, 'src/render.cpp': SOURCE('D3D12_RESOURCE_STATE_RENDER_TARGET') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });

  void it('without the header the stored members name nothing: only the unfilled ones are checked', () => {
    const dir = tempTree({ 'src/render.cpp': SOURCE('D3D12_RESOURCE_STATE_COPY_SOURCE') });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [32, 38].map((l) => `render.cpp:legacy-state-mismatch:${l}`), run.stdout);
  });
});
