// Content-hash result cache: one JSON file per (tool build, config, uri, file content). Unchanged files are
// not re-analysed; any change to the analysis code, the configuration or the text misses. A corrupt or
// unreadable entry is a miss, never an error.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fg from 'fast-glob';
import type { AnalysisResult } from '../analyze';
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

  get(key: string): AnalysisResult | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.file(key), 'utf8')) as AnalysisResult;
    } catch {
      return undefined;
    }
  }

  set(key: string, result: AnalysisResult): void {
    const file = this.file(key);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(temporary, JSON.stringify(result));
      fs.renameSync(temporary, file);
    } catch {
      // NOTE: a cache that cannot be written only costs speed; the run's result is unaffected.
      fs.rmSync(temporary, { force: true });
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

/**
 * The tool version plus a hash of the compiled analysis code (everything under server/src except the CLI),
 * so a rebuilt checkout with changed rules never reuses stale results even before the version is bumped.
 */
function toolBuildKey(): string {
  const hash = createHash('sha256').update(toolVersion());
  // NOTE: the bundled CLI (out/bin, scripts/bundle-cli.js) holds all the analysis code in its own files.
  if (process.env.BARRIERLINT_BUNDLE) {
    for (const file of ['barrierlint.js', 'worker.js']) hash.update(file).update(fs.readFileSync(path.join(__dirname, file)));
    return hash.digest('hex');
  }
  const root = path.join(__dirname, '..');
  const files = fg.sync('**/*.js', { cwd: root, ignore: ['cli/**'] }).sort();
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}
