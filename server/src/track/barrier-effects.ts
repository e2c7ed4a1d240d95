// One barrier on the tracked state: the state it meets (assumed at first use when nothing is tracked), the rule
// hooks called with that meeting, and the layout, access, sync or legacy state it leaves the resource in.
import type { BarrierFact } from '../extract/facts';
import { LAYOUT_UNDEFINED } from '../model/enums';
import { legacyToEnhanced } from '../model/legacy-states';
import { formatEnumValue } from '../model/format-values';
import type { ListId, TrackEnv } from './env';
import { NO_LIST } from './env';
import type { Origin, Possible, ResState } from './state';
import { exactly, FRESH, TrackState, UNKNOWN } from './state';
import type { BarrierMeeting } from './visitors';
import { gpuUseAwaits } from './bindings';
import { awaitsFirstBarrier, noteFirstBarrier } from './deferred-commands';
import { clearPendingWrites, forget, forgetAliases } from './forgetting';
import { dropParts, overlappingParts, partKey, partsOf, updateOverlappingParts, val } from './resource-parts';
import { withoutOtherListPromotions } from './list-promotions';

const SYNC_SPLIT = 0x80000000;
const ACCESS_NO_ACCESS = 0x80000000;

const FLAG_BEGIN_ONLY = 1;
const FLAG_END_ONLY = 2;

/** Origins point at the call that applied the barrier (the barrier's own range when it has no call). */
function origin(env: TrackEnv, b: BarrierFact, note: string, assumed = false, at?: BarrierFact['range']): Origin {
  return { ...env.note(at ?? b.range, note), ...(assumed ? { assumed } : {}) };
}

export function layoutPossible(layouts: number[], o: Origin): Possible {
  const values = new Map<number, Origin>();
  const each = layouts.length > 1 ? { ...o, alternative: true } : o;
  for (const l of layouts) values.set(l >>> 0, each);
  return { values, unknown: false };
}

function meet(b: BarrierFact, state: TrackState, env: TrackEnv, at: BarrierFact['range'], list: ListId): { meeting: BarrierMeeting; fullKey: string; key: string; part: string } | null | 'unknown-part' {
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
  else if (!seen) met = assume(b, env, fullKey, at, true, list);
  const parts = part === '' ? partsOf(state, key) : overlappingParts(state, key, part);
  return { meeting: { key: fullKey, met, resource: env.resources.get(key), parts }, fullKey, key, part };
}

/** No legacy state, layout or model known: only a pending write is tracked. */
function stateless(s: ResState): boolean {
  return s.lastModel === null && s.legacy.unknown && s.legacy.values.size === 0 && s.layout.unknown && s.layout.values.size === 0;
}

/** First sight of a resource: take the barrier's before-values as the assumed state (debug layer: "assumed at first use"). */
function assume(b: BarrierFact, env: TrackEnv, key: string, at: BarrierFact['range'], record = true, list: ListId = NO_LIST): ResState {
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
  if (record && !env.entry.has(key)) {
    env.entry.set(key, s);
    env.assumedOn.set(key, list.key);
  }
  return s;
}

/** Meet the resource and run the rule hooks; a barrier on an unknown part makes the resource unknown. */
function meetAndCall(b: BarrierFact, state: TrackState, env: TrackEnv, at: BarrierFact['range'], list: ListId, call: (m: BarrierMeeting) => void) {
  const m = meet(b, state, env, at, list);
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

export function enhanced(b: BarrierFact, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], gi: number, bi: number, added?: AddedAt): void {
  const at = callRange;
  const origin = originsFor(added);
  const ctx = env.context(callRange, list, { group: gi, index: bi });
  if (b.kind === 'global') {
    if (env.reporting) for (const h of env.hooks) h.enhancedBarrier?.(b, null, ctx);
    clearPendingWrites(state);
    return;
  }
  const sealed = env.swapChainLog?.rootOf(b.resource?.key);
  if (sealed) env.swapChainLog!.unsealed.add(sealed);
  const m = meetAndCall(b, state, env, at, list, (meeting) => {
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
      s = { ...s, layout: la === undefined ? UNKNOWN : exactly(la, { ...origin(env, b, `'${name}' entered ${formatEnumValue('layout', la)} here`, false, at), unsubmitted: true }) };
    }
    const o = { ...origin(env, b, `'${name}' was last accessed as ${accessAfter === undefined ? 'unknown' : formatEnumValue('access', accessAfter)} after this barrier`, false, at), list: list.key };
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
  forgetAliases(state, m.key);
  if (m.part === '') dropParts(state, m.key);
  else {
    updateOverlappingParts(state, m.key, m.part, s);
    endWholeWrite(state, m.key);
  }
}

type AddedAt = { uri: string; range: BarrierFact['range'] };

/** Origins of a barrier's effects; one added to a batch points at its addition. */
function originsFor(added: AddedAt | undefined): typeof origin {
  return added ? (_e, _b, note) => ({ ...added, note: `${note} (added to the batch here, submitted later)` }) : origin;
}

/**
 * A transition whose Flags are not known but may be a split half: a value chosen per path or by a test the analysis
 * cannot decide between numbers of which one holds BEGIN_ONLY or END_ONLY, or an expression that names one
 * (`part == kBegin ? D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY : D3D12_RESOURCE_BARRIER_FLAG_END_ONLY`). Flags
 * unknown for any other reason (a member a loop forgot, a caller's variable) are read as NONE, as before.
 */
function maybeSplit(b: BarrierFact): boolean {
  const f = b.fields['Flags'];
  if (!f || f.value !== null) return false;
  if (f.oneOf) return f.oneOf.some((v) => (v & (FLAG_BEGIN_ONLY | FLAG_END_ONLY)) !== 0);
  return /_(?:BEGIN|END)_ONLY\b/.test(f.text);
}

export function legacy(b: BarrierFact, state: TrackState, env: TrackEnv, list: ListId, callRange: BarrierFact['range'], bi: number, added?: AddedAt): void {
  const at = callRange;
  if (b.byType) return unknownType(b, state, env);
  const ctx = env.context(callRange, list, { group: null, index: bi });
  if (b.kind !== 'legacy-transition') {
    const m = meet(b, state, env, at, list);
    if (env.reporting) for (const h of env.hooks) h.legacyBarrier?.(b, m && m !== 'unknown-part' ? m.meeting : null, ctx);
    // A UAV barrier orders the writes before it (a null resource: every UAV); aliasing barriers flush everything.
    if (b.kind === 'legacy-uav' && b.resource?.key) {
      state.set(b.resource.key, { ...state.get(b.resource.key), pendingWrite: null });
      for (const p of partsOf(state, b.resource.key)) if (p.met.pendingWrite) state.set(p.key, { ...p.met, pendingWrite: null });
    }
    else clearPendingWrites(state);
    return;
  }
  // A transition of a sealed swap-chain array's element (track/back-buffer-entry.ts): written down with its states.
  const sealed = b.kind === 'legacy-transition' ? env.swapChainLog?.rootOf(b.resource?.key) : undefined;
  const had = sealed ? env.entry.has(b.resource!.key!) : true;
  const m = meetAndCall(b, state, env, at, list, (meeting) => {
    // COMMON set by an explicit barrier or a creation, nothing recorded since: not promoted (see Origin.workStamp).
    const own = withoutOtherListPromotions(meeting, list, env);
    const common = own.met.legacy.values.get(0);
    const met = common?.workStamp === env.work ? { ...own, idleCommon: true } : own;
    for (const h of env.hooks) h.legacyBarrier?.(b, met, ctx);
  });
  if (sealed && !m) env.swapChainLog!.unsealed.add(sealed);
  if (!m) return;
  if (sealed) {
    env.swapChainLog!.moves.push({
      root: sealed, key: m.fullKey, before: val(b, 'StateBefore'), after: maybeSplit(b) ? undefined : val(b, 'StateAfter'),
      assumed: !had && m.part === '' && env.entry.has(m.fullKey), at: env.stack.length ? env.stack[0].callRange : at, fn: env.rootFn,
    });
  }
  const name = b.resource?.text ?? m.key;
  const flags = val(b, 'Flags') ?? 0;
  const orig = originsFor(added);
  const after = val(b, 'StateAfter');
  let s = m.meeting.met;
  if (maybeSplit(b)) {
    // Flags not known (`part == Begin ? BEGIN_ONLY : END_ONLY` on a value the analysis cannot tell): a BEGIN_ONLY
    // half leaves the state as it was, any other moves it: what the resource is in afterwards is not known.
    s = { ...s, legacy: UNKNOWN, layout: UNKNOWN, legacyFromCreation: false, lastModel: 'legacy', split: null };
  } else if (flags & FLAG_BEGIN_ONLY) {
    s = { ...s, split: { barrier: b, origin: orig(env, b, `split barrier (BEGIN_ONLY) on '${name}' began here`, false, at), list: list.key, legacy: true } };
  } else {
    const entered = { ...orig(env, b, `'${name}' entered ${after === undefined ? 'an unknown state' : formatEnumValue('state', after)} here`, false, at), unsubmitted: true as const };
    const o = after === 0 ? { ...entered, workStamp: env.work } : list.type === 'copy' && list.key ? { ...entered, decaysOn: list.key } : entered;
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
  forgetAliases(state, m.key);
  if (m.part === '') dropParts(state, m.key);
  else endWholeWrite(state, m.key);
}

/**
 * A legacy barrier whose Type is not known (a helper's parameter the caller's argument does not name): it may be a
 * transition, a UAV or an aliasing barrier of the pointers its union holds. No rule meets it, the state of each
 * pointer (and of what may alias it, as after a transition) is unknown after it and none has a pending write left. (An aliasing barrier would order every
 * write: writes to other resources stay pending, as after a UAV barrier.)
 */
function unknownType(b: BarrierFact, state: TrackState, env: TrackEnv): void {
  const u = b.byType!;
  const refs = [b.resource, u.uav, u.aliasing?.before, u.aliasing?.after].flatMap((r) => (r?.choice ? [r.choice.then, r.choice.else] : [r]));
  for (const r of refs) {
    const sealed = env.swapChainLog?.rootOf(r?.key ?? undefined);
    if (sealed) env.swapChainLog!.unsealed.add(sealed);
  }
  // A pointer not known (set differently by the cases of a switch) may name any resource, as a UAV barrier's does.
  if (refs.some((r) => r?.unknown)) clearPendingWrites(state);
  for (const r of refs) {
    const key = r?.key;
    if (!key) continue;
    forget(state, key);
    state.set(key, { ...state.get(key), pendingWrite: null });
    forgetAliases(state, key);
  }
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
