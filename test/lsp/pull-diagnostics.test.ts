// Pull diagnostics (LSP 3.17): a client that declares textDocument/diagnostic and workspace/diagnostic/refresh
// gets no pushed diagnostics for open documents; a pull answers the current version (full, then unchanged for the
// same result id), an edit's version after the edit, and the server asks for a pull again when the diagnostics of
// a version the client already has change (held typing noise shown after the pause). Other clients keep the push.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///work/pull.cpp';
const TEXT = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}
`;

type Report = { kind: 'full'; resultId: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };

describe('pull diagnostics', () => {
  let pair: InProcessPair;
  let refreshes = 0;
  let capabilities: Record<string, unknown>;
  before(async () => {
    pair = startInProcess({
      settings: {},
      capabilities: {
        workspace: { configuration: true, diagnostics: { refreshSupport: true } },
        textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: { versionSupport: true } },
      },
    });
    pair.client.connection.onRequest('workspace/diagnostic/refresh', () => {
      refreshes++;
      return null;
    });
    const init = await pair.client.connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: null, rootUri: null, workspaceFolders: null,
      capabilities: {
        workspace: { configuration: true, diagnostics: { refreshSupport: true } },
        textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: { versionSupport: true } },
      },
    });
    capabilities = init.capabilities;
    await pair.client.connection.sendNotification('initialized', {});
  });
  after(() => pair.dispose());

  const pull = (previousResultId?: string): Promise<Report> =>
    pair.client.connection.sendRequest<Report>('textDocument/diagnostic', { textDocument: { uri: URI }, previousResultId });

  it('declares the provider, answers a pull in full, then unchanged, and pushes nothing', async () => {
    assert.deepEqual(capabilities.diagnosticProvider, { identifier: 'barrierlint', interFileDependencies: true, workspaceDiagnostics: true });
    await pair.client.open(URI, TEXT, 1);
    const first = await pull();
    assert.equal(first.kind, 'full');
    const items = first.kind === 'full' ? first.items : [];
    assert.deepEqual(items.map((d) => d.code), ['sync-none-access-mismatch', 'undefined-layout-access']);
    assert.equal((items[0].data as { version: number }).version, 1);
    const again = await pull(first.resultId);
    assert.deepEqual(again, { kind: 'unchanged', resultId: first.resultId });
    const workspace = await pair.client.connection.sendRequest<{ items: { uri: string; kind: string }[] }>('workspace/diagnostic', {
      previousResultIds: [{ uri: URI, value: first.resultId }],
    });
    assert.deepEqual(workspace.items.map((i) => [i.uri, i.kind]), [[URI, 'unchanged']]);
    assert.equal(pair.client.published.filter((p) => p.uri === URI && p.diagnostics.length > 0).length, 0);
  });

  it('answers the edited version after an edit, and asks for a pull again when held typing noise appears', async () => {
    // Fix the mistake (COMMON -> NO_ACCESS) and type a half enumerator on a new line: it is held while typing.
    await pair.client.change(URI, 2, [{ range: { start: { line: 3, character: 8 }, end: { line: 3, character: 35 } }, text: 'D3D12_BARRIER_ACCESS_NO_ACCESS' }]);
    await pair.client.change(URI, 3, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: '    b.LayoutAfter = D3D12_BARRIER_LAYOUT_SHAD;\n' }]);
    const before = refreshes;
    const typing = await pull('1.1.1');
    assert.equal(typing.kind, 'full');
    assert.deepEqual(typing.kind === 'full' ? typing.items : ['?'], []);
    // After the pause (1 s) the held unknown-enumerator is shown: the server asks the client to pull again.
    await pair.client.waitFor(() => (refreshes > before ? true : undefined), 10_000);
    const paused = await pull(typing.resultId);
    assert.equal(paused.kind, 'full');
    assert.deepEqual(paused.kind === 'full' ? paused.items.map((d) => [d.code, d.range.start.line]) : [], [['unknown-enumerator', 6]]);
  });
});
