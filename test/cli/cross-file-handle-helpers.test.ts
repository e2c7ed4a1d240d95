// Descriptor-handle helpers defined in a header of the run (`get_cpu_descriptor_handle(&ctx, heap, i)`, the
// vkd3d-proton test-suite shape) name their heap slot where another file calls them: the SRV written through the
// helper and the table bound at the heap start meet at the dispatch. Without the header the slot is unknown
// (silent).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `static inline D3D12_CPU_DESCRIPTOR_HANDLE get_cpu_handle(ID3D12Device *device,
        ID3D12DescriptorHeap *heap, D3D12_DESCRIPTOR_HEAP_TYPE heap_type, unsigned int offset)
{
    D3D12_CPU_DESCRIPTOR_HANDLE handle;
    unsigned int descriptor_size;
    handle = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    if (!offset)
        return handle;
    descriptor_size = ID3D12Device_GetDescriptorHandleIncrementSize(device, heap_type);
    handle.ptr += offset * descriptor_size;
    return handle;
}
static inline D3D12_CPU_DESCRIPTOR_HANDLE get_cpu_descriptor_handle(struct test_context *context,
        ID3D12DescriptorHeap *heap, unsigned int offset)
{
    return get_cpu_handle(context->device, heap, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, offset);
}
`;

const TEST = (slot: number) => `#include "utils.h"
void test_depth_load(struct test_context *ctx, ID3D12GraphicsCommandList *list, ID3D12Resource *depth, ID3D12DescriptorHeap *heap)
{
    D3D12_RESOURCE_BARRIER barrier;
    ID3D12Device_CreateShaderResourceView(ctx->device, depth, NULL, get_cpu_descriptor_handle(ctx, heap, ${slot}));
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    barrier.Transition.pResource = depth;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_DEPTH_WRITE;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    ID3D12GraphicsCommandList_ResourceBarrier(list, 1, &barrier);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(list, 0, ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap));
    ID3D12GraphicsCommandList_Dispatch(list, 32, 32, 1);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  const test = out.files.find((f) => f.path.endsWith('test.c'));
  return (test?.diagnostics ?? []).filter((d) => d.rule !== 'parse-problem').map((d) => `${d.rule}:${d.line}`);
}

void describe('descriptor-handle helpers of another file of the run', () => {
  void it('a header defines the helper: the view at slot 0 is read by the dispatch in PIXEL_SHADER_RESOURCE (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': TEST(0) });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['invalid-subresource-state:14'], run.stdout);
    }
  });

  void it('the view is written at slot 1, the table bound at slot 0: silent', () => {
    const dir = tempTree({ 'src/utils.h': HEADER, 'src/test.c': TEST(1) });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });

  void it('without the header the slot is unknown: silent', () => {
    const dir = tempTree({ 'src/test.c': TEST(0) });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });
});
