// Hover values as the code wrote them (issue 13's "smaller" items): a buffer barrier's whole-resource Size is shown
// as UINT64_MAX, not as the double 2^64 prints to, and a state written PRESENT (the same value as COMMON) shows both
// names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { renderSite } from '../../server/src/lsp/hover';

const TEXT = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* buf, ID3D12Resource* rt) {
    D3D12_BUFFER_BARRIER b = { D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, buf, 0, UINT64_MAX };
    D3D12_BARRIER_GROUP g = { D3D12_BARRIER_TYPE_BUFFER, 1 };
    g.pBufferBarriers = &b;
    cl->Barrier(1, &g);
    auto t = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->ResourceBarrier(1, &t);
}
`;

describe('hover values', () => {
  const hovers = analyze(TEXT, 'file:///hover-values.cpp').sites.map(renderSite);

  it('shows a Size of UINT64_MAX by that name', () => {
    const size = hovers.flatMap((h) => h.split('\n')).find((l) => l.startsWith('| Size |'));
    assert.equal(size, '| Size | `UINT64_MAX` (0xffffffffffffffff) |');
    assert.ok(!hovers.some((h) => h.includes('0x10000000000000000')));
  });

  it('shows a state written PRESENT with both of its names', () => {
    const before = hovers.flatMap((h) => h.split('\n')).find((l) => l.startsWith('| StateBefore |'));
    assert.equal(before, '| StateBefore | `D3D12_RESOURCE_STATE_COMMON` = `D3D12_RESOURCE_STATE_PRESENT` (0x0) |');
  });
});
