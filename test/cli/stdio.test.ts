// `barrierlint --stdio` starts the language server over stdin/stdout (server/src/lsp/server.ts).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { CLI } from './helpers';

void describe('barrierlint --stdio', () => {
  void it('answers initialize with the server capabilities', async () => {
    const child = spawn(process.execPath, [CLI, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const reply = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no initialize reply: ${out}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const start = out.indexOf('\r\n\r\n');
        const length = Number(/Content-Length: (\d+)/.exec(out)?.[1]);
        if (start >= 0 && Buffer.byteLength(out.slice(start + 4)) >= length) {
          clearTimeout(timer);
          resolve(out.slice(start + 4));
        }
      });
    });
    child.kill();
    const message = JSON.parse(reply) as { id: number; result: { capabilities: Record<string, unknown>; serverInfo: { name: string; version: string } } };
    assert.equal(message.id, 1);
    assert.equal(message.result.serverInfo.name, 'barrierlint');
    // The version is the package's (package.json), not a copy of it.
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string };
    assert.equal(message.result.serverInfo.version, pkg.version);
    assert.ok(message.result.capabilities.textDocumentSync);
  });
});
