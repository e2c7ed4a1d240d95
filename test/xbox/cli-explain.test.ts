// `barrierlint --explain FILE:LINE` and the `cost` objects of `--format facts` with an Xbox Series platform.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from '../cli/helpers';

const FRAME = `#include <d3d12.h>
void Create(ID3D12Device* dev, const D3D12_HEAP_PROPERTIES& heap) {
    auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM, 256, 256, 1, 1, 1, 0,
        D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12XBOX_RESOURCE_FLAG_ALLOW_DCC);
    dev->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_RENDER_TARGET, nullptr,
        IID_PPV_ARGS(&m_scene));
}
void Post(ID3D12GraphicsCommandList7* cl, ID3D12Resource* texture0) {
    CD3DX12_TEXTURE_BARRIER toRead(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        m_scene.Get(), CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &toRead);
    cl->Barrier(1, &g);
    auto uav = CD3DX12_RESOURCE_BARRIER::UAV(texture0);
    cl->ResourceBarrier(1, &uav);
}
`;

void describe('--explain FILE:LINE', () => {
  const root = tempTree({ 'frame.cpp': FRAME });

  void it('prints the fields and the Xbox Series cost of an enhanced barrier, with the creation flags used', () => {
    const run = runCli(['--platform', 'xbox-series', '--explain', 'frame.cpp:10'], root);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^frame\.cpp:9:\d+: texture-barrier on 'm_scene\.Get\(\)'$/m);
    assert.match(run.stdout, /^ {4}stages drained: {3}CB$/m);
    assert.match(run.stdout, /^ {4}stages blocked: {3}ME$/m);
    assert.match(run.stdout, /^ {4}caches written back: CB cache$/m);
    assert.match(run.stdout, /^ {4}caches invalidated: {2}L0-L1, \$K, LM$/m);
    // ALLOW_DCC, not TC, single-sampled unknown: the non-TC table loses every render-target compression state.
    assert.match(run.stdout, /^ {4}decompression: {4}non-TC: CompressedColor, CompressedDcc, ScatteredFmask, IndirectColorClear$/m);
  });

  void it('shows the translation of a legacy UAV barrier and its findings', () => {
    const run = runCli(['--platform', 'xbox-series', '--explain', 'frame.cpp:15'], root);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /translated by the driver to:\n {4}SyncBefore: {3}D3D12_BARRIER_SYNC_ALL_SHADING/);
    assert.match(run.stdout, /stages drained: {3}VS, PS, CS/);
    assert.match(run.stdout, /frame\.cpp:15:\d+: info: barrierlint INFO: \[xbox-legacy-barrier-cost\]/);
  });

  void it('--format json; a pc platform is noted; a line without a barrier exits 2', () => {
    const run = runCli(['--explain', 'frame.cpp:15', '--format', 'json'], root);
    assert.equal(run.code, 0, run.stderr);
    const doc = JSON.parse(run.stdout) as { platform: string; note?: string; barriers: { kind: string; cost: { drained: string[] } }[] };
    assert.equal(doc.platform, 'pc');
    assert.match(doc.note ?? '', /would cost on Xbox Series X\|S/);
    assert.deepEqual(doc.barriers.map((b) => [b.kind, b.cost.drained]), [['legacy-uav', ['VS', 'PS', 'CS']]]);
    // The ResourceBarrier call's line explains the barriers it applies.
    assert.equal(JSON.parse(runCli(['--explain', 'frame.cpp:16', '--format', 'json'], root).stdout).barriers[0].kind, 'legacy-uav');
    const none = runCli(['--explain', 'frame.cpp:2'], root);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no barrier construction on this line/);
    const bad = runCli(['--explain', 'frame.cpp'], root);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /expected FILE:LINE/);
  });

  void it('--format facts carries a cost per barrier site on xbox-series only', () => {
    type Facts = { files: { sites: { kind: string; cost?: { drained: string[] } }[] }[] };
    const xbox = JSON.parse(runCli(['--platform', 'xbox-series', '--format', 'facts', 'frame.cpp'], root).stdout) as Facts;
    const costs = xbox.files[0].sites.filter((s) => s.cost).map((s) => [s.kind, s.cost?.drained]);
    assert.deepEqual(costs, [['texture-barrier', ['CB']], ['legacy-uav', ['VS', 'PS', 'CS']]]);
    const pc = JSON.parse(runCli(['--format', 'facts', 'frame.cpp'], root).stdout) as Facts;
    assert.equal(pc.files[0].sites.filter((s) => s.cost).length, 0);
  });
});
