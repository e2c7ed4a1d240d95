// A helper's barrier checked again at a call chain (helper-rechecks.ts) can give the finding a shorter chain already
// gave: `ensure_layout()` passes ACCESS_COMMON to `emit_barrier()`, and every function that calls `ensure_layout()`
// (and every function that calls those) rechecks the barrier with its own layouts, so access-common-before was
// reported at each call on the way (Mesa dzn: 11 reports for one place in the code). Whether the finding depends on
// the call is known from the findings themselves: a finding the same barrier gave through a shorter chain that the
// longer one only passes through (a suffix of it), saying the same thing, is that finding. It is reported once, at
// the innermost call that decides it; the calls that reached it again become related notes of that report
// (clang-tidy's notes), so the report still shows every chain. A finding that depends on what a call passes
// (another layout, another resource in the message) says something else and is kept at that call.
import type { ReportedFinding } from '../types';
import type { Recheck } from './env';
import { within } from './env';
import { escapeRegExp } from '../regexp-literal';

/** Related notes added to one report at most (call-sites.ts lists the direct calls the same way). */
const MAX_NOTES = 8;

/** What makes two findings the same: the rule, what the message says, at which level. */
function said(f: ReportedFinding): string {
  return JSON.stringify([f.rule, f.severity, f.messageKey, f.data, f.api ?? null, f.xbox ?? null]);
}

/** The message data that only names things (the resource, the list) as the place that reports them writes them. */
const NAME_FIELDS = new Set(['name', 'resource', 'list', 'using']);

/**
 * A finding's message data and Xbox data without the names: the data's name fields and, on an Xbox platform, the
 * resource names of the barrier its message dumps (a call reports a helper's barrier naming the caller's argument)
 * and the list type its message names (`ID3D12CommandList(Graphics)::ResourceBarrier` where the caller's list is
 * known, `ID3D12CommandList::` in the helper that takes any list). A finding that depends on the list's type says so
 * in its own data (another message), so it is never equal to one made without it.
 */
export function withoutNames<F extends Pick<ReportedFinding, 'data' | 'xbox'>>(f: F): F {
  const data = Object.fromEntries(Object.entries(f.data).filter(([k]) => !NAME_FIELDS.has(k)));
  const barrier = f.xbox?.barrier && { ...f.xbox.barrier, resource: null, resourceAfter: null };
  return { ...f, data, ...(f.xbox ? { xbox: { ...f.xbox, listType: null, ...(barrier ? { barrier } : {}) } } : {}) };
}

/** What a finding says but for the names (`withoutNames`). */
const saidButNames = (f: ReportedFinding): string => said(withoutNames(f));

/**
 * A finding with its names blanked wherever the message data repeats them: the advice's suggested code names the
 * resource too (`CD3DX12_BUFFER_BARRIER(…, params.cs_arguments)`). A name is blanked only as a whole expression (not
 * inside a longer identifier), so two findings are equal only if they differ in nothing but the names. Also used by
 * the run-wide pass (cli/elsewhere-repeats.ts): a call's report of another file's helper names the caller's object.
 */
export function withNamesBlanked<F extends Pick<ReportedFinding, 'data'>>(f: F): F {
  const names = Object.entries(f.data).filter(([k, v]) => NAME_FIELDS.has(k) && typeof v === 'string' && v !== '').map(([, v]) => v as string);
  if (names.length === 0) return f;
  const pattern = new RegExp(`(?<![\\w.>:])(?:${[...new Set(names)].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})(?![\\w(\\[])`, 'g');
  const data = Object.fromEntries(Object.entries(f.data).map(([k, v]) => [k, typeof v === 'string' && !NAME_FIELDS.has(k) ? v.replace(pattern, '\u0000') : v]));
  return { ...f, data };
}

/** What a finding says with its names blanked wherever the message data repeats them (withNamesBlanked). */
const saidWithNamesBlanked = (f: ReportedFinding): string => saidButNames(withNamesBlanked(f));

/** `inner` is a proper suffix of `outer`: the recheck with `inner` was decided at a call `outer` only passes through. */
function properSuffix(inner: readonly string[], outer: readonly string[]): boolean {
  if (inner.length >= outer.length) return false;
  const skip = outer.length - inner.length;
  return inner.every((loc, i) => loc === outer[skip + i]);
}

/** The recheck each finding a recheck made came from (the findings are the rules' own objects). */
const origins = new WeakMap<ReportedFinding, Recheck>();

/** Remember that `made` are the findings of `recheck`'s run. */
export function markRecheckFindings(made: readonly ReportedFinding[], recheck: Recheck): void {
  for (const f of made) origins.set(f, recheck);
}

/**
 * A finding made through a chain of two or more calls: a shorter chain (a function the longer one calls) may have
 * made it already. An analysis of only some functions (the editor's) then interprets the others too, as it does for a
 * finding inside a helper, so that which report survives is the same as in a whole-file analysis.
 */
export function madeThroughCalls(findings: readonly ReportedFinding[]): boolean {
  return findings.some((f) => (origins.get(f)?.chain.length ?? 0) > 1);
}

/**
 * `findings` without the reports a shorter chain of the same helper barrier already made (in order); each dropped
 * report becomes a related note of the report that covers it. Findings no recheck made are kept as they are.
 */
export function withoutRecheckRepeats(findings: readonly ReportedFinding[]): ReportedFinding[] {
  const made = findings.filter((f) => origins.has(f));
  if (made.length === 0) return [...findings];
  // The helper's own pass, with its parameters unknown, already said it: the finding holds whatever a call passes
  // (SYNC_NONE with a COPY_SOURCE access written as constants in the helper). It stays at the helper, and each
  // call chain that rechecked it becomes a related note there.
  // The names are left out: a call's report names the resource as the caller writes it (the Xbox message dumps it,
  // and an Xbox advice's suggested code spells it: blanked there too).
  const own = new Map<string, ReportedFinding[]>();
  for (const f of findings) if (!origins.has(f)) own.set(saidWithNamesBlanked(f), [...(own.get(saidWithNamesBlanked(f)) ?? []), f]);
  const dropped = new Set<ReportedFinding>();
  for (const f of made) {
    const helper = origins.get(f)!.helper;
    const at = helper && own.get(saidWithNamesBlanked(f))?.find((h) => h.uri === helper.uri && within(h.range, helper.range));
    // A helper of another file: that file's pass decides (cli/elsewhere-repeats.ts).
    if (helper && helper.uri !== f.uri) f.elsewhere = { uri: helper.uri, range: helper.range, note: callNote(origins.get(f)!) };
    if (!at) continue;
    dropped.add(f);
    noteOn(at, f, origins.get(f)!);
  }
  return withoutShorterChainRepeats(findings.filter((f) => !dropped.has(f)));
}

/** `findings` without the reports a shorter chain of the same helper barrier already made. */
function withoutShorterChainRepeats(findings: readonly ReportedFinding[]): ReportedFinding[] {
  const made = findings.filter((f) => origins.has(f));
  if (made.length < 2) return [...findings];
  const byShortest = [...made].sort((a, b) => origins.get(a)!.chain.length - origins.get(b)!.chain.length);
  const decided = new Map<string, { chain: readonly string[]; finding: ReportedFinding }[]>();
  const dropped = new Set<ReportedFinding>();
  for (const f of byShortest) {
    const recheck = origins.get(f)!;
    // The longer chain only passes through the shorter one's call: what it says of the same barrier differs at most
    // in how the outer caller spells the object the inner call passes (`cs_argument.Get()` for `params.cs_arguments`).
    const key = `${recheck.barrier}|${saidWithNamesBlanked(f)}`;
    const earlier = decided.get(key) ?? [];
    const cover = earlier.find((e) => properSuffix(e.chain, recheck.chain));
    if (!cover) {
      earlier.push({ chain: recheck.chain, finding: f });
      decided.set(key, earlier);
      continue;
    }
    dropped.add(f);
    noteOn(cover.finding, f, recheck);
  }
  return findings.filter((f) => !dropped.has(f));
}

const samePlace = (a: { uri: string; range: ReportedFinding['range'] }, b: { uri: string; range: ReportedFinding['range'] }): boolean =>
  a.uri === b.uri && a.range.startLine === b.range.startLine && a.range.startColumn === b.range.startColumn;

/**
 * The dropped report `f` (made by `recheck`) as a related note of `kept`, then the calls `f` listed already (the
 * longer chains through its call), each unless listed already or too many.
 */
function noteOn(kept: ReportedFinding, f: ReportedFinding, recheck: Recheck): void {
  for (const note of [{ uri: f.uri, range: f.range, message: callNote(recheck), kind: 'call-site' as const }, ...f.related.filter((r) => r.kind === 'call-site')]) {
    const notes = kept.related.filter((r) => r.kind === 'call-site').length;
    if (notes >= MAX_NOTES || samePlace(kept, note) || kept.related.some((r) => samePlace(r, note))) continue;
    kept.related.push(note);
  }
}

const callNote = (recheck: Recheck): string => `${recheck.call.callee}() is called here, from ${recheck.call.caller}()`;
