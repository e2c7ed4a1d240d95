// The hover on a barrier shows its Xbox Series cost (the same `cost` object as `--format facts`), worded like
// `barrierlint --explain` (no raw object dump), pc unchanged.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { hoverAt } from '../../server/src/lsp/hover';
import { withCosts } from '../../server/src/report/site-cost';

const SOURCE = `void Mips(ID3D12GraphicsCommandList* cl, ID3D12Resource* texture0) {
    auto barrier = CD3DX12_RESOURCE_BARRIER::UAV(texture0);
    cl->ResourceBarrier(1, &barrier);
}`;

void describe('hover cost', () => {
  const sites = analyze(SOURCE, 'file:///mips.cpp', { config: { platform: 'xbox-series' } }).sites;
  const at = { line: 1, character: 30 };

  void it('lists stages, caches and the translation on xbox-series', () => {
    const hover = hoverAt(withCosts(sites, 'xbox-series'), at);
    const text = (hover?.contents as { value: string }).value;
    assert.match(text, /`legacy-uav` on `texture0`/);
    assert.match(text, /\*\*Cost on Xbox Series X\|S\*\*/);
    assert.match(text, /- stages drained: `VS`, `PS`, `CS`/);
    assert.match(text, /- stages blocked: `ME`/);
    assert.match(text, /- caches written back: `L0-L1`, `LM`/);
    assert.match(text, /translated by the driver to: SyncBefore `D3D12_BARRIER_SYNC_ALL_SHADING`/);
    assert.doesNotMatch(text, /- 0:|- 1:/);
  });

  void it('has no cost on pc', () => {
    const text = (hoverAt(withCosts(sites, 'pc'), at)?.contents as { value: string }).value;
    assert.doesNotMatch(text, /cost|Cost/);
  });
});
