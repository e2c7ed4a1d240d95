// Cases for behaviour a mutation review found untested (each mutation of the code below left every test green):
// an unknown path never makes a mismatch an error, a loop's later iterations are checked, a level can be set by
// the debug-layer message name, SARIF names each rule's documentation, and --quiet keeps errors. The editor's
// cases (stale results, run: onSave) are in test/lsp/mutation-cases.test.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import { runCli, tempTree } from '../cli/helpers';

const ROOT = path.resolve(__dirname, '..', '..', '..');

const HELPER = `#include <d3d12.h>
#include "d3dx12.h"
void Unknown(ID3D12Resource* r);
static void Tex(ID3D12GraphicsCommandList7* cl, ID3D12Resource* res, D3D12_BARRIER_LAYOUT before, D3D12_BARRIER_LAYOUT after) {
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COMMON, before, after, res, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP g(1, &b);
    cl->Barrier(1, &g);
}
`;

function layoutFindings(body: string, rules: Record<string, 'off' | 'info' | 'warning' | 'error'> = {}): { severity: string; line: number; message: string }[] {
  return analyze(HELPER + body, 'file:///work/cases.cpp', { config: { rules } }).findings
    .filter((f) => f.rule === 'layout-before-mismatch')
    .map((f) => ({ severity: f.severity, line: f.range.startLine + 1, message: f.message }));
}

void describe('cases that kill surviving mutations', () => {
  void it('a path on which the state is unknown never turns a mismatch into an error (a warning names the known path)', () => {
    const found = layoutFindings(`void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, bool c) {
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    if (c) {
        Unknown(tex);
    }
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COPY_SOURCE);
}
`);
    assert.deepEqual(found.map((f) => [f.severity, f.line]), [['warning', 14]]);
    assert.match(found[0].message, /on the path through line 10/);
  });

  void it('the same code without the unknown call is an error', () => {
    const found = layoutFindings(`void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, bool c) {
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    if (c) {
        cl->Close();
    }
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COPY_SOURCE);
}
`);
    assert.deepEqual(found.map((f) => [f.severity, f.line]), [['error', 14]]);
  });

  void it('a loop is checked after its first iteration: a transition never undone is an error on the next one', () => {
    const found = layoutFindings(`void Loop(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, int n) {
    for (int i = 0; i < n; i++) {
        Tex(cl, tex, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET);
    }
}
`);
    assert.deepEqual(found.map((f) => [f.severity, f.line]), [['error', 11]]);
    assert.match(found[0].message, /on the next iteration of the loop at line 10/);
  });

  void it('a loop that undoes its transitions is clean on every iteration', () => {
    assert.deepEqual(layoutFindings(`void Loop(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex, int n) {
    for (int i = 0; i < n; i++) {
        Tex(cl, tex, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, D3D12_BARRIER_LAYOUT_RENDER_TARGET);
        Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    }
}
`), []);
  });

  void it('a level set by the debug-layer message name applies (and the message shows it)', () => {
    const body = `void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COPY_SOURCE);
}
`;
    assert.deepEqual(layoutFindings(body).map((f) => f.severity), ['error']);
    const info = layoutFindings(body, { INCOMPATIBLE_BARRIER_LAYOUT: 'info' });
    assert.deepEqual(info.map((f) => f.severity), ['info']);
    assert.match(info[0].message, /^D3D12 INFO: .*INFO #1334: INCOMPATIBLE_BARRIER_LAYOUT\]$/);
    assert.deepEqual(layoutFindings(body, { INCOMPATIBLE_BARRIER_LAYOUT: 'off' }), []);
  });

  void it('SARIF gives every rule a helpUri to its documentation, which exists', () => {
    const root = tempTree({ 'a.cpp': HELPER });
    const run = runCli(['--format', 'sarif', 'a.cpp'], root);
    const sarif = JSON.parse(run.stdout) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
    const rules = sarif.runs[0].tool.driver.rules;
    assert.ok(rules.length > 30);
    for (const r of rules) {
      assert.equal(r.helpUri, `https://github.com/barrierlint/barrierlint/blob/main/server/src/rules/${r.id}.md`);
      assert.ok(fs.existsSync(path.join(ROOT, 'server', 'src', 'rules', `${r.id}.md`)), `${r.id}.md`);
    }
  });

  void it('--quiet drops warnings and infos but keeps errors (and their exit status)', () => {
    const root = tempTree({ 'a.cpp': `${HELPER}void Frame(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE);
    Tex(cl, tex, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COPY_SOURCE);
}
` });
    const loud = runCli(['a.cpp'], root);
    assert.match(loud.stdout, /: warning: /);
    const quiet = runCli(['--quiet', 'a.cpp'], root);
    assert.equal(quiet.code, 1, quiet.stderr);
    assert.match(quiet.stdout, /^a\.cpp:11:5: error: D3D12 ERROR: /m);
    assert.doesNotMatch(quiet.stdout, /: (warning|info): /);
  });
});
