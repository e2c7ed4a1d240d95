// The analyses that take seconds on a large file run on a thread of their own, started by the analysis worker when
// one is due and stopped once it is idle: the whole-file analysis (open, save, new settings, an edit outside a
// function: file-job.ts) and the re-check of the callers once typing pauses (caller-recheck.ts). On the analysis
// worker they made a keystroke landing in them wait for them; here the analysis worker keeps answering keystrokes.
// A newer version of the document cancels its jobs (the thread drops one at its next check, the parse included) and
// their answers, should they still come, are not used. The thread holds no document: each job carries its text and
// the workspace helpers its calls can reach (helper-closure.ts), so its memory is freed with it.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalysisCancelled } from '../cancel';
import type { FunctionFacts } from '../extract/facts';
import { WorkspaceIndex } from '../track/workspace';
import { CANCEL_SLOTS } from './analysis-protocol';
import { analyzeRecheck, type RecheckAnswer, type RecheckJob } from './caller-recheck';
import { analyzeFileJob, indexFileJob, type FileAnswer, type FileJob, type IndexAnswer, type IndexJob } from './file-job';
import { helperNamesFor } from './helper-closure';

/** What the thread runs: a callers re-check, a whole-file analysis, or a file read for the workspace index. */
export type BackgroundJob = { kind: 'recheck'; job: RecheckJob } | { kind: 'file'; job: FileJob } | { kind: 'index'; job: IndexJob };
export type AnswerOf<J extends BackgroundJob> = J extends { kind: 'recheck' } ? RecheckAnswer : J extends { kind: 'index' } ? IndexAnswer : FileAnswer;
type Answer = RecheckAnswer | FileAnswer | IndexAnswer;

/** A job as it crosses to the thread: the job and the helpers of other files it may call. */
export interface BackgroundMessage {
  id: number;
  /** The analysis worker's request this job answers: cancelling it (the request's slot) cancels the job too. */
  request?: number;
  work: BackgroundJob;
  helpers: { uri: string; functions: FunctionFacts[]; classBases: [string, string[]][] }[];
}

export type BackgroundReply = { id: number; answer: Answer } | { id: number; cancelled: true } | { id: number; error: string };

interface Pending {
  uri: string;
  message: BackgroundMessage;
  resolve: (answer: Answer | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * How long the thread outlives its last job. NOTE: starting it costs a module load (0.3-1 s on a loaded machine):
 * typing code that does not balance yet analyses the whole file on every keystroke, each one a job.
 */
export const IDLE_STOP_MS = 5000;

/** The analysis worker's side: one thread at most, started for a job, stopped when no job is left. */
export class BackgroundThread {
  private worker: Worker | undefined;
  /** Jobs given up (a newer version of their document, or dispose): a job whose id its slot holds is cancelled. */
  private readonly dropped = new Int32Array(new SharedArrayBuffer(4 * CANCEL_SLOTS));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /**
   * Jobs sent to the thread it has not answered yet, cancelled ones included: the thread is idle only at 0 (a job
   * given up still runs until its next check, possibly inside the parse).
   */
  private unanswered = 0;
  private disposed = false;

  /** `cancelTable`: the language server's table of cancelled requests (analysis-protocol.ts), read by the thread too. */
  constructor(
    private readonly heapCapMb: number,
    private readonly cancelTable = new SharedArrayBuffer(4 * CANCEL_SLOTS),
    private readonly entry = path.join(__dirname, 'analysis-worker.js'),
  ) {}

  /** The answer of the job, or undefined when it was cancelled (`cancel(uri)`, or its request's slot). */
  run<J extends BackgroundJob>(work: J, workspace: WorkspaceIndex, request?: number): Promise<AnswerOf<J> | undefined> {
    const id = this.nextId++;
    Atomics.store(this.dropped, id % CANCEL_SLOTS, 0);
    // An index job reads its file alone: it needs no helper.
    const names = work.kind === 'index' ? new Set<string>() : helperNamesFor(work.job.text, work.job.uri, workspace);
    const helpers = work.kind === 'index' ? [] : workspace.slice(work.job.uri, (name) => names.has(name), work.job.text);
    return new Promise((resolve, reject) => {
      const message: BackgroundMessage = { id, request, work, helpers };
      this.pending.set(id, { uri: work.job.uri, message, resolve: resolve as Pending['resolve'], reject });
      clearTimeout(this.idleTimer);
      this.post(message);
    });
  }

  /** A newer version of the document arrived: its jobs are abandoned. */
  cancel(uri: string): void {
    for (const [id, p] of this.pending) {
      if (p.uri !== uri) continue;
      this.drop(id);
      this.settle(id, () => p.resolve(undefined));
    }
  }

  private drop(id: number): void {
    Atomics.store(this.dropped, id % CANCEL_SLOTS, id);
  }

  private settle(id: number, done: () => void): void {
    this.pending.delete(id);
    done();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      workerData: { role: 'background', dropped: this.dropped.buffer, cancel: this.cancelTable },
      resourceLimits: { maxOldGenerationSizeMb: this.heapCapMb },
    });
    worker.unref();
    let running = 0;
    worker.on('message', (reply: BackgroundReply | { started: number }) => {
      if ('started' in reply) {
        running = reply.started;
        return;
      }
      running = 0;
      if (this.worker === worker) this.unanswered--;
      const p = this.pending.get(reply.id);
      if (p) this.settle(reply.id, () => ('answer' in reply ? p.resolve(reply.answer) : 'error' in reply ? p.reject(new Error(reply.error)) : p.resolve(undefined)));
      // Idle for a while: stop the thread, so what its analyses allocated is given back (it starts again for the next job).
      if (this.unanswered === 0 && this.worker === worker) {
        clearTimeout(this.idleTimer);
        if (this.disposed) this.stop();
        else this.idleTimer = setTimeout(() => {
          if (this.unanswered === 0 && this.worker === worker) this.stop();
        }, IDLE_STOP_MS).unref();
      }
    });
    const failed = (message: string): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      // The job it died on fails; the others are sent again to a fresh thread (one large file over the memory cap
      // does not fail the other documents' analyses). When the job it died on is not known, every job fails.
      const again = [...this.pending.values()].filter((p) => running !== 0 && p.message.id !== running);
      for (const [id, p] of this.pending) if (!again.includes(p)) this.settle(id, () => p.reject(new Error(message)));
      this.unanswered = 0;
      for (const p of again) this.post(p.message);
    };
    worker.on('error', (error: Error & { code?: string }) => failed(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? `the analysis needed more than the language server's memory cap of ${this.heapCapMb} MB` : error.stack ?? error.message));
    worker.on('exit', (code) => failed(`background analysis thread exited with code ${code}`));
    return (this.worker = worker);
  }

  private post(message: BackgroundMessage): void {
    const worker = this.thread();
    this.unanswered++;
    worker.postMessage(message);
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    // NOTE: only an idle thread is stopped (terminating one inside tree-sitter's native parse aborts the process).
    void worker?.terminate();
  }

  dispose(): void {
    clearTimeout(this.idleTimer);
    this.disposed = true;
    for (const [id, p] of this.pending) {
      this.drop(id);
      this.settle(id, () => p.resolve(undefined));
    }
    // A busy thread stops once it answered its jobs (they stop at their next check); the process waits for it.
    if (this.unanswered === 0) this.stop();
    else this.worker?.ref();
  }
}

/** The thread's side: runs each job unless it was dropped or its request cancelled before or while it runs. */
export function serveBackground(
  port: { on(event: 'message', listener: (m: BackgroundMessage) => void): void; postMessage(r: BackgroundReply | { started: number }): void },
  buffers: { dropped: SharedArrayBuffer; cancel: SharedArrayBuffer },
): void {
  const dropped = new Int32Array(buffers.dropped);
  const cancelTable = new Int32Array(buffers.cancel);
  port.on('message', ({ id, request, work, helpers }) => {
    // NOTE: the request's own slot too: the language server stops its worker only once every request settled.
    const isCancelled = (): boolean => Atomics.load(dropped, id % CANCEL_SLOTS) === id ||
      (request !== undefined && Atomics.load(cancelTable, request % CANCEL_SLOTS) === request);
    if (isCancelled()) return port.postMessage({ id, cancelled: true });
    try {
      port.postMessage({ started: id });
      const workspace = new WorkspaceIndex();
      for (const part of helpers) workspace.set(part.uri, part);
      const options = { workspace, isCancelled };
      const answer = work.kind === 'recheck' ? analyzeRecheck(work.job, options) : work.kind === 'index' ? indexFileJob(work.job) : analyzeFileJob(work.job, options);
      port.postMessage({ id, answer });
    } catch (error) {
      if (error instanceof AnalysisCancelled) port.postMessage({ id, cancelled: true });
      else port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
