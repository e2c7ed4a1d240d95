// Every message with a real debug-layer line (the debug layer's own output copied from public bug reports and code
// comments) is compared with that line: the code below makes barrierlint report the same mistake, and its message
// must equal the real line after the documented differences, and nothing else:
// - object references: the debug layer prints `(0x<pointer>:'<debug name>')`; statically there is no pointer and
//   no debug name, so barrierlint prints the source expression: `('tex')` (`map` below names each replacement);
// - lines whose source dropped the `D3D12 ERROR: <Interface>::<Method>: ` prefix (an app's logger, a code comment)
//   get it back (`prefix`), and lines that end before the bracket block are compared as a prefix (`partial`).
// The real lines are written out here by hand (the reference notes they come from are not part of this project).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { rules } from '../../server/src/rules';

interface Case {
  /** Where the real line was observed. */
  source: string;
  real: string;
  map?: ReadonlyArray<readonly [string, string]>;
  prefix?: string;
  partial?: boolean;
  platform?: 'pc';
  code: string;
}

const UNNAMED_LIST = "(0x000002267C6B5860:'Unnamed ID3D12GraphicsCommandList Object')";

const TEX_BARRIER = (sb: string, sa: string, ab: string, aa: string, lb: string, la: string, res: string) =>
  `CD3DX12_TEXTURE_BARRIER(D3D12_BARRIER_SYNC_${sb}, D3D12_BARRIER_SYNC_${sa}, D3D12_BARRIER_ACCESS_${ab}, D3D12_BARRIER_ACCESS_${aa}, D3D12_BARRIER_LAYOUT_${lb}, D3D12_BARRIER_LAYOUT_${la}, ${res}, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff))`;

const CASES: Case[] = [
  {
    source: 'electronicarts/gigi#30 (submit time, state from InitialState)',
    real: "D3D12 ERROR: ID3D12CommandQueue::ExecuteCommandLists: Using ResourceBarrier on Command List (0x000002267C6B5860:'Unnamed ID3D12GraphicsCommandList Object'): Before state (0x400: D3D12_RESOURCE_STATE_COPY_DEST) of resource (0x000002262A609160:'ColorU8sRGB Initial State') (subresource: 0) specified by transition barrier does not match with the state (0x80: D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE) specified in preceding ResourceBarrier or as InitialState [ RESOURCE_MANIPULATION ERROR #527: RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH]",
    map: [[UNNAMED_LIST, "('cl')"], ["(0x000002262A609160:'ColorU8sRGB Initial State')", "('tex')"]],
    code: `void F(ID3D12Device* device, ID3D12GraphicsCommandList* cl) {
    ID3D12Resource* tex;
    auto heap = CD3DX12_HEAP_PROPERTIES(D3D12_HEAP_TYPE_DEFAULT);
    auto desc = CD3DX12_RESOURCE_DESC::Tex2D(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 256, 256, 1, 1);
    device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, nullptr, IID_PPV_ARGS(&tex));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
}`,
  },
  {
    source: 'gfx-rs/gfx#3009 (record time, state of the previous call; the app stripped the prefix)',
    real: "ID3D12CommandList::ResourceBarrier: Before state (0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT]) of resource (0x00000228D8A91820:'Unnamed ID3D12Resource Object') (subresource: 0) specified by transition barrier does not match with the state (0x4: D3D12_RESOURCE_STATE_RENDER_TARGET) specified in the previous call to ResourceBarrier [ RESOURCE_MANIPULATION ERROR #527: RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH]",
    map: [["(0x00000228D8A91820:'Unnamed ID3D12Resource Object')", "('rt')"]],
    prefix: 'D3D12 ERROR: ',
    code: `void F(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt) {
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
}`,
  },
  {
    source: 'GPUOpen-Effects/FidelityFX-FSR2#65 (submit time, state of the previous call; barrierlint reports it at record time)',
    real: "D3D12 ERROR: ID3D12CommandQueue::ExecuteCommandLists: Using ResourceBarrier on Command List (0x0000016E13D7B980:'Merged'): Before state (0x8: D3D12_RESOURCE_STATE_UNORDERED_ACCESS) of resource (0x0000016CFB9D2310:'FSR2_LockStatus1') (subresource: 0) specified by transition barrier does not match with the state (0x40: D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE) specified in the previous call to ResourceBarrier [ RESOURCE_MANIPULATION ERROR #527: RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH]",
    map: [
      ["ID3D12CommandQueue::ExecuteCommandLists: Using ResourceBarrier on Command List (0x0000016E13D7B980:'Merged'): ", 'ID3D12CommandList::ResourceBarrier: '],
      ["(0x0000016CFB9D2310:'FSR2_LockStatus1')", "('lock')"],
    ],
    code: `void F(ID3D12GraphicsCommandList* cl, ID3D12Resource* lock) {
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(lock, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, 0));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(lock, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, 0));
}`,
  },
  {
    source: 'intel/xess#47',
    real: 'D3D12 ERROR: ID3D12CommandList::ResourceBarrier: Before and after states must be different. [ RESOURCE_MANIPULATION ERROR #525: RESOURCE_BARRIER_MATCHING_STATES]',
    code: `void F(ID3D12GraphicsCommandList* cl, ID3D12Resource* buf) {
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(buf, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_DEST));
}`,
  },
  {
    source: 'baldurk/renderdoc#3909',
    real: 'D3D12 ERROR: ID3D12CommandList::ResourceBarrier: D3D12_RESOURCE_STATES has invalid flags (0x4) for compute command list. [ RESOURCE_MANIPULATION ERROR #537: RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE]',
    code: `void F(ID3D12Device* dev, ID3D12CommandAllocator* a, ID3D12Resource* buf) {
    ID3D12GraphicsCommandList* cl;
    dev->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, a, nullptr, IID_PPV_ARGS(&cl));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(buf, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
}`,
  },
  {
    source: 'microsoft/DirectX-Graphics-Samples#137',
    real: 'D3D12 WARNING: ID3D12CommandList::ResourceBarrier: Called with 0 NumBarriers resulting in no-op function call. [ RESOURCE_MANIPULATION WARNING #954: RESOURCE_BARRIER_ZERO_BARRIERS]',
    code: `void F(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_BARRIER* b) {
    cl->ResourceBarrier(0, b);
}`,
  },
  {
    source: 'microsoft/DirectX-Graphics-Samples#221 (then #1015, #1008 in current headers)',
    real: "D3D12 WARNING: ID3D12CommandList::ResourceBarrier: Called on the same subresource(s) of Resource(0x00000225EA677EC0:'Main Color Buffer') in separate Barrier Descs which is inefficient and likely unintentional. Desc[0] on (subresource : 4294967295) and Desc[3] on (subresource : 4294967295). [ RESOURCE_MANIPULATION WARNING #1015: RESOURCE_BARRIER_DUPLICATE_SUBRESOURCE_TRANSITIONS]",
    map: [["(0x00000225EA677EC0:'Main Color Buffer')", "('color')"], ['#1015', '#1008']],
    code: `void F(ID3D12GraphicsCommandList* cl, ID3D12Resource* color, ID3D12Resource* a, ID3D12Resource* b) {
    D3D12_RESOURCE_BARRIER bs[4] = {
        CD3DX12_RESOURCE_BARRIER::Transition(color, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE),
        CD3DX12_RESOURCE_BARRIER::Transition(a, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ),
        CD3DX12_RESOURCE_BARRIER::Transition(b, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_GENERIC_READ),
        CD3DX12_RESOURCE_BARRIER::Transition(color, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET) };
    cl->ResourceBarrier(4, bs);
}`,
  },
  {
    source: 'NVIDIA/cuda-samples#189 (use time, note the two spaces)',
    real: "D3D12 ERROR: ID3D12CommandQueue::ExecuteCommandLists: Using Draw on Command List (0x000002A34CB699E0:'Unnamed ID3D12GraphicsCommandList Object'): Resource state (0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT]) of resource (0x000002A33C1BE7A0:'Unnamed ID3D12Resource Object') (subresource: 0) is invalid for use as a render target.  Expected State Bits (all): 0x4: D3D12_RESOURCE_STATE_RENDER_TARGET, Actual State: 0x0: D3D12_RESOURCE_STATE_[COMMON|PRESENT], Missing State: 0x4: D3D12_RESOURCE_STATE_RENDER_TARGET. [ EXECUTION ERROR #538: INVALID_SUBRESOURCE_STATE]",
    map: [["(0x000002A34CB699E0:'Unnamed ID3D12GraphicsCommandList Object')", "('m_commandList')"],
      ["(0x000002A33C1BE7A0:'Unnamed ID3D12Resource Object')", "('m_renderTargets[m_frameIndex].Get()')"]],
    code: `void Sample::LoadPipeline() {
    D3D12_DESCRIPTOR_HEAP_DESC rtvHeapDesc = {};
    rtvHeapDesc.NumDescriptors = FrameCount;
    rtvHeapDesc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    ThrowIfFailed(m_device->CreateDescriptorHeap(&rtvHeapDesc, IID_PPV_ARGS(&m_rtvHeap)));
    m_rtvDescriptorSize = m_device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtvHandle(m_rtvHeap->GetCPUDescriptorHandleForHeapStart());
    for (UINT n = 0; n < FrameCount; n++) {
        ThrowIfFailed(m_swapChain->GetBuffer(n, IID_PPV_ARGS(&m_renderTargets[n])));
        m_device->CreateRenderTargetView(m_renderTargets[n].Get(), nullptr, rtvHandle);
        rtvHandle.Offset(1, m_rtvDescriptorSize);
    }
}
void Sample::Draw() {
    m_commandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_renderTargets[m_frameIndex].Get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    CD3DX12_CPU_DESCRIPTOR_HANDLE rtvHandle(m_rtvHeap->GetCPUDescriptorHandleForHeapStart(), m_frameIndex, m_rtvDescriptorSize);
    m_commandList->OMSetRenderTargets(1, &rtvHandle, FALSE, nullptr);
    m_commandList->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(m_renderTargets[m_frameIndex].Get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
    m_commandList->DrawInstanced(3, 1, 0, 0);
}`,
  },
  {
    source: 'MicrosoftDocs/sdk-api#2118 (InfoQueue fields re-assembled into the debug layer line; the errant _VIEW is the layer\'s)',
    real: 'D3D12 ERROR: ID3D12Device::CreatePlacedResource2: Resource created with D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE bit set must also set the D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS_VIEW bit. [ STATE_CREATION ERROR #599: CREATERESOURCE_INVALIDMISCFLAGS]',
    code: `void F(ID3D12Device10* device, ID3D12Heap* heap) {
    ID3D12Resource* as;
    auto desc = CD3DX12_RESOURCE_DESC1::Buffer(65536, D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE);
    device->CreatePlacedResource2(heap, 0, &desc, D3D12_BARRIER_LAYOUT_UNDEFINED, nullptr, 0, nullptr, IID_PPV_ARGS(&as));
}`,
  },
  {
    source: 'crud89/d3d12-renderpass-barrier-mwe ("legecy" is the layer\'s spelling)',
    real: 'D3D12 ERROR: ID3D12CommandList::Barrier: Resource last transitioned by legecy barrier must be in common state before switching to enhanced barriers. [ STATE_SETTING ERROR #1351: BARRIER_INTEROP_INVALID_STATE]',
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COPY_DEST, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &t);
    cl->Barrier(1, &g);
}`,
  },
  {
    source: 'GPUOpen-LibrariesAndSDKs/RenderPipelineShaders (code comment without prefix)',
    real: 'SyncBefore bits D3D12_BARRIER_SYNC_NONE are incompatible with AccessBefore bits D3D12_BARRIER_ACCESS_COMMON in texture barrier at group [0], index [2]. [ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES]',
    prefix: 'D3D12 ERROR: ID3D12CommandList::Barrier: ',
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* a, ID3D12Resource* b, ID3D12Resource* c) {
    D3D12_TEXTURE_BARRIER t[3] = {
        ${TEX_BARRIER('NONE', 'COPY', 'NO_ACCESS', 'COPY_DEST', 'UNDEFINED', 'COPY_DEST', 'a')},
        ${TEX_BARRIER('NONE', 'COPY', 'NO_ACCESS', 'COPY_DEST', 'UNDEFINED', 'COPY_DEST', 'b')},
        ${TEX_BARRIER('NONE', 'COPY', 'COMMON', 'COPY_DEST', 'COMMON', 'COPY_DEST', 'c')} };
    CD3DX12_BARRIER_GROUP g(3, t);
    cl->Barrier(1, &g);
}`,
  },
  {
    source: 'zhaijialong/RealEngine d3d12_header.h (code comment, body only)',
    real: 'SyncAfter bits D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW are incompatible with AccessAfter bits D3D12_BARRIER_ACCESS_NO_ACCESS',
    prefix: 'D3D12 ERROR: ID3D12CommandList::Barrier: ', partial: true,
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* a) {
    CD3DX12_BUFFER_BARRIER bb(D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_CLEAR_UNORDERED_ACCESS_VIEW, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_NO_ACCESS, a);
    CD3DX12_BARRIER_GROUP g(1, &bb);
    cl->Barrier(1, &g);
}`,
  },
  {
    source: 'Renderer.cpp code comment (#1356)',
    real: 'D3D12 WARNING: ID3D12CommandQueue::ExecuteCommandLists: ExecuteCommandLists references command lists that have recorded only Barrier commands. Since there is no other GPU work to synchronize against, all barriers should use AccessAfter / AccessBefore = D3D12_BARRIER_ACCESS_NO_ACCESS and SyncBefore / SyncAfter = D3D12_BARRIER_SYNC_NONE. This information can be used as an optimization hint by some drivers. [ EXECUTION WARNING #1356: NON_OPTIMAL_BARRIER_ONLY_EXECUTE_COMMAND_LISTS]',
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12CommandQueue* q, ID3D12CommandAllocator* a, ID3D12Resource* tex) {
    cl->Reset(a, nullptr);
    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_COPY_DEST, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &t);
    cl->Barrier(1, &g);
    cl->Close();
    ID3D12CommandList* lists[] = { cl };
    q->ExecuteCommandLists(1, lists);
}`,
  },
  {
    source: 'GhostEngine barrier document (re-wrapped; AccessBefore RENDER_TARGET|SHADER_RESOURCE with LayoutBefore RENDER_TARGET)',
    real: 'D3D12 ERROR: ID3D12CommandList::Barrier: AccessBefore bits D3D12_BARRIER_ACCESS_SHADER_RESOURCE are incompatible with LayoutBefore D3D12_BARRIER_LAYOUT_RENDER_TARGET. [ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES]',
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* a) {
    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET | D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, a, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &t);
    cl->Barrier(1, &g);
}`,
  },
  {
    source: 'GhostEngine barrier document (zero-initialised LayoutBefore on a compute list; that build printed no pResource part)',
    real: 'D3D12 ERROR: Barrier layout(D3D12_BARRIER_LAYOUT_COMMON) does not match expected layout (D3D12_BARRIER_LAYOUT_SHADER_RESOURCE) using COMPUTE command list. [ STATE_SETTING ERROR #1334: INCOMPATIBLE_BARRIER_LAYOUT]',
    map: [['D3D12 ERROR: Barrier layout(D3D12_BARRIER_LAYOUT_COMMON) does', "D3D12 ERROR: ID3D12CommandList::Barrier: Barrier layout(D3D12_BARRIER_LAYOUT_COMMON), pResource = 'tex', does"]],
    code: `void F(ID3D12Device* dev, ID3D12CommandAllocator* a, ID3D12Resource* tex) {
    ID3D12GraphicsCommandList7* cl;
    dev->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, a, nullptr, IID_PPV_ARGS(&cl));
    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_COMPUTE_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &t);
    cl->Barrier(1, &g);
    D3D12_TEXTURE_BARRIER t2 = {};
    t2.SyncBefore = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    t2.SyncAfter = D3D12_BARRIER_SYNC_COMPUTE_SHADING;
    t2.AccessBefore = D3D12_BARRIER_ACCESS_SHADER_RESOURCE;
    t2.AccessAfter = D3D12_BARRIER_ACCESS_UNORDERED_ACCESS;
    t2.LayoutAfter = D3D12_BARRIER_LAYOUT_UNORDERED_ACCESS;
    t2.pResource = tex;
    t2.Subresources.IndexOrFirstMipLevel = 0xffffffff;
    CD3DX12_BARRIER_GROUP g2(1, &t2);
    cl->Barrier(1, &g2);
}`,
  },
  {
    source: 'GhostEngine barrier document (render-pass discard left COMMON; interface elided in the source)',
    real: "D3D12 ERROR: Barrier layout(D3D12_BARRIER_LAYOUT_RENDER_TARGET), pResource = 'SwapChain_BackBuffer_1', does not match expected layout (D3D12_BARRIER_LAYOUT_COMMON). [ STATE_SETTING ERROR #1334: INCOMPATIBLE_BARRIER_LAYOUT]",
    map: [['D3D12 ERROR: Barrier', 'D3D12 ERROR: ID3D12CommandList::Barrier: Barrier'], ["'SwapChain_BackBuffer_1'", "'back'"]],
    code: `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* back) {
    CD3DX12_TEXTURE_BARRIER t(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COMMON, back, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &t);
    cl->Barrier(1, &g);
    CD3DX12_TEXTURE_BARRIER t2(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_RENDER_TARGET, back, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g2(1, &t2);
    cl->Barrier(1, &g2);
}`,
  },
];

function expectedLine(c: Case): string {
  let line = (c.prefix ?? '') + c.real;
  for (const [from, to] of c.map ?? []) {
    assert.ok(line.includes(from), `${c.source}: the real line has no '${from}'`);
    line = line.split(from).join(to);
  }
  return line;
}

/**
 * Rules whose debug-layer message number occurs in a real line but whose own message has no real line to compare
 * with (another check of the layer shares the number), with the reason. Every other rule with such a number must
 * be matched by a case above.
 */
const NO_REAL_LINE: Readonly<Record<string, string>> = {
  'barrier-on-bundle': '#537 was seen for state bits on a compute list (renderdoc#3909); no line for a barrier on a bundle is public',
  'discard-resource-state': '#538 was seen for a draw (cuda-samples#189); no DiscardResource line is public',
  'no-access-combined': 'no #1331 line for NO_ACCESS combined with other access bits is public',
  'simultaneous-access-layout': 'no #1334 line for a simultaneous-access texture is public',
  'queue-specific-layout-use': 'the #1334 lines (E21, E22) are about a barrier\'s LayoutBefore; no line for a command using another queue type\'s layout is public',
  'undefined-layout-access': 'the #1331 line of E20 is for RENDER_TARGET, not for a one-sided UNDEFINED layout',
};

const matchedRules = new Set<string>();

void describe('messages equal the real debug-layer lines', () => {
  for (const c of CASES) {
    void it(c.source, () => {
      const expected = expectedLine(c);
      const findings = analyze(`#include <d3d12.h>\n#include "d3dx12.h"\n${c.code}\n`, 'file:///work/messages.cpp', {}).findings;
      const match = findings.find((f) => (c.partial ? f.message.startsWith(expected) : f.message === expected));
      if (match) matchedRules.add(match.rule);
      assert.ok(match, `expected${c.partial ? ' a message starting with' : ''}:\n  ${expected}\ngot:\n  ${findings.map((f) => f.message).join('\n  ')}`);
    });
  }

  void it('every rule reporting a message number seen in a real line is compared with one (or says why not)', () => {
    const seen = new Set(CASES.map((c) => /#(\d+): \w+\]/.exec(expectedLine(c))?.[1]).filter(Boolean).map(Number));
    const sharing = rules.filter((r) => r.meta.messageNumber !== null && seen.has(r.meta.messageNumber)).map((r) => r.meta.id);
    const missing = sharing.filter((id) => !matchedRules.has(id) && !NO_REAL_LINE[id]);
    assert.deepEqual(missing, [], 'add a case for the rule\'s real line, or list it in NO_REAL_LINE with the reason');
    const stale = Object.keys(NO_REAL_LINE).filter((id) => matchedRules.has(id) || !sharing.includes(id));
    assert.deepEqual(stale, [], 'NO_REAL_LINE lists a rule that a case matches, or that reports no such number');
  });
});
