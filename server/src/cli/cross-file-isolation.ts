// Failure isolation for the cross-file pass (cross-file.ts), as the first pass has it (lint.ts settle): an internal
// error while deciding, re-tracking or summarising one file fails that file only, and the run goes on and reports
// every file. A file that failed there keeps its first-pass result (what it reports alone, without the other files'
// helpers, imports and run-wide filters) and is named on stderr; any failure makes the run exit 2 (report-run.ts).
// NOTE: the first-pass result is kept rather than dropped: it is what a run of that file alone reports, and the
// failure line and exit 2 already say the report of that file is incomplete; dropping it would lose real findings.
import { AnalysisCancelled, type CancelCheck } from '../cancel';
import type { FileOutcome } from './outcome';
import { limitCheck, type PoolLimits } from './pool';

/** What a file that failed in the cross-file pass reports, after the error. */
const KEPT = 'its findings are those of its own analysis only';

/** Marks `o` as failed in the cross-file pass (the first failure is kept). */
export function failCrossFile(o: FileOutcome, step: string, error: unknown): void {
  o.failure ??= `internal error during cross-file analysis (${step}): ${error instanceof Error ? error.message : String(error)}; ${KEPT}`;
}

/**
 * Runs one file's step of the cross-file pass: a throw fails that file (failCrossFile) and gives `fallback`. The
 * result the step may have replaced is put back, so the file reports its result from before the step.
 */
export function isolated<T>(o: FileOutcome, step: string, run: () => T, fallback: T): T {
  const before = o.result;
  try {
    injectCrossFileFault(o, step);
    return run();
  } catch (error) {
    o.result = before;
    failCrossFile(o, step, error);
    return fallback;
  }
}

/**
 * A run-wide step of the pass (a filter over every file's findings) that threw: no file can be blamed, so every file
 * not failed yet fails with it, each keeping its result as it stands (the filter changes a result only when it has
 * finished with it). Returns true when the step completed.
 */
export function isolatedRunStep(outcomes: readonly FileOutcome[], step: string, run: () => void): boolean {
  try {
    for (const o of outcomes) injectCrossFileFault(o, step);
    run();
    return true;
  } catch (error) {
    for (const o of outcomes) failCrossFile(o, step, error);
    return false;
  }
}

/**
 * Runs one second analysis of `o` under the first pass's per-file limits (pool.ts limitCheck: `--file-timeout`, heap),
 * counted from here. Over either, the analysis stops (AnalysisCancelled) and this throws the limit's message: the
 * file fails alone as any throw in its step does (isolated), keeping its result from before the step.
 */
export function withinLimits<T>(o: FileOutcome, limits: PoolLimits, run: (isCancelled: CancelCheck) => T): T {
  const check = limitCheck(limits);
  try {
    injectCrossFileStall(o, check.isCancelled);
    return run(check.isCancelled);
  } catch (error) {
    const hit = check.hit();
    throw hit ? new Error(hit) : error;
  }
}

/**
 * NOTE: a test hook, so the tests can make the cross-file pass throw on a chosen file and step (the file must then
 * fail alone and the run finish). `BARRIERLINT_TEST_CROSS_FILE_FAULT=STEP` throws at that step for files whose path
 * contains `barrierlint-test-fault`; without the variable nothing here runs.
 */
export function injectCrossFileFault(o: FileOutcome, step: string): void {
  const fault = process.env.BARRIERLINT_TEST_CROSS_FILE_FAULT;
  if (fault && fault === step && o.uri.includes('barrierlint-test-fault')) throw new Error(`injected fault at ${step}`);
}

/**
 * NOTE: a test hook, so the tests can make a second analysis of a chosen file run past the per-file limits (it must
 * then fail alone and the run finish). `BARRIERLINT_TEST_CROSS_FILE_FAULT=stall` waits, and `=grow` allocates, until
 * the limits' check stops it (as analyze's work between two checks would), for files whose path contains
 * `barrierlint-test-fault`; without the variable nothing here runs.
 */
function injectCrossFileStall(o: FileOutcome, isCancelled: CancelCheck): void {
  const fault = process.env.BARRIERLINT_TEST_CROSS_FILE_FAULT;
  if ((fault !== 'stall' && fault !== 'grow') || !o.uri.includes('barrierlint-test-fault')) return;
  const held: number[][] = [];
  while (!isCancelled()) {
    if (fault === 'stall') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    else held.push(new Array<number>(1 << 20).fill(held.length));
  }
  throw new AnalysisCancelled();
}
