// The tracker's entry point: every function of the file is interpreted from an empty state (resources are
// "assumed at first use"), helper calls are evaluated with their arguments, and rules' tracked hooks fire.
import { throwIfCancelled, type CancelCheck } from '../cancel';
import { cpuMs, trace, traceOn, traceStart, wallMs } from '../trace-times';
import type { BarrierFact, ExtractProblem, FileFacts, FunctionFacts } from '../extract/facts';
import { BudgetExceeded, FUNCTION_WORK_BUDGET } from './budget';
import type { BarrierlintConfig, ReportedFinding } from '../types';
import type { BarrierCheck, Recheck, SiteState } from './env';
import { TrackEnv } from './env';
import { Interpreter } from './interpreter';
import { listTypes } from './list-types';
import { TrackState } from './state';
import { flushDeferredUses } from './bindings';
import { settledCreations } from './settled-entry';
import {
  creationStatesOf, firstCallEntryMembers, firstCallMembers, firstCalls, frameCandidates, frameEntryCandidates, keptNextCallFindings, nextCalls, seededState,
  type FirstCallMember, type FrameCarry, type NextCall,
} from './frame-invariant';
import { swapChainLogFor, swapChainStarts, unreportedStarts } from './back-buffer-entry';
import { replayedLists, replayedMoves, replayedState, type ReplayedMove } from './replayed-lists';
import { flushDeferredCommands } from './deferred-commands';
import { elsewhereCalls, elsewhereMethods, type ElsewhereEntry } from './elsewhere-entry';
import { fileUsesOf } from './file-uses';
import { CALL_MEMO_ENV, CallMemo, attachMemo } from './call-memo';
import { KEPT_CALLS_ENV, type KeptCalls } from './kept-runs';
import type { TrackedVisitors } from './visitors';
import type { WorkspaceIndex } from './workspace';
import { functionIndex } from './workspace';
import { QuietFunctions } from './quiet';
import { markRecheckFindings } from './recheck-repeats';
import { attachQuietCalls, QuietCalls, quietSummariesOn } from './quiet-calls';
import { attachReportingCalls, ReportingCalls, reportingCheckOn } from './reporting-calls';

/**
 * Set (tests do) to make an internal error inside one function's analysis fatal instead of an info finding, so
 * a bug never hides behind "unknown".
 */
export const INTERNAL_ERRORS_FATAL_ENV = 'BARRIERLINT_INTERNAL_ERRORS_FATAL';

export interface TrackOutput {
  /** Tracked state around each barrier site (by site index). */
  siteStates: Map<number, SiteState>;
  /** Names of called functions that were not found (candidates for cross-file helpers). */
  unresolved: Set<string>;
  /** Receiver classes of those calls (cli/cross-file.ts: another file may declare their bases or aliases). */
  unresolvedClasses: Set<string>;
  /** Functions whose analysis stopped (work budget, internal error): they are unknown past that point. */
  problems: ExtractProblem[];
}

/** What the tracker calls on an active rule: its tracked hooks, and its single-barrier check for barriers it moves. */
export interface TrackerHooks {
  tracked?: TrackedVisitors;
  barrier?: BarrierCheck;
}

/**
 * Interprets every relevant function of the file as an entry, or only those `entry` accepts (the language
 * server's function-only analysis: the edited function; the helpers it calls are still followed at its calls).
 */
export function runTracker(
  facts: FileFacts, uri: string, active: readonly { visitors: TrackerHooks }[], config: BarrierlintConfig, workspace?: WorkspaceIndex,
  isCancelled?: CancelCheck, entry?: (fn: FunctionFacts) => boolean, findings?: ReportedFinding[], keptCalls?: KeptCalls,
  frameCarry?: readonly FrameCarry[], elsewhere?: readonly ElsewhereEntry[],
): TrackOutput {
  const siteStates = new Map<number, SiteState>();
  const unresolved = new Set<string>();
  const unresolvedClasses = new Set<string>();
  const problems: ExtractProblem[] = [];
  const stoppedIn = new Map<ExtractProblem, { fn: FunctionFacts; callees: readonly FunctionFacts[] }>();
  const rechecks: Recheck[] = [];
  const hooks = active.map((a) => a.visitors.tracked).filter((h): h is TrackedVisitors => h !== undefined);
  const types = listTypes(facts, config, { workspace, uri });
  const index = functionIndex(facts, uri, workspace);
  const quiet = new QuietFunctions(facts.functions, workspace, (cls) => index.basesOf?.(cls) ?? []);
  const endSplits = facts.barriers.some((b) => b.kind === 'texture' && (b.fields.SyncBefore?.value === null || ((b.fields.SyncBefore?.value ?? 0) & 0x80000000) !== 0));
  const legacyEnds = legacyEndSplitBarriers(facts);
  const mutating = mutatingMethods(facts);
  // Not in the editor's analyses of one function (entry): its reduced document leaves out other methods' mentions.
  const settled = entry ? undefined : settledCreations(facts);
  // One set of quiet-call summaries for the whole file: every function's calls of a quiet helper share it.
  const summaries = quietSummariesOn() ? new QuietCalls(quiet) : undefined;
  // The reporting check (reporting-calls.ts): one store for the file, off unless asked for.
  const heard = reportingCheckOn() ? new ReportingCalls() : undefined;
  const tracing = traceOn();
  // The frame invariant (track/frame-invariant.ts): in a whole-file analysis, or for the edited method of a
  // function-only one with what the whole file decided of it (frameCarry).
  const frames = !entry ? frameCandidates(facts) : frameCarry?.length ? frameEntryCandidates(facts, frameCarry) : new Map<FunctionFacts, string[]>();
  // The first call of a method that alone moves a member. In the editor's function-only analyses, for the members the
  // whole file checked (FrameCarry.firsts; lsp/frame-scope.ts declines an edit of a creating function's states).
  const firsts = !entry ? firstCallMembers(facts) : frameCarry?.length ? firstCallEntryMembers(facts, frameCarry) : new Map<FunctionFacts, Map<string, FirstCallMember>>();
  // Members of another file reached only through a getter in one method here (track/elsewhere-entry.ts): whole-file analyses of a run.
  const away = !entry ? elsewhereMethods(facts, elsewhere) : new Map<FunctionFacts, ElsewhereEntry[]>();
  const frameRuns: { fn: FunctionFacts; env: TrackEnv; exit: TrackState; members: string[] }[] = [];
  // Sealed swap-chain arrays (track/back-buffer-entry.ts): whole-file analyses that report.
  const swapLog = !entry && findings ? swapChainLogFor(facts) : undefined;
  const setUp = (fn: FunctionFacts, env: TrackEnv, into: Recheck[]): void => {
    env.endSplits = endSplits;
    const legacyEndSplits = (env.legacyEndSplits = legacyEndSplitsIn(legacyEnds, fn));
    env.barrierChecks = active.map((a) => a.visitors.barrier).filter((h): h is BarrierCheck => h !== undefined);
    env.rechecks = into;
    env.fileUses = fileUsesOf(facts, uri);
    if (swapLog) env.swapChainLog = swapLog;
    env.mutating = mutating;
    if (settled?.size) env.settled = settled;
    if (process.env[CALL_MEMO_ENV] !== '0') {
      // The language server's typing path only (kept-runs.ts): the earlier keystroke's helper calls of this function.
      const kept = keptCalls && process.env[KEPT_CALLS_ENV] !== '0'
        ? keptCalls.runOf(uri, fn, facts, { types, fileUses: env.fileUses, mutating, endSplits, legacyEndSplits, config, workspace })
        : undefined;
      attachMemo(env, new CallMemo(kept?.across, kept?.next));
    }
    if (summaries) attachQuietCalls(env, summaries);
    if (heard) attachReportingCalls(env, heard);
  };
  for (const fn of facts.functions) {
    if (!fn.relevant || (entry && !entry(fn))) continue;
    // Between functions, outside the per-function try: a cancellation is not an internal error.
    throwIfCancelled(isCancelled);
    const env = new TrackEnv(uri, hooks, types, index, fn);
    // A function whose tracking can find nothing (track/quiet.ts): only the names it could not resolve.
    if (quiet.silentEntry(fn)) {
      quiet.noteUnresolved(fn, env);
      for (const name of env.unresolved) unresolved.add(name);
      for (const cls of env.unresolvedClasses) unresolvedClasses.add(cls);
      continue;
    }
    setUp(fn, env, rechecks);
    const t = tracing ? traceStart() : undefined;
    try {
      const exit = new Interpreter(env).runFunction(fn, new TrackState());
      flushDeferredUses(env);
      flushDeferredCommands(env);
      const members = frames.get(fn);
      if (members || firsts.has(fn) || away.has(fn)) frameRuns.push({ fn, env, exit, members: members ?? [] });
    } catch (error) {
      problems.push(stoppedFunction(fn, error));
      if (error instanceof BudgetExceeded) stoppedIn.set(problems[problems.length - 1], { fn, callees: error.callees });
    } finally {
      env.stack.length = 0;
      if (t) trace('entry', cpuMs(t), wallMs(t), env.work, workspace ? 'run' : 'file', `${uri}:${fn.range.startLine + 1}`, fn.qualifiedName);
    }
    for (const [site, st] of env.siteStates) siteStates.set(site, st);
    for (const name of env.unresolved) unresolved.add(name);
    for (const cls of env.unresolvedClasses) unresolvedClasses.add(cls);
  }
  runRechecks(rechecks, findings);
  if (swapLog && findings && problems.length === 0) {
    const starts = swapChainStarts(facts, swapLog, uri, index);
    for (const [fn, nexts] of starts) {
      for (const next of unreportedStarts(fn, nexts, findings)) {
        rerunWith(fn, next, findings, (f, env, into) => { setUp(f, env, into); env.swapChainLog = undefined; }, () => new TrackEnv(uri, hooks, types, index, fn));
      }
    }
  }
  // Command lists recorded once and executed on every frame (track/replayed-lists.ts): whole-file analyses that report.
  if (!entry && findings && problems.length === 0) {
    // NOTE: a failure here adds nothing (errors are values): the check only ever adds findings.
    let moves: ReplayedMove[] = [];
    try {
      const lists = replayedLists(facts);
      moves = lists.length ? replayedMoves(facts, lists, uri, index) : [];
    } catch {
      moves = [];
    }
    for (const move of moves) {
      checkReplayed(move, findings, uri, (fn, env, into) => setUp(fn, env, into), () => new TrackEnv(uri, hooks, types, index, move.fn));
    }
  }
  const created = frameRuns.length ? creationStatesOf(facts) : new Map<string, number[]>();
  if (findings) {
    for (const r of frameRuns) {
      runNextCalls(r, findings, created, { firsts: firsts.get(r.fn), away: away.get(r.fn) }, (fn, env, into) => setUp(fn, env, into), () => new TrackEnv(uri, hooks, types, index, r.fn));
    }
  }
  return { siteStates, unresolved, unresolvedClasses, problems: withoutRepeatedStops(problems, stoppedIn) };
}

/**
 * The first and the next call of a frame candidate (track/frame-invariant.ts), once per member whose creation state
 * (first call) or whose state its run leaves (next call) its first barrier does not accept: run again from that state,
 * only that barrier's mismatch is kept. A member whose first call is wrong is not checked for the next call (the same
 * barrier, the same bug). A run that stops adds nothing. A getter's key of a member another file creates and only this
 * method reaches (`away`, track/elsewhere-entry.ts) is checked as a first call too.
 */
function runNextCalls(
  r: { fn: FunctionFacts; env: TrackEnv; exit: TrackState; members: string[] }, findings: ReportedFinding[], created: ReadonlyMap<string, number[]>,
  starts: { firsts?: ReadonlyMap<string, FirstCallMember>; away?: readonly ElsewhereEntry[] }, setUp: (fn: FunctionFacts, env: TrackEnv, into: Recheck[]) => void, newEnv: () => TrackEnv,
): void {
  const first = [...elsewhereCalls(r.env, starts.away, findings), ...firstCalls(r.env, starts.firsts, findings)];
  const done = new Set(first.map((f) => f.name));
  for (const next of [...first, ...nextCalls(r.env, r.exit, r.members, findings, created).filter((n) => !done.has(n.name))]) {
    rerunWith(r.fn, next, findings, setUp, newEnv);
  }
}

/**
 * A resource a list recorded once moves away from the state its first barrier names (track/replayed-lists.ts): that
 * barrier is checked again as the next execution meets it, in the state the previous one left, and only the
 * legacy-state-mismatch there is kept. Not when an error or warning of the recording function names the resource.
 */
function checkReplayed(
  move: ReplayedMove, findings: ReportedFinding[], uri: string, setUp: (fn: FunctionFacts, env: TrackEnv, into: Recheck[]) => void, newEnv: () => TrackEnv,
): void {
  const span = move.fn.range;
  const named = findings.some((f) => f.severity !== 'info' && f.range.startLine >= span.startLine && f.range.endLine <= span.endLine
    && (f.resource === move.text || f.resource === move.key));
  if (named) return;
  const before = findings.length;
  const env = newEnv();
  setUp(move.fn, env, []);
  const ctx = env.context(move.callRange, { key: move.listKey, type: null }, { group: null, index: null });
  const met = replayedState(move, uri);
  try {
    for (const h of env.hooks) h.legacyBarrier?.(move.barrier, { key: move.key, met, parts: [], ...(move.known ? { resource: move.known } : {}) }, ctx);
  } catch {
    findings.length = before;
    return;
  }
  const kept = findings.slice(before).filter((f) => f.rule === 'legacy-state-mismatch');
  findings.length = before;
  findings.push(...kept);
}

/** `fn` run again from the state `next` seeds: of what it reports, only the mismatch at `next.at` is kept. */
function rerunWith(
  fn: FunctionFacts, next: NextCall, findings: ReportedFinding[], setUp: (fn: FunctionFacts, env: TrackEnv, into: Recheck[]) => void, newEnv: () => TrackEnv,
): void {
  const before = findings.length;
  const env = newEnv();
  const rechecks: Recheck[] = [];
  setUp(fn, env, rechecks);
  if (next.known) env.setResource(next.key.replace(/\|.*$/, ''), next.known);
  let kept: ReportedFinding[] = [];
  try {
    new Interpreter(env).runFunction(fn, seededState(next));
    flushDeferredUses(env);
    flushDeferredCommands(env);
    runRechecks(rechecks, findings);
    kept = keptNextCallFindings(findings.slice(before), next);
  } catch {
    kept = [];
  } finally {
    env.stack.length = 0;
  }
  findings.length = before;
  findings.push(...kept);
}

/**
 * Helper barriers checked again at their call chains. The same barrier with the same values reached through a
 * shorter chain (the outer calls changed nothing of it: `OnInit() → LoadAssets() → Publish(m_buffer)` after
 * `LoadAssets() → Publish(m_buffer)`) gives the same finding: it is reported once, at the innermost call that
 * decides it, not again at every call on the way.
 */
function runRechecks(all: readonly Recheck[], findings?: ReportedFinding[]): void {
  const seen = new Set(all.map((r) => `${r.chain.join('>')}|${r.identity}`));
  for (const r of all) {
    const shorter = r.chain.some((_, i) => i > 0 && seen.has(`${r.chain.slice(i).join('>')}|${r.identity}`));
    if (shorter) continue;
    const before = findings?.length ?? 0;
    r.run();
    // What this chain reported (the rules write to `findings`): compared with the other chains once every function
    // ran (recheck-repeats.ts), as the same barrier with other values can still say the same thing.
    if (findings) markRecheckFindings(findings.slice(before), r);
  }
}

/**
 * A budget stop inside a helper that also stops when analysed on its own is the helper's: it is reported once, at
 * the helper, not again at each of its callers (an engine's forty `useTextureAs…` wrappers of one heavy
 * `transitionTexture`). A caller whose helpers each fit but together do not keeps its own stop.
 */
function withoutRepeatedStops(problems: ExtractProblem[], stoppedIn: Map<ExtractProblem, { fn: FunctionFacts; callees: readonly FunctionFacts[] }>): ExtractProblem[] {
  const stoppedAlone = new Set([...stoppedIn.values()].map((s) => s.fn));
  return problems.filter((p) => !stoppedIn.get(p)?.callees.some((c) => stoppedAlone.has(c)));
}

/**
 * NOTE: errors are values: a function whose analysis throws (or runs out of budget, or of stack on absurdly deep
 * code) is unknown past that point, with an info finding saying so; the rest of the file is still analysed.
 */
function stoppedFunction(fn: FunctionFacts, error: unknown): ExtractProblem {
  const range = { ...fn.range, endLine: fn.range.startLine, endColumn: fn.range.startColumn + Math.max(1, fn.name.length) };
  if (error instanceof BudgetExceeded) {
    return { kind: 'analysis-budget', range, text: fn.name, detail: `it needs more than ${FUNCTION_WORK_BUDGET} steps (the per-function work budget)` };
  }
  if (process.env[INTERNAL_ERRORS_FATAL_ENV] && !(error instanceof RangeError && /call stack/.test(error.message))) throw error;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'analysis-error', range, text: fn.name, detail: message.slice(0, 200) };
}

/** The methods the file declares without `const`, and those other files of the run do that it calls (FileFacts.mutatingMethods). */
function mutatingMethods(facts: FileFacts): ReadonlySet<string> | undefined {
  const own = (facts.methodConstness ?? []).filter(([, constQ]) => !constQ).map(([name]) => name);
  return own.length || facts.mutatingMethods?.length ? new Set([...own, ...(facts.mutatingMethods ?? [])]) : undefined;
}

/** The file's legacy transitions that end a split (Flags END_ONLY, or Flags not known), once per file. */
function legacyEndSplitBarriers(facts: FileFacts): BarrierFact[] {
  return facts.barriers.filter((b) => {
    const flags = b.fields.Flags?.value;
    return b.kind === 'legacy-transition' && !!b.resource && (flags === null || flags === undefined || (flags & 0x2) !== 0);
  });
}

/** The resources those barriers inside `fn` name, by source text, with the lines of the barriers. */
function legacyEndSplitsIn(ends: readonly BarrierFact[], fn: FunctionFacts): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const r = fn.range;
  for (const b of ends) {
    if (b.range.startLine < r.startLine || b.range.startLine > r.endLine) continue;
    const lines = out.get(b.resource!.text) ?? [];
    lines.push(b.range.startLine);
    out.set(b.resource!.text, lines);
  }
  return out;
}
