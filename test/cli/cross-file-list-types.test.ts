// A context struct's list member created with one type by a file of the run and with another by another file (a
// test header's `init_context` makes `ctx->list` a DIRECT list; the test file's own `init_compute_context` a COMPUTE
// one): the member names no list type in either file, so a render-target transition recorded on `ctx.list` is not a
// compute-list error. When only the file's own creation is seen, the member keeps that type (must fire).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `struct context
{
    ID3D12Device *device;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
};
static inline void init_context(struct context *ctx)
{
    ID3D12Device_CreateCommandList(ctx->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT, ctx->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&ctx->list);
}
`;

const TEST = `#include "context.h"
static void init_compute_context(struct context *ctx)
{
    ID3D12Device_CreateCommandList(ctx->device, 0, D3D12_COMMAND_LIST_TYPE_COMPUTE, ctx->allocator, NULL,
            &IID_ID3D12GraphicsCommandList, (void **)&ctx->list);
}
void test_render_target(ID3D12Resource *rt)
{
    struct context ctx;
    D3D12_RESOURCE_BARRIER barrier;
    init_context(&ctx);
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    barrier.Transition.pResource = rt;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    ID3D12GraphicsCommandList_ResourceBarrier(ctx.list, 1, &barrier);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  const test = out.files.find((f) => f.path.endsWith('test.c'));
  return (test?.diagnostics ?? []).filter((d) => d.rule !== 'parse-problem').map((d) => `${d.rule}:${d.line}`);
}

void describe('a list member created with two types by two files of the run', () => {
  void it('the header creates ctx->list as DIRECT: no compute-list error on ctx.list (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/context.h': HEADER, 'src/test.c': TEST });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), [], run.stdout);
    }
  });

  void it("without the header the file's own COMPUTE creation types the member: the transition is reported", () => {
    const dir = tempTree({ 'src/test.c': TEST });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), ['legacy-state-list-type-incompatible:16'], run.stdout);
  });
});
