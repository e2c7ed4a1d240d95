// "Match the tracked state": offered on the state-mismatch diagnostics, editing the before-side fields where they
// are written (StateBefore; or LayoutBefore, AccessBefore and SyncBefore together), and checked by re-analysing the
// fixed text: the finding is gone and no new finding appears.
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

/** Findings of `after` that `before` did not have (by rule and line), the fixed one aside. */
function newFindings(before: Diagnostic[], after: Diagnostic[], fixed: Diagnostic): string[] {
  const key = (d: Diagnostic): string => `${String(d.code)}@${d.range.start.line}`;
  const known = new Set(before.filter((d) => d !== fixed).map(key));
  return after.map(key).filter((k) => !known.has(k));
}

describe('tracked-value quick fixes', () => {
  let pair: InProcessPair;
  let version = 1;
  const fixFor = async (diagnostic: Diagnostic): Promise<CodeAction | undefined> => {
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: diagnostic.range, context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
    return actions.find((a) => a.title.startsWith('Match the tracked state'));
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
    assert.equal(fix?.title, 'Match the tracked state (StateBefore D3D12_RESOURCE_STATE_RENDER_TARGET)');
    assert.equal(fix.isPreferred, true);
    const fixed = apply(SOURCE, fix.edit!.changes![URI]);
    assert.match(fixed, /Transition\(rt, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT\)/);
    version++;
    await pair.client.change(URI, version, [{ text: fixed }]);
    const after = await pair.client.diagnostics(URI, (p) => p.version === version);
    assert.deepEqual(newFindings(diagnostics, after, mismatch), []);
  });

  it('sets LayoutBefore of an enhanced barrier to the tracked layout', async () => {
    const text = SOURCE.replace('D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', 'D3D12_BARRIER_LAYOUT_COPY_SOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE');
    version++;
    await pair.client.change(URI, version, [{ text }]);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    const mismatch = diagnostics.find((d) => d.code === 'layout-before-mismatch');
    assert.ok(mismatch, JSON.stringify(diagnostics.map((d) => d.code)));
    const fix = await fixFor(mismatch);
    assert.equal(fix?.title, 'Match the tracked state (LayoutBefore D3D12_BARRIER_LAYOUT_RENDER_TARGET)');
    assert.equal(apply(text, fix.edit!.changes![URI]).includes('D3D12_BARRIER_LAYOUT_COPY_SOURCE'), false);
  });

  it('sets LayoutBefore, AccessBefore and SyncBefore together, so the fixed barrier is valid', async () => {
    const wrong = 'D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,\n        D3D12_BARRIER_LAYOUT_COPY_SOURCE, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE';
    const text = SOURCE.replace('D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,\n        D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE', wrong);
    assert.notEqual(text, SOURCE);
    version++;
    await pair.client.change(URI, version, [{ text }]);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    const mismatch = diagnostics.find((d) => d.code === 'layout-before-mismatch');
    assert.ok(mismatch, JSON.stringify(diagnostics.map((d) => d.code)));
    const fix = await fixFor(mismatch);
    assert.equal(fix?.title, 'Match the tracked state (LayoutBefore D3D12_BARRIER_LAYOUT_RENDER_TARGET, AccessBefore D3D12_BARRIER_ACCESS_RENDER_TARGET, SyncBefore D3D12_BARRIER_SYNC_ALL)');
    const fixed = apply(text, fix.edit!.changes![URI]);
    version++;
    await pair.client.change(URI, version, [{ text: fixed }]);
    const after = await pair.client.diagnostics(URI, (p) => p.version === version);
    assert.deepEqual(after.filter((d) => /^(layout|access)-before-mismatch$/.test(String(d.code))).map((d) => d.code), []);
    assert.deepEqual(newFindings(diagnostics, after, mismatch), []);
  });

  it('source.fixAll.barrierlint applies the safe fix of every mismatch at once; the fixed text has no new finding', async () => {
    // Both the legacy StateBefore and the enhanced whole-barrier mismatch of the previous tests, in one text.
    const text = SOURCE.replace('D3D12_BARRIER_SYNC_RENDER_TARGET, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_RENDER_TARGET, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,\n        D3D12_BARRIER_LAYOUT_RENDER_TARGET',
      'D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,\n        D3D12_BARRIER_LAYOUT_COPY_SOURCE');
    assert.notEqual(text, SOURCE);
    version++;
    await pair.client.change(URI, version, [{ text }]);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    const mismatches = diagnostics.filter((d) => /^(layout|access)-before-mismatch$|^legacy-state-mismatch$/.test(String(d.code)));
    assert.ok(mismatches.length >= 2, JSON.stringify(diagnostics.map((d) => d.code)));
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll.barrierlint'] },
    })) as CodeAction[];
    assert.equal(actions.length, 1, JSON.stringify(actions.map((a) => a.title)));
    assert.equal(actions[0].kind, 'source.fixAll.barrierlint');
    const fixed = apply(text, actions[0].edit!.changes![URI]);
    version++;
    await pair.client.change(URI, version, [{ text: fixed }]);
    const after = await pair.client.diagnostics(URI, (p) => p.version === version);
    assert.deepEqual(after.filter((d) => /^(layout|access)-before-mismatch$|^legacy-state-mismatch$/.test(String(d.code))).map((d) => d.code), []);
    const key = (d: Diagnostic): string => `${String(d.code)}@${d.range.start.line}`;
    const known = new Set(diagnostics.map(key));
    assert.deepEqual(after.map(key).filter((k) => !known.has(k)), [], 'no new finding');
    const quick = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [] },
    })) as CodeAction[];
    assert.equal(quick.some((a) => a.kind === 'source.fixAll.barrierlint'), false, 'only when asked for');
  });
});
