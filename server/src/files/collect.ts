// Which files a run (CLI or workspace lint) lints: explicit files as given, directories walked for C/C++ sources
// (skipping .git, node_modules and .gitignore'd paths), minus config `ignore` globs, optionally one shard of them. A path that yields nothing to lint, an unreadable directory, a broken symbolic link or a
// source that is not a regular file is reported (the run is then incomplete), never silently skipped.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { type ConfigResolver, isIgnoredByConfig } from '../config/config';
import { readSmallTextFile } from '../parse/read-policy';

export const SOURCE_EXTENSIONS = ['c', 'cc', 'cpp', 'cxx', 'h', 'hh', 'hpp', 'hxx', 'inl'] as const;
const SOURCE_EXTENSION_SET: ReadonlySet<string> = new Set(SOURCE_EXTENSIONS.map((e) => `.${e}`));
const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['.git', 'node_modules']);

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
  /** Paths that do not exist, cannot be read, or yield nothing to lint: the run is incomplete (exit 2). */
  missing: { path: string; message: string }[];
  /** Things worth saying that do not make the run incomplete (an unreadable .gitignore). */
  notes: string[];
}

export const isSourceFile = (file: string): boolean => SOURCE_EXTENSION_SET.has(path.extname(file).toLowerCase());

export function collectFiles(paths: readonly string[], cwd: string, configs: ConfigResolver): Collected {
  const collected: Collected = { files: [], missing: [], notes: [] };
  const seen = new Set<string>();
  const gitignore = new GitignoreFilter(collected.notes);
  /** Adds a file unless it was seen (by real path) or a config `ignore` excludes it; true when it is linted. */
  const add = (target: TargetFile): 'added' | 'seen' | 'ignored' => {
    const real = realpathOr(target.abs);
    if (seen.has(real)) return 'seen';
    if (isIgnoredByConfig(configs.forFile(target.abs), target.abs)) return 'ignored';
    seen.add(real);
    collected.files.push(target);
    return 'added';
  };
  for (const given of paths) {
    const abs = path.resolve(cwd, given);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      collected.missing.push({ path: given, message: code === 'ENOENT' ? describeMissing(abs) : `cannot access: ${code}` });
      continue;
    }
    if (stat.isDirectory()) {
      walkDirectory({ root: abs, given, cwd, gitignore, add, collected });
    } else if (!stat.isFile()) {
      collected.missing.push({ path: given, message: 'not a regular file (a FIFO, socket or device); not linted' });
    } else {
      add({ abs, display: given });
    }
  }
  return collected;
}

interface Walk {
  root: string;
  given: string;
  cwd: string;
  gitignore: GitignoreFilter;
  add: (target: TargetFile) => 'added' | 'seen' | 'ignored';
  collected: Collected;
}

function walkDirectory(walk: Walk): void {
  const { root, cwd, gitignore, collected } = walk;
  const boundary = gitignore.boundaryFor(root);
  const found: TargetFile[] = [];
  const visited = new Set<string>([realpathOr(root)]);
  let ignoredByGit = 0;
  const problems = collected.missing.length;
  const display = (p: string): string => toPosix(path.relative(cwd, p)) || path.basename(p);
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      collected.missing.push({ path: display(dir), message: `cannot read directory: ${(error as NodeJS.ErrnoException).code}; its files were not linted` });
      continue;
    }
    for (const entry of entries) {
      if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        let target: fs.Stats;
        try {
          target = fs.statSync(full);
        } catch (error) {
          if (isSourceFile(full)) collected.missing.push({ path: display(full), message: `broken symbolic link (${(error as NodeJS.ErrnoException).code}); not linted` });
          continue;
        }
        isDir = target.isDirectory();
        isFile = target.isFile();
        if (!isDir && !isFile && isSourceFile(full)) {
          collected.missing.push({ path: display(full), message: 'not a regular file (a FIFO, socket or device); not linted' });
          continue;
        }
      }
      if (isDir) {
        if (gitignore.ignores(full, true, boundary)) {
          ignoredByGit++;
          continue;
        }
        const real = realpathOr(full);
        if (!visited.has(real)) {
          visited.add(real);
          stack.push(full);
        }
      } else if (isSourceFile(full)) {
        if (!isFile) {
          collected.missing.push({ path: display(full), message: 'not a regular file (a FIFO, socket or device); not linted' });
        } else if (gitignore.ignores(full, false, boundary)) {
          ignoredByGit++;
        } else {
          found.push({ abs: full, display: display(full) });
        }
      }
    }
  }
  found.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  let added = 0;
  let ignoredByConfig = 0;
  for (const target of found) {
    const outcome = walk.add(target);
    if (outcome === 'added') added++;
    if (outcome === 'ignored') ignoredByConfig++;
  }
  if (added > 0 || found.length > ignoredByConfig || collected.missing.length > problems) return;
  const reasons: string[] = [];
  if (ignoredByGit > 0) reasons.push(`${ignoredByGit} path${ignoredByGit === 1 ? '' : 's'} ignored by .gitignore (${gitignore.usedFiles().join(', ')})`);
  if (ignoredByConfig > 0) reasons.push(`${ignoredByConfig} file${ignoredByConfig === 1 ? '' : 's'} ignored by the configuration's \`ignore\``);
  collected.missing.push({
    path: walk.given,
    message: reasons.length > 0
      ? `nothing to lint: ${reasons.join('; ')}`
      : `no C/C++ source files found (${SOURCE_EXTENSIONS.map((e) => `*.${e}`).join(' ')})`,
  });
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

function describeMissing(abs: string): string {
  try {
    if (fs.lstatSync(abs).isSymbolicLink()) return 'broken symbolic link';
  } catch {
    // NOTE: lstat failing too means the path itself does not exist.
  }
  return 'no such file or directory';
}

function realpathOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

/**
 * .gitignore files from the file's directory up to the repository root (the directory holding `.git`), each
 * matching paths relative to its own directory, as git does. Outside a repository, only the .gitignore files at
 * and below the walked directory apply: a .gitignore above a checkout without `.git` (a home directory under
 * version control, an exported tree) is not the project's. A negation in a deeper file cannot re-include what a
 * shallower file ignored (a simplification of git's rules).
 */
class GitignoreFilter {
  private readonly perDir = new Map<string, Ignore | null>();
  private readonly roots = new Map<string, boolean>();
  private readonly used = new Set<string>();

  constructor(private readonly notes: string[]) {}

  /** The highest directory whose .gitignore applies to files under `root`. */
  boundaryFor(root: string): string {
    for (let dir = root; ; dir = path.dirname(dir)) {
      if (this.isRepoRoot(dir)) return dir;
      if (path.dirname(dir) === dir) return root;
    }
  }

  ignores(file: string, isDirectory: boolean, boundary: string): boolean {
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      const matcher = this.matcher(dir);
      const rel = toPosix(path.relative(dir, file)) + (isDirectory ? '/' : '');
      if (matcher && matcher.ignores(rel)) {
        this.used.add(path.join(dir, '.gitignore'));
        return true;
      }
      if (dir === boundary || this.isRepoRoot(dir) || path.dirname(dir) === dir) return false;
    }
  }

  usedFiles(): string[] {
    return [...this.used].sort();
  }

  private matcher(dir: string): Ignore | null {
    let m = this.perDir.get(dir);
    if (m === undefined) {
      const file = path.join(dir, '.gitignore');
      m = null;
      if (fs.existsSync(file)) {
        const read = readSmallTextFile(file);
        if (read.ok) m = ignore().add(read.text);
        else this.notes.push(`${file}: ${read.message}; its patterns were not applied`);
      }
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
