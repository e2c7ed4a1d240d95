// One member name declared in two classes of a run as two different classes: `gfx::GpuContext* m_ctx` in the
// histogram (histogram.h) and `std::unique_ptr<sfx::Mixer> m_ctx` in the viewer (viewer.h), both classes with a
// `Submit()`. The run gave a .cpp the types its headers declare for its members by member name alone, so the two
// declarations were a clash and histogram.cpp learnt nothing: `m_ctx->Submit()` matched two methods of the run and
// resolved to neither, the execution between the two read-backs was lost, and the second copy into the read-back
// buffer was reported as a write-after-write with no barrier. Member types are now keyed by their declaring class
// (`Histogram::m_ctx`): a .cpp defining the histogram's methods takes the histogram's declaration.
// Must fire: the same read-backs recorded on one list, with no submission between the copies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const CONTEXT_H = `#pragma once
#include <d3d12.h>
namespace gfx
{
    class GpuContext
    {
    public:
        void Submit();
        void Wait();
        void Reopen();
        ID3D12GraphicsCommandList* List() const { return m_list; }
    private:
        ID3D12CommandQueue* m_queue = nullptr;
        ID3D12GraphicsCommandList* m_list = nullptr;
        ID3D12CommandAllocator* m_alloc = nullptr;
        ID3D12Fence* m_fence = nullptr;
        UINT64 m_value = 0;
    };
}
`;
const CONTEXT_CPP = `#include "gpu_context.h"
using namespace gfx;
void GpuContext::Submit()
{
    m_list->Close();
    ID3D12CommandList* lists[] = { m_list };
    m_queue->ExecuteCommandLists(1, lists);
}
void GpuContext::Wait()
{
    m_queue->Signal(m_fence, ++m_value);
    m_fence->SetEventOnCompletion(m_value, nullptr);
}
void GpuContext::Reopen()
{
    m_alloc->Reset();
    m_list->Reset(m_alloc, nullptr);
}
`;
const MIXER_H = `#pragma once
namespace sfx
{
    class Mixer
    {
    public:
        void Submit();
        void Pause();
    private:
        int m_voices = 0;
    };
}
`;
const MIXER_CPP = `#include "mixer.h"
using namespace sfx;
void Mixer::Submit() { ++m_voices; }
void Mixer::Pause() { m_voices = 0; }
`;
const VIEWER_H = `#pragma once
#include <memory>
#include "mixer.h"
class Histogram;
class Viewer
{
public:
    void Frame();
protected:
    std::unique_ptr<sfx::Mixer> m_ctx;
    Histogram* m_histogram = nullptr;
};
`;
const REDUCER_H = `#pragma once
#include "gpu_context.h"
class Reducer
{
public:
    explicit Reducer(gfx::GpuContext* ctx) : m_ctx(ctx) {}
    void Run(ID3D12GraphicsCommandList* cl)
    {
        cl->Dispatch(64, 1, 1);
        Submit();
    }
protected:
    void Submit()
    {
        m_ctx->Submit();
        m_ctx->Wait();
        m_ctx->Reopen();
    }
    gfx::GpuContext* m_ctx;
};
`;
const HISTOGRAM_H = `#pragma once
#include "gpu_context.h"
#include "reducer.h"
class Histogram
{
public:
    void ReadTotals();
    void ReadPeaks();
private:
    gfx::GpuContext* m_ctx = nullptr;
    ID3D12Resource* m_bins = nullptr;
    ID3D12Resource* m_binsReadback = nullptr;
};
`;
const VIEWER_CPP = `#include "viewer.h"
#include "histogram.h"
void Viewer::Frame()
{
    m_histogram->ReadTotals();
    m_histogram->ReadPeaks();
}
`;
const histogramCpp = (between: string): string => `#include "histogram.h"
void Histogram::ReadTotals()
{
    m_ctx->Submit();
    m_ctx->Wait();
    m_ctx->Reopen();
    ID3D12GraphicsCommandList* cl = m_ctx->List();
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = m_bins;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    cl->ResourceBarrier(1, &b);
    cl->CopyResource(m_binsReadback, m_bins);
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_SOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    cl->ResourceBarrier(1, &b);
${between}}
void Histogram::ReadPeaks()
{
${between}    ID3D12GraphicsCommandList* cl = m_ctx->List();
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = m_bins;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
    cl->ResourceBarrier(1, &b);
    cl->CopyResource(m_binsReadback, m_bins);
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_COPY_SOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
    cl->ResourceBarrier(1, &b);
    m_ctx->Submit();
    m_ctx->Wait();
}
`;
const SUBMIT = `    m_ctx->Submit();
    m_ctx->Wait();
    m_ctx->Reopen();
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(between: string, jobs: string): string[] {
  const dir = tempTree({
    'src/gpu_context.h': CONTEXT_H, 'src/gpu_context.cpp': CONTEXT_CPP, 'src/viewer.h': VIEWER_H, 'src/reducer.h': REDUCER_H,
    'src/histogram.h': HISTOGRAM_H, 'src/histogram.cpp': histogramCpp(between), 'src/viewer.cpp': VIEWER_CPP,
    'src/mixer.h': MIXER_H, 'src/mixer.cpp': MIXER_CPP,
  });
  const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

void describe('one member name declared as two different classes in two classes of the run', () => {
  void it('the .cpp takes its own class\'s declaration: the submission between the two read-backs is seen (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) assert.deepEqual(findings(SUBMIT, jobs), []);
  });
  void it('with no submission between the copies, the second copy into the read-back buffer fires', () => {
    assert.deepEqual(findings('', '1'), ['viewer.cpp:6:copy-dest-hazard']);
  });
});
