// Runs analyze() over the target files: configuration per file, reading and decoding, the result cache, then
// in-process or on a worker pool, then the cross-file pass. Outcomes come back in target order whatever the
// parallelism.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { ConfigResolver } from '../config/config';
import type { ResultCache } from './cache';
import type { AnalysisResult } from '../analyze';
import { crossFilePass, exportsDigest } from './cross-file';
import { cpuMs, trace, traceOn, traceStart, wallMs } from '../trace-times';
import type { TargetFile } from '../files/collect';
import type { FileOutcome } from './outcome';
import { type AnalyzeReply, type AnalyzeTask, DEFAULT_POOL_LIMITS, type PoolLimits, WorkerPool, analyzeTaskWithLimits, withoutFacts } from './pool';
import type { Progress } from './progress';
import { readSourceFile as readSource } from '../parse/read-policy';
import { asksBookkeeping, hasCandidates } from '../rules/support/wrapper-conventions';

export interface LintOptions {
  configs: ConfigResolver;
  jobs: number | 'auto';
  /** Per-file time limit, on worker threads and in process (default DEFAULT_POOL_LIMITS). */
  fileTimeoutSeconds?: number;
  cache?: ResultCache;
  progress: Pick<Progress, 'tick' | 'render'>;
  /** Keep the extracted sites in the results (only `--format facts` prints them). */
  keepSites: boolean;
  /**
   * Files of the run outside this shard (`--shard`): analysed only when a linted file calls a function it could
   * not resolve, so helpers defined in other shards' files are still found and every shard reports exactly what
   * a full run reports for its files.
   */
  context?: readonly TargetFile[];
}

const SILENT: LintOptions['progress'] = { tick: () => undefined, render: () => undefined };

export async function lintFiles(targets: readonly TargetFile[], options: LintOptions): Promise<FileOutcome[]> {
  const t0 = traceOn() ? traceStart() : undefined;
  const cachedRun = options.cache && !options.context?.length ? reportedBefore(targets, options, options.cache) : undefined;
  if (cachedRun) {
    if (t0) trace('pass', 'cached-run', cpuMs(t0), wallMs(t0), cachedRun.length);
    return cachedRun;
  }
  const outcomes = await analyzeFiles(targets, options);
  if (t0) trace('pass', 'first', cpuMs(t0), wallMs(t0), outcomes.length);
  const context = options.context ?? [];
  // The other shards' files give helpers to a file that calls what it could not resolve, and conventions to a file
  // with a use wrapper-use-without-ensure could judge (the run's counts decide it) or a bookkeeping read or tracker call
  // another file's wrapper or calls can judge (rules/support/bookkeeping.ts).
  const needsContext = context.length > 0 && outcomes.some((o) => (o.result?.unresolvedCalls?.length ?? 0) > 0
    || (o.result?.wrapperFacts !== undefined && (hasCandidates(o.result.wrapperFacts) || asksBookkeeping(o.result.wrapperFacts))));
  const contextOutcomes = needsContext ? await analyzeFiles(context, { ...options, progress: SILENT }) : [];
  // With --cache, what the run reports after the cross-file pass is cached too, under every file's key: a warm run of
  // an unchanged tree spent about half its CPU reading the files' helpers and deciding the cross-file pass again.
  const t1 = traceOn() ? traceStart() : undefined;
  const runKey = runCacheKey(outcomes, contextOutcomes, options.cache);
  const reported = runKey ? options.cache?.getRun(runKey, outcomes.map((o) => o.uri)) : undefined;
  if (reported) {
    for (const [i, o] of outcomes.entries()) {
      o.result = reported[i];
      delete o.mirror;
    }
    if (t1) trace('pass', 'cross-file-cached', cpuMs(t1), wallMs(t1), outcomes.length);
    return outcomes;
  }
  crossFilePass(outcomes, contextOutcomes, { keepSites: options.keepSites, cache: options.cache, limits: fileLimits(options) });
  if (runKey && outcomes.every((o) => o.result?.complete && !o.failure)) options.cache?.setRun(runKey, outcomes.map((o) => reportedPart(o.result!)));
  return outcomes;
}

/**
 * What a run of these files reported before (--cache, no shard): every file read and keyed as analyzeFiles keys it,
 * then the run's entry under those keys (runCacheKey), without reading any file's own entry. Undefined when a file
 * cannot be read or the run has no entry.
 */
function reportedBefore(targets: readonly TargetFile[], options: LintOptions, cache: ResultCache): FileOutcome[] | undefined {
  if (targets.length < 2) return undefined;
  const outcomes: FileOutcome[] = [];
  for (const target of targets) {
    const config = options.configs.forFile(target.abs);
    const outcome: FileOutcome = { target, uri: pathToFileURL(target.abs).href, config };
    const source = readSource(target.abs);
    if (!source.ok) return undefined;
    if (source.note) outcome.note = source.note;
    outcome.cacheKey = cache.key({ text: source.text, uri: outcome.uri, config: config.config, keepSites: options.keepSites });
    outcomes.push(outcome);
  }
  const results = cache.getRun(cache.runKey(outcomes.length, outcomes.map((o) => o.cacheKey!)), outcomes.map((o) => o.uri));
  if (!results) return undefined;
  for (const [i, o] of outcomes.entries()) {
    o.result = results[i];
    options.progress.tick(o.target.display);
  }
  return outcomes;
}

/**
 * The key of a run's reported results (--cache): every file of the run and of its context analysed completely, each
 * named by its result-cache key (which holds the tool build, the uri, the configuration and the text). Undefined
 * for a single file (it has no cross-file pass) or when any file has no key or failed.
 */
function runCacheKey(outcomes: readonly FileOutcome[], context: readonly FileOutcome[], cache: ResultCache | undefined): string | undefined {
  if (!cache || outcomes.length < 2) return undefined;
  const keys: string[] = [];
  for (const o of [...outcomes, ...context]) {
    if (!o.cacheKey || o.failure || !o.result?.complete) return undefined;
    keys.push(o.cacheKey);
  }
  return cache.runKey(outcomes.length, keys);
}

/** What the report reads of a result (report-run.ts, report/json.ts): findings, sites, parse errors. */
function reportedPart(r: AnalysisResult): AnalysisResult {
  return { uri: r.uri, findings: r.findings, sites: r.sites, parseErrors: r.parseErrors, complete: r.complete };
}

/**
 * Files are read one at a time and at most four per worker are in flight, so memory stays flat on a large tree;
 * the pool is only started at the first cache miss, so a warm-cache run never pays for workers.
 */
async function analyzeFiles(targets: readonly TargetFile[], options: LintOptions): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  const workers = workerCount(options.jobs, targets.length);
  const limits = fileLimits(options);
  // One file alone has no cross-file pass (helpers of other files), and nothing reads its helpers later: only the
  // functions that can matter are extracted. Not with a cache (its entries serve multi-file runs too) or shards.
  const focus = targets.length === 1 && !options.cache && !(options.context?.length);
  let pool: WorkerPool | undefined;
  const inFlight = new Set<Promise<void>>();
  let kept = 0;
  const record = (index: number, cacheKey: string | undefined, reply: AnalyzeReply): void => {
    const outcome = outcomes[index];
    settle(outcome, reply);
    if ('mirror' in reply && reply.mirror && outcome.result && !outcome.failure) {
      outcome.mirror = reply.mirror;
      kept += reply.mirror.nodes.byteLength;
    }
    if (cacheKey && outcome.result?.complete && !outcome.failure) {
      // Stamped before it is written: a warm run's helper pass reads the digest instead of hashing the helpers again.
      exportsDigest(outcome.result);
      options.cache?.set(cacheKey, withoutFacts(outcome.result));
    }
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
      if (source.note) outcome.note = source.note;
      // In process, a file's mirror is kept for the cross-file pass (cross-file.ts), up to MIRROR_BUDGET bytes in all.
      const keepMirror = !focus && workers <= 1 && kept < MIRROR_BUDGET;
      const task: AnalyzeTask = { id: index, text: source.text, uri: outcome.uri, config: config.config, keepSites: options.keepSites, ...(focus ? { focus } : {}), ...(keepMirror ? { keepMirror } : {}) };
      const cacheKey = options.cache?.key(task);
      outcome.cacheKey = cacheKey;
      const cached = cacheKey ? options.cache?.get(cacheKey, outcome.uri) : undefined;
      if (cached) {
        settle(outcome, { id: index, result: cached });
        options.progress.tick(target.display);
      } else if (workers <= 1) {
        options.progress.render(target.display);
        record(index, cacheKey, analyzeTaskWithLimits(task, limits));
        // NOTE: tree-sitter frees a tree's native memory in a finalizer that runs only when the event loop turns;
        // without this, an in-process run over thousands of files grows its RSS with every file.
        await new Promise((resolve) => setImmediate(resolve));
      } else {
        pool ??= new WorkerPool(workers, limits);
        const running: Promise<void> = pool.analyze(task).then((reply) => {
          inFlight.delete(running);
          record(index, cacheKey, reply);
        });
        inFlight.add(running);
        if (inFlight.size >= workers * 4) await Promise.race(inFlight);
      }
    }
    await Promise.all(inFlight);
  } finally {
    await pool?.close();
  }
  return outcomes;
}

/**
 * Bytes of packed mirrors (extract/node.ts PackedMirror, about 6 a character of text) an in-process run keeps for
 * the cross-file pass: about 40 MB of C++. A file past it is parsed again there, as before (same results).
 */
export const MIRROR_BUDGET = 256 * 2 ** 20;

/** Starting a worker (modules, tree-sitter, queries) costs about as much as analysing this many files. */
export const FILES_PER_WORKER = 50;

/**
 * `--jobs N` uses N workers (never more than files). The default uses one per FILES_PER_WORKER files, up to one
 * fewer than the cores, and none (0: in process, as `--jobs 1`) below two.
 */
// NOTE: the main thread is busy too (reading, hashing, the cross-file pass, the report), and each worker pays its own
// start-up and JIT warm-up: on 2 cores two workers cost ~1.4x the CPU of one thread and were slower than --jobs 1, so
// the default leaves a core to the main thread and never runs a single worker beside an idle main thread.
export function workerCount(jobs: number | 'auto', files: number, cores = availableParallelism()): number {
  if (jobs !== 'auto') return Math.min(jobs, files);
  const workers = Math.min(cores - 1, Math.floor(files / FILES_PER_WORKER));
  return workers >= 2 ? workers : 0;
}

/** The per-file limits of every analysis of the run (first pass and cross-file pass): `--file-timeout`, heap. */
function fileLimits(options: LintOptions): PoolLimits {
  return { ...DEFAULT_POOL_LIMITS, ...(options.fileTimeoutSeconds ? { timeoutMs: options.fileTimeoutSeconds * 1000 } : {}) };
}

export function settle(outcome: FileOutcome, reply: AnalyzeReply): void {
  if ('error' in reply) {
    outcome.failure = `internal error during analysis: ${reply.error}`;
  } else {
    outcome.result = reply.result;
    if (!reply.result.complete) outcome.failure = 'analysis did not complete (file skipped or too large)';
  }
}
