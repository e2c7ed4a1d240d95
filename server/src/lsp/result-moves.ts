// Moving the findings, diagnostics and sites of a previous result by the edits made since, and merging a function's
// new ones into them. Both threads do this: the worker on its findings, the JSON-RPC thread on the diagnostics and
// sites it keeps, so a function-only analysis sends only what changed (analysis-protocol.ts DocumentDelta).
// Anything an edit does not move keeps its identity (no copy), so most of a 40,000-line file costs a comparison.
import type { Diagnostic } from 'vscode-languageserver';
import { callChain, reportKey, uncoveredReports } from '../report/repeats';
import type { SiteFact } from '../report/analysis-result';
import type { DiagnosticData } from '../report/lsp-diagnostics';
import type { TreeEdit } from '../parse/document-store';
import type { Finding, Range } from '../types';
import { shiftRange } from './function-spans';

/** True when `edit` moves nothing that starts on a line after its old end (it adds or removes no line). */
function movesNothingFrom(edit: TreeEdit, startLine: number): boolean {
  return startLine > edit.oldEndPosition.row && edit.newEndPosition.row === edit.oldEndPosition.row;
}

/**
 * True when no edit can move a range on lines [startLine, endLine] (it ends before every edit, or starts after
 * an edit that adds or removes no line): the common case of a keystroke, decided without building a range.
 */
function unmoved(startLine: number, endLine: number, edits: readonly TreeEdit[]): boolean {
  for (const e of edits) if (!(endLine < e.oldEndPosition.row || movesNothingFrom(e, startLine))) return false;
  return true;
}

/** The range moved by the edits, or the same object when no edit moves it. */
export function movedRange(range: Range, edits: readonly TreeEdit[]): Range {
  if (unmoved(range.startLine, range.endLine, edits)) return range;
  let r = range;
  for (const e of edits) {
    if (r.endLine < e.oldEndPosition.row || movesNothingFrom(e, r.startLine)) continue;
    const next = shiftRange(r, e);
    if (next.startLine !== r.startLine || next.startColumn !== r.startColumn || next.endLine !== r.endLine || next.endColumn !== r.endColumn) r = next;
  }
  return r;
}

// NOTE: a message names lines of the file in words (`the loop at line 68`, `the conditions at lines 12, 40`,
// tracked-helpers.ts): a kept finding's message moves with the edits like its ranges, or it names the wrong line.
const LINE_MENTION = /\b(lines? )(\d+(?:, \d+)*)/g;

/** The 0-based lines a message names. */
function mentionedLines(message: string): number[] {
  if (!message.includes(' line')) return [];
  return [...message.matchAll(LINE_MENTION)].flatMap((m) => m[2].split(', ').map((n) => Number(n) - 1));
}

/** The message with the lines it names moved by the edits (the same string when none moves). */
export function movedMentions(message: string, edits: readonly TreeEdit[]): string {
  if (!message.includes(' line')) return message;
  const moved = message.replace(LINE_MENTION, (_, word: string, list: string) => word + list.split(', ').map((n) => {
    const line = Number(n) - 1;
    return String(movedRange({ startLine: line, startColumn: 0, endLine: line, endColumn: 0 }, edits).startLine + 1);
  }).join(', '));
  return moved === message ? message : moved;
}

/**
 * The lines of everything a finding places in its own file, as [first, last] pairs one after the other (computed once
 * per finding object): its range, focus, the lines its message names, its related and path locations, its fixes.
 */
const placedLines = new WeakMap<Finding, number[]>();

function linesOf(f: Finding): number[] {
  let lines = placedLines.get(f);
  if (lines) return lines;
  lines = [f.range.startLine, f.range.endLine];
  const add = (r: Range): void => {
    lines!.push(r.startLine, r.endLine);
  };
  if (f.focus) add(f.focus);
  for (const line of mentionedLines(f.message)) lines.push(line, line);
  for (const r of f.related) if (r.uri === f.uri) add(r.range);
  for (const r of f.path ?? []) if (r.uri === f.uri) add(r.range);
  for (const fix of f.fixes) for (const e of fix.edits) add(e.range);
  placedLines.set(f, lines);
  return lines;
}

/** True when no edit moves any of the line ranges [first, last] of `lines` (pairs one after the other). */
function allUnmoved(lines: readonly number[], edits: readonly TreeEdit[]): boolean {
  for (let k = 0; k < lines.length; k += 2) if (!unmoved(lines[k], lines[k + 1], edits)) return false;
  return true;
}

export function movedFinding(f: Finding, edits: readonly TreeEdit[]): Finding {
  // NOTE: a finding of a large file usually has related locations far from its range (a caller at the end of the file),
  // so each of its places is tested, not their extent: a keystroke that adds no line moves only what is on its line.
  if (allUnmoved(linesOf(f), edits)) return f;
  const stays = (r: Range): boolean => unmoved(r.startLine, r.endLine, edits);
  const message = movedMentions(f.message, edits);
  if (message === f.message && stays(f.range) && (!f.focus || stays(f.focus)) && f.related.every((r) => r.uri !== f.uri || stays(r.range)) && (f.path ?? []).every((r) => r.uri !== f.uri || stays(r.range)) &&
    f.fixes.every((fix) => fix.edits.every((e) => stays(e.range)))) return f;
  const range = movedRange(f.range, edits);
  const here = (uri: string, r: Range): Range => (uri === f.uri ? movedRange(r, edits) : r);
  const related = f.related.map((r) => ({ r, range: here(r.uri, r.range) }));
  const path = f.path?.map((r) => ({ r, range: here(r.uri, r.range) }));
  const fixes = f.fixes.map((fix) => ({ fix, edits: fix.edits.map((e) => ({ e, range: movedRange(e.range, edits) })) }));
  const focus = f.focus && movedRange(f.focus, edits);
  const same = message === f.message && range === f.range && focus === f.focus && related.every((x) => x.range === x.r.range) && (path ?? []).every((x) => x.range === x.r.range) &&
    fixes.every((x) => x.edits.every((y) => y.range === y.e.range));
  if (same) return f;
  return {
    ...f,
    message,
    range,
    ...(focus ? { focus } : {}),
    related: related.map((x) => ({ ...x.r, range: x.range })),
    path: path?.map((x) => ({ ...x.r, range: x.range })),
    fixes: fixes.map((x) => ({ ...x.fix, edits: x.edits.map((y) => ({ ...y.e, range: y.range })) })),
  };
}

export const siteRange = (s: SiteFact): Range =>
  ({ startLine: s.line - 1, startColumn: s.column - 1, endLine: s.endLine - 1, endColumn: s.endColumn - 1 });

export function movedSite(s: SiteFact, edits: readonly TreeEdit[]): SiteFact {
  if (unmoved(s.line - 1, s.endLine - 1, edits)) return s;
  const before = siteRange(s);
  const r = movedRange(before, edits);
  if (r === before) return s;
  return { ...s, line: r.startLine + 1, column: r.startColumn + 1, endLine: r.endLine + 1, endColumn: r.endColumn + 1 };
}

const fromLsp = (r: Diagnostic['range']): Range =>
  ({ startLine: r.start.line, startColumn: r.start.character, endLine: r.end.line, endColumn: r.end.character });
const toLsp = (r: Range): Diagnostic['range'] =>
  ({ start: { line: r.startLine, character: r.startColumn }, end: { line: r.endLine, character: r.endColumn } });

/** A diagnostic of `uri` moved like movedFinding moves the finding it was made from (lsp-diagnostics.ts). */
/** linesOf() for a diagnostic of `uri` (its message, range, related locations in the file and fixes). */
const diagnosticLines = new WeakMap<Diagnostic, number[]>();

function diagnosticLinesOf(d: Diagnostic, uri: string): number[] {
  let lines = diagnosticLines.get(d);
  if (lines) return lines;
  lines = [d.range.start.line, d.range.end.line];
  if (typeof d.message === 'string') for (const line of mentionedLines(d.message)) lines.push(line, line);
  for (const r of d.relatedInformation ?? []) if (r.location.uri === uri) lines.push(r.location.range.start.line, r.location.range.end.line);
  for (const fix of (d.data as DiagnosticData | undefined)?.fixes ?? []) for (const e of fix.edits) lines.push(e.range.startLine, e.range.endLine);
  diagnosticLines.set(d, lines);
  return lines;
}

export function movedDiagnostic(d: Diagnostic, uri: string, edits: readonly TreeEdit[]): Diagnostic {
  if (allUnmoved(diagnosticLinesOf(d, uri), edits)) return d;
  const stays = (r: Diagnostic['range']): boolean => unmoved(r.start.line, r.end.line, edits);
  const data = d.data as DiagnosticData | undefined;
  const message = typeof d.message === 'string' ? movedMentions(d.message, edits) : d.message;
  if (message === d.message && stays(d.range) && (d.relatedInformation ?? []).every((r) => r.location.uri !== uri || stays(r.location.range)) &&
    (data?.fixes ?? []).every((fix) => fix.edits.every((e) => unmoved(e.range.startLine, e.range.endLine, edits)))) return d;
  const before = fromLsp(d.range);
  const range = movedRange(before, edits);
  let related = d.relatedInformation;
  if (related?.some((r) => r.location.uri === uri)) {
    const moved = related.map((r) => {
      if (r.location.uri !== uri) return r;
      const from = fromLsp(r.location.range);
      const to = movedRange(from, edits);
      return to === from ? r : { ...r, location: { uri: r.location.uri, range: toLsp(to) } };
    });
    if (moved.some((r, i) => r !== related![i])) related = moved;
  }
  let fixes = data?.fixes;
  if (fixes && fixes.length > 0) {
    const moved = fixes.map((fix) => {
      const fixEdits = fix.edits.map((e) => {
        const to = movedRange(e.range, edits);
        return to === e.range ? e : { ...e, range: to };
      });
      return fixEdits.some((e, i) => e !== fix.edits[i]) ? { ...fix, edits: fixEdits } : fix;
    });
    if (moved.some((f, i) => f !== fixes![i])) fixes = moved;
  }
  if (message === d.message && range === before && related === d.relatedInformation && fixes === data?.fixes) return d;
  const out: Diagnostic = { ...d, message, range: range === before ? d.range : toLsp(range) };
  if (related !== d.relatedInformation) out.relatedInformation = related;
  if (data && fixes !== data.fixes) out.data = { ...data, fixes };
  return out;
}

export const within = (r: Range, focus: Range): boolean => r.startLine >= focus.startLine && r.endLine <= focus.endLine;
/** within() for a site (1-based lines), without building its range. */
export const siteWithin = (s: SiteFact, focus: Range): boolean => s.line - 1 >= focus.startLine && s.endLine - 1 <= focus.endLine;
/** within() for a diagnostic's range (LSP positions). */
export const diagnosticWithin = (d: Diagnostic, focus: Range): boolean => d.range.start.line >= focus.startLine && d.range.end.line <= focus.endLine;
export const byPosition = (a: Range, b: Range): number => a.startLine - b.startLine || a.startColumn - b.startColumn;

/** The arrays mergeSorted made, with the order they are sorted in. */
const sortedBy = new WeakMap<readonly unknown[], unknown>();

/**
 * `items` moved by `move`, without those `dropped` once moved, and whether that is sorted by `compare`. When `items`
 * came out of mergeSorted with `compare`, only the items a move changed can be out of place: their neighbours are
 * compared, not every pair (a keystroke in a large file moves a handful of 10,000).
 */
export function movedKept<T>(items: readonly T[], move: (x: T) => T, dropped: (x: T) => boolean, compare: (a: T, b: T) => number): { kept: T[]; sorted: boolean } {
  const kept: T[] = [];
  const moved: number[] = [];
  for (const x of items) {
    const y = move(x);
    if (dropped(y)) continue;
    if (y !== x) moved.push(kept.length);
    kept.push(y);
  }
  return { kept, sorted: sortedAfterMoves(items, kept, moved, compare) };
}

/** Whether `kept` (what is left of `items` once moved; `moved`: the indices in it of items a move changed) is sorted. */
function sortedAfterMoves<T>(items: readonly T[], kept: readonly T[], moved: readonly number[], compare: (a: T, b: T) => number): boolean {
  if (sortedBy.get(items) !== compare) return isSorted(kept, compare);
  const inOrder = (i: number): boolean => i <= 0 || i >= kept.length || compare(kept[i - 1], kept[i]) <= 0;
  return moved.every((i) => inOrder(i) && inOrder(i + 1));
}

/**
 * movedKept() of a result's findings and sites for a function-only analysis of `focus`: moved by the edits,
 * without those now inside `focus`. The same answers, but what no edit moves is decided from numbers alone (a
 * keystroke of a 40,000-line file asks this of ~3,000 findings and ~7,500 sites, nearly all unmoved).
 */
export function keptFindings(findings: readonly Finding[], edits: readonly TreeEdit[], focus: Range): { kept: Finding[]; sorted: boolean } {
  const kept: Finding[] = [];
  const moved: number[] = [];
  const { startLine: from, endLine: to } = focus;
  for (const f of findings) {
    const lines = linesOf(f);
    // The first pair is the finding's range.
    if (allUnmoved(lines, edits)) {
      if (!(lines[0] >= from && lines[1] <= to)) kept.push(f);
      continue;
    }
    const m = movedFinding(f, edits);
    if (within(m.range, focus)) continue;
    if (m !== f) moved.push(kept.length);
    kept.push(m);
  }
  return { kept, sorted: sortedAfterMoves(findings, kept, moved, byFinding) };
}

export function keptSites(sites: readonly SiteFact[], edits: readonly TreeEdit[], focus: Range): { kept: SiteFact[]; sorted: boolean } {
  const kept: SiteFact[] = [];
  const moved: number[] = [];
  const { startLine: from, endLine: to } = focus;
  // Sorted sites that start after the function and after every edit that adds or removes no line stay as they are.
  let tail = sites.length;
  if (sortedBy.get(sites) === bySite && edits.every((e) => e.newEndPosition.row === e.oldEndPosition.row)) {
    const after = Math.max(to, ...edits.map((e) => e.oldEndPosition.row));
    let lo = 0;
    while (lo < tail) {
      const mid = (lo + tail) >>> 1;
      if (sites[mid].line - 1 > after) tail = mid;
      else lo = mid + 1;
    }
  }
  for (let i = 0; i < tail; i++) {
    const s = sites[i];
    const start = s.line - 1;
    const end = s.endLine - 1;
    if (unmoved(start, end, edits)) {
      if (!(start >= from && end <= to)) kept.push(s);
      continue;
    }
    const m = movedSite(s, edits);
    if (siteWithin(m, focus)) continue;
    if (m !== s) moved.push(kept.length);
    kept.push(m);
  }
  for (let i = tail; i < sites.length; i++) kept.push(sites[i]);
  return { kept, sorted: sortedAfterMoves(sites, kept, moved, bySite) };
}

const isSorted = <T>(xs: readonly T[], compare: (a: T, b: T) => number): boolean => xs.every((x, i) => i === 0 || compare(xs[i - 1], x) <= 0);

/**
 * `kept` and `added` merged in the order a stable sort of [...kept, ...added] by `compare` gives. `kept` is
 * normally sorted already (moving keeps the order of what lies outside the edited function; `keptSorted` says so
 * when known): each added item is placed by a binary search in what is left of `kept`, the rest is copied.
 */
export function mergeSorted<T>(kept: readonly T[], added: readonly T[], compare: (a: T, b: T) => number, keptSorted?: boolean): T[] {
  const sortedKept = (keptSorted ?? isSorted(kept, compare)) ? kept : [...kept].sort(compare);
  const sortedAdded = [...added].sort(compare);
  const out: T[] = [];
  let i = 0;
  for (const x of sortedAdded) {
    // The first kept item after x (x goes after the kept items equal to it, as in the stable sort).
    let lo = i;
    let hi = sortedKept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(x, sortedKept[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    while (i < lo) out.push(sortedKept[i++]);
    out.push(x);
  }
  while (i < sortedKept.length) out.push(sortedKept[i++]);
  sortedBy.set(out, compare);
  return out;
}

export const byFinding = (a: Finding, b: Finding): number => byPosition(a.range, b.range) || a.rule.localeCompare(b.rule);
export const bySite = (a: SiteFact, b: SiteFact): number => a.line - b.line || a.column - b.column;
export const byDiagnostic = (a: Diagnostic, b: Diagnostic): number =>
  a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character ||
  String(a.code ?? '').localeCompare(String(b.code ?? ''));

/**
 * analyze() reports a finding reached through helpers once per call that decides it (report/repeats.ts): of the
 * reports with the same rule, innermost location and message, one whose call chain has another's as suffix is
 * dropped (the helper's own report covers its calls; a caller's report covers longer chains through that call). A
 * function analysed alone cannot see the other reports, so merging its findings into the rest repeats that choice
 * here: a re-analysed function's report that the whole file would not keep is dropped, and so is a kept report it
 * now covers. NOTE: a report the whole file dropped is not known, so one that reappears when the edit removes its
 * twin does so only at the next analysis of its own function (or a whole-file analysis).
 */
interface Ranked {
  key: string;
  chain: readonly string[];
}

/** Ranks of the findings seen (a finding object never changes; each keystroke of a large file asks for all kept ones). */
const ranks = new WeakMap<Finding, Ranked>();

function rankOf(f: Finding): Ranked {
  let rank = ranks.get(f);
  if (!rank) ranks.set(f, (rank = { key: reportKey(f, f.severity).key, chain: callChain(f) }));
  return rank;
}

/** `kept` and `added` without the reports a whole-file analysis would not make (see above). */
export function withoutRepeatedReports(kept: Finding[], added: Finding[]): { kept: Finding[]; added: Finding[]; keptChanged: boolean } {
  if (added.length === 0) return { kept, added, keptChanged: false };
  const addedKeys = new Set(added.map((f) => rankOf(f).key));
  // Added first: on an identical chain the re-analysed report replaces the kept one.
  const contested = [...added, ...kept.filter((f) => addedKeys.has(rankOf(f).key))];
  const wins = uncoveredReports(contested, (f) => rankOf(f).key, (f) => rankOf(f).chain);
  const keptOut = kept.filter((f) => !addedKeys.has(rankOf(f).key) || wins.has(f));
  const addedOut = added.filter((f) => wins.has(f));
  return { kept: keptOut, added: addedOut, keptChanged: keptOut.length !== kept.length };
}
