// The configuration each open document is analysed with: the nearest barrierlint.jsonc (read by the same resolver
// the CLI uses, `extends` included) with the editor settings on top. The resolver caches files; it is rebuilt when
// the settings change or a barrierlint.json(c) changes on disk. An invalid config file is reported once and the
// document is analysed with the defaults and settings.
import { fileURLToPath } from 'node:url';
import { ConfigError, ConfigResolver, isIgnoredByConfig, type ConfigOverrides } from '../config/config';
import { isLevel } from '../report/rule-levels';
import type { BarrierlintConfig, Level } from '../types';
import { DEFAULT_CONFIG } from '../types';
import type { ServerSettings } from './settings';

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

export class ProjectConfig {
  private resolver: ConfigResolver;
  private readonly reported = new Set<string>();

  constructor(private settings: ServerSettings, private readonly report: (message: string) => void) {
    this.resolver = this.createResolver();
  }

  /** New settings, or a config file changed on disk: forget every cached file. */
  reset(settings: ServerSettings = this.settings): void {
    this.settings = settings;
    this.reported.clear();
    this.resolver = this.createResolver();
  }

  /** The resolver itself, for walking the workspace with the CLI's file collector. */
  get currentResolver(): ConfigResolver {
    return this.resolver;
  }

  forUri(uri: string): DocumentConfig {
    const path = filePath(uri);
    if (path === undefined) return { config: this.withOverrides(DEFAULT_CONFIG), ignored: false };
    try {
      const loaded = this.resolver.forFile(path);
      return { config: loaded.config, ignored: isIgnoredByConfig(loaded, path) };
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      if (!this.reported.has(error.message)) {
        this.reported.add(error.message);
        this.report(`barrierlint: ${error.message} (using the defaults and the editor settings)`);
      }
      return { config: this.withOverrides(DEFAULT_CONFIG), ignored: false };
    }
  }

  private withOverrides(config: BarrierlintConfig): BarrierlintConfig {
    const overrides = settingsOverrides(this.settings);
    return {
      ...config,
      platform: overrides.platform ?? config.platform,
      rules: { ...config.rules, ...overrides.rules },
    };
  }

  private createResolver(): ConfigResolver {
    return new ConfigResolver({ overrides: settingsOverrides(this.settings) });
  }
}
