// Turns a run's outcomes into output and an exit status: baseline filtering, --quiet, the chosen format on
// stdout, problems and summaries on stderr. Exit 2 whenever any file was not completely linted.
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Baseline, BaselineError, type BaselineFile, applyBaseline, createBaseline, readBaseline, writeBaseline } from '../report/baseline';
import { renderFacts, renderJson } from '../report/json';
import { type FileReport, type ReportInput, countBySeverity } from '../report/output-model';
import { renderSarif } from '../report/sarif';
import { renderText, summaryLine } from '../report/text';
import type { Finding, Platform } from '../types';
import type { RunOptions } from './options';
import type { FileOutcome } from './outcome';
import type { RunIo } from './run-io';

export function reportRun(input: {
  outcomes: readonly FileOutcome[];
  missing: readonly { path: string; message: string }[];
  options: RunOptions;
  platform: Platform;
  io: RunIo;
}): number {
  const { outcomes, options, io } = input;
  const failures = [
    ...input.missing,
    ...outcomes.filter((o) => o.failure).map((o) => ({ path: o.target.display, message: o.failure as string })),
  ];
  const linted = outcomes.filter((o) => o.result);
  let findings = linted.map((o) => o.result?.findings ?? []);
  if (options.baseline && options.format !== 'facts') findings = filterByBaseline(options, linted, findings, io);
  if (options.quiet) findings = findings.map((fs) => fs.filter((f) => f.severity === 'error'));
  const files: FileReport[] = linted.map((o, i) => ({
    path: o.target.display,
    result: { ...(o.result as NonNullable<FileOutcome['result']>), findings: findings[i] },
  }));
  const displayByUri = new Map(outcomes.map((o) => [o.uri, o.target.display]));
  const report: ReportInput = {
    platform: input.platform,
    files,
    pathOf: (uri) => displayByUri.get(uri) ?? displayPathOf(uri, io.cwd),
  };
  io.stdout(render(report, options, failures, io));
  for (const o of outcomes) if (o.note) io.stderr(`barrierlint: note: ${o.target.display}: ${o.note}\n`);
  for (const f of failures) io.stderr(`barrierlint: ${f.path}: ${f.message}\n`);
  const counts = countBySeverity(files);
  if (options.format === 'text') {
    const summary = summaryLine(counts);
    if (summary) io.stderr(`${summary} in ${files.length} file${files.length === 1 ? '' : 's'}\n`);
  }
  if (failures.length > 0) {
    io.stderr(`barrierlint: ${failures.length} path${failures.length === 1 ? '' : 's'} could not be linted; the run is incomplete\n`);
    return 2;
  }
  if (counts.errors > 0) return 1;
  if (options.maxWarnings !== undefined && counts.warnings > options.maxWarnings) {
    io.stderr(`barrierlint: too many warnings (${counts.warnings}; --max-warnings ${options.maxWarnings})\n`);
    return 1;
  }
  return 0;
}

function render(report: ReportInput, options: RunOptions, failures: { path: string; message: string }[], io: RunIo): string {
  switch (options.format) {
    case 'json':
      return renderJson(report);
    case 'facts':
      return renderFacts(report);
    case 'sarif':
      return renderSarif(report, { cwd: io.cwd, failures, shard: options.shard });
    case 'text':
      return renderText(report, { color: io.color });
  }
}

function filterByBaseline(options: RunOptions, linted: readonly FileOutcome[], findings: Finding[][], io: RunIo): Finding[][] {
  const file = path.resolve(io.cwd, options.baseline as string);
  const inputs: BaselineFile[] = linted.map((o, i) => ({
    file: o.target.abs, findings: findings[i], complete: !o.failure,
  }));
  if (options.baselineCreate) {
    const created = createBaseline(file, inputs);
    writeBaseline(file, created);
    const total = created.entries.reduce((n, e) => n + e.count, 0);
    io.stderr(`barrierlint: baseline: recorded ${total} finding${total === 1 ? '' : 's'} in ${options.baseline} (${file})\n`);
    return findings.map(() => []);
  }
  const existing: Baseline | null = readBaseline(file);
  if (!existing) {
    throw new BaselineError(`${options.baseline}: no such baseline (${file}); to record one, run with --baseline-create`);
  }
  const outcome = applyBaseline(file, existing, inputs);
  const stale = outcome.stale.reduce((n, e) => n + e.count, 0);
  if (options.baselinePrune) {
    writeBaseline(file, outcome.pruned);
    io.stderr(`barrierlint: baseline: ${outcome.matched} known, removed ${stale} entr${stale === 1 ? 'y' : 'ies'} that no longer occur\n`);
  } else if (stale > 0) {
    io.stderr(
      `barrierlint: baseline: ${outcome.matched} known, ${stale} entr${stale === 1 ? 'y no longer occurs' : 'ies no longer occur'}` +
        ` (run with --baseline-prune to remove ${stale === 1 ? 'it' : 'them'})\n`,
    );
  }
  return outcome.kept;
}

function displayPathOf(uri: string, cwd: string): string {
  if (!uri.startsWith('file:')) return uri;
  const abs = fileURLToPath(uri);
  const rel = path.relative(cwd, abs);
  return (rel.startsWith('..') ? abs : rel).split(path.sep).join('/');
}
