/**
 * A histogram's two read-backs through a member `gfx::GpuContext* m_ctx` (histogram.h), in a run where a viewer
 * (viewer.h) declares a member of the same name and a reducer (reducer.h) has a `Submit()` of its own: the
 * cross-file member types decide whether `m_ctx->Submit()` in histogram.cpp resolves to the context's submission.
 * test/cli/cross-file-member-type-spellings.test.ts and cross-file-member-types-by-class.test.ts vary how the viewer
 * holds its `m_ctx`.
 */
import { runCli, tempTree } from '../cli/helpers';

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
const viewerH = (include: string, member: string): string => `#pragma once
#include <memory>
#include "${include}"
class Histogram;
class Viewer
{
public:
    void Frame();
protected:
    ${member} m_ctx;
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
export const SUBMIT = `    m_ctx->Submit();
    m_ctx->Wait();
    m_ctx->Reopen();
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

/** How the viewer holds its `m_ctx`: the header it includes, the member's declared type, and files it adds. */
export interface ViewerMember {
  include: string;
  type: string;
  files?: Record<string, string>;
}

/**
 * The run's errors and warnings (`file:line:rule`) with `between` written between the histogram's two read-backs
 * (SUBMIT: a submission and a wait; '': nothing).
 */
export function readbackFindings(viewer: ViewerMember, between: string, jobs: string): string[] {
  const dir = tempTree({
    'src/gpu_context.h': CONTEXT_H, 'src/gpu_context.cpp': CONTEXT_CPP, 'src/viewer.h': viewerH(viewer.include, viewer.type), 'src/reducer.h': REDUCER_H,
    'src/histogram.h': HISTOGRAM_H, 'src/histogram.cpp': histogramCpp(between), 'src/viewer.cpp': VIEWER_CPP, ...viewer.files,
  });
  const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}
