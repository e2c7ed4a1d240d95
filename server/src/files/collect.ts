// Which files a run (CLI or workspace lint) lints: explicit files as given, directories walked for C/C++ sources (skipping .git,
// node_modules and .gitignore'd paths), minus config `ignore` globs, optionally one shard of them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fg from 'fast-glob';
import ignore, { type Ignore } from 'ignore';
import { type ConfigResolver, isIgnoredByConfig } from '../config/config';

export const SOURCE_EXTENSIONS = ['c', 'cc', 'cpp', 'cxx', 'h', 'hh', 'hpp', 'hxx', 'inl'] as const;

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export interface TargetFile {
  abs: string;
  /** As given on the command line, or relative to the current directory when found by walking. */
  display: string;
}

export interface Collected {
  files: TargetFile[];
  /** Paths that do not exist or cannot be read: the run is incomplete (exit 2). */
  missing: { path: string; message: string }[];
}

export function collectFiles(paths: readonly string[], cwd: string, configs: ConfigResolver): Collected {
  const files: TargetFile[] = [];
  const missing: Collected['missing'] = [];
  const seen = new Set<string>();
  const gitignore = new GitignoreFilter();
  const add = (target: TargetFile): void => {
    if (seen.has(target.abs) || isIgnoredByConfig(configs.forFile(target.abs), target.abs)) return;
    seen.add(target.abs);
    files.push(target);
  };
  for (const given of paths) {
    const abs = path.resolve(cwd, given);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      missing.push({ path: given, message: code === 'ENOENT' ? 'no such file or directory' : `cannot access: ${code}` });
      continue;
    }
    if (!stat.isDirectory()) {
      add({ abs, display: given });
      continue;
    }
    const walked = fg
      .sync(`**/*.{${SOURCE_EXTENSIONS.join(',')}}`, {
        cwd: abs, absolute: true, dot: true, onlyFiles: true, followSymbolicLinks: false, suppressErrors: true,
        ignore: ['**/.git/**', '**/node_modules/**'],
      })
      .map((p) => path.resolve(p))
      .filter((p) => !gitignore.ignores(p))
      .map((p) => ({ abs: p, display: toPosix(path.relative(cwd, p)) || path.basename(p) }))
      .sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
    walked.forEach(add);
  }
  return { files, missing };
}

/** Files of shard `shard` (1-based) of N, by a hash of the cwd-relative path: stable across machines and runs. */
export function selectShard(files: readonly TargetFile[], shard: Shard | undefined, cwd: string): TargetFile[] {
  if (!shard) return [...files];
  return files.filter((f) => fnv1a(toPosix(path.relative(cwd, f.abs))) % shard.count === shard.index - 1);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/**
 * .gitignore files from the file's directory up to the repository root (the directory holding `.git`), each
 * matching paths relative to its own directory, as git does. A negation in a deeper file cannot re-include
 * what a shallower file ignored (a simplification of git's rules).
 */
class GitignoreFilter {
  private readonly perDir = new Map<string, Ignore | null>();
  private readonly roots = new Map<string, boolean>();

  ignores(file: string): boolean {
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const matcher = this.matcher(dir);
      if (matcher && matcher.ignores(toPosix(path.relative(dir, file)))) return true;
      if (this.isRepoRoot(dir) || path.dirname(dir) === dir) return false;
    }
  }

  private matcher(dir: string): Ignore | null {
    let m = this.perDir.get(dir);
    if (m === undefined) {
      const file = path.join(dir, '.gitignore');
      m = fs.existsSync(file) ? ignore().add(fs.readFileSync(file, 'utf8')) : null;
      this.perDir.set(dir, m);
    }
    return m;
  }

  private isRepoRoot(dir: string): boolean {
    let root = this.roots.get(dir);
    if (root === undefined) {
      root = fs.existsSync(path.join(dir, '.git'));
      this.roots.set(dir, root);
    }
    return root;
  }
}
