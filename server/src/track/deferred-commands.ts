// Copies, resolves and UAV clears that meet a resource before anything is known about it, judged once the function's
// first barrier on that resource assumes its entry state ("assumed at first use"), as draws and clears through views
// are (bindings.ts flushDeferredUses). A texture copied into and then moved out of RENDER_TARGET by its first barrier
// was in RENDER_TARGET at the copy (or the barrier names the wrong state): either way the debug layer reports one of
// them. Only within one recording: a Close, Reset or ExecuteCommandLists between the use and the barrier, or a call
// that may change the resource's state, ends the wait (buffers decay at the boundary, and what a helper does is unseen).
import type { CommandEvent } from '../extract/facts';
import type { TrackEnv } from './env';
import type { ResState } from './state';
import type { CommandUse, TrackContext } from './visitors';
import { settledEntry } from './settled-entry';

interface Waiting {
  e: CommandEvent;
  use: CommandUse;
  ctx: TrackContext;
  live: boolean;
}

const waiting = new WeakMap<TrackEnv, Waiting[]>();
/**
 * The state the first barrier after such a copy names, kept apart from the entry assumptions (TrackEnv.entry): a
 * copy may have promoted the resource from COMMON, so it is the state before that barrier, not surely at entry.
 */
const firstBefore = new WeakMap<TrackEnv, Map<string, ResState>>();

export function noteFirstBarrier(env: TrackEnv, key: string, s: ResState): void {
  const seen = firstBefore.get(env) ?? new Map<string, ResState>();
  if (!seen.has(key)) seen.set(key, s);
  firstBefore.set(env, seen);
}

/** The state `key`'s first barrier named after a write that waited for it (noteFirstBarrier), if any. */
export function firstBarrierState(env: TrackEnv, key: string): ResState | undefined {
  return firstBefore.get(env)?.get(key);
}

/** How many first barriers after a waiting copy are noted (track/pass-reuse.ts: a pass that noted one is not reused). */
export function firstBarrierCount(env: TrackEnv): number {
  return firstBefore.get(env)?.size ?? 0;
}

/** How many copies still wait for their first barrier (track/pass-reuse.ts: a pass that ended a wait is not reused). */
export function liveWaitCount(env: TrackEnv): number {
  return (waiting.get(env) ?? []).filter((w) => w.live).length;
}

/** Whether nothing is tracked for the use's resource yet (neither a state nor an entry assumption). */
export function unseenUse(u: CommandUse, env: TrackEnv, tracked: (key: string) => boolean): boolean {
  const key = u.part ?? u.key;
  // A first barrier already noted under the name (for an earlier object, before a rebind) is not this use's.
  return !tracked(key) && !env.entry.has(key) && !firstBefore.get(env)?.has(key);
}

export function deferCommandUses(env: TrackEnv, e: CommandEvent, uses: CommandUse[], ctx: TrackContext): void {
  if (!env.reporting || uses.length === 0) return;
  const list = waiting.get(env) ?? [];
  for (const use of uses) list.push({ e, use, ctx, live: true });
  waiting.set(env, list);
}

/** A call that may change the states of the keys it reaches (havoc-call.ts reachOf), or a recording boundary (null). */
export function voidDeferredCommands(env: TrackEnv, reached: ((base: string) => boolean) | null): void {
  for (const w of waiting.get(env) ?? []) {
    const key = w.use.part ?? w.use.key;
    if (env.entry.has(key) || firstBefore.get(env)?.has(key)) continue;
    if (!reached || reached(w.use.key.split('|')[0])) w.live = false;
  }
}

/**
 * Whether a use still waits for `key`'s first barrier: a copy's write leaves the resource tracked (its pending write)
 * with no state known, and that barrier must still assume the entry state.
 */
export function awaitsFirstBarrier(env: TrackEnv, key: string): boolean {
  return !env.entry.has(key) && !firstBefore.get(env)?.has(key) && (waiting.get(env) ?? []).some((w) => w.live && (w.use.part ?? w.use.key) === key);
}

/**
 * After a function: each waiting use judged against the state the first barrier after it named on its own path
 * (noteFirstBarrier), or else the entry state the resource's first barrier assumed. The entry assumption may come
 * from another path (`if (mode == 0) { CopyBufferRegion(buf, …); COPY_DEST → UAV } … UAV → INDIRECT_ARGUMENT`: the
 * path that skipped the copy assumes UAV), which says nothing about the copy's.
 */
export function flushDeferredCommands(env: TrackEnv): void {
  const list = waiting.get(env) ?? [];
  const before = firstBefore.get(env);
  waiting.delete(env);
  firstBefore.delete(env);
  for (const w of list) {
    const key = w.use.part ?? w.use.key;
    const entry = w.live ? before?.get(key) ?? env.entry.get(key) ?? settledEntry(env, key) : undefined;
    if (!entry) continue;
    for (const h of env.hooks) h.deferredCommand?.(w.e, [{ ...w.use, met: entry, atFirstBarrier: true }], w.ctx);
  }
}
