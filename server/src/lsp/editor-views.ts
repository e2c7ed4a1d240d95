// What the editor shows beyond diagnostics, from one analysis's facts and sites: the barriers each Barrier() /
// ResourceBarrier() call submits (hover on the call), and a resource's timeline through its function — every
// barrier that changes its state, in source order, with the tracked state before and after (what PIX shows only
// after a capture). Computed in the analysis worker, where the facts are; the results are plain data.
import type { SiteFact } from '../report/analysis-result';
import type { BarrierFact, FileFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { StateSummary } from '../track/env';
import type { Range } from '../types';
import type { FunctionSpan } from './function-spans';

/** One barrier a call submits, as hover lists it (its line relative to the call's, so moving the call moves it). */
export interface SubmittedBarrier {
  kind: string;
  resource: string | null;
  lineOffset: number;
  tracked?: { before: StateSummary; after: StateSummary };
}

/** A site as the language server keeps it: a call site also lists the barriers it submits. */
export type EditorSite = SiteFact & { submitted?: SubmittedBarrier[] };

const CALL_KINDS = new Set(['barrier-call', 'resource-barrier-call']);

/** The sites with, on each Barrier()/ResourceBarrier() call, the barriers it submits (when they could be followed). */
export function withSubmissions(sites: readonly SiteFact[], facts: FileFacts | undefined): EditorSite[] {
  if (!facts) return [...sites];
  const submitted = new Map<number, number[]>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      let barriers: BarrierFact[] = [];
      if (e.kind === 'barrier-call') barriers = (e.groups ?? []).flatMap((g) => g.barriers ?? []);
      else if (e.kind === 'resource-barrier-call') barriers = e.barriers ?? [];
      else return;
      if (e.site >= 0 && barriers.length > 0) submitted.set(e.site, barriers.map((b) => b.site).filter((s) => s >= 0));
    });
  }
  return sites.map((site, i) => {
    const list = submitted.get(i);
    if (!list || !CALL_KINDS.has(site.kind)) return site;
    const entries = list.flatMap((index) => {
      const b = sites[index];
      if (!b) return [];
      const entry: SubmittedBarrier = { kind: b.kind, resource: b.tracked?.resource ?? b.resource, lineOffset: b.line - site.line };
      if (b.tracked) entry.tracked = { before: b.tracked.before, after: b.tracked.after };
      return [entry];
    });
    return entries.length > 0 ? { ...site, submitted: entries } : site;
  });
}

/** A tracked state in a few words: the known columns only (layout, access, legacy state). */
export function stateWords(s: StateSummary): string {
  const parts = [s.layout, s.access, s.state].filter((v) => v !== 'unknown').map((v) => v.replace(/D3D12_(BARRIER_LAYOUT|BARRIER_ACCESS|RESOURCE_STATE)_/g, ''));
  return parts.length > 0 ? parts.join(', ') : 'unknown';
}

export interface TimelineEntry {
  /** 0-based position of the barrier construction. */
  line: number;
  character: number;
  kind: string;
  before: string;
  after: string;
}

export interface Timeline {
  resource: string;
  function: string;
  entries: TimelineEntry[];
}

const BARRIER_KINDS = new Set(['texture-barrier', 'buffer-barrier', 'global-barrier', 'legacy-transition', 'legacy-aliasing', 'legacy-uav', 'legacy-barrier']);
const isBarrier = (s: SiteFact): boolean => BARRIER_KINDS.has(s.kind);

function resourceOf(site: SiteFact): string | null {
  return site.tracked?.resource ?? site.resource;
}

const inside = (r: Range, line: number): boolean => r.startLine <= line && line <= r.endLine;

/**
 * The timeline of the resource at `position` (a barrier on it, or its name under the cursor) through the function
 * around it; undefined when the position is in no function or names no tracked resource there.
 */
export function timelineAt(
  sites: readonly SiteFact[], spans: readonly FunctionSpan[], position: { line: number; character: number }, wordAt: string | undefined,
): Timeline | undefined {
  const span = spans.find((s) => inside(s.range, position.line));
  if (!span) return undefined;
  const inFunction = sites.filter((s) => inside(span.range, s.line - 1) && isBarrier(s));
  const at = inFunction.filter((s) => s.line - 1 <= position.line && position.line <= s.endLine - 1 && resourceOf(s));
  const resource = (at.length > 0 ? resourceOf(at[at.length - 1]) : null) ??
    inFunction.map(resourceOf).find((r) => !!r && !!wordAt && (r === wordAt || r.split(/[^\w]+/).includes(wordAt))) ?? null;
  if (!resource) return undefined;
  const entries = inFunction
    .filter((s) => resourceOf(s) === resource)
    .map((s) => ({
      line: s.line - 1, character: s.column - 1, kind: s.kind,
      before: s.tracked ? stateWords(s.tracked.before) : 'unknown', after: s.tracked ? stateWords(s.tracked.after) : 'unknown',
    }));
  return { resource, function: span.name, entries };
}

/** One code lens per resource per function with barriers: at its first barrier, naming how many there are. */
export function timelineLenses(sites: readonly SiteFact[], spans: readonly FunctionSpan[]): { line: number; character: number; resource: string; count: number }[] {
  const lenses: { line: number; character: number; resource: string; count: number }[] = [];
  for (const span of spans) {
    const first = new Map<string, { line: number; character: number; count: number }>();
    for (const s of sites) {
      if (!inside(span.range, s.line - 1) || !isBarrier(s)) continue;
      const r = resourceOf(s);
      if (!r) continue;
      const known = first.get(r);
      if (known) known.count++;
      else first.set(r, { line: s.line - 1, character: s.column - 1, count: 1 });
    }
    for (const [resource, at] of first) lenses.push({ ...at, resource });
  }
  return lenses;
}

/** A timeline as text (clients without a view of their own get it as a message). */
export function timelineText(t: Timeline): string {
  const lines = t.entries.map((e) => `  line ${e.line + 1}: ${e.kind}: ${e.before} -> ${e.after}`);
  return [`barrierlint: timeline of ${t.resource} in ${t.function} (${t.entries.length} barrier${t.entries.length === 1 ? '' : 's'})`, ...lines].join('\n');
}
