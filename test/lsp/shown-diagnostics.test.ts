// What the editor shows after random edit sequences equals a fresh analysis of the text. The server answers a
// keystroke from the edited function alone, sends only a delta to its JSON-RPC thread, and does not publish a
// result that changes no diagnostic (document-analysis.ts): the client then keeps showing the older ones. After
// each edit the client's diagnostics stand for that version; once saved (the whole file analysed), they must be
// exactly those of analyze() on the same text: nothing lost, stale or left unpublished on the way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver/node';
import { analyze } from '../../server/src/analyze';
import { findingToDiagnostic } from '../../server/src/report/lsp-diagnostics';
import { typingFile } from '../bench/bench-lsp-typing';
import { propertySeed } from '../harness/seed';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

/** Real-style edits: in the shared helper (changes its callers' findings), in passes, and plain keystrokes. */
const EDITS: [needle: string, replacement: string][] = [
  ['Transition(res, before, after)', 'Transition(res, after, before)'],
  ['D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);', 'D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);'],
  ['D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE'],
  ['D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_SHADER_RESOURCE', 'D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE'],
  ['cl->DrawInstanced(3, 1, 0, 0);', 'cl->DrawInstanced(3, 1, 0, 0); '],
  ['cl->Dispatch(1, 1, 1);', 'cl->Dispatch(1, 1, 1);\n    Transition(cl, buf, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);'],
  ['    cl->Barrier(1, &group);\n', ''],
  ['D3D12_BARRIER_LAYOUT_UNDEFINED', 'D3D12_BARRIER_LAYOUT_UNDEF'],
];

const view = (ds: readonly Diagnostic[]): string[] =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.code)} ${d.message}`).sort();

describe('the diagnostics an editor shows after random edits', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('equal a fresh analysis of the text once saved, whichever results were not published on the way', async () => {
    const source = typingFile(200);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(EDITS.length - 1), fc.nat(5)), { minLength: 1, maxLength: 5 }), async (edits) => {
        const uri = `file:///shown-${run++}.cpp`;
        const { client } = pair;
        let text = source;
        let version = 1;
        await client.open(uri, text, version);
        await client.diagnostics(uri, (p) => p.version === version);
        for (const [which, nth] of edits) {
          const [needle, replacement] = EDITS[which];
          let at = -1;
          for (let k = 0; k <= nth; k++) at = text.indexOf(needle, at + 1) >= 0 ? text.indexOf(needle, at + 1) : at;
          if (at < 0) continue;
          const lines = text.slice(0, at).split('\n');
          const start = { line: lines.length - 1, character: lines[lines.length - 1].length };
          const endLines = text.slice(0, at + needle.length).split('\n');
          const end = { line: endLines.length - 1, character: endLines[endLines.length - 1].length };
          text = text.slice(0, at) + replacement + text.slice(at + needle.length);
          const v = ++version;
          await client.change(uri, v, [{ range: { start, end }, text: replacement }]);
          await client.diagnostics(uri, (p) => p.version === v);
        }
        const analyzed = client.notifications.length;
        await client.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
        await client.waitFor(() => client.notifications.slice(analyzed).find((n) => {
          const p = n.params as { uri?: string; version?: number; scope?: string };
          return n.method === 'barrierlint/analyzed' && p.uri === uri && p.version === version && p.scope === 'file';
        }), 20_000);
        const shown = client.published.filter((p) => p.uri === uri).at(-1)!;
        assert.equal(shown.version, version);
        const fresh = analyze(text, uri, { complete: true }).findings.map((f) => findingToDiagnostic(f));
        assert.deepEqual(view(shown.diagnostics), view(fresh));
        await client.close(uri);
      }),
      { numRuns: Number(process.env.BARRIERLINT_RUNS ?? 12), seed: propertySeed('shown diagnostics = fresh analysis') },
    );
    assert.ok(pair.client.unchanged > 0, 'some results changed no diagnostic and were not published');
  });
});
