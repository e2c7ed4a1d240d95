// The language server in-process over a real JSON-RPC connection: lifecycle, versions, skipped files, robustness.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_FILE_CHARS } from '../../server/src/files/skip-reason';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///work/frame.cpp';
const SOURCE = 'void Frame(ID3D12GraphicsCommandList7* cl)\n{\n    // 中文注释 😀\n    cl->Close();\n}\n';

describe('language server (in-process, JSON-RPC over streams)', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('publishes diagnostics with the document version on open', async () => {
    await pair.client.open(URI, SOURCE, 1);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === 1);
    assert.ok(Array.isArray(diagnostics));
    const analyzed = await pair.client.waitFor(() => pair.client.notifications.find((n) => n.method === 'barrierlint/analyzed'));
    assert.equal((analyzed.params as { platform: string }).platform, 'pc');
  });

  it('applies incremental edits, including edits past the end, and publishes the newest version', async () => {
    await Promise.all([
      pair.client.change(URI, 2, [{ range: { start: { line: 2, character: 4 }, end: { line: 2, character: 4 } }, text: 'x' }]),
      pair.client.change(URI, 3, [{ range: { start: { line: 99, character: 0 }, end: { line: 120, character: 7 } }, text: '// tail\n' }]),
    ]);
    await pair.client.diagnostics(URI, (p) => p.version === 3);
    assert.ok(!pair.client.published.some((p) => p.uri === URI && p.version === 2), 'version 2 was superseded before its debounce ran');
  });

  it('ignores changes for unknown documents and older versions without failing', async () => {
    await pair.client.change('file:///nowhere.cpp', 5, [{ text: 'x' }]);
    await pair.client.change(URI, 1, [{ text: 'stale' }]);
    const hover = await pair.client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: 'file:///nowhere.cpp' },
      position: { line: 0, character: 0 },
    });
    assert.equal(hover, null);
  });

  it('survives malformed JSON-RPC and keeps answering', async () => {
    const garbage = '{"jsonrpc":"2.0","method":';
    pair.toServer.write(`Content-Length: ${Buffer.byteLength(garbage)}\r\n\r\n${garbage}`);
    await pair.client.connection.sendNotification('textDocument/didOpen', { textDocument: null });
    await pair.client.connection.sendNotification('textDocument/didChange', { textDocument: { uri: URI } });
    const hover = await pair.client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 3, character: 6 },
    });
    assert.equal(hover, null);
  });

  it('skips binary and huge files with one info diagnostic', async () => {
    await pair.client.open('file:///work/blob.cpp', 'abc\u0000def', 1);
    const binary = await pair.client.diagnostics('file:///work/blob.cpp');
    assert.equal(binary.length, 1);
    assert.equal(binary[0].severity, 3);
    assert.match(String(binary[0].message), /file skipped \(binary content\)/);

    await pair.client.open('file:///work/huge.cpp', 'x'.repeat(MAX_FILE_CHARS + 1), 1);
    const huge = await pair.client.diagnostics('file:///work/huge.cpp');
    assert.equal(huge.length, 1);
    assert.match(String(huge[0].message), /file skipped \(\d+ characters, over the \d+ limit\)/);
  });

  it('clears diagnostics when a document closes', async () => {
    const before = pair.client.published.length;
    await pair.client.close('file:///work/blob.cpp');
    await pair.client.diagnostics('file:///work/blob.cpp', (p) => p.diagnostics.length === 0 && pair.client.published.indexOf(p) >= before);
  });

  it('offers disable-line and documentation actions for a barrierlint diagnostic, and opens the docs', async () => {
    const diagnostic = {
      range: { start: { line: 3, character: 4 }, end: { line: 3, character: 15 } },
      message: 'D3D12 ERROR: ...',
      source: 'barrierlint',
      code: 'sync-none-access-mismatch',
      // The version of the document the diagnostic was computed for: edits are offered only for the current one.
      data: { rule: 'sync-none-access-mismatch', messageId: 'INCOMPATIBLE_BARRIER_VALUES', fixes: [], version: 3 },
    };
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as { title: string; command?: { command: string; arguments: unknown[] } }[];
    assert.deepEqual(actions.map((a) => a.title), [
      'Disable sync-none-access-mismatch for this line',
      'Open the documentation of sync-none-access-mismatch',
    ]);
    const open = actions[1].command;
    assert.ok(open);
    await pair.client.connection.sendRequest('workspace/executeCommand', { command: open.command, arguments: open.arguments });
    assert.deepEqual(pair.client.shownDocuments, [{
      uri: 'https://github.com/barrierlint/barrierlint/blob/main/server/src/rules/sync-none-access-mismatch.md',
      external: true,
    }]);
  });

  it('ignores code actions for diagnostics from other tools', async () => {
    const actions = await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message: 'x', source: 'clangd' }] },
    });
    assert.deepEqual(actions, []);
  });

  it('tolerates out-of-order messages: requests before initialize, stray responses, a second initialized', async () => {
    const fresh = startInProcess({ settings: {} });
    try {
      const early = await fresh.client.connection.sendRequest('textDocument/hover', {
        textDocument: { uri: URI },
        position: { line: 0, character: 0 },
      }).then((r) => r, (e: Error) => e);
      assert.ok(early === null || early instanceof Error);
      const stray = JSON.stringify({ jsonrpc: '2.0', id: 987654, result: { nothing: true } });
      fresh.toServer.write(`Content-Length: ${Buffer.byteLength(stray)}\r\n\r\n${stray}`);
      await fresh.client.initialize();
      await fresh.client.connection.sendNotification('initialized', {});
      await fresh.client.open(URI, SOURCE, 1);
      assert.ok(Array.isArray(await fresh.client.diagnostics(URI)));
    } finally {
      await fresh.dispose();
    }
  });
});
