// Rule levels are applied once, positionally (the last entry naming a finding by rule id or by message name wins,
// README "Configuration"), and the message text is rendered after them at the final severity: through analyze()
// and through the CLI with a config file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyze } from '../../server/src/analyze';
import type { Level } from '../../server/src/types';
import { runCli, tempTree } from './helpers';

/** One INCOMPATIBLE_BARRIER_LAYOUT (rule layout-before-mismatch) on line 9 (and access-common-before warnings). */
const MISMATCH_CPP = `#include <d3d12.h>
#include "d3dx12.h"
void Record(ID3D12GraphicsCommandList7* cl, ID3D12Resource* tex) {
    CD3DX12_TEXTURE_BARRIER a(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_SHADER_RESOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP ga(1, &a);
    cl->Barrier(1, &ga);
    CD3DX12_TEXTURE_BARRIER b(D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_SYNC_ALL, D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_ACCESS_COMMON, D3D12_BARRIER_LAYOUT_RENDER_TARGET, D3D12_BARRIER_LAYOUT_COPY_SOURCE, tex, CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff));
    CD3DX12_BARRIER_GROUP gb(1, &b);
    cl->Barrier(1, &gb);
}
`;

const URI = 'file:///work/levels.cpp';

function layoutFindings(rules: Record<string, Level>): { severity: string; message: string }[] {
  return analyze(MISMATCH_CPP, URI, { config: { rules } }).findings.filter((f) => f.rule === 'layout-before-mismatch');
}

const CASES: { rules: Record<string, Level>; expect: 'error' | 'warning' | 'info' | 'off' }[] = [
  { rules: {}, expect: 'error' },
  { rules: { 'layout-before-mismatch': 'off', INCOMPATIBLE_BARRIER_LAYOUT: 'warning' }, expect: 'warning' },
  { rules: { INCOMPATIBLE_BARRIER_LAYOUT: 'warning', 'layout-before-mismatch': 'off' }, expect: 'off' },
  { rules: { INCOMPATIBLE_BARRIER_LAYOUT: 'off', 'layout-before-mismatch': 'info' }, expect: 'info' },
  { rules: { 'layout-before-mismatch': 'warning', INCOMPATIBLE_BARRIER_LAYOUT: 'error' }, expect: 'error' },
  { rules: { INCOMPATIBLE_BARRIER_LAYOUT: 'error', 'layout-before-mismatch': 'warning' }, expect: 'warning' },
];

const WORD = { error: 'ERROR', warning: 'WARNING', info: 'INFO' } as const;

void describe('rule levels: the last entry wins, the message is rendered at the final severity', () => {
  for (const c of CASES) {
    void it(`analyze(): ${JSON.stringify(c.rules)} → ${c.expect}`, () => {
      const found = layoutFindings(c.rules);
      if (c.expect === 'off') {
        assert.deepEqual(found, []);
        return;
      }
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0].severity, c.expect);
      assert.match(found[0].message, new RegExp(`^D3D12 ${WORD[c.expect]}: .* \\[ STATE_SETTING ${WORD[c.expect]} #1334: INCOMPATIBLE_BARRIER_LAYOUT\\]$`));
    });
  }

  void it('the CLI with a config file: the last entry wins, and the severity word agrees with the message', () => {
    const root = tempTree({
      'barrierlint.json': '{ "rules": { "layout-before-mismatch": "off", "INCOMPATIBLE_BARRIER_LAYOUT": "warning" } }',
      'levels.cpp': MISMATCH_CPP,
    });
    const run = runCli(['levels.cpp'], root);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^levels\.cpp:9:5: warning: D3D12 WARNING: .*#1334: INCOMPATIBLE_BARRIER_LAYOUT\]$/m);
    assert.doesNotMatch(run.stdout, /ERROR/);
    // --rule comes after the config file: it wins over both entries.
    const off = runCli(['--rule', 'INCOMPATIBLE_BARRIER_LAYOUT=off', 'levels.cpp'], root);
    assert.equal(off.code, 0, off.stdout);
    assert.doesNotMatch(off.stdout, /INCOMPATIBLE_BARRIER_LAYOUT/);
    const error = runCli(['--rule', 'INCOMPATIBLE_BARRIER_LAYOUT=error', 'levels.cpp'], root);
    assert.equal(error.code, 1, error.stdout);
    assert.match(error.stdout, /^levels\.cpp:9:5: error: D3D12 ERROR: /m);
    const json = runCli(['--format', 'json', '--rule', 'layout-before-mismatch=info', 'levels.cpp'], root);
    const findings = (JSON.parse(json.stdout) as { files: { diagnostics: { rule: string; severity: string; message: string }[] }[] })
      .files[0].diagnostics.filter((f) => f.rule === 'layout-before-mismatch');
    assert.deepEqual(findings.map((f) => f.severity), ['info']);
    assert.match(findings[0].message, /^D3D12 INFO: /);
  });
});
