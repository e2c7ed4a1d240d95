// The analysis side of the language server, run in its worker thread (analysis-worker.ts): a copy of the open
// documents with their syntax trees, the latest result of each (the base of the next function-only analysis),
// and the helper functions of the workspace. Each request is synchronous and cancellable through `isCancelled`.
// Binary files and files over the size cap are not analysed: they get one info diagnostic instead.
import { fileURLToPath } from 'node:url';
import { analyze } from '../analyze';
import { extractFacts } from '../extract/extract';
import { skipReason } from '../files/skip-reason';
import { DocumentStore, type StoredDocument } from '../parse/document-store';
import { parseCpp } from '../parse/parser';
import { readSourceFile } from '../parse/read-policy';
import { findingToDiagnostic, skippedFileDiagnostic } from '../report/lsp-diagnostics';
import { WorkspaceIndex } from '../track/workspace';
import type { CancelCheck } from '../cancel';
import type { AnalysisAtValue, DocumentConfigData, DocumentMessage, DocumentResult } from './analysis-protocol';
import { analysisAround, analyzeEditedFunction, analyzeFile, type DocumentFacts } from './incremental-analysis';

/** Syntax trees are kept (for incremental re-parsing) only for this many recently analysed documents. */
export const TREES_KEPT = 8;

export class AnalysisCore {
  readonly store = new DocumentStore();
  readonly workspace = new WorkspaceIndex();
  private readonly results = new Map<string, { version: number; facts: DocumentFacts | undefined }>();
  /** Documents holding a syntax tree, least recently analysed first (a 6,000-line file's tree is ~7 MB). */
  private readonly withTrees = new Map<string, StoredDocument>();

  apply(message: DocumentMessage): void {
    if (message.type === 'open') this.store.open(message.uri, message.languageId, message.version, message.text);
    else if (message.type === 'change') this.store.change(message.uri, message.version, message.changes);
    else {
      this.store.close(message.uri);
      this.results.delete(message.uri);
      this.withTrees.delete(message.uri);
    }
  }

  /**
   * Analyses an open document at `version`: only the edited function when the edits since the previous analysis
   * allow it (even when other functions call it), the whole file when `wholeFile` is set or they do not.
   * Undefined when the document is gone or already at a newer version (the request is superseded).
   */
  analyze(request: { uri: string; version: number; wholeFile: boolean; config: DocumentConfigData; isCancelled?: CancelCheck }): DocumentResult | undefined {
    const doc = this.store.get(request.uri);
    if (!doc || doc.version !== request.version) return undefined;
    const started = performance.now();
    const { config, ignored } = request.config;
    const reason = skipReason(doc.text);
    let facts: DocumentFacts | undefined;
    let diagnostics;
    if (ignored || reason) {
      doc.takeEdits();
      diagnostics = reason && !ignored ? [skippedFileDiagnostic(reason)] : [];
    } else {
      const previous = request.wholeFile ? undefined : this.results.get(doc.uri)?.facts;
      const options = { workspace: this.workspace, isCancelled: request.isCancelled, ignoreCallers: true };
      facts = analyzeEditedFunction(doc, config, previous, options);
      if (!facts) {
        const file = analyzeFile(doc, config, options);
        if (file.facts) this.workspace.set(doc.uri, file.facts);
        facts = { findings: file.findings, sites: file.sites, spans: file.spans, mode: file.mode };
      }
      this.keepTree(doc);
      diagnostics = facts.findings.map(findingToDiagnostic);
    }
    this.results.set(doc.uri, { version: doc.version, facts });
    return {
      uri: doc.uri,
      version: doc.version,
      diagnostics,
      sites: facts?.sites,
      scope: facts?.mode ?? 'skipped',
      elapsedMs: performance.now() - started,
      platform: config.platform,
    };
  }

  /** A fresh analysis of the function around `line` (code actions need field texts, calls and tracked state). */
  analysisAt(request: { uri: string; version: number; line: number; config: DocumentConfigData; isCancelled?: CancelCheck }): AnalysisAtValue {
    const doc = this.store.get(request.uri);
    const latest = this.results.get(request.uri);
    const spans = latest?.facts?.spans;
    if (!doc || doc.version !== request.version || latest?.version !== doc.version || !spans) return { result: undefined };
    const result = analysisAround(doc, request.config.config, spans, request.line, { workspace: this.workspace, isCancelled: request.isCancelled });
    return { result };
  }

  analyzeText(request: { uri: string; text: string; config: DocumentConfigData; isCancelled?: CancelCheck }): DocumentResult {
    const started = performance.now();
    const reason = skipReason(request.text);
    const diagnostics = reason
      ? [skippedFileDiagnostic(reason)]
      : analyze(request.text, request.uri, { config: request.config.config, workspace: this.workspace, isCancelled: request.isCancelled })
        .findings.map(findingToDiagnostic);
    return {
      uri: request.uri, version: 0, diagnostics, sites: undefined, scope: reason ? 'skipped' : 'file',
      elapsedMs: performance.now() - started, platform: request.config.config.platform,
    };
  }

  /** Parses and extracts one file from disk into the workspace index; false when it cannot be read or is skipped. */
  indexFile(uri: string): boolean {
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      this.workspace.delete(uri);
      return false;
    }
    // NOTE: the read policy of both surfaces (parse/read-policy.ts): regular files only, capped, never blocking.
    const source = readSourceFile(file);
    if (!source.ok) {
      this.workspace.delete(uri);
      return false;
    }
    const text = source.text;
    if (skipReason(text)) return false;
    try {
      this.workspace.set(uri, extractFacts(parseCpp(text), text));
      return true;
    } catch {
      // NOTE: an extractor failure on one file must not stop the indexing; the CLI reports such files.
      this.workspace.delete(uri);
      return false;
    }
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
}
