// The language server's worker readies the first keystroke of the function under the cursor while idle (issue 13):
// hover and code action requests carry the cursor's line, the JSON-RPC thread posts it (a `cursor` message), and
// the next idle preparation (AnalysisCore.prepare, incremental-analysis.ts prepareFunction) builds that function's
// reduced tree, which the first keystroke there then edits instead of parsing a new copy. Answers do not change.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnalysisCore, type Background } from '../../server/src/lsp/analysis-core';
import type { BackgroundJob } from '../../server/src/lsp/background-thread';
import { analyzeFileJob } from '../../server/src/lsp/file-job';
import { analyzeFile, reductionStats } from '../../server/src/lsp/incremental-analysis';
import { StoredDocument } from '../../server/src/parse/document-store';
import { DEFAULT_CONFIG } from '../../server/src/types';
import { barrierHeavyFile } from '../bench/barrier-file';

const URI = 'file:///cursor.cpp';
const CONFIG = { config: DEFAULT_CONFIG, ignored: false };

/** The background thread, run in this one. */
const background = (async (work: BackgroundJob) => (work.kind === 'file' ? analyzeFileJob(work.job) : undefined)) as Background;

describe('the first keystroke prepared under the cursor', () => {
  it('a cursor in a function makes the document due; the keystroke there edits the tree prepared for it and answers as the whole file', async () => {
    const text = barrierHeavyFile(40);
    const core = new AnalysisCore();
    core.apply({ type: 'open', uri: URI, languageId: 'cpp', version: 1, text });
    const doc = core.store.get(URI)!;
    await core.analyze({ uri: URI, version: 1, wholeFile: true, config: CONFIG }, background);
    core.prepare(() => false);
    assert.equal(core.preparing, false, 'after opening, with no cursor and nothing typed, nothing is left due');
    const at = text.indexOf('cl->Barrier(', text.length / 2);
    const line = doc.positionAt(at).line;
    const prepared = reductionStats.prepared;
    core.apply({ type: 'cursor', uri: URI, line });
    assert.equal(core.preparing, true, 'the cursor makes it due');
    core.prepare(() => false);
    assert.equal(reductionStats.prepared, prepared + 1, 'the function under the cursor was prepared');
    core.apply({ type: 'cursor', uri: URI, line: line + 1 });
    core.prepare(() => false);
    assert.equal(reductionStats.prepared, prepared + 1, 'a cursor moved inside the same function prepares nothing again');
    const [fresh, reused] = [reductionStats.fresh, reductionStats.reused];
    core.apply({ type: 'change', uri: URI, version: 2, changes: [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: ' ' }] });
    const reply = await core.analyze({ uri: URI, version: 2, wholeFile: false, config: CONFIG }, background);
    assert.ok(reply && 'delta' in reply, 'a function-only answer');
    assert.deepEqual([reductionStats.fresh - fresh, reductionStats.reused - reused], [0, 1], 'the keystroke edited the prepared tree');
    const whole = analyzeFile(new StoredDocument(URI, 'cpp', 2, doc.text), {});
    assert.deepEqual(core.latest(URI)?.diagnostics.length, whole.findings.length, 'as many findings as the whole file has');
  });
});
