// Per-document scheduling of analyses: a debounce timer per URI (a new edit cancels the pending run), one run at a
// time per document, and a version guard so results computed for an older version are never published.

export interface ScheduledRun {
  uri: string;
  /** Document version the run was started for. */
  version: number;
  /** Analyse the whole file even when only one function changed. */
  wholeFile: boolean;
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

class Run implements ScheduledRun {
  private cancelledFlag = false;
  constructor(readonly uri: string, readonly version: number, readonly wholeFile: boolean) {}
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
  schedule(uri: string, delayMs = this.options.delayMs, wholeFile = false): void {
    this.cancel(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      void this.start(uri, wholeFile);
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

  private async start(uri: string, wholeFile: boolean): Promise<void> {
    const version = this.options.currentVersion(uri);
    if (version === undefined) return;
    const run = new Run(uri, version, wholeFile);
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
