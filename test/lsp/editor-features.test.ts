// The editor fixture through the language server (in-process JSON-RPC): diagnostics where the fixture's
// annotations say (UTF-16 columns after Chinese text and emoji), hover, the disable-line fix applied and honoured,
// the legacy rewrite offered and producing clean code, and debounced re-analysis as the user types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, Diagnostic, Hover, MarkupContent, TextEdit } from 'vscode-languageserver/node';
import { parseExpectations } from '../harness/fixture';
import { EDITOR_FIXTURE, startInProcess, type InProcessPair } from '../harness/lsp-client';

const TEXT = readFileSync(EDITOR_FIXTURE, 'utf8');
const URI = 'file:///fixtures/editor/frame.cpp';

async function waitForHints<T>(request: () => Promise<T[]>): Promise<T[]> {
  for (let i = 0; i < 100; i++) {
    const hints = await request();
    if (hints.length > 0) return hints;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}

function applyEdits(text: string, edits: TextEdit[]): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  return [...edits]
    .sort((a, b) => offset(b.range.start) - offset(a.range.start))
    .reduce((t, e) => t.slice(0, offset(e.range.start)) + e.newText + t.slice(offset(e.range.end)), text);
}

describe('editor features on the fixture', () => {
  let pair: InProcessPair;
  let version = 1;
  let text = TEXT;
  const replaceAll = async (next: string): Promise<Diagnostic[]> => {
    text = next;
    version++;
    await pair.client.change(URI, version, [{ text }]);
    return pair.client.diagnostics(URI, (p) => p.version === version);
  };

  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
    await pair.client.open(URI, TEXT, version);
  });
  after(() => pair.dispose());

  it('publishes the annotated diagnostics at their UTF-16 positions, with code, docs link and data', async () => {
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === 1);
    const expected = parseExpectations(TEXT);
    assert.equal(diagnostics.length, expected.length);
    const [d] = diagnostics;
    assert.deepEqual(d.range.start, { line: expected[0].line, character: expected[0].column });
    assert.equal(d.range.end.character, expected[0].endColumn);
    assert.equal(d.code, 'sync-none-access-mismatch');
    assert.equal(d.source, 'barrierlint');
    assert.match(d.codeDescription?.href ?? '', /rules\/sync-none-access-mismatch\.md$/);
    assert.match(String(d.message), /\[ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES\]/);
    assert.deepEqual((d.data as { rule: string }).rule, 'sync-none-access-mismatch');
  });

  it('hovers a barrier with every field, enumerator names and raw values', async () => {
    const line = TEXT.split('\n').findIndex((l) => l.includes('D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING'));
    const hover = (await pair.client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line, character: 12 },
    })) as Hover;
    const value = (hover.contents as MarkupContent).value;
    assert.match(value, /`texture-barrier` on `tex`/);
    assert.match(value, /\| SyncBefore \| `D3D12_BARRIER_SYNC_NONE` \(0x0\) \|/);
    assert.match(value, /\| AccessAfter \| `D3D12_BARRIER_ACCESS_SHADER_RESOURCE` \(0x80\) \|/);
    assert.match(value, /\| LayoutBefore \| `D3D12_BARRIER_LAYOUT_COMMON` \(0x0\) \|/);
    assert.match(value, /Tracked state of `tex`:/);
    assert.match(value, /\| after \| `D3D12_BARRIER_LAYOUT_SHADER_RESOURCE` \| `D3D12_BARRIER_ACCESS_SHADER_RESOURCE` \|/);
  });

  it('shows the tracked layout after each barrier as inlay hints, only when enabled', async () => {
    const request = (): Promise<{ label: string; position: { line: number } }[]> => pair.client.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 40, character: 0 } },
    });
    assert.deepEqual(await request(), []);
    pair.client.settings = { inlayHints: { enabled: true } };
    await pair.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const hints = await waitForHints(request);
    assert.deepEqual(hints.map((h) => h.label), ['→ SHADER_RESOURCE', '→ RENDER_TARGET']);
    pair.client.settings = {};
    await pair.client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  });

  it('applies "Disable ... for this line" and the suppression clears the diagnostic', async () => {
    const [d] = await pair.client.diagnostics(URI, (p) => p.version === version);
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: d.range,
      context: { diagnostics: [d], only: ['quickfix'] },
    })) as CodeAction[];
    const disable = actions.find((a) => a.title === 'Disable sync-none-access-mismatch for this line');
    assert.ok(disable?.edit?.changes);
    const suppressed = applyEdits(text, disable.edit.changes[URI]);
    assert.match(suppressed.split('\n')[d.range.start.line], /SHADER_RESOURCE, {2}\/\/ barrierlint-disable-line sync-none-access-mismatch$/);
    assert.deepEqual(await replaceAll(suppressed), []);
    await replaceAll(TEXT);
  });

  it('offers the legacy → enhanced rewrite on the legacy transition, and the result is clean', async () => {
    const line = TEXT.split('\n').findIndex((l) => l.includes('CD3DX12_RESOURCE_BARRIER::Transition'));
    const actions = (await pair.client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line, character: 30 }, end: { line, character: 30 } },
      context: { diagnostics: [], only: ['refactor'] },
    })) as CodeAction[];
    assert.deepEqual(actions.map((a) => a.title), ['Rewrite as an enhanced texture barrier (Barrier + CD3DX12_TEXTURE_BARRIER)']);
    const rewritten = applyEdits(text, actions[0].edit!.changes![URI]);
    assert.match(rewritten, /const CD3DX12_TEXTURE_BARRIER backBufferBarrier\(\n {8}D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_RENDER_TARGET,\n {8}D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_RENDER_TARGET,\n {8}D3D12_BARRIER_LAYOUT_COMMON, D3D12_BARRIER_LAYOUT_RENDER_TARGET,\n {8}backBuffer, CD3DX12_BARRIER_SUBRESOURCE_RANGE\(0xffffffff\)\);\n {4}const CD3DX12_BARRIER_GROUP backBufferBarrierGroup\(1, &backBufferBarrier\);\n {4}cl->Barrier\(1, &backBufferBarrierGroup\);\n}/);
    const after = await replaceAll(rewritten);
    // From COMMON the rewrite waits for nothing (SYNC_NONE / NO_ACCESS) rather than A.6's literal ACCESS_COMMON, so
    // the access-common-before warning (EB-ACCESS-03) does not fire: only the fixture's own error remains.
    assert.deepEqual(after.map((d) => d.code), ['sync-none-access-mismatch']);
    await replaceAll(TEXT);
  });

  it('re-analyses after single-character edits and publishes only the newest version', async () => {
    const line = TEXT.split('\n').findIndex((l) => l.includes('D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING'));
    const first = version + 1;
    // A burst of keystrokes inside the function body (as fast as a client sends them): not awaited one by one.
    const sent: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      version++;
      sent.push(pair.client.change(URI, version, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: ' ' }]));
    }
    await Promise.all(sent);
    const diagnostics = await pair.client.diagnostics(URI, (p) => p.version === version);
    assert.deepEqual(diagnostics[0].range.start, { line: line + 1, character: 20 });
    const published = pair.client.published.filter((p) => p.uri === URI && (p.version ?? 0) >= first).map((p) => p.version ?? 0);
    assert.ok(published.length < 5, `the burst was debounced (published ${published.join(', ')})`);
    assert.deepEqual(published, [...published].sort((a, b) => a - b), 'never an older version after a newer one');
    assert.equal(published[published.length - 1], version);
    const analyzed = await pair.client.waitFor(() => pair.client.notifications
      .map((n) => n.params as { uri: string; version: number; scope: string })
      .find((p) => p.uri === URI && p.version === version));
    assert.equal(analyzed.scope, 'function', 'an edit inside a body re-analyses only that function');
  });
});
