// Keys whose tracked state becomes unknown: a resource and its parts, the array elements and getter chains that
// may name the same object, and every resource at once after a barrier or a batch that cannot be read.
import { distinctIndices } from './element-indices';
import { accessorAliases } from './getter-aliases';
import type { ResState } from './state';
import { FRESH, TrackState, UNKNOWN } from './state';
import { dropParts } from './resource-parts';

/**
 * `texs[i]` and `texs[0]` may be one resource: a barrier on an element whose index is not a constant makes the
 * other tracked elements of the array unknown, and one on a constant index those at indices that are not constants
 * (what follows the subscript, `.res`, must match). Two constant indices are two resources, and so are `X` and `X^1`,
 * `X+1`, `(X+1)%N` (track/element-indices.ts).
 */
function forgetElementAliases(state: TrackState, key: string): void {
  const mine = elementOf(key);
  if (!mine) return;
  for (const k of [...state.res.keys()]) {
    if (k === key || !k.startsWith(mine.base) || k.includes('|')) continue;
    const other = elementOf(k);
    if (!other || other.base !== mine.base || other.rest !== mine.rest || other.index === mine.index) continue;
    if (CONSTANT_INDEX.test(other.index) && CONSTANT_INDEX.test(mine.index)) continue;
    if (distinctIndices(other.index, mine.index)) continue;
    forget(state, k);
  }
}

const CONSTANT_INDEX = /^\d+$/;

/** Other keys the getter chain of `key` may name (track/getter-aliases.ts) are unknown after a barrier on it. */
function forgetAccessorAliases(state: TrackState, key: string): void {
  for (const k of accessorAliases(state.res.keys(), key)) forget(state, k);
}

/**
 * After a barrier on `key`, every other tracked key that may name the same resource is unknown: another element of
 * its array, another getter of its object, the same member reached through another pointer.
 */
export function forgetAliases(state: TrackState, key: string): void {
  forgetElementAliases(state, key);
  forgetAccessorAliases(state, key);
  forgetPointeeAliases(state, key);
}

/**
 * `raytracer.m_device->m_rts[i]` and `g_device->m_rts[i]`: a pointer another object stores (a member through which
 * it reaches a device, a context, a renderer it was handed) may point at the object a caller names directly, so the
 * same member path after `->` through a stored pointer and through a pointer of another name may be one resource.
 * Two pointers the function names itself (`src->m_tex`, `dst->m_tex`: parameters, locals, globals) stay two objects.
 */
function forgetPointeeAliases(state: TrackState, key: string): void {
  const mine = pointee(key);
  if (!mine) return;
  for (const k of [...state.res.keys()]) {
    if (k === key || k.includes('|') || !k.endsWith(mine.member)) continue;
    const other = pointee(k);
    if (!other || other.member !== mine.member || other.owner === mine.owner) continue;
    if (storedAlias(mine.owner, other.owner)) forget(state, k);
  }
}

/**
 * Two pointer paths that may hold one object: one of them is stored in a member (`w.m_dev`, `ctx->renderer`) and the
 * two start at different names. Paths through calls are getters' business (track/getter-aliases.ts); two members of
 * one object (`pass->input`, `pass->output`) stay two objects.
 */
function storedAlias(a: string, b: string): boolean {
  if (a.includes('(') || b.includes('(')) return false;
  const ra = rootOf(a);
  const rb = rootOf(b);
  return ra !== rb && (storedPointer(a) || storedPointer(b));
}

function rootOf(path: string): string {
  return /^(?:this->)?(\w*)/.exec(path)![1];
}

/** `a.b->m[i].c` → owner `a.b`, member `m[i].c`: split at the last `->` outside brackets; undefined without one. */
function pointee(key: string): { owner: string; member: string } | undefined {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < key.length; i++) {
    const c = key[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (depth === 0 && c === '-' && key[i + 1] === '>') at = i;
  }
  return at > 0 ? { owner: key.slice(0, at), member: key.slice(at + 2) } : undefined;
}

/** A pointer held in a member of another object (`w.m_dev`, `ctx->renderer`), not one the function names itself. */
function storedPointer(owner: string): boolean {
  return /\.|->/.test(owner.replace(/^this->/, '').replace(/\[[^\]]*\]/g, ''));
}

/** `m_rt[i].res` → base `m_rt`, index `i`, rest `.res` (the first subscript); undefined without one. */
function elementOf(key: string): { base: string; index: string; rest: string } | undefined {
  const open = key.indexOf('[');
  if (open <= 0) return undefined;
  let depth = 0;
  for (let i = open; i < key.length; i++) {
    if (key[i] === '[') depth++;
    else if (key[i] === ']' && --depth === 0) return { base: key.slice(0, open), index: key.slice(open + 1, i), rest: key.slice(i + 1) };
  }
  return undefined;
}

/** Keys whose state is unknown from here on (a barrier on an unknown part, an unresolved helper). */
export function forget(state: TrackState, key: string): void {
  state.set(key, forgotten(state.get(key)));
  dropParts(state, key);
}

/** A global, aliasing or null-resource UAV barrier orders every pending write. */
export function clearPendingWrites(state: TrackState): void {
  for (const [k, st] of state.res) if (st.pendingWrite) state.set(k, { ...st, pendingWrite: null });
}

export function forgetAllEnhanced(state: TrackState): void {
  for (const [k, s] of state.res) state.set(k, { ...s, layout: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
}

/** A legacy transition also changes a texture's layout. */
export function forgetAllLegacy(state: TrackState): void {
  for (const [k, s] of state.res) state.set(k, { ...s, legacy: UNKNOWN, layout: UNKNOWN, legacyFromCreation: false });
}

/**
 * `forget` of the resource of every key for which `hit` holds (`tex` for `tex|sub2`), leaving the state as forgetting
 * them one by one in the state's order would — a resource met first through one of its parts comes after the keys it
 * had — in one pass instead of a pass over the state per key (unknown calls in helpers forget everything, often).
 */
export function forgetWhere(state: TrackState, hit: (base: string) => boolean): void {
  const before = [...state.res];
  const whole = new Set<string>();
  for (const [key] of before) if (key.indexOf('|') < 0) whole.add(key);
  const added = new Map<string, ResState>();
  state.own('res').clear();
  for (const [key, s] of before) {
    const base = baseKey(key);
    if (!hit(base)) state.own('res').set(key, s);
    else if (base === key) state.own('res').set(key, forgotten(s));
    else if (!whole.has(base) && !added.has(base)) added.set(base, forgotten(FRESH));
  }
  for (const [key, s] of added) state.own('res').set(key, s);
}

function forgotten(s: ResState): ResState {
  return { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN, split: null, deactivated: null, lastModel: null, pendingWrite: null };
}

/** The resource a key names, without its subresource part (`tex|sub3` → tex). */
export function baseKey(key: string): string {
  const bar = key.indexOf('|');
  return bar < 0 ? key : key.slice(0, bar);
}
