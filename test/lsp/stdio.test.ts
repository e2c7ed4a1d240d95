// `barrierlint --stdio` as a child process: the real CLI entry, JSON-RPC over stdin/stdout, a clean shutdown.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { TestClient } from '../harness/lsp-client';

const root = join(__dirname, '..', '..', '..');
const CLI = join(root, 'out', 'server', 'src', 'cli', 'main.js');

describe('barrierlint --stdio (child process)', () => {
  let child: ChildProcess;
  let client: TestClient;
  let stderr = '';

  before(async () => {
    child = spawn(process.execPath, [CLI, '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    client = new TestClient(connection, { settings: {} });
    await client.initialize();
  });
  after(() => {
    client.dispose();
    if (child.exitCode === null) child.kill();
  });

  it('answers over stdio and publishes versioned diagnostics for UTF-16 text', async () => {
    const uri = 'file:///work/unicode.cpp';
    await client.open(uri, '// 中文注释 😀\nvoid Frame(ID3D12GraphicsCommandList7* cl) { cl->Close(); }\n', 7);
    const diagnostics = await client.diagnostics(uri, (p) => p.version === 7);
    assert.ok(Array.isArray(diagnostics));
    const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 3 } });
    assert.equal(hover, null);
  });

  it('shuts down and exits with status 0, having written nothing but JSON-RPC to stdout', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await client.connection.sendRequest('shutdown');
    await client.connection.sendNotification('exit');
    assert.equal(await exited, 0);
    assert.equal(stderr, '');
  });
});
