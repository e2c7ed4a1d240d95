// A fixed-size worker-thread pool for analyze(). Tasks are queued and handed to idle workers; results come
// back by task id, so the caller's output order never depends on which worker finished first.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { type AnalysisResult, analyze } from '../analyze';
import type { BarrierlintConfig } from '../types';

export interface AnalyzeTask {
  id: number;
  text: string;
  uri: string;
  config: BarrierlintConfig;
  /** Keep the extracted sites (only `--format facts` prints them; they are most of a result's size). */
  keepSites: boolean;
}

export type AnalyzeReply = { id: number; result: AnalysisResult } | { id: number; error: string };

/**
 * The part of a result the CLI reports: without `facts` (the extractor's full model, kept for the language
 * server) and, unless asked for, without `sites`, which would otherwise be copied between threads and into
 * every cache entry for nothing.
 */
export function forReport(result: AnalysisResult, keepSites: boolean): AnalysisResult {
  const { uri, findings, sites, parseErrors, complete, helpers, unresolvedCalls, facts } = result;
  const reported: AnalysisResult = { uri, findings, sites: keepSites ? sites : [], parseErrors, complete, helpers, unresolvedCalls };
  // A file that calls functions it could not resolve keeps its facts until the cross-file pass, which re-tracks
  // them with the other files' helpers instead of parsing and extracting the file again (cross-file.ts).
  if (unresolvedCalls?.length) reported.facts = facts;
  return reported;
}

/** A result without the facts kept for the cross-file pass: what the result cache stores. */
export function withoutFacts(result: AnalysisResult): AnalysisResult {
  if (!result.facts) return result;
  const rest = { ...result };
  delete rest.facts;
  return rest;
}

/** Runs one task in the calling thread (workers and `--jobs 1` alike); a throw becomes an error reply. */
export function analyzeTask(task: AnalyzeTask): AnalyzeReply {
  try {
    return { id: task.id, result: forReport(analyze(task.text, task.uri, { config: task.config }), task.keepSites) };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

interface Pending {
  task: AnalyzeTask;
  resolve: (reply: AnalyzeReply) => void;
}

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  analyze(task: AnalyzeTask): Promise<AnalyzeReply> {
    return new Promise((resolve) => {
      this.queue.push({ task, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    const worker = new Worker(path.join(__dirname, 'worker.js'));
    worker.on('message', (reply: AnalyzeReply) => this.finish(worker, reply));
    // A crashed worker fails only its current task; a fresh worker takes its place.
    worker.on('error', (error) => this.replace(worker, error.stack ?? error.message));
    worker.on('exit', (code) => {
      if (this.busy.has(worker)) this.replace(worker, `worker exited with code ${code}`);
    });
    return worker;
  }

  private finish(worker: Worker, reply: AnalyzeReply): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    this.idle.push(worker);
    pending?.resolve(reply);
    this.dispatch();
  }

  private replace(worker: Worker, error: string): void {
    const pending = this.busy.get(worker);
    this.busy.delete(worker);
    void worker.terminate();
    this.idle.push(this.spawn());
    pending?.resolve({ id: pending.task.id, error });
    this.dispatch();
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const pending = this.queue.shift() as Pending;
      this.busy.set(worker, pending);
      worker.postMessage(pending.task);
    }
  }
}
