// A mistake written in a helper method of another file (a constant DEPTH_READ|DEPTH_WRITE state), reached from the
// run's other files through a call of an object of the helper's class, is reported once, in the helper's file, with
// the calls that reach it as related notes — not again at each call of every file. A state the caller hands the helper
// makes the same message depend on the call: it stays at that call.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const HEADER = `#include <d3d12.h>
class Recorder {
public:
    void EndPass();
    void Transition(D3D12_RESOURCE_STATES before);
    bool Replaying();
    ID3D12GraphicsCommandList* m_list;
    ID3D12Resource* m_depth;
};
`;
const HELPER = `#include <d3d12.h>
#include "recorder.h"
void Recorder::EndPass()
{
    if (Replaying())
    {
        D3D12_RESOURCE_BARRIER barrier = {};
        barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        barrier.Transition.pResource = m_depth;
        barrier.Transition.StateBefore = D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_DEPTH_WRITE;
        barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
        m_list->ResourceBarrier(1, &barrier);
    }
}
void Recorder::Transition(D3D12_RESOURCE_STATES before)
{
    D3D12_RESOURCE_BARRIER barrier = {};
    barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    barrier.Transition.pResource = m_depth;
    barrier.Transition.StateBefore = before;
    barrier.Transition.StateAfter = D3D12_RESOURCE_STATE_RESOLVE_SOURCE;
    m_list->ResourceBarrier(1, &barrier);
}
`;
const CALLERS = `#include <d3d12.h>
#include "recorder.h"
void ShaderDebug(Recorder* rec)
{
    rec->EndPass();
}
void PixelHistory(Recorder* rec)
{
    rec->EndPass();
}
void Resolve(Recorder* rec)
{
    rec->Transition(D3D12_RESOURCE_STATE_DEPTH_READ | D3D12_RESOURCE_STATE_DEPTH_WRITE);
}
void ResolveOk(Recorder* rec)
{
    rec->Transition(D3D12_RESOURCE_STATE_DEPTH_WRITE);
}
`;

type Diagnostic = { rule: string; line: number; severity: string; related: { path: string; line: number }[] };
type Out = { files: { path: string; diagnostics: Diagnostic[] }[] };

void describe('a helper mistake of another file that does not depend on the call', () => {
  void it('is reported once in the helper file, with the calls as notes; a state the caller passes stays at the caller', () => {
    const dir = tempTree({ 'src/recorder.h': HEADER, 'src/recorder.cpp': HELPER, 'src/debug.cpp': CALLERS });
    const run = runCli(['--format', 'json', '--jobs', '1', 'src'], dir);
    const out = JSON.parse(run.stdout) as Out;
    const errors = out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ at: `${f.path.replace(/^.*\//, '')}:${d.line}:${d.rule}`, d })));
    assert.deepEqual(errors.map((e) => e.at).sort(), [
      'debug.cpp:13:resource-barrier-invalid-combination',
      'recorder.cpp:10:resource-barrier-invalid-combination',
    ], run.stdout);
    const helper = errors.find((e) => e.at.startsWith('recorder.cpp'))!.d;
    assert.deepEqual(helper.related.filter((r) => r.path.endsWith('debug.cpp')).map((r) => r.line), [5, 9], run.stdout);
  });
});
