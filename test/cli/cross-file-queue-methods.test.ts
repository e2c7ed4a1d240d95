// A command context whose add method queues the whole barrier (`void Context::Barrier(const D3D12_RESOURCE_BARRIER&
// b) { m_waiting.push_back(b); }`) and whose flush submits the queue, both defined in the context's .cpp, called from
// a renderer's .cpp: the renderer is extracted again with the add method (extract/queue-methods.ts, shipped with the
// getters of imported-getters.ts), so the flushed barrier reaches the copy after it. Silent for the correct twin and
// for an add method that does more than append (it may flush: what it adds stays unknown).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
#include <vector>
class Context {
public:
  void Barrier(const D3D12_RESOURCE_BARRIER& barrier);
  void FlushBarriers();
  ID3D12GraphicsCommandList* m_list;
private:
  std::vector<D3D12_RESOURCE_BARRIER> m_waiting;
};
`;
const CONTEXT = (add: string) => `#include "context.h"
void Context::Barrier(const D3D12_RESOURCE_BARRIER& barrier) {
  ${add}
}
void Context::FlushBarriers() {
  if (!m_waiting.empty()) {
    m_list->ResourceBarrier(static_cast<UINT>(m_waiting.size()), m_waiting.data());
    m_waiting.clear();
  }
}
`;
const RENDER = (after: string) => `#include "context.h"
void Readback(Context& ctx, ID3D12Resource* tex, ID3D12Resource* staging) {
  ctx.Barrier(CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET, ${after}));
  ctx.FlushBarriers();
  ctx.m_list->CopyResource(staging, tex);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
const run = (add: string, after: string) => {
  const dir = tempTree({ 'src/context.h': HEADER, 'src/context.cpp': CONTEXT(add), 'src/render.cpp': RENDER(after) });
  return runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
};

void describe('a barrier queue whose add method another file of the run defines', () => {
  void it('delivers the queued barrier at the flush', () => {
    const r = run('m_waiting.push_back(barrier);', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
    assert.deepEqual(found(r.stdout), ['render.cpp:5:invalid-subresource-state'], r.stdout);
  });
  void it('leaves the correct twin silent', () => {
    const r = run('m_waiting.push_back(barrier);', 'D3D12_RESOURCE_STATE_COPY_SOURCE');
    assert.deepEqual(found(r.stdout), [], r.stdout);
  });
  void it('gives nothing for an add method that may also flush', () => {
    const r = run('m_waiting.push_back(barrier); if (m_waiting.size() > 8) FlushBarriers();', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
    assert.deepEqual(found(r.stdout), [], r.stdout);
  });
});
