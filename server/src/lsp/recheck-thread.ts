// The re-check once typing pauses (caller-recheck.ts) runs on a thread of its own, started by the analysis worker
// when a re-check is due and stopped once it is idle: its analysis of a large file's callers takes seconds and most
// of it cannot stop half-way, so on the analysis worker it made a keystroke landing in it wait for it. Here the
// analysis worker keeps answering keystrokes; a newer edit cancels the job (the thread drops it at its next check,
// the parse included) and its answer, should it still come, is not used. The thread holds no document: each job
// carries its reduced text and the workspace helpers its calls can reach, so its memory is freed with it.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AnalysisCancelled } from '../cancel';
import type { FunctionFacts } from '../extract/facts';
import { WorkspaceIndex } from '../track/workspace';
import { CANCEL_SLOTS } from './analysis-protocol';
import { analyzeRecheck, type RecheckAnswer, type RecheckJob } from './caller-recheck';

/** A job as it crosses to the re-check thread: the reduced document and the helpers of other files it may call. */
export interface RecheckMessage {
  id: number;
  /** The analysis worker's request this job answers: cancelling it (the request's slot) cancels the job too. */
  request?: number;
  job: RecheckJob;
  helpers: { uri: string; functions: FunctionFacts[]; classBases: [string, string[]][] }[];
}

export type RecheckReply = { id: number; answer: RecheckAnswer } | { id: number; cancelled: true } | { id: number; error: string };

interface Pending {
  uri: string;
  resolve: (answer: RecheckAnswer | undefined) => void;
  reject: (error: Error) => void;
}

const IDENTIFIER = /[A-Za-z_]\w*/g;

/** The analysis worker's side: one thread at most, started for a job, stopped when no job is left. */
export class RecheckThread {
  private worker: Worker | undefined;
  /** The id of the job the thread may run now (a job whose id it no longer holds is cancelled). */
  private readonly wanted = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** `cancelTable`: the language server's table of cancelled requests (analysis-protocol.ts), read by the thread too. */
  constructor(
    private readonly heapCapMb: number,
    private readonly cancelTable = new SharedArrayBuffer(4 * CANCEL_SLOTS),
    private readonly entry = path.join(__dirname, 'analysis-worker.js'),
  ) {}

  /** The answer of the job, or undefined when it was cancelled (a newer job, or `cancel(uri)`). */
  run(job: RecheckJob, workspace: WorkspaceIndex, request?: number): Promise<RecheckAnswer | undefined> {
    const id = this.nextId++;
    Atomics.store(this.wanted, 0, id);
    // Every job cancels the ones before it: the analysis worker asks for one re-check at a time.
    for (const [old, p] of this.pending) if (old !== id) this.settle(old, () => p.resolve(undefined));
    let names: Set<string> | undefined;
    const helpers = workspace.slice(job.uri, (name) => (names ??= new Set(job.text.match(IDENTIFIER))).has(name));
    return new Promise((resolve, reject) => {
      this.pending.set(id, { uri: job.uri, resolve, reject });
      const message: RecheckMessage = { id, request, job, helpers };
      this.thread().postMessage(message);
    });
  }

  /** A newer version of the document arrived: its job is abandoned. */
  cancel(uri: string): void {
    for (const [id, p] of this.pending) {
      if (p.uri !== uri) continue;
      if (Atomics.load(this.wanted, 0) === id) Atomics.store(this.wanted, 0, 0);
      this.settle(id, () => p.resolve(undefined));
    }
  }

  private settle(id: number, done: () => void): void {
    this.pending.delete(id);
    done();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.entry, {
      workerData: { role: 'recheck', wanted: this.wanted.buffer, cancel: this.cancelTable },
      resourceLimits: { maxOldGenerationSizeMb: this.heapCapMb },
    });
    worker.unref();
    worker.on('message', (reply: RecheckReply) => {
      const p = this.pending.get(reply.id);
      if (p) this.settle(reply.id, () => ('answer' in reply ? p.resolve(reply.answer) : 'error' in reply ? p.reject(new Error(reply.error)) : p.resolve(undefined)));
      // Idle: stop the thread, so what its analyses allocated is given back (it starts again for the next job).
      if (this.pending.size === 0 && this.worker === worker) this.stop();
    });
    const failed = (message: string): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const [id, p] of this.pending) this.settle(id, () => p.reject(new Error(message)));
    };
    worker.on('error', (error: Error & { code?: string }) => failed(error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? `the re-check needed more than the language server's memory cap of ${this.heapCapMb} MB` : error.stack ?? error.message));
    worker.on('exit', (code) => failed(`re-check thread exited with code ${code}`));
    return (this.worker = worker);
  }

  private stop(): void {
    const worker = this.worker;
    this.worker = undefined;
    // NOTE: only an idle thread is stopped (terminating one inside tree-sitter's native parse aborts the process).
    void worker?.terminate();
  }

  dispose(): void {
    for (const [id, p] of this.pending) this.settle(id, () => p.resolve(undefined));
    Atomics.store(this.wanted, 0, 0);
  }
}

/** The re-check thread's side: analyses each job unless a newer one (or a cancel) took its place. */
export function serveRechecks(
  port: { on(event: 'message', listener: (m: RecheckMessage) => void): void; postMessage(r: RecheckReply): void },
  buffers: { wanted: SharedArrayBuffer; cancel: SharedArrayBuffer },
): void {
  const wanted = new Int32Array(buffers.wanted);
  const cancelTable = new Int32Array(buffers.cancel);
  port.on('message', ({ id, request, job, helpers }) => {
    // NOTE: the request's own slot too: the language server stops its worker only once every request settled.
    const isCancelled = (): boolean => Atomics.load(wanted, 0) !== id || (request !== undefined && Atomics.load(cancelTable, request % CANCEL_SLOTS) === request);
    if (isCancelled()) return port.postMessage({ id, cancelled: true });
    try {
      const workspace = new WorkspaceIndex();
      for (const part of helpers) workspace.set(part.uri, part);
      port.postMessage({ id, answer: analyzeRecheck(job, { workspace, isCancelled }) });
    } catch (error) {
      if (error instanceof AnalysisCancelled) port.postMessage({ id, cancelled: true });
      else port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
}
