// The re-check once typing pauses, after function-only analyses (incremental-analysis.ts): the functions that call
// an edited function, directly or through each other, are analysed again — on a reduced document holding them and
// the helpers they call, each of them interpreted as an entry — and their findings and sites replace the old ones.
// The findings of every other function stay: nothing they follow changed. A whole-file analysis is needed only
// when this cannot stand for it (a caller that no longer parses as itself, a new syntax error).
// It runs in three steps so all but the merge can run on another thread (background-thread.ts) while keystrokes are
// analysed: prepareRecheck (what to send), analyzeRecheck (the callers and their analysis: plain data in and out),
// finishRecheck (the merge).
import { analyze } from '../analyze';
import type { CancelCheck } from '../cancel';
import { StoredDocument } from '../parse/document-store';
import { parseCpp } from '../parse/parser';
import { hasLoneCarriageReturn } from '../parse/positions';
import type { SiteFact } from '../report/analysis-result';
import type { WorkspaceIndex } from '../track/workspace';
import type { BarrierlintConfig, Finding, Range } from '../types';
import { withSubmissions } from './editor-views';
import { callersOf, reducedDocument, sameRange, type FunctionSpan } from './function-spans';
import { frameCarryFor, type FrameWatch } from './frame-scope';
import { parseErrorKey, parseErrorsOf, type DocumentFacts, type IncrementalOptions, type ParseError } from './incremental-analysis';
import { readersOf, type SpanCreations } from './span-creations';
import { byFinding, bySite, mergeSorted, movedKept, siteWithin, withoutRepeatedReports, within } from './result-moves';

/**
 * What the re-check analyses (plain data: it crosses to the re-check thread): the document's text, its functions and
 * which of them were edited since their callers were last analysed.
 */
export interface RecheckJob {
  uri: string;
  text: string;
  config: Partial<BarrierlintConfig>;
  spans: FunctionSpan[];
  stale: number[];
  /** What the functions create under names others read (span-creations.ts): kept with the callers. */
  creations?: SpanCreations;
  /** The frame members the whole file decided (frame-scope.ts), for the callers that are frame methods. */
  frame?: FrameWatch;
}

/**
 * What the analysis of a RecheckJob gives back: only what lies in the callers; `whole` when the whole file must be
 * analysed instead (the callers' reduced document cannot be made).
 */
export type RecheckAnswer =
  | { whole: true }
  | {
    callers: Range[];
    /** Every caller parsed as itself. */
    parsed: boolean;
    findings: Finding[];
    sites: SiteFact[];
    parseErrors: ParseError[];
  };

/**
 * The re-check of `previous`'s stale functions: `done` when none was edited, a job otherwise; undefined when the
 * whole file must be analysed instead. `previous` must be the result of the document's current text.
 */
export function prepareRecheck(doc: StoredDocument, config: Partial<BarrierlintConfig>, previous: DocumentFacts): { done: DocumentFacts } | { job: RecheckJob } | undefined {
  if (previous.mode !== 'function' || doc.peekEdits().length > 0 || hasLoneCarriageReturn(doc.text)) return undefined;
  const stale = previous.stale ?? [];
  if (stale.length === 0) return { done: recheckedFacts(previous) };
  return {
    job: {
      uri: doc.uri, text: doc.text, config, spans: previous.spans, stale, ...(previous.creations ? { creations: previous.creations } : {}),
      ...(previous.frame ? { frame: previous.frame } : {}),
    },
  };
}

/**
 * The analysis of a re-check (on whichever thread): the functions that call the stale ones, directly or through each
 * other, on a reduced document holding them and the helpers they call. The parse too stops when cancelled.
 */
export function analyzeRecheck(job: RecheckJob, options: { workspace?: WorkspaceIndex; isCancelled?: CancelCheck } = {}): RecheckAnswer {
  const doc = new StoredDocument(job.uri, 'cpp', 0, job.text);
  const { spans } = job;
  const textOf = (r: Range): string =>
    doc.text.slice(doc.offsetAt({ line: r.startLine, character: r.startColumn }), doc.offsetAt({ line: r.endLine, character: r.endColumn }));
  // An edited function creating what others read (a member created in Init): the readers' findings may change too,
  // and so may their callers'.
  const readers = job.creations ? readersOf(job.creations, job.stale, spans, (s) => textOf(s.range)) : [];
  const changed = [...job.stale, ...readers];
  const foundAt = [...new Set([...readers, ...callersOf(spans, changed, textOf)])].sort((a, b) => a - b);
  const found = foundAt.map((i) => spans[i]);
  const frameCarry = foundAt.flatMap((i) => frameCarryFor(job.frame, i, spans[i].range));
  if (found.length === 0) return { callers: [], parsed: true, findings: [], sites: [], parseErrors: [] };
  const reduced = reducedDocument(doc.text, spans, found[0], { ignoreCallers: true, also: found.slice(1), creations: job.creations });
  if (!reduced) return { whole: true };
  const callers = found.map((c) => c.range);
  const tree = parseCpp(reduced.text, undefined, options.isCancelled);
  const result = analyze(reduced.text, job.uri, {
    config: job.config, tree, workspace: options.workspace, isCancelled: options.isCancelled, entries: callers, complete: true, frameCarry,
  });
  const inCallers = (r: Range): boolean => callers.some((c) => within(r, c));
  return {
    callers,
    parsed: callers.every((r) => result.facts?.functions.some((f) => sameRange(f.range, r))),
    findings: result.findings.filter((f) => inCallers(f.range)),
    sites: withSubmissions(result.sites, result.facts).filter((s) => callers.some((c) => siteWithin(s, c))),
    parseErrors: parseErrorsOf(result.facts?.problems ?? []),
  };
}

/** `previous` with the callers' findings and sites replaced by the answer's; undefined when it cannot stand for the file. */
export function finishRecheck(previous: DocumentFacts, answer: RecheckAnswer): DocumentFacts | undefined {
  // Each caller must parse as itself, with no syntax error the file did not have (see analyzeEditedFunction).
  if ('whole' in answer || !answer.parsed) return undefined;
  if (answer.callers.length === 0) return recheckedFacts(previous);
  const known = new Set(previous.parseErrors.map(parseErrorKey));
  if (answer.parseErrors.some((e) => !known.has(parseErrorKey(e)))) return undefined;
  const ranges = answer.callers;
  const inCallers = (r: Range): boolean => ranges.some((c) => within(r, c));
  const same = <T>(x: T): T => x;
  const kept = movedKept(previous.findings, same, (f) => inCallers(f.range), byFinding);
  const once = withoutRepeatedReports(kept.kept, answer.findings);
  const findings = mergeSorted(once.kept, once.added, byFinding, kept.sorted);
  const keptSites = movedKept(previous.sites, same, (s) => ranges.some((c) => siteWithin(s, c)), bySite);
  const sites = mergeSorted(keptSites.kept, answer.sites, bySite, keptSites.sorted);
  return { ...recheckedFacts(previous), findings, sites };
}

function recheckedFacts(previous: DocumentFacts): DocumentFacts {
  const done: DocumentFacts = { ...previous, mode: 'file', stale: [] };
  delete done.change;
  return done;
}

/**
 * The result of `previous` with the callers of its stale functions analysed again on this thread, or undefined when
 * the whole file must be analysed instead. `previous` must be the result of the document's current text.
 */
export function recheckCallers(
  doc: StoredDocument, config: Partial<BarrierlintConfig>, previous: DocumentFacts, options: IncrementalOptions = {},
): DocumentFacts | undefined {
  const prepared = prepareRecheck(doc, config, previous);
  if (!prepared || 'done' in prepared) return prepared?.done;
  return finishRecheck(previous, analyzeRecheck(prepared.job, options));
}
