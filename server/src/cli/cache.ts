// Content-hash result cache: one file per (tool build, config, uri, file content). Unchanged files are
// not re-analysed; any change to the analysis code, the configuration or the text misses. An entry that does not
// verify (corrupt, unreadable, edited or planted) is a miss, never an error and never trusted.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fg from 'fast-glob';
import type { AnalysisResult } from '../analyze';
import { readRegularFile } from '../parse/read-policy';
import { toolVersion } from '../report/output-model';
import type { AnalyzeTask } from './pool';

export class ResultCache {
  private readonly toolKey = toolBuildKey();

  constructor(private readonly dir: string) {}

  key(task: Pick<AnalyzeTask, 'text' | 'uri' | 'config' | 'keepSites'>): string {
    return createHash('sha256')
      .update(this.toolKey).update('\0').update(task.uri).update('\0').update(task.keepSites ? 'sites' : 'no-sites')
      .update('\0').update(JSON.stringify(task.config)).update('\0').update(task.text)
      .digest('hex');
  }

  /** A key for a second result of the same file (the cross-file pass's), derived from its first key and `extra`. */
  derivedKey(key: string, extra: string): string {
    return createHash('sha256').update(key).update('\0derived\0').update(extra).digest('hex');
  }

  /**
   * The cached result for `key`, or undefined. An entry is used only when it verifies: it names the same key and
   * uri, its payload hashes to the checksum stored with it, and it has the shape of a result. Anything else (a
   * truncated, edited, swapped or planted entry) is a miss, and is analysed afresh.
   */
  get(key: string, uri: string): AnalysisResult | undefined {
    const result = this.read(key) as AnalysisResult | undefined;
    return result !== undefined && isResultShape(result, uri) ? result : undefined;
  }

  set(key: string, result: AnalysisResult): void {
    this.write(key, result);
  }

  /** The payload stored under `key`, parsed, when the entry verifies; undefined otherwise. */
  private read(key: string): unknown {
    const read = readRegularFile(this.file(key), MAX_ENTRY_BYTES);
    if (!read.ok) return undefined;
    try {
      const text = read.bytes.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0) return undefined;
      const header = JSON.parse(text.slice(0, end)) as Partial<CacheHeader>;
      const payload = text.slice(end + 1);
      if (header.key !== key || header.checksum !== checksum(key, payload)) return undefined;
      return JSON.parse(payload) as unknown;
    } catch {
      return undefined;
    }
  }

  private write(key: string, value: unknown): void {
    const file = this.file(key);
    const temporary = `${file}.${process.pid}.tmp`;
    const payload = JSON.stringify(value);
    const header: CacheHeader = { key, checksum: checksum(key, payload) };
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(temporary, `${JSON.stringify(header)}\n${payload}`);
      fs.renameSync(temporary, file);
    } catch {
      // NOTE: a cache that cannot be written only costs speed; the run's result is unaffected.
      fs.rmSync(temporary, { force: true });
    }
  }

  /**
   * A key for the reported results of a whole run (lint.ts): derived from how many files it reports and every file's
   * key in order (the reported files', then their context's), so any change to any file, its configuration or the
   * tool misses.
   */
  runKey(reported: number, fileKeys: readonly string[]): string {
    const hash = createHash('sha256').update(`run\0${reported}\0`);
    for (const k of fileKeys) hash.update(k).update('\0');
    return hash.digest('hex');
  }

  /** The reported results of a run stored under `key` (setRun), one per uri of `uris` in order, or undefined. */
  getRun(key: string, uris: readonly string[]): AnalysisResult[] | undefined {
    const results = this.read(key) as AnalysisResult[] | undefined;
    if (!Array.isArray(results) || results.length !== uris.length) return undefined;
    return results.every((r, i) => isResultShape(r, uris[i])) ? results : undefined;
  }

  setRun(key: string, results: readonly AnalysisResult[]): void {
    this.write(key, results);
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

/**
 * An entry is this header as one line of JSON, then the result as JSON text (the payload, hashed as written).
 * NOTE: the payload is not a JSON string inside the header: reading a warm run's entries parsed each result twice
 * (the escaped string, then the result), and that was most of a warm run's CPU.
 */
interface CacheHeader {
  key: string;
  /** sha256 over the key and the payload. */
  checksum: string;
}

const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

function checksum(key: string, payload: string): string {
  return createHash('sha256').update(key).update('\0').update(payload).digest('hex');
}

function isResultShape(result: AnalysisResult | null, uri: string): boolean {
  return typeof result === 'object' && result !== null && result.uri === uri && result.complete === true &&
    Array.isArray(result.findings) && Array.isArray(result.sites) && typeof result.parseErrors === 'number' &&
    result.findings.every((f) => typeof f === 'object' && f !== null && typeof f.rule === 'string' && typeof f.message === 'string');
}

/**
 * The tool version plus a hash of the compiled analysis code (everything under server/src except the CLI),
 * so a rebuilt checkout with changed rules never reuses stale results even before the version is bumped.
 */
function toolBuildKey(): string {
  const hash = createHash('sha256').update(toolVersion());
  // NOTE: the bundled CLI (out/bin, scripts/bundle-cli.js) holds all the analysis code in its own files.
  if (process.env.BARRIERLINT_BUNDLE) {
    for (const file of ['barrierlint-main.js', 'worker.js']) hash.update(file).update(fs.readFileSync(path.join(__dirname, file)));
    return hash.digest('hex');
  }
  const root = path.join(__dirname, '..');
  const files = fg.sync('**/*.js', { cwd: root, ignore: ['cli/**'] }).sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}
