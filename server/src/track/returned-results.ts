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

/**
 * What the returned local holds at one exit of the callee, by the path after its name: '' for the local itself (a
 * resource), `->resource` for a member of a record the factory returns a pointer to (`Texture* t = new Texture;
 * …IID_PPV_ARGS(&t->resource)…; return t;`). A name tracked in parts (per subresource) is left out.
 */
export function capturedAt(state: TrackState, d: Delivery): Map<string, ResState> | undefined {
  const held = new Map<string, ResState>();
  for (const [k, s] of state.res) {
    const rest = k.slice(d.local.length);
    if (k.startsWith(d.local) && (rest === '' || MEMBER_PATH.test(rest))) held.set(rest, s);
  }
  for (const k of state.res.keys()) {
    if (!k.startsWith(d.local)) continue;
    const bar = k.indexOf('|');
    if (bar >= 0) held.delete(k.slice(d.local.length, bar));
  }
  return held.size ? held : undefined;
}

/** A member path after a name (`->resource`, `.buffer`), with no subresource part. */
const MEMBER_PATH = /^(?:->|\.)[A-Za-z_][\w.>-]*$/;

/** The target takes what the local held (after the callee's locals were forgotten). */
export function deliver(state: TrackState, d: Delivery, held: Map<string, ResState> | undefined): TrackState {
  if (!held) return state;
  forget(state, d.target);
  for (const [rest, s] of held) {
    if (rest) forget(state, d.target + rest);
    state.set(d.target + rest, s);
  }
  return state;
}

/** The creations known under the local and its member paths, before the callee's locals' creations are restored. */
export function createdUnder(resources: ReadonlyMap<string, KnownResource>, d: Delivery): [string, KnownResource][] {
  return [...resources].filter(([k]) => k.startsWith(d.local) && (k.length === d.local.length || MEMBER_PATH.test(k.slice(d.local.length))))
    .map(([k, r]) => [k.slice(d.local.length), r]);
}

/** The local's creations become the target's (the creation-state and description rules read them there). */
export function deliverCreation(env: TrackEnv, d: Delivery, created: readonly [string, KnownResource][]): void {
  for (const [rest, r] of created) env.setResource(d.target + rest, r);
}
