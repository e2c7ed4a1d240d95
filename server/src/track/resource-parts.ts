// Subresources tracked apart: the part of a resource a barrier names (`|sub3`, a mip/array/plane box, or the
// whole resource), and the other tracked parts of the resource it overlaps or covers.
import { declaresName, type BarrierFact } from '../extract/facts';
import type { SubresourceSelection } from '../model/subresource-ranges';
import { selectionsOverlap } from '../model/subresource-ranges';
import type { TrackEnv } from './env';
import type { KnownResource, ResState } from './state';
import { TrackState, UNKNOWN } from './state';

export const ALL = 0xffffffff;

export const val = (b: BarrierFact, name: string): number | undefined => {
  const f = b.fields[name];
  return f && f.value !== null ? f.value >>> 0 : undefined;
};

/**
 * What is known of the resource's creation: made in the function, or, for a name that is not one of the function's
 * parameters or locals, anywhere in the file (a member Init() creates, an argument of a helper's caller).
 */
export function knownResource(env: TrackEnv, key: string): KnownResource | undefined {
  const own = env.resources.get(key);
  if (own) return own;
  const fn = env.currentFn();
  const root = /^(?:this->)?([A-Za-z_]\w*)/.exec(key)?.[1] ?? key;
  const local = !!fn && declaresName(fn, root);
  return local ? undefined : env.fileUses?.resource(key);
}

/** `|sub3` for one subresource, '' for the whole resource, null when the part is unknown. */
export function partKey(b: BarrierFact, env: TrackEnv, key: string): string | null {
  if (b.kind === 'legacy-transition') {
    const s = val(b, 'Subresource');
    // A buffer has one subresource: index 0 is the whole buffer (one the function or, for a member, the file made).
    if (s === 0 && knownResource(env, key)?.creation.dimension === 'buffer') return '';
    return s === undefined ? null : s === ALL ? '' : `|sub${s}`;
  }
  if (b.kind !== 'texture') return '';
  const first = val(b, 'Subresources.IndexOrFirstMipLevel');
  const numMips = val(b, 'Subresources.NumMipLevels');
  if (first === undefined || numMips === undefined) return null;
  if (numMips === 0) return first === ALL ? '' : `|sub${first}`;
  const created = env.resources.get(key)?.creation;
  const firstArray = val(b, 'Subresources.FirstArraySlice');
  const numArray = val(b, 'Subresources.NumArraySlices');
  const firstPlane = val(b, 'Subresources.FirstPlane');
  const numPlanes = val(b, 'Subresources.NumPlanes');
  if ([firstArray, numArray, firstPlane, numPlanes].some((v) => v === undefined)) return null;
  const coversAll = created && created.mipLevels !== null && created.arraySize !== null && first === 0 && firstArray === 0
    && firstPlane === 0 && numMips >= created.mipLevels && numArray! >= created.arraySize && numPlanes! >= 1;
  if (coversAll) return '';
  return `|mips${first}+${numMips},arr${firstArray}+${numArray},pl${firstPlane}+${numPlanes}`;
}

/** The subresources a part key names (`|sub3`, `|mips0+4,arr0+1,pl0+1`), or null for another key. */
function selectionOfPart(part: string): SubresourceSelection | null {
  const sub = /\|sub(\d+)$/.exec(part);
  if (sub) return { kind: 'index', index: Number(sub[1]) };
  const box = /\|mips(\d+)\+(\d+),arr(\d+)\+(\d+),pl(\d+)\+(\d+)$/.exec(part);
  if (!box) return null;
  const [firstMip, numMips, firstSlice, numSlices, firstPlane, numPlanes] = box.slice(1).map(Number);
  return { kind: 'range', firstMip, numMips, firstSlice, numSlices, firstPlane, numPlanes };
}

/** Whether every subresource of `inner` is in `outer` (undefined: depends on the resource's counts). */
function selectionWithin(inner: SubresourceSelection, outer: SubresourceSelection): boolean | undefined {
  if (inner.kind === 'index' && outer.kind === 'index') return inner.index === outer.index;
  if (inner.kind !== 'range' || outer.kind !== 'range') return undefined;
  const within = (a: number, n: number, b: number, m: number): boolean => a >= b && a + n <= b + m;
  return within(inner.firstMip, inner.numMips, outer.firstMip, outer.numMips)
    && within(inner.firstSlice, inner.numSlices, outer.firstSlice, outer.numSlices)
    && within(inner.firstPlane, inner.numPlanes, outer.firstPlane, outer.numPlanes);
}

/** The other tracked parts of `key` that surely share a subresource with `part` (EB-SUBRES-06: a range that
 *  covers a mip in another layout is a mismatch there). */
export function overlappingParts(state: TrackState, key: string, part: string): { key: string; met: ResState }[] {
  const mine = selectionOfPart(part);
  if (!mine) return [];
  return partsOf(state, key).filter((p) => {
    const other = p.key === key + part ? null : selectionOfPart(p.key.slice(key.length));
    return other !== null && selectionsOverlap(other, mine) === true;
  });
}

/**
 * After a barrier on `part` of `key`, the other tracked parts it touches: one it covers entirely is now in the same
 * state; one it may cover in part (or may not, when that depends on the resource's counts) has an unknown layout
 * and access, so a later barrier on it is not checked against what it was before.
 */
export function updateOverlappingParts(state: TrackState, key: string, part: string, s: ResState): void {
  const mine = selectionOfPart(part);
  if (!mine) return;
  for (const p of partsOf(state, key)) {
    if (p.key === key + part) continue;
    const other = selectionOfPart(p.key.slice(key.length));
    if (!other || selectionsOverlap(other, mine) === false) continue;
    if (selectionWithin(other, mine) === true) state.set(p.key, s);
    else state.set(p.key, { ...p.met, layout: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
  }
}

export function partsOf(state: TrackState, key: string): { key: string; met: ResState }[] {
  const out: { key: string; met: ResState }[] = [];
  for (const [k, s] of state.res) if (k.startsWith(`${key}|`)) out.push({ key: k, met: s });
  return out;
}

export function dropParts(state: TrackState, key: string): void {
  for (const k of [...state.res.keys()]) if (k.startsWith(`${key}|`)) state.own('res').delete(k);
}
