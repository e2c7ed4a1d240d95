// The CLI's in-process analysis (`--jobs 1`, small trees) under the per-file limits of a worker: the time and the
// heap are checked between phases and functions, and a file over either fails alone with the limit named (the
// CLI side, a timed-out file among others, is in test/cli/hostile-inputs.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeTaskWithLimits, DEFAULT_POOL_LIMITS, type AnalyzeTask } from '../../server/src/cli/pool';
import { DEFAULT_CONFIG } from '../../server/src/types';
import { barrierHeavyFile } from '../bench/barrier-file';

const task = (text: string): AnalyzeTask => ({ id: 7, text, uri: 'file:///limits.cpp', config: DEFAULT_CONFIG, keepSites: false });

void describe('in-process per-file limits', () => {
  void it('a file within the limits gets its result', () => {
    const reply = analyzeTaskWithLimits(task(barrierHeavyFile(200)), DEFAULT_POOL_LIMITS);
    assert.ok('result' in reply && reply.result.complete);
  });

  void it('a file over the time limit fails with the limit named', () => {
    const reply = analyzeTaskWithLimits(task(barrierHeavyFile(4000)), { ...DEFAULT_POOL_LIMITS, timeoutMs: 1 });
    assert.deepEqual(reply, { id: 7, error: 'analysis timed out after 0 s' });
  });

  void it('a file over the heap limit fails with the limit named', () => {
    const reply = analyzeTaskWithLimits(task(barrierHeavyFile(200)), { ...DEFAULT_POOL_LIMITS, maxHeapMb: 1 });
    assert.deepEqual(reply, { id: 7, error: 'analysis needed more than the per-file memory limit of 1 MB; file skipped' });
  });
});
