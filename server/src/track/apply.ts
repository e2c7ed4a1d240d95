// The effect of each event on the tracked state, and the rule hooks called with the state each barrier or
// command meets. Barriers apply in API order: call, then group, then index (eb-rules.md EB-CALL-07).
import { distinctIndices } from './element-indices';
import type { BarrierFact, CommandEvent, Event, Field, ResourceCreation, ResourceRef, UserCallEvent } from '../extract/facts';
import { ROLE_NEEDS } from '../model/api';
import { LAYOUT_UNDEFINED } from '../model/enums';
import { legacyToEnhanced } from '../model/legacy-states';
import type { SubresourceSelection } from '../model/subresource-ranges';
import { selectionsOverlap } from '../model/subresource-ranges';
import { formatEnumValue } from '../model/format-values';
import { ACCESSOR_NAME, INERT_CALLS } from '../model/inert-calls';
import { VIEW_CREATION } from '../model/uses';
import { accessorAliases } from './getter-aliases';
import { reindexedKeys } from './reindex';
import type { ListId, TrackEnv } from './env';
import { atCallSite, NO_LIST, substituteBarrier, substituteField, substituteRef, usesParams, within } from './env';
import type { Batch, Origin, Possible, ResState } from './state';
import { exactly, FRESH, TrackState, UNKNOWN } from './state';
import type { BarrierMeeting, CommandUse } from './visitors';
import { applyBind, applyGpuWork, endBindings, gpuUseAwaits, voidDeferredUses } from './bindings';
import { awaitsFirstBarrier, deferCommandUses, noteFirstBarrier, unseenUse, voidDeferredCommands } from './deferred-commands';
import { applyStateAssert, covered } from './asserts';

const SYNC_SPLIT = 0x80000000;
const ACCESS_NO_ACCESS = 0x80000000;
const ALL = 0xffffffff;
const FLAG_BEGIN_ONLY = 1;
const FLAG_END_ONLY = 2;

const val = (b: BarrierFact, name: string): number | undefined => {
  const f = b.fields[name];
  return f && f.value !== null ? f.value >>> 0 : undefined;
};

/** `|sub3` for one subresource, '' for the whole resource, null when the part is unknown. */
function partKey(b: BarrierFact, env: TrackEnv, key: string): string | null {
  if (b.kind === 'legacy-transition') {
    const s = val(b, 'Subresource');
    // A buffer has one subresource: index 0 is the whole buffer.
    if (s === 0 && env.resources.get(key)?.creation.dimension === 'buffer') return '';
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
function overlappingParts(state: TrackState, key: string, part: string): { key: string; met: ResState }[] {
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
function updateOverlappingParts(state: TrackState, key: string, part: string, s: ResState): void {
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

function partsOf(state: TrackState, key: string): { key: string; met: ResState }[] {
  const out: { key: string; met: ResState }[] = [];
  for (const [k, s] of state.res) if (k.startsWith(`${key}|`)) out.push({ key: k, met: s });
  return out;
}

function dropParts(state: TrackState, key: string): void {
  for (const k of [...state.res.keys()]) if (k.startsWith(`${key}|`)) state.res.delete(k);
}

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

/** Origins point at the call that applied the barrier (the barrier's own range when it has no call). */
function origin(env: TrackEnv, b: BarrierFact, note: string, assumed = false, at?: BarrierFact['range']): Origin {
  return { ...env.note(at ?? b.range, note), ...(assumed ? { assumed } : {}) };
}

function layoutPossible(layouts: number[], o: Origin): Possible {
  const values = new Map<number, Origin>();
  const each = layouts.length > 1 ? { ...o, alternative: true } : o;
  for (const l of layouts) values.set(l >>> 0, each);
  return { values, unknown: false };
}

/** `a->b->m` / `a->b->Get()` / `a.b.m` → `a->b` / `a.b`: the object a member or getter of it names; undefined for a plain name. */
function ownerOf(key: string): string | undefined {
  const m = /^(.+?)(?:->|\.)\w+(?:\(\))?$/.exec(key);
  return m ? m[1] : undefined;
}

/** Events that record no GPU work: after them a resource explicitly put in COMMON is still unpromoted. */
const NO_WORK: ReadonlySet<Event['kind']> = new Set(['barrier-call', 'resource-barrier-call', 'batch-add', 'resource-creation', 'rebind', 'reindex', 'swap']);

export function applyEvent(e: Event, state: TrackState, env: TrackEnv): TrackState {
  if (!NO_WORK.has(e.kind)) env.work++;
  const next = state.clone();
  const list = env.listOf(e.list);
  switch (e.kind) {
    case 'resource-creation': {
      const ref = substituteRef(e.creation.resource, env.binding);
      if (!ref.key) break;
      const created = helperCreation(e, ref, env);
      env.setResource(ref.key, { creation: created.creation, uri: env.currentUri() });
      next.set(ref.key, creationState(created, env));
      dropParts(next, ref.key);
      break;
    }
    case 'barrier-call':
      // Only the first NumBarriers barriers of a group (and the first count groups) are read by the runtime.
      e.groups?.slice(0, e.count.value ?? undefined).forEach((g, gi) => {
        g.barriers?.slice(0, g.numBarriers.value ?? undefined).forEach((raw, bi) => {
          const b = substituteBarrier(raw, env.binding);
          recheck(raw, b, env, e.list, { group: gi, index: bi, listType: list.type });
          enhanced(b, next, env, list, e.range, gi, bi);
        });
        // A group pointing at a batch container (`group.pTextureBarriers = m_textures.data()`): what was added.
        if (!g.barriers && g.batch) submitBatch(g.batch, next, env, list, e.range, gi);
      });
      // A barrier we cannot read (an unknown group, a pointer we cannot follow — a helper's parameter) may be on any
      // resource, or a global barrier: what it may have changed is unknown, and it may order any pending write.
      if (!e.groups || e.groups.slice(0, e.count.value ?? undefined).some((g) => !g.barriers && !g.batch)) {
        forgetAllEnhanced(next);
        clearPendingWrites(next);
      }
      break;
    case 'resource-barrier-call':
      e.barriers?.slice(0, e.count.value ?? undefined).forEach((raw, bi) => {
        const b = substituteBarrier(raw, env.binding);
        recheck(raw, b, env, e.list, { group: null, index: bi, listType: list.type });
        legacy(b, next, env, list, e.range, bi);
      });
      if (!e.barriers && e.batch) submitBatch(e.batch, next, env, list, e.range, null, e.keepsBatch);
      // An array we cannot read (`ResourceBarrier(1, &b)` with `b` a helper's parameter) may transition any resource.
      if (!e.barriers && !e.batch) forgetAllLegacy(next);
      if (!e.barriers) clearPendingWrites(next);
      break;
    case 'batch-add': {
      const key = substituteRef(e.container, env.binding).key;
      if (!key) break;
      const prior = next.batches.get(key);
      if (e.reverse) {
        if (prior) next.batches.set(key, reversedBatch(prior));
        break;
      }
      if (e.unreadable) {
        next.batches.set(key, { items: prior?.items ?? [], ...(prior?.mixed ? { mixed: prior.mixed } : {}), unreadable: true });
        break;
      }
      const site = additionSite(env, e.range);
      const added = e.barriers.map((raw) => ({ raw, barrier: substituteBarrier(raw, env.binding), note: env.note(e.range, ''), site }));
      // The same addition again for the same resource from the same place: a loop adds one per element (or it runs
      // again) — which and how many is not known, so what the batch holds for them becomes unknown at the submit. The
      // same helper's addition from two calls (`batch.Add(tex, PSR, COPY_DEST); copy; batch.Add(tex, COPY_DEST, PSR);`)
      // is two barriers, kept in order.
      const again = added.some((a) => prior?.items.some((p) => p.raw === a.raw && p.site === site && p.barrier.resource?.key === a.barrier.resource?.key));
      if (again) {
        const keys = [...(prior?.mixed ?? []), ...[...(prior?.items ?? []), ...added].map((i) => i.barrier.resource?.key).filter((k): k is string => !!k)];
        next.batches.set(key, { items: [], mixed: [...new Set(keys)] });
      } else next.batches.set(key, { items: [...(prior?.items ?? []), ...added], ...(prior?.mixed ? { mixed: prior.mixed } : {}) });
      break;
    }
    case 'rebind': {
      // Another object under the name: what was tracked for the previous one (and its parts) is not its state.
      const key = substituteRef(e.resource, env.binding).key;
      if (key && next.res.has(key)) forget(next, key);
      break;
    }
    case 'reindex':
      // The subscript changed: each key built on it names another element now.
      for (const key of reindexedKeys(next, e.sym)) forget(next, key);
      break;
    case 'swap': swapResources(e, next, env); break;
    case 'command': command(e, next, env, list); break;
    case 'state-assert': applyStateAssert(e, next, env, list); break;
    case 'bind': applyBind(e, next, env, list); break;
    case 'gpu-work': applyGpuWork(e, next, env, list); break;
    case 'execute-command-lists':
      if (env.reporting) for (const h of env.hooks) h.executeCommandLists?.(e, env.context(e.range, list));
      // An ExecuteCommandLists boundary completes and flushes the work before it: no write is pending across it,
      // and accesses start over (EB-ECL-01): a resource deactivated with NO_ACCESS is usable in the next scope.
      // Buffers decay to COMMON when the work completes (LB-10), and whether it has completed when the next list
      // records is not known here: a buffer's legacy state is unknown after the boundary, never the state it had.
      // A list this path executed before and did not reset since runs its recording again (recorded once, submitted
      // every frame): its barriers move states again, and which ones is not replayed here, so states are unknown.
      const ran = (e.lists ?? []).map((r) => substituteRef(r, env.binding).key).filter((k): k is string => !!k);
      const again = ran.some((k) => next.executed.has(k))
        ? { legacy: UNKNOWN, layout: UNKNOWN, legacyFromCreation: false } : {};
      for (const [k, s] of next.res) {
        const decayed = env.isBuffer(k) ? { legacy: UNKNOWN, legacyFromCreation: false } : {};
        next.set(k, { ...s, access: UNKNOWN, syncAfter: UNKNOWN, pendingWrite: null, deactivated: null, ...decayed, ...again });
      }
      for (const k of ran) next.executed.add(k);
      next.closed.clear();
      voidDeferredCommands(env, null);
      break;
    case 'close': {
      if (list.key) next.closed.add(list.key);
      const pending = [...next.res.entries()].filter(([, s]) => s.split && (s.split.list === list.key || s.split.list === null));
      // An enhanced split on a texture may end in a later command list (EB-SPLIT-01): it stays pending, and is
      // reported here only when the file has no end-split barrier anywhere (EB-SPLIT-07).
      // A COMMON-layout texture split cannot outlive the list's ExecuteCommandLists scope (#1329): reported here too.
      const crossList = ([, s]: [string, ResState]) => !s.split!.legacy && s.split!.barrier.kind === 'texture' && env.endSplits
        && val(s.split!.barrier, 'LayoutAfter') !== 0;
      const unmatched = pending.filter((p) => !crossList(p));
      if (unmatched.length && env.reporting) {
        for (const h of env.hooks) h.listEnd?.(unmatched.map(([, s]) => s.split!), env.context(e.range, list));
      }
      for (const [k, s] of unmatched) next.set(k, { ...s, split: null });
      // What the closed list recorded cannot race with what is recorded next under its name: that is another list
      // (`command_list = graphics_lists[i]`) or the same one after a Reset.
      for (const [k, s] of next.res) if (s.pendingWrite && list.key && s.pendingWrite.list === list.key) next.set(k, { ...s, pendingWrite: null });
      endBindings(next, list);
      voidDeferredCommands(env, null);
      break;
    }
    case 'reset':
      // A Reset of a list this path has not seen executed may be another name for one it has (`cl = m_compute;
      // cl->Reset(...)`): then no executed list is known to run its old recording again. A list wrapper's own list
      // (`m_draw->m_list` reset by `CommandList::Reset()`) is the one executed under that wrapper's getter
      // (`m_draw->GetInternal()`): only those are forgotten.
      if (list.key && next.executed.has(list.key)) next.executed.delete(list.key);
      else {
        const owner = list.key ? ownerOf(list.key) : undefined;
        const same = owner ? [...next.executed].filter((k) => ownerOf(k) === owner) : [];
        if (same.length) for (const k of same) next.executed.delete(k);
        else next.executed.clear();
      }
      endBindings(next, list);
      voidDeferredCommands(env, null);
      // Closed and reset with nothing between that may have executed it: the recording is dropped, and the
      // resources keep the states they had before it — which, since states are kept across lists, are not known
      // here (vkd3d-proton's invalid-usage tests do this on purpose). A resource still in the state it was created
      // in was moved by no barrier at all, so by none of the dropped recording's: it keeps that state.
      if (list.key && next.closed.has(list.key)) {
        for (const [k, s] of next.res) {
          if (!s.legacyFromCreation) next.set(k, { ...s, legacy: UNKNOWN, layout: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
        }
        next.closed.delete(list.key);
      }
      // A reset list starts a new recording: writes recorded before it were submitted (or dropped) with the old one.
      for (const [k, s] of next.res) {
        const own = (l: string | null | undefined) => !l || !list.key || l === list.key;
        const ownWrite = s.pendingWrite && own(s.pendingWrite.list);
        next.set(k, {
          ...s, access: UNKNOWN, syncAfter: UNKNOWN, split: null, ...(ownWrite ? { pendingWrite: null } : {}),
          ...(s.deactivated && own(s.deactivated.list) ? { deactivated: null } : {}),
        });
      }
      break;
    default:
  }
  return next;
}

/**
 * Inside a helper, a barrier built from parameters is checked again with the caller's values, at the call. When the
 * call changes nothing such a check reads — the resource (a member reached through the same `this`), every field
 * value and the list — the finding does not depend on the call site: the helper's own pass reports it once, at the
 * helper, instead of once more at every call on the way (issue 10, noise multipliers).
 */
function recheck(raw: BarrierFact, b: BarrierFact, env: TrackEnv, list: ResourceRef | undefined, pos: { group: number | null; index: number | null; listType: import('../types').CommandListType | null }): void {
  if (!env.reporting || env.stack.length === 0 || !usesParams(raw)) return;
  const listKey = list ? substituteRef(list, env.binding).key : null;
  const listMoved = !!list && listKey !== list.key;
  if (!listMoved && sameAtEveryCall(raw, b)) return;
  const call = env.stack[0].callRange;
  // Nested helpers: argument ranges may lie in another helper, so everything moves to the outermost call.
  const moved = atCallSite(b, env.stack.length > 1 ? { ...raw, fields: {} } : raw, call);
  const run = () => { for (const check of env.barrierChecks) check(moved, pos); };
  if (!env.rechecks) return run();
  const r = (x: ResourceRef | undefined) => `${x?.key ?? ''}:${x?.text ?? ''}`;
  const values = Object.entries(b.fields).map(([k, f]) => `${k}=${f?.value ?? '?'}`).join(',');
  env.rechecks.push({
    chain: env.stack.map((f) => `${f.callUri}@${f.callRange.startLine}:${f.callRange.startColumn}`),
    identity: `${env.currentUri()}#${raw.site}|${r(b.resource)}|${r(b.resourceAfter)}|${values}|${listKey}:${pos.listType}|${pos.group}|${pos.index}`,
    run,
  });
}

/** The caller's values left the barrier as the helper wrote it: same resource, same value in every field. */
function sameAtEveryCall(raw: BarrierFact, b: BarrierFact): boolean {
  const sameRef = (x: ResourceRef | undefined, y: ResourceRef | undefined) => x?.key === y?.key && x?.text === y?.text;
  return sameRef(raw.resource, b.resource) && sameRef(raw.resourceAfter, b.resourceAfter)
    && Object.entries(raw.fields).every(([k, f]) => (f?.value ?? null) === (b.fields[k]?.value ?? null));
}

/**
 * A barrier a helper added to a batch with its parameters (`batch.Add(rt, RENDER_TARGET, RENDER_TARGET)`), checked
 * field by field with the caller's values when the batch is submitted, at the outermost call that submits it (or the
 * submit itself).
 */
function recheckAtSubmit(raw: BarrierFact, b: BarrierFact, env: TrackEnv, submit: BarrierFact['range'], pos: Parameters<typeof recheck>[4]): void {
  if (!env.reporting || !usesParams(raw) || sameAtEveryCall(raw, b)) return;
  const moved = atCallSite(b, { ...raw, fields: {} }, env.stack[0]?.callRange ?? submit);
  for (const check of env.barrierChecks) check(moved, pos);
}

type CreationEvt = Extract<Event, { kind: 'resource-creation' }>;

/**
 * A creation in a helper body whose InitialState / InitialLayout is a parameter takes the caller's argument
 * (`AllocateUAVBuffer(dev, n, &buf, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)`); the rules see it at the call.
 */
function helperCreation(e: CreationEvt, ref: ResourceRef, env: TrackEnv): CreationEvt {
  const c = e.creation;
  const fromCaller = (f: Field | undefined) => (f?.param !== undefined || !!f?.byParam) && !!env.binding;
  const state = fromCaller(c.initialState) || fromCaller(c.initialLayout);
  const heap = fromCaller(c.heapTypeArg) ? substituteField(c.heapTypeArg!, env.binding) : undefined;
  if (!state && heap?.value == null) return e;
  const creation: ResourceCreation = {
    ...c, resource: { ...ref, range: c.resource.range },
    ...(c.initialState ? { initialState: substituteField(c.initialState, env.binding) } : {}),
    ...(c.initialLayout ? { initialLayout: substituteField(c.initialLayout, env.binding) } : {}),
    ...(heap?.value != null ? { heapType: heap.value } : {}),
  };
  const decided = [...(state ? [creation.initialState ?? creation.initialLayout] : []), ...(heap ? [heap] : [])];
  if (env.reporting && !decidedDeeper(decided, env)) {
    const ctx = env.context(e.range, NO_LIST);
    for (const h of env.hooks) h.helperCreation?.(creation, ctx, { state, heap: heap?.value != null });
  }
  return { ...e, creation };
}

/**
 * The state, layout or heap type is an argument written at a call inside another helper of the chain (`createBLAS`
 * passing UNORDERED_ACCESS to `CreateBlankBuffer`): it does not depend on this call site, and the analysis of the
 * function holding that call reports it, once, with the shorter chain.
 */
function decidedDeeper(fields: (Field | undefined)[], env: TrackEnv): boolean {
  return fields.length > 0 && fields.every((f) => !!f && f.param === undefined
    && env.stack.slice(1).some((frame) => within(f.range, frame.callRange)));
}

function creationState(e: CreationEvt, env: TrackEnv): ResState {
  const c = e.creation;
  const o: Origin = { ...env.note(e.range, `'${c.resource.text}' was created here`) };
  if (c.swapChain && c.midFrame) return { ...FRESH, layout: UNKNOWN, legacy: UNKNOWN };
  if (c.swapChain) return { ...FRESH, layout: exactly(0, { ...o, note: `'${c.resource.text}' (a swap-chain buffer) starts in D3D12_BARRIER_LAYOUT_COMMON here` }), legacy: exactly(0, o), legacyFromCreation: true };
  const layout = c.initialLayout?.value;
  if (layout !== undefined && layout !== null) {
    const isBuffer = c.dimension === 'buffer';
    return { ...FRESH, layout: isBuffer ? UNKNOWN : exactly(layout, { ...o, note: `'${c.resource.text}' was created in ${formatEnumValue('layout', layout)} here` }), legacy: UNKNOWN, lastModel: 'enhanced' };
  }
  const st = c.initialState?.value;
  if (st === undefined || st === null) return { ...FRESH, layout: UNKNOWN, legacy: UNKNOWN };
  const map = legacyToEnhanced(st, c.dimension !== 'buffer');
  const layouts = map.layout === null || map.layout === LAYOUT_UNDEFINED ? [] : map.alsoCommon ? [map.layout, 0] : [map.layout];
  const lo: Origin = { ...o, note: `'${c.resource.text}' was created in ${formatEnumValue('state', st)} here` };
  return {
    ...FRESH,
    layout: c.dimension === 'buffer' || layouts.length === 0 ? UNKNOWN : layoutPossible(layouts, lo),
    legacy: exactly(st, lo), legacyFromCreation: true, lastModel: st === 0 || c.dimension === 'buffer' ? null : 'legacy',
  };
}

function meet(b: BarrierFact, state: TrackState, env: TrackEnv, at: BarrierFact['range']): { meeting: BarrierMeeting; fullKey: string; key: string; part: string } | null | 'unknown-part' {
  const key = b.resource?.key;
  if (!key) return null;
  const part = partKey(b, env, key);
  if (part === null) return 'unknown-part';
  const fullKey = key + part;
  const own = state.res.get(fullKey);
  // Tracked only for the pending write of a copy that waits for this first barrier (deferred-commands.ts).
  const onlyWritten = !!own && stateless(own) && (awaitsFirstBarrier(env, fullKey) || gpuUseAwaits(env, fullKey));
  const seen = (state.res.has(fullKey) && !onlyWritten) || (part !== '' && state.res.has(key));
  let met = own ?? (part ? state.res.get(key) : undefined) ?? FRESH;
  // NOTE: for such a write the barrier's before-state is what the copy left (it may have promoted COMMON), not
  // surely the entry state: it is recorded for the waiting copy's check only, and the tracked state stays as it was.
  if (onlyWritten) noteFirstBarrier(env, fullKey, assume(b, env, fullKey, at, false));
  else if (!seen) met = assume(b, env, fullKey, at);
  const parts = part === '' ? partsOf(state, key) : overlappingParts(state, key, part);
  return { meeting: { key: fullKey, met, resource: env.resources.get(key), parts }, fullKey, key, part };
}

/** No legacy state, layout or model known: only a pending write is tracked. */
function stateless(s: ResState): boolean {
  return s.lastModel === null && s.legacy.unknown && s.legacy.values.size === 0 && s.layout.unknown && s.layout.values.size === 0;
}

/** First sight of a resource: take the barrier's before-values as the assumed state (debug layer: "assumed at first use"). */
function assume(b: BarrierFact, env: TrackEnv, key: string, at: BarrierFact['range'], record = true): ResState {
  const name = b.resource?.text ?? key;
  let s: ResState = FRESH;
  const lb = val(b, 'LayoutBefore');
  if (b.kind === 'texture' && lb !== undefined && lb !== LAYOUT_UNDEFINED) {
    s = { ...s, layout: exactly(lb, origin(env, b, `'${name}' assumed in ${formatEnumValue('layout', lb)} at first use here`, true, at)) };
  }
  const sb = val(b, 'StateBefore');
  if (b.kind === 'legacy-transition' && sb !== undefined) {
    s = { ...s, legacy: exactly(sb, origin(env, b, `'${name}' assumed in ${formatEnumValue('state', sb)} at first use here`, true, at)), lastModel: 'legacy' };
  }
  if (record && !env.entry.has(key)) env.entry.set(key, s);
  return s;
}

/** Meet the resource and run the rule hooks; a barrier on an unknown part makes the resource unknown. */
function meetAndCall(b: BarrierFact, state: TrackState, env: TrackEnv, at: BarrierFact['range'], call: (m: BarrierMeeting) => void) {
  const m = meet(b, state, env, at);
  if (m === null) return null;
  if (m === 'unknown-part') {
    forget(state, b.resource!.key!);
    return null;
  }
  if (env.reporting) call(m.meeting);
  return m;
}

/**
 * Commands are tracked on the whole resource: a barrier on one of its subresources orders the pending write as far
 * as barrierlint can tell (which subresources the command wrote is not followed).
 */
function endWholeWrite(state: TrackState, key: string): void {
  const whole = state.res.get(key);
  if (whole?.pendingWrite) state.set(key, { ...whole, pendingWrite: null });
}

/** A global, aliasing or null-resource UAV barrier orders every pending write. */
function clearPendingWrites(state: TrackState): void {
  for (const [k, st] of state.res) if (st.pendingWrite) state.set(k, { ...st, pendingWrite: null });
}

function enhanced(b: BarrierFact, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], gi: number, bi: number, added?: AddedAt): void {
  const at = callRange;
  const origin = originsFor(added);
  const ctx = env.context(callRange, list, { group: gi, index: bi });
  if (b.kind === 'global') {
    if (env.reporting) for (const h of env.hooks) h.enhancedBarrier?.(b, null, ctx);
    clearPendingWrites(state);
    return;
  }
  const m = meetAndCall(b, state, env, at, (meeting) => {
    for (const h of env.hooks) h.enhancedBarrier?.(b, meeting, ctx);
  });
  if (!m) return;
  const name = b.resource?.text ?? m.key;
  const syncBefore = val(b, 'SyncBefore');
  const syncAfter = val(b, 'SyncAfter');
  const accessBefore = val(b, 'AccessBefore');
  const accessAfter = val(b, 'AccessAfter');
  const lb = val(b, 'LayoutBefore');
  const la = val(b, 'LayoutAfter');
  let s = m.meeting.met;
  const isBegin = syncAfter !== undefined && (syncAfter & SYNC_SPLIT) !== 0;
  if (isBegin) {
    s = { ...s, split: { barrier: b, origin: origin(env, b, `split barrier on '${name}' began here`, false, at), list: list.key, legacy: false } };
  } else {
    if (b.kind === 'texture' && !(lb === LAYOUT_UNDEFINED && la === LAYOUT_UNDEFINED)) {
      s = { ...s, layout: la === undefined ? UNKNOWN : exactly(la, origin(env, b, `'${name}' entered ${formatEnumValue('layout', la)} here`, false, at)) };
    }
    const o = origin(env, b, `'${name}' was last accessed as ${accessAfter === undefined ? 'unknown' : formatEnumValue('access', accessAfter)} after this barrier`, false, at);
    s = {
      ...s,
      access: accessAfter === undefined ? UNKNOWN : exactly(accessAfter, o),
      syncAfter: syncAfter === undefined ? UNKNOWN : exactly(syncAfter, o),
      split: syncBefore !== undefined && (syncBefore & SYNC_SPLIT) !== 0 ? null : s.split,
      deactivated: accessAfter === ACCESS_NO_ACCESS ? { ...origin(env, b, `'${name}' was deactivated (AccessAfter NO_ACCESS) here`, false, at), list: list.key }
        : accessBefore === ACCESS_NO_ACCESS ? null : s.deactivated,
    };
  }
  s = { ...s, lastModel: 'enhanced', legacy: UNKNOWN, legacyFromCreation: false, pendingWrite: null };
  recordSite(env, b, m.meeting.met, s);
  state.set(m.fullKey, s);
  forgetElementAliases(state, m.key);
  forgetAccessorAliases(state, m.key);
  if (m.part === '') dropParts(state, m.key);
  else {
    updateOverlappingParts(state, m.key, m.part, s);
    endWholeWrite(state, m.key);
  }
}

/** Where a batch addition happens: the calls on the way (outermost first) and the statement in the innermost body. */
function additionSite(env: TrackEnv, range: BarrierFact['range']): string {
  const at = (uri: string, r: BarrierFact['range']) => `${uri}@${r.startLine}:${r.startColumn}`;
  return [...env.stack.map((f) => at(f.callUri, f.callRange)), at(env.currentUri(), range)].join('>');
}

/**
 * A ResourceBarrier call on a batch container, or a Barrier group (index `gi`) pointing at one: the barriers added to
 * it (on this path) are recorded here, in the order they were added; their notes point at the additions. What paths
 * added differently becomes unknown.
 */
function submitBatch(container: ResourceRef, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], gi: number | null = null, keeps = false): void {
  const key = substituteRef(container, env.binding).key;
  const batch = key ? state.batches.get(key) : undefined;
  if (!key || !batch) return;
  batch.items.forEach((p, bi) => {
    const reporting = env.reporting;
    if (p.quiet) env.reporting = false;
    try {
      recheckAtSubmit(p.raw, p.barrier, env, callRange, { group: gi, index: bi, listType: list.type });
      if (gi === null) legacy(p.barrier, state, env, list, callRange, bi, p.note);
      else enhanced(p.barrier, state, env, list, callRange, gi, bi, p.note);
    } finally {
      env.reporting = reporting;
    }
  });
  for (const k of batch.mixed ?? []) forget(state, k);
  if (batch.unreadable) (gi === null ? forgetAllLegacy : forgetAllEnhanced)(state);
  state.batches.delete(key);
  // A const submit leaves the container as it was: a later reversal of it turns these barriers around.
  if (keeps && !batch.mixed?.length && !batch.unreadable) state.batches.set(key, { items: [], submitted: [...(batch.submitted ?? []), ...batch.items] });
}

/**
 * The batch after its transitions are reversed (`ReverseTransitions()`): what it holds — submitted by a const submit
 * and still pending — becomes pending again with StateBefore and StateAfter exchanged, checked at the next submit.
 */
function reversedBatch(b: Batch): Batch {
  const swap = (f: BarrierFact): BarrierFact => ('StateBefore' in f.fields && 'StateAfter' in f.fields
    ? { ...f, fields: { ...f.fields, StateBefore: f.fields.StateAfter, StateAfter: f.fields.StateBefore } } : f);
  const items = [...(b.submitted ?? []), ...b.items].map(({ quiet: _q, ...p }) => ({ ...p, raw: swap(p.raw), barrier: swap(p.barrier) }));
  return { items, ...(b.mixed ? { mixed: b.mixed } : {}), ...(b.unreadable ? { unreadable: true } : {}) };
}

type AddedAt = { uri: string; range: BarrierFact['range'] };

/** Origins of a barrier's effects; one added to a batch points at its addition. */
function originsFor(added: AddedAt | undefined): typeof origin {
  return added ? (_e, _b, note) => ({ ...added, note: `${note} (added to the batch here, submitted later)` }) : origin;
}

function legacy(b: BarrierFact, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], bi: number, added?: AddedAt): void {
  const at = callRange;
  const ctx = env.context(callRange, list, { group: null, index: bi });
  if (b.kind !== 'legacy-transition') {
    const m = meet(b, state, env, at);
    if (env.reporting) for (const h of env.hooks) h.legacyBarrier?.(b, m && m !== 'unknown-part' ? m.meeting : null, ctx);
    // A UAV barrier orders the writes before it (a null resource: every UAV); aliasing barriers flush everything.
    if (b.kind === 'legacy-uav' && b.resource?.key) {
      state.set(b.resource.key, { ...state.get(b.resource.key), pendingWrite: null });
      for (const p of partsOf(state, b.resource.key)) if (p.met.pendingWrite) state.set(p.key, { ...p.met, pendingWrite: null });
    }
    else clearPendingWrites(state);
    return;
  }
  const m = meetAndCall(b, state, env, at, (meeting) => {
    // COMMON set by an explicit barrier with nothing recorded since: not promoted to anything (see Origin.workStamp).
    const common = meeting.met.legacy.values.get(0);
    const met = common?.workStamp === env.work ? { ...meeting, idleCommon: true } : meeting;
    for (const h of env.hooks) h.legacyBarrier?.(b, met, ctx);
  });
  if (!m) return;
  const name = b.resource?.text ?? m.key;
  const flags = val(b, 'Flags') ?? 0;
  const orig = originsFor(added);
  const after = val(b, 'StateAfter');
  let s = m.meeting.met;
  if (flags & FLAG_BEGIN_ONLY) {
    s = { ...s, split: { barrier: b, origin: orig(env, b, `split barrier (BEGIN_ONLY) on '${name}' began here`, false, at), list: list.key, legacy: true } };
  } else {
    const entered = orig(env, b, `'${name}' entered ${after === undefined ? 'an unknown state' : formatEnumValue('state', after)} here`, false, at);
    const o = after === 0 ? { ...entered, workStamp: env.work } : entered;
    const map = after === undefined ? undefined : legacyToEnhanced(after, true);
    const layouts = !map || map.layout === null || map.layout === LAYOUT_UNDEFINED ? [] : map.alsoCommon ? [map.layout, 0] : [map.layout];
    s = {
      ...s, legacy: after === undefined ? afterPerPath(b, name, (note) => orig(env, b, note, false, at)) : exactly(after, o), legacyFromCreation: false, lastModel: 'legacy',
      layout: layouts.length ? layoutPossible(layouts, o) : UNKNOWN,
      split: flags & FLAG_END_ONLY ? null : s.split,
    };
  }
  s = { ...s, pendingWrite: null };
  recordSite(env, b, m.meeting.met, s);
  state.set(m.fullKey, s);
  forgetElementAliases(state, m.key);
  forgetAccessorAliases(state, m.key);
  if (m.part === '') dropParts(state, m.key);
  else endWholeWrite(state, m.key);
}

/**
 * A StateAfter chosen per path (`compute ? NON_PIXEL_SHADER_RESOURCE : PIXEL_SHADER_RESOURCE`, `Field.oneOf`): the
 * resource is in one of those states, as after a join of paths that set each; otherwise unknown.
 */
function afterPerPath(b: BarrierFact, name: string, origin: (note: string) => Origin): Possible {
  const alternatives = b.fields.StateAfter?.oneOf;
  if (!alternatives?.length) return UNKNOWN;
  return { values: new Map(alternatives.map((v) => [v >>> 0, { ...origin(`'${name}' entered ${formatEnumValue('state', v)} here on some paths`), perPathAfter: true }])), unknown: false };
}

function command(e: CommandEvent, state: TrackState, env: TrackEnv, list: ListId): void {
  const uses: CommandUse[] = [];
  for (const r of e.resources) {
    const ref = substituteRef(r.ref, env.binding);
    if (!ref.key) continue;
    const resource = env.resources.get(ref.key);
    // A buffer's one subresource, transitioned by index 0 (`Subresource = 0`), is the whole buffer.
    if (BUFFER_METHODS.has(e.method)) env.buffersByUse.add(ref.key);
    const buffer = BUFFER_METHODS.has(e.method) || resource?.creation.dimension === 'buffer';
    const base = { role: r.role, ref, key: ref.key, resource, ...(r.partial ? { partial: true } : {}) };
    if (buffer) {
      uses.push({ ...base, met: state.res.get(`${ref.key}|sub0`) ?? state.get(ref.key) });
      continue;
    }
    // A texture command meets the entry of the subresource it names (ResolveSubresource's index, a copy location's
    // SubresourceIndex) or, for the whole resource, each part tracked apart; an index not known meets nothing known
    // once a part is tracked apart.
    const sub = r.subresource ? substituteField(r.subresource, env.binding).value : ALL;
    const parts = covered(state, ref.key, sub === null ? null : sub >>> 0);
    if (!parts) uses.push({ ...base, met: { ...state.get(ref.key), legacy: UNKNOWN, layout: UNKNOWN, access: UNKNOWN } });
    else for (const p of parts) {
      const own = p.key !== ref.key;
      const index = own ? /\|sub(\d+)$/.exec(p.key)?.[1] : sub !== null && sub !== ALL ? String(sub) : undefined;
      uses.push({ ...base, met: p.met, ...(own ? { part: p.key } : {}), ...(index !== undefined ? { subresource: Number(index) } : {}) });
    }
  }
  if (env.reporting && uses.length) {
    const ctx = env.context(e.range, list);
    for (const h of env.hooks) h.command?.(e, uses, ctx);
    deferCommandUses(env, e, uses.filter((u) => unseenUse(u, env, (k) => state.res.has(k))), ctx);
  }
  for (const u of uses) {
    if (WRITE_ROLES.has(u.role)) {
      const cur = state.get(u.key);
      state.set(u.key, { ...cur, pendingWrite: { method: e.method, role: u.role, list: list.key, ...(u.partial ? { partial: true } : {}), origin: { ...env.note(e.range, `'${u.ref.text}' was written by this ${e.method}`) } } });
    }
    const need = ROLE_NEEDS[u.role];
    const leg = u.met.legacy;
    // Legacy implicit promotion from COMMON (LB-10): afterwards the state may be COMMON or the promoted one.
    if (need && !leg.unknown && leg.values.size === 1 && leg.values.has(0)) {
      const values = new Map(leg.values);
      values.set(need.state, { ...env.note(e.range, `'${u.ref.text}' was promoted to D3D12_RESOURCE_STATE_${need.stateName} by this ${e.method}`) });
      const entry = u.part ?? u.key;
      state.set(entry, { ...state.get(entry), legacy: { values, unknown: false } });
    }
  }
}

const WRITE_ROLES = new Set(['copy-dest', 'resolve-dest', 'clear-uav']);
/** Commands whose resources are buffers. */
const BUFFER_METHODS = new Set(['CopyBufferRegion', 'ExecuteIndirect']);

function describe(p: Possible, family: string): string {
  if (p.values.size === 0) return 'unknown';
  const names = [...p.values.keys()].map((v) => formatEnumValue(family, v));
  return (p.unknown ? [...names, 'unknown'] : names).join(' or ');
}

/** Keep the state around a barrier of the analysed file itself (not helper bodies) for hover and inlay hints. */
function recordSite(env: TrackEnv, b: BarrierFact, before: ResState, after: ResState): void {
  if (!env.reporting || env.stack.length > 0 || b.site < 0) return;
  const summary = (s: ResState) => ({ layout: describe(s.layout, 'layout'), access: describe(s.access, 'access'), state: describe(s.legacy, 'state') });
  env.siteStates.set(b.site, { resource: b.resource?.text ?? 'unknown', before: summary(before), after: summary(after) });
}

function forgetAllEnhanced(state: TrackState): void {
  for (const [k, s] of state.res) state.set(k, { ...s, layout: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
}

/** A legacy transition also changes a texture's layout. */
function forgetAllLegacy(state: TrackState): void {
  for (const [k, s] of state.res) state.set(k, { ...s, legacy: UNKNOWN, layout: UNKNOWN, legacyFromCreation: false });
}

const API_RESULT = /^\s*[\w.>\-[\]()]+?(?:->|\.)\s*(?:Close|Reset|Present1?|Signal|Wait|SetEventOnCompletion|GetBuffer|ResizeBuffers|Map|Create\w+)\s*\([^;]*\)\s*$/s;
const REPLACING = /PPV_ARGS\s*\(|(?:\.|->)\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\)\s*$/;
const MAY_RECORD = /barrier|transition|resource|state|flush|submit|record|layout|execute/i;
/** Names that may be a command list or an object holding one (`cmd`, `&context`): what a call may reach. */
export const LIST_NAME = /list|cmd|\bcl\b|context|ctx/i;
/** D3D12 command-list methods that never change barrier state (barriers go through Barrier/ResourceBarrier). */
const LIST_METHOD = /^(?:(?:OM|RS|IA|SO)Set|Set|Draw|Dispatch|Clear|Copy|Resolve|Begin|End|Execute|Discard|Build|Emit|Write|Atomic|Get|QueryInterface$|AddRef$|Release$)/;

/**
 * An unresolved (or recursive) call. A method of a D3D12 command list that is not an event (IASetPrimitiveTopology,
 * SetPipelineState, ...) changes no resource state, in the `list->X()` and the C `ID3D12GraphicsCommandList_X(list)`
 * form alike. Otherwise resources passed to the call become unknown; if it may record barriers (it gets a command
 * list, or is not a plain command-list method and its name says so), every resource does — but not when the call
 * can reach no list at all (`reachesNothing`: plain arguments only, no receiver that could hold a list, not a method
 * of the caller's class), and an argument of a plain type is not a list whatever its name. Unknown is never an
 * error, so this never cries wolf — it only silences what the call may have changed.
 */
// NOTE: the name heuristics (MAY_RECORD, LIST_NAME) stay: without them, calls between two branches on the same
// condition (`if (m_msaaRt) ... DrawScene() ... if (m_msaaRt)`) no longer hide the correlated-branch paths the
// tracker cannot exclude, and real engine code (bgfx) gets false mismatch warnings.
export function havocCall(e: UserCallEvent, state: TrackState, env: TrackEnv, _recursive: boolean): TrackState {
  env.work++;
  if (e.onCommandList || e.checksResult || INERT_CALLS.has(e.callee)) return state;
  // A view creation of a known resource changes no state (it writes a descriptor). NOTE: in a branch whose condition
  // the path facts cannot follow (`if (tests[i].is_uav) { UAV view; transition } else SRV view;` and the same test
  // again later, vkd3d-proton d3d12_sparse.c) it still forgets the resource below: keeping the state there reported
  // the uncorrelated second test's path (session 11); out of such branches it is kept.
  const view = viewOfKnownResource(e, env);
  if (view && !e.undecidedBranch) return state;
  // NOTE: the receiver is read first, and only for a command-list method's name (such a call on a list returns
  // before the arguments are read); each key is substituted once: the list types below take the key already
  // substituted (env.listTypeOf) instead of substituting the reference again.
  if (e.list && LIST_METHOD.test(e.callee)) {
    const object = substituteRef(e.list, env.binding).key;
    if (object !== null && (env.listTypeOf(e.list, object) !== null || LIST_NAME.test(object))) return state;
  }
  // `ThrowIfFailed(list->Close())`: the argument is the HRESULT of a D3D12 call already recorded, not the list.
  const args = argumentsOf(e);
  const refs: ResourceRef[] = args.map((a) => substituteRef(a.resource, env.binding));
  const keys = new Set(refs.map((r) => r.key).filter((k): k is string => !!k));
  // The address of a member of a list-named object (`&context.viewport`) is not the list (`&context.list` is);
  // other forms keep the name test of the whole expression.
  const listNamed = (key: string, text: string) => LIST_NAME.test(/^\s*&/.test(text) ? key.split(/\.|->/).pop() ?? key : key);
  const getsList = args.some((a, i) => a.list || (refs[i].key && (env.listTypeOf(a.resource, refs[i].key) !== null || (!a.plain && listNamed(refs[i].key!, a.field.text)))));
  // A view creation of a known resource (`CreateShaderResourceView(tex, &desc, handle)`: its name says "resource")
  // records nothing: it only forgets what it is handed, as any other call would. Of a resource the code named
  // differently on two paths (`staging = resource` on one), it still forgets everything: what follows usually tests
  // which one it was (`if (staging != resource)`), which the tracker cannot correlate (model/inert-calls.ts).
  // (Out of branches the path facts cannot follow, a view creation of a known resource returned above.)
  // A parameterless accessor (`m_depth.GetResource()` inside the barrier it names, the texture class declared in
  // another file) reads a pointer: forgetting every state there hid each barrier's predecessor from the next.
  const accessor = e.args.length === 0 && ACCESSOR_NAME.test(e.callee);
  const mayRecord = MAY_RECORD.test(e.callee) && !e.reachesNothing && !accessor && !view;
  const all = getsList || mayRecord;
  if (!all && keys.size === 0) return state;
  voidDeferredUses(env, keys, mayRecord);
  voidDeferredCommands(env, keys, mayRecord);
  // Handed by address (`&m_buf`, `PPV_ARGS(&m_buf)`, `m_buf.ReleaseAndGetAddressOf()`), the object may be replaced:
  // its state is unknown from here even where nothing was tracked yet (else another path's first-use assumption).
  // NOTE: a plain `&x` counts only for a name known as a resource: forgetting every `&desc` handed to a call made
  // states grow (+13% on a 4,400-line file); the allocator forms always name the object they fill.
  const replaced = args.flatMap((a, i) => {
    const key = refs[i].key;
    if (!key || state.res.has(key)) return [];
    const t = a.resource.text;
    return REPLACING.test(t) || (/^\s*&/.test(t) && (env.entry.has(key) || env.resources.has(key))) ? [key] : [];
  });
  // Nothing the call receives is tracked here (`MakeData(data, m, s)`): the state is unchanged, no copy needed.
  if (!all && replaced.length === 0 && !receivesTracked(state, keys)) return state;
  const next = state.clone();
  forgetWhere(next, (base) => all || keys.has(base));
  for (const key of replaced) forget(next, key);
  return next;
}

/**
 * `forget` of the resource of every key for which `hit` holds (`tex` for `tex|sub2`), leaving the state as forgetting
 * them one by one in the state's order would — a resource met first through one of its parts comes after the keys it
 * had — in one pass instead of a pass over the state per key (unknown calls in helpers forget everything, often).
 */
function forgetWhere(state: TrackState, hit: (base: string) => boolean): void {
  const before = [...state.res];
  const whole = new Set<string>();
  for (const [key] of before) if (key.indexOf('|') < 0) whole.add(key);
  const added = new Map<string, ResState>();
  state.res.clear();
  for (const [key, s] of before) {
    const base = baseKey(key);
    if (!hit(base)) state.res.set(key, s);
    else if (base === key) state.res.set(key, forgotten(s));
    else if (!whole.has(base) && !added.has(base)) added.set(base, forgotten(FRESH));
  }
  for (const [key, s] of added) state.res.set(key, s);
}

function forgotten(s: ResState): ResState {
  return { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN, split: null, deactivated: null, lastModel: null, pendingWrite: null };
}

function viewOfKnownResource(e: UserCallEvent, env: TrackEnv): boolean {
  const view = Object.hasOwn(VIEW_CREATION, e.callee) ? VIEW_CREATION[e.callee] : undefined;
  if (!view || view.resource === null || (e.args.length !== view.argc && e.args.length !== view.argc + 1)) return false;
  const arg = e.args[view.resource + e.args.length - view.argc];
  return !!arg && !!substituteRef(arg.resource, env.binding).key;
}

/**
 * Two resource names trade objects: each takes the other's tracked state. A name with nothing tracked on this path
 * (its state would be its own first-use assumption, not the other object's) or tracked per subresource makes both
 * unknown from here on.
 */
function swapResources(e: Extract<Event, { kind: 'swap' }>, state: TrackState, env: TrackEnv): void {
  const [a, b] = e.resources.map((r) => substituteRef(r, env.binding).key);
  if (!a || !b) return;
  const sa = state.res.get(a);
  const sb = state.res.get(b);
  const parts = [...state.res.keys()].some((k) => k.startsWith(`${a}|`) || k.startsWith(`${b}|`));
  if (sa && sb && !parts) {
    state.set(a, sb);
    state.set(b, sa);
    return;
  }
  forget(state, a);
  forget(state, b);
}

/** The resource a key names, without its subresource part (`tex|sub3` → tex). */
function baseKey(key: string): string {
  const bar = key.indexOf('|');
  return bar < 0 ? key : key.slice(0, bar);
}

function receivesTracked(state: TrackState, keys: ReadonlySet<string>): boolean {
  for (const k of state.res.keys()) if (keys.has(baseKey(k))) return true;
  return false;
}

// NOTE: a call is havocked on every pass over it and in every helper evaluation: which of its arguments are
// HRESULTs of recorded calls is read once per call (the extracted event never changes).
const havocArguments = new WeakMap<UserCallEvent, UserCallEvent['args']>();

function argumentsOf(e: UserCallEvent): UserCallEvent['args'] {
  let args = havocArguments.get(e);
  if (!args) havocArguments.set(e, (args = handedArguments(e.args)));
  return args;
}

const STRING_LITERAL = /^\s*(?:L|u8|u|U)?"/;

/**
 * What a call may change among its arguments: not a string literal (`ok(hr == S_OK, "Failed to close command
 * list.\n")` hands over no list), and not what a printf-style call only prints — the arguments after a literal
 * format with conversions (`assert_that(c, "Resource %p is not a texture.\n", texture)`).
 */
function handedArguments(all: UserCallEvent['args']): UserCallEvent['args'] {
  const format = all.findIndex((a) => STRING_LITERAL.test(a.resource.text) && a.resource.text.includes('%'));
  return all.filter((a, i) => !API_RESULT.test(a.resource.text) && !STRING_LITERAL.test(a.resource.text) && (format < 0 || i < format));
}
