// `barrierlint --explain FILE:LINE`: what the barriers on that line cost on Xbox Series X|S (xbox-platform.md § 1,
// from the seeds' tables): every field resolved, the enhanced barrier a legacy one is translated to, the stages
// drained and blocked, the caches written back and invalidated, what is decompressed (TC and/or non-TC), which
// inputs are barrierlint's own derivations, and the findings on the line. Text, or JSON with --format json.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze, type SiteFact } from '../analyze';
import type { ConfigResolver } from '../config/config';
import { forEachEvent } from '../extract/events';
import { type CostReport, isBarrierSite, siteCost } from '../report/site-cost';
import type { Platform } from '../types';
import { readSourceFile as readSource } from '../parse/read-policy';
import type { RunIo } from './run-io';

export interface ExplainTarget {
  file: string;
  /** 1-based. */
  line: number;
}

/** `src/frame.cpp:42` → file and line; undefined when the text has no `:LINE` suffix. */
export function parseExplainTarget(value: string): ExplainTarget | undefined {
  const m = /^(.+):(\d+)$/.exec(value);
  if (!m || Number(m[2]) < 1) return undefined;
  return { file: m[1], line: Number(m[2]) };
}

interface Explained {
  site: SiteFact;
  cost: CostReport;
}

const PLATFORM_NOTE: Record<Platform, string | null> = {
  'xbox-series': null,
  pc: 'the platform is pc: this is what the barrier would cost on Xbox Series X|S (the seeds document no PC costs)',
  'xbox-one': 'the platform is xbox-one: the seeds document Xbox Series X|S costs only; Xbox One has no enhanced '
    + 'barriers and its legacy path is not documented, so this is the Xbox Series X|S cost',
};

const list = (xs: string[] | null): string => (xs === null ? 'unknown' : xs.length === 0 ? 'none' : xs.join(', '));

function decompressText(cost: CostReport): string {
  if (cost.decompress === null) return 'unknown (layouts not known, or not in the seed table)';
  if (cost.decompress.length === 0) return 'none (no layout)';
  return cost.decompress.map((d) => `${d.table}: ${d.states.length === 0 ? 'none' : d.states.join(', ')}`).join('; ');
}

function explainText(display: string, e: Explained): string[] {
  const { site, cost } = e;
  const out = [`${display}:${site.line}:${site.column}: ${site.kind}${site.resource ? ` on '${site.resource}'` : ''}`];
  const width = Math.max(...Object.keys(site.fields).map((k) => k.length));
  for (const [k, v] of Object.entries(site.fields)) out.push(`  ${`${k}:`.padEnd(width + 2)}${v === null ? 'unknown' : v}`);
  if (cost.translated) {
    out.push('  translated by the driver to:');
    for (const [k, v] of Object.entries(cost.translated)) out.push(`    ${`${k}:`.padEnd(14)}${v ?? 'unknown'}`);
  }
  out.push('  cost on Xbox Series X|S:');
  if (cost.split) out.push(`    split:            ${cost.split === 'begin' ? 'begin — made immediate here, CE and PFP blocked' : 'end — ignored by the driver'}`);
  out.push(`    stages drained:   ${list(cost.drained)}`);
  out.push(`    stages blocked:   ${list(cost.blocked)}`);
  out.push(`    caches written back: ${list(cost.writeBack)}`);
  out.push(`    caches invalidated:  ${list(cost.invalidate)}`);
  out.push(`    decompression:    ${decompressText(cost)}`);
  for (const n of cost.notes) out.push(`    note: ${n}`);
  for (const d of cost.derived) out.push(`    derived (not in the seed tables): ${d}`);
  return out;
}

/** Runs --explain; returns the exit status (0 explained, 2 unreadable file or no barrier on the line). */
export function explain(target: ExplainTarget, opts: { configs: ConfigResolver; io: RunIo; json: boolean }): number {
  const { io } = opts;
  const abs = path.resolve(io.cwd, target.file);
  const source = readSource(abs);
  if (!source.ok) {
    io.stderr(`barrierlint: ${target.file}: ${source.message}\n`);
    return 2;
  }
  const config = opts.configs.forFile(abs).config;
  const result = analyze(source.text, pathToFileURL(abs).href, { config });
  const covers = (r: { startLine: number; endLine: number }): boolean => r.startLine + 1 <= target.line && target.line <= r.endLine + 1;
  let onLine = result.sites.filter((s) => isBarrierSite(s) && s.line <= target.line && target.line <= s.endLine);
  if (onLine.length === 0 && result.facts) {
    // A Barrier()/ResourceBarrier() call on the line: explain the barriers it applies.
    const ids = new Set<number>();
    for (const fn of result.facts.functions) {
      forEachEvent(fn.body, (e) => {
        if (e.kind === 'barrier-call' && covers(e.range)) e.groups?.forEach((g) => g.barriers?.forEach((b) => ids.add(b.site)));
        if (e.kind === 'resource-barrier-call' && covers(e.range)) e.barriers?.forEach((b) => ids.add(b.site));
      });
    }
    onLine = [...ids].sort((a, b) => a - b).map((i) => result.sites[i]).filter((s) => s && isBarrierSite(s));
  }
  const explained: Explained[] = onLine.map((site) => ({ site, cost: siteCost(site, result.sites) as CostReport }));
  if (explained.length === 0) {
    io.stderr(`barrierlint: ${target.file}:${target.line}: no barrier construction on this line\n`);
    return 2;
  }
  const findings = result.findings.filter((f) => covers(f.range));
  const note = PLATFORM_NOTE[config.platform];
  if (opts.json) {
    const doc = { file: target.file, line: target.line, platform: config.platform, ...(note ? { note } : {}),
      barriers: explained.map((e) => ({ ...e.site, cost: e.cost })),
      findings: findings.map((f) => ({ rule: f.rule, severity: f.severity, line: f.range.startLine + 1, message: f.message })) };
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  }
  const out: string[] = [];
  if (note) out.push(`note: ${note}`);
  for (const e of explained) out.push(...explainText(target.file, e));
  for (const f of findings) out.push(`${target.file}:${f.range.startLine + 1}:${f.range.startColumn + 1}: ${f.severity}: ${f.message}`);
  io.stdout(`${out.join('\n')}\n`);
  return 0;
}
