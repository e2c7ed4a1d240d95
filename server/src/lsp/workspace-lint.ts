// "Lint workspace": analyse the C/C++ files of the workspace folders that are not open in the editor and publish
// their diagnostics, so the Problems panel lists the whole project. Capped in files and time; each file is analysed
// on the analysis worker's background thread (background-thread.ts), so keystrokes and hovers are answered meanwhile.
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Connection } from 'vscode-languageserver';
import { collectFiles } from '../files/collect';
import { readSourceFile } from '../parse/read-policy';
import { skippedFileDiagnostic } from '../report/lsp-diagnostics';
import type { AnalysisHost } from './analysis-host';
import type { DocumentResult } from './analysis-protocol';
import type { ProjectConfig } from './project-config';

export const LINT_WORKSPACE = 'barrierlint.lintWorkspace';

export const WORKSPACE_LINT_LIMITS = { maxFiles: 5000, maxMillis: 120_000 };

export interface WorkspaceLintRequest {
  connection: Connection;
  folders: readonly string[];
  isOpen(uri: string): boolean;
  project: ProjectConfig;
  /** The analysis worker (which also holds the helper functions of other files). */
  host: AnalysisHost;
  limits?: { maxFiles: number; maxMillis: number };
  /** The files the lint published diagnostics for (their results come back when such a file is closed again). */
  linted?: Set<string>;
}

export interface WorkspaceLintSummary {
  files: number;
  findings: number;
  skipped: number;
  /** True when a limit stopped the walk before every file was analysed. */
  truncated: boolean;
  elapsedMs: number;
}

/**
 * The files `barrierlint <folders>` would lint: the CLI's own collector (C/C++ extensions, .gitignore, config
 * `ignore`), so the Problems panel and a CI run agree on the file set.
 */
function listSources(folders: readonly string[], project: ProjectConfig): string[] {
  const roots = folders.filter((f) => f.startsWith('file:')).map((f) => fileURLToPath(f));
  if (roots.length === 0) return [];
  return collectFiles(roots, roots[0], project.currentResolver).files.map((f) => f.abs);
}

export async function lintWorkspace(request: WorkspaceLintRequest): Promise<WorkspaceLintSummary> {
  const { connection, folders } = request;
  const limits = request.limits ?? WORKSPACE_LINT_LIMITS;
  const started = performance.now();
  const summary: WorkspaceLintSummary = { files: 0, findings: 0, skipped: 0, truncated: false, elapsedMs: 0 };
  const paths = listSources(folders, request.project);
  const progress = await connection.window.createWorkDoneProgress().catch(() => undefined);
  progress?.begin('barrierlint: linting workspace', 0, `${paths.length} files`, true);
  for (const [index, path] of paths.entries()) {
    if (index >= limits.maxFiles || performance.now() - started > limits.maxMillis || progress?.token.isCancellationRequested) {
      summary.truncated = true;
      break;
    }
    const uri = pathToFileURL(path).href;
    if (request.isOpen(uri)) continue;
    const linted = await lintFile(request, uri);
    if (!linted) continue;
    summary.files++;
    if (linted.scope === 'skipped') summary.skipped++;
    else summary.findings += linted.diagnostics;
    progress?.report(Math.round((100 * (index + 1)) / paths.length), path);
  }
  progress?.done();
  summary.elapsedMs = Math.round(performance.now() - started);
  return summary;
}

/**
 * Lints one file from disk and publishes its diagnostics (the workspace lint's step, and a linted file closed in the
 * editor: its results come back instead of vanishing with the editor's). Undefined when the analysis was cancelled.
 */
export async function lintFile(
  request: Pick<WorkspaceLintRequest, 'connection' | 'project' | 'host' | 'linted'> & Partial<Pick<WorkspaceLintRequest, 'isOpen'>>, uri: string,
): Promise<{ scope: string; diagnostics: number } | undefined> {
  // NOTE: the CLI's read policy (regular files, size cap, binary, Windows-1252 fallback), so both agree.
  const source = readSourceFile(fileURLToPath(uri));
  let diagnostics;
  let scope;
  if (source.ok) {
    const outcome = await request.host.request<DocumentResult | null>({ type: 'analyzeText', uri, text: source.text, config: request.project.forUri(uri) }).outcome;
    if ('cancelled' in outcome || !outcome.value) return undefined;
    ({ diagnostics, scope } = outcome.value);
  } else {
    diagnostics = [skippedFileDiagnostic(source.message)];
    scope = 'skipped';
  }
  // Opened in the editor while it was linted: the editor's analyses publish its diagnostics (and publish only what
  // changed since their last publication: document-analysis.ts), the lint's must not replace them.
  if (request.isOpen?.(uri)) return undefined;
  request.linted?.add(uri);
  await request.connection.sendDiagnostics({ uri, diagnostics });
  return { scope, diagnostics: diagnostics.length };
}
