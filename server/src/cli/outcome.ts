// What linting one target file produced: its configuration, its analysis, or why it could not be linted.
import type { AnalysisResult } from '../analyze';
import type { LoadedConfig } from '../config/config';
import type { TargetFile } from '../files/collect';
import type { AnalyzeExtras } from '../analyze';
import type { PackedMirror } from '../extract/node';

export interface FileOutcome {
  target: TargetFile;
  uri: string;
  config: LoadedConfig;
  /** Present unless the file could not be read or its analysis threw. */
  result?: AnalysisResult;
  /** Why the file was not (completely) linted; any failure makes the run exit 2. */
  failure?: string;
  /** The file's result-cache key (with --cache), from which the cross-file pass derives its own. */
  cacheKey?: string;
  /**
   * The other files' definitions the file was analysed again with (cross-file.ts: getters, functions, enumerators…):
   * a later analysis of the file from its text starts from them too.
   */
  imports?: AnalyzeExtras;
  /** The result-cache key of the analysis with `imports` (--cache), which names that result (cross-file.ts indexDigest). */
  importsKey?: string;
  /**
   * The result with `imports` came from the result cache (--cache): it has no facts, and the helper pass that needs
   * them makes them again from the text and `imports` (cross-file.ts importedFacts).
   */
  importsCached?: boolean;
  /**
   * The file's mirror from its first analysis, packed (in-process runs, within MIRROR_BUDGET): the cross-file pass
   * analyses the file again from it instead of parsing it again, and drops it when done.
   */
  mirror?: PackedMirror;
  /** Something the user should know that does not fail the file (a Windows-1252 decode). */
  note?: string;
}
