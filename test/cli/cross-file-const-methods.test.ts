// A frame that tests a member switch twice with a call to a base-class getter between the tests (`CurrentBackBuffer()`
// declared `const` in the framework's header, another file of the run): the getter writes no member, so the second
// test follows the first. A method of the header that is not const may still write the switch.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#include <d3d12.h>
class Framework {
public:
  ID3D12Resource* CurrentBackBuffer() const;
  void Advance();
protected:
  ID3D12GraphicsCommandList* m_cl;
};
`;
const APP = `#include <d3d12.h>
#include "framework.h"
class App : public Framework {
  ID3D12Resource* m_scene;
  bool m_post;
  void Frame();
  void FrameAdvancing();
};
void App::Frame() {
  if (m_post) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_scene, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    m_cl->ResourceBarrier(1, &b);
  }
  ID3D12Resource* back = CurrentBackBuffer();
  if (m_post) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_scene, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_cl->ResourceBarrier(1, &b);
  }
}
void App::FrameAdvancing() {
  if (m_post) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_scene, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    m_cl->ResourceBarrier(1, &b);
  }
  Advance();
  if (m_post) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_scene, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_cl->ResourceBarrier(1, &b);
  }
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

void describe('a base-class method declared const in another file of the run', () => {
  void it('keeps a tested member across its call; a non-const one does not', () => {
    const dir = tempTree({ 'src/framework.h': HEADER, 'src/app.cpp': APP });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    const found = (JSON.parse(run.stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
    assert.deepEqual(found, ['app.cpp:28:legacy-state-mismatch'], run.stdout);
  });
});
