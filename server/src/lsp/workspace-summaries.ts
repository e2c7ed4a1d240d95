// Helper functions defined in other files of the workspace (`Transition(cl, res, before, after)` in barriers.cpp,
// called from frame.cpp), so the editor evaluates them at their call sites as the CLI does. The index lives in the
// analysis worker: open documents add their functions after each whole-file analysis; files that are not open are
// only parsed and extracted (no rules, no tracking), one at a time on its background thread (file-job.ts
// indexFileJob), so a keystroke never waits for one; capped in files and time. This side only lists the files (as `barrierlint <folders>` would walk them).
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectFiles } from '../files/collect';
import type { AnalysisHost } from './analysis-host';
import type { IndexValue } from './analysis-protocol';
import type { ProjectConfig } from './project-config';

export const SUMMARY_LIMITS = { maxFiles: 2000, maxMillis: 60_000 };

export interface IndexingSummary {
  files: number;
  truncated: boolean;
  elapsedMs: number;
}

export class WorkspaceSummaries {
  private running: number | undefined;

  constructor(private readonly host: AnalysisHost) {}

  remove(uri: string): void {
    this.host.request({ type: 'forgetHelpers', uri }).outcome.catch(() => undefined);
  }

  /** Re-reads files from disk into the index (files changed on disk). */
  async indexFiles(uris: string[]): Promise<void> {
    if (uris.length > 0) await this.host.request({ type: 'index', uris, maxMillis: SUMMARY_LIMITS.maxMillis }).outcome;
  }

  /**
   * Indexes the C/C++ files of the folders that are not open. A later call supersedes a running one.
   * Never throws: unreadable files are left out.
   */
  async indexFolders(request: {
    folders: readonly string[];
    project: ProjectConfig;
    isOpen(uri: string): boolean;
    limits?: { maxFiles: number; maxMillis: number };
  }): Promise<IndexingSummary> {
    const limits = request.limits ?? SUMMARY_LIMITS;
    const started = performance.now();
    const roots = request.folders.filter((f) => f.startsWith('file:')).map((f) => fileURLToPath(f));
    let uris: string[] = [];
    try {
      if (roots.length > 0) uris = collectFiles(roots, roots[0], request.project.currentResolver).files.map((f) => pathToFileURL(f.abs).href);
    } catch {
      // An invalid barrierlint.jsonc: the open documents report it; nothing is indexed.
    }
    uris = uris.filter((uri) => !request.isOpen(uri));
    const capped = uris.length > limits.maxFiles;
    if (this.running !== undefined) this.host.cancel(this.running);
    const pending = this.host.request<IndexValue>({ type: 'index', uris: uris.slice(0, limits.maxFiles), maxMillis: limits.maxMillis });
    this.running = pending.id;
    const outcome = await pending.outcome;
    if (this.running === pending.id) this.running = undefined;
    const value = 'cancelled' in outcome ? { files: 0, truncated: true } : outcome.value;
    return { files: value.files, truncated: value.truncated || capped, elapsedMs: Math.round(performance.now() - started) };
  }
}
