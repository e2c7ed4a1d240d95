// Runs analyze() over the target files: configuration per file, reading and decoding, the result cache, then
// in-process or on a worker pool. Outcomes come back in target order whatever the parallelism.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { type AnalysisResult, analyze } from '../analyze';
import type { ConfigResolver, LoadedConfig } from '../report/config';
import type { BarrierlintConfig } from '../types';
import type { ResultCache } from './cache';
import type { TargetFile } from './files';
import { type AnalyzeReply, WorkerPool, forReport } from './pool';
import type { Progress } from './progress';
import { readSource } from './read-source';
import { crossFilePass } from './cross-file';

export interface FileOutcome {
  target: TargetFile;
  uri: string;
  config: LoadedConfig;
  /** Present unless the file could not be read or its analysis threw. */
  result?: AnalysisResult;
  /** Why the file was not (completely) linted; any failure makes the run exit 2. */
  failure?: string;
}

export interface LintOptions {
  configs: ConfigResolver;
  jobs: number | 'auto';
  cache?: ResultCache;
  progress: Progress;
}

interface Job {
  index: number;
  text: string;
  config: BarrierlintConfig;
  cacheKey?: string;
}

/**
 * Files are read one at a time and at most two per worker are in flight, so memory stays flat on a large tree;
 * the pool is only started at the first cache miss, so a warm-cache run never pays for workers.
 */
export async function lintFiles(targets: readonly TargetFile[], options: LintOptions): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  const workers = workerCount(options.jobs, targets.length);
  let pool: WorkerPool | undefined;
  const inFlight = new Set<Promise<void>>();
  const record = (job: Job, reply: AnalyzeReply): void => {
    const outcome = outcomes[job.index];
    settle(outcome, reply);
    if (job.cacheKey && outcome.result?.complete && !outcome.failure) options.cache?.set(job.cacheKey, outcome.result);
    options.progress.tick(outcome.target.display);
  };
  try {
    for (const [index, target] of targets.entries()) {
      const config = options.configs.forFile(target.abs);
      const outcome: FileOutcome = { target, uri: pathToFileURL(target.abs).href, config };
      outcomes.push(outcome);
      const source = readSource(target.abs);
      if (!source.ok) {
        outcome.failure = source.message;
        options.progress.tick(target.display);
        continue;
      }
      const cacheKey = options.cache?.key(source.text, outcome.uri, config.config);
      const cached = cacheKey ? options.cache?.get(cacheKey) : undefined;
      if (cached) {
        settle(outcome, { id: index, result: cached });
        options.progress.tick(target.display);
        continue;
      }
      const job: Job = { index, text: source.text, config: config.config, cacheKey };
      if (workers <= 1) {
        options.progress.render(target.display);
        record(job, analyzeInProcess(job, outcome.uri));
        continue;
      }
      pool ??= new WorkerPool(workers);
      const running: Promise<void> = pool.analyze(job.text, outcome.uri, job.config).then((reply) => {
        inFlight.delete(running);
        record(job, reply);
      });
      inFlight.add(running);
      if (inFlight.size >= workers * 2) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  } finally {
    await pool?.close();
  }
  crossFilePass(outcomes);
  return outcomes;
}

/** Starting a worker (modules, tree-sitter, queries) costs about as much as analysing this many files. */
export const FILES_PER_WORKER = 50;

/** `--jobs N` uses N workers (never more than files); the default uses one per FILES_PER_WORKER files, up to the cores. */
export function workerCount(jobs: number | 'auto', files: number): number {
  if (jobs !== 'auto') return Math.min(jobs, files);
  return Math.min(availableParallelism(), Math.floor(files / FILES_PER_WORKER));
}

function analyzeInProcess(job: Job, uri: string): AnalyzeReply {
  try {
    return { id: job.index, result: forReport(analyze(job.text, uri, { config: job.config })) };
  } catch (error) {
    return { id: job.index, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

export function settle(outcome: FileOutcome, reply: AnalyzeReply): void {
  if ('error' in reply) {
    outcome.failure = `internal error during analysis: ${reply.error}`;
  } else {
    outcome.result = reply.result;
    if (!reply.result.complete) outcome.failure = 'analysis did not complete (file skipped or too large)';
  }
}
