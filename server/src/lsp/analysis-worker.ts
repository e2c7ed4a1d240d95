// Entry of the language server's analysis worker thread: applies document messages to its AnalysisCore and answers
// requests. A request whose slot in the shared cancellation table holds its id is abandoned (a newer version of
// the document arrived, or the client cancelled the request): the reply says `cancelled`. Indexing the workspace
// reads one file at a time on the background thread, so requests are answered meanwhile.
// The same entry, started with `role: 'background'`, is the thread this worker runs whole-file analyses and callers
// re-checks on (background-thread.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { AnalysisCancelled } from '../cancel';
import { AnalysisCore, type Background } from './analysis-core';
import { analysisHeapCapMb } from './analysis-host';
import { CANCEL_SLOTS, MESSAGE_COUNT_SLOT, type KeystrokeCaches, type WorkerMessage, type WorkerReply, type WorkerRequest } from './analysis-protocol';
import { IdleCollector } from './idle-collect';
import { BackgroundThread, serveBackground } from './background-thread';
import { keptSubtrees, reuseSubtreesByDefault, subtreeReuseOn } from '../extract/subtree-reuse';
import { functionCacheStats } from '../extract/function-cache';

const role = workerData as { role?: 'background'; dropped: SharedArrayBuffer; cancel: SharedArrayBuffer };
const cancelTable = new Int32Array(role.cancel);
const core = new AnalysisCore();
const background = new BackgroundThread(analysisHeapCapMb(), role.cancel);
const idle = new IdleCollector();

const cancelled = (id: number) => (): boolean => Atomics.load(cancelTable, id % CANCEL_SLOTS) === id;

let prepareTimer: NodeJS.Immediate | undefined;
/** Messages served so far: the worker is idle when the JSON-RPC thread posted no more (MESSAGE_COUNT_SLOT). */
let served = 0;

/**
 * Once nothing is asked, readies the first keystroke of a document whose whole-file analysis just completed
 * (AnalysisCore.prepare); any message the JSON-RPC thread posts meanwhile stops it (the message is then served, and
 * the preparation tried again after it).
 */
function prepareWhenIdle(): void {
  if (prepareTimer || !core.preparing) return;
  const messages = (): number => Atomics.load(cancelTable, MESSAGE_COUNT_SLOT);
  const at = messages();
  prepareTimer = setImmediate(() => {
    prepareTimer = undefined;
    // A message posted and not served yet (or one posted since): it goes first.
    if (messages() !== at || at > served) return;
    try {
      core.prepare(() => messages() !== at);
    } catch {
      // NOTE: a preparation only readies caches: a failure of it is the next keystroke's to report.
    }
    prepareWhenIdle();
  });
}

function reply(message: WorkerReply): void {
  parentPort?.postMessage(message);
}

async function index(request: Extract<WorkerRequest, { type: 'index' }>): Promise<void> {
  const started = performance.now();
  const isCancelled = cancelled(request.id);
  const run: Background = (work) => background.run(work, core.workspaceFor(), request.id);
  let files = 0;
  let truncated = false;
  for (const uri of request.uris) {
    if (isCancelled()) return reply({ id: request.id, cancelled: true });
    if (performance.now() - started > request.maxMillis) {
      truncated = true;
      break;
    }
    if (!core.store.get(uri) && (await core.indexFile(uri, run))) files++;
  }
  reply({ id: request.id, value: { files, truncated } });
}

/**
 * NOTE: a test hook, so the tests can make an analysis exhaust the worker's heap (the language server must then
 * report that document and keep serving the others). `BARRIERLINT_TEST_WORKER_FAULT=oom` acts on documents
 * containing `barrierlint-test-fault`; without the variable nothing here runs.
 */
function injectFault(uri: string): void {
  if (process.env.BARRIERLINT_TEST_WORKER_FAULT !== 'oom' || !core.store.get(uri)?.text.includes('barrierlint-test-fault')) return;
  const hog: number[][] = [];
  for (;;) hog.push(new Array<number>(1 << 20).fill(hog.length));
}

function caches(): KeystrokeCaches {
  const { reused, kept } = functionCacheStats;
  return { subtreeReuse: subtreeReuseOn(), subtrees: { ...keptSubtrees.stats }, functionFacts: { reused, kept } };
}

function handle(request: WorkerRequest): unknown {
  const isCancelled = cancelled(request.id);
  switch (request.type) {
    case 'analysisAt':
      return core.analysisAt({ ...request, isCancelled });
    case 'timeline':
      return core.timeline(request.uri, request.version, request.position) ?? null;
    case 'timelineLenses':
      return core.timelineLenses(request.uri, request.version);
    case 'latest':
      return core.latest(request.uri) ?? null;
    case 'forgetHelpers':
      core.forgetHelpers(request.uri);
      return null;
    case 'caches':
      return caches();
    // Answered in serve() before they get here.
    case 'analyze': case 'analyzeText': case 'index':
      return undefined;
  }
}

/**
 * An analysis of an open document: a keystroke's is answered at once; a whole file or a callers re-check runs on
 * the background thread while this one answers the next messages. So does the analysis of a file that is not open.
 */
function analyzeDocument(request: Extract<WorkerRequest, { type: 'analyze' | 'analyzeText' }>): void {
  const isCancelled = cancelled(request.id);
  reply({ id: request.id, started: true });
  injectFault(request.uri);
  const run: Background = (work) => background.run(work, core.workspaceFor(request.uri), request.id);
  (request.type === 'analyze' ? core.analyze({ ...request, isCancelled }, run) : core.analyzeText(request, run))
    .then((value) => {
      reply(value || !isCancelled() ? { id: request.id, value: value ?? null } : { id: request.id, cancelled: true });
      prepareWhenIdle();
    })
    .catch((error: unknown) => {
      if (error instanceof AnalysisCancelled) reply({ id: request.id, cancelled: true });
      else reply({ id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
}

function serve(message: WorkerMessage): void {
  served++;
  idle.touched();
  prepareWhenIdle();
  if (message.type === 'open' || message.type === 'change' || message.type === 'close' || message.type === 'cursor') {
    // A background analysis of the older text is abandoned: its answer would not be used.
    if (message.type === 'change' || message.type === 'close') background.cancel(message.uri);
    core.apply(message);
    return;
  }
  if (message.type === 'index') {
    index(message).catch((error: unknown) => reply({ id: message.id, error: String(error) }));
    return;
  }
  if ((message.type === 'analyze' || message.type === 'analyzeText') && !cancelled(message.id)()) {
    analyzeDocument(message);
    return;
  }
  if (cancelled(message.id)()) {
    reply({ id: message.id, cancelled: true });
    return;
  }
  try {
    reply({ id: message.id, started: true });
    reply({ id: message.id, value: handle(message) });
  } catch (error) {
    if (error instanceof AnalysisCancelled) reply({ id: message.id, cancelled: true });
    else reply({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

if (role.role === 'background') {
  if (parentPort) serveBackground(parentPort, role);
} else {
  // The keystroke path's reduced documents mirror again the helpers and declarations the previous keystroke's had:
  // those subtrees are kept between extractions on this thread (not on the background one, whose whole-file
  // analyses come seconds apart). Off with BARRIERLINT_SUBTREE_REUSE=0.
  reuseSubtreesByDefault();
  parentPort?.on('message', serve);
}
