// One member name declared in two classes of a run as two different classes: `gfx::GpuContext* m_ctx` in the
// histogram (histogram.h) and `std::unique_ptr<sfx::Mixer> m_ctx` in the viewer (viewer.h), both classes with a
// `Submit()`. The run gave a .cpp the types its headers declare for its members by member name alone, so the two
// declarations were a clash and histogram.cpp learnt nothing: `m_ctx->Submit()` matched two methods of the run and
// resolved to neither, the execution between the two read-backs was lost, and the second copy into the read-back
// buffer was reported as a write-after-write with no barrier. Member types are now keyed by their declaring class
// (`Histogram::m_ctx`): a .cpp defining the histogram's methods takes the histogram's declaration.
// Must fire: the same read-backs recorded on one list, with no submission between the copies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readbackFindings, SUBMIT } from '../harness/histogram-readbacks';

const MIXER_H = `#pragma once
namespace sfx
{
    class Mixer
    {
    public:
        void Submit();
        void Pause();
    private:
        int m_voices = 0;
    };
}
`;
const MIXER_CPP = `#include "mixer.h"
using namespace sfx;
void Mixer::Submit() { ++m_voices; }
void Mixer::Pause() { m_voices = 0; }
`;

const findings = (between: string, jobs: string): string[] => readbackFindings({ include: 'mixer.h', type: 'std::unique_ptr<sfx::Mixer>', files: { 'src/mixer.h': MIXER_H, 'src/mixer.cpp': MIXER_CPP } }, between, jobs);

void describe('one member name declared as two different classes in two classes of the run', () => {
  void it('the .cpp takes its own class\'s declaration: the submission between the two read-backs is seen (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) assert.deepEqual(findings(SUBMIT, jobs), []);
  });
  void it('with no submission between the copies, the second copy into the read-back buffer fires', () => {
    assert.deepEqual(findings('', '1'), ['viewer.cpp:6:copy-dest-hazard']);
  });
});
