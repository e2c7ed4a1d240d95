// One analysis of an open document: the whole file (re-parsed incrementally from the edited tree), or — when every
// edit since the previous analysis fell inside one function body — that function alone on a reduced copy of the
// document (function-spans.ts), merged with the previous findings and sites of the rest, moved by the edits.
import { KeptCalls } from '../track/kept-runs';
import { analyze, type AnalysisResult, type SiteFact } from '../analyze';
import type { CancelCheck } from '../cancel';
import type { ExtractProblem, FileFacts } from '../extract/facts';
import type { StoredDocument, TreeEdit } from '../parse/document-store';
import { parseCpp, type Tree } from '../parse/parser';
import { hasLoneCarriageReturn, lineStartsOf } from '../parse/positions';
import { detached } from '../detached-string';
import type { WorkspaceIndex } from '../track/workspace';
import type { BarrierlintConfig, Finding, Range } from '../types';
import {
  applyEdits, balanced, droppable, firstLineOf, keptSpanIndices, outermostSpans, reducedDocument, sameRange, sameSpans, type CallGraph, type FunctionSpan, type KeptSpans,
} from './function-spans';
import { withSubmissions } from './editor-views';
import { callGraph, resolvesAsWhole, signaturesOf, type Signature } from './call-reach';
import { spanCreations, updatedCreations, type SpanCreations } from './span-creations';
import { spanStubs, stubLines, type SpanStubs, type StubKind } from './span-stubs';
import { frameCarryFor, frameDeclines, frameWatchOf, movedAsBefore, type FrameWatch } from './frame-scope';
import { byFinding, bySite, keptFindings, keptSites, mergeSorted, movedRange, siteWithin, withoutRepeatedReports, within } from './result-moves';

export interface DocumentFacts {
  findings: Finding[];
  sites: SiteFact[];
  spans: FunctionSpan[];
  mode: 'file' | 'function';
  /**
   * The file's syntax errors as the whole file parses (kept in step with the edits): a function-only analysis
   * may stand for the whole file only when its reduced document has no syntax error the file did not have.
   */
  parseErrors: ParseError[];
  /**
   * Indices into `spans` of the functions edited since their callers were last analysed (caller-recheck.ts): a
   * function-only analysis leaves the callers' findings as they were.
   */
  stale?: number[];
  /** For a function-only analysis: how it differs from the previous result (what the worker sends, not all). */
  change?: FunctionChange;
  /**
   * What the functions' calls reach (call-reach.ts), by index into `spans`: the reduced document of the next
   * function-only analysis keeps only those helpers. Edits inside a body keep the indices.
   */
  calls?: CallGraph;
  /** The relevant functions' signatures (call-reach.ts), kept with `calls`: what a call can resolve to in the file. */
  signatures?: Signature[];
  /** What each function creates under a name others read (span-creations.ts): kept with them in a reduced document. */
  creations?: SpanCreations;
  /** Where an edit could change a frame-invariant finding (frame-scope.ts): the function-only analysis declines there. */
  frame?: FrameWatch;
}

/** A syntax error where it was found, and the line text tree-sitter's recovery left there. */
export interface ParseError {
  range: Range;
  text: string;
}

export const parseErrorsOf = (problems: readonly ExtractProblem[]): ParseError[] =>
  problems.filter((p) => p.kind === 'parse-error').map((p) => ({ range: p.range, text: detached(p.text) }));

export const parseErrorKey = (e: ParseError): string => `${e.range.startLine}:${e.range.startColumn}-${e.range.endLine}:${e.range.endColumn}|${e.text}`;

/**
 * A function-only result as a change to the previous one: move every finding and site by `edits`, drop those
 * inside `focus`, add `findings` and `sites` (mergeChange below), and sort by position.
 */
export interface FunctionChange {
  edits: readonly TreeEdit[];
  focus: Range;
  findings: Finding[];
  sites: SiteFact[];
}

/**
 * The last reduced document of a document and its syntax tree: the next analysis of a function edits that text
 * and tree where they differ (the edited function, the functions kept or dropped since) and re-parses the tree
 * incrementally, instead of building and parsing a new copy of the document.
 */
interface ReducedTree {
  /** The spans it was made for (the previous result's): indices into them name the functions. */
  spans: readonly FunctionSpan[];
  /** Index of the function it was made for (the edited one). */
  focus: number;
  /** Indices of the spans whose lines it keeps. */
  kept: ReadonlySet<number>;
  /** Those of `kept` kept as stubs (span-stubs.ts), with the kind of stub each is. */
  stubbed: ReadonlyMap<number, StubKind>;
  text: string;
  tree: Tree;
  lineStarts: number[];
}

const reducedTrees = new WeakMap<StoredDocument, ReducedTree>();

/**
 * Each open document's kept helper calls (track/kept-runs.ts): the last keystroke's run of the functions typed in,
 * for the next keystroke's. Held by the document object: gone with it when the document is closed.
 */
const keptCallStores = new WeakMap<StoredDocument, KeptCalls>();

/** The document's store of kept helper calls (made when first asked). */
export function keptCallsOf(doc: StoredDocument): KeptCalls {
  let kept = keptCallStores.get(doc);
  if (!kept) keptCallStores.set(doc, (kept = new KeptCalls()));
  return kept;
}

/** Reduced documents made by editing the previous one and from scratch since the process started (tests, bench). */
export const reductionStats = { reused: 0, fresh: 0, prepared: 0 };

/** The name of the function each document's last function-only analysis was of (prepareFunction's first choice). */
const lastFocus = new WeakMap<StoredDocument, string>();

/** The document's pending edits were consumed elsewhere: its last reduced tree no longer matches them. */
export function forgetReducedTree(doc: StoredDocument): void {
  reducedTrees.delete(doc);
}

/**
 * Takes the document's pending edits for an analysis of the whole file. Its last reduced tree is kept when there
 * were none: that tree's text was made from the document's text as it still is, so the next function-only
 * analysis (typing resumed after a pause, the whole-file analysis in between) edits it where the functions kept
 * differ instead of parsing a new reduced copy from scratch (reusedReduction: the whole-file result's spans must be
 * the ones it was made for, compared by value).
 */
export function takeEditsForFile(doc: StoredDocument): TreeEdit[] {
  const edits = doc.takeEdits();
  if (edits.length > 0) reducedTrees.delete(doc);
  return edits;
}

export interface IncrementalOptions {
  workspace?: WorkspaceIndex;
  /** Abandons the analysis (AnalysisCancelled); the previous result and the pending edits stay as they were. */
  isCancelled?: CancelCheck;
  /**
   * Re-analyse the edited function even when other functions of the file call it: their findings are kept as
   * they were until the next whole-file analysis (the language server schedules one when typing pauses).
   */
  ignoreCallers?: boolean;
}

/**
 * Whole-file analysis, reusing the document's edited tree for an incremental re-parse. The pending edits are
 * consumed only once the analysis completed, so a cancelled one leaves them for the next.
 */
export function analyzeFile(doc: StoredDocument, config: Partial<BarrierlintConfig>, options: IncrementalOptions = {}): DocumentFacts & { facts?: FileFacts } {
  const { workspace, isCancelled } = options;
  doc.tree = parseCpp(doc.text, doc.tree, isCancelled);
  const result = analyze(doc.text, doc.uri, { config, tree: doc.tree, workspace, isCancelled, complete: true });
  takeEditsForFile(doc);
  const spans = result.facts ? outermostSpans(result.facts.functions, doc.text, doc.tree) : [];
  const parseErrors = parseErrorsOf(result.facts?.problems ?? []);
  const calls = result.facts ? callGraph(result.facts, { uri: doc.uri, workspace, spans, which: spans.keys(), textOf: textIn(doc) }) : undefined;
  const signatures = result.facts ? signaturesOf(result.facts, spans, () => true) : undefined;
  const creations = result.facts ? spanCreations(result.facts, spans, () => true) : undefined;
  const frame = result.facts ? frameWatchOf(result.facts, spans, textIn(doc)) : undefined;
  return {
    findings: result.findings, sites: withSubmissions(result.sites, result.facts), spans, mode: 'file', parseErrors, facts: result.facts,
    ...(calls && signatures ? { calls, signatures } : {}), ...(creations ? { creations } : {}), ...(frame ? { frame } : {}),
  };
}

/**
 * Re-analyses only the function the pending edits touched, or returns undefined when the whole file must be
 * analysed (no previous result, an edit outside a function body, a function called elsewhere in the file, or a
 * reduced document that does not parse cleanly outside the function).
 */
export function analyzeEditedFunction(
  doc: StoredDocument,
  config: Partial<BarrierlintConfig>,
  previous: DocumentFacts | undefined,
  options: IncrementalOptions = {},
): DocumentFacts | undefined {
  const { workspace, isCancelled } = options;
  // NOTE: function spans and tree edits count rows at '\n'; a document with lone '\r' line ends is analysed whole.
  if (!previous || (doc.mayHaveCarriageReturn && hasLoneCarriageReturn(doc.text))) return undefined;
  const edits = doc.peekEdits();
  const { spans, edited } = applyEdits(previous.spans, edits);
  if (!edited) return undefined;
  const cached = reducedTrees.get(doc);
  // The cached tree is edited in place below: it is only valid again once this analysis completes.
  reducedTrees.delete(doc);
  const { calls, signatures, creations } = previous;
  const focusIndex = spans.indexOf(edited);
  // Where a frame-invariant finding could change, the whole file answers (frame-scope.ts).
  if (frameDeclines(previous.frame, focusIndex, edited.name, textIn(doc)(edited.range))) return undefined;
  // The edited function's calls as they resolved before (its helpers only), checked below; by name if they changed.
  const rootCalls = !!calls?.has(focusIndex) && !!signatures;
  // The functions kept for a call's ambiguity alone are kept as stubs (span-stubs.ts); not with the old environment switch.
  const stubs = signatures && process.env.BARRIERLINT_LSP_STUBS !== '0' ? spanStubs(spans, signatures) : undefined;
  // The helpers' facts are reused from an earlier keystroke's extraction where their text and what they read are the
  // same (extract/function-cache.ts), instead of walking them again, and their calls replayed (kept calls). From the
  // first keystroke in a function on: typing resumed after a pause (a whole-file analysis in between, no reduced
  // tree kept) finds what the keystrokes before the pause recorded. Off with BARRIERLINT_FN_CACHE=0.
  const functionCache = true;
  let reduced = (cached && reusedReduction(doc, cached, previous.spans, spans, edited, { ...options, calls, rootCalls, creations, stubs })) ??
    freshReduction(doc, spans, edited, { ...options, calls, rootCalls, creations, stubs });
  if (!reduced) return undefined;
  const analyzeReduced = (r: Reduction): AnalysisResult => analyzeReduction(doc, config, previous, focusIndex, r, { workspace, isCancelled, functionCache });
  let result = analyzeReduced(reduced);
  const all = (facts: FileFacts): Signature[] =>
    [...(signatures ?? []).filter((s) => s.span !== focusIndex), ...signaturesOf(facts, spans, (i) => i === focusIndex)];
  if (rootCalls && result.facts && !resolvesAsWhole(result.facts, { uri: doc.uri, workspace, spans, at: focusIndex, all: signatures ?? [] })) {
    reduced = reusedReduction(doc, reduced.cache, spans, spans, edited, { ...options, calls, creations, stubs }) ??
      freshReduction(doc, spans, edited, { ...options, calls, creations, stubs });
    if (!reduced) return undefined;
    result = analyzeReduced(reduced);
  }
  const focus = reduced.focus;
  // The function must still parse as itself: otherwise the edit changes how the code after it parses.
  if (!result.facts?.functions.some((f) => sameRange(f.range, focus))) return undefined;
  // And move the same created members as before: otherwise another method's frame members may change (frame-scope.ts).
  if (!previous.frame || !movedAsBefore(previous.frame, focusIndex, result.facts, focus)) return undefined;
  // NOTE: and it must parse as the file did. tree-sitter's error recovery depends on the text around an error, so a
  // syntax error typed inside the function is reported at other places (and with other messages) in the reduced
  // document than in the whole file (`groups[] ; = {…}`: "missing ;" here, "missing }" on the function's brace there).
  // A syntax error the file already had, at the same place with the same text (a macro tree-sitter cannot read,
  // common in engine code), is not one the edit made: real files with such lines keep the function-only path.
  const before = previous.parseErrors.map((e) => ({ range: movedRange(e.range, edits), text: e.text }));
  const known = new Set(before.map(parseErrorKey));
  const reducedErrors = parseErrorsOf(result.facts.problems);
  if (reducedErrors.some((e) => !known.has(parseErrorKey(e)))) return undefined;
  const parseErrors = [...before.filter((e) => !within(e.range, focus)), ...reducedErrors.filter((e) => within(e.range, focus))];
  doc.takeEdits();
  reducedTrees.set(doc, reduced.cache);
  lastFocus.set(doc, edited.name);
  const moved = keptFindings(previous.findings, edits, focus);
  const kept = moved.kept;
  const key = (f: Finding): string => `${f.rule}|${f.range.startLine}:${f.range.startColumn}|${f.message}`;
  // NOTE: findings inside a helper can come from this function's calls; new ones are added, but one this call no
  // longer causes stays until the next whole-file analysis (scheduled when typing pauses).
  const inHelper = (f: Finding): boolean => reduced.helpers.some((h) => within(f.range, h));
  const candidates = result.findings.filter(inHelper);
  const keptInHelpers = new Set(candidates.length > 0 ? kept.filter(inHelper).map(key) : []);
  const fromHelpers = candidates.filter((f) => !keptInHelpers.has(key(f)));
  const once = withoutRepeatedReports(kept, [...fromHelpers, ...result.findings.filter((f) => within(f.range, focus))]);
  // NOTE: the result is the base of the next keystroke's: what it adds is copied out of this reduced document's text,
  // which its strings would otherwise keep alive, one text per keystroke (detached-string.ts).
  const added = structuredClone(once.added);
  const findings = mergeSorted(once.kept, added, byFinding, moved.sorted);
  const addedSites = structuredClone(withSubmissions(result.sites, result.facts).filter((s) => siteWithin(s, focus)));
  const sitesLeft = keptSites(previous.sites, edits, focus);
  const sites = mergeSorted(sitesLeft.kept, addedSites, bySite, sitesLeft.sorted);
  const stale = previous.stale?.includes(focusIndex) ? previous.stale : [...(previous.stale ?? []), focusIndex];
  // A kept finding the function's now beats is gone: the change (a delta) cannot say so, the whole result is sent.
  const change = once.keptChanged ? undefined : { edits: [...edits], focus, findings: added, sites: addedSites };
  // The calls of the functions followed by name here are read from this analysis (every function of their calls'
  // names was kept); the others' stay as they were read.
  const read = callGraph(result.facts, { uri: doc.uri, workspace, spans, which: reduced.byName, textOf: textIn(doc) });
  const nextCalls = new Map(calls ?? []);
  for (const [i, c] of read) nextCalls.set(i, c);
  const nextSignatures = all(result.facts);
  const nextCreations = updatedCreations(creations, result.facts, spans, (i) => i === focusIndex);
  return {
    findings, sites, spans, mode: 'function', parseErrors, stale, ...(change ? { change } : {}),
    ...(signatures ? { calls: nextCalls, signatures: nextSignatures } : {}), creations: nextCreations,
    ...(previous.frame ? { frame: previous.frame } : {}),
  };
}

/**
 * The analysis of a reduced document: only the edited function is interpreted as an entry (its helpers' own
 * findings are those kept from before).
 */
function analyzeReduction(
  doc: StoredDocument, config: Partial<BarrierlintConfig>, previous: DocumentFacts, focusIndex: number, r: Reduction,
  options: { workspace?: WorkspaceIndex; isCancelled?: CancelCheck; functionCache: boolean },
): AnalysisResult {
  const { workspace, isCancelled, functionCache } = options;
  // NOTE: a copy of the line starts: the next keystroke moves the cached ones in place (reusedReduction).
  return analyze(r.text, doc.uri, {
    config, workspace, isCancelled, tree: r.tree, entries: [r.focus], complete: true, lineStarts: r.cache.lineStarts.slice(), functionCache,
    // The frame members of the edited method as the whole file decided them (frame-scope.ts).
    frameCarry: frameCarryFor(previous.frame, focusIndex, r.focus),
    // The earlier keystroke's helper calls, replayed where their inputs are equal: only while typing goes on in one
    // function (the function cache pairs the helpers' objects across keystrokes). Off with BARRIERLINT_KEPT_CALLS=0.
    ...(functionCache ? { keptCalls: keptCallsOf(doc) } : {}),
  });
}

/**
 * Prepares the document's first keystroke while nothing else is asked (the language server asks after every
 * whole-file analysis that left the document without a reduced tree: an edit outside every function, typed while
 * typing in a function, took it): the reduced document of one function is built and parsed, and analysed as a
 * keystroke in it would be, the result dropped. The reduced tree is kept (the first keystroke edits it where the functions kept
 * differ, in that function or another), and so are what the analysis leaves for typing on (the helpers' kept
 * extractions, extract/function-cache.ts; the function's helper calls, track/kept-runs.ts; on the server's
 * keystroke thread, its compiled code). Answers do not change: each of those is reused only where it is checked to
 * be equal. The function is the one around the cursor's `line` (the language server learns it from hover and code
 * action requests), else the one last typed in; with `largest`, when none was, the one whose reduced document keeps
 * the most lines. NOTE: the language server does not ask for `largest`: measured on Qt's qrhid3d12.cpp (session 36),
 * the first keystroke in another function than the one prepared cost 150-300 ms CPU more than with nothing prepared
 * (bgfx's `submit`, the one prepared there: its second keystroke ~45 % less). Returns whether a reduced tree was
 * kept; nothing when the document has pending edits or a reduced tree for that function (without a cursor in a
 * function: any reduced tree) already, or `previous` is not a whole-file result of its text.
 */
export function prepareFunction(
  doc: StoredDocument, config: Partial<BarrierlintConfig>, previous: DocumentFacts | undefined, options: PrepareOptions = {},
): boolean {
  if (!previous || previous.mode !== 'file' || doc.peekEdits().length > 0) return false;
  if (doc.mayHaveCarriageReturn && hasLoneCarriageReturn(doc.text)) return false;
  const spans = previous.spans;
  const { calls, signatures, creations } = previous;
  const line = options.line;
  const cursorAt = line === undefined ? -1 : spans.findIndex((s) => s.range.startLine <= line && line <= s.range.endLine);
  // A reduced tree kept for the function under the cursor (or, the cursor outside every function, for any): nothing to do.
  const kept = reducedTrees.get(doc);
  if (kept && (cursorAt < 0 || (kept.focus === cursorAt && sameSpans(kept.spans, spans)))) return false;
  const stubs = signatures && process.env.BARRIERLINT_LSP_STUBS !== '0' ? spanStubs(spans, signatures) : undefined;
  const focusIndex = cursorAt >= 0 ? cursorAt : preparedFocus(doc, previous, stubs, lastFocus.get(doc), !!options.largest);
  if (focusIndex < 0) return false;
  const edited = spans[focusIndex];
  const rootCalls = !!calls?.has(focusIndex) && !!signatures;
  const reduced = freshReduction(doc, spans, edited, { ...options, ignoreCallers: true, calls, rootCalls, creations, stubs });
  if (!reduced) return false;
  reductionStats.prepared++;
  // NOTE: three times (session 37, docs/real-world.md): the first analysis extracts the helpers and keeps their
  // extractions; the second reuses them, so its helper calls are kept in objects the next run's reuses pair with
  // (kept-runs.ts pairReuses; against the first's fresh extractions the pairing can refuse: Qt's qrhid3d12.cpp,
  // "range paired with another"); the third is the first to replay them. The first keystroke is then the second
  // replay. Measured (bench-keystroke-cpu.js --prepare --rounds N, CPU): Qt `beginPass` first keystroke 540-570 ms
  // with nothing prepared, 650-750 after two rounds, 390-460 after three; bgfx `submit` 1.2-1.55 s, ~600-860 after
  // two or three.
  for (let round = 0; round < (options.rounds ?? 3); round++) {
    analyzeReduction(doc, config, previous, focusIndex, reduced, { workspace: options.workspace, isCancelled: options.isCancelled, functionCache: true });
  }
  reducedTrees.set(doc, reduced.cache);
  return true;
}

export interface PrepareOptions extends IncrementalOptions {
  /** The cursor's line (a hover or code action asked there): the function around it is prepared first. */
  line?: number;
  /** With no cursor and no function typed in last, the function whose reduced document keeps the most lines. */
  largest?: boolean;
  /** How many times the prepared function is analysed (3: see prepareFunction). */
  rounds?: number;
}

/**
 * The function prepareFunction prepares: the one named `last` (the first of that name), else with `largest` the one
 * whose reduced document keeps the most lines (its first keystroke costs the most; its helpers' kept extractions serve the
 * functions that call the same ones).
 */
function preparedFocus(doc: StoredDocument, previous: DocumentFacts, stubs: SpanStubs | undefined, last: string | undefined, largest: boolean): number {
  const spans = previous.spans;
  const named = last === undefined ? -1 : spans.findIndex((s) => s.name === last);
  if (named >= 0 || !largest) return named;
  // Whole lines, as keptSpanIndices reads them.
  const text = (r: Range): string => doc.text.slice(doc.offsetAt({ line: r.startLine, character: 0 }), doc.offsetAt({ line: r.endLine + 1, character: 0 }));
  const lines = (kept: KeptSpans): number =>
    [...kept.keep].reduce((n, k) => n + (kept.stubbed.has(k) ? spans[k].bodyStart.line : spans[k].range.endLine) - spans[k].range.startLine + 1, 0);
  let best = -1;
  let most = 0;
  spans.forEach((span, i) => {
    const n = lines(keptSpanIndices(spans, span, text, previous.calls, !!previous.calls?.has(i) && !!previous.signatures, previous.creations, stubs));
    if (n > most) [best, most] = [i, n];
  });
  return best;
}

/** The text of a range of the document. */
const textIn = (doc: StoredDocument) => (r: Range): string =>
  doc.text.slice(doc.offsetAt({ line: r.startLine, character: r.startColumn }), doc.offsetAt({ line: r.endLine, character: r.endColumn }));


interface Reduction {
  text: string;
  tree: Tree;
  focus: Range;
  helpers: Range[];
  /** Indices of the kept spans whose calls were followed by name. */
  byName: Iterable<number>;
  cache: ReducedTree;
}

type ReductionOptions = IncrementalOptions & { calls?: CallGraph; rootCalls?: boolean; creations?: SpanCreations; stubs?: SpanStubs };

/** A new reduced document (function-spans.ts), parsed from scratch. */
function freshReduction(doc: StoredDocument, spans: FunctionSpan[], edited: FunctionSpan, options: ReductionOptions): Reduction | undefined {
  const reduced = reducedDocument(doc.text, spans, edited, {
    ignoreCallers: options.ignoreCallers, calls: options.calls, rootCalls: options.rootCalls, creations: options.creations, stubs: options.stubs,
  });
  if (!reduced) return undefined;
  const tree = parseCpp(reduced.text);
  reductionStats.fresh++;
  const kept = new Set(reduced.kept.split(',').map(Number));
  const cache: ReducedTree = {
    spans, focus: spans.indexOf(edited), kept, stubbed: stubKinds(reduced.stubbed, options.stubs), text: reduced.text, tree, lineStarts: lineStartsOf(reduced.text),
  };
  return { text: reduced.text, tree, focus: reduced.focus, helpers: reduced.helpers, byName: reduced.byName, cache };
}

/** The kind of stub (span-stubs.ts) each stubbed span is. */
const stubKinds = (stubbed: Iterable<number>, stubs: SpanStubs | undefined): Map<number, StubKind> =>
  new Map([...stubbed].map((i) => [i, stubs!.get(i)!]));

/**
 * The previous reduced document turned into this one: every function whose lines change (the edited one, those
 * kept or dropped since) is replaced line for line, bottom-up, and each replacement is applied to the previous tree
 * as an edit before an incremental re-parse. Undefined when it cannot be reused (a dropped function
 * sharing a line with kept code, or the previous result is not the one it was made for); the same conditions as
 * reducedDocument() apply.
 */
function reusedReduction(
  doc: StoredDocument, cached: ReducedTree, previousSpans: readonly FunctionSpan[], spans: FunctionSpan[], edited: FunctionSpan,
  options: ReductionOptions,
): Reduction | undefined {
  if (spans.length !== previousSpans.length || !sameSpans(cached.spans, previousSpans)) return undefined;
  const lastLine = doc.positionAt(doc.text.length).line;
  const lineStart = (line: number): number => doc.offsetAt({ line, character: 0 });
  const linesEnd = (line: number): number => (line < lastLine ? lineStart(line + 1) - 1 : doc.text.length);
  // NOTE: a reduced document joins its lines with '\n' (reducedDocument splits at '\r\n' too): the lines of a CRLF
  // document are taken without their '\r' (the caller refused lone '\r' line ends), so the text is the one a fresh
  // reduction makes (Windows engine sources are mostly CRLF: they re-parsed the whole reduced copy every keystroke).
  const crlf = doc.mayHaveCarriageReturn;
  const slice = (from: number, to: number): string => {
    const s = doc.text.slice(from, to);
    return crlf ? s.replace(/\r\n/g, '\n').replace(/\r$/, '') : s;
  };
  const linesOf = (r: Range): string => slice(lineStart(r.startLine), linesEnd(r.endLine));
  const focusIndex = spans.indexOf(edited);
  const { keep, byName, shallow, stubbed } = keptSpanIndices(spans, edited, linesOf, options.calls, options.rootCalls, options.creations, options.stubs);
  const bodyFrom = doc.offsetAt({ line: edited.bodyStart.line, character: edited.bodyStart.column });
  const bodyTo = doc.offsetAt({ line: edited.range.endLine, character: edited.range.endColumn - 1 });
  if (!balanced(slice(bodyFrom, bodyTo))) return undefined;
  if (!options.ignoreCallers) return undefined;
  const kinds = stubKinds(stubbed, options.stubs);
  const changed = spans.map((_, i) => i).filter((i) => i === focusIndex || keep.has(i) !== cached.kept.has(i) || kinds.get(i) !== cached.stubbed.get(i));
  // The lines a function takes in a reduced document start at its template header (function-spans.ts firstLineOf):
  // header lines are outside every body, so the edits did not move them relative to the function.
  const lineAt = (line: number): string => slice(lineStart(line), linesEnd(line));
  const headLines = new Map(changed.map((i) => [i, spans[i].range.startLine - firstLineOf(spans[i], lineAt)]));
  for (const i of changed) {
    if (keep.has(i)) continue;
    const r = spans[i].range;
    const head = slice(lineStart(r.startLine), lineStart(r.startLine) + r.startColumn);
    const tail = slice(lineStart(r.endLine) + r.endColumn, linesEnd(r.endLine));
    if (!droppable(head, tail)) return undefined;
    const first = r.startLine - headLines.get(i)!;
    if ([...keep].some((k) => spans[k].range.startLine <= r.endLine && first <= spans[k].range.endLine)) return undefined;
  }
  changed.sort((a, b) => previousSpans[b].range.startLine - previousSpans[a].range.startLine);
  for (let k = 1; k < changed.length; k++) {
    if (previousSpans[changed[k]].range.endLine >= previousSpans[changed[k - 1]].range.startLine - headLines.get(changed[k - 1])!) return undefined;
  }
  let text = cached.text;
  let starts = cached.lineStarts;
  const tree = cached.tree;
  for (const i of changed) {
    const { startLine, endLine: to } = previousSpans[i].range;
    const from = startLine - headLines.get(i)!;
    const oldStart = starts[from];
    const oldEnd = to + 1 < starts.length ? starts[to + 1] - 1 : text.length;
    const r = spans[i].range;
    const first = r.startLine - headLines.get(i)!;
    const content = !keep.has(i) ? '\n'.repeat(to - from) :
      stubbed.has(i) ? stubLines(lineAt, spans[i], first, options.stubs!.get(i)!).join('\n') :
      linesOf({ ...r, startLine: first });
    const inner: number[] = [];
    for (let at = content.indexOf('\n'); at >= 0; at = content.indexOf('\n', at + 1)) inner.push(oldStart + at + 1);
    const lastBreak = inner.length > 0 ? inner[inner.length - 1] : oldStart;
    tree.edit({
      startIndex: oldStart, oldEndIndex: oldEnd, newEndIndex: oldStart + content.length,
      startPosition: { row: from, column: 0 },
      oldEndPosition: { row: to, column: oldEnd - starts[to] },
      newEndPosition: { row: from + inner.length, column: oldStart + content.length - lastBreak },
    });
    text = text.slice(0, oldStart) + content + text.slice(oldEnd);
    const delta = content.length - (oldEnd - oldStart);
    if (inner.length === to - from) {
      // The same number of lines (a keystroke): the line starts are moved in place, not copied (40,000 of them).
      for (let k = 0; k < inner.length; k++) starts[from + 1 + k] = inner[k];
      if (delta !== 0) for (let k = to + 1; k < starts.length; k++) starts[k] += delta;
      continue;
    }
    const next = starts.slice(0, from + 1).concat(inner);
    for (let k = to + 1; k < starts.length; k++) next.push(starts[k] + delta);
    starts = next;
  }
  const reparsed = parseCpp(text, tree);
  reductionStats.reused++;
  const cache: ReducedTree = { spans, focus: focusIndex, kept: keep, stubbed: kinds, text, tree: reparsed, lineStarts: starts };
  const helpers = [...keep].filter((i) => i !== focusIndex && !shallow.has(i)).map((i) => spans[i].range);
  return { text, tree: reparsed, focus: edited.range, helpers, byName, cache };
}


/**
 * A fresh analysis of the function around `line` (facts with field texts, sites with tracked state), for code
 * actions: from a reduced document (that function, its helpers, the code outside functions) when possible.
 */
export function analysisAround(
  doc: StoredDocument,
  config: Partial<BarrierlintConfig>,
  spans: readonly FunctionSpan[],
  line: number,
  options: IncrementalOptions = {},
): AnalysisResult | undefined {
  const focus = spans.find((s) => s.range.startLine <= line && line <= s.range.endLine);
  if (!focus || hasLoneCarriageReturn(doc.text)) return undefined;
  const reduced = reducedDocument(doc.text, spans, focus, { ignoreCallers: true });
  return analyze(reduced ? reduced.text : doc.text, doc.uri, { config, workspace: options.workspace, isCancelled: options.isCancelled, complete: true });
}
