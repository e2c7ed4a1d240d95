// The configuration each open document is analysed with: the nearest barrierlint.jsonc (read by the same resolver
// the CLI uses, `extends` included) with the editor settings on top. The resolver caches files; it is rebuilt when
// the settings change or a barrierlint.json(c) changes on disk. An invalid config file is reported once and the
// document is analysed with the defaults and settings.
import { fileURLToPath } from 'node:url';
import { ConfigError, ConfigResolver, isIgnoredByConfig, type ConfigOverrides } from '../config/config';
import { isLevel } from '../report/rule-levels';
import type { BarrierlintConfig, Level } from '../types';
import { DEFAULT_CONFIG } from '../types';
import type { FolderSettings, ServerSettings } from './settings';

export interface DocumentConfig {
  config: BarrierlintConfig;
  /** The file matches an `ignore` pattern of its configuration: the CLI would not lint it, so neither do we. */
  ignored: boolean;
}

/** The part of the editor settings that overrides barrierlint.jsonc. */
export function settingsOverrides(settings: ServerSettings): ConfigOverrides {
  const overrides: ConfigOverrides = {};
  if (settings.platform !== 'auto') overrides.platform = settings.platform;
  const rules: Record<string, Level> = {};
  for (const [id, level] of Object.entries(settings.rules)) if (isLevel(level)) rules[id] = level;
  if (Object.keys(rules).length > 0) overrides.rules = rules;
  return overrides;
}

function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

interface Scope {
  /** The folder's URI with a trailing '/': the documents under it start with it. */
  prefix: string;
  settings: ServerSettings;
  resolver: ConfigResolver;
}

export class ProjectConfig {
  private resolver: ConfigResolver;
  private readonly reported = new Set<string>();
  private folderSettings: readonly FolderSettings[] = [];
  /** One per folder with settings of its own, the innermost first. */
  private scopes: Scope[] = [];

  constructor(private settings: ServerSettings, private readonly report: (message: string) => void) {
    this.resolver = this.createResolver();
  }

  /**
   * New settings (with `folders`: the settings of each workspace folder too), or a config file changed on disk:
   * forget every cached file.
   */
  reset(settings: ServerSettings = this.settings, folders: readonly FolderSettings[] = this.folderSettings): void {
    this.settings = settings;
    this.folderSettings = folders;
    this.reported.clear();
    this.resolver = this.createResolver();
    this.scopes = folders
      .map((f) => ({ prefix: f.uri.endsWith('/') ? f.uri : `${f.uri}/`, settings: f.settings, resolver: this.createResolver(f.settings) }))
      .sort((a, b) => b.prefix.length - a.prefix.length);
  }

  /** The settings that apply to a document: its workspace folder's, else the workspace's. */
  settingsFor(uri: string): ServerSettings {
    return this.scopeOf(uri)?.settings ?? this.settings;
  }

  private scopeOf(uri: string): Scope | undefined {
    return this.scopes.find((s) => uri.startsWith(s.prefix));
  }

  /** The resolver itself, for walking the workspace with the CLI's file collector. */
  get currentResolver(): ConfigResolver {
    return this.resolver;
  }

  forUri(uri: string): DocumentConfig {
    const path = filePath(uri);
    const settings = this.settingsFor(uri);
    if (path === undefined) return { config: this.withOverrides(DEFAULT_CONFIG, settings), ignored: false };
    try {
      const loaded = (this.scopeOf(uri)?.resolver ?? this.resolver).forFile(path);
      return { config: loaded.config, ignored: isIgnoredByConfig(loaded, path) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!this.reported.has(error.message)) {
        this.reported.add(error.message);
        this.report(`barrierlint: ${error.message} (using the defaults and the editor settings)`);
      }
      return { config: this.withOverrides(DEFAULT_CONFIG, settings), ignored: false };
    }
  }

  private withOverrides(config: BarrierlintConfig, settings: ServerSettings): BarrierlintConfig {
    const overrides = settingsOverrides(settings);
    return {
      ...config,
      platform: overrides.platform ?? config.platform,
      rules: { ...config.rules, ...overrides.rules },
    };
  }

  private createResolver(settings: ServerSettings = this.settings): ConfigResolver {
    return new ConfigResolver({ overrides: settingsOverrides(settings) });
  }
}
