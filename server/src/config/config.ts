// Configuration files: `barrierlint.jsonc` / `barrierlint.json`, the nearest one above each linted file wins,
// `extends` chains (relative to the declaring file), CLI overrides last. Used by the CLI and the language server.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readSmallTextFile } from '../parse/read-policy';
import type { BarrierlintConfig, Level, Platform } from '../types';
import { DEFAULT_CONFIG } from '../types';
import type { RawConfig } from './config-schema';
import { ConfigError, parseConfigText } from './config-validate';
import { mergeRuleLevels } from '../report/rule-levels';

export { ConfigError } from './config-validate';

export const CONFIG_FILE_NAMES = ['barrierlint.jsonc', 'barrierlint.json'] as const;

/** `ignore` patterns of one config file; they match paths relative to that file's directory. */
export interface IgnoreSet {
  base: string;
  matcher: Ignore;
}

export interface LoadedConfig {
  config: BarrierlintConfig;
  /** Config files that contributed, nearest first (absolute paths); empty when none was found. */
  files: string[];
  ignores: IgnoreSet[];
}

export interface ConfigOverrides {
  platform?: Platform;
  rules?: Record<string, Level>;
}

export interface ResolverOptions {
  configFile?: string;
  overrides?: ConfigOverrides;
  /**
   * Directories `extends` may point into (the CLI passes the current directory). The repository holding the
   * config file (the nearest directory with `.git`), or its own directory outside a repository, is always allowed,
   * and so is a `.json`/`.jsonc` file in a directory above the declaring file (`"extends": "../barrierlint.jsonc"`).
   */
  allowedRoots?: readonly string[];
}

/** At most this many distinct files in one `extends` graph, and this deep. */
export const EXTENDS_LIMITS = { files: 64, depth: 16 };

export class ConfigResolver {
  private readonly nearest = new Map<string, string | null>();
  private readonly loaded = new Map<string, LoadedConfig>();

  constructor(private readonly options: ResolverOptions = {}) {}

  /** The config file that applies to `file` (absolute path), or null for the defaults. */
  configFileFor(file: string): string | null {
    if (this.options.configFile) return path.resolve(this.options.configFile);
    return this.nearestConfig(path.dirname(path.resolve(file)));
  }

  /** The effective configuration for `file`. Throws ConfigError on an invalid file. */
  forFile(file: string): LoadedConfig {
    return this.load(this.configFileFor(file));
  }

  /** The effective configuration for files directly in `dir` (absolute path). */
  forDirectory(dir: string): LoadedConfig {
    return this.load(this.options.configFile ? path.resolve(this.options.configFile) : this.nearestConfig(dir));
  }

  private load(configFile: string | null): LoadedConfig {
    const key = configFile ?? '';
    let result = this.loaded.get(key);
    if (!result) {
      const layers = configFile ? loadGraph(configFile, this.options.allowedRoots ?? []) : [];
      result = applyOverrides(mergeLayers(layers), this.options.overrides);
      this.loaded.set(key, result);
    }
    return result;
  }

  private nearestConfig(dir: string): string | null {
    const cached = this.nearest.get(dir);
    if (cached !== undefined) return cached;
    let found: string | null = null;
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = path.join(dir, name);
      if (fs.existsSync(candidate)) {
        found = candidate;
        break;
      }
    }
    const parent = path.dirname(dir);
    if (found === null && parent !== dir) found = this.nearestConfig(parent);
    this.nearest.set(dir, found);
    return found;
  }
}

/** True when a config `ignore` pattern excludes `file` (absolute path). */
export function isIgnoredByConfig(loaded: LoadedConfig, file: string): boolean {
  return loaded.ignores.some(({ base, matcher }) => {
    const rel = path.relative(base, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
    return matcher.ignores(rel.split(path.sep).join('/'));
  });
}

interface Layer {
  file: string;
  raw: RawConfig;
}

interface GraphLoad {
  roots: string[];
  /** Files already loaded in this graph: a file reached again (a diamond) contributes once, at its first place. */
  loaded: Set<string>;
}

/** The layers of `file`'s extends graph, bases first; each file once (diamonds), cycles and escapes rejected. */
function loadGraph(file: string, allowedRoots: readonly string[]): Layer[] {
  const start = realpathOr(path.resolve(file));
  const roots = [...allowedRoots.map((r) => realpathOr(path.resolve(r))), repositoryOf(start) ?? path.dirname(start)];
  return loadChain(path.resolve(file), [], { roots, loaded: new Set() });
}

function loadChain(file: string, stack: string[], graph: GraphLoad): Layer[] {
  const declaring = stack[stack.length - 1];
  if (stack.includes(file)) {
    const cycle = [...stack.slice(stack.indexOf(file)), file].join(' -> ');
    throw new ConfigError(declaring, `extends: cycle ${cycle}`);
  }
  if (graph.loaded.has(file)) return [];
  if (stack.length > EXTENDS_LIMITS.depth) throw new ConfigError(declaring, `extends: chain deeper than ${EXTENDS_LIMITS.depth} files`);
  if (graph.loaded.size >= EXTENDS_LIMITS.files) throw new ConfigError(declaring, `extends: more than ${EXTENDS_LIMITS.files} files`);
  const from = stack.length > 0 ? ` (extended by ${declaring})` : '';
  if (stack.length > 0 && !isInside(realpathOr(file), graph.roots) && !isAncestorConfig(realpathOr(file), realpathOr(declaring))) {
    throw new ConfigError(
      declaring,
      `extends: ${file} is outside the allowed directories (${graph.roots.join(', ')}); not read`,
    );
  }
  const read = readSmallTextFile(file);
  if (!read.ok) throw new ConfigError(file, `cannot read configuration${from}: ${read.message.replace(/^cannot read file: /, '')}`);
  graph.loaded.add(file);
  const raw = parseConfigText(read.text, file);
  const bases = raw.extends === undefined ? [] : Array.isArray(raw.extends) ? raw.extends : [raw.extends];
  const layers: Layer[] = [];
  for (const base of bases) layers.push(...loadChain(path.resolve(path.dirname(file), base), [...stack, file], graph));
  layers.push({ file, raw });
  return layers;
}

function realpathOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

function repositoryOf(file: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** A `.json`/`.jsonc` file in the declaring file's own directory or one above it (`../barrierlint.jsonc`). */
function isAncestorConfig(file: string, declaring: string): boolean {
  if (!/\.jsonc?$/i.test(file)) return false;
  const rel = path.relative(path.dirname(file), path.dirname(declaring));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function isInside(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const rel = path.relative(root, file);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  });
}

function mergeLayers(layers: Layer[]): LoadedConfig {
  const config: BarrierlintConfig = { ...DEFAULT_CONFIG, rules: {}, commandLists: {}, ignore: [] };
  const ignores: IgnoreSet[] = [];
  for (const { file, raw } of layers) {
    if (raw.platform !== undefined) config.platform = raw.platform;
    if (raw.legacyBarrierTranslation !== undefined) config.legacyBarrierTranslation = raw.legacyBarrierTranslation;
    if (raw.rules) config.rules = mergeRuleLevels(config.rules, raw.rules);
    if (raw.commandLists) config.commandLists = { ...config.commandLists, ...raw.commandLists };
    if (raw.ignore && raw.ignore.length > 0) {
      config.ignore = [...config.ignore, ...raw.ignore];
      ignores.push({ base: path.dirname(file), matcher: ignore().add(raw.ignore) });
    }
  }
  const files = [...new Set(layers.map((l) => l.file))].reverse();
  return { config, files, ignores };
}

function applyOverrides(loaded: LoadedConfig, overrides: ConfigOverrides | undefined): LoadedConfig {
  if (!overrides) return loaded;
  const config = { ...loaded.config };
  if (overrides.platform) config.platform = overrides.platform;
  if (overrides.rules) config.rules = mergeRuleLevels(config.rules, overrides.rules);
  return { ...loaded, config };
}
