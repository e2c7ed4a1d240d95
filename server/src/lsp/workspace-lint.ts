// "Lint workspace": analyse the C/C++ files of the workspace folders that are not open in the editor and publish
// their diagnostics, so the Problems panel lists the whole project. Capped in files and time, and it yields to
// the event loop after each file so edits, hovers and the open files' analyses are never blocked for long.
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import type { Connection } from 'vscode-languageserver';
import { analyze } from '../analyze';
import { findingToDiagnostic, skippedFileDiagnostic } from '../report/lsp-diagnostics';
import type { BarrierlintConfig } from '../types';
import { skipReason } from './document-analysis';
import { yieldToEventLoop } from './scheduler';

export const LINT_WORKSPACE = 'barrierlint.lintWorkspace';

/** The extensions the CLI walks (contracts.md, "Command line"). */
export const SOURCE_GLOB = '**/*.{c,cc,cpp,cxx,h,hh,hpp,hxx,inl}';
export const WORKSPACE_LINT_LIMITS = { maxFiles: 5000, maxMillis: 120_000 };

export interface WorkspaceLintRequest {
  connection: Connection;
  folders: readonly string[];
  isOpen(uri: string): boolean;
  configFor(uri: string): Partial<BarrierlintConfig>;
  limits?: { maxFiles: number; maxMillis: number };
}

export interface WorkspaceLintSummary {
  files: number;
  findings: number;
  skipped: number;
  /** True when a limit stopped the walk before every file was analysed. */
  truncated: boolean;
  elapsedMs: number;
}

async function listSources(folders: readonly string[], ignore: readonly string[]): Promise<string[]> {
  const roots = folders.filter((f) => f.startsWith('file:')).map((f) => fileURLToPath(f));
  const lists = await Promise.all(roots.map((cwd) => fg(SOURCE_GLOB, {
    cwd,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['**/.git/**', '**/node_modules/**', ...ignore],
  })));
  return [...new Set(lists.flat())].sort();
}

export async function lintWorkspace(request: WorkspaceLintRequest): Promise<WorkspaceLintSummary> {
  const { connection, folders } = request;
  const limits = request.limits ?? WORKSPACE_LINT_LIMITS;
  const started = performance.now();
  const summary: WorkspaceLintSummary = { files: 0, findings: 0, skipped: 0, truncated: false, elapsedMs: 0 };
  // NOTE: folder-level `ignore` comes from the editor settings only until the config loader is wired in.
  const ignore = folders.length > 0 ? (request.configFor(folders[0]).ignore ?? []) : [];
  const paths = await listSources(folders, ignore);
  const progress = await connection.window.createWorkDoneProgress().catch(() => undefined);
  progress?.begin('barrierlint: linting workspace', 0, `${paths.length} files`, true);
  for (const [index, path] of paths.entries()) {
    if (index >= limits.maxFiles || performance.now() - started > limits.maxMillis || progress?.token.isCancellationRequested) {
      summary.truncated = true;
      break;
    }
    const uri = pathToFileURL(path).href;
    if (request.isOpen(uri)) continue;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const reason = skipReason(text);
    const diagnostics = reason
      ? [skippedFileDiagnostic(reason)]
      : analyze(text, uri, { config: request.configFor(uri) }).findings.map(findingToDiagnostic);
    summary.files++;
    if (reason) summary.skipped++;
    else summary.findings += diagnostics.length;
    await connection.sendDiagnostics({ uri, diagnostics });
    progress?.report(Math.round((100 * (index + 1)) / paths.length), path);
    await yieldToEventLoop();
  }
  progress?.done();
  summary.elapsedMs = Math.round(performance.now() - started);
  return summary;
}
