// Scalar constants a header of the run defines (`static constexpr UINT kCascades = 3;` in a class, `#define
// HISTORY_SLOTS 2`, a namespace-scope `const D3D12_RESOURCE_STATES`) are what every .cpp including it sees: a loop
// `for (i = 0; i < kCascades; ++i)` in shadows.cpp walks each cascade, and a barrier naming the header's state
// constant has that state. Before, the names were unknown in the .cpp: the loop's barriers named "some element" and
// a wrong StateBefore after them was silent. Silent: the fixed code; a header that defines the count twice under
// `#if` (no one value); a constant of another .cpp (its own translation unit's, not given to other files).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const SHADOWS_H = `#pragma once
#include <d3d12.h>
namespace gfx {
const D3D12_RESOURCE_STATES kSampled = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE;
}
#define HISTORY_SLOTS 2
class ShadowAtlas
{
public:
    static constexpr UINT kCascades = 3;
    void Render(ID3D12GraphicsCommandList* cl);
    void Accumulate(ID3D12GraphicsCommandList* cl);
private:
    ID3D12Resource* m_cascade[kCascades] = {};
    ID3D12Resource* m_history[HISTORY_SLOTS] = {};
};
`;

/** The .cpp, with the StateBefore of the barrier after each loop. */
function shadowsCpp(afterLoop: string, afterHistory: string): string {
  return `#include "shadows.h"
#include "d3dx12.h"
void ShadowAtlas::Render(ID3D12GraphicsCommandList* cl)
{
    for (UINT c = 0; c < kCascades; ++c)
    {
        auto toDepth = CD3DX12_RESOURCE_BARRIER::Transition(m_cascade[c], gfx::kSampled, D3D12_RESOURCE_STATE_DEPTH_WRITE);
        cl->ResourceBarrier(1, &toDepth);
    }
    auto last = CD3DX12_RESOURCE_BARRIER::Transition(m_cascade[2], ${afterLoop}, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &last);
}
void ShadowAtlas::Accumulate(ID3D12GraphicsCommandList* cl)
{
    for (int h = 0; h < HISTORY_SLOTS; h++)
    {
        auto toTarget = CD3DX12_RESOURCE_BARRIER::Transition(m_history[h], D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
        cl->ResourceBarrier(1, &toTarget);
    }
    auto back = CD3DX12_RESOURCE_BARRIER::Transition(m_history[1], ${afterHistory}, D3D12_RESOURCE_STATE_COPY_SOURCE);
    cl->ResourceBarrier(1, &back);
}
`;
}

const WRONG = shadowsCpp('gfx::kSampled', 'D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE');
const FIXED = shadowsCpp('D3D12_RESOURCE_STATE_DEPTH_WRITE', 'D3D12_RESOURCE_STATE_RENDER_TARGET');

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(stdout: string): string[] {
  const out = JSON.parse(stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`));
}

void describe('scalar constants of a header of the run', () => {
  void it('loop bounds and states from the header: the wrong StateBefore after each loop is reported (--jobs 1 and 2)', () => {
    const dir = tempTree({ 'src/shadows.h': SHADOWS_H, 'src/shadows.cpp': WRONG });
    for (const jobs of ['1', '2']) {
      const run = runCli(['--format', 'json', '--jobs', jobs, 'src'], dir);
      assert.deepEqual(findings(run.stdout), ['shadows.cpp:11:legacy-state-mismatch', 'shadows.cpp:21:legacy-state-mismatch'], run.stdout);
    }
  });

  void it('stays silent on the fixed code', () => {
    const dir = tempTree({ 'src/shadows.h': SHADOWS_H, 'src/shadows.cpp': FIXED });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });

  void it('a count the header defines twice under #if has no one value: silent', () => {
    const twice = SHADOWS_H.replace('#define HISTORY_SLOTS 2', '#if defined(LOW_END)\n#define HISTORY_SLOTS 1\n#else\n#define HISTORY_SLOTS 2\n#endif');
    const dir = tempTree({ 'src/shadows.h': twice, 'src/shadows.cpp': WRONG });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), ['shadows.cpp:11:legacy-state-mismatch'], run.stdout);
  });

  void it('a constant another .cpp defines is that file\'s own: silent without the header', () => {
    const other = 'const UINT kCascades = 3;\n#define HISTORY_SLOTS 2\nnamespace gfx { const D3D12_RESOURCE_STATES kSampled = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE; }\nvoid Unrelated() {}\n';
    const dir = tempTree({ 'src/other.cpp': other, 'src/shadows.cpp': WRONG });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    assert.deepEqual(findings(run.stdout), [], run.stdout);
  });
});
