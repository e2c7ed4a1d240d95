// What every output writer receives: the linted files in command-line order with their (filtered) results,
// display paths, and helpers shared by the writers (sorting, 1-based positions, tool identity).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AnalysisResult } from './analysis-result';
import type { Finding, Platform, Range } from '../types';

export const TOOL_NAME = 'barrierlint';
export const TOOL_INFORMATION_URI = 'https://github.com/barrierlint/barrierlint';

export interface FileReport {
  /** As given on the command line, or relative to the current directory when found by walking. */
  path: string;
  result: AnalysisResult;
}

export interface ReportInput {
  platform: Platform;
  files: readonly FileReport[];
  /** Display path for a finding's or related location's uri. */
  pathOf(uri: string): string;
}

let version: string | undefined;

/** The tool version from the package.json this code was shipped in. */
export function toolVersion(): string {
  if (version !== undefined) return version;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      const pkg = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === TOOL_NAME && pkg.version) return (version = pkg.version);
    }
    if (path.dirname(dir) === dir) return (version = '0.0.0');
  }
}

/** 1-based start and end (end column points after the last character, as in SARIF). */
export function oneBased(range: Range): { line: number; column: number; endLine: number; endColumn: number } {
  return {
    line: range.startLine + 1,
    column: range.startColumn + 1,
    endLine: range.endLine + 1,
    endColumn: range.endColumn + 1,
  };
}

/** Findings in source order; ties broken by rule and message so output is deterministic. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return [...findings].sort(
    (a, b) =>
      a.range.startLine - b.range.startLine ||
      a.range.startColumn - b.range.startColumn ||
      a.range.endLine - b.range.endLine ||
      a.range.endColumn - b.range.endColumn ||
      compare(a.rule, b.rule) ||
      compare(a.message, b.message),
  );
}

export function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function countBySeverity(files: readonly FileReport[]): { errors: number; warnings: number; infos: number } {
  const counts = { errors: 0, warnings: 0, infos: 0 };
  for (const file of files) {
    for (const f of file.result.findings) {
      if (f.severity === 'error') counts.errors++;
      else if (f.severity === 'warning') counts.warnings++;
      else counts.infos++;
    }
  }
  return counts;
}
