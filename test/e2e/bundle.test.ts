// The packaged extension before any editor is involved: the .vsix holds only what runs, and the bundled server
// (client/dist/server.js, what VS Code forks) starts over stdio and reports the fixture's barrier error. Catches
// bundling mistakes (a module esbuild could not follow, a missing native module or query file) in seconds.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { EDITOR_FIXTURE, TestClient } from '../harness/lsp-client';
import { ROOT } from './code-server';

const skip = process.env.BARRIERLINT_E2E === '1' ? false : 'packaging checks: run with npm run test:e2e';

describe('packaged extension', { skip }, () => {
  it('the .vsix contains only the manifest, docs, bundles, native modules and queries', () => {
    const list = spawnSync('unzip', ['-Z1', join(ROOT, 'dist', 'barrierlint.vsix')], { encoding: 'utf8' });
    assert.equal(list.status, 0, list.stderr);
    const files = list.stdout.split('\n').filter((f) => f.startsWith('extension/'));
    const allowed = /^extension\/(package\.json|readme\.md|LICENSE\.txt|dist\/(extension|server|analysis-worker)\.js|dist\/barrierlint\.schema\.json|dist\/docs\/rules\/[\w-]+\.md|dist\/grammar-queries\/[\w-]+\.scm|dist\/node_modules\/(tree-sitter|tree-sitter-cpp|node-gyp-build)\/.+)$/;
    assert.deepEqual(files.filter((f) => !allowed.test(f)), []);
    assert.ok(files.includes('extension/dist/server.js') && files.includes('extension/dist/extension.js'));
    // The configuration schema (jsonValidation) and the rule documentation, opened offline.
    assert.ok(files.includes('extension/dist/barrierlint.schema.json') && files.includes('extension/dist/docs/rules/layout-before-mismatch.md'));
    assert.ok(files.some((f) => f.endsWith('linux-x64/tree-sitter-cpp.node')));
  });

  it('the bundled server runs over stdio and reports the fixture diagnostic', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'client', 'dist', 'server.js'), '--stdio'], { cwd: '/' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)));
    try {
      await client.initialize();
      await client.open('file:///tmp/frame.cpp', readFileSync(EDITOR_FIXTURE, 'utf8'));
      const diagnostics = await client.diagnostics('file:///tmp/frame.cpp', () => true, 15_000);
      assert.deepEqual(diagnostics.map((d) => d.code), ['sync-none-access-mismatch'], stderr);
    } finally {
      client.dispose();
      child.kill();
    }
  });
});
