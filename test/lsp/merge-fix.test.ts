// "Merge the two calls into one" on mergeable-barrier-calls: offered for back-to-back `<list>->ResourceBarrier(1,
// &x)` / `Barrier(1, &g)` calls, checked by re-analysing the fixed text (the advice is gone, no new finding);
// not offered when other code sits between the calls or a call submits an array.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver/node';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///merge-fix.cpp';
const SOURCE = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* rt, ID3D12Resource* depth, ID3D12Resource* a, ID3D12Resource* b)
{
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(depth, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_DEPTH_WRITE));
    cl->DrawInstanced(3, 1, 0, 0);
    CD3DX12_TEXTURE_BARRIER ta(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, a, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP ga(1, &ta);
    CD3DX12_TEXTURE_BARRIER tb(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, b, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP gb(1, &tb);
    cl->Barrier(1, &ga);
    cl->Barrier(1, &gb);
    cl->DrawInstanced(3, 1, 0, 0);
}
`;
// Other code between the calls (nothing recorded, so the advice stands), and an array: no merge is offered.
const NOT_MERGED = `void Other(ID3D12GraphicsCommandList* cl, ID3D12Resource* x, ID3D12Resource* y, ID3D12Resource* z)
{
    D3D12_RESOURCE_BARRIER two[2] = { CD3DX12_RESOURCE_BARRIER::Transition(x, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST),
        CD3DX12_RESOURCE_BARRIER::Transition(y, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST) };
    auto b = CD3DX12_RESOURCE_BARRIER::Transition(z, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COMMON);
    cl->ResourceBarrier(2, two);
    cl->ResourceBarrier(1, &b);
    cl->Close();
}
`;

function apply(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits].sort((x, y) => offset(y.range.start) - offset(x.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

describe('merge fix for mergeable-barrier-calls', () => {
  let pair: InProcessPair;
  let version = 1;
  const actionsFor = async (uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> =>
    (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
  const analysed = async (uri: string, text: string): Promise<Diagnostic[]> => {
    const v = ++version;
    if (v === 2) await pair.client.open(uri, text, v);
    else await pair.client.change(uri, v, [{ text }]);
    return pair.client.diagnostics(uri, (p) => p.version === v, 30_000);
  };

  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('merges each pair into one call; the fixed text has no mergeable call and no new finding', async () => {
    let text = SOURCE;
    let diagnostics = await analysed(URI, text);
    const before = diagnostics.filter((d) => d.code !== 'mergeable-barrier-calls').map((d) => `${String(d.code)}`).sort();
    const mergeable = diagnostics.filter((d) => d.code === 'mergeable-barrier-calls');
    assert.equal(mergeable.length, 2, JSON.stringify(diagnostics.map((d) => [d.code, d.range.start.line])));
    for (const title of ['Merge the two Barrier calls into one', 'Merge the two ResourceBarrier calls into one']) {
      const diagnostic = diagnostics.find((d) => d.code === 'mergeable-barrier-calls' && String(d.message).includes(`INFO: ${title.split(' ')[3]} calls on`));
      assert.ok(diagnostic, title);
      const action = (await actionsFor(URI, diagnostic)).find((a) => a.title === title);
      assert.ok(action?.edit?.changes, title);
      text = apply(text, action.edit.changes[URI]);
      diagnostics = await analysed(URI, text);
    }
    assert.match(text, /const D3D12_RESOURCE_BARRIER barriers\[\] = \{ CD3DX12_RESOURCE_BARRIER::Transition\(rt, .*\), CD3DX12_RESOURCE_BARRIER::Transition\(depth, .*\) \};\n {4}cl->ResourceBarrier\(2, barriers\);/);
    assert.match(text, /const D3D12_BARRIER_GROUP barrierGroups\[\] = \{ ga, gb \};\n {4}cl->Barrier\(2, barrierGroups\);/);
    assert.deepEqual(diagnostics.map((d) => String(d.code)).sort(), before);
  });

  it('is not offered when other code is between the calls or a call submits an array', async () => {
    const uri = 'file:///merge-fix-other.cpp';
    await pair.client.open(uri, NOT_MERGED.replace('    cl->ResourceBarrier(1, &b);', '    int unrelated = 0;\n    cl->ResourceBarrier(1, &b);'), 1);
    const diagnostics = await pair.client.diagnostics(uri, (p) => p.version === 1, 30_000);
    const mergeable = diagnostics.filter((d) => d.code === 'mergeable-barrier-calls');
    assert.equal(mergeable.length, 1, JSON.stringify(diagnostics.map((d) => [d.code, d.range.start.line])));
    const titles = (await actionsFor(uri, mergeable[0])).map((a) => a.title);
    assert.ok(!titles.some((t) => t.startsWith('Merge')), titles.join('; '));
  });
});
