// A method of an engine class that another file of the run defines with a body recording nothing (`void
// MarkUsed(unsigned f) { lastUse = f; }` in the class's header): called on a member object between a transition and a
// use, it records no barrier, so the state the wrapper's transition left is still known at the use. A method whose
// body does record (defined in the class's .cpp), one no file of the run defines, and a query that is the whole
// condition of an if (`if (scene_.HasMips())`: a flag the path facts cannot follow to its next test) may still
// transition the object or stand for a correlated test: after them the state is unknown, as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const SURFACE_H = `#pragma once
#include <d3d12.h>
class Surface {
public:
  ID3D12Resource* res = nullptr;
  D3D12_RESOURCE_STATES now = D3D12_RESOURCE_STATE_COMMON;
  unsigned mipCount = 1;
  ID3D12Resource* Native() const { return res; }
  bool HasMips() const { return mipCount > 1; }
  unsigned Mips() const { return mipCount; }
  void MarkUsed(unsigned frame) { lastUse = frame; }
  unsigned lastUse = 0;
  void Move(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES to);
  bool Refresh(ID3D12GraphicsCommandList* cl);
  bool Ready() const;
};
`;
const SURFACE_CPP = `#include "surface.h"
void Surface::Move(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES to) {
  if (now == to) return;
  D3D12_RESOURCE_BARRIER b = {};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = res;
  b.Transition.StateBefore = now;
  b.Transition.StateAfter = to;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  cl->ResourceBarrier(1, &b);
  now = to;
}
bool Surface::Refresh(ID3D12GraphicsCommandList* cl) {
  Move(cl, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
  return true;
}
`;
const POST_H = `#pragma once
#include "surface.h"
class Post {
public:
  void Downsample(ID3D12GraphicsCommandList* cl);
  void DownsampleRefreshed(ID3D12GraphicsCommandList* cl);
  void DownsampleUnseen(ID3D12GraphicsCommandList* cl);
  void DownsampleRight(ID3D12GraphicsCommandList* cl);
  void DownsampleTested(ID3D12GraphicsCommandList* cl);
private:
  unsigned frame_ = 0;
  Surface scene_;
  Surface half_;
};
`;
const POST_CPP = `#include "post.h"
void Post::Downsample(ID3D12GraphicsCommandList* cl) {
  scene_.Move(cl, D3D12_RESOURCE_STATE_COPY_SOURCE);
  half_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_DEST);
  scene_.MarkUsed(frame_);
  half_.MarkUsed(frame_);
  cl->ResolveSubresource(half_.Native(), 0, scene_.Native(), 0, DXGI_FORMAT_R16G16B16A16_FLOAT);
}
void Post::DownsampleTested(ID3D12GraphicsCommandList* cl) {
  scene_.Move(cl, D3D12_RESOURCE_STATE_COPY_SOURCE);
  half_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_DEST);
  if (scene_.HasMips()) {
    cl->ResolveSubresource(half_.Native(), 0, scene_.Native(), 0, DXGI_FORMAT_R16G16B16A16_FLOAT);
  }
}
void Post::DownsampleRefreshed(ID3D12GraphicsCommandList* cl) {
  scene_.Move(cl, D3D12_RESOURCE_STATE_COPY_SOURCE);
  half_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_DEST);
  scene_.Refresh(cl);
  cl->ResolveSubresource(half_.Native(), 0, scene_.Native(), 0, DXGI_FORMAT_R16G16B16A16_FLOAT);
}
void Post::DownsampleUnseen(ID3D12GraphicsCommandList* cl) {
  scene_.Move(cl, D3D12_RESOURCE_STATE_COPY_SOURCE);
  half_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_DEST);
  scene_.Ready();
  cl->ResolveSubresource(half_.Native(), 0, scene_.Native(), 0, DXGI_FORMAT_R16G16B16A16_FLOAT);
}
void Post::DownsampleRight(ID3D12GraphicsCommandList* cl) {
  scene_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
  half_.Move(cl, D3D12_RESOURCE_STATE_RESOLVE_DEST);
  scene_.MarkUsed(frame_);
  if (scene_.Mips() > 1) return;
  {
    cl->ResolveSubresource(half_.Native(), 0, scene_.Native(), 0, DXGI_FORMAT_R16G16B16A16_FLOAT);
  }
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

void describe('methods another file of the run defines with a body that records nothing', () => {
  void it('keep the state a wrapper left across their calls; recording or unseen methods do not', () => {
    const dir = tempTree({ 'src/surface.h': SURFACE_H, 'src/surface.cpp': SURFACE_CPP, 'src/post.h': POST_H, 'src/post.cpp': POST_CPP });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    const found = (JSON.parse(run.stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
    // Only the copy-source scene resolved in Downsample: after Refresh() (it records), Ready() (no body in the run)
    // and the tested HasMips() the scene's state is unknown, and DownsampleRight moves it to RESOLVE_SOURCE.
    assert.deepEqual(found, ['post.cpp:7:invalid-subresource-state'], run.stdout);
  });
});
