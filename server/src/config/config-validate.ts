// Parses and validates one configuration file. Every problem is a ConfigError whose message names the file,
// the key and what is allowed; invalid configuration is never silently ignored (the CLI exits 2).
import Ajv, { type ErrorObject } from 'ajv';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { LineIndex } from '../parse/positions';
import { CONFIG_KEYS, CONFIG_SCHEMA, type RawConfig } from './config-schema';
import { closestRuleOrMessage, isKnownRuleOrMessage } from '../report/rule-registry';

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    detail: string,
    at?: { line: number; column: number },
  ) {
    super(`${file}${at ? `:${at.line}:${at.column}` : ''}: ${detail}`);
    this.name = 'ConfigError';
  }
}

let validator: ReturnType<Ajv['compile']> | undefined;

/** Parses JSONC text (comments and trailing commas allowed) and validates it against CONFIG_SCHEMA. */
export function parseConfigText(text: string, file: string): RawConfig {
  if (text.trim() === '') throw new ConfigError(file, 'the file is empty; expected a JSON object');
  const errors: ParseError[] = [];
  const data: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const { offset, error } = errors[0];
    const { line, column } = new LineIndex(text).position(offset);
    throw new ConfigError(file, `invalid JSONC: ${printParseErrorCode(error)}`, { line: line + 1, column: column + 1 });
  }
  if (data === undefined) throw new ConfigError(file, 'the file is empty; expected a JSON object');
  validator ??= new Ajv({ allErrors: false, strict: true }).compile(CONFIG_SCHEMA);
  if (!validator(data)) {
    const errs = validator.errors ?? [];
    throw new ConfigError(file, describe(errs[errs.length - 1], data));
  }
  const config = data as RawConfig;
  for (const id of Object.keys(config.rules ?? {})) {
    if (isKnownRuleOrMessage(id)) continue;
    const hint = closestRuleOrMessage(id);
    throw new ConfigError(
      file,
      `rules.${id}: unknown rule '${id}' (expected a rule id or a debug-layer message name` +
        `${hint ? `; did you mean '${hint}'?` : ''})`,
    );
  }
  return config;
}

function describe(error: ErrorObject | undefined, data: unknown): string {
  if (!error) return 'invalid configuration';
  const segments = error.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const key = segments.join('.');
  const value = segments.reduce<unknown>((v, s) => (v as Record<string, unknown> | undefined)?.[s], data);
  const at = key === '' ? '' : `${key}: `;
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      return `${at}unknown key '${extra}' (allowed keys: ${CONFIG_KEYS.join(', ')})`;
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String).join(', ');
      return `${at}${shown(value)} is not allowed (allowed: ${allowed})`;
    }
    case 'type':
      return `${at}must be ${article(String(error.params.type))}, not ${shown(value)}`;
    case 'anyOf':
      return `${at}must be a string or an array of strings, not ${shown(value)}`;
    default:
      return `${at}${error.message ?? 'invalid value'}`;
  }
}

/**
 * A value named in a message: short scalars as written, anything else by its type only, so an error never
 * echoes the content of a file (a secret in a file `extends` pointed at).
 */
function shown(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (typeof value === 'string' && value.length <= 40 && /^[\w .,:/@+-]*$/.test(value)) return JSON.stringify(value);
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  return Array.isArray(value) ? 'an array' : `${article(typeof value)}`;
}

function article(type: string): string {
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${type}`;
}
