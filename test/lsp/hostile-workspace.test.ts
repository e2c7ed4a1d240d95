// The language server under hostile input: quick fixes of diagnostics computed for another version of the document
// are refused (they would edit the wrong text); an analysis that exhausts the server's memory cap replaces that
// document's diagnostics with one info diagnostic naming the cap while the other documents are still served; and
// a workspace with a `.gitignore` symlinked to /dev/zero, `"extends": "/dev/zero"` or an `extends` diamond is
// served by `barrierlint --stdio` within its memory cap.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { EDITOR_FIXTURE, startInProcess, TestClient } from '../harness/lsp-client';

const TEXT = readFileSync(EDITOR_FIXTURE, 'utf8');
const ERROR_SOURCE = `void Frame(ID3D12GraphicsCommandList7* cl) {
    D3D12_GLOBAL_BARRIER g = {};
    g.SyncBefore = D3D12_BARRIER_SYNC_NONE;
    g.AccessBefore = D3D12_BARRIER_ACCESS_COPY_DEST;
    D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_GLOBAL, 1, &g };
    cl->Barrier(1, &group);
}
`;
const root = join(__dirname, '..', '..', '..');
const CLI = join(root, 'out', 'server', 'src', 'cli', 'main.js');
const temps: string[] = [];
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function quickFixes(client: TestClient, uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
  return (await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], only: ['quickfix'] },
  })) as CodeAction[];
}

void describe('language server: stale fixes and the memory cap', () => {
  void it('refuses the edits of a diagnostic computed for another version of the document', async () => {
    const pair = startInProcess({ settings: {} });
    try {
      await pair.client.initialize();
      const uri = 'file:///work/stale.cpp';
      await pair.client.open(uri, TEXT, 1);
      const [d] = await pair.client.diagnostics(uri, (p) => p.version === 1);
      const fresh = await quickFixes(pair.client, uri, d);
      assert.ok(fresh.some((a) => a.edit), 'the current diagnostic offers edits');
      // Two lines inserted above: the kept v1 diagnostic now points at other code.
      await pair.client.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// a\n// b\n' }]);
      const stale = await quickFixes(pair.client, uri, d);
      assert.deepEqual(stale.filter((a) => a.edit).map((a) => a.title), [], 'no edit from a version-1 diagnostic on version 2');
      assert.ok(stale.some((a) => a.command), 'the documentation link is still offered');
      const unversioned = { ...d, data: { ...(d.data as object), version: undefined } };
      assert.deepEqual((await quickFixes(pair.client, uri, unversioned)).filter((a) => a.edit), []);
      const [current] = await pair.client.diagnostics(uri, (p) => p.version === 2 && p.diagnostics.length > 0);
      assert.ok((await quickFixes(pair.client, uri, current)).some((a) => a.edit), 'the version-2 diagnostic offers edits again');
    } finally {
      await pair.dispose();
    }
  });

  void it('an analysis over the memory cap replaces that document\'s diagnostics; the other documents are served', async () => {
    const saved = { fault: process.env.BARRIERLINT_TEST_WORKER_FAULT, cap: process.env.BARRIERLINT_LSP_HEAP_MB };
    process.env.BARRIERLINT_TEST_WORKER_FAULT = 'oom';
    process.env.BARRIERLINT_LSP_HEAP_MB = '256';
    const pair = startInProcess({ settings: {} });
    try {
      await pair.client.initialize();
      const [good, bad] = ['file:///work/good.cpp', 'file:///work/bad.cpp'];
      await pair.client.open(bad, ERROR_SOURCE, 1);
      assert.ok((await pair.client.diagnostics(bad, (p) => p.version === 1)).length > 0);
      // The edit makes the next analysis exhaust the worker's heap.
      await pair.client.change(bad, 2, [{ text: `${ERROR_SOURCE}// barrierlint-test-fault\n` }]);
      await pair.client.open(good, ERROR_SOURCE, 1);
      const failed = await pair.client.diagnostics(bad, (p) => p.version === 2, 60_000);
      assert.equal(failed.length, 1, JSON.stringify(failed));
      assert.equal(failed[0].code, 'analysis-failed');
      assert.match(String(failed[0].message), /not analysed \(the analysis needed more than the language server's memory cap of 256 MB\)/);
      assert.ok((await pair.client.diagnostics(good, (p) => p.version === 1, 60_000)).length > 0, 'the other document is analysed');
      // The failed version is not analysed again (no crash loop); an edit analyses the document again.
      await pair.client.change(bad, 3, [{ text: ERROR_SOURCE }]);
      assert.ok((await pair.client.diagnostics(bad, (p) => p.version === 3, 60_000)).some((d) => d.code === 'sync-none-access-mismatch'));
    } finally {
      await pair.dispose();
      for (const [key, value] of [['BARRIERLINT_TEST_WORKER_FAULT', saved.fault], ['BARRIERLINT_LSP_HEAP_MB', saved.cap]] as const) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });
});

/** Peak resident memory of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

void describe('language server: hostile workspaces (barrierlint --stdio)', () => {
  const workspaces: [string, (dir: string) => void][] = [
    ['a .gitignore symlinked to /dev/zero', (dir) => symlinkSync('/dev/zero', join(dir, '.gitignore'))],
    ['"extends": "/dev/zero"', (dir) => writeFileSync(join(dir, 'barrierlint.json'), JSON.stringify({ extends: '/dev/zero' }))],
    ['an extends diamond lattice (2^30 paths)', (dir) => {
      for (let i = 0; i < 30; i++) {
        const next = i + 1 < 30 ? { extends: [`./l${i + 1}a.json`, `./l${i + 1}b.json`] } : { rules: {} };
        for (const side of ['a', 'b']) writeFileSync(join(dir, `l${i}${side}.json`), JSON.stringify(next));
      }
      writeFileSync(join(dir, 'barrierlint.json'), JSON.stringify({ extends: ['./l0a.json', './l0b.json'] }));
    }],
  ];
  for (const [name, plant] of workspaces) {
    void it(`${name}: diagnostics within 20 s, the server stays under 1 GB and exits cleanly`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'barrierlint-hostile-ws-'));
      temps.push(dir);
      writeFileSync(join(dir, 'frame.cpp'), ERROR_SOURCE);
      writeFileSync(join(dir, 'other.cpp'), 'void Other() {}\n');
      plant(dir);
      const child = spawn(process.execPath, [CLI, '--stdio'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
      const client = new TestClient(createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)), {
        settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }],
      });
      try {
        await client.initialize();
        const uri = pathToFileURL(join(dir, 'frame.cpp')).href;
        await client.open(uri, ERROR_SOURCE, 1);
        const diagnostics = await client.diagnostics(uri, (p) => p.version === 1, 20_000);
        assert.ok(diagnostics.length >= 1, JSON.stringify(diagnostics));
        const hover = await client.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 5, character: 8 } });
        assert.notEqual(hover, undefined);
        assert.ok(peakRssMb(child.pid!) < 1024, `peak RSS ${peakRssMb(child.pid!)} MB`);
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        await client.connection.sendRequest('shutdown');
        await client.connection.sendNotification('exit');
        assert.equal(await exited, 0);
      } finally {
        client.dispose();
        if (child.exitCode === null) child.kill();
      }
    });
  }
});
