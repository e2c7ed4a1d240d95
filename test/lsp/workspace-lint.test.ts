// "Lint workspace" over JSON-RPC: files that are not open get diagnostics; open files, ignored folders and
// non-C++ files are left alone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

describe('lint workspace command', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-ws-'));
    mkdirSync(join(dir, 'src'));
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'src', 'frame.cpp'), 'void Frame() {}\n');
    writeFileSync(join(dir, 'src', 'open.cpp'), 'void Open() {}\n');
    writeFileSync(join(dir, 'src', 'blob.h'), 'a\u0000b');
    writeFileSync(join(dir, 'src', 'notes.txt'), 'not C++');
    writeFileSync(join(dir, 'node_modules', 'dep.cpp'), 'void Dep() {}\n');
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes diagnostics for every C/C++ file that is not open', async () => {
    await pair.client.open(uri('src/open.cpp'), 'void Open() {}\n', 1);
    await pair.client.diagnostics(uri('src/open.cpp'));
    const summary = (await pair.client.connection.sendRequest('workspace/executeCommand', {
      command: 'barrierlint.lintWorkspace',
    })) as { files: number; skipped: number; truncated: boolean };
    assert.deepEqual({ files: summary.files, skipped: summary.skipped, truncated: summary.truncated }, {
      files: 2, skipped: 1, truncated: false,
    });
    const published = new Set(pair.client.published.map((p) => p.uri));
    assert.ok(published.has(uri('src/frame.cpp')));
    assert.match(String((await pair.client.diagnostics(uri('src/blob.h')))[0].message), /binary file \(NUL byte at offset 1\)/);
    assert.ok(!published.has(uri('node_modules/dep.cpp')));
    assert.ok(!published.has(uri('src/notes.txt')));
    // Only the editor's own analyses (which carry the document version) publish for the open file.
    assert.ok(pair.client.published.filter((p) => p.uri === uri('src/open.cpp')).every((p) => p.version === 1));
  });
});

describe('lint workspace results of a file opened and closed again', () => {
  let dir: string;
  let pair: InProcessPair;
  const FLUSH = 'void Flush(ID3D12GraphicsCommandList* cl) {\n    D3D12_RESOURCE_BARRIER batch[16];\n    UINT count = 0;\n    cl->ResourceBarrier(count, batch);\n}\n';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-ws-close-'));
    writeFileSync(join(dir, 'flush.cpp'), FLUSH);
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('come back when the editor closes the file, instead of vanishing with the editor\'s diagnostics', async () => {
    const uri = pathToFileURL(join(dir, 'flush.cpp')).href;
    await pair.client.connection.sendRequest('workspace/executeCommand', { command: 'barrierlint.lintWorkspace' });
    const linted = (await pair.client.diagnostics(uri)).map((d) => d.code);
    assert.ok(linted.length > 0, 'the lint reports the zero-count barrier');
    // The editor's own analysis replaces them while the file is open (here: the buffer fixed but not saved).
    await pair.client.open(uri, 'void Flush() {}\n', 1);
    assert.deepEqual(await pair.client.diagnostics(uri, (p) => p.version === 1), []);
    const seen = pair.client.published.length;
    await pair.client.close(uri);
    await pair.client.waitFor(() => pair.client.published.slice(seen).find((p) => p.uri === uri && p.diagnostics.length > 0));
    const last = pair.client.published.filter((p) => p.uri === uri).at(-1)!;
    assert.deepEqual(last.diagnostics.map((d) => d.code), linted, 'the file on disk is linted again');
  });
});
