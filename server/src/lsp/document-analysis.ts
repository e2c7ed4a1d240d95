// Runs analyses of open documents (the whole file, or only the function an edit touched: incremental-analysis.ts)
// and keeps the latest result per document for hover, code actions and inlay hints. Binary files and files over
// the size cap are not analysed: they get one info diagnostic instead.
import type { Connection, Diagnostic } from 'vscode-languageserver';
import type { AnalysisResult } from '../analyze';
import type { StoredDocument } from '../parse/document-store';
import { findingToDiagnostic, skippedFileDiagnostic } from '../report/lsp-diagnostics';
import { analysisAround, analyzeEditedFunction, analyzeFile, type DocumentFacts } from './incremental-analysis';
import type { DocumentConfig } from './project-config';
import type { WorkspaceSummaries } from './workspace-summaries';
import { skipReason } from '../files/skip-reason';
import { yieldToEventLoop, type ScheduledRun } from './scheduler';

export interface DocumentResult {
  version: number;
  /** Undefined when the file was skipped (binary, too large, or ignored by its configuration). */
  result: DocumentFacts | undefined;
  diagnostics: Diagnostic[];
  elapsedMs: number;
  platform: string;
}

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


/** Syntax trees are kept (for incremental re-parsing) only for this many recently analysed documents. */
export const TREES_KEPT = 8;

export class DocumentAnalysis {
  private readonly results = new Map<string, DocumentResult>();
  /** Documents holding a syntax tree, least recently analysed first (a 6,000-line file's tree is ~7 MB). */
  private readonly withTrees = new Map<string, StoredDocument>();

  constructor(
    private readonly connection: Connection,
    private readonly configFor: (uri: string) => DocumentConfig,
    private readonly summaries: WorkspaceSummaries,
  ) {}

  /**
   * Analyses a document now (synchronously) and caches the result: only the edited function when the edits since
   * the previous analysis allow it, the whole file when `wholeFile` is set or they do not.
   */
  analyzeNow(doc: StoredDocument, wholeFile = false): DocumentResult {
    const started = performance.now();
    const { config, ignored } = this.configFor(doc.uri);
    const reason = skipReason(doc.text);
    let result: DocumentFacts | undefined;
    let diagnostics: Diagnostic[];
    if (ignored || reason) {
      doc.takeEdits();
      diagnostics = reason && !ignored ? [skippedFileDiagnostic(reason)] : [];
    } else {
      const previous = wholeFile ? undefined : this.results.get(doc.uri)?.result;
      const workspace = this.summaries.index;
      const whole = () => {
        const file = analyzeFile(doc, config, workspace);
        if (file.facts) this.summaries.update(doc.uri, file.facts);
        return file;
      };
      result = analyzeEditedFunction(doc, config, previous, workspace) ?? whole();
      this.keepTree(doc);
      result = { findings: result.findings, sites: result.sites, spans: result.spans, mode: result.mode };
      diagnostics = result.findings.map(findingToDiagnostic);
    }
    const elapsedMs = performance.now() - started;
    const entry = { version: doc.version, result, diagnostics, elapsedMs, platform: config.platform };
    this.results.set(doc.uri, entry);
    return entry;
  }

  private keepTree(doc: StoredDocument): void {
    this.withTrees.delete(doc.uri);
    this.withTrees.set(doc.uri, doc);
    for (const [uri, old] of this.withTrees) {
      if (this.withTrees.size <= TREES_KEPT) break;
      old.tree = undefined;
      this.withTrees.delete(uri);
    }
  }

  /** A fresh analysis of the function around `line` (code actions need field texts, calls and tracked state). */
  analysisAt(doc: StoredDocument, line: number): AnalysisResult | undefined {
    const spans = this.current(doc).result?.spans;
    return spans ? analysisAround(doc, this.configFor(doc.uri).config, spans, line, this.summaries.index) : undefined;
  }

  /** The result for the document's current version, analysing it if the cached one is older. */
  current(doc: StoredDocument): DocumentResult {
    const cached = this.results.get(doc.uri);
    return cached && cached.version === doc.version ? cached : this.analyzeNow(doc);
  }

  /** The scheduler's job: analyse, let queued edits arrive, publish only if the version is still current. */
  async run(doc: StoredDocument, run: ScheduledRun, isCurrent: (run: ScheduledRun) => boolean): Promise<AnalyzedParams['scope']> {
    // A hover or code action may already have analysed this version (current() does): publish that result.
    const entry = run.wholeFile ? this.analyzeNow(doc, true) : this.current(doc);
    await yieldToEventLoop();
    if (isCurrent(run)) await this.publish(doc.uri, entry);
    return entry.result?.mode ?? 'skipped';
  }

  async publish(uri: string, entry: DocumentResult): Promise<void> {
    await this.connection.sendDiagnostics({ uri, version: entry.version, diagnostics: entry.diagnostics });
    const params: AnalyzedParams = {
      uri,
      version: entry.version,
      scope: entry.result?.mode ?? 'skipped',
      platform: entry.platform,
      elapsedMs: Math.round(entry.elapsedMs * 10) / 10,
      findings: entry.diagnostics.length,
    };
    await this.connection.sendNotification(ANALYZED_NOTIFICATION, params);
  }

  /** Forgets a closed document and clears its diagnostics. */
  async forget(uri: string): Promise<void> {
    this.results.delete(uri);
    this.withTrees.delete(uri);
    await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  cached(uri: string): DocumentResult | undefined {
    return this.results.get(uri);
  }
}
