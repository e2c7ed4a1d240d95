// Hover on a barrier site: the construction's kind and resource, every field with its enumerator names and raw
// value, the tracked state of the resource before and after it, and any other analysis output on the site (the
// Xbox cost).
import type { Hover, Position, Range as LspRange } from 'vscode-languageserver';
import type { SiteFact } from '../analyze';
import { lookupEnumIdentifier } from '../model/enums';
import type { CostReport } from '../report/site-cost';
import { stateWords, type EditorSite, type SubmittedBarrier } from './editor-views';

/** The keys every SiteFact has; anything else on a site is extra analysis output (tracked state, cost). */
const BASE_KEYS = new Set(['kind', 'line', 'column', 'endLine', 'endColumn', 'resource', 'fields', 'tracked', 'submitted']);

/** LSP range of a site (SiteFact lines and columns are 1-based, columns in UTF-16 code units). */
export function siteRange(site: SiteFact): LspRange {
  return {
    start: { line: site.line - 1, character: site.column - 1 },
    end: { line: site.endLine - 1, character: site.endColumn - 1 },
  };
}

function contains(range: LspRange, pos: Position): boolean {
  const afterStart = pos.line > range.start.line ||
    (pos.line === range.start.line && pos.character >= range.start.character);
  const beforeEnd = pos.line < range.end.line || (pos.line === range.end.line && pos.character <= range.end.character);
  return afterStart && beforeEnd;
}

function size(range: LspRange): number {
  return (range.end.line - range.start.line) * 100_000 + (range.end.character - range.start.character);
}

/** The innermost site under the cursor (a barrier inside a group inside a call: the barrier). */
export function siteAt(sites: readonly SiteFact[], pos: Position): SiteFact | undefined {
  let best: SiteFact | undefined;
  for (const site of sites) {
    if (contains(siteRange(site), pos) && (!best || size(siteRange(site)) < size(siteRange(best)))) best = site;
  }
  return best;
}

/** `D3D12_BARRIER_SYNC_DRAW|D3D12_BARRIER_SYNC_COPY` → its raw value, when every part is a known enumerator. */
export function rawValue(value: string | number): number | undefined {
  if (typeof value === 'number') return value;
  let total = 0;
  for (const part of value.split('|').map((p) => p.trim())) {
    const found = lookupEnumIdentifier(part);
    if (found?.value === undefined) return undefined;
    total = (total | found.value) >>> 0;
  }
  return total;
}

/** 2^64 as a double: what UINT64_MAX (0xffffffffffffffff) becomes as a JavaScript number. */
const UINT64_MAX_AS_NUMBER = 2 ** 64;

function formatRaw(value: number): string {
  if (value >= UINT64_MAX_AS_NUMBER) return '`UINT64_MAX` (0xffffffffffffffff)';
  if (value > Number.MAX_SAFE_INTEGER) return String(value);
  return value < 0 ? String(value) : `0x${value.toString(16)}`;
}

/** Enumerators that share a value with another name the code may have written (PRESENT is COMMON, 0). */
const ALSO_NAMED: Readonly<Record<string, string>> = {
  D3D12_RESOURCE_STATE_COMMON: 'D3D12_RESOURCE_STATE_PRESENT',
};

function formatField(value: string | number | null): string {
  if (value === null) return '*unknown*';
  if (typeof value === 'string' && ALSO_NAMED[value]) return `\`${value}\` = \`${ALSO_NAMED[value]}\` (0x0)`;
  if (typeof value === 'string' && /^(UINT64_MAX|0xffffffffffffffff)$/i.test(value)) return '`UINT64_MAX` (0xffffffffffffffff)';
  const raw = rawValue(value);
  const names = typeof value === 'number' ? formatRaw(value) : value.split('|').map((p) => `\`${p.trim()}\``).join(' \\| ');
  return raw === undefined || typeof value === 'number' ? names : `${names} (${formatRaw(raw)})`;
}

function formatExtra(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return '*unknown*';
  // Lists of names (a barrier's cost: stages, caches) read best on one line.
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) {
    return value.length === 0 ? 'none' : value.map((v) => `\`${String(v)}\``).join(', ');
  }
  if (typeof value !== 'object') return typeof value === 'string' ? `\`${value}\`` : String(value);
  const indent = '  '.repeat(depth);
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `\n${indent}- ${k}: ${formatExtra(v, depth + 1)}`)
    .join('');
}

const trackedValue = (v: string): string =>
  v === 'unknown' ? '*unknown*' : v.split(' or ').map((p) => (ALSO_NAMED[p] ? `\`${p}\` (= \`${ALSO_NAMED[p]}\`)` : `\`${p}\``)).join(' or ');

const names = (xs: string[] | null): string => (xs === null ? '*unknown*' : xs.length === 0 ? 'none' : xs.map((x) => `\`${x}\``).join(', '));

/** The Xbox Series X|S cost in the words of `barrierlint --explain` (one line per stage/cache/decompression item). */
export function renderCost(cost: CostReport): string[] {
  const out = ['', '**Cost on Xbox Series X|S**', ''];
  if (cost.translated) {
    const fields = Object.entries(cost.translated).map(([k, v]) => `${k} ${v === null ? '*unknown*' : `\`${v}\``}`);
    out.push(`- translated by the driver to: ${fields.length > 0 ? fields.join(', ') : '*unknown*'}`);
  }
  if (cost.split) out.push(`- split: ${cost.split === 'begin' ? 'begin — made immediate here, CE and PFP blocked' : 'end — ignored by the driver'}`);
  out.push(`- stages drained: ${names(cost.drained)}`, `- stages blocked: ${names(cost.blocked)}`);
  out.push(`- caches written back: ${names(cost.writeBack)}`, `- caches invalidated: ${names(cost.invalidate)}`);
  const decompress = cost.decompress === null
    ? '*unknown* (layouts not known, or not in the seed table)'
    : cost.decompress.length === 0 ? 'none' : cost.decompress.map((d) => `${d.table}: ${d.states.length === 0 ? 'none' : d.states.join(', ')}`).join('; ');
  out.push(`- decompression: ${decompress}`);
  for (const n of cost.notes) out.push(`- note: ${n}`);
  for (const d of cost.derived) out.push(`- derived (not in the seed tables): ${d}`);
  return out;
}

/** The tracker's view of the resource around this barrier: layout, access and legacy state, before and after. */
function renderTracked(tracked: NonNullable<SiteFact['tracked']>): string[] {
  const columns = (['layout', 'access', 'state'] as const)
    .filter((c) => tracked.before[c] !== 'unknown' || tracked.after[c] !== 'unknown');
  if (columns.length === 0) return ['', `Tracked state of \`${tracked.resource}\`: *unknown* (no earlier barrier or creation in reach)`];
  const titles = { layout: 'Layout', access: 'Access', state: 'Legacy state' };
  return [
    '',
    `Tracked state of \`${tracked.resource}\`:`,
    '',
    `| | ${columns.map((c) => titles[c]).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`,
    `| before | ${columns.map((c) => trackedValue(tracked.before[c])).join(' | ')} |`,
    `| after | ${columns.map((c) => trackedValue(tracked.after[c])).join(' | ')} |`,
  ];
}

/** A Barrier()/ResourceBarrier() call: each barrier it submits, with the tracked state before and after it. */
function renderSubmitted(call: SiteFact, submitted: readonly SubmittedBarrier[]): string[] {
  const out = ['', `Submits ${submitted.length} barrier${submitted.length === 1 ? '' : 's'}:`, '', '| # | Barrier | Resource | Line | Before | After |', '|---|---|---|---|---|---|'];
  submitted.forEach((b, i) => {
    const before = b.tracked ? stateWords(b.tracked.before) : 'unknown';
    const after = b.tracked ? stateWords(b.tracked.after) : 'unknown';
    const words = (w: string): string => (w === 'unknown' ? '*unknown*' : `\`${w}\``);
    out.push(`| ${i} | ${b.kind} | ${b.resource ? `\`${b.resource}\`` : '*unknown*'} | ${call.line + b.lineOffset} | ${words(before)} | ${words(after)} |`);
  });
  return out;
}

export function renderSite(site: SiteFact): string {
  const lines = [`**barrierlint** · \`${site.kind}\`${site.resource ? ` on \`${site.resource}\`` : ''}`];
  const fields = Object.entries(site.fields);
  if (fields.length > 0) {
    lines.push('', '| Field | Value |', '|---|---|');
    for (const [name, value] of fields) lines.push(`| ${name} | ${formatField(value)} |`);
  }
  if (site.tracked) lines.push(...renderTracked(site.tracked));
  const submitted = (site as EditorSite).submitted;
  if (submitted && submitted.length > 0) lines.push(...renderSubmitted(site, submitted));
  for (const [key, value] of Object.entries(site as unknown as Record<string, unknown>)) {
    if (BASE_KEYS.has(key) || value === undefined) continue;
    if (key === 'cost' && value && typeof value === 'object' && 'drained' in value) lines.push(...renderCost(value as CostReport));
    else lines.push('', `**${key}**:${formatExtra(value)}`);
  }
  return lines.join('\n');
}

export function hoverAt(sites: readonly SiteFact[], pos: Position): Hover | null {
  const site = siteAt(sites, pos);
  if (!site) return null;
  return { contents: { kind: 'markdown', value: renderSite(site) }, range: siteRange(site) };
}
