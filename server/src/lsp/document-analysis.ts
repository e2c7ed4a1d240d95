// Runs analyze() on open documents and keeps the latest result per document for hover, code actions and inlay
// hints. Binary files and files over the size cap are not analysed: they get one info diagnostic instead.
import type { Connection, Diagnostic } from 'vscode-languageserver';
import { analyze, type AnalysisResult } from '../analyze';
import type { StoredDocument } from '../parse/document-store';
import { parseCpp } from '../parse/parser';
import { findingToDiagnostic, skippedFileDiagnostic } from '../report/lsp-diagnostics';
import type { DocumentConfig } from './project-config';
import { yieldToEventLoop, type ScheduledRun } from './scheduler';

/** Files larger than this (UTF-16 code units) are skipped; 6,000-line sources are around 250,000. */
export const MAX_FILE_CHARS = 4 * 1024 * 1024;

export interface DocumentResult {
  version: number;
  /** Undefined when the file was skipped (binary, too large, or ignored by its configuration). */
  result: AnalysisResult | undefined;
  diagnostics: Diagnostic[];
  elapsedMs: number;
  platform: string;
}

/** Sent after each published analysis; the VS Code client shows it in its status item. */
export const ANALYZED_NOTIFICATION = 'barrierlint/analyzed';
export interface AnalyzedParams {
  uri: string;
  version: number;
  platform: string;
  elapsedMs: number;
  findings: number;
}

export function skipReason(text: string): string | undefined {
  if (text.length > MAX_FILE_CHARS) return `${text.length} characters, over the ${MAX_FILE_CHARS} limit`;
  if (text.includes('\u0000')) return 'binary content';
  return undefined;
}

export class DocumentAnalysis {
  private readonly results = new Map<string, DocumentResult>();

  constructor(
    private readonly connection: Connection,
    private readonly configFor: (uri: string) => DocumentConfig,
  ) {}

  /** Analyses a document now (synchronously) and caches the result. */
  analyzeNow(doc: StoredDocument): DocumentResult {
    const started = performance.now();
    const { config, ignored } = this.configFor(doc.uri);
    const reason = skipReason(doc.text);
    let result: AnalysisResult | undefined;
    let diagnostics: Diagnostic[];
    if (ignored) {
      diagnostics = [];
    } else if (reason) {
      diagnostics = [skippedFileDiagnostic(reason)];
    } else {
      // The tree kept in step with the edits makes this an incremental re-parse.
      doc.tree = parseCpp(doc.text, doc.tree);
      result = analyze(doc.text, doc.uri, { config, tree: doc.tree });
      diagnostics = result.findings.map(findingToDiagnostic);
    }
    const elapsedMs = performance.now() - started;
    const entry = { version: doc.version, result, diagnostics, elapsedMs, platform: config.platform };
    this.results.set(doc.uri, entry);
    return entry;
  }

  /** The result for the document's current version, analysing it if the cached one is older. */
  current(doc: StoredDocument): DocumentResult {
    const cached = this.results.get(doc.uri);
    return cached && cached.version === doc.version ? cached : this.analyzeNow(doc);
  }

  /** The scheduler's job: analyse, let queued edits arrive, publish only if the version is still current. */
  async run(doc: StoredDocument, run: ScheduledRun, isCurrent: (run: ScheduledRun) => boolean): Promise<void> {
    const entry = this.analyzeNow(doc);
    await yieldToEventLoop();
    if (!isCurrent(run)) return;
    await this.publish(doc.uri, entry);
  }

  async publish(uri: string, entry: DocumentResult): Promise<void> {
    await this.connection.sendDiagnostics({ uri, version: entry.version, diagnostics: entry.diagnostics });
    const params: AnalyzedParams = {
      uri,
      version: entry.version,
      platform: entry.platform,
      elapsedMs: Math.round(entry.elapsedMs * 10) / 10,
      findings: entry.diagnostics.length,
    };
    await this.connection.sendNotification(ANALYZED_NOTIFICATION, params);
  }

  /** Forgets a closed document and clears its diagnostics. */
  async forget(uri: string): Promise<void> {
    this.results.delete(uri);
    await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  cached(uri: string): DocumentResult | undefined {
    return this.results.get(uri);
  }
}
