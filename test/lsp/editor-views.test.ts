// Views beyond diagnostics (editor-views.ts) through the language server in-process: hover on a Barrier() /
// ResourceBarrier() call lists each barrier it submits with the tracked state before and after; the resource
// timeline command lists every barrier of the resource under the cursor through its function, in order; code
// lenses open it. The timeline's states are the tracker's, checked against the hover of each barrier.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CodeLens, Hover, MarkupContent } from 'vscode-languageserver/node';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const URI = 'file:///views/frame.cpp';
const TEXT = `#include <d3d12.h>
#include "d3dx12.h"

void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, ID3D12Resource* other)
{
    CD3DX12_TEXTURE_BARRIER toRead(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_TEXTURE_BARRIER otherToRead(D3D12_BARRIER_SYNC_NONE, D3D12_BARRIER_SYNC_PIXEL_SHADING,
        D3D12_BARRIER_ACCESS_NO_ACCESS, D3D12_BARRIER_ACCESS_SHADER_RESOURCE,
        D3D12_BARRIER_LAYOUT_UNDEFINED, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE,
        other, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_TEXTURE_BARRIER both[] = { toRead, otherToRead };
    CD3DX12_BARRIER_GROUP group(2, both);
    cl->Barrier(1, &group);
    cl->DrawInstanced(3, 1, 0, 0);
    CD3DX12_TEXTURE_BARRIER toTarget(D3D12_BARRIER_SYNC_PIXEL_SHADING, D3D12_BARRIER_SYNC_RENDER_TARGET,
        D3D12_BARRIER_ACCESS_SHADER_RESOURCE, D3D12_BARRIER_ACCESS_RENDER_TARGET,
        D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET,
        tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP group2(1, &toTarget);
    cl->Barrier(1, &group2);
}
`;
const lineOf = (needle: string): number => TEXT.split('\n').findIndex((l) => l.includes(needle));

interface Timeline {
  resource: string;
  function: string;
  entries: { line: number; character: number; kind: string; before: string; after: string }[];
}

describe('hover on barrier calls, resource timeline, code lenses', () => {
  let pair: InProcessPair;
  before(async () => {
    pair = startInProcess({ settings: {} });
    await pair.client.initialize();
    await pair.client.open(URI, TEXT, 1);
    await pair.client.diagnostics(URI, (p) => p.version === 1);
  });
  after(() => pair.dispose());

  it('hover on Barrier() lists each submitted barrier with the tracked state before and after', async () => {
    const line = lineOf('cl->Barrier(1, &group);');
    const hover = (await pair.client.connection.sendRequest('textDocument/hover', {
      textDocument: { uri: URI }, position: { line, character: 8 },
    })) as Hover;
    const text = (hover.contents as MarkupContent).value;
    assert.match(text, /Submits 2 barriers/);
    // Nothing is known of `tex` before its first barrier (a parameter); afterwards the tracker knows it.
    assert.match(text, /\| 0 \| texture-barrier \| `tex` \| 6 \| \*unknown\* \| `SHADER_RESOURCE, SHADER_RESOURCE` \|/);
    assert.match(text, /\| 1 \| texture-barrier \| `other` \| 10 \|/);
  });

  it('the timeline of the resource under the cursor lists its barriers in order, before → after', async () => {
    const line = lineOf('cl->DrawInstanced');
    const col = TEXT.split('\n')[lineOf('tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE')].indexOf('tex');
    const byName = (await pair.client.connection.sendRequest('workspace/executeCommand', {
      command: 'barrierlint.timeline', arguments: [URI, { line: lineOf('tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE'), character: col + 1 }],
    })) as Timeline;
    assert.equal(byName.resource, 'tex');
    assert.equal(byName.function, 'Frame');
    assert.deepEqual(byName.entries.map((e) => [e.line, e.before, e.after]), [
      [lineOf('CD3DX12_TEXTURE_BARRIER toRead'), 'unknown', 'SHADER_RESOURCE, SHADER_RESOURCE'],
      [lineOf('CD3DX12_TEXTURE_BARRIER toTarget'), 'SHADER_RESOURCE, SHADER_RESOURCE', 'RENDER_TARGET, RENDER_TARGET'],
    ]);
    const nowhere = await pair.client.connection.sendRequest('workspace/executeCommand', {
      command: 'barrierlint.timeline', arguments: [URI, { line, character: 6 }],
    });
    assert.equal(nowhere, null, 'no resource under the cursor on a draw call');
  });

  it('code lenses open the timeline of each resource at its first barrier', async () => {
    const lenses = (await pair.client.connection.sendRequest('textDocument/codeLens', { textDocument: { uri: URI } })) as CodeLens[];
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]), [
      [lineOf('CD3DX12_TEXTURE_BARRIER toRead'), 'barrierlint: timeline of tex (2 barriers)', 'barrierlint.showTimeline'],
      [lineOf('CD3DX12_TEXTURE_BARRIER otherToRead'), 'barrierlint: timeline of other (1 barrier)', 'barrierlint.showTimeline'],
    ]);
    const shown = await pair.client.connection.sendRequest('workspace/executeCommand', {
      command: lenses[0].command!.command, arguments: lenses[0].command!.arguments,
    }) as Timeline;
    assert.equal(shown.entries.length, 2);
  });
});
