// Default arguments written on the class's declaration in its header (`void Blit(cl, tex, D3D12_RESOURCE_STATES state =
// PIXEL_SHADER_RESOURCE);`), the method defined and called in the class's .cpp (`Blit(cl, m_color)`): the call binds the
// header's value (cli/cross-file.ts withOwnPrototypeDefaults; cli/pool.ts keeps the file's facts for it). Before, the
// left-out argument was unknown: a wrong default before-state was missed, and a helper testing its defaulted parameter
// (`if (start != NON_PIXEL_SHADER_RESOURCE) barrier(PSR -> NPSR)`, Adria's GenerateMips) took the branch the default
// rules out — a false error at the call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
class Post {
public:
  void Run(ID3D12GraphicsCommandList* cl);
private:
  void Blit(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, D3D12_RESOURCE_STATES state = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
  void Mips(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, D3D12_RESOURCE_STATES start = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  ID3D12Resource* m_color;
  ID3D12Resource* m_bloom;
  ID3D12Resource* m_out;
};
`;
const SOURCE = (after: string) => `#include "post.h"
void Post::Blit(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, D3D12_RESOURCE_STATES state) {
  D3D12_RESOURCE_BARRIER b = {};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = tex;
  b.Transition.StateBefore = state;
  b.Transition.StateAfter = D3D12_RESOURCE_STATE_COPY_SOURCE;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  cl->ResourceBarrier(1, &b);
  cl->CopyResource(m_out, tex);
}
void Post::Mips(ID3D12GraphicsCommandList* cl, ID3D12Resource* tex, D3D12_RESOURCE_STATES start) {
  if (start != D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE) {
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = tex;
    b.Transition.StateBefore = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
    b.Transition.StateAfter = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    cl->ResourceBarrier(1, &b);
  }
  cl->Dispatch(1, 1, 1);
}
void Post::Run(ID3D12GraphicsCommandList* cl) {
  D3D12_RESOURCE_BARRIER b = {};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = m_color;
  b.Transition.StateBefore = D3D12_RESOURCE_STATE_RENDER_TARGET;
  b.Transition.StateAfter = ${after};
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  cl->ResourceBarrier(1, &b);
  Blit(cl, m_color);
  b.Transition.pResource = m_bloom;
  b.Transition.StateBefore = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  b.Transition.StateAfter = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
  cl->ResourceBarrier(1, &b);
  Mips(cl, m_bloom);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };
const found = (stdout: string) => (JSON.parse(stdout) as Out).files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`));
const run = (after: string, jobs: string) => runCli(['--format', 'json', '--jobs', jobs, 'src'], tempTree({ 'src/post.h': HEADER, 'src/post.cpp': SOURCE(after) }));

void describe('default arguments declared in the header of a method the .cpp defines and calls', () => {
  for (const jobs of ['1', '2']) {
    void it(`binds the header's default at the call (--jobs ${jobs})`, () => {
      const r = run('D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE', jobs);
      assert.deepEqual(found(r.stdout), ['post.cpp:32:legacy-state-mismatch'], r.stdout);
    });
    void it(`stays silent when the default matches (--jobs ${jobs})`, () => {
      const r = run('D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE', jobs);
      assert.deepEqual(found(r.stdout), [], r.stdout);
    });
  }
});
