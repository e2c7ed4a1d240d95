// A count the pass keeps of its own runs (`if (m_counters.runs > 0) { PIXEL_SHADER_RESOURCE -> UNORDERED_ACCESS }`,
// the dispatch, `UNORDERED_ACCESS -> PIXEL_SHADER_RESOURCE`, `++m_counters.runs`), run by a frame loop of another file
// (track/branches.ts ifStmt, ownHistory). The counted block's barrier assumes PIXEL_SHADER_RESOURCE at first use; in
// the caller's loop that assumption joined back into a path that had not touched the texture (after a setter the run
// does not define, and the early return of a failed call), and the path that skips the block on the first run then met
// it: a false #527 warning "on a path that skips line N (still PIXEL_SHADER_RESOURCE, as assumed at first use)"
// (twamp22/OSFG_Development dual_gpu_pipeline.cpp, in a different shape). What the other branch assumed at first use is
// that branch's entry, not the skipping path's. Silent: the `> 0` block, and the `else` of `== 0`. Must fire: a barrier
// after the block that neither branch leaves, and a count the pass reads but never steps (a setting, not a record).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli, tempTree } from './helpers';

const BLEND_H = `#pragma once
#include <d3d12.h>
#include <wrl/client.h>

namespace fx {
struct BlendCounters { unsigned long long runs = 0; double lastMs = 0; };

class TemporalBlend {
public:
    bool Record(ID3D12Resource* history, ID3D12GraphicsCommandList* cl);
    void SetWeight(float w);
    ID3D12Resource* Output() const { return m_output.Get(); }
private:
    Microsoft::WRL::ComPtr<ID3D12Resource> m_output;
    BlendCounters m_counters;
    float m_weight = 0.5f;
    bool m_profile = false;
};
}
`;

const GREATER = `    if (m_counters.runs > 0) {
        D3D12_RESOURCE_BARRIER toWrite`;
const ELSE_OF_ZERO = `    if (m_counters.runs == 0) {
        m_counters.lastMs = 0.0;
    } else {
        D3D12_RESOURCE_BARRIER toWrite`;
const STEP = '    ++m_counters.runs;\n';

const blendCpp = (counted: string, before: string, step: string) => `#include "blend.h"

namespace fx {
static D3D12_RESOURCE_BARRIER Transition(ID3D12Resource* r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
    D3D12_RESOURCE_BARRIER b = {};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.StateBefore = from;
    b.Transition.StateAfter = to;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    return b;
}

bool TemporalBlend::Record(ID3D12Resource* history, ID3D12GraphicsCommandList* cl) {
    if (!history || !cl) {
        return false;
    }
    if (m_profile && m_counters.runs == 1) {
        m_counters.lastMs = 0.0;
    }
${counted} = Transition(m_output.Get(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        cl->ResourceBarrier(1, &toWrite);
    }
    cl->Dispatch(60, 34, 1);
    D3D12_RESOURCE_BARRIER toRead = Transition(m_output.Get(), ${before}, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    cl->ResourceBarrier(1, &toRead);
${step}    return true;
}
}
`;

const FRAMES_H = `#pragma once
#include <memory>
#include <string>
#include "blend.h"

class FrameLoop {
public:
    bool Tick();
private:
    void Report(const std::string& what);
    std::unique_ptr<fx::TemporalBlend> m_blend;
    Microsoft::WRL::ComPtr<ID3D12GraphicsCommandList> m_list;
    ID3D12Resource* m_history = nullptr;
    int m_extraFrames = 1;
    std::string m_error;
};
`;

const FRAMES_CPP = `#include "frames.h"

bool FrameLoop::Tick() {
    ID3D12Resource* history = m_history;
    if (!history) {
        return true;
    }
    for (int i = 0; i < m_extraFrames; ++i) {
        m_blend->SetWeight(float(i + 1) / float(m_extraFrames + 1));
        if (!m_blend->Record(history, m_list.Get())) {
            Report("blend failed");
            return false;
        }
    }
    return true;
}

void FrameLoop::Report(const std::string& what) {
    m_error = what;
}
`;

type Out = { files: { path: string; diagnostics: { rule: string; line: number; severity: string }[] }[] };

function findings(blend: string): string[] {
  const dir = tempTree({ 'blend.h': BLEND_H, 'blend.cpp': blend, 'frames.h': FRAMES_H, 'frames.cpp': FRAMES_CPP });
  const run = runCli(['--format', 'json', '--jobs', '1', '--no-cache', '.'], dir);
  const out = JSON.parse(run.stdout) as Out;
  return out.files.flatMap((f) => f.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${f.path.split('/').pop()}:${d.line}:${d.rule}`)).sort();
}

const UAV = 'D3D12_RESOURCE_STATE_UNORDERED_ACCESS';

void describe('a counted block run by another file\'s frame loop', () => {
  void it('stays silent: the skipping path does not meet what the counted block assumed at first use (`> 0`)', () => {
    assert.deepEqual(findings(blendCpp(GREATER, UAV, STEP)), []);
  });

  void it('stays silent with the block in the else of `== 0`', () => {
    assert.deepEqual(findings(blendCpp(ELSE_OF_ZERO, UAV, STEP)), []);
  });

  void it('still fires on a barrier after the block that neither branch leaves', () => {
    assert.deepEqual(findings(blendCpp(GREATER, 'D3D12_RESOURCE_STATE_COPY_DEST', STEP)), ['blend.cpp:27:legacy-state-mismatch', 'frames.cpp:10:legacy-state-mismatch']);
  });

  void it('still fires when the pass reads the count but never steps it', () => {
    assert.deepEqual(findings(blendCpp(GREATER, UAV, '')), ['blend.cpp:27:legacy-state-mismatch', 'frames.cpp:10:legacy-state-mismatch']);
  });
});
