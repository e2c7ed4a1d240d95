// Methods of a base class declared in another file of the run: `ctx.TransitionResource(...)` on a ComputeContext,
// whose header says `class ComputeContext : public CommandContext`, is CommandContext's state-tracking wrapper
// defined in a third file (MiniEngine's layout). Its barrier reaches the tracker at the flush, so a use after it is
// checked against the wrapper's state; without the header naming the base, the call stays unknown (silent). A type
// alias of a header (`using TexHandle = struct Tex*;`, LumixEngine's handles) picks the aliased class's method among
// same-named methods of several classes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as path from 'node:path';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
struct GpuBuffer {
    ID3D12Resource* m_pResource;
    D3D12_RESOURCE_STATES m_UsageState;
};
class CommandContext {
public:
    void TransitionResource(GpuBuffer& res, D3D12_RESOURCE_STATES newState, bool flushNow = false);
    void FlushResourceBarriers();
    ID3D12GraphicsCommandList* m_CommandList;
    D3D12_RESOURCE_BARRIER m_Pending[16];
    UINT m_NumPending;
};
class ComputeContext : public CommandContext {
public:
    void Dispatch(UINT x, UINT y, UINT z);
};
`;
const WRAPPERS = `#include "context.h"
void CommandContext::TransitionResource(GpuBuffer& res, D3D12_RESOURCE_STATES newState, bool flushNow)
{
    D3D12_RESOURCE_STATES old = res.m_UsageState;
    if (old != newState) {
        D3D12_RESOURCE_BARRIER& b = m_Pending[m_NumPending++];
        b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        b.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
        b.Transition.pResource = res.m_pResource;
        b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        b.Transition.StateBefore = old;
        b.Transition.StateAfter = newState;
        res.m_UsageState = newState;
    }
    if (flushNow || m_NumPending == 16)
        FlushResourceBarriers();
}
void CommandContext::FlushResourceBarriers()
{
    if (m_NumPending > 0) {
        m_CommandList->ResourceBarrier(m_NumPending, m_Pending);
        m_NumPending = 0;
    }
}
`;
const CALLER = (state: string, flush: string) => `#include "context.h"
void ReadBack(ComputeContext& ctx, GpuBuffer& results, ID3D12Resource* readback)
{
    ctx.TransitionResource(results, ${state}${flush});
    ctx.m_CommandList->CopyResource(readback, results.m_pResource);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; related: { path: string; line: number }[] }[] }[] };

function findings(files: Record<string, string>): { out: Out; lines: string[] } {
  const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree(files));
  const out = JSON.parse(run.stdout) as Out;
  return { out, lines: out.files.flatMap((f) => f.diagnostics.map((d) => `${path.basename(f.path)}:${d.line}:${d.severity}:${d.rule}`)) };
}

void describe('methods of a base class declared in another file of the run', () => {
  void it('follows the wrapper of the base class: a use after it is checked against its state', () => {
    const { out, lines } = findings({ 'src/context.h': HEADER, 'src/context.cpp': WRAPPERS, 'src/readback.cpp': CALLER('D3D12_RESOURCE_STATE_UNORDERED_ACCESS', ', true') });
    assert.deepEqual(lines, ['readback.cpp:5:error:invalid-subresource-state']);
    const d = out.files.find((f) => f.path.endsWith('readback.cpp'))!.diagnostics[0];
    assert.ok(d.related.some((r) => r.path.endsWith('readback.cpp') && r.line === 4), JSON.stringify(d.related));
  });

  void it('stays silent when the wrapper puts the resource in the state the use needs', () => {
    assert.deepEqual(findings({ 'src/context.h': HEADER, 'src/context.cpp': WRAPPERS, 'src/readback.cpp': CALLER('D3D12_RESOURCE_STATE_COPY_SOURCE', ', true') }).lines, []);
  });

  void it('stays silent when the barrier is still pending (no flush before the use is not claimed as a state)', () => {
    assert.deepEqual(findings({ 'src/context.h': HEADER, 'src/context.cpp': WRAPPERS, 'src/readback.cpp': CALLER('D3D12_RESOURCE_STATE_COPY_SOURCE', '') }).lines, []);
  });

  void it('stays silent when no file of the run names the base class (the call is unknown)', () => {
    const header = HEADER.replace('class ComputeContext : public CommandContext {', 'class ComputeContext {');
    assert.deepEqual(findings({ 'src/context.h': header, 'src/context.cpp': WRAPPERS, 'src/readback.cpp': CALLER('D3D12_RESOURCE_STATE_UNORDERED_ACCESS', ', true') }).lines, []);
  });

  void it('resolves a method called through a type alias declared in another file', () => {
    const header = `#pragma once
#include <d3d12.h>
using BufHandle = struct Buf*;
using TexHandle = struct Tex*;
`;
    const impl = `#include "handles.h"
struct Buf {
    void setState(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES s) {
        if (state == s) return;
        D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(res, state, s);
        cl->ResourceBarrier(1, &b);
        state = s;
    }
    ID3D12Resource* res;
    D3D12_RESOURCE_STATES state;
};
struct Tex {
    void setState(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES s) {
        if (state == s) return;
        D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(res, state, s);
        cl->ResourceBarrier(1, &b);
        state = s;
    }
    ID3D12Resource* res;
    D3D12_RESOURCE_STATES state;
};
void ReadBack(ID3D12GraphicsCommandList* cl, TexHandle t, ID3D12Resource* readback)
{
    t->setState(cl, D3D12_RESOURCE_STATE_${'${STATE}'});
    cl->CopyResource(readback, t->res);
}
`;
    const files = (state: string, withHeader: boolean) => ({
      ...(withHeader ? { 'src/handles.h': header } : {}), 'src/gpu.cpp': impl.replace('${STATE}', state),
    });
    assert.deepEqual(findings(files('RENDER_TARGET', true)).lines, ['gpu.cpp:25:error:invalid-subresource-state']);
    assert.deepEqual(findings(files('COPY_SOURCE', true)).lines, []);
    // Without the alias the receiver's class is unknown and both setState methods match: the call stays unknown.
    assert.deepEqual(findings(files('RENDER_TARGET', false)).lines, []);
  });
});
