// `m_frame = 1 - m_frame;`: the 'reindex' event of a name used inside subscripts (extract/rebinds.ts). Every tracked
// key with that name in a subscript (`m_targets[m_frame]`, `pass.rt[m_frame].res`) names another element from here
// on; apply.ts forgets them.
import type { TrackState } from './state';
import { detached } from '../detached-string';

/** The keys of `state` whose subscripts mention `sym`. */
export function reindexedKeys(state: TrackState, sym: string): string[] {
  const out: string[] = [];
  for (const key of state.res.keys()) if (key.includes('[') && subscriptNames(key).includes(sym)) out.push(key);
  return out;
}

/** The names inside a key's subscripts: `m_rt[m_frame].res[i]` → m_frame, i. */
function subscriptNames(key: string): readonly string[] {
  let names = subscriptNamesOf.get(key);
  if (!names) {
    names = [...key.matchAll(/\[([^\]]*)\]/g)].flatMap((m) => [...m[1].matchAll(/[A-Za-z_]\w*/g)].map((id) => detached(id[0])));
    if (subscriptNamesOf.size >= SUBSCRIPTS_KEPT) subscriptNamesOf.clear();
    subscriptNamesOf.set(detached(key), names);
  }
  return names;
}

// NOTE: asked for every key at every 'reindex' event; read once per key (bounded: a server analyses many files).
const subscriptNamesOf = new Map<string, readonly string[]>();
const SUBSCRIPTS_KEPT = 50_000;

/** `key` and the tracked keys under it: `v.back()` → `v.back()`, `v.back().first`, `v.back()->res`, `v.back()[1]`. */
export function keysUnder(state: TrackState, key: string): string[] {
  const out = [key];
  for (const k of state.res.keys()) if (k.length > key.length && k.startsWith(key) && /^(?:\.|->|\[)/.test(k.slice(key.length))) out.push(k);
  return out;
}
