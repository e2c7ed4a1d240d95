// One member name declared in several classes of a run, as the same engine class held differently: the owner keeps
// `std::unique_ptr<gfx::GpuContext> m_ctx` (viewer.h), its users a raw `gfx::GpuContext* m_ctx` (histogram.h,
// reducer.h). The run gives a .cpp the types its headers declare for its members, but took the two spellings for a
// clash and gave nothing, so histogram.cpp did not know the class of `m_ctx`; `m_ctx->Submit()` then matched two
// methods of the run (`GpuContext::Submit`, which executes the list, and `Reducer::Submit`, which calls it) and
// resolved to neither. The execution between the two read-backs was lost, and the second copy into the read-back
// buffer was reported as a write-after-write with no barrier (a readback helper of a particle simulation, where the
// two copies are two submissions apart). Declarations of one member name now agree when they name one
// namespace-qualified class (a bare `Impl` may be nested in each declaring class and stays apart).
// Must fire: the same read-backs recorded on one list, with no submission between the copies.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readbackFindings, SUBMIT } from '../harness/histogram-readbacks';

const findings = (between: string, jobs: string): string[] => readbackFindings({ include: 'gpu_context.h', type: 'std::unique_ptr<gfx::GpuContext>' }, between, jobs);

void describe('a member name held as one class through a smart pointer in one class and a raw pointer in another', () => {
  void it('the receiver keeps its class: the submission between the two read-backs is seen (--jobs 1 and 2)', () => {
    for (const jobs of ['1', '2']) assert.deepEqual(findings(SUBMIT, jobs), []);
  });
  void it('with no submission between the copies, the second copy into the read-back buffer fires', () => {
    assert.deepEqual(findings('', '1'), ['viewer.cpp:6:copy-dest-hazard']);
  });
});
