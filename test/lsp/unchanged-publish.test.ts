// An analysis whose diagnostics equal those the client shows is not published again (document-analysis.ts): most
// keystrokes of a large file change none of its thousands of diagnostics. The client keeps the older version's, and
// their fixes are still offered (code-actions.ts currentDiagnostics finds them in the current result).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic } from 'vscode-languageserver/node';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///unchanged.cpp';
const SOURCE = `void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* rt)
{
    auto toRt = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->ResourceBarrier(1, &toRt);
    auto toPresent = CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_PRESENT);
    cl->ResourceBarrier(1, &toPresent);
}

void Pass(ID3D12GraphicsCommandList7* cl)
{
    cl->DrawInstanced(3, 1, 0, 0);
}
`;

describe('a result that changes no diagnostic is not published again', () => {
  let pair: InProcessPair;
  let shown: Diagnostic[];
  /** Real publications so far (the client also records each unpublished version as showing the last ones). */
  const sent = (): number => pair.client.published.filter((p) => p.uri === URI).length - pair.client.unchanged;

  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
    await pair.client.open(URI, SOURCE, 1);
    shown = await pair.client.diagnostics(URI, (p) => p.version === 1);
    assert.deepEqual(shown.map((d) => d.code), ['legacy-state-mismatch']);
  });
  after(() => pair.dispose());

  it('a keystroke in another function: analysed (barrierlint/analyzed for its version), not published', async () => {
    await pair.client.change(URI, 2, [{ range: { start: { line: 10, character: 4 }, end: { line: 10, character: 4 } }, text: ' ' }]);
    await pair.client.diagnostics(URI, (p) => p.version === 2);
    assert.equal(sent(), 1);
    assert.equal(pair.client.unchanged, 1);
  });

  it('an edit outside any function (the whole file analysed again, equal diagnostics): not published', async () => {
    await pair.client.change(URI, 3, [{ range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } }, text: '// note' }]);
    await pair.client.diagnostics(URI, (p) => p.version === 3);
    assert.equal(sent(), 1);
  });

  it("the fix of the diagnostic shown since version 1 is offered on version 3's text", async () => {
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI }, range: shown[0].range, context: { diagnostics: [shown[0]] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.title.startsWith('Match the tracked state'));
    assert.equal(fix?.title, 'Match the tracked state (StateBefore D3D12_RESOURCE_STATE_RENDER_TARGET)');
    assert.ok(fix.edit?.changes?.[URI]?.length);
  });

  it('an edit that moves the diagnostic is published', async () => {
    await pair.client.change(URI, 4, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' }]);
    const moved = await pair.client.diagnostics(URI, (p) => p.version === 4);
    assert.equal(sent(), 2);
    assert.equal(moved[0].range.start.line, shown[0].range.start.line + 1);
  });
});
