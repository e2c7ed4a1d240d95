// A loop's final pass reused from its last fixpoint pass (issue 12). A loop runs its body until the state at its
// head stops changing, then once more from that head for the rules. Where nothing reports (the loop sits inside
// another loop's fixpoint passes, or in a helper evaluated silently), that last run only hands its exits on — and
// when the converged head is the very head the last fixpoint pass started from, that pass already computed them.
//
// The interpreter is deterministic: a pass is a function of its head and of what the environment and the
// interpreter hold when it starts. So the earlier pass stands for the second one when
//  - the two heads are structurally equal (same facts; same states, ranges compared by identity as everywhere),
//    with no path condition of the loop's own evaluation in them and none made during the pass (a condition's
//    time counts the writes so far, and the loop's tests read it against the writes since);
//  - the pass left the environment as it found it: the assumed entry states and the known creations (same
//    entries, same objects, same order), the first barriers noted after waiting copies, the uses and copies still
//    waiting for their first barrier (a pass can only end such a wait, and a later pass would read it ended), the
//    buffers seen by use;
//  - the path budget of the evaluation is on the same side of its limit for both passes.
// Reusing it then replays what the second pass would add to the interpreter's counters: the statements it spends
// against the work budget, its path work, its writes of tested values, and the deferred uses it voids.
import type { TrackEnv } from './env';
import type { Paths } from './path-set';
import { condStats, pathCap } from './path-set';
import type { KnownResource, Possible, ResState, TrackState } from './state';
import { firstBarrierCount, liveWaitCount } from './deferred-commands';
import { unseenUseCount } from './bindings';
import { sameFacts, sameState } from './same-values';

/** Set to `0` to run every final pass of a loop (reuse is on otherwise); results are equal either way. */
export const PASS_REUSE_ENV = 'BARRIERLINT_PASS_REUSE';

/** Reused and run final passes since the process started (tests check that reuse happens at all). */
export const passStats = { reused: 0, run: 0 };

/** The interpreter's counters a pass moves: statements spent, path work, writes of tested values. */
export interface PassCounters {
  spent: number;
  pathWork: number;
  writes: number;
}

/** What a pass may read of the environment besides its head, as it was when the pass started. */
export interface PassStart {
  counters: PassCounters;
  entry: [string, ResState][];
  resources: [string, KnownResource][];
  firstBarriers: number;
  /** Uses and copies still waiting for their resource's first barrier (a pass only ever ends such waits). */
  waits: number;
  buffers: number;
  conds: number;
  voided: number;
}

/** A silent pass that can stand for a second one from an equal head. */
export interface SilentPass<F> {
  head: Paths;
  flow: F;
  start: PassCounters;
  /** What the pass added to each counter. */
  added: PassCounters;
  voided: number;
  /** Values the pass wrote, each with its last write's offset from the pass's first. */
  written: [string, number][];
}

export function passReuseOn(): boolean {
  return process.env[PASS_REUSE_ENV] !== '0';
}

export function startPass(env: TrackEnv, counters: PassCounters): PassStart {
  return {
    counters, entry: [...env.entry], resources: [...env.resources], firstBarriers: firstBarrierCount(env),
    waits: waitCount(env), buffers: env.buffersByUse.size, conds: condStats.made, voided: env.voidedUses,
  };
}

/** The finished pass, or null when it changed what a second pass would read (then that one runs). */
export function endPass<F>(env: TrackEnv, start: PassStart, head: Paths, flow: F, counters: PassCounters, lastWrite: ReadonlyMap<string, number>): SilentPass<F> | null {
  if (condStats.made !== start.conds || firstBarrierCount(env) !== start.firstBarriers || env.buffersByUse.size !== start.buffers) return null;
  if (waitCount(env) !== start.waits) return null;
  if (!sameEntries(start.entry, env.entry) || !sameEntries(start.resources, env.resources)) return null;
  const written: [string, number][] = [];
  for (const [sym, at] of lastWrite) if (at > start.counters.writes) written.push([sym, at - start.counters.writes]);
  const added = {
    spent: counters.spent - start.counters.spent, pathWork: counters.pathWork - start.counters.pathWork, writes: counters.writes - start.counters.writes,
  };
  return { head, flow, start: start.counters, added, voided: env.voidedUses - start.voided, written };
}

/**
 * Whether `pass` stands for a pass from `head` with the interpreter's counters at `now` and `room` budget left.
 * `owner`: the evaluation running the loop (the owner of the path conditions its own tests read, see
 * interpreter.ts refine).
 */
export function reusable<F>(pass: SilentPass<F>, head: Paths, now: PassCounters, room: number, owner: number): boolean {
  if (room < pass.added.spent || pathCap(pass.start.pathWork) !== pathCap(now.pathWork + pass.added.pathWork)) return false;
  return pass.head.length === head.length && head.every((p, i) => sameFacts(p.facts, pass.head[i].facts)
    && sameState(p.state, pass.head[i].state) && !ownConds(p.state, owner));
}

/**
 * Whether a value carries a path condition of `owner`'s: whether its tests may drop it depends on the writes since
 * (their count moved on between the two passes). Conditions of other evaluations are only carried along (and
 * joined, by what they hold).
 */
function ownConds(state: TrackState, owner: number): boolean {
  if (state.condSyms === null) return false;
  const own = (p: Possible) => [...p.values.values()].some((o) => o.cond?.owner === owner);
  for (const r of state.res.values()) if (own(r.layout) || own(r.legacy) || own(r.access) || own(r.syncAfter)) return true;
  return false;
}

function waitCount(env: TrackEnv): number {
  return unseenUseCount(env) + liveWaitCount(env);
}

/** The map holds exactly these entries, in this order, with the same objects. */
function sameEntries<V>(before: [string, V][], now: Map<string, V>): boolean {
  if (before.length !== now.size) return false;
  let i = 0;
  for (const [k, v] of now) {
    const [kb, vb] = before[i++];
    if (k !== kb || v !== vb) return false;
  }
  return true;
}
