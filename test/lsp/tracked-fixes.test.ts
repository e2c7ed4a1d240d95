// "Set StateBefore / LayoutBefore to the tracked value": offered on the state-mismatch diagnostics, editing the
// field where it is written, and leaving the code without that finding once applied.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver/node';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///tracked-fixes.cpp';
const SOURCE = `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt)
{
    auto toRt = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->ResourceBarrier(1, &toRt);
    auto toPresent = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT);
    cl->ResourceBarrier(1, &toPresent);
}

void Pass(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    CD3DX12_TEXTURE_BARRIER a(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_RENDER_TARGET,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_RENDER_TARGET, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP ga(1, &a);
    cl->Barrier(1, &ga);
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP gb(1, &b);
    cl->Barrier(1, &gb);
}
`;

function apply(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

describe('tracked-value quick fixes', () => {
  let pair: InProcessPair;
  let version = 1;
  const fixFor = async (diagnostic: Diagnostic): Promise<CodeAction | undefined> => {
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: diagnostic.range, context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
    return actions.find((a) => a.title.startsWith('Set '));
  };

  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('sets StateBefore of a legacy transition to the tracked state, and the finding goes away', async () => {
    await pair.client.open(URI, SOURCE, version);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    const mismatch = diagnostics.find((d) => d.code === 'legacy-state-mismatch');
    assert.ok(mismatch, JSON.stringify(diagnostics.map((d) => d.code)));
    const fix = await fixFor(mismatch);
    assert.equal(fix?.title, 'Set StateBefore to D3D12_RESOURCE_STATE_RENDER_TARGET (the tracked state)');
    assert.equal(fix.isPreferred, true);
    const fixed = apply(SOURCE, fix.edit!.changes![URI]);
    assert.match(fixed, /Transition\(rt, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT\)/);
    version++;
    await pair.client.change(URI, version, [{ text: fixed }]);
    const after = await pair.client.diagnostics(URI, (p) => p.version === version);
    assert.ok(!after.some((d) => d.code === 'legacy-state-mismatch'));
  });

  it('sets LayoutBefore of an enhanced barrier to the tracked layout', async () => {
    const text = SOURCE.replace('D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_COPY_SOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE');
    version++;
    await pair.client.change(URI, version, [{ text }]);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    const mismatch = diagnostics.find((d) => d.code === 'layout-before-mismatch');
    assert.ok(mismatch, JSON.stringify(diagnostics.map((d) => d.code)));
    const fix = await fixFor(mismatch);
    assert.equal(fix?.title, 'Set LayoutBefore to D3D12_BARRIER_LAYOUT_RENDER_TARGET (the tracked layout)');
    assert.equal(apply(text, fix.edit!.changes![URI]).includes('D3D12_BARRIER_LAYOUT_COPY_SOURCE'), false);
  });
});
