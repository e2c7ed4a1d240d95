// Helper functions defined in other files of the workspace (`Transition(cl, res, before, after)` in barriers.cpp,
// called from frame.cpp), so the editor evaluates them at their call sites as the CLI does. Open documents add
// their functions after each whole-file analysis; files that are not open are only parsed and extracted (no
// rules, no tracking) in the background, one file per event-loop turn, capped in files and time.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectFiles } from '../files/collect';
import { extractFacts } from '../extract/extract';
import type { FileFacts } from '../extract/facts';
import { parseCpp } from '../parse/parser';
import { WorkspaceIndex } from '../track/workspace';
import { readSourceFile } from '../parse/read-policy';
import { skipReason } from '../files/skip-reason';
import type { ProjectConfig } from './project-config';
import { yieldToEventLoop } from './scheduler';

export const SUMMARY_LIMITS = { maxFiles: 2000, maxMillis: 60_000 };

export interface IndexingSummary {
  files: number;
  truncated: boolean;
  elapsedMs: number;
}

export class WorkspaceSummaries {
  readonly index = new WorkspaceIndex();
  private generation = 0;

  /** Records the functions of a file (an open document just analysed, or a file changed on disk). */
  update(uri: string, facts: Pick<FileFacts, 'functions'>): void {
    this.index.set(uri, facts);
  }

  remove(uri: string): void {
    this.index.delete(uri);
  }

  /** Parses and extracts one file from disk into the index; false when it cannot be read or is skipped. */
  async indexFile(uri: string): Promise<boolean> {
    let file: string;
    try {
      file = fileURLToPath(uri);
    } catch {
      return false;
    }
    // NOTE: the read policy of both surfaces (parse/read-policy.ts): regular files only, capped, never blocking.
    const source = readSourceFile(file);
    if (!source.ok) {
      this.remove(uri);
      return false;
    }
    const text = source.text;
    if (skipReason(text)) return false;
    try {
      this.update(uri, extractFacts(parseCpp(text), text));
      return true;
    } catch {
      // NOTE: an extractor failure on one file must not stop the indexing; the CLI reports such files.
      this.remove(uri);
      return false;
    }
  }

  /**
   * Indexes the C/C++ files of the folders (as `barrierlint <folders>` would walk them) that are not open.
   * A later call supersedes a running one. Never throws: unreadable files are left out.
   */
  async indexFolders(request: {
    folders: readonly string[];
    project: ProjectConfig;
    isOpen(uri: string): boolean;
    limits?: { maxFiles: number; maxMillis: number };
  }): Promise<IndexingSummary> {
    const generation = ++this.generation;
    const limits = request.limits ?? SUMMARY_LIMITS;
    const started = performance.now();
    const roots = request.folders.filter((f) => f.startsWith('file:')).map((f) => fileURLToPath(f));
    let paths: string[] = [];
    try {
      if (roots.length > 0) paths = collectFiles(roots, roots[0], request.project.currentResolver).files.map((f) => f.abs);
    } catch {
      // An invalid barrierlint.jsonc: the open documents report it; nothing is indexed.
    }
    const summary: IndexingSummary = { files: 0, truncated: false, elapsedMs: 0 };
    for (const path of paths) {
      if (generation !== this.generation) break;
      if (summary.files >= limits.maxFiles || performance.now() - started > limits.maxMillis) {
        summary.truncated = true;
        break;
      }
      const uri = pathToFileURL(path).href;
      if (!request.isOpen(uri) && (await this.indexFile(uri))) summary.files++;
      await yieldToEventLoop();
    }
    summary.elapsedMs = Math.round(performance.now() - started);
    return summary;
  }
}
