#!/usr/bin/env node
// `barrierlint`: the command line. Lints files and directories (see contracts.md for options, formats and exit
// codes), or with --stdio starts the language server. Exit 0 clean, 1 findings, 2 usage/input/internal errors.
/* NOTE: the CLI is the one place in server/ allowed to use the console (its stdout is the report). */
import * as path from 'node:path';
import { CommanderError } from 'commander';
import { ResultCache } from './cache';
import { explain } from './explain';
import { collectFiles, selectShard } from '../files/collect';
import { lintFiles } from './lint';
import { UsageError, buildProgram, toRunOptions, type RunOptions } from './options';
import { Progress } from './progress';
import { reportRun } from './report-run';
import type { RunIo } from './run-io';
import { BaselineError } from '../report/baseline';
import { ConfigError, ConfigResolver } from '../config/config';

export async function main(argv: readonly string[], io: RunIo): Promise<number> {
  const program = buildProgram().configureOutput({
    writeOut: (s) => io.stdout(s),
    writeErr: (s) => io.stderr(s),
  });
  let options: RunOptions;
  try {
    program.parse(argv, { from: 'user' });
    options = toRunOptions(program, io.cwd);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n(run barrierlint --help for usage)\n`);
      return 2;
    }
    throw error;
  }
  if (options.languageServer) return startLanguageServer(io);
  try {
    return await lint(options, io);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BaselineError) {
      io.stderr(`barrierlint: ${error.message}\n`);
      return 2;
    }
    io.stderr(`barrierlint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 2;
  }
}

async function lint(options: RunOptions, io: RunIo): Promise<number> {
  const configs = new ConfigResolver({
    configFile: options.configFile && path.resolve(io.cwd, options.configFile),
    overrides: { platform: options.platform, rules: options.rules },
    allowedRoots: [io.cwd],
  });
  if (options.printConfig) {
    const loaded = configs.forFile(path.resolve(io.cwd, options.printConfig));
    io.stdout(`${JSON.stringify(loaded.config, null, 2)}\n`);
    return 0;
  }
  if (options.explain) return explain(options.explain, { configs, io, json: options.format === 'json' });
  const collected = collectFiles(options.paths, io.cwd, configs);
  for (const note of collected.notes) io.stderr(`barrierlint: note: ${note}\n`);
  const targets = selectShard(collected.files, options.shard, io.cwd);
  const interactive = process.stderr.isTTY === true && options.format === 'text';
  const progress = new Progress(process.stderr, targets.length, interactive);
  const inShard = new Set(targets);
  const outcomes = await lintFiles(targets, {
    configs,
    jobs: options.jobs,
    fileTimeoutSeconds: options.fileTimeoutSeconds,
    cache: options.cache ? new ResultCache(options.cacheLocation) : undefined,
    progress,
    keepSites: options.format === 'facts',
    context: options.shard ? collected.files.filter((f) => !inShard.has(f)) : undefined,
  });
  progress.finish();
  // The JSON header's platform: the one every file was linted for (CLI override, else the cwd's config).
  const platform = configs.forDirectory(io.cwd).config.platform;
  const colored = { ...io, color: io.color && options.color };
  return reportRun({ outcomes, missing: collected.missing, options, platform, io: colored });
}

function startLanguageServer(io: RunIo): number {
  // NOTE: loaded lazily so a lint run never pays for the LSP packages; server/src/lsp/server.ts owns the rest.
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const server = require('../lsp/server') as { startServer(): void };
    server.startServer();
    return 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    io.stderr('barrierlint: the language server is not part of this build\n');
    return 2;
  }
}

if (require.main === module) {
  const io: RunIo = {
    cwd: process.cwd(),
    stdout: (s) => void process.stdout.write(s),
    stderr: (s) => void process.stderr.write(s),
    color: process.stdout.isTTY === true && !process.env.NO_COLOR,
  };
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      io.stderr(`barrierlint: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    },
  );
}
