// Cross-file helpers in the editor: a transition helper defined in a file that is not open is evaluated at its call
// sites in the open file (as the CLI does), and a change to that file on disk is picked up. Files that are not open
// are read on the background thread.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';
import { AnalysisCore, type Background } from '../../server/src/lsp/analysis-core';
import type { BackgroundJob } from '../../server/src/lsp/background-thread';
import { indexFileJob } from '../../server/src/lsp/file-job';
import { FRAME_CALLER, TRANSITION_HELPER } from '../harness/cross-file-pair';


describe('cross-file helper functions in the editor', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-helpers-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'barriers.cpp'), TRANSITION_HELPER);
    writeFileSync(join(dir, 'src', 'frame.cpp'), FRAME_CALLER);
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the mismatch at the call site once the helper file is indexed, with a note inside the helper', async () => {
    await pair.client.open(uri('src/frame.cpp'), FRAME_CALLER, 1);
    const diagnostics = await pair.client.diagnostics(uri('src/frame.cpp'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['legacy-state-mismatch', 2]]);
    assert.ok(diagnostics[0].relatedInformation?.some((r) => r.location.uri === uri('src/barriers.cpp')));
  });

  it('re-reads a helper file that changed on disk', async () => {
    const seen = pair.client.published.length;
    writeFileSync(join(dir, 'src', 'barriers.cpp'), 'void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* res, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {}\n');
    await pair.client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('src/barriers.cpp'), type: 2 }] });
    await pair.client.waitFor(() => pair.client.published.slice(seen).find((p) => p.uri === uri('src/frame.cpp') && p.diagnostics.length === 0));
  });
});

describe('a workspace folder added later', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-folders-'));
    mkdirSync(join(dir, 'app'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib', 'barriers.cpp'), TRANSITION_HELPER);
    writeFileSync(join(dir, 'app', 'frame.cpp'), FRAME_CALLER);
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(join(dir, 'app')).href, name: 'app' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has its files indexed: the open file then reports through their helpers', async () => {
    await pair.client.open(uri('app/frame.cpp'), FRAME_CALLER, 1);
    // Without the other folder, the helper is unknown and nothing is reported.
    assert.deepEqual(await pair.client.diagnostics(uri('app/frame.cpp'), (p) => p.version === 1), []);
    const seen = pair.client.published.length;
    await pair.client.connection.sendNotification('workspace/didChangeWorkspaceFolders', {
      event: { added: [{ uri: pathToFileURL(join(dir, 'lib')).href, name: 'lib' }], removed: [] },
    });
    await pair.client.waitFor(() => pair.client.published.slice(seen).find((p) => p.uri === uri('app/frame.cpp') && p.diagnostics.length > 0));
    const last = pair.client.published.filter((p) => p.uri === uri('app/frame.cpp')).at(-1)!;
    assert.deepEqual(last.diagnostics.map((d) => [d.code, d.range.start.line]), [['legacy-state-mismatch', 2]]);
  });
});

describe('indexing a file that is not open', () => {
  it('reads it on the background thread (the analysis worker only keeps its helpers), and forgets one gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'barrierlint-index-'));
    try {
      writeFileSync(join(dir, 'barriers.cpp'), TRANSITION_HELPER);
      const core = new AnalysisCore();
      const kinds: string[] = [];
      const background = (async (work: BackgroundJob) => {
        kinds.push(work.kind);
        return work.kind === 'index' ? indexFileJob(work.job) : undefined;
      }) as Background;
      const file = pathToFileURL(join(dir, 'barriers.cpp')).href;
      assert.equal(await core.indexFile(file, background), true);
      assert.deepEqual(kinds, ['index']);
      assert.deepEqual(core.workspaceFor().functionsNamed('Transition').map((f) => f.params.length), [4]);
      rmSync(join(dir, 'barriers.cpp'));
      assert.equal(await core.indexFile(file, background), false);
      assert.deepEqual(core.workspaceFor().functionsNamed('Transition'), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
