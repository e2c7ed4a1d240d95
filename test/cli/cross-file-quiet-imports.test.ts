// The import pass analyses a file again when another file of the run defines an enumerator it tests. When the file
// only makes calls (every function quiet for the run) and no function that tracks anything reaches it, that analysis
// cannot change what the run reports, and it is left out (cli/quiet-imports.ts): a vendored Vulkan allocator or a
// shader cross-compiler testing another header's enumerators cost 0.4-0.7 s each. Once a tracked function calls into
// the file, its helpers are evaluated there and it is analysed again. Checked through BARRIERLINT_TRACE_TIMES's lines.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const ENUMS = `#pragma once
enum CopyType : int { kCopyTypeRead = 0, kCopyTypeWrite = 1 };
`;

const UTIL = `#include "enums.h"
int Describe(int type)
{
    if (type == kCopyTypeRead) return LogLine(1);
    return LogLine(2);
}
`;

const QUIET_CALLER = `#include "enums.h"
int Report(int type) { return Describe(type); }
`;

const TRACKED_CALLER = `#include <d3d12.h>
#include "enums.h"
void Frame(ID3D12GraphicsCommandList* cl, ID3D12Resource* r)
{
    D3D12_RESOURCE_BARRIER b = CD3DX12_RESOURCE_BARRIER::Transition(r, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
    cl->ResourceBarrier(1, &b);
    Describe(kCopyTypeWrite);
    cl->ResourceBarrier(1, &b);
}
`;

function run(caller: string): { rules: string[]; lines: string[] } {
  const dir = tempTree({ 'src/enums.h': ENUMS, 'src/util.cpp': UTIL, 'src/caller.cpp': caller });
  const out = runCli(['--format', 'json', '--no-cache', '--jobs', '1', 'src'], dir, { BARRIERLINT_TRACE_TIMES: '1' });
  const json = JSON.parse(out.stdout) as { files: { diagnostics: { rule: string; severity: string }[] }[] };
  return {
    rules: json.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => d.rule)).sort(),
    lines: out.stderr.split('\n').filter((l) => /^barrierlint-trace imports(?:-unneeded)? .*\/util\.cpp$/.test(l)).map((l) => l.split(' ')[1]),
  };
}

void describe('import pass: files whose analysis with imported enumerators changes nothing', () => {
  void it('only quiet functions call it: not analysed again', () => {
    const { rules, lines } = run(QUIET_CALLER);
    assert.deepEqual(rules, []);
    assert.deepEqual(lines, ['imports-unneeded']);
  });

  void it('a function that tracks a barrier calls it: analysed again', () => {
    const { rules, lines } = run(TRACKED_CALLER);
    assert.deepEqual(rules, ['legacy-state-mismatch']);
    assert.deepEqual(lines, ['imports']);
  });
});
