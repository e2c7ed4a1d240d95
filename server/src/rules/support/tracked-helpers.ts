// Shared logic for rules that compare a barrier's before-value with the tracked state: an error only when no
// path agrees (or a loop's second iteration disagrees), a warning when some paths agree, silence when unknown.
import type { Origin, Possible } from '../../track/state';
import type { TrackContext } from '../../track/visitors';
import type { Field } from '../../extract/facts';
import type { Range, RelatedLocation, Severity } from '../../types';

export interface Comparison {
  severity: Severity | null;
  /** Values (with where they were set) that disagree with the barrier. */
  mismatches: [number, Origin][];
  /** Only a loop's back edge disagrees: the bug shows on the loop's second iteration. */
  loop: Origin['loop'] | undefined;
}

/**
 * The access or sync values a barrier recorded on `list` follows: those set by barriers of the same list, or of a
 * list not known on either side. A value another known list set belongs to that list's ExecuteCommandLists scope (a
 * compute list's barrier and the direct list's next one, ordered by a fence): on that path nothing is known.
 */
export function inListScope(p: Possible, list: string | null): Possible {
  if (!list || ![...p.values.values()].some((o) => o.list && o.list !== list)) return p;
  return { values: new Map([...p.values].filter(([, o]) => !o.list || o.list === list)), unknown: true };
}

/** Compare tracked values with what the barrier claims; `accepts(tracked)` says whether a tracked value is fine. */
export function compareTracked(p: Possible, accepts: (tracked: number) => boolean): Comparison {
  const agreeing = [...p.values.entries()].filter(([v]) => accepts(v));
  // A value that holds together with an agreeing one (Origin.alternative) is no disagreement.
  const alternativeAgrees = agreeing.some(([, o]) => o.alternative);
  const mismatches = [...p.values.entries()].filter(([v, o]) => !accepts(v) && !(alternativeAgrees && o.alternative));
  if (mismatches.length === 0 || p.values.size === 0) return { severity: null, mismatches: [], loop: undefined };
  // Values a per-path StateAfter set, some agreeing: the paths they hold on are not followed, nothing is certain.
  if (agreeing.length > 0 && mismatches.every(([, o]) => o.perPathAfter)) return { severity: null, mismatches: [], loop: undefined };
  const allLoop = mismatches.every(([, o]) => o.loop);
  // A first-use assumption that only comes around a loop's back edge was set by no code on that path (the body left
  // the resource untouched): it is no certain state, and the paths that did set one may not be the ones met here.
  const onlyAssumedAround = allLoop && mismatches.every(([, o]) => o.assumed);
  if (agreeing.length === 0 && !p.unknown && !onlyAssumedAround) return { severity: 'error', mismatches, loop: allLoop ? mismatches[0][1].loop : undefined };
  // Only the back edge disagrees, and no path around it keeps an agreeing value: wrong on the second iteration.
  if (allLoop && !onlyAssumedAround && agreeing.every(([, o]) => !o.loop && !o.aroundLoop)) return { severity: 'error', mismatches, loop: mismatches[0][1].loop };
  return { severity: 'warning', mismatches, loop: undefined };
}

/** A before-value chosen per path (`Field.oneOf`) compared with a tracked state known on every path. */
export interface AlternativesComparison {
  /** An error when every alternative is wrong (every path is), a warning when only some are. */
  severity: Severity;
  /** The alternatives no tracked value accepts: wrong on whichever path chooses them. */
  wrong: number[];
  /** The first wrong alternative's comparison (the tracked values it disagrees with, where they were set). */
  comparison: Comparison;
}

/**
 * A barrier's before-value written differently on the paths of an if/else or switch (`Field.oneOf`, each path a
 * known number) and submitted after the join: an alternative that no tracked value accepts is wrong on the paths
 * that choose it, whichever path facts hold (when the tracked state is one value; several tracked values are not
 * matched with the alternatives' paths, so only every alternative being wrong counts then). Nothing when the tracked state is unknown on some path (an unknown
 * state is never a finding) or when only a loop's back edge disagrees.
 */
export function compareAlternatives(field: Field | undefined, p: Possible, accepts: (before: number) => (tracked: number) => boolean): AlternativesComparison | null {
  const alternatives = field?.oneOf;
  if (!alternatives || alternatives.length < 2 || p.unknown || p.values.size === 0) return null;
  const wrong: [number, Comparison][] = [];
  for (const a of alternatives) {
    const c = compareTracked(p, accepts(a));
    if (c.severity === 'error' && !c.loop) wrong.push([a, c]);
  }
  if (wrong.length === 0) return null;
  // NOTE: a tracked state that is itself one of several per path (a join, a StateAfter chosen per path) cannot be
  // matched with the before-value's paths: only an alternative wrong on every path is a finding then.
  if (wrong.length < alternatives.length && p.values.size > 1) return null;
  return { severity: wrong.length === alternatives.length ? 'error' : 'warning', wrong: wrong.map(([a]) => a), comparison: wrong[0][1] };
}

/** " on the paths that set it to X (line 12 sets Y)" for a warning of `compareAlternatives`; nothing for an error. */
export function alternativesNote(a: AlternativesComparison, field: Field | undefined, describe: (v: number) => string): string {
  if (a.severity !== 'warning') return '';
  const others = (field?.oneOf ?? []).filter((v) => !a.wrong.includes(v)).map(describe).join(' or ');
  return ` on the paths that set it to ${a.wrong.map(describe).join(' or ')} (other paths set ${others})`;
}

/**
 * A use whose disagreement rests only on the state assumed at first use, on a path that skipped the barrier it was
 * assumed from (`if (isTexture) transition(res, PSR → COPY_SOURCE); CopyResource(dst, res);`), for a resource whose
 * kind is not known. The test that skipped the barrier is, in engine code, usually what tells the resources apart:
 * on that path the resource may be a buffer or a simultaneous-access texture in COMMON, which the use promotes
 * (LB-10). Nothing on the path says otherwise, so the use is not reported (an unknown state is never a finding).
 * A barrier's before-value on such a path is still compared (layout-before-mismatch's "bloom" case): no promotion
 * makes an explicit before-state right.
 */
export function restsOnSkippedAssumption(c: Comparison, resourceKnown: boolean): boolean {
  return !resourceKnown && c.severity === 'warning' && c.mismatches.every(([, o]) => o.assumed);
}

/**
 * A partial disagreement between two helpers' own tests: one call of a helper left the resource in one of several
 * states, each chosen by a branch inside that helper (every value the use can meet was set inside the same call), and
 * the use is itself inside a helper (`state->PrepareForResolve(cl, bb); Resolve(cl, bb, …, msaa);
 * state->PrepareForPresent(cl, bb);`, each branching on the sample count). Whether the two helpers' tests agree is
 * not visible to the caller (they read object state or arguments the caller does not relate), so pairing the first
 * helper's path with the other branch of the second is a guess: not reported. The same helper choice met by a use
 * in the caller itself still warns (the caller does one thing whichever state the helper chose).
 */
export function restsOnHelperChoices(c: Comparison, p: Possible, ctx: TrackContext): boolean {
  if (c.severity !== 'warning' || c.loop || ctx.related.length === 0 || p.unknown || p.values.size < 2) return false;
  const origins = [...p.values.values()];
  const first = origins[0];
  return origins.every((o) => o.at && !o.loop && !o.assumed && o.uri === first.uri
    && o.range.startLine === first.range.startLine && o.range.startColumn === first.range.startColumn);
}

/** Related locations: helper frames first, then where each disagreeing value was set. */
export function relatedFor(ctx: TrackContext, c: Comparison): RelatedLocation[] {
  return [
    ...ctx.related,
    ...c.mismatches.map(([, o]) => ({ uri: o.uri, range: o.range, message: o.note })),
  ];
}

/** " (on the path through line 12 it is X)" / " (on the loop's next iteration, line 8)" for partial disagreements. */
export function pathNote(c: Comparison, describe: (v: number) => string): string {
  if (c.loop) return ` on the next iteration of the loop at line ${c.loop.startLine + 1}`;
  if (c.severity !== 'warning') return '';
  const [v, o] = c.mismatches[0];
  // The condition of the paths that carry the disagreeing value, when path facts name one (track/path-set.ts).
  const when = o.when ? `, when ${o.when}` : '';
  if (o.assumed) return ` on a path that skips line ${o.range.startLine + 1} (there it is still ${describe(v)}, as assumed at first use)${when}`;
  return ` on the path through line ${o.range.startLine + 1} (there it is ${describe(v)})${when}`;
}

/** "(assumed at first use)" for errors against an assumed state; warnings say it in their path note. */
export function assumedNote(c: Comparison): string {
  return c.severity === 'error' && c.mismatches.some(([, o]) => o.assumed) ? ' (assumed at first use)' : '';
}

/**
 * The field to underline in an editor for a tracked-state report at the call (`ReportDescriptor.focus`): only a
 * field written in the call itself (`ResourceBarrier(1, &Transition(res, BEFORE, AFTER))`), on the call's first
 * line and not inside a helper, so the report's line — the one suppressions and *Disable for this line* name —
 * stays the same. Undefined otherwise: the whole call is underlined.
 */
export function focusOn(field: Field | undefined, ctx: TrackContext): Range | undefined {
  const r = ctx.range;
  const f = field?.range;
  if (!f || field.param !== undefined || ctx.related.length > 0) return undefined;
  if (f.startLine !== r.startLine || f.endLine !== r.startLine || f.startColumn < r.startColumn) return undefined;
  if (r.endLine === r.startLine && f.endColumn > r.endColumn) return undefined;
  return f.startColumn === f.endColumn ? undefined : f;
}

/**
 * Whether the resource is deactivated (AccessAfter NO_ACCESS) on the list that uses it: a deactivation is an access
 * of the list whose barrier made it (accesses start over per command list and at every ExecuteCommandLists, EB-ECL-01),
 * and on another list the resource is judged by its layout or state like any other (deactivated-resource-access
 * reports a use on the same list).
 */
export function deactivatedOn(met: { deactivated: { list?: string | null } | null }, list: string | null): boolean {
  return !!met.deactivated && (met.deactivated.list ?? null) === list;
}
