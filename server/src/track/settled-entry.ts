// The entry state of a resource the file never moves (extract/settled-members.ts): a use met before anything is
// known about it in the function (bindings.ts flushDeferredUses, deferred-commands.ts flushDeferredCommands) is
// judged against its creation state when
//  - every mention of its name in the file is quiet (no barrier, no function handed it, nothing returns it),
//  - every creation of the name sets one known legacy state, not COMMON (a texture promotes out of COMMON and a
//    buffer decays back to it: the state at a later method's entry is not the creation's),
//  - it is a texture (its desc says so — its Dimension, or an array size, mip count or sample count only a texture
//    can have — or the state is one only a texture can be created in) that is not made for
//    simultaneous access (those promote and decay like buffers),
//  - neither the creating function nor the function being checked declares the name as a local or parameter.
// Only in a whole-file analysis: the editor's reduced document of one function leaves out the other methods, whose
// mentions decide whether the name is settled.
import { declaresName, type FileFacts, type ResourceCreation } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { formatEnumValue } from '../model/format-values';
import type { TrackEnv } from './env';
import { exactly, FRESH, type ResState, type SettledCreation } from './state';

/** Created in a state only a texture can be in: RENDER_TARGET, DEPTH_WRITE, DEPTH_READ, RESOLVE_DEST, RESOLVE_SOURCE. */
const TEXTURE_ONLY_STATES = 0x4 | 0x10 | 0x20 | 0x1000 | 0x2000;
const SIMULTANEOUS_ACCESS = 0x20;

/**
 * A desc whose Dimension is not known (`static_cast<D3D12_RESOURCE_DIMENSION>(metadata.dimension)`) but whose array
 * size, mip count or sample count is above 1: a buffer must have 1 of each (CreateCommittedResource rejects anything
 * else), so the resource is a texture.
 */
function notABuffer(c: ResourceCreation): boolean {
  return [c.arraySize, c.mipLevels, c.sampleCount].some((n) => n !== null && n !== undefined && n > 1);
}

function settledState(c: ResourceCreation): number | null {
  const st = c.initialState?.value;
  if (st === undefined || st === null || st === 0 || c.initialLayout || c.initialStateOneOf) return null;
  const texture = c.dimension !== null ? c.dimension !== 'buffer' : (st & TEXTURE_ONLY_STATES) !== 0 || notABuffer(c);
  if (!texture || c.swapChain || (c.flags !== null && (c.flags & SIMULTANEOUS_ACCESS) !== 0)) return null;
  return st >>> 0;
}

/** The settled names of the file with the one creation state they keep (see the header). */
export function settledCreations(facts: FileFacts): ReadonlyMap<string, SettledCreation> {
  const out = new Map<string, SettledCreation | null>();
  const names = new Set(facts.settledMembers ?? []);
  if (names.size === 0) return new Map();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'resource-creation') return;
      const key = e.creation.resource.key?.replace(/^this->/, '');
      if (!key || !names.has(key)) return;
      const st = declaresName(fn, key) ? null : settledState(e.creation);
      const prior = out.get(key);
      out.set(key, st === null || (prior !== undefined && prior?.state !== st) ? null : { creation: e.creation, state: st });
    });
  }
  return new Map([...out].filter((kv): kv is [string, SettledCreation] => kv[1] !== null));
}

/** The state a settled resource is in at the entry of the function `env` analyses, or undefined. */
export function settledEntry(env: TrackEnv, key: string): ResState | undefined {
  const name = key.replace(/^this->/, '');
  const settled = env.settled?.get(name);
  if (!settled || (env.rootFn && declaresName(env.rootFn, name))) return undefined;
  const what = formatEnumValue('state', settled.state);
  const origin = { ...env.note(settled.creation.resource.range, `'${settled.creation.resource.text}' was created in ${what} here, and no barrier of the file moves it`), created: true as const };
  return { ...FRESH, legacy: exactly(settled.state, origin), legacyFromCreation: true, lastModel: 'legacy' };
}
