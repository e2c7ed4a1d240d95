// The language server's keystroke thread (lsp/analysis-worker.ts) keeps its caches across keystrokes as the bench
// measures it: mirrored subtrees (extract/subtree-reuse.ts, off in the command line) and the helpers' facts
// (extract/function-cache.ts), recorded from the first keystroke in a function on. Typed through the analysis worker
// as the server runs it: the open document's first analysis is whole (the background thread), then keystrokes in one
// function take the function path on the keystroke thread.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnalysisHost, type Outcome } from '../../server/src/lsp/analysis-host';
import type { DocumentReply, KeystrokeCaches } from '../../server/src/lsp/analysis-protocol';
import { DEFAULT_CONFIG } from '../../server/src/types';

const URI = 'file:///keystroke-thread.cpp';

/** A helper with a barrier, and a function that calls it where the keystrokes go. */
const SOURCE = `void Transition(ID3D12GraphicsCommandList* cl, ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after)
{
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = before;
    b.Transition.StateAfter = after;
    cl->ResourceBarrier(1, &b);
}

void Record(ID3D12GraphicsCommandList* cl, ID3D12Resource* target)
{
    Transition(cl, target, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->DrawInstanced(3, 1, 0, 0);
    Transition(cl, target, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);
}
`;

/** Where the keystrokes go: the start of Record's first statement. */
const AT = { line: SOURCE.split('\n').findIndex((l) => l.includes('DrawInstanced')), character: 4 };

const value = <T>(outcome: Outcome<T>): T => {
  assert.ok('value' in outcome, 'answered, not cancelled');
  return outcome.value;
};

void describe('the language server keystroke thread', () => {
  void it('keeps mirrored subtrees and the helpers\' facts from the first keystroke in a function on', async () => {
    const saved = { reuse: process.env.BARRIERLINT_SUBTREE_REUSE, cache: process.env.BARRIERLINT_FN_CACHE };
    delete process.env.BARRIERLINT_SUBTREE_REUSE;
    delete process.env.BARRIERLINT_FN_CACHE;
    const host = new AnalysisHost(() => [], () => undefined);
    try {
      const config = { config: DEFAULT_CONFIG, ignored: false };
      const analyze = async (version: number): Promise<DocumentReply | null> =>
        value(await host.request<DocumentReply | null>({ type: 'analyze', uri: URI, version, wholeFile: false, config }).outcome);
      host.post({ type: 'open', uri: URI, languageId: 'cpp', version: 1, text: SOURCE });
      assert.ok(await analyze(1), 'the first analysis (whole file)');
      const before = value(await host.request<KeystrokeCaches>({ type: 'caches' }).outcome);
      assert.equal(before.subtreeReuse, true, 'the keystroke thread keeps mirrored subtrees');
      for (let version = 2; version <= 3; version++) {
        host.post({ type: 'change', uri: URI, version, changes: [{ range: { start: AT, end: AT }, text: ' ' }] });
        const reply = await analyze(version);
        assert.ok(reply && 'delta' in reply, `keystroke ${version - 1} takes the function path`);
      }
      const after = value(await host.request<KeystrokeCaches>({ type: 'caches' }).outcome);
      assert.ok(after.subtrees.copied > before.subtrees.copied, 'the first keystroke mirrors its reduced document and keeps the subtrees');
      assert.ok(after.subtrees.reused > before.subtrees.reused, 'the second keystroke reuses them');
      // NOTE: recorded at the first keystroke, reused at the second (until session 34 the first keystroke in a
      // function recorded nothing: the second recorded, the third reused).
      assert.ok(after.functionFacts.kept > before.functionFacts.kept, 'the first keystroke keeps the helper\'s facts');
      assert.ok(after.functionFacts.reused > before.functionFacts.reused, 'the second keystroke reuses them');
    } finally {
      await host.dispose();
      for (const [name, v] of [['BARRIERLINT_SUBTREE_REUSE', saved.reuse], ['BARRIERLINT_FN_CACHE', saved.cache]] as const) {
        if (v === undefined) delete process.env[name];
        else process.env[name] = v;
      }
    }
  });

  void it('prepares the function under the cursor while idle: the first keystroke there reuses what the preparation kept', async () => {
    const host = new AnalysisHost(() => [], () => undefined);
    try {
      const config = { config: DEFAULT_CONFIG, ignored: false };
      const caches = async (): Promise<KeystrokeCaches> => value(await host.request<KeystrokeCaches>({ type: 'caches' }).outcome);
      host.post({ type: 'open', uri: URI, languageId: 'cpp', version: 1, text: SOURCE });
      assert.ok(value(await host.request<DocumentReply | null>({ type: 'analyze', uri: URI, version: 1, wholeFile: false, config }).outcome));
      const before = await caches();
      host.post({ type: 'cursor', uri: URI, line: AT.line });
      // NOTE: every request stops a preparation under way (it starts again when the worker is idle): polled slowly.
      let prepared = before;
      for (let waited = 0; prepared.functionFacts.reused === before.functionFacts.reused && waited < 30_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        prepared = await caches();
      }
      assert.ok(prepared.functionFacts.kept > before.functionFacts.kept, 'the preparation kept the helper\'s facts');
      assert.ok(prepared.functionFacts.reused > before.functionFacts.reused, 'and reused them in its next analysis');
      host.post({ type: 'change', uri: URI, version: 2, changes: [{ range: { start: AT, end: AT }, text: ' ' }] });
      const reply = value(await host.request<DocumentReply | null>({ type: 'analyze', uri: URI, version: 2, wholeFile: false, config }).outcome);
      assert.ok(reply && 'delta' in reply, 'the first keystroke takes the function path');
      const after = await caches();
      assert.equal(after.functionFacts.kept, prepared.functionFacts.kept, 'it extracts no helper again');
      assert.ok(after.functionFacts.reused > prepared.functionFacts.reused, 'it reuses the prepared helper');
    } finally {
      await host.dispose();
    }
  });
});
