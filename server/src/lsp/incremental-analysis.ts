// One analysis of an open document: the whole file (re-parsed incrementally from the edited tree), or — when every
// edit since the previous analysis fell inside one function body — that function alone on a reduced copy of the
// document (function-spans.ts), merged with the previous findings and sites of the rest, moved by the edits.
import { analyze, type AnalysisResult, type SiteFact } from '../analyze';
import type { CancelCheck } from '../cancel';
import type { FileFacts } from '../extract/facts';
import type { StoredDocument, TreeEdit } from '../parse/document-store';
import { parseCpp } from '../parse/parser';
import { hasLoneCarriageReturn } from '../parse/positions';
import type { WorkspaceIndex } from '../track/workspace';
import type { BarrierlintConfig, Finding, Range } from '../types';
import { applyEdits, outermostSpans, reducedDocument, shiftRange, type FunctionSpan } from './function-spans';

export interface DocumentFacts {
  findings: Finding[];
  sites: SiteFact[];
  spans: FunctionSpan[];
  mode: 'file' | 'function';
}

function moved(range: Range, edits: readonly TreeEdit[]): Range {
  return edits.reduce((r, e) => shiftRange(r, e), range);
}

function movedFinding(f: Finding, edits: readonly TreeEdit[]): Finding {
  const here = (uri: string, r: Range): Range => (uri === f.uri ? moved(r, edits) : r);
  return {
    ...f,
    range: moved(f.range, edits),
    related: f.related.map((r) => ({ ...r, range: here(r.uri, r.range) })),
    path: f.path?.map((r) => ({ ...r, range: here(r.uri, r.range) })),
    fixes: f.fixes.map((fix) => ({ ...fix, edits: fix.edits.map((e) => ({ ...e, range: moved(e.range, edits) })) })),
  };
}

const siteRange = (s: SiteFact): Range =>
  ({ startLine: s.line - 1, startColumn: s.column - 1, endLine: s.endLine - 1, endColumn: s.endColumn - 1 });

function movedSite(s: SiteFact, edits: readonly TreeEdit[]): SiteFact {
  const r = moved(siteRange(s), edits);
  return { ...s, line: r.startLine + 1, column: r.startColumn + 1, endLine: r.endLine + 1, endColumn: r.endColumn + 1 };
}

const within = (r: Range, focus: Range): boolean => r.startLine >= focus.startLine && r.endLine <= focus.endLine;
const byPosition = (a: Range, b: Range): number => a.startLine - b.startLine || a.startColumn - b.startColumn;

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
  doc.tree = parseCpp(doc.text, doc.tree);
  const result = analyze(doc.text, doc.uri, { config, tree: doc.tree, workspace, isCancelled });
  doc.takeEdits();
  const spans = result.facts ? outermostSpans(result.facts.functions, doc.text) : [];
  return { findings: result.findings, sites: result.sites, spans, mode: 'file', facts: result.facts };
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
  if (!previous || hasLoneCarriageReturn(doc.text)) return undefined;
  const edits = doc.peekEdits();
  const { spans, edited } = applyEdits(previous.spans, edits);
  if (!edited) return undefined;
  const reduced = reducedDocument(doc.text, spans, edited, { ignoreCallers: options.ignoreCallers });
  if (!reduced) return undefined;
  const result = analyze(reduced.text, doc.uri, { config, workspace, isCancelled });
  const focus = reduced.focus;
  const sameRange = (r: Range): boolean => r.startLine === focus.startLine && r.startColumn === focus.startColumn &&
    r.endLine === focus.endLine && r.endColumn === focus.endColumn;
  // The function must still parse as itself: otherwise the edit changes how the code after it parses.
  if (!result.facts?.functions.some((f) => sameRange(f.range))) return undefined;
  if (result.facts.problems.some((p) => p.kind === 'parse-error' && !within(p.range, focus))) return undefined;
  doc.takeEdits();
  const kept = previous.findings.map((f) => movedFinding(f, edits)).filter((f) => !within(f.range, focus));
  const key = (f: Finding): string => `${f.rule}|${f.range.startLine}:${f.range.startColumn}|${f.message}`;
  const known = new Set(kept.map(key));
  // NOTE: findings inside a helper can come from this function's calls; new ones are added, but one this call no
  // longer causes stays until the next whole-file analysis (scheduled when typing pauses).
  const fromHelpers = result.findings.filter((f) => reduced.helpers.some((h) => within(f.range, h)) && !known.has(key(f)));
  const findings = [...kept, ...fromHelpers, ...result.findings.filter((f) => within(f.range, focus))]
    .sort((a, b) => byPosition(a.range, b.range) || a.rule.localeCompare(b.rule));
  const sites = [
    ...previous.sites.map((s) => movedSite(s, edits)).filter((s) => !within(siteRange(s), focus)),
    ...result.sites.filter((s) => within(siteRange(s), focus)),
  ].sort((a, b) => byPosition(siteRange(a), siteRange(b)));
  return { findings, sites, spans, mode: 'function' };
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
  return analyze(reduced ? reduced.text : doc.text, doc.uri, { config, workspace: options.workspace, isCancelled: options.isCancelled });
}
