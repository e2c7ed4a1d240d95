// Member state across the methods of a class whose declaration is in a header of the run. A member flag tested by
// `Draw()` and again by `LightPass()` keeps its value through a method that calls functions of other headers by plain
// name (`SetThreadDescription(GetCurrentThread(), …)`): no file of the run declares a method of those names, and the
// header declares the class, so they reach no member. A method the header does declare (`Reconfigure()`, defined
// elsewhere) may still change the flag: the path "depth pass skipped, light pass transitions back" stays.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#include <d3d12.h>
struct Options { bool shadows; };
class Scene {
public:
  void Draw();
  void DrawReconfigured();
private:
  void DepthPass();
  void WorkerPass();
  void LightPass();
  void Reconfigure();
  Options m_opts;
  ID3D12Resource* m_shadowMap;
  ID3D12GraphicsCommandList* m_list;
};
`;
const SCENE = `#include <d3d12.h>
#include "d3dx12.h"
#include "scene.h"
void Scene::DepthPass() {
  auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
  m_list->ResourceBarrier(1, &b);
}
void Scene::WorkerPass() {
  SetThreadDescription(GetCurrentThread(), L"render");
  m_list->DrawInstanced(3, 1, 0, 0);
}
void Scene::LightPass() {
  if (m_opts.shadows) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_list->ResourceBarrier(1, &b);
  }
}
void Scene::Draw() {
  if (m_opts.shadows)
    DepthPass();
  WorkerPass();
  LightPass();
}
void Scene::DrawReconfigured() {
  if (m_opts.shadows)
    DepthPass();
  Reconfigure();
  LightPass();
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

void describe('member facts across the methods of a class declared in a header of the run', () => {
  void it('keep a flag through calls no file of the run declares as methods; a declared method may change it', () => {
    const dir = tempTree({ 'src/scene.h': HEADER, 'src/scene.cpp': SCENE });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    const found = (JSON.parse(run.stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
    assert.deepEqual(found, ['scene.cpp:28:legacy-state-mismatch'], run.stdout);
  });
});
