// The command line as contracts.md fixes it, parsed with commander. Every invalid option value is a usage
// error naming the option and what is allowed (exit 2); nothing is silently defaulted.
import * as path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { closestRuleOrMessage, isKnownRuleOrMessage } from '../report/rule-registry';
import { LEVELS, isLevel } from '../report/rule-levels';
import { TOOL_NAME, toolVersion } from '../report/output-model';
import type { Level, Platform } from '../types';
import { PLATFORMS } from '../types';
import type { Shard } from '../files/collect';
import { type ExplainTarget, parseExplainTarget } from './explain';

export const FORMATS = ['text', 'json', 'sarif', 'facts'] as const;
export type Format = (typeof FORMATS)[number];

export interface RunOptions {
  paths: string[];
  format: Format;
  platform?: Platform;
  configFile?: string;
  rules: Record<string, Level>;
  maxWarnings?: number;
  quiet: boolean;
  /** Worker threads; 'auto' picks by the number of files, up to one fewer than the cores (lint.ts workerCount). */
  jobs: number | 'auto';
  /** `--file-timeout S`: a file whose analysis takes longer fails; the run goes on. */
  fileTimeoutSeconds?: number;
  shard?: Shard;
  baseline?: string;
  baselinePrune: boolean;
  /** `--baseline-create`: record every finding into the baseline file (creating or replacing it). */
  baselineCreate: boolean;
  cache: boolean;
  cacheLocation: string;
  color: boolean;
  printConfig?: string;
  /** `--explain FILE:LINE`: print the Xbox Series cost of the barriers on that line instead of linting. */
  explain?: ExplainTarget;
  /** `--stdio` / `--node-ipc`: run the language server instead of linting. */
  languageServer: boolean;
}

function positiveInteger(name: string, allowZero: boolean) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d+$/.test(value) || (!allowZero && n === 0)) {
      throw new InvalidArgumentError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer.`);
    }
    return n;
  };
}

function ruleLevel(value: string, previous: Record<string, Level>): Record<string, Level> {
  const match = /^([^=]+)=(.*)$/.exec(value);
  if (!match) throw new InvalidArgumentError(`expected ID=${LEVELS.join('|')}.`);
  const [, id, level] = match;
  if (!isLevel(level)) throw new InvalidArgumentError(`level '${level}' is not one of ${LEVELS.join(', ')}.`);
  if (!isKnownRuleOrMessage(id)) {
    const hint = closestRuleOrMessage(id);
    throw new InvalidArgumentError(
      `unknown rule '${id}' (expected a rule id or a debug-layer message name${hint ? `; did you mean '${hint}'?` : ''}).`,
    );
  }
  const next = { ...previous };
  delete next[id];
  next[id] = level;
  return next;
}

function explainTarget(value: string): ExplainTarget {
  const target = parseExplainTarget(value);
  if (!target) throw new InvalidArgumentError('expected FILE:LINE with a 1-based line (for example src/frame.cpp:42).');
  return target;
}

function shard(value: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) {
    throw new InvalidArgumentError('expected I/N with 1 <= I <= N (for example 2/4).');
  }
  return { index, count };
}

export function buildProgram(): Command {
  return new Command()
    .name(TOOL_NAME)
    .description('Static validator for Direct3D 12 barrier code (enhanced and legacy barriers).')
    .version(toolVersion(), '-v, --version')
    .argument('[paths...]', 'files and directories to lint', ['.'])
    .addOption(new Option('--format <format>', 'output format').choices(FORMATS).default('text'))
    .addOption(new Option('--platform <platform>', 'target platform (default: the config file\'s, else pc)').choices(PLATFORMS))
    .option('--config <file>', 'use this config file instead of the nearest barrierlint.jsonc/.json')
    .option('--rule <id=level>', `set a rule's level (${LEVELS.join('|')}); repeatable`, ruleLevel, {})
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', positiveInteger('--max-warnings', true))
    .option('--quiet', 'report errors only', false)
    .option('--jobs <n>', 'worker threads (default: one per 50 files, up to one fewer than the cores; in-process on 2 cores)', positiveInteger('--jobs', false))
    .option('--file-timeout <seconds>', 'fail a file whose analysis takes longer (default: 60)', positiveInteger('--file-timeout', false))
    .option('--shard <i/n>', 'lint only shard I of N (files assigned by path hash)', shard)
    .option('--baseline <file>', 'report only findings not recorded in FILE (a missing FILE is an error)')
    .option('--baseline-create', 'record every finding in the --baseline FILE (creating or replacing it) and exit 0', false)
    .option('--baseline-prune', 'remove baseline entries that no longer occur', false)
    .option('--cache', 'reuse results of unchanged files')
    .option('--no-cache', 'do not use the result cache (default)')
    .option('--cache-location <dir>', 'cache directory (default: node_modules/.cache/barrierlint)')
    .option('--no-color', 'never color the text output')
    .option('--print-config <file>', 'print the effective configuration for FILE and exit')
    .option('--explain <file:line>', 'print what the barriers on FILE:LINE cost on Xbox Series X|S and exit', explainTarget)
    .option('--stdio', 'run the language server over stdin/stdout')
    .addOption(new Option('--node-ipc', 'run the language server over Node IPC').hideHelp())
    .showHelpAfterError('(run barrierlint --help for usage)')
    .exitOverride();
}

interface RawOptions {
  format: Format;
  platform?: Platform;
  config?: string;
  rule: Record<string, Level>;
  maxWarnings?: number;
  quiet: boolean;
  jobs?: number;
  fileTimeout?: number;
  shard?: Shard;
  baseline?: string;
  baselinePrune: boolean;
  baselineCreate: boolean;
  cache?: boolean;
  cacheLocation?: string;
  color: boolean;
  printConfig?: string;
  explain?: ExplainTarget;
  stdio?: boolean;
  nodeIpc?: boolean;
}

/** Thrown for option combinations commander cannot check by itself. */
export class UsageError extends Error {}

export function toRunOptions(program: Command, cwd: string): RunOptions {
  const raw = program.opts<RawOptions>();
  if (raw.baselinePrune && !raw.baseline) throw new UsageError('--baseline-prune needs --baseline FILE.');
  if (raw.baselineCreate && !raw.baseline) throw new UsageError('--baseline-create needs --baseline FILE.');
  if (raw.baselineCreate && raw.baselinePrune) throw new UsageError('--baseline-create and --baseline-prune cannot be combined.');
  return {
    paths: program.processedArgs[0] as string[],
    format: raw.format,
    platform: raw.platform,
    configFile: raw.config,
    rules: raw.rule,
    maxWarnings: raw.maxWarnings,
    quiet: raw.quiet,
    jobs: raw.jobs ?? 'auto',
    fileTimeoutSeconds: raw.fileTimeout,
    shard: raw.shard,
    baseline: raw.baseline,
    baselinePrune: raw.baselinePrune,
    baselineCreate: raw.baselineCreate,
    cache: raw.cache === true,
    cacheLocation: path.resolve(cwd, raw.cacheLocation ?? path.join('node_modules', '.cache', TOOL_NAME)),
    color: raw.color,
    printConfig: raw.printConfig,
    explain: raw.explain,
    languageServer: raw.stdio === true || raw.nodeIpc === true,
  };
}
