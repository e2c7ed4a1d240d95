// Helper-call memoization: a helper evaluated while nothing is reported (a loop's fixpoint passes, one state of
// several after a join) is a pure function of the call's inputs — the callee, the bound arguments, the call stack
// it runs under, the state it starts from, and the file's assumed entry states and known creations. A call whose
// inputs equal an earlier call's (same values; ranges are compared by identity, as the tracker does) replays the
// earlier outcome: its exit state, what it added to or removed from the entry states and creations, and the work it
// spent. Calls that report (rule hooks, site states) are always evaluated.
import type { FunctionFacts } from '../extract/facts';
import type { Range } from '../types';
import type { WorkBudget } from './budget';
import type { Binding, Frame, TrackEnv } from './env';
import { deferredUseCount } from './bindings';
import type { PathFacts } from './paths';
import { sameSet } from './state';
import { equal, sameEntries, sameFacts, sameState } from './same-values';
import type { KnownResource, ResState, TrackState } from './state';
import { Pairing } from './across-keystrokes';
import { condStats } from './path-set';
import { firstBarrierCount } from './deferred-commands';

/** Set to `0` to evaluate every helper call (the memo is on otherwise); results are equal either way. */
export const CALL_MEMO_ENV = 'BARRIERLINT_CALL_MEMO';

/** Set to `0` to compare every kept call's inputs afresh (pairs are kept across the run's replays otherwise; results are equal either way). */
export const KEEP_PAIRS_ENV = 'BARRIERLINT_KEEP_PAIRS';

/** Records kept per callee (the oldest goes first). */
const MAX_RECORDS = 16;
/** Records one run keeps for the next keystroke's run (kept-runs.ts; an evaluation past this is not kept). */
export const MAX_KEPT = 4000;
/** Helpers cheaper than this (statements, see bodyCost) are evaluated: comparing inputs would cost more. */
export const MIN_MEMO_COST = 4;

type Entries<V> = [string, V][];

/** A map's entries after the call: `same` when the entry is the one the call found (then the current one is kept). */
type After<V> = { key: string; value: V; same: boolean }[];

interface CallRecord<T> {
  binding: Binding;
  facts: PathFacts | null;
  keep: ReadonlySet<string> | null;
  frames: FrameKey[];
  loopDepth: number;
  state: TrackState;
  entry: Entries<ResState>;
  resources: Entries<KnownResource>;
  out: T;
  entryAfter: After<ResState> | null;
  resourcesAfter: After<KnownResource> | null;
  /** Creations the call replaced (their keys): the enclosing call's undo log learns them. */
  replaced: string[];
  spent: number;
  voided: number;
}

/** What the helper's evaluation reads of the call stack: who is on it, and the outermost call (origins' anchor). */
interface FrameKey {
  fn: FunctionFacts;
  uri: string;
  callUri: string;
  range: Range | null;
}

export interface CallInput {
  fn: FunctionFacts;
  binding: Binding;
  /** The stack with the callee's frame pushed. */
  stack: readonly Frame[];
  loopDepth: number;
  state: TrackState;
  /** The path facts the callee starts from (a call carrying the caller's facts), and the values they keep. */
  facts?: PathFacts;
  keep?: ReadonlySet<string>;
}

/** Replayed and evaluated calls since the process started (tests check that the memo is used at all). */
export const memoStats = { hits: 0, misses: 0 };

const memos = new WeakMap<TrackEnv, CallMemo>();

/** The helper-call memo of one function's tracking run (attached by run.ts); undefined: every call is evaluated. */
export function memoOf(env: TrackEnv): CallMemo | undefined {
  return memos.get(env);
}

export function attachMemo(env: TrackEnv, memo: CallMemo): void {
  memos.set(env, memo);
}

/*
 * Kept calls (the language server's typing path, kept-runs.ts): helper calls evaluated in an earlier keystroke's run
 * of the same function, replayed in this run's objects (across-keystrokes.ts) when their inputs are equal as values,
 * the work count at the call is the same, and the run's environment was found equal (kept-runs.ts).
 */

interface KeptRecord {
  fn: FunctionFacts;
  loopDepth: number;
  frames: FrameKey[];
  keep: ReadonlySet<string> | null;
  facts: PathFacts | null;
  binding: Binding;
  state: TrackState;
  entry: Entries<ResState>;
  resources: Entries<KnownResource>;
  work: number;
  /** What the evaluation added to the work count (a replay adds the same, so later calls meet the same count). */
  workDone: number;
  out: unknown;
  entryAfter: After<ResState> | null;
  resourcesAfter: After<KnownResource> | null;
  replaced: string[];
  spent: number;
  voided: number;
  unresolved: string[];
  unresolvedClasses: string[];
  /** What the run had gathered at the call that an evaluation reads (env.isBuffer, isSwapChain, deferred uses and commands). */
  gathered: Gathered;
}

interface Gathered {
  buffersByUse: string[];
  swapChainsElsewhere: string[];
  deferredUses: number;
  firstBarriers: number;
}

function gatheredOf(env: TrackEnv): Gathered {
  return { buffersByUse: [...env.buffersByUse], swapChainsElsewhere: [...env.swapChainsElsewhere], deferredUses: deferredUseCount(env), firstBarriers: firstBarrierCount(env) };
}

function sameGathered(a: Gathered, env: TrackEnv): boolean {
  return a.deferredUses === deferredUseCount(env) && a.firstBarriers === firstBarrierCount(env)
    && a.buffersByUse.length === env.buffersByUse.size && a.buffersByUse.every((k) => env.buffersByUse.has(k))
    && a.swapChainsElsewhere.length === env.swapChainsElsewhere.size && a.swapChainsElsewhere.every((k) => env.swapChainsElsewhere.has(k));
}

/** One function's run: what the next keystroke's run of it may replay. */
export interface KeptRun {
  root: FunctionFacts;
  functions: readonly FunctionFacts[];
  env: unknown;
  /** By callee, then by the work count at the call (a record is only replayed at its count). */
  records: Map<FunctionFacts, Map<number, KeptRecord[]>>;
  /** How many records it holds (at most kept-runs.ts MAX_KEPT). */
  size: number;
  /** The workspace index the run resolved calls in, and its version then. */
  workspace?: object;
  workspaceVersion?: number;
}

/** The earlier run this run may replay from: its records, by the current callee, and the pairing of its environment. */
export interface Across {
  earlier: KeptRun;
  byNow: Map<FunctionFacts, FunctionFacts>;
  base: Pairing;
  next: KeptRun;
}

export const keptStats = { hits: 0, tried: 0, refused: 0, why: {} as Record<string, number> };

export class CallMemo {
  private readonly records = new Map<FunctionFacts, CallRecord<unknown>[]>();

  constructor(private readonly across?: Across, private readonly next?: KeptRun) {}

  /** A record of an earlier keystroke's run that answers this call, replayed; undefined when none does. */
  private fromEarlier<T>(env: TrackEnv, budget: WorkBudget, input: CallInput, frames: FrameKey[], copy: (out: T) => T): { out: T } | undefined {
    const a = this.across;
    if (!a) return undefined;
    const was = a.byNow.get(input.fn);
    const list = was ? a.earlier.records.get(was)?.get(env.work) : undefined;
    if (!was) keptStats.why.noFn = (keptStats.why.noFn ?? 0) + 1;
    else if (!list) keptStats.why.noRecord = (keptStats.why.noRecord ?? 0) + 1;
    if (!list) return undefined;
    const entryNow = [...env.entry];
    const resourcesNow = [...env.resources];
    for (let i = list.length - 1; i >= 0; i--) {
      const r = list[i];
      if (r.loopDepth !== input.loopDepth || r.work !== env.work) {
        keptStats.why.depthWork = (keptStats.why.depthWork ?? 0) + 1;
        continue;
      }
      if (!sameGathered(r.gathered, env)) {
        keptStats.why.gathered = (keptStats.why.gathered ?? 0) + 1;
        continue;
      }
      keptStats.tried++;
      const p = a.base.fork();
      const parts: [string, unknown, unknown][] = [['frames', r.frames, frames], ['keep', r.keep, input.keep ?? null], ['facts', r.facts, input.facts ?? null], ['binding', r.binding, input.binding],
        ['state', r.state, input.state], ['entry', r.entry, entryNow], ['resources', r.resources, resourcesNow]];
      const failed = parts.find(([, x, y]) => !p.same(x, y));
      if (failed) {
        keptStats.why[failed[0]] = (keptStats.why[failed[0]] ?? 0) + 1;
        continue;
      }
      if (budget.room() < r.spent || (r.voided !== 0 && deferredUseCount(env) !== 0)) continue;
      const out = p.map(r.out) as T | undefined;
      const entryAfter = r.entryAfter ? p.map(r.entryAfter) : null;
      const resourcesAfter = r.resourcesAfter ? p.map(r.resourcesAfter) : null;
      if (out === undefined || entryAfter === undefined || resourcesAfter === undefined) {
        keptStats.refused++;
        continue;
      }
      keptStats.hits++;
      // The next replays of this run find what this one paired inside values nothing changes (across-keystrokes.ts).
      if (process.env[KEEP_PAIRS_ENV] !== '0') a.base.keep(p);
      const state = input.state.clone();
      this.keep({ ...r, fn: input.fn, frames, keep: input.keep ?? null, facts: input.facts ?? null, binding: input.binding, state, entry: entryNow, resources: resourcesNow, out, entryAfter, resourcesAfter });
      // As if evaluated: this run's memo learns the call (a later equal call replays it, as in the earlier run), the
      // work count and the voided uses count move as the evaluation moved them.
      const own = (this.records.get(input.fn) ?? []) as CallRecord<T>[];
      own.push({
        binding: input.binding, facts: input.facts ?? null, keep: input.keep ?? null, frames, loopDepth: input.loopDepth, state, entry: entryNow, resources: resourcesNow,
        out: copy(out), entryAfter, resourcesAfter, replaced: r.replaced, spent: r.spent, voided: r.voided,
      });
      if (own.length > MAX_RECORDS) own.shift();
      this.records.set(input.fn, own as CallRecord<unknown>[]);
      env.work += r.workDone;
      env.voidedUses += r.voided;
      budget.spendMany(r.spent);
      replayLog(env, r.replaced);
      if (entryAfter) refill(env.entry, entryAfter);
      if (resourcesAfter) refill(env.resources, resourcesAfter);
      for (const n of r.unresolved) env.unresolved.add(n);
      for (const n of r.unresolvedClasses) env.unresolvedClasses.add(n);
      return { out };
    }
    return undefined;
  }

  private keep(r: KeptRecord): void {
    if (!this.next || this.next.size >= MAX_KEPT) return;
    this.next.size++;
    const byWork = this.next.records.get(r.fn) ?? new Map<number, KeptRecord[]>();
    const list = byWork.get(r.work) ?? [];
    list.push(r);
    if (list.length > MAX_RECORDS) {
      list.shift();
      this.next.size--;
    }
    byWork.set(r.work, list);
    this.next.records.set(r.fn, byWork);
  }


  /**
   * The outcome of the call, replayed or evaluated by `run` (which must not report). `copy` gives a copy of an
   * outcome that the caller may change without changing the recorded one.
   */
  call<T>(env: TrackEnv, budget: WorkBudget, input: CallInput, run: () => T, copy: (out: T) => T, states: (out: T) => TrackState[]): T {
    const frames = frameKeys(input.stack);
    const list = (this.records.get(input.fn) ?? []) as CallRecord<T>[];
    const found = list.find((r) => r.loopDepth === input.loopDepth && sameFrames(r.frames, frames)
      && sameSet(r.keep, input.keep ?? null) && sameFacts(r.facts, input.facts ?? null)
      && sameBinding(r.binding, input.binding) && sameState(r.state, input.state)
      && sameEntries(r.entry, env.entry) && sameEntries(r.resources, env.resources));
    if (found && budget.room() >= found.spent && (found.voided === 0 || deferredUseCount(env) === 0)) {
      memoStats.hits++;
      budget.spendMany(found.spent);
      replayLog(env, found.replaced);
      if (found.entryAfter) refill(env.entry, found.entryAfter);
      if (found.resourcesAfter) refill(env.resources, found.resourcesAfter);
      return copy(found.out);
    }
    const kept = this.fromEarlier<T>(env, budget, input, frames, copy);
    if (kept) return copy(kept.out);
    memoStats.misses++;
    const work = env.work;
    const gathered = this.next ? gatheredOf(env) : undefined;
    const sides = [env.buffersByUse.size, env.swapChainsElsewhere.size, condStats.made, firstBarrierCount(env), env.rechecks?.length ?? 0];
    const state = input.state.clone();
    const entry = [...env.entry];
    const resources = [...env.resources];
    const spentBefore = budget.used();
    const voidedBefore = env.voidedUses;
    env.lastReplaced = null;
    const added: string[] = [];
    const addedClasses: string[] = [];
    const unwatch = this.next ? [watchAdds(env.unresolved, added), watchAdds(env.unresolvedClasses, addedClasses)] : [];
    let out: T;
    try {
      out = run();
    } finally {
      for (const u of unwatch.reverse()) u();
    }
    const replaced = env.lastReplaced as Map<string, unknown> | null;
    // NOTE: an evaluation may hand back the very state it was given, or change it in place (a body that reaches
    // no event, a loop head joined onto it): the caller then shares or sees that object. A replay could not
    // reproduce the sharing, so such a call is not recorded.
    if (states(out).includes(input.state) || !sameState(state, input.state)) return out;
    const record: CallRecord<T> = {
      binding: input.binding, facts: input.facts ?? null, keep: input.keep ?? null, frames, loopDepth: input.loopDepth, state, entry, resources, out: copy(out),
      entryAfter: after(entry, env.entry), resourcesAfter: after(resources, env.resources), replaced: replaced ? [...replaced.keys()] : [],
      spent: budget.used() - spentBefore, voided: env.voidedUses - voidedBefore,
    };
    list.push(record);
    if (list.length > MAX_RECORDS) list.shift();
    this.records.set(input.fn, list as CallRecord<unknown>[]);
    const sidesAfter = [env.buffersByUse.size, env.swapChainsElsewhere.size, condStats.made, firstBarrierCount(env), env.rechecks?.length ?? 0];
    if (this.next && gathered && sidesAfter.every((n, i) => n === sides[i])) {
      this.keep({
        fn: input.fn, loopDepth: input.loopDepth, frames, keep: record.keep, facts: record.facts, binding: record.binding, state, entry, resources, work, workDone: env.work - work,
        out: record.out, entryAfter: record.entryAfter, resourcesAfter: record.resourcesAfter, replaced: record.replaced, spent: record.spent, voided: record.voided,
        unresolved: added, unresolvedClasses: addedClasses, gathered,
      });
    }
    return out;
  }
}

/** The replayed call replaced these creations: the enclosing helper calls' undo logs learn what was there before. */
function replayLog(env: TrackEnv, keys: readonly string[]): void {
  const log = env.creationLogs[env.creationLogs.length - 1];
  if (log) for (const k of keys) if (!log.has(k)) log.set(k, env.resources.get(k));
}

function frameKeys(stack: readonly Frame[]): FrameKey[] {
  return stack.map((f, i) => ({ fn: f.fn, uri: f.uri, callUri: f.callUri, range: i === 0 ? f.callRange : null }));
}

function sameFrames(a: FrameKey[], b: FrameKey[]): boolean {
  return a.length === b.length && a.every((f, i) => f.fn === b[i].fn && f.uri === b[i].uri && f.callUri === b[i].callUri && f.range === b[i].range);
}

function sameBinding(a: Binding, b: Binding): boolean {
  return a.owners.length === b.owners.length && a.owners.every((o, i) => o === b.owners[i])
    && equal(a.fields, b.fields) && equal(a.refs, b.refs) && equal(a.receiver, b.receiver) && equal(a.handles, b.handles)
    && a.dynamicClass === b.dynamicClass;
}

/** The map's entries after the call, or null when they are the very entries it found (same keys, order, objects). */
function after<V>(before: Entries<V>, now: Map<string, V>): After<V> | null {
  const was = new Map(before);
  let unchanged = before.length === now.size;
  const out: After<V> = [];
  let i = 0;
  for (const [key, value] of now) {
    const same = was.get(key) === value && was.has(key);
    if (!same || before[i]?.[0] !== key) unchanged = false;
    out.push({ key, value, same });
    i++;
  }
  return unchanged ? null : out;
}

/** Rebuild the map as the recorded call left it; entries it found keep the current (equal) objects. */
function refill<V>(map: Map<string, V>, entries: After<V>): void {
  const current = new Map(map);
  map.clear();
  for (const e of entries) map.set(e.key, e.same ? current.get(e.key)! : e.value);
}

/** Every name added to `set` until the returned function is called (nested watches each see them). */
function watchAdds(set: Set<string>, into: string[]): () => void {
  const own = Object.prototype.hasOwnProperty.call(set, 'add');
  const add = set.add;
  set.add = function (v: string) {
    into.push(v);
    return add.call(this, v);
  };
  return () => {
    if (own) set.add = add;
    else delete (set as { add?: unknown }).add;
  };
}

