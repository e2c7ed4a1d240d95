// Worker-thread entry: analyses the tasks the pool sends and posts the results back. Errors are values, so a
// rule that throws on one file fails that file (exit 2), not the run.
import { parentPort } from 'node:worker_threads';
import { type AnalyzeTask, analyzeTask } from './pool';

/**
 * NOTE: a test hook, so the tests can make a worker stall or die on a chosen file (the pool must then fail that
 * file and finish the run). `BARRIERLINT_TEST_WORKER_FAULT=stall|exit` acts on files containing
 * `barrierlint-test-fault`; without the variable nothing here runs.
 */
function injectFault(task: AnalyzeTask): void {
  const fault = process.env.BARRIERLINT_TEST_WORKER_FAULT;
  if (!fault || !task.text.includes('barrierlint-test-fault')) return;
  if (fault === 'exit') process.exit(3);
  if (fault === 'stall') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

parentPort?.on('message', (task: AnalyzeTask) => {
  injectFault(task);
  parentPort?.postMessage(analyzeTask(task));
});
