// Golden tests of the Xbox debug-layer message layout (xbox-platform.md § 6.1, verbatim from EBX) and of its use
// by analyze() with an Xbox platform; `pc` keeps the single-line PC format.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { ACCESS, LAYOUT, SYNC } from '../../server/src/model/enums';
import { renderXboxMessage } from '../../server/src/report/xbox-format';
import type { RuleMeta } from '../../server/src/rules/define-rule';
import type { XboxMessageData } from '../../server/src/types';

// EBX § "PIX support and validation", the validation output, with the pointer replaced as documented: statically the
// address is unknown, so barrierlint prints `(?)` and the resource's source expression as its name.
const SEED_EXAMPLE = `D3D12 ERROR: [0xA7900038] ID3D12CommandQueue(Graphics)::ExecuteCommandLists: Resource is being transitioned from legacy to enhanced barriers but is not in the state D3D12_RESOURCE_STATE_COMMON as is required.
Current State is: D3D12_RESOURCE_STATE_RENDER_TARGET
|  -Group Index:   0
|  -Barrier Index: 0
|  -Barrier
|   |  -SyncBefore:   D3D12_BARRIER_SYNC_RENDER_TARGET
|   |  -SyncAfter:    D3D12_BARRIER_SYNC_COMPUTE_SHADING
|   |  -AccessBefore: D3D12_BARRIER_ACCESS_RENDER_TARGET
|   |  -AccessAfter:  D3D12_BARRIER_ACCESS_UNORDERED_ACCESS
|   |  -LayoutBefore: D3D12_BARRIER_LAYOUT_RENDER_TARGET
|   |  -LayoutAfter:  D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS
|   |  -pResource:    (?) "m_target.Get()"
|   |  -Subresources
|   |    |  -IndexOrFirstMipLevel: 4294967295
|   |    |  -NumMipLevels:         0
|   |    |  -FirstArraySlice:      0
|   |    |  -NumArraySlices:       0
|   |    |  -FirstPlane:           0
|   |    |  -NumPlanes:            0
|   |  -Flags: D3D12_TEXTURE_BARRIER_FLAG_NONE (0x00000000)`;

const f = (value: number | null, text = String(value)) => ({ value, text });

void describe('Xbox message format (§ 6.1)', () => {
  void it('reproduces the EBX validation output for the one known Xbox code', () => {
    const meta: RuleMeta = {
      id: 'interop-legacy-state-not-common', description: '', defaultSeverity: 'error',
      messageId: 'BARRIER_INTEROP_INVALID_STATE', messageNumber: 1351, category: 'STATE_SETTING', api: 'ID3D12CommandList::Barrier',
      messages: {},
    };
    const data: XboxMessageData = {
      platform: 'xbox-series', listType: 'direct', group: 0, index: 0,
      details: ['Current State is: D3D12_RESOURCE_STATE_RENDER_TARGET'],
      barrier: {
        kind: 'texture', resource: 'm_target.Get()',
        fields: {
          SyncBefore: f(SYNC.RENDER_TARGET), SyncAfter: f(SYNC.COMPUTE_SHADING),
          AccessBefore: f(ACCESS.RENDER_TARGET), AccessAfter: f(ACCESS.UNORDERED_ACCESS),
          LayoutBefore: f(LAYOUT.RENDER_TARGET), LayoutAfter: f(LAYOUT.UNORDERED_ACCESS),
          'Subresources.IndexOrFirstMipLevel': f(0xffffffff), 'Subresources.NumMipLevels': f(0),
          'Subresources.FirstArraySlice': f(0), 'Subresources.NumArraySlices': f(0),
          'Subresources.FirstPlane': f(0), 'Subresources.NumPlanes': f(0), Flags: f(0),
        },
      },
    };
    // The rule's own wording goes before the seed's detail line; here the rule has none beyond the seed's header.
    const message = renderXboxMessage(meta, 'error', 'Current State is: D3D12_RESOURCE_STATE_RENDER_TARGET', { ...data, details: [] });
    assert.equal(message, SEED_EXAMPLE);
  });

  void it('the interop error from real code prints exactly as EBX shows it', () => {
    const source = `void F(ID3D12Device* dev, ID3D12CommandAllocator* alloc) {
    ID3D12GraphicsCommandList7* gfx = nullptr;
    dev->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, alloc, nullptr, IID_PPV_ARGS(&gfx));
    auto t = CD3DX12_RESOURCE_BARRIER::Transition(m_target.Get(), D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    gfx->ResourceBarrier(1, &t);
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_COMPUTE_SHADING,
        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS,
        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS,
        m_target.Get(), CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    gfx->Barrier(1, &g);
}`;
    const findings = analyze(source, 'file:///interop.cpp', { config: { platform: 'xbox-series' } }).findings
      .filter((x) => x.rule === 'interop-legacy-state');
    assert.equal(findings.length, 1);
    assert.equal(findings[0].message, SEED_EXAMPLE);
  });

  void it('legacy barriers, unknown values, PC message ids and barrierlint-only checks', () => {
    const meta: RuleMeta = { id: 'some-rule', description: '', defaultSeverity: 'warning', messageId: null, messageNumber: null,
      category: null, api: 'ID3D12GraphicsCommandList::ResourceBarrier', messages: {} };
    const message = renderXboxMessage(meta, 'warning', 'Body text.', {
      platform: 'xbox-one', listType: 'compute', group: null, index: 2,
      barrier: { kind: 'legacy-transition', resource: 'buf',
        fields: { Flags: f(1), Subresource: f(0xffffffff), StateBefore: f(null, 'state'), StateAfter: f(0x4000 | 0x4) } },
    });
    assert.equal(message, [
      'barrierlint WARNING: [some-rule] ID3D12GraphicsCommandList(Compute)::ResourceBarrier: Body text.',
      '|  -Barrier Index: 2',
      '|  -Barrier',
      '|   |  -Type:  D3D12_RESOURCE_BARRIER_TYPE_TRANSITION',
      '|   |  -Flags: D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY (0x00000001)',
      '|   |  -Transition',
      '|   |    |  -pResource:   (?) "buf"',
      '|   |    |  -Subresource: 4294967295',
      '|   |    |  -StateBefore: <unknown: state>',
      '|   |    |  -StateAfter:  D3D12_RESOURCE_STATE_RENDER_TARGET|D3D12XBOX_RESOURCE_STATE_PRESERVE_COMPRESSED_COLOR',
    ].join('\n'));
  });

  const SOURCE = `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* buf) {
    CD3DX12_BUFFER_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COPY,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COPY_SOURCE, buf);
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}`;

  void it('analyze() renders rule messages in the Xbox shape on Xbox platforms only', () => {
    const pc = analyze(SOURCE, 'file:///f.cpp', { config: { platform: 'pc' } }).findings;
    assert.equal(pc.length, 1);
    assert.match(pc[0].message, /^D3D12 ERROR: ID3D12CommandList::Barrier: .* \[ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES\]$/);
    const xbox = analyze(SOURCE, 'file:///f.cpp', { config: { platform: 'xbox-series' } }).findings;
    assert.equal(xbox.length, 1);
    assert.deepEqual(xbox[0].message.split('\n'), [
      'D3D12 ERROR: [#1331 INCOMPATIBLE_BARRIER_VALUES] ID3D12CommandList::Barrier: SyncBefore bits D3D12_BARRIER_SYNC_NONE are incompatible with AccessBefore bits D3D12_BARRIER_ACCESS_COMMON in buffer barrier at group [0], index [0].',
      '|  -Group Index:   0',
      '|  -Barrier Index: 0',
      '|  -Barrier',
      '|   |  -SyncBefore:   D3D12_BARRIER_SYNC_NONE',
      '|   |  -SyncAfter:    D3D12_BARRIER_SYNC_COPY',
      '|   |  -AccessBefore: D3D12_BARRIER_ACCESS_COMMON',
      '|   |  -AccessAfter:  D3D12_BARRIER_ACCESS_COPY_SOURCE',
      '|   |  -pResource:    (?) "buf"',
      '|   |  -Offset:       0',
      '|   |  -Size:         18446744073709551615',
    ]);
    assert.equal(xbox[0].messageId, 'INCOMPATIBLE_BARRIER_VALUES');
  });
});
