// The editor follows an RHI translation helper defined in a file that is not open (read on the background thread
// into the workspace index, with the conversion it calls and the header's record and enum: track/workspace.ts
// importsFor), as the CLI does: the open caller's barrier description is translated at the call and reported there.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { startInProcess, type InProcessPair } from '../harness/lsp-client';

const HEADER = `#pragma once
#include <d3d12.h>
#include <cstdint>
enum class State : uint32_t { Common, RenderTarget, ShaderRead };
struct Transition { ID3D12Resource* resource; State before; State after; };
class Recorder {
public:
  void Barrier(const Transition* items, uint32_t count);
  ID3D12GraphicsCommandList* list;
};
`;
const BACKEND = `#include "recorder.h"
static D3D12_RESOURCE_STATES ToD3D12(State s) {
  switch (s) {
    case State::RenderTarget: return D3D12_RESOURCE_STATE_RENDER_TARGET;
    case State::ShaderRead: return D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    default: return D3D12_RESOURCE_STATE_COMMON;
  }
}
void Recorder::Barrier(const Transition* items, uint32_t count) {
  for (uint32_t i = 0; i < count; ++i) {
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = items[i].resource;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = ToD3D12(items[i].before);
    b.Transition.StateAfter = ToD3D12(items[i].after);
    list->ResourceBarrier(1, &b);
  }
}
`;
const CALLER = `#include "recorder.h"
void Resolve(Recorder& rec, ID3D12Resource* color) {
  Transition t;
  t.resource = color;
  t.before = State::ShaderRead;
  t.after = State::ShaderRead;
  rec.Barrier(&t, 1);
}
`;

void describe('translation helpers of files that are not open', () => {
  let dir: string;
  let pair: InProcessPair;
  const uri = (name: string): string => pathToFileURL(join(dir, name)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'barrierlint-translation-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'recorder.h'), HEADER);
    writeFileSync(join(dir, 'src', 'recorder.cpp'), BACKEND);
    writeFileSync(join(dir, 'src', 'resolve.cpp'), CALLER);
    pair = startInProcess({ settings: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'ws' }] });
    await pair.client.initialize();
  });
  after(async () => {
    await pair.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  void it('report the translated barrier at the open caller\'s call', async () => {
    await pair.client.open(uri('src/resolve.cpp'), CALLER, 1);
    const diagnostics = await pair.client.diagnostics(uri('src/resolve.cpp'), (p) => p.diagnostics.length > 0);
    assert.deepEqual(diagnostics.map((d) => [d.code, d.range.start.line]), [['resource-barrier-matching-states', 6]]);
  });
});
