// The analysis worker's V8 limits (lsp/analysis-host.ts): the memory cap of its old generation and a small young
// generation. V8 grew the worker's new space to its 48 MB default under the allocation of typing and kept it when
// typing stopped: after 40 keystrokes on a 9,400-line engine file the server held ~60 MiB more than after the open.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnalysisHost, analysisWorkerLimits, analysisYoungGenerationMb } from '../../server/src/lsp/analysis-host';

void describe('analysis worker limits', () => {
  void it('caps the young generation at 6 MB unless BARRIERLINT_LSP_YOUNG_MB says otherwise', () => {
    assert.equal(analysisYoungGenerationMb({}), 6);
    assert.equal(analysisYoungGenerationMb({ BARRIERLINT_LSP_YOUNG_MB: '16' }), 16);
    assert.equal(analysisYoungGenerationMb({ BARRIERLINT_LSP_YOUNG_MB: '0' }), undefined, '0: V8 sizes it');
    assert.equal(analysisYoungGenerationMb({ BARRIERLINT_LSP_YOUNG_MB: 'lots' }), 6);
    assert.equal(analysisYoungGenerationMb({ BARRIERLINT_LSP_YOUNG_MB: '-3' }), 6);
    assert.deepEqual(analysisWorkerLimits({}), { maxOldGenerationSizeMb: 2048, maxYoungGenerationSizeMb: 6 });
    assert.deepEqual(analysisWorkerLimits({ BARRIERLINT_LSP_HEAP_MB: '512', BARRIERLINT_LSP_YOUNG_MB: '0' }), { maxOldGenerationSizeMb: 512 });
  });

  void it('starts the analysis worker with both limits', async () => {
    const saved = process.env.BARRIERLINT_LSP_YOUNG_MB;
    delete process.env.BARRIERLINT_LSP_YOUNG_MB;
    const host = new AnalysisHost(() => [], () => undefined);
    try {
      // NOTE: the Worker object reports the limits it was started with (node:worker_threads `worker.resourceLimits`).
      const limits = (host as unknown as { worker: { resourceLimits?: { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number } } }).worker.resourceLimits;
      assert.equal(limits?.maxOldGenerationSizeMb, 2048);
      assert.equal(limits?.maxYoungGenerationSizeMb, 6);
    } finally {
      await host.dispose();
      if (saved === undefined) delete process.env.BARRIERLINT_LSP_YOUNG_MB;
      else process.env.BARRIERLINT_LSP_YOUNG_MB = saved;
    }
  });
});
