// A finding inside a helper that does not depend on the call is reported once, at the helper (run.ts runRechecks);
// where the file calls that helper is then told by related locations, one per call ("Upload() is called here, from
// LoadAssets()"), so the report still shows the call chains that reach it (clang-tidy's notes).
import { forEachEvent } from '../extract/events';
import type { FileFacts, FunctionFacts } from '../extract/facts';
import type { Range, ReportedFinding } from '../types';
import { rangeContains } from '../ranges';

/** Call sites listed per finding at most: a helper called from everywhere is not listed whole. */
const MAX_CALL_SITES = 8;

function accepts(fn: FunctionFacts, argc: number): boolean {
  return fn.params.length === argc || (fn.required !== undefined && argc >= fn.required && argc < fn.params.length);
}

/** The file's calls of each of its functions (a name the file defines more than once is left out: which one is called is not known here). */
function callSites(facts: FileFacts): Map<FunctionFacts, { range: Range; caller: string }[]> {
  const byName = new Map<string, FunctionFacts[]>();
  for (const fn of facts.functions) if (!fn.lambda) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const out = new Map<FunctionFacts, { range: Range; caller: string }[]>();
  for (const caller of facts.functions) {
    forEachEvent(caller.body, (e) => {
      if (e.kind !== 'user-call') return;
      const found = byName.get(e.callee)?.filter((fn) => accepts(fn, e.args.length));
      if (found?.length !== 1 || found[0] === caller) return;
      const known = out.get(found[0]) ?? [];
      // One call met twice (on both sides of an `#if`, in a loop's two walks) is one call site.
      if (known.some((c) => c.range.startLine === e.range.startLine && c.range.startColumn === e.range.startColumn)) return;
      out.set(found[0], [...known, { range: e.range, caller: caller.name }]);
    });
  }
  return out;
}

/**
 * The functions that span each line, in the file's order. NOTE: only they can contain a finding that starts on the
 * line; searching every function for every finding cost 1–2 % of a 40,000-line file with 516 findings.
 */
function functionsByLine(functions: readonly FunctionFacts[]): Map<number, FunctionFacts[]> {
  const out = new Map<number, FunctionFacts[]>();
  for (const fn of functions) {
    for (let line = fn.range.startLine; line <= fn.range.endLine; line++) {
      const list = out.get(line);
      if (list) list.push(fn);
      else out.set(line, [fn]);
    }
  }
  return out;
}

/** Add the call sites of the function a finding stands in (reported in place, not at a call chain) as related locations. */
export function addCallSites(facts: FileFacts, uri: string, findings: readonly ReportedFinding[]): void {
  if (!findings.some((f) => f.uri === uri && !f.related.some((r) => r.kind === 'helper-frame'))) return;
  const sites = callSites(facts);
  if (sites.size === 0) return;
  const covering = functionsByLine(facts.functions);
  for (const f of findings) {
    if (f.uri !== uri || f.related.some((r) => r.kind === 'helper-frame')) continue;
    let inner: FunctionFacts | undefined;
    for (const fn of covering.get(f.range.startLine) ?? []) if (rangeContains(fn.range, f.range) && (!inner || rangeContains(inner.range, fn.range))) inner = fn;
    const calls = inner && !inner.lambda ? sites.get(inner) : undefined;
    for (const c of calls?.slice(0, MAX_CALL_SITES) ?? []) {
      // A call a longer chain's report was folded into is listed already (recheck-repeats.ts).
      if (f.related.some((r) => r.kind === 'call-site' && r.uri === uri && r.range.startLine === c.range.startLine && r.range.startColumn === c.range.startColumn)) continue;
      f.related.push({ uri, range: c.range, message: `${inner!.name}() is called here, from ${c.caller}()`, kind: 'call-site' });
    }
  }
}
