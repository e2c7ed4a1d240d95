// Cross-file helpers: a transition helper defined in one file is evaluated at its call sites in another file,
// with the same result serially and on the worker pool.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempTree } from './helpers';
import { FRAME_CALLER, TRANSITION_HELPER } from '../harness/cross-file-pair';


void describe('cross-file helper functions', () => {
  void it('reports the mismatch at the call site, with a note inside the helper, for --jobs 1 and 2', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.equal(run.code, 1, run.stderr);
      const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number; related: { path: string; line: number }[] }[] }[] };
      const frame = out.files.find((f) => f.path.endsWith('frame.cpp'));
      assert.ok(frame, run.stdout);
      assert.deepEqual(frame.diagnostics.map((d) => [d.rule, d.line]), [['legacy-state-mismatch', 3]]);
      assert.ok(frame.diagnostics[0].related.some((r) => r.path.endsWith('barriers.cpp') && r.line === 3));
    }
  });

  void it('with --cache, a warm run and a run after the helper changed answer as an uncached run', () => {
    const dir = tempTree({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': FRAME_CALLER });
    const rules = (args: string[]) => {
      const run = runCli(['--format', 'json', ...args, 'src'], dir);
      const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
      return out.files.map((f) => [path.basename(f.path), f.diagnostics.map((d) => `${d.rule}:${d.line}`)]);
    };
    const expected = [['barriers.cpp', []], ['frame.cpp', ['legacy-state-mismatch:3']]];
    assert.deepEqual(rules(['--cache']), expected);
    assert.deepEqual(rules(['--cache']), expected);
    // The helper no longer records its barrier: the caller's cached cross-file result must not be reused once the
    // helpers of another file changed.
    fs.writeFileSync(path.join(dir, 'src/barriers.cpp'), TRANSITION_HELPER.replace('cl->ResourceBarrier(1, &b);', '(void)b;'));
    assert.deepEqual(rules(['--cache']), rules(['--no-cache']));
    assert.deepEqual(rules(['--cache']).find((f) => f[0] === 'frame.cpp'), ['frame.cpp', []]);
  });

  void it('stays silent when the caller is correct', () => {
    const dir = tempTree({
      'a.cpp': TRANSITION_HELPER,
      'b.cpp': FRAME_CALLER.replace('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT', 'D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT'),
    });
    const run = runCli(['--format', 'json', '.'], dir);
    assert.equal(run.code, 0, run.stdout + run.stderr);
  });

  void it('default arguments of a prototype in a header reach the definition in another file', () => {
    const header = 'void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after = D3D12_RESOURCE_STATE_COPY_DEST);\n';
    const caller = (before: string) => `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    Transition(cl, rt, D3D12_RESOURCE_STATE_RENDER_TARGET);
    Transition(cl, rt, ${before}, D3D12_RESOURCE_STATE_PRESENT);
}
`;
    const lines = (files: Record<string, string>) => {
      const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree(files));
      const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
      return out.files.flatMap((f) => f.diagnostics.map((d) => `${path.basename(f.path)}:${d.rule}:${d.line}`));
    };
    // The first call leaves the target in COPY_DEST (the header's default), so RENDER_TARGET before the second is wrong.
    assert.deepEqual(lines({ 'src/barriers.h': header, 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': caller('D3D12_RESOURCE_STATE_RENDER_TARGET') }), ['frame.cpp:legacy-state-mismatch:3']);
    assert.deepEqual(lines({ 'src/barriers.h': header, 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': caller('D3D12_RESOURCE_STATE_COPY_DEST') }), []);
    // Without the header the omitted argument is unknown: nothing is claimed.
    assert.deepEqual(lines({ 'src/barriers.cpp': TRANSITION_HELPER, 'src/frame.cpp': caller('D3D12_RESOURCE_STATE_RENDER_TARGET') }), []);
  });

  void it('a base class method declared in a header is what a derived class calls, not a same-named method of another file', () => {
    // `FlushBarriers()` in ComputeContext is its base CommandContext's `FlushBarriers(void)` (context.h), never the
    // StateTracker's `FlushBarriers()` of tracker.cpp: the queued transitions are recorded, and the wrong one is seen.
    const context = `class CommandContext {
public:
    void Transition(ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
        D3D12_RESOURCE_BARRIER& b = m_pending[m_count++];
        b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        b.Transition.pResource = r;
        b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
        b.Transition.StateBefore = before;
        b.Transition.StateAfter = after;
    }
    void FlushBarriers(void) {
        if (m_count > 0) { m_list->ResourceBarrier(m_count, m_pending); m_count = 0; }
    }
    void CopyCounter(ID3D12Resource* dest, ID3D12Resource* counter) {
        FlushBarriers();
        m_list->CopyBufferRegion(dest, 0, counter, 0, 4);
    }
protected:
    ID3D12GraphicsCommandList* m_list;
    D3D12_RESOURCE_BARRIER m_pending[16];
    UINT m_count;
};
class ComputeContext : public CommandContext {
public:
    void DispatchIndirect(ID3D12CommandSignature* sig, ID3D12Resource* args) {
        FlushBarriers();
        m_list->ExecuteIndirect(sig, 1, args, 0, nullptr, 0);
    }
};
`;
    const tracker = `#include <vector>
class StateTracker {
public:
    void FlushBarriers();
private:
    ID3D12GraphicsCommandList* m_list;
    std::vector<D3D12_RESOURCE_BARRIER> m_barriers;
};
void StateTracker::FlushBarriers() {
    if (!m_barriers.empty()) { m_list->ResourceBarrier(UINT(m_barriers.size()), m_barriers.data()); m_barriers.clear(); }
}
`;
    const use = (before: string) => `#include "context.h"
void Build(ComputeContext& ctx, ID3D12CommandSignature* sig, ID3D12Resource* args, ID3D12Resource* counter) {
    ctx.Transition(args, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, D3D12_RESOURCE_STATE_COPY_DEST);
    ctx.CopyCounter(args, counter);
    ctx.Transition(args, ${before}, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
    ctx.DispatchIndirect(sig, args);
}
`;
    const lines = (before: string) => {
      const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree({ 'src/context.h': context, 'src/tracker.cpp': tracker, 'src/use.cpp': use(before) }));
      const out = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { rule: string; line: number }[] }[] };
      return out.files.flatMap((f) => f.diagnostics.map((d) => `${path.basename(f.path)}:${d.rule}:${d.line}`));
    };
    assert.deepEqual(lines('D3D12_RESOURCE_STATE_COPY_DEST'), []);
    assert.deepEqual(lines('D3D12_RESOURCE_STATE_UNORDERED_ACCESS'), ['use.cpp:legacy-state-mismatch:6']);
  });
});
