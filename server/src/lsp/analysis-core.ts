// The analysis side of the language server, run in its worker thread (analysis-worker.ts): a copy of the open
// documents with their syntax trees, the latest result of each (the base of the next function-only analysis),
// and the helper functions of the workspace. Each request is synchronous and cancellable through `isCancelled`.
// Binary files and files over the size cap are not analysed: they get one info diagnostic instead.
import { MAX_FILE_CHARS, skipReason } from '../files/skip-reason';
import { DocumentStore, type StoredDocument } from '../parse/document-store';
import { findingToDiagnostic, skippedFileDiagnostic } from '../report/lsp-diagnostics';
import { WorkspaceIndex } from '../track/workspace';
import type { CancelCheck } from '../cancel';
import type { AnalysisAtValue, DocumentConfigData, DocumentMessage, DocumentReply, DocumentResult } from './analysis-protocol';
import { timelineAt, timelineLenses, type Timeline } from './editor-views';
import type { AnswerOf, BackgroundJob } from './background-thread';
import { finishRecheck, prepareRecheck } from './caller-recheck';
import { helpersOf } from './file-job';
import { AnalysisCancelled } from '../cancel';
import { analysisAround, analyzeEditedFunction, forgetReducedTree, prepareFunction, takeEditsForFile, type DocumentFacts } from './incremental-analysis';

interface StoredResult {
  version: number;
  facts: DocumentFacts | undefined;
  /** Why the file was skipped (binary, too large); undefined when analysed or ignored by its configuration. */
  skipped: string | undefined;
  platform: string;
  elapsedMs: number;
}

export interface AnalyzeRequest {
  uri: string;
  version: number;
  wholeFile: boolean;
  callers?: boolean;
  config: DocumentConfigData;
  isCancelled?: CancelCheck;
}

/** Runs a job on the background thread; undefined when it was cancelled. */
export type Background = <J extends BackgroundJob>(work: J) => Promise<AnswerOf<J> | undefined>;

export class AnalysisCore {
  readonly store = new DocumentStore();
  private readonly index = new WorkspaceIndex();
  /** Open documents' helpers as their last whole-file analysis serialized them (file-job.ts), not yet read. */
  private readonly unread = new Map<string, Uint8Array>();
  private readonly results = new Map<string, StoredResult>();
  private readonly skipReasons = new Map<string, { version: number; reason: string | undefined }>();
  /**
   * Documents whose whole-file analysis was asked for (a save, new settings) and has not completed yet: their next
   * analysis is of the whole file, even one a keystroke asks for (the callers re-check after a pause then does it).
   */
  private readonly wholeDue = new Set<string>();
  /**
   * Documents whose latest result is a whole-file one that left them without a reduced tree (opened, or edited
   * outside every function), with their configuration: `prepare` readies their first keystroke while nothing is asked.
   */
  private readonly prepareDue = new Map<string, DocumentConfigData['config']>();
  /**
   * Each open document's cursor line (a hover or code action was asked there) and the configuration of its last
   * analysis: a cursor moved into another function makes the document due for `prepare` again.
   */
  private readonly cursors = new Map<string, { line: number; config?: DocumentConfigData['config'] }>();

  /** The workspace index for analysing `uri`: every file's helpers but the document's own are read first. */
  workspaceFor(uri?: string): WorkspaceIndex {
    for (const [other, helpers] of this.unread) {
      if (other === uri) continue;
      this.unread.delete(other);
      this.index.set(other, helpersOf(helpers));
    }
    return this.index;
  }

  /** A file's helpers changed (read from disk again, or gone). */
  forgetHelpers(uri: string): void {
    this.unread.delete(uri);
    this.index.delete(uri);
  }

  apply(message: DocumentMessage): void {
    if (message.type === 'cursor') this.cursorAt(message.uri, message.line);
    else if (message.type === 'open') this.store.open(message.uri, message.languageId, message.version, message.text);
    else if (message.type === 'change') {
      const known = this.skipReasons.get(message.uri);
      this.store.change(message.uri, message.version, message.changes);
      const doc = this.store.get(message.uri);
      // An edit that adds no NUL to a text that had none and stays under the cap leaves it analysable.
      const harmless = known && !known.reason && doc && doc.text.length <= MAX_FILE_CHARS && message.changes.every((c) => !!c.range && !c.text.includes('\u0000'));
      if (known && doc) this.skipReasons.set(message.uri, harmless ? { version: doc.version, reason: undefined } : { version: -1, reason: undefined });
    }
    else {
      this.store.close(message.uri);
      this.results.delete(message.uri);
      this.skipReasons.delete(message.uri);
      this.wholeDue.delete(message.uri);
      this.prepareDue.delete(message.uri);
      this.cursors.delete(message.uri);
    }
  }

  /** The cursor of an open document is at `line`: its first keystroke is prepared there once its result is whole-file. */
  private cursorAt(uri: string, line: number): void {
    const doc = this.store.get(uri);
    if (!doc) return;
    const config = this.cursors.get(uri)?.config;
    this.cursors.set(uri, { line, config });
    const latest = this.results.get(uri);
    if (config && latest?.version === doc.version && latest.facts?.mode === 'file') this.prepareDue.set(uri, config);
  }

  /**
   * Analyses an open document at `version`: only the edited function when the edits since the previous analysis
   * allow it (even when other functions call it), here and at once; the whole file when `wholeFile` is set or they do
   * not, by `background` (on its own thread: background-thread.ts), so this thread keeps answering keystrokes
   * meanwhile. With `callers`, only the callers of the functions edited since are analysed again, when that stands
   * for the whole file. A function-only analysis is answered as a delta to the previous result. Undefined when the
   * document is gone or already at a newer version, or an edit or a cancel came first (nothing is kept).
   */
  async analyze(request: AnalyzeRequest, background: Background): Promise<DocumentReply | undefined> {
    const doc = this.store.get(request.uri);
    if (!doc || doc.version !== request.version) return undefined;
    const started = performance.now();
    const { config, ignored } = request.config;
    this.cursors.set(doc.uri, { line: this.cursors.get(doc.uri)?.line ?? -1, config });
    const reason = this.skipReasonOf(doc);
    const latest = this.results.get(doc.uri);
    if (ignored || reason) {
      doc.takeEdits();
      forgetReducedTree(doc);
      return this.stored(doc, { facts: undefined, skipped: ignored ? undefined : reason, platform: config.platform }, started, latest);
    }
    if (request.callers && latest?.facts && latest.version === doc.version && !this.wholeDue.has(doc.uri)) {
      const prepared = prepareRecheck(doc, config, latest.facts);
      if (prepared && 'done' in prepared) return this.stored(doc, { facts: prepared.done, skipped: undefined, platform: config.platform }, started, latest);
      if (prepared) {
        const answer = await background({ kind: 'recheck', job: prepared.job });
        // Typing went on (or the request was cancelled) while the callers were analysed: the answer is for older text.
        if (!answer || !this.unchanged(doc, request, latest)) return undefined;
        const facts = finishRecheck(latest.facts, answer);
        if (facts) return this.stored(doc, { facts, skipped: undefined, platform: config.platform }, started, latest);
      }
    } else if (!request.wholeFile && !request.callers) {
      const facts = analyzeEditedFunction(doc, config, latest?.facts, { workspace: this.workspaceFor(doc.uri), isCancelled: request.isCancelled, ignoreCallers: true });
      if (facts) return this.stored(doc, { facts, skipped: undefined, platform: config.platform }, started, latest);
    }
    // The whole file: a function-only analysis until it completes keeps it due (new settings, a save).
    if (request.wholeFile && latest?.facts) this.wholeDue.add(doc.uri);
    const answer = await background({ kind: 'file', job: { uri: doc.uri, text: doc.text, config } });
    if (!answer || !this.unchanged(doc, request, latest)) return undefined;
    takeEditsForFile(doc);
    this.wholeDue.delete(doc.uri);
    this.index.delete(doc.uri);
    if (answer.helpers) this.unread.set(doc.uri, answer.helpers);
    this.prepareDue.set(doc.uri, config);
    return this.stored(doc, { facts: answer.facts, skipped: undefined, platform: config.platform }, started, latest);
  }

  /** Whether a document waits for `prepare`. */
  get preparing(): boolean {
    return this.prepareDue.size > 0;
  }

  /**
   * Readies the first keystroke of the documents due (incremental-analysis.ts prepareFunction: a reduced tree, the
   * helpers' kept extractions, compiled code), one document per call, while `isCancelled` stays false (the worker
   * stops it when a message arrives; the document then stays due). A document edited or analysed since is not due.
   */
  prepare(isCancelled: CancelCheck): void {
    const next = this.prepareDue.entries().next();
    if (next.done) return;
    const [uri, config] = next.value;
    const doc = this.store.get(uri);
    const latest = this.results.get(uri);
    if (!doc || latest?.version !== doc.version || latest.facts?.mode !== 'file') {
      this.prepareDue.delete(uri);
      return;
    }
    try {
      const line = this.cursors.get(uri)?.line ?? -1;
      prepareFunction(doc, config, latest.facts, { workspace: this.workspaceFor(uri), isCancelled, ignoreCallers: true, ...(line >= 0 ? { line } : {}) });
      this.prepareDue.delete(uri);
    } catch (error) {
      if (!(error instanceof AnalysisCancelled)) {
        this.prepareDue.delete(uri);
        throw error;
      }
    }
  }

  /** Nothing happened to the document since `latest` while a background job ran (no edit, no other result). */
  private unchanged(doc: StoredDocument, request: AnalyzeRequest, latest: StoredResult | undefined): boolean {
    return !request.isCancelled?.() && this.store.get(request.uri) === doc && doc.version === request.version && this.results.get(doc.uri) === latest;
  }

  /** Keeps a new result of the document (the base of the next function-only analysis) and answers with it. */
  private stored(doc: StoredDocument, result: Pick<StoredResult, 'facts' | 'skipped' | 'platform'>, started: number, latest: StoredResult | undefined): DocumentReply {
    const facts = result.facts;
    const entry: StoredResult = { ...result, version: doc.version, elapsedMs: 0 };
    this.results.set(doc.uri, entry);
    entry.elapsedMs = performance.now() - started;
    const change = facts?.change;
    if (change && latest) {
      const delta = {
        baseVersion: latest.version, edits: [...change.edits], focus: change.focus,
        diagnostics: change.findings.map(findingToDiagnostic), sites: change.sites,
      };
      return { uri: doc.uri, version: doc.version, scope: 'function', elapsedMs: entry.elapsedMs, platform: entry.platform, delta };
    }
    return this.resultOf(doc.uri, entry);
  }

  /** The timeline of the resource at `position` (editor-views.ts), when the latest result is for `version`. */
  timeline(uri: string, version: number, position: { line: number; character: number }): Timeline | undefined {
    const doc = this.store.get(uri);
    const latest = this.results.get(uri);
    if (!doc || !latest?.facts || latest.version !== version || doc.version !== version) return undefined;
    const offset = doc.offsetAt(position);
    const before = /[\w]*$/.exec(doc.text.slice(Math.max(0, offset - 200), offset))?.[0] ?? '';
    const after = /^[\w]*/.exec(doc.text.slice(offset, offset + 200))?.[0] ?? '';
    return timelineAt(latest.facts.sites, latest.facts.spans, position, before + after || undefined);
  }

  timelineLenses(uri: string, version: number): ReturnType<typeof timelineLenses> {
    const latest = this.results.get(uri);
    return latest?.facts && latest.version === version ? timelineLenses(latest.facts.sites, latest.facts.spans) : [];
  }

  /** The whole latest result of an open document (all diagnostics and sites). */
  latest(uri: string): DocumentResult | undefined {
    const entry = this.results.get(uri);
    return entry && this.resultOf(uri, entry);
  }

  private resultOf(uri: string, entry: StoredResult): DocumentResult {
    const diagnostics = entry.facts ? entry.facts.findings.map(findingToDiagnostic) : entry.skipped ? [skippedFileDiagnostic(entry.skipped)] : [];
    return {
      uri, version: entry.version, diagnostics, sites: entry.facts?.sites, scope: entry.facts?.mode ?? 'skipped',
      elapsedMs: entry.elapsedMs, platform: entry.platform,
    };
  }

  /** skipReason() of the text, without scanning a large text again when an edit can have changed nothing. */
  private skipReasonOf(doc: StoredDocument): string | undefined {
    const known = this.skipReasons.get(doc.uri);
    if (known && known.version === doc.version) return known.reason;
    const reason = skipReason(doc.text);
    this.skipReasons.set(doc.uri, { version: doc.version, reason });
    return reason;
  }

  /** A fresh analysis of the function around `line` (code actions need field texts, calls and tracked state). */
  analysisAt(request: { uri: string; version: number; line: number; config: DocumentConfigData; isCancelled?: CancelCheck }): AnalysisAtValue {
    const doc = this.store.get(request.uri);
    const latest = this.results.get(request.uri);
    const spans = latest?.facts?.spans;
    if (!doc || doc.version !== request.version || latest?.version !== doc.version || !spans) return { result: undefined };
    const result = analysisAround(doc, request.config.config, spans, request.line, { workspace: this.workspaceFor(doc.uri), isCancelled: request.isCancelled });
    return { result };
  }

  /** A text that is not open (workspace lint), analysed whole on the background thread; undefined when cancelled. */
  async analyzeText(request: { uri: string; text: string; config: DocumentConfigData }, background: Background): Promise<DocumentResult | undefined> {
    const started = performance.now();
    const reason = skipReason(request.text);
    let diagnostics = reason ? [skippedFileDiagnostic(reason)] : [];
    if (!reason) {
      const answer = await background({ kind: 'file', job: { uri: request.uri, text: request.text, config: request.config.config, helpers: false } });
      if (!answer) return undefined;
      diagnostics = answer.facts.findings.map(findingToDiagnostic);
    }
    return {
      uri: request.uri, version: 0, diagnostics, sites: undefined, scope: reason ? 'skipped' : 'file',
      elapsedMs: performance.now() - started, platform: request.config.config.platform,
    };
  }


  /**
   * Reads one file from disk into the workspace index, parsed and extracted on the background thread (a keystroke
   * never waits for a file of the workspace); false when it cannot be read or is skipped, or the index was cancelled.
   */
  async indexFile(uri: string, background: Background): Promise<boolean> {
    // NOTE: a file the thread fails on (over its memory cap) must not stop the indexing.
    const answer = await background({ kind: 'index', job: { uri } }).catch(() => ({ forget: true as const }));
    // Opened meanwhile: the document's own analyses give its helpers.
    if (!answer || this.store.get(uri)) return false;
    if ('forget' in answer) this.forgetHelpers(uri);
    if (!('helpers' in answer)) return false;
    this.unread.delete(uri);
    this.index.set(uri, helpersOf(answer.helpers));
    return true;
  }
}
