// The editor's workspace index gives a file what a multi-file run gives it (track/workspace.ts): the member uses of
// its classes' methods defined in other files (extract/method-uses.ts), and the names it calls that no file declares
// as a method. `Draw()` in frame.cpp tests `m_opts.shadows` before `DepthPass()`; `LightPass()` in passes.cpp tests
// it again: once the workspace knows both files, the path "depth pass skipped, light pass transitions back" is gone,
// and a method flipping the flag between the tests still fires.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { WorkspaceIndex } from '../../server/src/track/workspace';
import type { AnalysisResult } from '../../server/src/report/analysis-result';

const PASSES = `#include <d3d12.h>
#include "d3dx12.h"
struct Options { bool shadows; };
class Scene {
  void Draw();
  void DrawToggled();
  void DepthPass();
  void LightPass();
  void Name();
  Options m_opts;
  ID3D12Resource* m_shadowMap;
  ID3D12GraphicsCommandList* m_list;
};
void Scene::DepthPass() {
  auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_DEPTH_WRITE);
  m_list->ResourceBarrier(1, &b);
}
void Scene::LightPass() {
  if (m_opts.shadows) {
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(m_shadowMap, D3D12_RESOURCE_STATE_DEPTH_WRITE, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    m_list->ResourceBarrier(1, &b);
  }
}
`;
const FRAME = `#include <d3d12.h>
void Scene::Draw() {
  if (m_opts.shadows)
    DepthPass();
  SetThreadDescription(GetCurrentThread(), L"frame");
  LightPass();
}
void Scene::DrawToggled() {
  if (m_opts.shadows)
    DepthPass();
  m_opts.shadows = !m_opts.shadows;
  LightPass();
}
`;

const config = { platform: 'pc' as const };

function index(ix: WorkspaceIndex, uri: string, r: AnalysisResult): void {
  ix.set(uri, { functions: r.facts?.functions ?? [], classBases: r.classBases, methodConstness: r.methodConstness, methodUses: r.methodUses });
}

function warnings(r: AnalysisResult): number[] {
  return r.findings.filter((f) => f.severity !== 'info').map((f) => f.range.startLine + 1);
}

void describe('workspace member uses', () => {
  void it('methods of a class in two files share a tested flag once the workspace knows both', () => {
    const ix = new WorkspaceIndex();
    const alone = analyze(FRAME, 'file:///frame.cpp', { config, complete: true, workspace: ix });
    index(ix, 'file:///frame.cpp', alone);
    index(ix, 'file:///passes.cpp', analyze(PASSES, 'file:///passes.cpp', { config, complete: true, workspace: ix }));
    // Each file read again with the other's uses (as the server re-reads a file of the workspace).
    index(ix, 'file:///passes.cpp', analyze(PASSES, 'file:///passes.cpp', { config, complete: true, workspace: ix }));
    const frame = analyze(FRAME, 'file:///frame.cpp', { config, complete: true, workspace: ix });
    assert.deepEqual(warnings(frame), [12]);
    assert.ok(ix.notMethodsFor('file:///frame.cpp', FRAME)?.has('SetThreadDescription'));
    assert.equal(ix.notMethodsFor('file:///frame.cpp', FRAME)?.has('LightPass'), false);
  });

  void it('the method names follow files added, changed and removed (a counted union, not a walk per keystroke)', () => {
    const ix = new WorkspaceIndex();
    const frame = 'file:///frame.cpp';
    const text = 'void Scene::Draw() { DepthPass(); Flush(); Log(); }';
    ix.set(frame, { functions: [], methodConstness: [['Draw', false]] });
    // The class is in no other file: nothing is known to be no method.
    assert.equal(ix.notMethodsFor(frame, text), undefined);
    ix.set('file:///scene.h', { functions: [], methodConstness: [['Draw', false], ['DepthPass', false], ['Flush', false]] });
    assert.deepEqual([...ix.notMethodsFor(frame, text) ?? []], ['Log']);
    // A second header declares Log as a method of the class: every call may be one.
    ix.set('file:///log.h', { functions: [], methodConstness: [['Log', false]] });
    assert.equal(ix.notMethodsFor(frame, text), undefined);
    // Changed: the header no longer declares Flush; removed: Log's header.
    ix.set('file:///scene.h', { functions: [], methodConstness: [['Draw', false], ['DepthPass', false]] });
    ix.delete('file:///log.h');
    assert.deepEqual([...ix.notMethodsFor(frame, text) ?? []].sort(), ['Flush', 'Log']);
    // The file itself no longer defines a method the others declare: its class is not known to be in the workspace.
    ix.set(frame, { functions: [], methodConstness: [['Other', false]] });
    assert.equal(ix.notMethodsFor(frame, text), undefined);
    ix.delete('file:///scene.h');
    ix.set(frame, { functions: [], methodConstness: [['Draw', false]] });
    assert.equal(ix.notMethodsFor(frame, text), undefined);
  });

  void it('gives the methods other files declare without const that a text calls, and keeps their constness in a slice', () => {
    const ix = new WorkspaceIndex();
    const frame = 'file:///frame.cpp';
    const text = 'void Draw(SwapChain* swap) { swap->Advance(); swap->Current(); Log(); }';
    ix.set(frame, { functions: [] });
    assert.equal(ix.mutatingFor(frame, text), undefined);
    ix.set('file:///swap.h', { functions: [], methodConstness: [['Advance', false], ['Current', true]] });
    assert.deepEqual([...ix.mutatingFor(frame, text) ?? []], ['Advance']);
    const part = ix.slice(frame, () => true).find((p) => p.uri === 'file:///swap.h');
    assert.deepEqual(part?.methodConstness, [['Advance', false], ['Current', true]]);
    ix.delete('file:///swap.h');
    assert.equal(ix.mutatingFor(frame, text), undefined);
  });
});

