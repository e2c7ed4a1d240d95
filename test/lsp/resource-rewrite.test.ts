// "Rewrite every barrier of this resource in this function" (legacy-actions.ts): when a function has several legacy
// barriers of one resource, rewriting one alone would mix the two models on it (an interop error), so the action
// rewrites them all in one edit; the fixed text is checked by analysing it again (no finding at all).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CodeAction, TextEdit } from 'vscode-languageserver';
import { analyze } from '../../server/src/analyze';
import { legacyRewriteActions } from '../../server/src/lsp/legacy-actions';

const URI = 'file:///resource-rewrite.cpp';

const frame = (list: string, second = 'cl->ResourceBarrier(1, &toRead);'): string => `#include <d3d12.h>
#include "d3dx12.h"

void DrawFrame(${list}* cl, ID3D12Resource* tex, ID3D12Resource* other)
{
    const D3D12_RESOURCE_BARRIER toTarget = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
    cl->ResourceBarrier(1, &toTarget);
    cl->DrawInstanced(3, 1, 0, 0);
    const D3D12_RESOURCE_BARRIER toRead = CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    ${second}
    cl->DrawInstanced(3, 1, 0, 0);
    const D3D12_RESOURCE_BARRIER otherToCopy = CD3DX12_RESOURCE_BARRIER::Transition(other, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &otherToCopy);
}
`;

function offsetOf(text: string, line: number, character: number): number {
  const lines = text.split('\n');
  return lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + character;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetOf(text, b.range.start.line, b.range.start.character) - offsetOf(text, a.range.start.line, a.range.start.character));
  let out = text;
  for (const e of sorted) out = out.slice(0, offsetOf(text, e.range.start.line, e.range.start.character)) + e.newText + out.slice(offsetOf(text, e.range.end.line, e.range.end.character));
  return out;
}

function actionsAt(text: string, needle: string): CodeAction[] {
  const facts = analyze(text, URI).facts!;
  const line = text.split('\n').findIndex((l) => l.includes(needle));
  const character = text.split('\n')[line].indexOf(needle) + 5;
  return legacyRewriteActions({ uri: URI, text, facts, range: { start: { line, character }, end: { line, character } } });
}

describe('rewrite every barrier of a resource in its function', () => {
  it('rewrites both legacy barriers of `tex` (never one of them alone), keeps `other` legacy, and the result is clean', () => {
    const text = frame('ID3D12GraphicsCommandList7');
    assert.deepEqual(analyze(text, URI).findings.map((f) => f.rule), []);
    const actions = actionsAt(text, 'Transition(tex, D3D12_RESOURCE_STATE_COMMON');
    assert.deepEqual(actions.map((a) => a.title), ["Rewrite every barrier of 'tex' in this function as enhanced barriers"]);
    const fixed = applyEdits(text, actions[0].edit!.changes![URI]);
    assert.equal((fixed.match(/CD3DX12_TEXTURE_BARRIER /g) ?? []).length, 2);
    assert.equal((fixed.match(/->Barrier\(1, &/g) ?? []).length, 2);
    assert.match(fixed, /Transition\(other, /, 'the other resource stays legacy');
    assert.doesNotMatch(fixed, /Transition\(tex, /);
    assert.deepEqual(analyze(fixed, URI).findings.map((f) => `${f.rule}: ${f.message}`), [], 'no finding in the fixed text');
    // The same action from the second barrier of `tex`; the only legacy barrier of `other` keeps the single rewrite.
    assert.deepEqual(actionsAt(text, 'Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET').map((a) => a.title), actions.map((a) => a.title));
    assert.match(actionsAt(text, 'Transition(other,').map((a) => a.title).join(), /^Rewrite as an enhanced/);
  });

  it('gives each rewritten inline barrier its own names (two declarations of one name would not compile)', () => {
    const text = `void F(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex)
{
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET));
    cl->DrawInstanced(3, 1, 0, 0);
    cl->ResourceBarrier(1, &CD3DX12_RESOURCE_BARRIER::Transition(tex, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT));
}
`;
    const [action] = actionsAt(text, 'Transition(tex, D3D12_RESOURCE_STATE_COMMON');
    const fixed = applyEdits(text, action.edit!.changes![URI]);
    const declared = [...fixed.matchAll(/const CD3DX12_\w+ (\w+)\(/g)].map((m) => m[1]);
    assert.deepEqual(declared, ['texBarrier', 'texBarrierGroup', 'texBarrier2', 'texBarrier2Group']);
    assert.deepEqual(analyze(fixed, URI).findings.map((f) => f.rule), []);
  });

  it('is not offered when one of the barriers cannot be rewritten, or the list is older than CommandList7', () => {
    // `toRead` also submitted with another barrier in one call: that call cannot be rewritten barrier by barrier.
    const shared = frame('ID3D12GraphicsCommandList7', 'D3D12_RESOURCE_BARRIER both[] = { toRead, toRead };\n    cl->ResourceBarrier(2, both);');
    assert.deepEqual(actionsAt(shared, 'Transition(tex, D3D12_RESOURCE_STATE_COMMON'), []);
    assert.deepEqual(actionsAt(frame('ID3D12GraphicsCommandList'), 'Transition(tex, D3D12_RESOURCE_STATE_COMMON'), []);
  });
});
