// The JSON-RPC thread's view of the analyses of open documents: asks the worker (analysis-host.ts) for an analysis
// of a document's current version, keeps the latest result per document for hover and inlay hints, and publishes
// diagnostics. A result is published only while its version is still the document's current one.
import type { CancellationToken, Connection, Diagnostic } from 'vscode-languageserver';
import type { AnalysisResult } from '../analyze';
import type { StoredDocument } from '../parse/document-store';
import type { AnalysisHost, PendingRequest } from './analysis-host';
import type { AnalysisAtValue, DocumentConfigData, DocumentReply, DocumentResult } from './analysis-protocol';
import { analysisFailedDiagnostic, DIAGNOSTIC_SOURCE, type DiagnosticData } from '../report/lsp-diagnostics';
import { byDiagnostic, bySite, diagnosticWithin, keptSites, mergeSorted, movedDiagnostic, movedKept } from './result-moves';
import type { ScheduledRun } from './scheduler';
import { publishParams, sameDiagnosticsJson } from './diagnostic-json';
import { PullState, type PullReport } from './pull-diagnostics';
import { IdleCollector } from './idle-collect';

export { MAX_FILE_CHARS, skipReason } from '../files/skip-reason';
export type { DocumentResult } from './analysis-protocol';

/** Sent after each published analysis; the VS Code client shows it in its status item. */
export const ANALYZED_NOTIFICATION = 'barrierlint/analyzed';
export interface AnalyzedParams {
  uri: string;
  version: number;
  /** What was analysed: the whole file, only the edited function, or nothing (skipped). */
  scope: 'file' | 'function' | 'skipped';
  platform: string;
  elapsedMs: number;
  findings: number;
}

interface InFlight {
  version: number;
  wholeFile: boolean;
  callers: boolean;
  request: PendingRequest<DocumentReply | null>;
  result: Promise<DocumentResult | undefined>;
}

/** Resolves when the token is cancelled (never otherwise). */
function whenCancelled(token: CancellationToken | undefined): Promise<'cancelled'> {
  return new Promise((resolve) => {
    if (token?.isCancellationRequested) resolve('cancelled');
    token?.onCancellationRequested(() => resolve('cancelled'));
  });
}

export class DocumentAnalysis {
  private readonly results = new Map<string, DocumentResult>();
  private readonly inFlight = new Map<string, InFlight>();
  /** Set when the client pulls diagnostics (pull-diagnostics.ts): they are then answered, not pushed. */
  private pull: { state: PullState; refresh: () => void } | undefined;
  /**
   * What the client shows of each document (push): a result that would publish the same diagnostics again is not
   * sent (most keystrokes of a large file change none; publishing its ~2,900 again cost both sides ~3 MB of JSON).
   * The client then keeps the diagnostics of an older version: code actions find them in the current result
   * (code-actions.ts currentDiagnostics); `barrierlint/analyzed` still says which version they stand for.
   */
  private readonly pushed = new Map<string, readonly Diagnostic[]>();
  /** The results this thread replaces on every keystroke of a large file are given back once typing pauses. */
  private readonly idle = new IdleCollector();

  constructor(
    private readonly connection: Connection,
    private readonly host: AnalysisHost,
    private readonly configFor: (uri: string) => DocumentConfigData,
    /** What is shown of a result's diagnostics now (typing-calm.ts holds some back on the lines being typed). */
    private readonly shown: (uri: string, diagnostics: readonly Diagnostic[]) => Diagnostic[] = (_uri, d) => [...d],
  ) {}

  /** Asks the worker for an analysis of the document's current version (joining one already under way). */
  private request(doc: StoredDocument, wholeFile: boolean, callers = false): InFlight {
    const running = this.inFlight.get(doc.uri);
    // Join an analysis under way that covers at least as much: the edit < the callers of edited functions < the file.
    const rank = (w: boolean, c: boolean): number => (w ? (c ? 1 : 2) : 0);
    if (running && running.version === doc.version && rank(running.wholeFile, running.callers) >= rank(wholeFile, callers)) return running;
    const request = this.host.request<DocumentReply | null>({
      type: 'analyze', uri: doc.uri, version: doc.version, wholeFile, callers, config: this.configFor(doc.uri),
    });
    const entry: InFlight = {
      version: doc.version,
      wholeFile,
      callers,
      request,
      result: request.outcome.then(async (outcome) => {
        if (this.inFlight.get(doc.uri) === entry) this.inFlight.delete(doc.uri);
        if ('cancelled' in outcome || !outcome.value) return undefined;
        const value = await this.resultOf(outcome.value);
        if (!value) return undefined;
        const latest = this.results.get(doc.uri);
        if (!latest || latest.version <= value.version) this.results.set(doc.uri, value);
        return value;
      }),
    };
    this.inFlight.set(doc.uri, entry);
    return entry;
  }

  /**
   * The whole result a reply stands for: a delta applied to the result it was computed from (the worker answers
   * every request in order, so that is the latest one here), or, should they disagree, the worker's whole result.
   */
  private async resultOf(reply: DocumentReply): Promise<DocumentResult | undefined> {
    if (!('delta' in reply)) return reply;
    const base = this.results.get(reply.uri);
    const { delta } = reply;
    if (base?.sites && base.version === delta.baseVersion) {
      const keptDiagnostics = movedKept(base.diagnostics, (d) => movedDiagnostic(d, reply.uri, delta.edits), (d) => diagnosticWithin(d, delta.focus), byDiagnostic);
      const diagnostics = mergeSorted(keptDiagnostics.kept, delta.diagnostics, byDiagnostic, keptDiagnostics.sorted);
      const sitesLeft = keptSites(base.sites, delta.edits, delta.focus);
      const sites = mergeSorted(sitesLeft.kept, delta.sites, bySite, sitesLeft.sorted);
      return { uri: reply.uri, version: reply.version, diagnostics, sites, scope: reply.scope, elapsedMs: reply.elapsedMs, platform: reply.platform };
    }
    const whole = await this.host.request<DocumentResult | null>({ type: 'latest', uri: reply.uri }).outcome;
    return 'cancelled' in whole || whole.value?.version !== reply.version ? undefined : whole.value;
  }

  /** A newer version arrived (or the document closed): the analysis under way for an older one is abandoned. */
  supersede(uri: string): void {
    const running = this.inFlight.get(uri);
    if (!running) return;
    this.host.cancel(running.request.id);
    // Nobody may join a cancelled request: the next one for this document starts afresh.
    this.inFlight.delete(uri);
  }

  /** The result for the document's current version; undefined when the request was cancelled or superseded. */
  async current(doc: StoredDocument, token?: CancellationToken): Promise<DocumentResult | undefined> {
    const cached = this.results.get(doc.uri);
    if (cached && cached.version === doc.version) return cached;
    const result = await Promise.race([this.request(doc, false).result, whenCancelled(token)]);
    return result === 'cancelled' ? undefined : result;
  }

  /** The latest result, whatever its version (hover answers from it rather than wait). */
  cached(uri: string): DocumentResult | undefined {
    return this.results.get(uri);
  }

  /** A fresh analysis of the function around `line` (code actions need field texts, calls and tracked state). */
  async analysisAt(doc: StoredDocument, line: number, token?: CancellationToken): Promise<AnalysisResult | undefined> {
    if (!(await this.current(doc, token))) return undefined;
    const request = this.host.request<AnalysisAtValue>({ type: 'analysisAt', uri: doc.uri, version: doc.version, line, config: this.configFor(doc.uri) });
    const outcome = await Promise.race([request.outcome, whenCancelled(token)]);
    if (outcome === 'cancelled') {
      this.host.cancel(request.id);
      return undefined;
    }
    return 'cancelled' in outcome ? undefined : outcome.value.result;
  }

  /** A request about the document's current result that only the worker can answer (its facts): timeline, lenses. */
  async ask<T>(doc: StoredDocument, body: { type: 'timeline'; position: { line: number; character: number } } | { type: 'timelineLenses' }, token?: CancellationToken): Promise<T | undefined> {
    if (!(await this.current(doc, token))) return undefined;
    const request = this.host.request<T>({ ...body, uri: doc.uri, version: doc.version });
    const outcome = await Promise.race([request.outcome, whenCancelled(token)]);
    if (outcome === 'cancelled') {
      this.host.cancel(request.id);
      return undefined;
    }
    return 'cancelled' in outcome ? undefined : outcome.value;
  }

  /**
   * The scheduler's job: analyse in the worker, publish only if the version is still current. An analysis that
   * fails (the worker hit its memory cap, crashed or threw) replaces the document's diagnostics with one info
   * diagnostic saying so: the old ones (and their fixes) were for older text and must not stay on screen.
   */
  async run(doc: StoredDocument, run: ScheduledRun, isCurrent: (run: ScheduledRun) => boolean): Promise<AnalyzedParams['scope'] | 'cancelled'> {
    const cached = this.results.get(doc.uri);
    let entry: DocumentResult | undefined;
    try {
      entry = cached && cached.version === doc.version && (cached.failed || !run.wholeFile)
        ? cached
        : await this.request(doc, run.wholeFile, run.callers).result;
    } catch (error) {
      if (isCurrent(run)) {
        const failed = failedResult(doc, error instanceof Error ? error.message : String(error), this.configFor(doc.uri).config.platform);
        this.results.set(doc.uri, failed);
        await this.publish(failed);
      }
      throw error;
    }
    if (!entry) return 'cancelled';
    if (isCurrent(run)) await this.publish(entry);
    return entry.scope;
  }

  /** Publishes the latest result again if it is for `version` (typing paused: the held diagnostics appear). */
  async republish(uri: string, version: number | undefined): Promise<void> {
    const latest = this.results.get(uri);
    if (latest && latest.version === version) await this.publish(latest);
  }

  /** The client pulls diagnostics from now on; `refresh` asks it to pull again (workspace/diagnostic/refresh). */
  usePull(refresh: () => void): void {
    this.pull = { state: new PullState(), refresh };
  }

  get pulls(): boolean {
    return !!this.pull;
  }

  /**
   * The report of a document's current version for a pull (textDocument/diagnostic); undefined when that version's
   * analysis was superseded by a newer edit or the request cancelled (the caller answers ServerCancelled).
   */
  async pullReport(doc: StoredDocument, previousResultId: string | undefined, token?: CancellationToken): Promise<PullReport | undefined> {
    const version = doc.version;
    let entry = await this.current(doc, token);
    // An analysis of this same version cancelled by a re-check (new settings, a workspace index): ask again.
    for (let attempt = 0; !entry && attempt < 5 && doc.version === version && !token?.isCancellationRequested; attempt++) {
      entry = await this.current(doc, token);
    }
    if (!entry || !this.pull || entry.version !== doc.version) return undefined;
    return this.pull.state.report(doc.uri, this.shownReport(entry), previousResultId);
  }

  /** The reports of the open documents analysed so far, without waiting (workspace/diagnostic). */
  workspaceReports(previous: ReadonlyMap<string, string>): (PullReport & { uri: string; version: number })[] {
    if (!this.pull) return [];
    const reports: (PullReport & { uri: string; version: number })[] = [];
    for (const entry of this.results.values()) {
      reports.push({ ...this.pull.state.report(entry.uri, this.shownReport(entry), previous.get(entry.uri)), uri: entry.uri, version: entry.version });
    }
    return reports;
  }

  private shownReport(entry: DocumentResult): { resultId: string; version: number; diagnostics: Diagnostic[] } {
    const shown = this.shown(entry.uri, entry.diagnostics);
    const resultId = this.pull ? this.pull.state.resultId(entry, shown.length) : String(entry.version);
    return { resultId, version: entry.version, diagnostics: shown.map((d) => stamped(d, entry.version)) };
  }

  async publish(entry: DocumentResult): Promise<void> {
    this.idle.touched();
    const shown = this.shown(entry.uri, entry.diagnostics);
    if (this.pull) {
      if (this.pull.state.stale(entry.uri, entry.version, this.pull.state.resultId(entry, shown.length))) this.pull.refresh();
    } else {
      const before = this.pushed.get(entry.uri);
      if (!before || !sameDiagnosticsJson(before, shown)) {
        this.pushed.set(entry.uri, shown);
        const diagnostics = shown.map((d) => stamped(d, entry.version));
        await this.connection.sendDiagnostics(publishParams(entry.uri, entry.version, shown, diagnostics));
      }
    }
    const params: AnalyzedParams = {
      uri: entry.uri,
      version: entry.version,
      scope: entry.scope,
      platform: entry.platform,
      elapsedMs: Math.round(entry.elapsedMs * 10) / 10,
      findings: shown.length,
    };
    await this.connection.sendNotification(ANALYZED_NOTIFICATION, params);
  }

  /** Forgets a closed document and clears its diagnostics. */
  async forget(uri: string): Promise<void> {
    this.pull?.state.forget(uri);
    this.pushed.delete(uri);
    this.supersede(uri);
    this.results.delete(uri);
    this.inFlight.delete(uri);
    await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}

/** The result standing for an analysis that failed: no sites, one info diagnostic with the reason. */
function failedResult(doc: StoredDocument, reason: string, platform: string): DocumentResult {
  return {
    uri: doc.uri, version: doc.version, diagnostics: [analysisFailedDiagnostic(reason)], sites: undefined,
    scope: 'skipped', elapsedMs: 0, platform, failed: true,
  };
}

/**
 * The diagnostic with the document version it is published for in its data (DiagnosticData.version): the code
 * actions offer its fixes only on that version. Kept diagnostics were moved with their fixes to this version.
 */
export function stamped(d: Diagnostic, version: number): Diagnostic {
  const data = d.data as DiagnosticData | undefined;
  if (d.source !== DIAGNOSTIC_SOURCE || !data || typeof data !== 'object' || data.version === version) return d;
  return { ...d, data: { ...data, version } };
}
