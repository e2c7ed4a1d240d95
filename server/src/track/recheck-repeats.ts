// A helper's barrier checked again at a call chain (helper-rechecks.ts) can give the finding a shorter chain already
// gave: `ensure_layout()` passes ACCESS_COMMON to `emit_barrier()`, and every function that calls `ensure_layout()`
// (and every function that calls those) rechecks the barrier with its own layouts, so access-common-before was
// reported at each call on the way (Mesa dzn: 16 reports for 3 places in the code). Whether the finding depends on
// the call is known from the findings themselves: a finding the same barrier gave through a shorter chain that the
// longer one only passes through (a suffix of it), saying the same thing, is that finding. It is reported once, at
// the innermost call that decides it; the calls that reached it again become related notes of that report
// (clang-tidy's notes), so the report still shows every chain. A finding that depends on what a call passes
// (another layout, another resource in the message) says something else and is kept at that call.
import type { ReportedFinding } from '../types';
import type { Recheck } from './env';

/** Related notes added to one report at most (call-sites.ts lists the direct calls the same way). */
const MAX_NOTES = 8;

/** What makes two findings the same: the rule, what the message says, at which level. */
function said(f: ReportedFinding): string {
  return JSON.stringify([f.rule, f.severity, f.messageKey, f.data, f.api ?? null, f.xbox ?? null]);
}

/** `inner` is a proper suffix of `outer`: the recheck with `inner` was decided at a call `outer` only passes through. */
function properSuffix(inner: readonly string[], outer: readonly string[]): boolean {
  if (inner.length >= outer.length) return false;
  const skip = outer.length - inner.length;
  return inner.every((loc, i) => loc === outer[skip + i]);
}

/**
 * The findings of `runs` (each recheck with the findings its run added, in run order) without those a shorter chain
 * of the same barrier already gave; each dropped report becomes a related note of the report that covers it.
 */
export function withoutRecheckRepeats(runs: readonly { recheck: Recheck; made: ReportedFinding[] }[]): ReportedFinding[] {
  const byShortest = [...runs].sort((a, b) => a.recheck.chain.length - b.recheck.chain.length);
  const decided = new Map<string, { chain: readonly string[]; finding: ReportedFinding }[]>();
  const dropped = new Set<ReportedFinding>();
  for (const { recheck, made } of byShortest) {
    for (const f of made) {
      const key = `${recheck.barrier}|${said(f)}`;
      const earlier = decided.get(key) ?? [];
      const cover = earlier.find((e) => properSuffix(e.chain, recheck.chain));
      if (!cover) {
        earlier.push({ chain: recheck.chain, finding: f });
        decided.set(key, earlier);
        continue;
      }
      dropped.add(f);
      const notes = cover.finding.related.filter((r) => r.kind === 'call-site').length;
      const listed = cover.finding.related.some((r) => r.uri === f.uri && r.range.startLine === f.range.startLine && r.range.startColumn === f.range.startColumn);
      if (notes < MAX_NOTES && !listed && !(f.uri === cover.finding.uri && f.range.startLine === cover.finding.range.startLine && f.range.startColumn === cover.finding.range.startColumn)) {
        cover.finding.related.push({ uri: f.uri, range: f.range, message: `${recheck.call.callee}() is called here, from ${recheck.call.caller}()`, kind: 'call-site' });
      }
    }
  }
  return runs.flatMap((r) => r.made.filter((f) => !dropped.has(f)));
}
