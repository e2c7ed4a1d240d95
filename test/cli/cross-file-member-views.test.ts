// A setup helper of a header fills a context struct through a pointer (`init_frame(&frame)` stores the heap start of
// `frame->view_heap` in `frame->target_view` and has a view helper write the RTV of `frame->color` there): another
// file of the run that clears `frame.target_view` clears `frame.color` (the vkd3d-proton `init_test_context` shape).
// Without the header, or when the header's slot holds something else, the handle names nothing (silent).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = (viewed: string) => `struct frame_state
{
    ID3D12Device *device;
    ID3D12GraphicsCommandList *list;
    ID3D12Resource *color;
    ID3D12DescriptorHeap *view_heap;
    D3D12_CPU_DESCRIPTOR_HANDLE target_view;
};
ID3D12Resource *fallback_color;
static inline void write_view(struct frame_state *frame, ID3D12Resource **target, const D3D12_CPU_DESCRIPTOR_HANDLE *view)
{
    ID3D12Device_CreateRenderTargetView(frame->device, *target, NULL, *view);
}
static inline void init_frame(struct frame_state *frame)
{
    frame->target_view = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(frame->view_heap);
    ${viewed}
}
`;

const TEST = `#include "frame.h"
static const float white[4] = {1.0f, 1.0f, 1.0f, 1.0f};
void test_clear_after_copy(void)
{
    struct frame_state frame;
    D3D12_RESOURCE_BARRIER barrier;
    init_frame(&frame);
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
    barrier.Transition.pResource = frame.color;
    barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    ID3D12GraphicsCommandList_ResourceBarrier(frame.list, 1, &barrier);
    ID3D12GraphicsCommandList_ClearRenderTargetView(frame.list, frame.target_view, white, 0, NULL);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; message: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  const test = out.files.find((f) => f.path.endsWith('test.c'));
  return (test?.diagnostics ?? []).filter((d) => d.rule !== 'parse-problem').map((d) => `${d.rule}:${d.line}`);
}

void describe('struct members a setup helper of another file fills with a view', () => {
  void it('the header writes the view of frame->color at frame->target_view: the clear in COPY_SOURCE is reported (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/frame.h': HEADER('write_view(frame, &frame->color, &frame->target_view);'), 'src/test.c': TEST });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['invalid-subresource-state:15'], run.stdout);
    }
  });

  void it('the header writes the view of a resource that is not a member of the object: silent', () => {
    const dir = tempTree({ 'src/frame.h': HEADER('write_view(frame, &fallback_color, &frame->target_view);'), 'src/test.c': TEST });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });

  void it('without the header the member names nothing: silent', () => {
    const dir = tempTree({ 'src/test.c': TEST });
    assert.deepEqual(findings(runCli(['--format', 'json', '--jobs', '1', 'src'], dir).stdout), []);
  });
});
