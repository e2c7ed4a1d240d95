// JSON schema of barrierlint.jsonc / barrierlint.json (draft-07). The single source for validation; the allowed
// values listed in error messages come from the same enums.
import { PLATFORMS } from '../types';
import { LEVELS } from '../report/rule-levels';

export const COMMAND_LIST_TYPES = [
  'direct', 'bundle', 'compute', 'copy', 'video-decode', 'video-process', 'video-encode',
] as const;

export const CONFIG_KEYS = [
  '$schema', 'extends', 'platform', 'rules', 'legacyBarrierTranslation', 'commandLists', 'ignore',
] as const;

export const CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'barrierlint configuration',
  type: 'object',
  additionalProperties: false,
  properties: {
    $schema: { type: 'string' },
    extends: {
      description: 'Path of a configuration file this one builds on (relative to this file), or several.',
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
    platform: { description: 'Target platform.', enum: [...PLATFORMS] },
    rules: {
      description: 'Rule levels keyed by rule id or by debug-layer message name; the last matching entry wins.',
      type: 'object',
      additionalProperties: { enum: [...LEVELS] },
    },
    legacyBarrierTranslation: {
      description: 'xbox-series: false = D3D__DisableLegacyResourceBarrierTranslation mode.',
      type: 'boolean',
    },
    commandLists: {
      description: 'Command-list variable/member names whose list type cannot be inferred.',
      type: 'object',
      additionalProperties: { enum: [...COMMAND_LIST_TYPES] },
    },
    ignore: {
      description: 'Glob patterns (gitignore syntax, relative to this file) of files not to lint.',
      type: 'array',
      items: { type: 'string' },
    },
  },
} as const;

/** The configuration file as written (before `extends` is followed). */
export interface RawConfig {
  $schema?: string;
  extends?: string | string[];
  platform?: (typeof PLATFORMS)[number];
  rules?: Record<string, (typeof LEVELS)[number]>;
  legacyBarrierTranslation?: boolean;
  commandLists?: Record<string, (typeof COMMAND_LIST_TYPES)[number]>;
  ignore?: string[];
}
