// "Rewrite as an enhanced barrier" refactorings for the legacy barrier under the cursor: finds the barrier's
// facts (fields with their source text, the ResourceBarrier call that submits it, the resource's creation) and
// hands them to the pure rewrite in report/legacy-rewrite.ts.
import type { CodeAction, Range as LspRange } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import type { BarrierFact, FileFacts, ResourceBarrierCallEvent } from '../extract/facts';
import { rewriteLegacyBarrier, type LegacyBarrier } from '../report/legacy-rewrite';
import { toLspRange } from '../report/lsp-diagnostics';
import { SourceText } from '../report/source-text';
import { forEachEvent } from '../extract/events';
import { rangeWithin } from '../parse/positions';
import type { FixEdit, Range } from '../types';

function overlaps(a: Range, b: LspRange): boolean {
  const startsBeforeEnd = a.startLine < b.end.line || (a.startLine === b.end.line && a.startColumn <= b.end.character);
  const endsAfterStart = a.endLine > b.start.line || (a.endLine === b.start.line && a.endColumn >= b.start.character);
  return startsBeforeEnd && endsAfterStart;
}


interface Submission {
  call: ResourceBarrierCallEvent;
  scope: Range;
}

/** The ResourceBarrier calls that submit the barrier built at `site`, with their function's range. */
function submissions(facts: FileFacts, site: number): Submission[] {
  const found: Submission[] = [];
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'resource-barrier-call' && e.barriers?.some((b) => b.site === site)) found.push({ call: e, scope: fn.range });
    });
  }
  return found;
}

function resourceKind(facts: FileFacts, barrier: BarrierFact): 'texture' | 'buffer' | null {
  const key = barrier.resource?.key;
  if (!key) return null;
  const kinds = new Set<string>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'resource-creation' && e.creation.resource.key === key && e.creation.dimension) {
        kinds.add(e.creation.dimension === 'buffer' ? 'buffer' : 'texture');
      }
    });
  }
  return kinds.size === 1 ? ([...kinds][0] as 'texture' | 'buffer') : null;
}

function legacyBarrier(b: BarrierFact, src: SourceText): LegacyBarrier | undefined {
  if (b.kind !== 'legacy-transition' && b.kind !== 'legacy-uav') return undefined;
  const pick = (name: string): { value: number | null; text: string } | undefined => {
    const f = b.fields[name];
    if (!f) return undefined;
    // A field the code did not write (a defaulted argument) has no source text to copy: use its value.
    const written = src.text.slice(src.offsetOf(f.range.startLine, f.range.startColumn), src.offsetOf(f.range.endLine, f.range.endColumn));
    if (written === f.text) return { value: f.value, text: f.text };
    return f.value === null ? undefined : { value: f.value, text: `0x${(f.value >>> 0).toString(16)}` };
  };
  return {
    kind: b.kind,
    range: b.range,
    resource: b.resource && b.resource.key !== null ? b.resource.text : null,
    fields: { StateBefore: pick('StateBefore'), StateAfter: pick('StateAfter'), Subresource: pick('Subresource'), Flags: pick('Flags') },
  };
}

/**
 * Legacy barriers of the same resource in the function: rewriting one of them alone would leave the others legacy,
 * and mixing the models on one resource is an error (the interop rule).
 */
function otherLegacyBarriers(facts: FileFacts, fact: BarrierFact, scope: Range): boolean {
  const key = fact.resource?.key;
  if (!key) return true;
  return facts.barriers.some((b) => b.site !== fact.site && b.kind.startsWith('legacy-') && rangeWithin(b.range, scope) &&
    (b.resource?.key === key || !b.resource?.key));
}

const startsBefore = (a: Range, b: Range): boolean => a.startLine < b.startLine || (a.startLine === b.startLine && a.startColumn < b.startColumn);
const endsAfterStart = (a: Range, b: Range): boolean => a.endLine > b.startLine || (a.endLine === b.startLine && a.endColumn > b.startColumn);

/**
 * "Rewrite every barrier of this resource in this function": each legacy barrier of the resource in the function
 * rewritten as the single rewrite would, in one edit, so the function never mixes the two models on it. Offered only
 * when every one of them can be rewritten (one submitting call of one barrier each, one enhanced variant) and no
 * legacy barrier of the function names a resource the extraction could not name.
 */
function wholeResourceRewrite(
  input: { uri: string; text: string; facts: FileFacts; unknownListIsEnhanced?: boolean }, fact: BarrierFact, scope: Range, src: SourceText,
): CodeAction | undefined {
  const key = fact.resource?.key;
  const legacy = input.facts.barriers.filter((b) => b.kind.startsWith('legacy-') && rangeWithin(b.range, scope));
  if (!key || legacy.some((b) => !b.resource?.key)) return undefined;
  const taken = new Set<string>();
  const edits: FixEdit[] = [];
  for (const b of legacy.filter((l) => l.resource?.key === key)) {
    const barrier = legacyBarrier(b, src);
    const subs = submissions(input.facts, b.site);
    if (!barrier || subs.length !== 1 || !rangeWithin(b.range, subs[0].scope)) return undefined;
    const rewrites = rewriteLegacyBarrier({
      unknownListIsEnhanced: input.unknownListIsEnhanced, text: input.text, barrier, taken, scope,
      call: { range: subs[0].call.range, barrierCount: subs[0].call.count.value }, resourceKind: resourceKind(input.facts, b),
    });
    if (rewrites.length !== 1) return undefined;
    edits.push(...rewrites[0].edits);
  }
  edits.sort((a, b) => (startsBefore(a.range, b.range) ? -1 : startsBefore(b.range, a.range) ? 1 : 0));
  if (edits.some((e, i) => i > 0 && endsAfterStart(edits[i - 1].range, e.range))) return undefined;
  return {
    title: `Rewrite every barrier of '${fact.resource?.text ?? key}' in this function as enhanced barriers`,
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [input.uri]: edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })) } },
  };
}

/**
 * Refactorings for every legacy Transition/UAV barrier touching `range`: offered only when the list is declared
 * ID3D12GraphicsCommandList7 or later (or `unknownListIsEnhanced`): the barrier alone when it is the only legacy
 * barrier of its resource in the function, else all of them (wholeResourceRewrite), so the result never mixes the
 * two models on one resource.
 */
export function legacyRewriteActions(input: { uri: string; text: string; facts: FileFacts; range: LspRange; unknownListIsEnhanced?: boolean }): CodeAction[] {
  const actions: CodeAction[] = [];
  const offered = new Set<string>();
  const src = new SourceText(input.text);
  for (const fact of input.facts.barriers) {
    const barrier = legacyBarrier(fact, src);
    if (!barrier || !overlaps(fact.range, input.range)) continue;
    const subs = submissions(input.facts, fact.site);
    if (subs.length !== 1) continue;
    const [{ call, scope }] = subs;
    if (!rangeWithin(fact.range, scope)) continue;
    if (otherLegacyBarriers(input.facts, fact, scope)) {
      const key = `${fact.resource?.key}|${scope.startLine}`;
      const whole = offered.has(key) ? undefined : wholeResourceRewrite(input, fact, scope, src);
      offered.add(key);
      if (whole) actions.push(whole);
      continue;
    }
    const rewrites = rewriteLegacyBarrier({
      unknownListIsEnhanced: input.unknownListIsEnhanced,
      text: input.text,
      barrier,
      call: { range: call.range, barrierCount: call.count.value },
      resourceKind: resourceKind(input.facts, fact),
      scope,
    });
    for (const rewrite of rewrites) {
      actions.push({
        title: rewrite.title,
        kind: CodeActionKind.RefactorRewrite,
        edit: { changes: { [input.uri]: rewrite.edits.map((e) => ({ range: toLspRange(e.range), newText: e.newText })) } },
      });
    }
  }
  return actions;
}
