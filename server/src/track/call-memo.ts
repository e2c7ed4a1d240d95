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

/** Set to `0` to evaluate every helper call (the memo is on otherwise); results are equal either way. */
export const CALL_MEMO_ENV = 'BARRIERLINT_CALL_MEMO';

/** Records kept per callee (the oldest goes first). */
const MAX_RECORDS = 16;
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

export class CallMemo {
  private readonly records = new Map<FunctionFacts, CallRecord<unknown>[]>();

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
    memoStats.misses++;
    const state = input.state.clone();
    const entry = [...env.entry];
    const resources = [...env.resources];
    const spentBefore = budget.used();
    const voidedBefore = env.voidedUses;
    env.lastReplaced = null;
    const out = run();
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
