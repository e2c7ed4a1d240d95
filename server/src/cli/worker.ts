// Worker-thread entry: analyses the tasks the pool sends and posts the results back. Errors are values, so a
// rule that throws on one file fails that file (exit 2), not the run.
import { parentPort } from 'node:worker_threads';
import { type AnalyzeTask, analyzeTask } from './pool';

parentPort?.on('message', (task: AnalyzeTask) => parentPort?.postMessage(analyzeTask(task)));
