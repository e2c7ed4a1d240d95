// "Set LayoutBefore / AccessBefore / StateBefore to the tracked value" for the state-mismatch diagnostics: the
// barrier the diagnostic is about (built at, or submitted by, the code at its position, for its resource), the
// field as written in the source, and the tracker's state of the resource before that barrier. Offered only when
// the field is written literally here (not a helper parameter) and the tracked value is one definite value.
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import type { AnalysisResult } from '../analyze';
import type { BarrierFact, Field } from '../extract/facts';
import { toLspRange } from '../report/lsp-diagnostics';
import { SourceText } from '../report/source-text';
import { forEachEvent } from '../track/events';
import type { Range } from '../types';

/** Which field each state-mismatch rule is about, and which part of the tracked state fixes it. */
const FIXABLE: Readonly<Record<string, { field: string; state: 'layout' | 'access' | 'state' }>> = {
  'layout-before-mismatch': { field: 'LayoutBefore', state: 'layout' },
  'access-before-mismatch': { field: 'AccessBefore', state: 'access' },
  'legacy-state-mismatch': { field: 'StateBefore', state: 'state' },
};

function contains(r: Range, line: number, character: number): boolean {
  const afterStart = line > r.startLine || (line === r.startLine && character >= r.startColumn);
  const beforeEnd = line < r.endLine || (line === r.endLine && character <= r.endColumn);
  return afterStart && beforeEnd;
}

/** Barriers constructed at the position, or submitted by a Barrier/ResourceBarrier call there. */
function barriersAt(analysis: AnalysisResult, line: number, character: number): BarrierFact[] {
  const found = new Map<number, BarrierFact>();
  for (const b of analysis.facts?.barriers ?? []) if (contains(b.range, line, character)) found.set(b.site, b);
  for (const fn of analysis.facts?.functions ?? []) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'barrier-call' && contains(e.range, line, character)) {
        for (const g of e.groups ?? []) for (const b of g.barriers ?? []) found.set(b.site, b);
      } else if (e.kind === 'resource-barrier-call' && contains(e.range, line, character)) {
        for (const b of e.barriers ?? []) found.set(b.site, b);
      }
    });
  }
  return [...found.values()];
}

function writtenHere(src: SourceText, field: Field): boolean {
  const { startLine, startColumn, endLine, endColumn } = field.range;
  return field.param === undefined && src.text.slice(src.offsetOf(startLine, startColumn), src.offsetOf(endLine, endColumn)) === field.text;
}

export function trackedValueActions(input: {
  uri: string;
  text: string;
  diagnostic: Diagnostic;
  rule: string;
  resource?: string;
  analysis: AnalysisResult;
}): CodeAction[] {
  const spec = FIXABLE[input.rule];
  if (!spec || !input.analysis.facts) return [];
  const src = new SourceText(input.text);
  const { line, character } = input.diagnostic.range.start;
  const actions: CodeAction[] = [];
  for (const b of barriersAt(input.analysis, line, character)) {
    if (input.resource !== undefined && b.resource?.text !== input.resource) continue;
    const field = b.fields[spec.field];
    const tracked = input.analysis.sites[b.site]?.tracked?.before[spec.state];
    if (!field || !writtenHere(src, field) || !tracked || tracked === 'unknown' || tracked.includes(' or ')) continue;
    if (tracked === field.text) continue;
    actions.push({
      title: `Set ${spec.field} to ${tracked} (the tracked ${spec.state === 'state' ? 'state' : spec.state})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [input.diagnostic],
      isPreferred: true,
      edit: { changes: { [input.uri]: [{ range: toLspRange(field.range), newText: tracked }] } },
    });
  }
  return actions;
}
