// recording-after-close through a helper another file of the run defines: `Tools::Move(res, list, before, after)` in
// tools.cpp records a transition on the list it is handed; viewer.cpp closes its member list, executes it, waits for
// the GPU and then calls the helper (the session-19 historical shape). Before, a helper the file does not define was
// an unknown call that may reset the list: nothing was reported. A helper handed no list, one that resets the list it
// is handed, and the call placed before the Close stay silent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const TOOLS_H = `#pragma once
#include <d3d12.h>
class Tools {
public:
  static void Move(ID3D12Resource* res, ID3D12GraphicsCommandList* list, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after);
  static void Reopen(ID3D12GraphicsCommandList* list, ID3D12CommandAllocator* alloc);
};
`;
const TOOLS_CPP = `#include "tools.h"
void Tools::Move(ID3D12Resource* res, ID3D12GraphicsCommandList* list, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b = {};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = res;
  b.Transition.StateBefore = before;
  b.Transition.StateAfter = after;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  list->ResourceBarrier(1, &b);
}
void Tools::Reopen(ID3D12GraphicsCommandList* list, ID3D12CommandAllocator* alloc) {
  alloc->Reset();
  list->Reset(alloc, nullptr);
}
`;
const VIEWER = (body: string) => `#include "tools.h"
#define CHECK(x) { if (FAILED(x)) throw 1; }
struct Viewer {
  void Bake();
  void Wait();
  ID3D12GraphicsCommandList* m_list;
  ID3D12CommandAllocator* m_alloc;
  ID3D12CommandQueue* m_queue;
  ID3D12Fence* m_fence;
  ID3D12Resource* m_shadow;
  UINT64 m_value;
};
void Viewer::Wait() {
  CHECK(m_queue->Signal(m_fence, ++m_value));
  if (m_fence->GetCompletedValue() < m_value) {
    CHECK(m_fence->SetEventOnCompletion(m_value, nullptr));
  }
}
void Viewer::Bake() {
${body}
}
`;
const CLOSE = `  CHECK(m_list->Close());
  ID3D12CommandList* lists[] = { m_list };
  m_queue->ExecuteCommandLists(1, lists);
  Wait();`;
const MOVE = '  Tools::Move(m_shadow, m_list, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_GENERIC_READ);';

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string; related: { path: string; line: number }[] }[] }[] };
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.rule === 'recording-after-close')
  .map((d) => `${f.path.replace(/^.*\//, '')}:${d.line} ${d.related.map((r) => `${r.path.replace(/^.*\//, '')}:${r.line}`).join(' ')}`));
const run = (body: string, jobs: string) => runCli(['--format', 'json', '--jobs', jobs, 'src'],
  tempTree({ 'src/tools.h': TOOLS_H, 'src/tools.cpp': TOOLS_CPP, 'src/viewer.cpp': VIEWER(body) }));

void describe('recording-after-close through a helper of another file', () => {
  for (const jobs of ['1', '2']) {
    void it(`reports the helper that records on the closed list (--jobs ${jobs})`, () => {
      const r = run(`${CLOSE}\n${MOVE}`, jobs);
      assert.deepEqual(found(r.stdout), ['viewer.cpp:24 viewer.cpp:20 tools.cpp:9'], r.stdout);
    });
    void it(`stays silent when the helper runs before the Close (--jobs ${jobs})`, () => {
      const r = run(`${MOVE}\n${CLOSE}`, jobs);
      assert.deepEqual(found(r.stdout), [], r.stdout);
    });
    void it(`stays silent after a helper of the other file that resets the list (--jobs ${jobs})`, () => {
      const r = run(`${CLOSE}\n  Tools::Reopen(m_list, m_alloc);\n${MOVE}`, jobs);
      assert.deepEqual(found(r.stdout), [], r.stdout);
    });
  }
});
