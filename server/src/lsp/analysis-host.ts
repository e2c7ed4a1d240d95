// The JSON-RPC thread's side of the analysis worker: starts the worker thread, keeps its copy of the open documents
// in step (document messages are posted in order, before any request that depends on them), sends requests and
// resolves them by id, and cancels them through a shared table the worker reads while it analyses. A worker that
// crashes fails its pending requests; a fresh one is started and given the open documents again.
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { CANCEL_SLOTS, CANCEL_TABLE_LENGTH, MESSAGE_COUNT_SLOT, type DocumentMessage, type WorkerReply, type WorkerRequest } from './analysis-protocol';

export type Outcome<T> = { value: T } | { cancelled: true };

/**
 * The language server's memory cap: the heap of its analysis worker, where every document is parsed and analysed
 * (the JSON-RPC thread keeps only texts and configurations, read under the read policy's size caps). A document
 * whose analysis needs more stops the worker: that document gets an info diagnostic naming the cap, a fresh worker
 * takes over the others. 2 GB, as the CLI's per-file limit; BARRIERLINT_LSP_HEAP_MB overrides it.
 */
export function analysisHeapCapMb(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.BARRIERLINT_LSP_HEAP_MB);
  return Number.isInteger(asked) && asked >= 16 ? asked : 2048;
}

/**
 * The analysis worker's young generation (V8's new space: two semi-spaces and the new large-object space), in MB.
 * NOTE: V8 grows it to 48 MB under the allocation of typing (every keystroke extracts and tracks anew) and does not
 * give it back when typing stops: after 40 keystrokes on bgfx's 9,400-line backend it held ~60 MiB more than after
 * the open, the server settling at 3.2x a bare parse of the file; capped at 6 MB it settles at ~2.1x, for no CPU
 * difference a keystroke the bench could tell from the machine's noise (docs/real-world.md, session 23 lsp23).
 * BARRIERLINT_LSP_YOUNG_MB overrides it (0: V8's own sizing).
 */
export function analysisYoungGenerationMb(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const asked = env.BARRIERLINT_LSP_YOUNG_MB === undefined || env.BARRIERLINT_LSP_YOUNG_MB === '' ? NaN : Number(env.BARRIERLINT_LSP_YOUNG_MB);
  if (asked === 0) return undefined;
  return Number.isInteger(asked) && asked >= 1 ? asked : 6;
}

/** The analysis worker's V8 limits: the memory cap (old generation) and the young generation above. */
export function analysisWorkerLimits(env: NodeJS.ProcessEnv = process.env): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number } {
  const young = analysisYoungGenerationMb(env);
  return { maxOldGenerationSizeMb: analysisHeapCapMb(env), ...(young !== undefined ? { maxYoungGenerationSizeMb: young } : {}) };
}

/** A request without its id (the host assigns one). */
export type RequestBody = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface PendingRequest<T> {
  id: number;
  outcome: Promise<Outcome<T>>;
}

interface Waiting {
  body: RequestBody;
  resolve: (outcome: Outcome<unknown>) => void;
  reject: (error: Error) => void;
}

export class AnalysisHost {
  private worker: Worker;
  private readonly cancelTable = new Int32Array(new SharedArrayBuffer(4 * CANCEL_TABLE_LENGTH));
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private disposed = false;
  private readonly limits = analysisWorkerLimits();
  private readonly heapCapMb = this.limits.maxOldGenerationSizeMb;
  /** The synchronous request the worker is running (its `started` reply came, its answer not yet). */
  private running: number | undefined;

  /** `openDocuments` replays the open documents into a replacement worker after a crash. */
  constructor(private readonly openDocuments: () => Extract<DocumentMessage, { type: 'open' }>[], private readonly onCrash: (message: string) => void) {
    this.worker = this.spawn();
  }

  post(message: DocumentMessage): void {
    Atomics.add(this.cancelTable, MESSAGE_COUNT_SLOT, 1);
    this.worker.postMessage(message);
  }

  request<T>(body: RequestBody): PendingRequest<T> {
    const id = this.nextId++;
    // The slot may still hold an id cancelled CANCEL_SLOTS requests ago: clear it for this one.
    Atomics.store(this.cancelTable, id % CANCEL_SLOTS, 0);
    const outcome = new Promise<Outcome<T>>((resolve, reject) => {
      this.waiting.set(id, { body, resolve: resolve as (o: Outcome<unknown>) => void, reject });
    });
    Atomics.add(this.cancelTable, MESSAGE_COUNT_SLOT, 1);
    this.worker.postMessage({ ...body, id });
    return { id, outcome };
  }

  /** Cancels a queued or running request: it resolves as `{ cancelled: true }` (or with its value if it had finished). */
  cancel(id: number): void {
    Atomics.store(this.cancelTable, id % CANCEL_SLOTS, id);
  }

  /**
   * Cancels every request, waits (briefly) for the worker to be idle, then stops it. NOTE: terminating a worker
   * while it is inside tree-sitter's native parse aborts the whole process (a Napi::Error thrown during teardown),
   * so the running request is given a chance to stop at its next cancellation check first.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const id of this.waiting.keys()) this.cancel(id);
    // NOTE: an idle preparation of a keystroke (analysis-worker.ts prepareWhenIdle) parses too and is no request: a
    // message counted and never posted stops it at its next cancellation check and keeps another from starting; the
    // request then posted is answered once it stopped.
    Atomics.add(this.cancelTable, MESSAGE_COUNT_SLOT, 1);
    this.request({ type: 'caches' });
    const deadline = Date.now() + 5000;
    while (this.waiting.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    for (const [id, w] of this.waiting) {
      this.waiting.delete(id);
      w.resolve({ cancelled: true });
    }
    await this.worker.terminate();
  }

  private spawn(): Worker {
    const worker = new Worker(path.join(__dirname, 'analysis-worker.js'), {
      workerData: { cancel: this.cancelTable.buffer },
      resourceLimits: this.limits,
    });
    // The language server process ends when its connection does; a worker never keeps it alive.
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (error: Error & { code?: string }) => this.replace(worker, error.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? `the analysis needed more than the language server's memory cap of ${this.heapCapMb} MB`
      : error.stack ?? error.message));
    worker.on('exit', (code) => this.replace(worker, `analysis worker exited with code ${code}`));
    return worker;
  }

  private settle(reply: WorkerReply): void {
    if ('started' in reply) {
      this.running = reply.id;
      return;
    }
    if (this.running === reply.id) this.running = undefined;
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else if ('cancelled' in reply) waiting.resolve({ cancelled: true });
    else waiting.resolve({ value: reply.value });
  }

  /**
   * A crashed worker fails the request it was running (the others are sent again to the fresh worker, after the
   * open documents): one document over the memory cap does not fail the analyses of the others. When the running
   * request is not known (the worker died between requests or while indexing), every waiting request fails.
   */
  private replace(worker: Worker, message: string): void {
    if (this.disposed || worker !== this.worker) return;
    const running = this.running;
    this.running = undefined;
    const again: [number, Waiting][] = [];
    for (const [id, w] of this.waiting) {
      if (running !== undefined && id !== running && w.body.type !== 'index') {
        again.push([id, w]);
        continue;
      }
      this.waiting.delete(id);
      w.reject(new Error(message));
    }
    this.onCrash(message);
    void worker.terminate();
    this.worker = this.spawn();
    for (const open of this.openDocuments()) this.worker.postMessage(open);
    for (const [id, w] of again) this.worker.postMessage({ ...w.body, id });
  }
}
