// Per-document scheduling of analyses: a debounce timer per URI (a new edit cancels the pending run), one run at a
// time per document, and a version guard so results computed for an older version are never published.

export interface ScheduledRun {
  uri: string;
  /** Document version the run was started for. */
  version: number;
  /** Analyse the whole file even when only one function changed. */
  wholeFile: boolean;
  /** With wholeFile: only the callers of the functions edited since may re-check it (caller-recheck.ts). */
  readonly callers?: boolean;
  /** True once a newer request for the same document superseded this run (or the document closed). */
  readonly cancelled: boolean;
}

export interface SchedulerOptions {
  delayMs: number;
  /** Current version of a document, or undefined when it is no longer open. */
  currentVersion(uri: string): number | undefined;
  run(run: ScheduledRun): Promise<void>;
  onError(uri: string, error: unknown): void;
  /** Called when a running analysis of the document is cancelled (to abandon the work itself, not just its result). */
  onCancelRunning?(uri: string): void;
}

/** What a run analyses: the edit (the function it touched, when it can), the callers of edited functions, or the file. */
export type RunScope = 'edit' | 'callers' | 'file';

class Run implements ScheduledRun {
  private cancelledFlag = false;
  readonly wholeFile: boolean;
  readonly callers: boolean;
  constructor(readonly uri: string, readonly version: number, scope: RunScope) {
    this.wholeFile = scope !== 'edit';
    this.callers = scope === 'callers';
  }
  get cancelled(): boolean {
    return this.cancelledFlag;
  }
  cancel(): void {
    this.cancelledFlag = true;
  }
}

export class AnalysisScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Run>();

  constructor(private readonly options: SchedulerOptions) {}

  /** (Re)starts the debounce for a document; a pending or running analysis of it is cancelled. */
  schedule(uri: string, delayMs = this.options.delayMs, scope: RunScope = 'edit'): void {
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      void this.start(uri, scope);
    }, delayMs);
    this.timers.set(uri, timer);
  }

  cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
    const running = this.running.get(uri);
    if (running && !running.cancelled) {
      running.cancel();
      this.options.onCancelRunning?.(uri);
    }
  }

  /** True when the result of `run` may be published: not cancelled and still the document's current version. */
  isCurrent(run: ScheduledRun): boolean {
    return !run.cancelled && this.options.currentVersion(run.uri) === run.version;
  }

  dispose(): void {
    for (const uri of [...this.timers.keys(), ...this.running.keys()]) this.cancel(uri);
  }

  private async start(uri: string, scope: RunScope): Promise<void> {
    const version = this.options.currentVersion(uri);
    if (version === undefined) return;
    const run = new Run(uri, version, scope);
    this.running.set(uri, run);
    try {
      await this.options.run(run);
    } catch (error) {
      this.options.onError(uri, error);
    } finally {
      if (this.running.get(uri) === run) this.running.delete(uri);
    }
  }
}

/** Lets pending I/O (queued didChange notifications) run, so a version check after it sees the newest version. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
