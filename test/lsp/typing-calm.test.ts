// Calm while typing: a barrier typed character by character into a clean function shows no unknown-enumerator,
// no-matching-overload or parse-problem diagnostics on the lines being typed (nor parse problems spilling below
// them) until typing pauses; after the pause the unfinished barrier is reported.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { calmDiagnostics, HELD_WHILE_TYPING, widenEdited } from '../../server/src/lsp/typing-calm';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const diag = (code: string, line: number): Diagnostic =>
  ({ code, message: code, range: { start: { line, character: 0 }, end: { line, character: 1 } } });

describe('typing-calm (unit)', () => {
  it('holds the typing-noise rules on the edited lines and parse problems below them', () => {
    const edited = widenEdited(undefined, [{ range: { start: { line: 5 }, end: { line: 5 } }, text: 'x' }]);
    assert.deepEqual(edited, { first: 5, last: 5 });
    const shown = calmDiagnostics([diag('unknown-enumerator', 5), diag('unknown-enumerator', 4), diag('parse-problem', 9), diag('layout-before-mismatch', 5)], edited);
    assert.deepEqual(shown.map((d) => `${d.code}@${d.range.start.line}`), ['unknown-enumerator@4', 'layout-before-mismatch@5']);
  });

  it('follows lines added above and below the burst', () => {
    let edited = widenEdited(undefined, [{ range: { start: { line: 5 }, end: { line: 5 } }, text: 'a' }]);
    edited = widenEdited(edited, [{ range: { start: { line: 1 }, end: { line: 1 } }, text: '\n\n' }]);
    assert.deepEqual(edited, { first: 1, last: 7 });
    assert.equal(widenEdited(edited, [{ text: 'whole' }]), undefined);
    assert.ok(HELD_WHILE_TYPING.has('no-matching-overload'));
  });
});

const URI = 'file:///work/typing.cpp';
const BEFORE = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
`;
const AFTER = `    cl->Close();
}

void Other(ID3D12GraphicsCommandList7* cl, ID3D12Resource* rt)
{
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(rt, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET));
}
`;
const TYPED = `    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURC`;

describe('typing-calm (in-process server)', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
  });
  after(() => pair.dispose());

  it('types a barrier character by character without typing noise, then reports the unfinished barrier after a pause', async () => {
    const { client } = pair;
    await client.open(URI, `${BEFORE}\n${AFTER}`, 1);
    const clean = await client.diagnostics(URI, (p) => p.version === 1, 30_000);
    assert.deepEqual(clean, []);
    let version = 1;
    for (let i = 0; i < TYPED.length; i += 3) {
      const piece = TYPED.slice(i, i + 3);
      version++;
      await client.change(URI, version, [{ range: { start: { line: 2, character: i }, end: { line: 2, character: i } }, text: piece }]);
      if (version % 8 === 0) await client.diagnostics(URI, (p) => p.version === version, 30_000);
    }
    const last = version;
    await client.diagnostics(URI, (p) => p.version === last, 30_000);
    const noisy = client.published.filter((p) => p.uri === URI && p.diagnostics.some((d) => HELD_WHILE_TYPING.has(String(d.code))));
    assert.deepEqual(noisy.map((p) => p.version), [], 'no typing noise while typing');
    // After the pause the unfinished barrier is reported on the typed line.
    const paused = await client.diagnostics(URI, (p) => p.version === last && p.diagnostics.some((d) => HELD_WHILE_TYPING.has(String(d.code))), 10_000);
    assert.ok(paused.some((d) => HELD_WHILE_TYPING.has(String(d.code)) && d.range.start.line === 2), JSON.stringify(paused));
  });
});
