// Tracked-state errors underline the argument that is wrong in the editor (Finding.focus) when it is written in
// the call on the call's first line; the report itself (CLI, suppressions) stays at the call. The quick fixes
// still apply to the narrowed diagnostic; a call whose argument sits on a later line keeps the whole call.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { analyze } from '../../server/src/analyze';
import { findingToDiagnostic } from '../../server/src/report/lsp-diagnostics';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///focus.cpp';
const SOURCE = `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt)
{
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PRESENT));
}

void Split(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt)
{
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt,
        D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PRESENT));
}
`;

const textOf = (r: { start: { line: number; character: number }; end: { line: number; character: number } }): string =>
  SOURCE.split('\n')[r.start.line].slice(r.start.character, r.end.line === r.start.line ? r.end.character : undefined);

describe('diagnostic range on the wrong argument', () => {
  it('narrows to StateBefore written on the call line, keeps the finding at the call, and the whole call otherwise', () => {
    const findings = analyze(SOURCE, URI).findings.filter((f) => f.rule === 'legacy-state-mismatch');
    assert.equal(findings.length, 2, JSON.stringify(findings.map((f) => f.rule)));
    const [inline, split] = findings.map((f) => ({ f, d: findingToDiagnostic(f) }));
    assert.equal(textOf(inline.d.range), 'D3D12_RESOURCE_STATE_COPY_DEST');
    assert.equal(inline.f.range.startColumn, 4, 'the report stays at the call');
    assert.equal(split.d.range.start.line, split.f.range.startLine);
    assert.equal(split.d.range.start.character, 4, 'an argument on a later line: the whole call');
  });

  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('still offers the tracked-state fix and the disable comment on the narrowed diagnostic', async () => {
    await pair.client.open(URI, SOURCE, 1);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === 1, 30_000);
    const narrowed = diagnostics.find((d: Diagnostic) => d.code === 'legacy-state-mismatch' && d.range.start.line === 3);
    assert.ok(narrowed);
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: narrowed.range, context: { diagnostics: [narrowed] },
    })) as CodeAction[];
    const titles = actions.map((a) => a.title);
    assert.ok(titles.includes('Match the tracked state (StateBefore D3D12_RESOURCE_STATE_RENDER_TARGET)'), titles.join('; '));
    const disable = actions.find((a) => a.title === 'Disable legacy-state-mismatch for this line');
    assert.equal(disable?.edit?.changes?.[URI][0].range.start.line, 3, 'the comment goes on the reported line');
  });
});
