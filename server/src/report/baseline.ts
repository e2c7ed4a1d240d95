// Baseline files: the findings a team accepted on day one, so later runs report only new ones.
// Entries are keyed by path (relative to the baseline file), rule and fingerprint, with a count so that two
// identical findings in one file need two entries. Entries of files that were not linted in a run (other
// shards, other paths) are neither reported as stale nor pruned.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readSmallTextFile } from '../parse/read-policy';
import type { Finding } from '../types';
import { fingerprint } from './fingerprint';
import { TOOL_NAME, compare } from './output-model';

export const BASELINE_FORMAT_VERSION = 1;
/** A baseline of a very large engine is a few MB; anything past this is not a baseline. */
export const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

export interface BaselineEntry {
  path: string;
  rule: string;
  fingerprint: string;
  count: number;
  /** The first occurrence's message, for humans reading the file; not used for matching. */
  message: string;
}

export interface Baseline {
  tool: string;
  baselineVersion: number;
  entries: BaselineEntry[];
}

/** One linted file: its absolute path, its findings, and whether its analysis completed. */
export interface BaselineFile {
  file: string;
  findings: readonly Finding[];
  complete: boolean;
}

export class BaselineError extends Error {}

/** Reads a baseline; null when the file does not exist. Throws BaselineError when it is not a baseline. */
export function readBaseline(file: string): Baseline | null {
  if (!fs.existsSync(file)) return null;
  const read = readSmallTextFile(file, MAX_BASELINE_BYTES);
  if (!read.ok) throw new BaselineError(`${file}: cannot read baseline: ${read.message}`);
  const text = read.text;
  let data: Partial<Baseline>;
  try {
    data = JSON.parse(text) as Partial<Baseline>;
  } catch {
    throw new BaselineError(`${file}: not a barrierlint baseline (invalid JSON)`);
  }
  if (data.tool !== TOOL_NAME || data.baselineVersion !== BASELINE_FORMAT_VERSION || !Array.isArray(data.entries)) {
    throw new BaselineError(`${file}: not a barrierlint baseline (expected baselineVersion ${BASELINE_FORMAT_VERSION})`);
  }
  return data as Baseline;
}

/**
 * Writes atomically: the whole baseline goes to a temporary file beside it, which then replaces the old file in
 * one rename. A write that fails midway (disk full, file-size limit, a killed run) leaves the old baseline intact.
 */
export function writeBaseline(file: string, baseline: Baseline): void {
  const target = path.resolve(file);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(temporary, `${JSON.stringify(baseline, null, 2)}\n`);
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw new BaselineError(`${file}: cannot write baseline (${(error as NodeJS.ErrnoException).code ?? error}); the previous file is unchanged`);
  }
}

function relativeTo(baselineFile: string, file: string): string {
  return path.relative(path.dirname(path.resolve(baselineFile)), file).split(path.sep).join('/');
}

const keyOf = (p: string, rule: string, fp: string): string => `${p}\u0000${rule}\u0000${fp}`;

/** A baseline recording every finding of `files`. */
export function createBaseline(baselineFile: string, files: readonly BaselineFile[]): Baseline {
  const entries = new Map<string, BaselineEntry>();
  for (const { file, findings } of files) {
    const rel = relativeTo(baselineFile, file);
    for (const finding of findings) {
      const fp = fingerprint(finding);
      const key = keyOf(rel, finding.rule, fp);
      const entry = entries.get(key);
      if (entry) entry.count++;
      else entries.set(key, { path: rel, rule: finding.rule, fingerprint: fp, count: 1, message: finding.message });
    }
  }
  const sorted = [...entries.values()].sort(
    (a, b) => compare(a.path, b.path) || compare(a.rule, b.rule) || compare(a.fingerprint, b.fingerprint),
  );
  return { tool: TOOL_NAME, baselineVersion: BASELINE_FORMAT_VERSION, entries: sorted };
}

export interface BaselineOutcome {
  /** Per input file, the findings the baseline does not cover. */
  kept: Finding[][];
  /** How many findings the baseline covered. */
  matched: number;
  /** Entries (with the unmatched count) of linted, completed files that no longer occur. */
  stale: BaselineEntry[];
  /** The baseline without its stale entries (for --baseline-prune). */
  pruned: Baseline;
}

export function applyBaseline(baselineFile: string, baseline: Baseline, files: readonly BaselineFile[]): BaselineOutcome {
  const remaining = new Map<string, number>();
  for (const e of baseline.entries) remaining.set(keyOf(e.path, e.rule, e.fingerprint), e.count);
  let matched = 0;
  const kept = files.map(({ file, findings }) => {
    const rel = relativeTo(baselineFile, file);
    return findings.filter((finding) => {
      const key = keyOf(rel, finding.rule, fingerprint(finding));
      const left = remaining.get(key) ?? 0;
      if (left === 0) return true;
      remaining.set(key, left - 1);
      matched++;
      return false;
    });
  });
  const linted = new Set(files.filter((f) => f.complete).map((f) => relativeTo(baselineFile, f.file)));
  const stale: BaselineEntry[] = [];
  const entries: BaselineEntry[] = [];
  for (const e of baseline.entries) {
    const left = remaining.get(keyOf(e.path, e.rule, e.fingerprint)) ?? 0;
    if (!linted.has(e.path) || left === 0) {
      entries.push(e);
    } else {
      stale.push({ ...e, count: left });
      if (left < e.count) entries.push({ ...e, count: e.count - left });
    }
  }
  return { kept, matched, stale, pruned: { ...baseline, entries } };
}
