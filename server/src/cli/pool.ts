// A fixed-size worker-thread pool for analyze(). Tasks are queued and handed to idle workers; results come
// back by task id, so the caller's output order never depends on which worker finished first.
import * as path from 'node:path';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { type AnalysisResult, analyze } from '../analyze';
import type { CancelCheck } from '../cancel';
import type { FileFacts } from '../extract/facts';
import type { PackedMirror } from '../extract/node';
import { forEachEvent } from '../extract/events';
import type { BarrierlintConfig } from '../types';

export interface AnalyzeTask {
  id: number;
  text: string;
  uri: string;
  config: BarrierlintConfig;
  /** Keep the extracted sites (only `--format facts` prints them; they are most of a result's size). */
  keepSites: boolean;
  /** Extract only what can matter (analyze.ts without `complete`): the run has no cross-file pass and no result cache. */
  focus?: boolean;
  /** Reply with the file's packed mirror (in process only: a worker's is not sent back), for the cross-file pass. */
  keepMirror?: boolean;
}

export type AnalyzeReply = { id: number; result: AnalysisResult; mirror?: PackedMirror } | { id: number; error: string };

/**
 * The part of a result the CLI reports: without `facts` (the extractor's full model, kept for the language
 * server) and, unless asked for, without `sites`, which would otherwise be copied between threads and into
 * every cache entry for nothing.
 */
export function forReport(result: AnalysisResult, keepSites: boolean): AnalysisResult {
  const { uri, findings, sites, parseErrors, complete, helpers, idleMethods, unresolvedCalls, recordsApi, facts, definedNames, prototypeDefaults, enumerators, unfolded, enhancedSupportQuery, newerRuntimeExport, otherQueueTypes } = result;
  const { handleHelpers, unresolvedHandleCalls, memberViews, unresolvedMembers, classBases, wrapperFacts, unresolvedClasses, forwarders, graphicsMembers, untyped } = result;
  const { methodConstness, unknownMethods, methodUses, getterDefinitions, missedGetters, functionDefinitions, calledNames, classViews, methodClasses } = result;
  const { frameHeader, frameClasses, elsewhereExports } = result;
  const reported: AnalysisResult = {
    uri, findings, sites: keepSites ? sites : [], parseErrors, complete, helpers, unresolvedCalls, ...(recordsApi ? { recordsApi } : {}), ...(idleMethods ? { idleMethods } : {}),
    ...(definedNames ? { definedNames } : {}), ...(prototypeDefaults ? { prototypeDefaults } : {}),
    ...(enumerators ? { enumerators } : {}), ...(unfolded ? { unfolded } : {}),
    ...(handleHelpers ? { handleHelpers } : {}), ...(unresolvedHandleCalls ? { unresolvedHandleCalls } : {}),
    ...(memberViews ? { memberViews } : {}), ...(unresolvedMembers ? { unresolvedMembers } : {}),
    ...(forwarders ? { forwarders } : {}), ...(graphicsMembers ? { graphicsMembers } : {}), ...(untyped ? { untyped } : {}),
    ...(methodConstness ? { methodConstness } : {}), ...(unknownMethods ? { unknownMethods } : {}), ...(methodUses ? { methodUses } : {}),
    ...(classViews ? { classViews } : {}), ...(methodClasses ? { methodClasses } : {}),
    ...(frameHeader ? { frameHeader } : {}), ...(frameClasses ? { frameClasses } : {}), ...(elsewhereExports ? { elsewhereExports } : {}),
    ...(getterDefinitions ? { getterDefinitions } : {}), ...(missedGetters ? { missedGetters } : {}),
    ...(functionDefinitions ? { functionDefinitions } : {}), ...(calledNames ? { calledNames } : {}),
    ...(enhancedSupportQuery ? { enhancedSupportQuery } : {}), ...(newerRuntimeExport ? { newerRuntimeExport } : {}), ...(otherQueueTypes ? { otherQueueTypes } : {}),
    ...(classBases ? { classBases } : {}), ...(wrapperFacts ? { wrapperFacts } : {}), ...(unresolvedClasses ? { unresolvedClasses } : {}),
  };
  // A file that calls functions it could not resolve keeps its facts until the cross-file pass, which re-tracks
  // them with the other files' helpers instead of parsing and extracting the file again (cross-file.ts).
  // So does one whose own calls leave out arguments of a method it defines without defaults: the class's header may
  // declare them (cross-file.ts withOwnPrototypeDefaults).
  // So does one whose out-of-class methods may move a header class's members (header-frame-members.ts).
  if (unresolvedCalls?.length || shortOwnCalls(facts) || frameHeader) reported.facts = facts;
  return reported;
}

/** A call of the file passes fewer arguments than the file's own out-of-class definition of that name takes. */
function shortOwnCalls(facts: FileFacts | undefined): boolean {
  const takes = new Map<string, number>();
  for (const f of facts?.functions ?? []) {
    if (!f.defaults && !f.lambda && f.qualifiedName.includes('::') && f.params.length) takes.set(f.name, Math.max(takes.get(f.name) ?? 0, f.params.length));
  }
  if (!takes.size) return false;
  let short = false;
  for (const f of facts!.functions) forEachEvent(f.body, (e) => { if (e.kind === 'user-call' && e.args.length < (takes.get(e.callee) ?? 0)) short = true; });
  return short;
}

/** A result without the facts kept for the cross-file pass: what the result cache stores. */
export function withoutFacts(result: AnalysisResult): AnalysisResult {
  if (!result.facts) return result;
  const rest = { ...result };
  delete rest.facts;
  return rest;
}

/** Runs one task in the calling thread (workers and `--jobs 1` alike); a throw becomes an error reply. */
export function analyzeTask(task: AnalyzeTask, isCancelled?: CancelCheck): AnalyzeReply {
  try {
    let mirror: PackedMirror | undefined;
    const keepMirror = task.keepMirror ? (packed: PackedMirror) => { mirror = packed; } : undefined;
    const options = { config: task.config, isCancelled, ...(task.focus ? {} : { complete: true }), ...(keepMirror ? { keepMirror } : {}) };
    const result = forReport(analyze(task.text, task.uri, options), task.keepSites);
    return mirror ? { id: task.id, result, mirror } : { id: task.id, result };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

interface Pending {
  task: AnalyzeTask;
  resolve: (reply: AnalyzeReply) => void;
  timer?: NodeJS.Timeout;
}

export interface PoolLimits {
  /** A task that has not answered after this many milliseconds fails; its worker is replaced. */
  timeoutMs: number;
  /** Heap limit of each worker (MB): a file that needs more fails alone and the run continues. */
  maxHeapMb: number;
}

/** Defaults documented in the README ("Limits"): 60 s and 2 GB per file. */
export const DEFAULT_POOL_LIMITS: PoolLimits = { timeoutMs: 60_000, maxHeapMb: 2048 };

/**
 * NOTE: every way a worker can fail to answer ends its task: an error or exit of the worker, a reply that cannot
 * be deserialised (`messageerror`: a result too deeply nested for the receiving thread), a heap limit, and a
 * task that exceeds its time limit (a stalled or looping analysis). The run never waits on a silent worker.
 */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private closed = false;

  constructor(
    size: number,
    private readonly limits: PoolLimits = DEFAULT_POOL_LIMITS,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  analyze(task: AnalyzeTask): Promise<AnalyzeReply> {
    return new Promise((resolve) => {
      this.queue.push({ task, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(path.join(__dirname, 'worker.js'), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
    });
    worker.on('message', (reply: AnalyzeReply) => this.finish(worker, reply));
    worker.on('messageerror', (error) => this.replace(worker, `the result could not be read back from the worker (${error.message})`));
    // A crashed worker fails only its current task; a fresh worker takes its place.
    worker.on('error', (error) => this.replace(worker, describeWorkerError(error, this.limits)));
    worker.on('exit', (code) => {
      if (this.busy.has(worker) || this.idle.includes(worker)) this.replace(worker, `worker exited with code ${code}`);
    });
    return worker;
  }

  private finish(worker: Worker, reply: AnalyzeReply): void {
    const pending = this.busy.get(worker);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.busy.delete(worker);
    this.idle.push(worker);
    pending.resolve(reply);
    this.dispatch();
  }

  private replace(worker: Worker, error: string): void {
    const pending = this.busy.get(worker);
    const idleAt = this.idle.indexOf(worker);
    if (!pending && idleAt < 0) return;
    if (pending) clearTimeout(pending.timer);
    if (idleAt >= 0) this.idle.splice(idleAt, 1);
    this.busy.delete(worker);
    void worker.terminate();
    if (!this.closed) this.idle.push(this.spawn());
    pending?.resolve({ id: pending.task.id, error });
    this.dispatch();
  }

  private dispatch(): void {
    while (!this.closed && this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      pending.timer = setTimeout(() => {
        this.replace(worker, `${overTime(this.limits)} (the worker was stopped)`);
      }, this.limits.timeoutMs);
      worker.postMessage(pending.task);
    }
  }
}

const overMemory = (mb: number): string => `analysis needed more than the per-file memory limit of ${mb} MB; file skipped`;
const overTime = (limits: PoolLimits): string => `analysis timed out after ${Math.round(limits.timeoutMs / 1000)} s`;

function describeWorkerError(error: Error & { code?: string }, limits: PoolLimits): string {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return overMemory(limits.maxHeapMb);
  return error.stack ?? error.message;
}

let fullGc: (() => void) | undefined;

/**
 * A full garbage collection (V8's `gc`, exposed on first use); returns how long it took (ms). NOTE: called only when
 * the heap reads over a file's limit, so a run that never comes near the limit never collects on demand.
 */
function collectGarbage(): number {
  if (!fullGc) {
    setFlagsFromString('--expose-gc');
    fullGc = runInNewContext('gc') as () => void;
  }
  const started = performance.now();
  fullGc();
  return performance.now() - started;
}

/** How often the in-process heap limit is read, at most (ms). */
const HEAP_CHECK_MS = 2;

/** A check of the per-file limits for one analysis in the calling thread: `isCancelled` for analyze, `hit` after it. */
export interface LimitCheck {
  isCancelled: CancelCheck;
  /** The limit's message once the check said stop; undefined while within both limits. */
  hit(): string | undefined;
}

/**
 * The per-file limits of an analysis in the calling thread, counted from this call: the time since and the heap,
 * checked between phases and between functions (analyze's `isCancelled`). The heap limit is at most 80% of this
 * process's own heap limit, so the check trips before V8 would abort the process. NOTE: one function's analysis is
 * bounded by its work budget (track/budget.ts), not interrupted: a file stops at the next function boundary.
 */
export function limitCheck(limits: PoolLimits): LimitCheck {
  const started = performance.now();
  const heapMb = Math.min(limits.maxHeapMb, Math.floor((0.8 * getHeapStatistics().heap_size_limit) / 2 ** 20));
  let hit: string | undefined;
  // NOTE: the check runs hundreds of thousands of times on a large file (between barriers, events and functions);
  // the heap is read at most once per HEAP_CHECK_MS (getHeapStatistics, not process.memoryUsage(), which also reads
  // the RSS from the OS and cost 10-13 % of a CLI run on a 1 MB file).
  let nextHeapCheck = 0;
  const isCancelled = (): boolean => {
    const now = performance.now();
    if (now - started > limits.timeoutMs) hit = overTime(limits);
    else if (now >= nextHeapCheck) {
      nextHeapCheck = now + HEAP_CHECK_MS;
      if (getHeapStatistics().used_heap_size > heapMb * 2 ** 20) {
        // NOTE: the reading counts garbage not collected yet: a file stopped over the limit left about the limit in
        // garbage, and the next file's first check failed it too (found by the cross-file pass's test). Only a reading
        // over the limit forces a full collection; the file fails when the heap is still over after it.
        const gcMs = collectGarbage();
        if (getHeapStatistics().used_heap_size > heapMb * 2 ** 20) hit = overMemory(heapMb);
        else nextHeapCheck = performance.now() + Math.max(HEAP_CHECK_MS, 10 * gcMs);
      }
    }
    return hit !== undefined;
  };
  return { isCancelled, hit: () => hit };
}

/**
 * One task in the calling thread (`--jobs 1`, small trees) under the same per-file limits as a worker (limitCheck):
 * a file over either fails alone with the limit's message.
 */
export function analyzeTaskWithLimits(task: AnalyzeTask, limits: PoolLimits): AnalyzeReply {
  const check = limitCheck(limits);
  const reply = analyzeTask(task, check.isCancelled);
  const hit = check.hit();
  return hit ? { id: task.id, error: hit } : reply;
}
