// The server stays responsive while it analyses (issue 13, and issue 15's large document): analyses run in the
// worker thread, an edit during a long analysis cancels it and gets its own diagnostics first (a superseded
// version is never published), a hover on another document is answered meanwhile, and a cancelled request is
// answered as cancelled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import { typingFile } from '../bench/bench-lsp-typing';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const BIG = 'file:///work/big.cpp';
const SMALL = 'file:///work/small.cpp';
const SMALL_TEXT = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COMMON,
        D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}
`;

describe('responsive language server (analyses in a worker thread)', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
    await pair.client.open(SMALL, SMALL_TEXT, 1);
    await pair.client.diagnostics(SMALL, (p) => p.version === 1, 30_000);
  });
  after(() => pair.dispose());

  it('answers a hover on another document while a large one is analysed', async () => {
    const text = typingFile(8000);
    await pair.client.open(BIG, text, 1);
    const hover = await pair.client.connection.sendRequest('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: 6, character: 8 } });
    assert.ok(hover, 'hover on the small document');
    assert.ok(!pair.client.published.some((p) => p.uri === BIG), 'answered before the large document was published');
    await pair.client.diagnostics(BIG, (p) => p.version === 1, 120_000);
  });

  it('an edit during a long analysis gets its own diagnostics first (the superseded version is never published)', async () => {
    const uri = 'file:///work/big-edit.cpp';
    const text = typingFile(8000);
    await pair.client.open(uri, text, 1);
    // Version 1's whole-file analysis is under way in the worker when version 2 arrives.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const line = text.split('\n').findIndex((l) => l.includes('cl->DrawInstanced'));
    await pair.client.change(uri, 2, [{ range: { start: { line, character: 4 }, end: { line, character: 4 } }, text: ' ' }]);
    await pair.client.diagnostics(uri, (p) => p.version === 2, 120_000);
    const versions = pair.client.published.filter((p) => p.uri === uri).map((p) => p.version);
    assert.deepEqual(versions, [2]);
  });

  it('a cancelled hover is answered as cancelled, not after the analysis', async () => {
    const uri = 'file:///work/big-hover.cpp';
    await pair.client.open(uri, typingFile(8000), 1);
    const source = new CancellationTokenSource();
    const hover = pair.client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 10, character: 8 } }, source.token);
    setTimeout(() => source.cancel(), 50);
    await assert.rejects(hover, (e: { code?: number }) => e.code === -32800);
    assert.ok(!pair.client.published.some((p) => p.uri === uri), 'settled before the analysis finished');
  });
});
