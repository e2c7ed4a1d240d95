// A `switch` over a member enum that the class's header declares, in the .cpp that defines the method: the case labels
// name every enumerator, some as `Post::Curve::X` and some as `Curve::X` (both legal inside a method of Post). No path
// runs past such a switch without entering a case (extract/exhaustive-switch.ts), whichever file declares the enum:
// the labels ask the run for the enumerators as conditions do. Before, the "no case taken" path kept the state the
// first barrier set, and the restore after the switch got a #527 path warning. A switch that leaves an enumerator
// out keeps that path (the warning stays), and so does a run without the header (the enum is unknown).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#pragma once
#include <d3d12.h>
class Post
{
public:
    enum class Curve : int { Linear, Reinhard, Hable, Agx };
    void Grade(ID3D12GraphicsCommandList* rec);
private:
    void Move(ID3D12GraphicsCommandList* rec, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to);
    Curve curve_ = Curve::Linear;
    ID3D12Resource* hdr_ = nullptr;
};
`;

const SOURCE = `#include "post.h"
void Post::Move(ID3D12GraphicsCommandList* rec, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    D3D12_RESOURCE_BARRIER t = {};
    t.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    t.Transition.pResource = hdr_;
    t.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    t.Transition.StateBefore = from;
    t.Transition.StateAfter = to;
    rec->ResourceBarrier(1, &t);
}
void Post::Grade(ID3D12GraphicsCommandList* rec)
{
    Move(rec, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    switch (curve_)
    {
    case Post::Curve::Linear:
        Move(rec, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        rec->Dispatch(30, 17, 1);
        break;
    case Curve::Reinhard:
    case Curve::Hable:
        Move(rec, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        rec->Dispatch(60, 34, 1);
        break;
    case Curve::Agx:
        Move(rec, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        rec->Dispatch(120, 68, 1);
        break;
    }
    Move(rec, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_RENDER_TARGET);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(out: Out): string[] {
  const file = out.files.find((f) => f.path.endsWith('post.cpp'));
  assert.ok(file);
  return file.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.severity}:${d.rule}:${d.line}`);
}

void describe('a switch over every enumerator of a header enum', () => {
  void it('mixed spellings of the scope, enum in the header: no path past the switch (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/post.h': HEADER, 'src/post.cpp': SOURCE });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--no-cache', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(JSON.parse(run.stdout) as Out), [], run.stdout);
    }
  });

  void it('an enumerator left out: the path past the switch stays and is reported', () => {
    const dir = tempTree({ 'src/post.h': HEADER, 'src/post.cpp': SOURCE.replace('    case Curve::Hable:\n', '') });
    const run = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    assert.deepEqual(findings(JSON.parse(run.stdout) as Out), ['warning:legacy-state-mismatch:30'], run.stdout);
  });

  void it('an enumerator the header adds: the labels no longer name the whole enum', () => {
    const dir = tempTree({ 'src/post.h': HEADER.replace('Agx }', 'Agx, Custom }'), 'src/post.cpp': SOURCE });
    const run = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    assert.deepEqual(findings(JSON.parse(run.stdout) as Out), ['warning:legacy-state-mismatch:31'], run.stdout);
  });

  void it('without the header the enum is unknown: the path past the switch stays', () => {
    const dir = tempTree({ 'src/post.cpp': SOURCE });
    const run = runCli(['--format', 'json', '--no-cache', 'src'], dir);
    assert.deepEqual(findings(JSON.parse(run.stdout) as Out), ['warning:legacy-state-mismatch:31'], run.stdout);
  });
});
