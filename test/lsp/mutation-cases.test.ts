// Editor cases a mutation review found untested: a result computed for a version that is no longer current is
// never published (DocumentAnalysis.run and the scheduler's version guard), and with `barrierlint.run: onSave`
// typing publishes nothing until the document is saved.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Connection } from 'vscode-languageserver';
import { AnalysisScheduler, type ScheduledRun } from '../../server/src/lsp/scheduler';
import { DocumentAnalysis } from '../../server/src/lsp/document-analysis';
import { AnalysisHost } from '../../server/src/lsp/analysis-host';
import { StoredDocument } from '../../server/src/parse/document-store';
import { DEFAULT_CONFIG } from '../../server/src/types';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///work/frame.cpp';
const ERROR_SOURCE = `#include <d3d12.h>
void Frame(ID3D12GraphicsCommandList7* cl) {
    D3D12_GLOBAL_BARRIER g = {};
    g.SyncBefore = D3D12_BARRIER_SYNC_NONE;
    g.AccessBefore = D3D12_BARRIER_ACCESS_COMMON;
    D3D12_BARRIER_GROUP group = { D3D12_BARRIER_TYPE_GLOBAL, 1, &g };
    cl->Barrier(1, &group);
}
`;

/** A connection that only records what would be sent. */
function recordingConnection(): { connection: Connection; sent: unknown[] } {
  const sent: unknown[] = [];
  const connection = {
    sendDiagnostics: (params: unknown) => { sent.push(params); return Promise.resolve(); },
    sendNotification: () => Promise.resolve(),
  } as unknown as Connection;
  return { connection, sent };
}

const run = (version: number): ScheduledRun => ({ uri: URI, version, wholeFile: false, cancelled: false });

void describe('editor cases that kill surviving mutations', () => {
  void it('DocumentAnalysis.run publishes only while the run is current', async () => {
    const { connection, sent } = recordingConnection();
    const host = new AnalysisHost(() => [], () => undefined);
    try {
      const analysis = new DocumentAnalysis(connection, host, () => ({ config: DEFAULT_CONFIG, ignored: false }));
      const doc = new StoredDocument(URI, 'cpp', 1, ERROR_SOURCE);
      host.post({ type: 'open', uri: URI, languageId: 'cpp', version: 1, text: ERROR_SOURCE });
      await analysis.run(doc, run(1), () => false);
      assert.deepEqual(sent, [], 'a stale result is not published');
      await analysis.run(doc, run(1), () => true);
      assert.equal(sent.length, 1);
      assert.equal((sent[0] as { version: number }).version, 1);
    } finally {
      await host.dispose();
    }
  });

  void it('the scheduler calls a run stale once the document has a newer version or the run was superseded', () => {
    let version = 3;
    const scheduler = new AnalysisScheduler({ delayMs: 10, currentVersion: () => version, run: () => Promise.resolve(), onError: () => undefined });
    assert.equal(scheduler.isCurrent(run(3)), true);
    version = 4;
    assert.equal(scheduler.isCurrent(run(3)), false);
    assert.equal(scheduler.isCurrent({ ...run(4), cancelled: true }), false);
    scheduler.dispose();
  });

  void describe('barrierlint.run: onSave', () => {
    let pair: InProcessPair;
    before(async () => {
      pair = startInProcess({ settings: { run: 'onSave' } });
      await pair.client.initialize();
    });
    after(() => pair.dispose());

    void it('analyses on open and on save, not while typing', async () => {
      await pair.client.open(URI, ERROR_SOURCE, 1);
      const opened = await pair.client.diagnostics(URI, (p) => p.version === 1, 30_000);
      assert.ok(opened.length >= 1, 'the error is published on open');
      await pair.client.change(URI, 2, [{ text: '// nothing to report\n' }]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.ok(!pair.client.published.some((p) => p.uri === URI && p.version === 2), 'a change alone publishes nothing');
      await pair.client.connection.sendNotification('textDocument/didSave', { textDocument: { uri: URI } });
      const saved = await pair.client.diagnostics(URI, (p) => p.version === 2, 30_000);
      assert.deepEqual(saved, []);
    });
  });
});
