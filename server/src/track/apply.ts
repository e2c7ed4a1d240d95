// The effect of each event on the tracked state, and the rule hooks called with the state each barrier or
// command meets. Barriers apply in API order: call, then group, then index (eb-rules.md EB-CALL-07).
import type { CommandEvent, Event } from '../extract/facts';
import { ROLE_NEEDS } from '../model/api';
import { LAYOUT_UNDEFINED } from '../model/enums';
import { legacyToEnhanced } from '../model/legacy-states';
import { formatEnumValue } from '../model/format-values';
import { createdInCommonForRuntime } from '../model/heaps';
import { keysUnder, reindexedKeys } from './reindex';
import type { ListId, TrackEnv } from './env';
import { substituteBarrier, substituteField, substituteRef } from './env';
import type { Origin, ResState } from './state';
import { exactly, FRESH, submitted, TrackState, UNKNOWN } from './state';
import type { CommandUse } from './visitors';
import { applyBind, applyGpuWork, endBindings } from './bindings';
import { deferCommandUses, unseenUse, voidDeferredCommands } from './deferred-commands';
import { applyStateAssert, covered } from './asserts';
import { enhanced, layoutPossible, legacy } from './barrier-effects';
import { additionSite, reversedBatch, submitBatch } from './batch-submit';
import { clearPendingWrites, forget, forgetAllEnhanced, forgetAllLegacy } from './forgetting';
import { CreationEvt, helperCreation, recheck } from './helper-rechecks';
import { ALL, dropParts, val } from './resource-parts';
import { decayedAtExecute, decayedHere, promoteFromCommon, withoutPromotedAway } from './list-promotions';
import { BUFFER_METHODS } from './file-uses';

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
      // An array we cannot read (`ResourceBarrier(1, &b)` with `b` a helper's parameter), or one some element of which
      // we cannot read (copied from another container in a loop, filled by a callee), may transition any resource.
      if ((!e.barriers && !e.batch) || e.unreadableElements) forgetAllLegacy(next);
      if (!e.barriers || e.unreadableElements) clearPendingWrites(next);
      break;
    case 'batch-add': {
      const key = substituteRef(e.container, env.binding).key;
      if (!key) break;
      const prior = next.batches.get(key);
      if (e.reverse) {
        if (prior) next.own('batches').set(key, reversedBatch(prior));
        break;
      }
      if (e.unreadable) {
        next.own('batches').set(key, { items: prior?.items ?? [], ...(prior?.mixed ? { mixed: prior.mixed } : {}), unreadable: true });
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
        next.own('batches').set(key, { items: [], mixed: [...new Set(keys)] });
      } else next.own('batches').set(key, { items: [...(prior?.items ?? []), ...added], ...(prior?.mixed ? { mixed: prior.mixed } : {}) });
      break;
    }
    case 'rebind': {
      // Another object under the name: what was tracked for the previous one (and its parts) is not its state.
      const key = substituteRef(e.resource, env.binding).key;
      // A container's end after an append: every key under it too (`v.back().first`, extract/rebinds.ts).
      for (const k of key ? (e.elements ? keysUnder(next, key) : [key]) : []) {
        if (next.res.has(k)) forget(next, k);
        // Nor is the previous object's creation (its heap type, its description) this one's.
        env.dropResource(k);
      }
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
        // A texture promoted to a read-only state by an executed list decays to COMMON, and a COMMON a promotion to a
        // write state marked is met again after the boundary (track/list-promotions.ts).
        const dropped = decayedAtExecute(s.legacy, ran, env.isBuffer(k));
        // A buffer that was in COMMON on every path stays there: decay leads to COMMON, completed or not. So does one
        // whose other states were only promotions from COMMON by the executed lists' commands (the COMMON they kept
        // beside them is what the next submission meets, as for a texture promoted to a read-only state).
        const buffer = env.isBuffer(k) ? (dropped && onlyCommon(dropped) ? dropped : s.legacy) : null;
        const decayed = buffer ? (onlyCommon(buffer) ? { legacy: submitted(withoutPromotedAway(buffer)) } : { legacy: UNKNOWN, legacyFromCreation: false })
          : { legacy: submitted(withoutPromotedAway(dropped ? decayedHere(dropped, env.work) : s.legacy)) };
        // What the lists recorded is now the queue's (Origin.unsubmitted).
        next.set(k, { ...s, layout: submitted(s.layout), access: UNKNOWN, syncAfter: UNKNOWN, pendingWrite: null, deactivated: null, ...decayed, ...again });
      }
      for (const k of ran) next.own('executed').add(k);
      next.own('closed').clear();
      voidDeferredCommands(env, null);
      break;
    case 'close': {
      if (list.key) next.own('closed').add(list.key);
      const pending = [...next.res.entries()].filter(([, s]) => s.split && (s.split.list === list.key || s.split.list === null));
      // An enhanced split on a texture may end in a later command list (EB-SPLIT-01): it stays pending, and is
      // reported here only when the file has no end-split barrier anywhere (EB-SPLIT-07).
      // A COMMON-layout texture split cannot outlive the list's ExecuteCommandLists scope (#1329): reported here too.
      // A legacy split on a texture may also end in a later list (RB § Split barriers): it stays pending when the
      // function ends a split on the same resource somewhere (its list recorded next, `a->Close(); b->ResourceBarrier(END_ONLY)`).
      const crossList = ([k, s]: [string, ResState]) => (!s.split!.legacy && s.split!.barrier.kind === 'texture' && env.endSplits
        && val(s.split!.barrier, 'LayoutAfter') !== 0)
        || (s.split!.legacy && !env.isBuffer(k)
          && (env.legacyEndSplits.get(s.split!.barrier.resource?.text ?? '') ?? []).some((line) => line > e.range.startLine));
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
      if (list.key && next.executed.has(list.key)) next.own('executed').delete(list.key);
      else {
        const owner = list.key ? ownerOf(list.key) : undefined;
        const same = owner ? [...next.executed].filter((k) => ownerOf(k) === owner) : [];
        if (same.length) for (const k of same) next.own('executed').delete(k);
        else next.own('executed').clear();
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
        next.own('closed').delete(list.key);
      }
      // A reset list starts a new recording: writes recorded before it were submitted (or dropped) with the old one.
      // It records nothing itself: a resource still fresh from its creation in COMMON (nothing recorded since, apart
      // from this Reset) stays fresh. A COMMON an explicit barrier set keeps the count as it is: another list may
      // record next, in an order the function does not show.
      for (const [k, s] of next.res) {
        const fresh = stillFresh(s, env.work - 1, env.work);
        if (fresh) next.set(k, fresh);
      }
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

function creationState(e: CreationEvt, env: TrackEnv): ResState {
  const c = e.creation;
  const o: Origin = { ...env.note(e.range, `'${c.resource.text}' was created here`), created: true };
  if (c.swapChain && c.midFrame) return { ...FRESH, layout: UNKNOWN, legacy: UNKNOWN };
  if (c.swapChain) return { ...FRESH, layout: exactly(0, { ...o, note: `'${c.resource.text}' (a swap-chain buffer) starts in D3D12_BARRIER_LAYOUT_COMMON here` }), legacy: exactly(0, o), legacyFromCreation: true };
  const layout = c.initialLayout?.value;
  if (layout !== undefined && layout !== null) {
    const isBuffer = c.dimension === 'buffer';
    // Created in COMMON: the work count then, as for a legacy creation in COMMON (Origin.workStamp).
    const lo: Origin = { ...o, note: `'${c.resource.text}' was created in ${formatEnumValue('layout', layout)} here`, ...(layout === 0 ? { workStamp: env.work } : {}) };
    return { ...FRESH, layout: isBuffer ? UNKNOWN : exactly(layout, lo), legacy: UNKNOWN, lastModel: 'enhanced' };
  }
  const st = c.initialState?.value;
  if (st === undefined || st === null) return { ...FRESH, layout: UNKNOWN, legacy: UNKNOWN };
  const map = legacyToEnhanced(st, c.dimension !== 'buffer');
  const layouts = map.layout === null || map.layout === LAYOUT_UNDEFINED ? [] : map.alsoCommon ? [map.layout, 0] : [map.layout];
  // Created in COMMON: nothing has used it yet, so until work is recorded it is in COMMON itself, as after an explicit
  // barrier to COMMON (Origin.workStamp), not in a state COMMON promotes to.
  const lo: Origin = {
    ...o, note: `'${c.resource.text}' was created in ${formatEnumValue('state', st)} here`, ...(st === 0 ? { workStamp: env.work } : {}),
  };
  return {
    ...FRESH,
    layout: c.dimension === 'buffer' || layouts.length === 0 ? UNKNOWN : layoutPossible(layouts, lo),
    legacy: exactly(st, lo), legacyFromCreation: true, lastModel: st === 0 || c.dimension === 'buffer' ? null : 'legacy',
  };
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
  // A use that meets the COMMON its creation set, with nothing recorded since but this command (applyEvent counted
  // it: the stamp is one behind), is the resource's first use: no earlier work on it can race it (CommandUse.fresh).
  for (const u of uses) if (freshFromCreation(u.met, env.work - 1)) u.fresh = true;
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
    // Legacy implicit promotion from COMMON (LB-10): afterwards the state may be COMMON or the promoted one. A buffer
    // still in the state it was created in is in COMMON for the runtime (its initial state is ignored, #1328).
    const ignoredCreation = u.met.legacyFromCreation && !!u.resource && createdInCommonForRuntime(u.resource.creation);
    if (need && !leg.unknown && leg.values.size === 1 && (leg.values.has(0) || ignoredCreation)) {
      const from = leg.values.has(0) ? leg.values : new Map([[0, [...leg.values.values()][0]!]]);
      const values = promoteFromCommon(from, need.state, { ...env.note(e.range, `'${u.ref.text}' was promoted to D3D12_RESOURCE_STATE_${need.stateName} by this ${e.method}`), ...(list.key ? { promotedOn: list.key } : {}), ...(list.type === 'copy' ? { promotedOnCopy: true as const } : {}) }, list.key);
      const entry = u.part ?? u.key;
      state.set(entry, { ...state.get(entry), legacy: { values, unknown: false } });
    }
  }
}

/** Known to be COMMON and nothing else (not a promotion from it either). */
function onlyCommon(p: ResState['legacy']): boolean {
  return !p.unknown && p.values.size === 1 && p.values.has(0);
}

/** `s` with its creation's COMMON restamped `now`, when it is fresh from the creation at `stamp`; else undefined. */
function stillFresh(s: ResState, stamp: number, now: number): ResState | undefined {
  if (!freshFromCreation(s, stamp)) return undefined;
  const restamp = (p: ResState['legacy']) => ({ ...p, values: new Map([[0, { ...p.values.get(0)!, workStamp: now }]]) });
  return s.legacyFromCreation ? { ...s, legacy: restamp(s.legacy) } : { ...s, layout: restamp(s.layout) };
}

/** Met in the COMMON state or layout the creation set (its origin stamped with `stamp`), and in nothing else. */
function freshFromCreation(met: ResState, stamp: number): boolean {
  const only = (p: ResState['legacy']) => !p.unknown && p.values.size === 1 && p.values.get(0)?.workStamp === stamp;
  return met.access.values.size === 0 && (met.legacyFromCreation ? only(met.legacy) : met.lastModel === 'enhanced' && only(met.layout));
}

const WRITE_ROLES = new Set(['copy-dest', 'resolve-dest', 'clear-uav']);

/**
 * Two resource names trade objects: each takes the other's tracked state. A name with nothing tracked on this path
 * (its state would be its own first-use assumption, not the other object's) or tracked per subresource makes both
 * unknown from here on.
 */
function swapResources(e: Extract<Event, { kind: 'swap' }>, state: TrackState, env: TrackEnv): void {
  const [a, b] = e.resources.map((r) => substituteRef(r, env.binding).key);
  if (!a || !b) return;
  if (e.handOver) {
    handOver(state, env, a, b);
    return;
  }
  const [ta, tb] = e.resources.map((r) => r.text.replace(/\s+/g, ''));
  for (const [x, y] of ta !== a || tb !== b ? [[a, b], [ta, tb]] : [[a, b]]) {
    for (const rest of reachedThrough(state, x, y)) swapKeys(state, x + rest, y + rest);
  }
  swapKeys(state, a, b);
}

/**
 * What the tracker follows through either swapped name: `src->GetBuffer()`, `dst.res` of two wrapper objects
 * `std::swap(src, dst)` exchanges (a ping-pong pair of buffer classes). Returns each key's rest after its name.
 */
function reachedThrough(state: TrackState, a: string, b: string): Set<string> {
  const rests = new Set<string>();
  for (const k of state.res.keys()) {
    for (const name of [a, b]) {
      const rest = k.slice(name.length);
      if (k.startsWith(name) && /^(?:->|\.)[A-Za-z_]/.test(rest) && !rest.includes('|')) rests.add(rest);
    }
  }
  return rests;
}

/** `b` holds `a`'s object from here on: it takes `a`'s state and creation (unknown when `a` is tracked in parts). */
function handOver(state: TrackState, env: TrackEnv, a: string, b: string): void {
  const sa = state.res.get(a);
  const parts = [...state.res.keys()].some((k) => k.startsWith(`${a}|`));
  forget(state, b);
  const created = env.resources.get(a);
  if (created) env.setResource(b, created);
  else env.dropResource(b);
  if (sa && !parts) state.set(b, sa);
}

/** Two keys trade tracked states; a side with nothing tracked (or tracked per subresource) makes both unknown. */
function swapKeys(state: TrackState, a: string, b: string): void {
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
