// Member state across the methods of a class defined in several files of a run: `Draw()` in frame.cpp tests
// `m_opts.shadows` before calling `DepthPass()`, and `LightPass()` (in passes.cpp, or inline in the class's header)
// tests it again before moving the shadow map back. As when the methods share a file, the path "depth pass skipped,
// light pass transitions back" cannot happen; a method that flips the flag between the two tests keeps it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const DEPTH = `auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
    m_list->ResourceBarrier(1, &b);`;
const LIGHT = `if (m_opts.shadows) {
      auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
      m_list->ResourceBarrier(1, &b);
    }`;
const header = (inline: boolean) => `#include <d3d12.h>
#include "d3dx12.h"
struct Options { bool shadows; };
class Scene {
public:
  void Draw();
  void DrawToggled();
private:
  void DepthPass()${inline ? ` {\n    ${DEPTH}\n  }` : ';'}
  void LightPass()${inline ? ` {\n    ${LIGHT}\n  }` : ';'}
  Options m_opts;
  ID3D12Resource* m_shadowMap;
  ID3D12GraphicsCommandList* m_list;
};
`;
const PASSES = `#include "scene.h"
void Scene::DepthPass() {
    ${DEPTH}
}
void Scene::LightPass() {
    ${LIGHT}
}
`;
const FRAME = `#include "scene.h"
void Scene::Draw() {
  if (m_opts.shadows)
    DepthPass();
  LightPass();
}
void Scene::DrawToggled() {
  if (m_opts.shadows)
    DepthPass();
  m_opts.shadows = !m_opts.shadows;
  LightPass();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(files: Record<string, string>): string[] {
  const run = runCli(['--format', 'json', '--jobs', '1', 'src'], tempTree(files));
  return (JSON.parse(run.stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
}

void describe('member facts across the files of a class', () => {
  void it('methods in two .cpp files share a tested flag; flipping it between the tests still fires', () => {
    assert.deepEqual(findings({ 'src/scene.h': header(false), 'src/passes.cpp': PASSES, 'src/frame.cpp': FRAME }), ['frame.cpp:11:legacy-state-mismatch']);
  });
  void it('inline methods of the header and a .cpp share it too', () => {
    assert.deepEqual(findings({ 'src/scene.h': header(true), 'src/frame.cpp': FRAME }), ['frame.cpp:11:legacy-state-mismatch']);
  });
});
