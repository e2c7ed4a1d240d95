// Summaries of quiet helper calls (issue 12). A quiet helper (track/quiet.ts: every event of its body, and of every
// function its calls may resolve to, is a call) fires no rule hook, records no site state and creates nothing: at a
// call site its evaluation can only make resources the call is handed unknown, spend work, and name the calls it
// could not resolve. On an engine tree most helper evaluations are such calls (a Vulkan or GL backend's calls into
// utility code) and most of them change nothing at all. The call memo (call-memo.ts) cannot serve them: it keys on
// the outermost call's range (the anchor of the origins a call creates) and never serves a call that reports.
//
// A quiet call that changed nothing is a summary reused at every later call of the file's analysis (other call
// sites, other loop passes, other functions of the file) with the same inputs: the callee, the arguments' values
// and names (not their ranges: an evaluation that creates no origin and reports nothing never reads them), the
// loop depth, whether the caller leaves on failure, whether it reports, the depth of the call stack and the quiet
// functions on it (a non-quiet function is never reached from a quiet one), the caller's state, and the assumed
// entry states and known creations. The replay spends the recorded work (so the work budget runs out exactly where
// the evaluation would), counts the recorded GPU work and path conditions, and names the same unresolved calls.
// Only an evaluation that left the state (the very object, or one equal to it), the entry states, the creations and
// the deferred uses as it found them is recorded; with uses or copies waiting for a first barrier nothing is
// reused (the call could void them).
import type { FunctionFacts, LeaveTest } from '../extract/facts';
import type { WorkBudget } from './budget';
import type { Binding, TrackEnv } from './env';
import { deferredUseCount } from './bindings';
import { liveWaitCount } from './deferred-commands';
import { MAX_CALL_DEPTH } from './helper-frames';
import { condStats } from './path-set';
import { alike, sameEntries, sameState } from './same-values';
import type { QuietFunctions } from './quiet';
import type { KnownResource, ResState, TrackState } from './state';

/** Set to `0` to evaluate every quiet helper call (summaries are on otherwise); results are equal either way. */
export const QUIET_SUMMARIES_ENV = 'BARRIERLINT_QUIET_SUMMARIES';

/** Summaries kept per callee (the oldest goes first). */
const MAX_RECORDS = 16;

/** Replayed and evaluated quiet calls since the process started (tests check that summaries are used at all). */
export const quietStats = { hits: 0, misses: 0 };

export interface QuietCallInput {
  fn: FunctionFacts;
  binding: Binding;
  failing: LeaveTest | undefined;
  loopDepth: number;
  state: TrackState;
}

interface QuietRecord {
  binding: Binding;
  failing: LeaveTest | undefined;
  loopDepth: number;
  /** Whether the caller reported; null: the evaluation never asked (then it holds either way). */
  reporting: boolean | null;
  depth: number;
  quietStack: FunctionFacts[];
  state: TrackState;
  entry: [string, ResState][];
  resources: [string, KnownResource][];
  /** The evaluation handed back the very state it was given (else a state equal to it). */
  same: boolean;
  spent: number;
  work: number;
  /** Deferred uses voided (a counter only: nothing waited when the call was made, see track/bindings.ts). */
  voided: number;
  conds: number;
  unresolved: string[];
  unresolvedClasses: string[];
}

const summaries = new WeakMap<TrackEnv, QuietCalls>();

/** The quiet-call summaries of one file's tracking run (attached by run.ts); undefined: every call is evaluated. */
export function quietCallsOf(env: TrackEnv): QuietCalls | undefined {
  return summaries.get(env);
}

export function attachQuietCalls(env: TrackEnv, calls: QuietCalls): void {
  summaries.set(env, calls);
}

export function quietSummariesOn(): boolean {
  return process.env[QUIET_SUMMARIES_ENV] !== '0';
}

export class QuietCalls {
  private readonly records = new Map<FunctionFacts, QuietRecord[]>();

  constructor(private readonly quiet: QuietFunctions) {}

  has(fn: FunctionFacts): boolean {
    return this.quiet.has(fn);
  }

  /** The state after the call, replayed or evaluated by `run`. */
  call(env: TrackEnv, budget: WorkBudget, input: QuietCallInput, run: () => TrackState): TrackState {
    if (deferredUseCount(env) !== 0 || liveWaitCount(env) !== 0) return run();
    // The stack decides which of the helper's calls are evaluated: none is refused when the deepest call chain below
    // it stays within the depth limit and no call cycle leads back to a function on the stack (then the stack is
    // not part of the key).
    const free = env.stack.length + this.quiet.height(input.fn) < MAX_CALL_DEPTH;
    const depth = free ? -1 : env.stack.length;
    const quietStack = free ? [] : env.stack.filter((f) => this.quiet.has(f.fn)).map((f) => f.fn);
    const list = this.records.get(input.fn) ?? [];
    // Read for the key only: an enclosing summary being recorded must not count this read (a replay that depends on
    // it counts one below).
    const reportingNow = env.reporting;
    env.reportingReads--;
    const found = list.find((r) => r.loopDepth === input.loopDepth && r.failing === input.failing && (r.reporting === null || r.reporting === reportingNow)
      && r.depth === depth && sameFns(r.quietStack, quietStack) && sameArguments(r.binding, input.binding)
      && sameState(r.state, input.state) && sameEntries(r.entry, env.entry) && sameEntries(r.resources, env.resources));
    if (found && budget.room() >= found.spent) {
      quietStats.hits++;
      if (found.reporting !== null) env.reportingReads++;
      budget.spendMany(found.spent);
      env.work += found.work;
      env.voidedUses += found.voided;
      condStats.made += found.conds;
      for (const n of found.unresolved) env.unresolved.add(n);
      for (const c of found.unresolvedClasses) env.unresolvedClasses.add(c);
      env.lastReplaced = new Map();
      return found.same ? input.state : input.state.clone();
    }
    quietStats.misses++;
    // NOTE: the record keeps a copy: an evaluation (or the caller, later) may change the given state in place.
    const state = input.state.clone();
    const entry = [...env.entry];
    const resources = [...env.resources];
    const spent = budget.used();
    const work = env.work;
    const conds = condStats.made;
    const voided = env.voidedUses;
    const reads = env.reportingReads;
    // The names the call cannot resolve, all of them (another function's analysis may not have met them yet): the
    // sets are emptied for the evaluation and refilled in the order the evaluation alone would have left.
    const names = [...env.unresolved];
    const classes = [...env.unresolvedClasses];
    env.unresolved.clear();
    env.unresolvedClasses.clear();
    let out: TrackState;
    let unresolved: string[];
    let unresolvedClasses: string[];
    try {
      out = run();
    } finally {
      unresolved = [...env.unresolved];
      unresolvedClasses = [...env.unresolvedClasses];
      refill(env.unresolved, names, unresolved);
      refill(env.unresolvedClasses, classes, unresolvedClasses);
    }
    const same = out === input.state;
    if (!sameState(state, input.state) || (!same && !(sameState(out, input.state) && out.condSyms === input.state.condSyms))) return out;
    if (!sameObjects(entry, env.entry) || !sameObjects(resources, env.resources)) return out;
    list.push({
      binding: input.binding, failing: input.failing, loopDepth: input.loopDepth, reporting: env.reportingReads === reads ? null : reportingNow, depth, quietStack,
      state, entry, resources, same, spent: budget.used() - spent, work: env.work - work, voided: env.voidedUses - voided, conds: condStats.made - conds,
      unresolved, unresolvedClasses,
    });
    if (list.length > MAX_RECORDS) list.shift();
    this.records.set(input.fn, list);
    return out;
  }
}

/** The set as it was, then the names added (in the order an evaluation alone would have left them). */
export function refill(set: Set<string>, before: readonly string[], added: readonly string[]): void {
  set.clear();
  for (const n of before) set.add(n);
  for (const n of added) set.add(n);
}

function sameFns(a: readonly FunctionFacts[], b: readonly FunctionFacts[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}

/** The map holds exactly these entries, in this order, with the same objects (the call moved nothing). */
function sameObjects<V>(before: [string, V][], now: Map<string, V>): boolean {
  if (before.length !== now.size) return false;
  let i = 0;
  for (const [k, v] of now) {
    const [kb, vb] = before[i++];
    if (k !== kb || v !== vb) return false;
  }
  return true;
}

/** The same arguments, owners, receiver and handles, but for where they are written (ranges are not compared). */
function sameArguments(a: Binding, b: Binding): boolean {
  // An argument's owner is read only to look up what its name is in that function (a list type): a literal or an
  // argument the extraction could not name has none to look up.
  return a.owners.length === b.owners.length && a.owners.every((o, i) => o === b.owners[i] || namesNothing(a.refs[i]?.key)) && a.params === b.params
    && alike(a.fields, b.fields) && alike(a.refs, b.refs) && alike(a.receiver, b.receiver) && alike(a.handles, b.handles);
}

const LITERAL = /^(?:L|u8|u|U)?["']|^[-+]?\.?\d/;

function namesNothing(key: string | null | undefined): boolean {
  return !key || LITERAL.test(key);
}
