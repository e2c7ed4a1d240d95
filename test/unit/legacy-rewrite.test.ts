// The legacy → enhanced rewrite: exact output for the shapes it handles, and no rewrite where it could not keep
// the code compiling or correct (split barriers, older command lists, reused variables, several barriers).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RESOURCE_STATES } from '../../server/src/model/enums';
import { rewriteLegacyBarrier, type LegacyBarrier, type RewriteRequest } from '../../server/src/report/legacy-rewrite';
import type { FixEdit, Range } from '../../server/src/types';

function rangeOf(text: string, needle: string, from = 0): Range {
  const start = text.indexOf(needle, from);
  assert.ok(start >= 0, `fixture lacks ${needle}`);
  const at = (offset: number): [number, number] => {
    const before = text.slice(0, offset).split('\n');
    return [before.length - 1, before[before.length - 1].length];
  };
  const [startLine, startColumn] = at(start);
  const [endLine, endColumn] = at(start + needle.length);
  return { startLine, startColumn, endLine, endColumn };
}

function apply(text: string, edits: FixEdit[]): string {
  const lines = text.split('\n');
  const offset = (l: number, c: number): number => lines.slice(0, l).reduce((n, s) => n + s.length + 1, 0) + c;
  const sorted = [...edits].sort((a, b) => offset(b.range.startLine, b.range.startColumn) - offset(a.range.startLine, a.range.startColumn));
  let out = text;
  for (const e of sorted) {
    out = out.slice(0, offset(e.range.startLine, e.range.startColumn)) + e.newText + out.slice(offset(e.range.endLine, e.range.endColumn));
  }
  return out;
}

const S = RESOURCE_STATES;
const field = (value: number | null, text = String(value)): { value: number | null; text: string } => ({ value, text });

function transition(text: string, helper: string, call: string, extra: Partial<RewriteRequest> = {}): RewriteRequest {
  const barrier: LegacyBarrier = {
    kind: 'legacy-transition',
    range: rangeOf(text, helper),
    resource: 'tex',
    fields: { StateBefore: field(S.RENDER_TARGET), StateAfter: field(S.PIXEL_SHADER_RESOURCE) },
  };
  return { text, barrier, call: { range: rangeOf(text, call), barrierCount: 1 }, resourceKind: 'texture', ...extra };
}

const INLINE_HELPER = 'CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)';
const INLINE = [
  'void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)',
  '{',
  '    // 中文 😀',
  `    cl->ResourceBarrier(1, &${INLINE_HELPER});`,
  '}',
  '',
].join('\n');

describe('legacy → enhanced rewrite', () => {
  it('rewrites an inline Transition into a texture barrier group, indented like its surroundings', () => {
    const req = transition(INLINE, INLINE_HELPER, `cl->ResourceBarrier(1, &${INLINE_HELPER})`);
    const [rewrite, ...more] = rewriteLegacyBarrier(req);
    assert.equal(more.length, 0);
    assert.equal(rewrite.title, 'Rewrite as an enhanced texture barrier (Barrier + CD3DX12_TEXTURE_BARRIER)');
    assert.equal(apply(INLINE, rewrite.edits), [
      'void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)',
      '{',
      '    // 中文 😀',
      '    const CD3DX12_TEXTURE_BARRIER texBarrier(',
      '        D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING,',
      '        D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,',
      '        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,',
      '        tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));',
      '    const CD3DX12_BARRIER_GROUP texBarrierGroup(1, &texBarrier);',
      '    cl->Barrier(1, &texBarrierGroup);',
      '}',
      '',
    ].join('\n'));
  });

  it('rewrites a local barrier variable and its call in place, keeping tabs, CRLF and the subresource', () => {
    const helper = 'CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET, mip)';
    const text = `void F(ComPtr<ID3D12GraphicsCommandList9> m_list, ID3D12Resource* tex, UINT mip)\r\n{\r\n\tauto b = ${helper};\r\n\tDraw();\r\n\tm_list->ResourceBarrier(1, &b);\r\n}\r\n`;
    const req = transition(text, helper, 'm_list->ResourceBarrier(1, &b)');
    req.barrier.fields = { StateBefore: field(S.COPY_DEST), StateAfter: field(S.RENDER_TARGET), Subresource: field(null, 'mip') };
    const [rewrite] = rewriteLegacyBarrier(req);
    assert.equal(apply(text, rewrite.edits), [
      'void F(ComPtr<ID3D12GraphicsCommandList9> m_list, ID3D12Resource* tex, UINT mip)',
      '{',
      '\tconst CD3DX12_TEXTURE_BARRIER b(',
      '\t\tD3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_RENDER_TARGET,',
      '\t\tD3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_RENDER_TARGET,',
      '\t\tD3D12_BARRIER_LAYOUT_COPY_DEST, D3D12_BARRIER_LAYOUT_RENDER_TARGET,',
      '\t\ttex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(mip));',
      '\tDraw();',
      '\tconst CD3DX12_BARRIER_GROUP bGroup(1, &b);',
      '\tm_list->Barrier(1, &bGroup);',
      '}',
      '',
    ].join('\r\n'));
  });

  it('offers texture and buffer variants when the resource kind is unknown, buffer only for buffer states', () => {
    const unknown = transition(INLINE, INLINE_HELPER, `cl->ResourceBarrier(1, &${INLINE_HELPER})`, { resourceKind: null });
    unknown.barrier.fields = { StateBefore: field(S.COPY_DEST), StateAfter: field(S.COPY_SOURCE) };
    assert.deepEqual(rewriteLegacyBarrier(unknown).map((r) => r.title.split(' (')[0]), [
      'Rewrite as an enhanced texture barrier', 'Rewrite as an enhanced buffer barrier',
    ]);
    const buffer = { ...unknown, barrier: { ...unknown.barrier, fields: {
      StateBefore: field(S.COPY_DEST), StateAfter: field(S.VERTEX_AND_CONSTANT_BUFFER) } } };
    const renderTarget = { ...unknown, barrier: { ...unknown.barrier, fields: {
      StateBefore: field(S.COMMON), StateAfter: field(S.RENDER_TARGET) } } };
    assert.deepEqual(rewriteLegacyBarrier(renderTarget).map((r) => r.title.split(' (')[0]), ['Rewrite as an enhanced texture barrier']);
    const [only, ...none] = rewriteLegacyBarrier(buffer);
    assert.equal(none.length, 0);
    assert.match(apply(INLINE, only.edits), /const CD3DX12_BUFFER_BARRIER texBarrier\(\n {8}D3D12_BARRIER_SYNC_COPY, D3D12_BARRIER_SYNC_ALL_SHADING,\n {8}D3D12_BARRIER_ACCESS_COPY_DEST, D3D12_BARRIER_ACCESS_VERTEX_BUFFER \| D3D12_BARRIER_ACCESS_CONSTANT_BUFFER,\n {8}tex\);/);
  });

  it('rewrites a UAV barrier on an unknown resource as a global barrier', () => {
    const helper = 'CD3DX12_RESOURCE_BARRIER::UAV(buf)';
    const text = `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* buf)\n{\n  cl->ResourceBarrier(1, &${helper});\n}\n`;
    const req = transition(text, helper, `cl->ResourceBarrier(1, &${helper})`, { resourceKind: null });
    req.barrier = { kind: 'legacy-uav', range: rangeOf(text, helper), resource: 'buf', fields: {} };
    const [rewrite, ...more] = rewriteLegacyBarrier(req);
    assert.equal(more.length, 0);
    assert.match(apply(text, rewrite.edits), /^ {2}const CD3DX12_GLOBAL_BARRIER bufBarrier\(\n {4}D3D12_BARRIER_SYNC_ALL_SHADING \| .*,\n {4}D3D12_BARRIER_ACCESS_UNORDERED_ACCESS, D3D12_BARRIER_ACCESS_UNORDERED_ACCESS\);\n {2}const CD3DX12_BARRIER_GROUP bufBarrierGroup\(1, &bufBarrier\);\n {2}cl->Barrier\(1, &bufBarrierGroup\);$/m);
  });

  it('does not rewrite what it could not keep compiling or correct', () => {
    const call = `cl->ResourceBarrier(1, &${INLINE_HELPER})`;
    const split = transition(INLINE, INLINE_HELPER, call);
    split.barrier.fields.Flags = field(1, 'D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY');
    assert.deepEqual(rewriteLegacyBarrier(split), []);
    const old = INLINE.replace('ID3D12GraphicsCommandList7* cl', 'ID3D12GraphicsCommandList* cl');
    assert.deepEqual(rewriteLegacyBarrier(transition(old, INLINE_HELPER, call)), []);
    assert.deepEqual(rewriteLegacyBarrier({ ...transition(INLINE, INLINE_HELPER, call), call: { range: rangeOf(INLINE, call), barrierCount: 2 } }), []);
    const unknownState = transition(INLINE, INLINE_HELPER, call);
    unknownState.barrier.fields.StateBefore = field(null, 'state');
    assert.deepEqual(rewriteLegacyBarrier(unknownState), []);
    const helper = 'CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE)';
    const reused = `void F(ID3D12GraphicsCommandList7* cl)\n{\n    auto b = ${helper};\n    cl->ResourceBarrier(1, &b);\n    std::swap(b.Transition.StateBefore, b.Transition.StateAfter);\n}\n`;
    assert.deepEqual(rewriteLegacyBarrier(transition(reused, helper, 'cl->ResourceBarrier(1, &b)')), []);
  });
});
