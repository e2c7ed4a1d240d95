// wrapper-use-without-ensure over a run: the state-tracking wrapper is defined in one file, the copies that hand
// their texture to it first are spread over two others, and a fourth file's copy skips it. No file alone has the
// eight uses the convention needs; the run has nine of ten, so the deviating copy is reported in its own file with
// the run's count. Without the files that follow the convention, the same copy is silent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as path from 'node:path';
import { runCli, tempTree } from './helpers';

const TEXTURE_H = `#pragma once
#include <d3d12.h>
struct Tex {
    D3D12_RESOURCE_STATES setState(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES s);
    ID3D12Resource* res;
    D3D12_RESOURCE_STATES state;
};
struct Renderer { Tex m_textures[64]; ID3D12Resource* m_staging; ID3D12GraphicsCommandList* m_cl; };
`;
const TEXTURE_CPP = `#include "texture.h"
D3D12_RESOURCE_STATES Tex::setState(ID3D12GraphicsCommandList* cl, D3D12_RESOURCE_STATES s)
{
    if (state == s) return state;
    D3D12_RESOURCE_STATES old = state;
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(res, state, s);
    cl->ResourceBarrier(1, &b);
    state = s;
    return old;
}
`;
const uploads = (name: string, from: number, n: number) => `#include "texture.h"
void ${name}(Renderer& r)
{
${Array.from({ length: n }, (_, k) => `    { Tex& t = r.m_textures[${from + k}]; t.setState(r.m_cl, D3D12_RESOURCE_STATE_COPY_DEST); r.m_cl->CopyResource(t.res, r.m_staging); }`).join('\n')}
}
`;
const FORGOT = `#include "texture.h"
void UploadLate(Renderer& r, UINT i)
{
    Tex& t = r.m_textures[i];
    r.m_cl->CopyResource(t.res, r.m_staging);
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; message: string }[] }[] };

function run(files: Record<string, string>, jobs = '1'): { lines: string[]; messages: string[] } {
  const r = runCli(['--format', 'json', '--jobs', jobs, 'src'], tempTree(files));
  const out = JSON.parse(r.stdout) as Out;
  const ds = out.files.flatMap((f) => f.diagnostics.filter((d) => d.rule === 'wrapper-use-without-ensure').map((d) => ({ f, d })));
  return { lines: ds.map(({ f, d }) => `${path.basename(f.path)}:${d.line}`), messages: ds.map(({ d }) => d.message) };
}

void describe('wrapper-use-without-ensure across the files of a run', () => {
  const engine = { 'src/texture.h': TEXTURE_H, 'src/texture.cpp': TEXTURE_CPP, 'src/upload_a.cpp': uploads('UploadA', 0, 5), 'src/upload_b.cpp': uploads('UploadB', 5, 4) };

  void it('reports the copy that skips the wrapper, with the run-wide count, serially and on workers', () => {
    for (const jobs of ['1', '2']) {
      const { lines, messages } = run({ ...engine, 'src/late.cpp': FORGOT }, jobs);
      assert.deepEqual(lines, ['late.cpp:5']);
      assert.match(messages[0], /setState\(\) on the resource before 9 of 10 such uses \(CopyResource, a copy destination\)/);
    }
  });

  void it('stays silent when the run does not make the convention', () => {
    assert.deepEqual(run({ 'src/texture.h': TEXTURE_H, 'src/texture.cpp': TEXTURE_CPP, 'src/upload_a.cpp': uploads('UploadA', 0, 5), 'src/late.cpp': FORGOT }).lines, []);
  });

  void it('stays silent when the deviating copy hands its texture to the wrapper', () => {
    const fixed = FORGOT.replace('    r.m_cl->CopyResource', '    t.setState(r.m_cl, D3D12_RESOURCE_STATE_COPY_DEST);\n    r.m_cl->CopyResource');
    assert.deepEqual(run({ ...engine, 'src/late.cpp': fixed }).lines, []);
  });

  void it('each --shard reports what the full run reports (the conventions of the run reach every shard)', () => {
    const dir = tempTree({ ...engine, 'src/late.cpp': FORGOT });
    type Files = { path: string; diagnostics: { rule: string; line: number }[] }[];
    const rules = (files: Files) => files.flatMap((f) => f.diagnostics.map((d) => `${path.basename(f.path)}:${d.line}:${d.rule}`)).sort();
    const full = rules((JSON.parse(runCli(['--format', 'json', 'src'], dir).stdout) as { files: Files }).files);
    assert.ok(full.includes('late.cpp:5:wrapper-use-without-ensure'), full.join(' '));
    const union = rules([1, 2, 3].flatMap((i) => (JSON.parse(runCli(['--format', 'json', '--shard', `${i}/3`, 'src'], dir).stdout) as { files: Files }).files));
    assert.deepEqual(union, full);
  });
});
