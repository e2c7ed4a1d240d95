// A resource factory's result (extract/returned-locals.ts): `m_tex = CreateRenderTexture(…)` evaluates the factory,
// whose own local `resource` is created (and maybe transitioned) there and returned. At each exit of the callee, what
// that local holds becomes the call's target's state, and the local's creation the target's creation — just before
// the callee's locals are forgotten (helper-frames.ts forgetCalleeLocals), which would otherwise drop it.
import type { UserCallEvent } from '../extract/facts';
import type { Binding, TrackEnv } from './env';
import { substituteRef } from './env';
import { forget } from './forgetting';
import type { Callee } from './helper-frames';
import type { KnownResource, ResState, TrackState } from './state';

/** The callee's returned local (its key inside the callee) and the target's key in the caller's terms. */
export interface Delivery {
  local: string;
  target: string;
}

/** Where a call's result goes, when the callee returns one of its locals and the call stores it; else undefined. */
export function deliveryOf(e: UserCallEvent, callee: Callee, caller: Binding | null, own: Binding): Delivery | undefined {
  const returned = callee.fn.returnsLocal;
  if (!e.resultTo || !returned) return undefined;
  const target = substituteRef(e.resultTo, caller).key;
  const local = substituteRef(returned, own).key;
  return target && local ? { local, target } : undefined;
}

/** What the returned local holds at one exit of the callee: its whole state, or undefined (untracked, or split in parts). */
export function capturedAt(state: TrackState, d: Delivery): ResState | undefined {
  const held = state.res.get(d.local);
  if (!held) return undefined;
  const prefix = `${d.local}|`;
  for (const k of state.res.keys()) if (k.startsWith(prefix)) return undefined;
  return held;
}

/** The target takes what the local held (after the callee's locals were forgotten). */
export function deliver(state: TrackState, d: Delivery, held: ResState | undefined): TrackState {
  if (!held) return state;
  forget(state, d.target);
  state.set(d.target, held);
  return state;
}

/** The local's creation becomes the target's (the creation-state and description rules read it there). */
export function deliverCreation(env: TrackEnv, d: Delivery, created: KnownResource | undefined): void {
  if (created) env.setResource(d.target, created);
}
