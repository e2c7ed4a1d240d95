// "Match the tracked state" for the state-mismatch diagnostics: the barrier the diagnostic is about (built at, or
// submitted by, the code at its position, for its resource) gets its whole before-side from the tracker's state of
// the resource — LayoutBefore and AccessBefore together, with SyncBefore adjusted when the new access needs it (or
// StateBefore for a legacy transition) — so the barrier is valid afterwards, not just one field. Offered only when
// every field to change is written literally here (not a helper parameter) and the tracked values are definite.
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import type { AnalysisResult } from '../analyze';
import type { BarrierFact, Field } from '../extract/facts';
import { toLspRange } from '../report/lsp-diagnostics';
import { SourceText } from '../report/source-text';
import { lookupEnumIdentifier } from '../model/enums';
import { ACCESS_NO_ACCESS, isSyncAccessCompatible, isSyncNone } from '../model/sync-access';
import { forEachEvent } from '../extract/events';
import type { Range } from '../types';

/** Which side of the tracked state each state-mismatch rule is about (enhanced barrier fields or the legacy state). */
const FIXABLE: Readonly<Record<string, 'enhanced' | 'legacy'>> = {
  'layout-before-mismatch': 'enhanced',
  'access-before-mismatch': 'enhanced',
  'legacy-state-mismatch': 'legacy',
};

const SYNC_NONE_NAME = 'D3D12_BARRIER_SYNC_NONE';
const SYNC_ALL_NAME = 'D3D12_BARRIER_SYNC_ALL';

/** `A|B` enumerator names → their value, when every part is known. */
function valueOf(names: string): number | undefined {
  let total = 0;
  for (const part of names.split('|').map((p) => p.trim())) {
    const found = lookupEnumIdentifier(part);
    if (found?.value === undefined) return undefined;
    total = (total | found.value) >>> 0;
  }
  return total;
}

const definite = (v: string | undefined): v is string => !!v && v !== 'unknown' && !v.includes(' or ');

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

interface FieldEdit {
  field: string;
  range: Range;
  newText: string;
}

/**
 * The edits that make an enhanced barrier match the tracked state: LayoutBefore and AccessBefore set to the
 * tracked values, and SyncBefore adjusted when the new AccessBefore would not be valid with it (NO_ACCESS needs
 * SYNC_NONE; any other access a sync that is not NONE). Undefined when a field to change is not written literally
 * here or the tracked value is not one definite value.
 */
function enhancedEdits(src: SourceText, b: BarrierFact, tracked: { layout: string; access: string }): FieldEdit[] | undefined {
  const edits: FieldEdit[] = [];
  const set = (name: string, value: string): boolean => {
    const field = b.fields[name];
    if (!field) return true; // a barrier kind without the field (buffers have no layout)
    if (field.text === value) return true;
    if (!writtenHere(src, field)) return false;
    edits.push({ field: name, range: field.range, newText: value });
    return true;
  };
  const hasLayout = !!b.fields.LayoutBefore;
  if (hasLayout && (!definite(tracked.layout) || !set('LayoutBefore', tracked.layout))) return undefined;
  if (!definite(tracked.access) || !set('AccessBefore', tracked.access)) return undefined;
  const sync = b.fields.SyncBefore;
  const access = valueOf(tracked.access);
  const syncValue = sync?.value ?? (sync ? valueOf(sync.text) : undefined);
  if (sync && access !== undefined && syncValue !== undefined && syncValue !== null) {
    const noAccess = access === ACCESS_NO_ACCESS;
    const valid = noAccess ? isSyncNone(syncValue) || isSyncAccessCompatible(syncValue, access) : isSyncAccessCompatible(syncValue, access);
    if (!valid && !set('SyncBefore', noAccess ? SYNC_NONE_NAME : SYNC_ALL_NAME)) return undefined;
  }
  return edits.length > 0 ? edits : undefined;
}

export function trackedValueActions(input: {
  uri: string;
  text: string;
  diagnostic: Diagnostic;
  rule: string;
  resource?: string;
  analysis: AnalysisResult;
}): CodeAction[] {
  const side = FIXABLE[input.rule];
  if (!side || !input.analysis.facts) return [];
  const src = new SourceText(input.text);
  const { line, character } = input.diagnostic.range.start;
  const actions: CodeAction[] = [];
  for (const b of barriersAt(input.analysis, line, character)) {
    if (input.resource !== undefined && b.resource?.text !== input.resource) continue;
    const tracked = input.analysis.sites[b.site]?.tracked?.before;
    if (!tracked) continue;
    let edits: FieldEdit[] | undefined;
    if (side === 'legacy') {
      const field = b.fields.StateBefore;
      if (field && definite(tracked.state) && tracked.state !== field.text && writtenHere(src, field)) {
        edits = [{ field: 'StateBefore', range: field.range, newText: tracked.state }];
      }
    } else {
      edits = enhancedEdits(src, b, tracked);
    }
    if (!edits) continue;
    const what = edits.map((e) => `${e.field} ${e.newText}`).join(', ');
    actions.push({
      title: `Match the tracked state (${what})`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [input.diagnostic],
      isPreferred: true,
      edit: { changes: { [input.uri]: edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })) } },
    });
  }
  return actions;
}
