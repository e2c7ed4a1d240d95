// The editor settings the language server honours (`barrierlint.*` in VS Code), their defaults, and how they
// combine with the project's barrierlint.jsonc. client/package.json declares the same keys; a drift test keeps
// the two in step. Settings arrive from untrusted JSON, so every field is validated and falls back to its default.
// How they combine with barrierlint.jsonc: project-config.ts.
import type { Level, Platform } from '../types';
import { PLATFORMS } from '../types';

/** The settings of one workspace folder (a multi-root workspace's folders can each set `barrierlint.*`). */
export interface FolderSettings {
  uri: string;
  settings: ServerSettings;
}

export type RunMode = 'onType' | 'onSave';
export type TraceLevel = 'off' | 'messages' | 'verbose';

export interface ServerSettings {
  /** 'auto' keeps the platform of barrierlint.jsonc (pc when there is none). */
  platform: Platform | 'auto';
  /** Rule levels that override barrierlint.jsonc in the editor, keyed by rule id or debug-layer message name. */
  rules: Record<string, Level>;
  run: RunMode;
  inlayHints: { enabled: boolean };
  /** Offer the legacy→enhanced rewrite when the list's interface version is unknown (default: only 7+). */
  fixes: { rewriteUnknownListTypes: boolean };
  trace: { server: TraceLevel };
}

export const DEFAULT_SETTINGS: ServerSettings = {
  platform: 'auto',
  rules: {},
  run: 'onType',
  inlayHints: { enabled: false },
  fixes: { rewriteUnknownListTypes: false },
  trace: { server: 'off' },
};

const LEVELS: readonly Level[] = ['off', 'info', 'warning', 'error'];
const RUN_MODES: readonly RunMode[] = ['onType', 'onSave'];
const TRACE_LEVELS: readonly TraceLevel[] = ['off', 'messages', 'verbose'];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Validates the `barrierlint` settings section a client sent; unknown or ill-typed values take their default. */
export function normalizeSettings(raw: unknown): ServerSettings {
  const section = record(raw);
  const rules: Record<string, Level> = {};
  for (const [id, level] of Object.entries(record(section.rules))) {
    if (typeof level === 'string' && (LEVELS as readonly string[]).includes(level)) rules[id] = level as Level;
  }
  return {
    platform: oneOf<Platform | 'auto'>(section.platform, ['auto', ...PLATFORMS], DEFAULT_SETTINGS.platform),
    rules,
    run: oneOf(section.run, RUN_MODES, DEFAULT_SETTINGS.run),
    inlayHints: {
      enabled: typeof record(section.inlayHints).enabled === 'boolean'
        ? (record(section.inlayHints).enabled as boolean)
        : DEFAULT_SETTINGS.inlayHints.enabled,
    },
    fixes: {
      rewriteUnknownListTypes: typeof record(section.fixes).rewriteUnknownListTypes === 'boolean'
        ? (record(section.fixes).rewriteUnknownListTypes as boolean)
        : DEFAULT_SETTINGS.fixes.rewriteUnknownListTypes,
    },
    trace: { server: oneOf(record(section.trace).server, TRACE_LEVELS, DEFAULT_SETTINGS.trace.server) },
  };
}

/** Flattens settings to the dotted keys VS Code uses (`barrierlint.trace.server`), for the drift test. */
export function flattenSettings(settings: ServerSettings, prefix = 'barrierlint'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (value: unknown, path: string, leafObject: boolean): void => {
    if (!leafObject && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, k === 'rules');
    } else {
      out[path] = value;
    }
  };
  walk(settings, prefix, false);
  return out;
}

/** Asks the client for the `barrierlint` section of the workspace and of each folder (workspace/configuration). */
export async function pullSettings(
  connection: { workspace: { getConfiguration(items: { section: string; scopeUri?: string }[]): Promise<unknown> } },
  folders: readonly string[],
): Promise<{ settings: ServerSettings; folders: FolderSettings[] }> {
  // NOTE: one folder's settings are the workspace's; only a multi-root workspace asks per folder.
  const scoped = folders.length > 1 ? folders : [];
  const answer = await connection.workspace.getConfiguration([{ section: 'barrierlint' }, ...scoped.map((scopeUri) => ({ section: 'barrierlint', scopeUri }))]);
  const [section, ...perFolder] = Array.isArray(answer) ? (answer as unknown[]) : [answer];
  // A client that answers fewer items (or null for one) leaves that folder with the workspace's settings.
  const own = scoped.flatMap((uri, i) => (perFolder[i] && typeof perFolder[i] === 'object' ? [{ uri, settings: normalizeSettings(perFolder[i]) }] : []));
  return { settings: normalizeSettings(section), folders: own };
}
