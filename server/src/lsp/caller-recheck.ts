// The re-check once typing pauses, after function-only analyses (incremental-analysis.ts): the functions that call
// an edited function, directly or through each other, are analysed again — on a reduced document holding them and
// the helpers they call, each of them interpreted as an entry — and their findings and sites replace the old ones.
// The findings of every other function stay: nothing they follow changed. A whole-file analysis is needed only
// when this cannot stand for it (a caller that no longer parses as itself, a new syntax error).
import { analyze } from '../analyze';
import type { StoredDocument } from '../parse/document-store';
import { hasLoneCarriageReturn } from '../parse/positions';
import type { BarrierlintConfig, Range } from '../types';
import { withSubmissions } from './editor-views';
import { callersOf, reducedDocument } from './function-spans';
import { parseErrorKey, parseErrorsOf, type DocumentFacts, type IncrementalOptions } from './incremental-analysis';
import { byFinding, bySite, mergeSorted, siteWithin, withoutRepeatedReports, within } from './result-moves';

const sameRange = (a: Range, b: Range): boolean =>
  a.startLine === b.startLine && a.startColumn === b.startColumn && a.endLine === b.endLine && a.endColumn === b.endColumn;

/**
 * The result of `previous` with the callers of its stale functions analysed again, or undefined when the whole file
 * must be analysed instead. `previous` must be the result of the document's current text (no pending edits).
 */
export function recheckCallers(
  doc: StoredDocument, config: Partial<BarrierlintConfig>, previous: DocumentFacts, options: IncrementalOptions = {},
): DocumentFacts | undefined {
  if (previous.mode !== 'function' || doc.peekEdits().length > 0 || hasLoneCarriageReturn(doc.text)) return undefined;
  const { spans } = previous;
  const textOf = (r: Range): string =>
    doc.text.slice(doc.offsetAt({ line: r.startLine, character: r.startColumn }), doc.offsetAt({ line: r.endLine, character: r.endColumn }));
  const callers = callersOf(spans, previous.stale ?? [], textOf).map((i) => spans[i]);
  const done: DocumentFacts = { ...previous, mode: 'file', stale: [] };
  delete done.change;
  if (callers.length === 0) return done;
  const reduced = reducedDocument(doc.text, spans, callers[0], { ignoreCallers: true, also: callers.slice(1) });
  if (!reduced) return undefined;
  const ranges = callers.map((c) => c.range);
  const result = analyze(reduced.text, doc.uri, { config, workspace: options.workspace, isCancelled: options.isCancelled, entries: ranges });
  // Each caller must parse as itself, with no syntax error the file did not have (see analyzeEditedFunction).
  if (!ranges.every((r) => result.facts?.functions.some((f) => sameRange(f.range, r)))) return undefined;
  const known = new Set(previous.parseErrors.map(parseErrorKey));
  if (parseErrorsOf(result.facts?.problems ?? []).some((e) => !known.has(parseErrorKey(e)))) return undefined;
  const inCallers = (r: Range): boolean => ranges.some((c) => within(r, c));
  const once = withoutRepeatedReports(previous.findings.filter((f) => !inCallers(f.range)), result.findings.filter((f) => inCallers(f.range)));
  const findings = mergeSorted(once.kept, once.added, byFinding);
  const inCaller = (s: DocumentFacts['sites'][number]): boolean => ranges.some((c) => siteWithin(s, c));
  const sites = mergeSorted(previous.sites.filter((s) => !inCaller(s)), withSubmissions(result.sites, result.facts).filter(inCaller), bySite);
  return { ...done, findings, sites };
}
