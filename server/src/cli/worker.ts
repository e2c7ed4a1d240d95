// Worker-thread entry: analyses the texts the pool sends and posts the results back. Errors are values, so a
// rule that throws on one file fails that file (exit 2), not the run.
import { parentPort } from 'node:worker_threads';
import { analyze } from '../analyze';
import { type AnalyzeReply, type AnalyzeTask, forReport } from './pool';

parentPort?.on('message', (task: AnalyzeTask) => {
  let reply: AnalyzeReply;
  try {
    reply = { id: task.id, result: forReport(analyze(task.text, task.uri, { config: task.config })) };
  } catch (error) {
    reply = { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
