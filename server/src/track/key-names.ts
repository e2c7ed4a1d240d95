// The names a tracked resource key is built from, and the class part of a qualified name (both read once and
// cached), and what leaving a scope drops: the paths' states and entry assumptions named through its locals.
import { detached } from '../detached-string';
import type { TrackEnv } from './env';
import type { Paths } from './path-set';

/** The names a resource key is built from, leaving out member names: `m.res[j]` → m, j. */
export function rootNames(key: string): readonly string[] {
  let names = rootNamesOf.get(key);
  if (names) return names;
  names = [...key.matchAll(/(?<![\w.]|->|::)[A-Za-z_]\w*/g)].map((m) => m[0]);
  if (rootNamesOf.size >= ROOT_NAMES_KEPT) rootNamesOf.clear();
  rootNamesOf.set(detached(key), names.map(detached));
  return names;
}

// NOTE: scopes, loops and helper returns ask for the names of every key of every path's state, again and again for
// the same keys: they are read once per key (a bounded cache; a long-lived server analyses many files).
const rootNamesOf = new Map<string, readonly string[]>();
const ROOT_NAMES_KEPT = 50_000;

// NOTE: every pass over a call asks for its callers' and callees' classes: each qualified name is split once.
const classParts = new Map<string, string | undefined>();

/** The class part of a qualified name (`Batch::Impl::Transition` → Impl), or undefined for a free function. */
export function classPart(qualifiedName: string): string | undefined {
  if (classParts.has(qualifiedName)) return classParts.get(qualifiedName);
  const parts = qualifiedName.split('::');
  const owner = parts.length >= 2 ? parts[parts.length - 2] : undefined;
  if (classParts.size >= ROOT_NAMES_KEPT) classParts.clear();
  classParts.set(detached(qualifiedName), owner === undefined ? undefined : detached(owner));
  return owner;
}

/**
 * After a loop, names it declared (`for (auto& window : windows)`, `const UINT idx = ...` in its body) are gone:
 * a resource named through one (`window.backbuffers[idx]`) means nothing any more, and the same spelling in a later
 * loop is another variable. Its state and what was assumed about it at its first use are dropped. The same after a
 * nested block, for the locals it declared (`auto res = &frames[i][Hud];` in one `if` block and in the next).
 */
export function outOfScope(env: TrackEnv, paths: Paths, scoped: readonly string[], assumedBefore: Set<string>): Paths {
  const names = new Set(scoped);
  const gone = (key: string) => rootNames(key).some((t) => names.has(t));
  for (const key of [...env.entry.keys()]) if (!assumedBefore.has(key) && gone(key)) env.entry.delete(key);
  return paths.map((p) => {
    const keys = [...p.state.res.keys()].filter(gone);
    if (keys.length === 0) return p;
    const state = p.state.clone();
    for (const k of keys) state.own('res').delete(k);
    return { facts: p.facts, state };
  });
}
