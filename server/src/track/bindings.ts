// What each command list binds, and the resources GPU work uses through those bindings. Bindings persist across
// draws until replaced and end at Reset/Close; a join keeps only what both paths bound. At a clear, draw,
// dispatch or Present, each bound (or directly named) view is resolved to its resource through the file's
// descriptor table and handed to the rules' `gpuUse` hooks with the state the resource is in at that moment.
import type { BindEvent, BindTarget, GpuWorkEvent, HandleFact } from '../extract/descriptor-facts';
import { MEMBER_NAME } from '../extract/descriptor-values';
import type { ResourceRef } from '../extract/facts';
import type { UseKind, ViewKind } from '../model/uses';
import { ACCELERATION_STRUCTURE, SHADER_RESOURCE_READS, USE_NEEDS, shaderViewUse } from '../model/uses';
import type { ListId, TrackEnv } from './env';
import { substituteRef } from './env';
import { firstBarrierState } from './deferred-commands';
import type { Binding, KnownResource, Origin, Possible, ResState, TrackState } from './state';
import { FRESH, queued } from './state';
import { promotableFromCommon } from '../model/legacy-states';
import { formatEnumValue } from '../model/format-values';
import type { GpuUse, TrackContext } from './visitors';
import { promoteFromCommon } from './list-promotions';
import { swapChainBuffer } from './file-uses';
import { settledEntry } from './settled-entry';

/** RENDER_TARGET | DEPTH_WRITE: the states of a draw's outputs. */
const OUTPUT_STATES = 0x4 | 0x10;

function slotKey(list: string | null, slot: string): string {
  return `${list ?? '?'}|${slot}`;
}

function dropPrefix(state: TrackState, list: string | null, prefix: string): void {
  const p = slotKey(list, prefix);
  for (const k of [...state.bindings.keys()]) if (k.startsWith(p) && /^(?:\d*|\?)$/.test(k.slice(p.length))) state.own('bindings').delete(k);
}

/** A root slot's root letter (`g3`, and `g?`: a slot of the graphics root whose index is not known). */
const ROOT_SLOT = /^([gc])(?:\d+|\?)$/;

function targetText(t: BindTarget): string {
  return t.via === 'handle' ? t.handle.text : t.via === 'va' ? t.ref.text : t.text;
}

export function applyBind(e: BindEvent, state: TrackState, env: TrackEnv, listId: ListId): void {
  const list = listId.key;
  const at = e.paramSlot ? env.binding?.fields[e.paramSlot.param]?.value : undefined;
  const viaParam = e.paramSlot && typeof at === 'number' && at >= 0 ? { ...e.paramSlot.slot, slot: `${e.paramSlot.prefix}${at}` } : null;
  for (const p of [...e.reset, ...e.unknown]) if (!viaParam || p !== e.paramSlot?.prefix) dropPrefix(state, list, p);
  // Any setter of a root may overwrite the binding whose index was not known.
  for (const s of e.slots) {
    const root = ROOT_SLOT.exec(s.slot)?.[1];
    if (root) state.own('bindings').delete(slotKey(list, `${root}?`));
  }
  const slots = viaParam ? [...e.slots.filter((s) => !s.slot.endsWith('?')), viaParam] : e.slots;
  for (const s of slots) {
    const key = slotKey(list, s.slot);
    if (!s.target) {
      state.own('bindings').delete(key);
      continue;
    }
    const origin: Origin = { ...env.note(e.range, `'${targetText(s.target).replace(/\s+/g, ' ')}' was bound here by ${e.method}`) };
    if (s.target.via === 'va') {
      const bound = substituteRef(s.target.ref, env.binding).key;
      if (bound) env.buffersByUse.add(bound);
    }
    const b: Binding = { target: s.target.via === 'handle' ? boundTarget(s.target, env) : boundAddress(s.target, env), ...(s.as ? { as: s.as } : {}), origin };
    state.own('bindings').set(key, b);
  }
}

/** Bindings of a list end when it is closed or reset. */
export function endBindings(state: TrackState, listId: ListId): void {
  const list = listId.key;
  const p = `${list ?? '?'}|`;
  for (const k of [...state.bindings.keys()]) if (k.startsWith(p) || list === null) state.own('bindings').delete(k);
}

interface Named {
  ref: ResourceRef;
  view?: ViewKind;
  subresource: number | null;
  /** The subresources the view covers (absent: not known). */
  covers?: 'all' | number;
  readOnlyDepth?: boolean | null;
  /** A UAV with a counter resource. */
  counter?: true;
  viewAt?: Origin;
  viewId: string;
}

/**
 * A view of a member resource (`m_resource`, whose RTV a method of the class created at the member handle `m_rtv`)
 * used in a method called on an object (`m_hdr.Clear(cl)`): the view of that object's member (`m_hdr.m_resource`).
 */
function onReceiver(ref: ResourceRef, handle: HandleFact, env: TrackEnv): ResourceRef {
  if (!ref.key || ref.param !== undefined || ref.base || !MEMBER_NAME.test(ref.key)) return ref;
  // `target.GetRTV()`: the view of `target`'s member (itself a member of the method's object when named like one).
  const on = handle.receiver;
  // A receiver that is a parameter (`ClearDepth(DepthBuffer& target)` reading `target.GetDSV()`) is the caller's argument.
  const param = on ? env.currentFn()?.params.indexOf(on.key) ?? -1 : -1;
  const base = param >= 0 && on ? { base: { param, path: `${on.op}${ref.key}` } } : {};
  if (on) return substituteRef({ key: `${on.key}${on.op}${ref.key}`, text: `${on.text}${on.op}${ref.text}`, range: ref.range, ...(MEMBER_NAME.test(on.key) ? { member: true } : {}), ...base }, env.binding);
  return env.binding?.receiver ? substituteRef({ ...ref, member: true }, env.binding) : ref;
}

function nameTarget(t: BindTarget, e: GpuWorkEvent, env: TrackEnv): Named | null {
  const file = env.fileUses;
  if (t.via === 'va') return { ref: substituteRef(t.ref, env.binding), subresource: 0, viewId: `va:${t.ref.key}${t.at ? `@${t.at}` : ''}` };
  if (!file) return null;
  if (t.via === 'buffer-view') {
    const b = file.table.bufferView(t.key);
    return b ? { ref: b.ref, subresource: 0, viewAt: { uri: env.uri, range: b.range, note: `'${t.text}' points into '${b.ref.text}' here` }, viewId: `bv:${t.key}` } : null;
  }
  const caller = t.ref ? callerHandle(t, env) : null;
  const own = file.table.resolve(t.handle, t.scope ?? e.scope);
  const v = own ?? (caller ? file.table.resolve(caller.handle, caller.scope ?? e.scope) : null);
  if (!v) return null;
  return {
    // A view reached through a handle parameter is the caller's: the method's object does not own it.
    ref: own && !t.ref && !t.throughParam ? onReceiver(v.ref, t.handle, env) : v.ref, view: v.view, subresource: v.subresource, readOnlyDepth: v.readOnlyDepth, viewId: v.slot,
    ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.counter ? { counter: v.counter } : {}),
    viewAt: { uri: v.uri ?? env.uri, range: v.range, note: `the view of '${v.ref.text.replace(/\s+/g, ' ')}' was created here` },
  };
}

/**
 * A handle a helper reaches through a parameter (`t.rtv` of `Clear(const Texture& t)`, BindTarget `ref`): at the
 * call, the handle the caller holds in that argument (a local it computed), or the one the file stores under the
 * caller's key (`m_target` + `.rtv`). Not at the helper's own analysis (no caller), nor for a key the file stores
 * differently on two paths.
 */
function callerHandle(t: Extract<BindTarget, { via: 'handle' }>, env: TrackEnv): { handle: HandleFact; scope?: string } | null {
  if (!t.ref || !env.binding || !env.fileUses) return null;
  const held = t.ref.param !== undefined ? env.binding.handles?.[t.ref.param] : undefined;
  if (held) return { handle: held.h, scope: held.scope };
  const caller = substituteRef(t.ref, env.binding);
  if (!caller.key || caller === t.ref || caller.param !== undefined || caller.base) return null;
  const h = env.fileUses.table.stored(caller.key.replace(/^&/, ''));
  return h ? { handle: h } : null;
}

/**
 * A handle whose index is a parameter of the helper (`CD3DX12_GPU_DESCRIPTOR_HANDLE gpu(start, slot, size)` in
 * `Bind(cl, slot, …)`): at a call with a constant argument, that slot of the heap.
 */
function atCallerIndex(t: Extract<BindTarget, { via: 'handle' }>, env: TrackEnv): Extract<BindTarget, { via: 'handle' }> {
  const index = t.handle.index;
  if (!index || !('sym' in index) || !env.binding) return t;
  const param = env.currentFn()?.params.indexOf(index.sym) ?? -1;
  const value = param >= 0 ? env.binding.fields[param]?.value : undefined;
  return typeof value === 'number' ? { ...t, handle: { ...t.handle, index: { c: value + index.plus } } } : t;
}

/**
 * A binding outlives the helper that made it (`Bind(list, h)` then a draw in the caller): a handle named through a
 * parameter is resolved in the helper's frame, where the caller's arguments are the ones it was given.
 */
function boundTarget(t: BindTarget, env: TrackEnv): BindTarget {
  if (t.via === 'handle' && !t.ref) return atCallerIndex(t, env);
  if (t.via !== 'handle' || !t.ref) return t;
  const caller = callerHandle(t, env);
  return caller ? { via: 'handle', handle: caller.handle, ...(caller.scope ? { scope: caller.scope } : {}), throughParam: true } : { via: 'handle', handle: t.handle, throughParam: true };
}

/**
 * A root view bound by a helper at an address it computed from its parameter (`SetUAV(slot, ID3D12Resource* buffer)`
 * binding `buffer->GetGPUVirtualAddress() + offset`): named with the caller's argument when the binding is made — the
 * draw or dispatch that reads it runs in another frame (the caller's, or another wrapper's), where `buffer` names
 * nothing.
 */
function boundAddress(t: Exclude<BindTarget, { via: 'handle' }>, env: TrackEnv): BindTarget {
  // `SetIndexBuffer(ID3D12Resource* indices)` filling a local D3D12_INDEX_BUFFER_VIEW from `indices`: the same.
  const viewed = t.via === 'buffer-view' ? env.fileUses?.table.bufferView(t.key)?.ref : undefined;
  const at = t.via === 'va' ? t.ref : viewed && paramPath(viewed, env);
  if (!env.binding || !at || (at.param === undefined && !at.base)) return t;
  const named = substituteRef(at, env.binding);
  if (named === at || !named.key) return t;
  // The caller's name as the tracked state spells it, not as a parameter or member of the caller (the reading frame
  // may be another one, whose parameters and receiver are not the caller's).
  const ref: ResourceRef = { key: named.key, text: named.text, range: named.range };
  return t.via === 'va' ? { ...t, ref } : { via: 'va', ref };
}

/** A buffer view's resource named by the helper's parameter (`indices`, `mesh->vb`): the reference through it. */
function paramPath(ref: ResourceRef, env: TrackEnv): ResourceRef {
  if (!ref.key || ref.param !== undefined || ref.base) return ref;
  const root = /^[A-Za-z_]\w*/.exec(ref.key)?.[0] ?? '';
  const param = env.currentFn()?.params.indexOf(root) ?? -1;
  if (param < 0) return ref;
  const path = ref.key.slice(root.length);
  if (!path) return { ...ref, param };
  return /^(?:\.|->|\[)/.test(path) ? { ...ref, base: { param, path } } : ref;
}

/**
 * The tracked entries a view's use meets. With no subresource tracked separately: the resource's own entry. When
 * some are (`res|sub0` after a barrier on subresource 0, the resource's own entry then holding the others): a view of
 * one subresource meets that subresource's entry (or the resource's, when it has none); a view of every subresource
 * meets each separately tracked one (the others are not judged: which subresources exist is not known). Views
 * whose coverage is unknown, and enhanced barriers' subresource ranges, meet nothing (unknown).
 */
function partsUsed(state: TrackState, key: string, covers: 'all' | number | undefined, buffer: boolean): { key: string; sub: number | null }[] {
  const parts = [...state.res.keys()].filter((k) => k.startsWith(`${key}|`));
  if (parts.length === 0) return [{ key, sub: typeof covers === 'number' ? covers : null }];
  // A buffer has one subresource: its state at subresource 0 (`Transition(buf, A, B, 0)`) is the whole buffer's.
  if (buffer && parts.length === 1 && parts[0] === `${key}|sub0`) return [{ key: parts[0], sub: 0 }];
  const subs = parts.map((k) => /\|sub(\d+)$/.exec(k)).filter((m): m is RegExpExecArray => !!m);
  if (covers === undefined || subs.length !== parts.length) return [];
  if (covers === 'all') return subs.map((m) => ({ key: m.input, sub: Number(m[1]) }));
  return [{ key: parts.includes(`${key}|sub${covers}`) ? `${key}|sub${covers}` : key, sub: covers }];
}

/** The use a bound slot makes at this work, or undefined when the work does not read that slot. */
function slotUse(slot: string, b: Binding, n: Named, e: GpuWorkEvent): UseKind | undefined {
  if (e.draws && /^rt\d$/.test(slot)) return n.view === 'rtv' ? 'render-target' : undefined;
  if (e.draws && slot === 'ds') return n.view === 'dsv' ? (n.readOnlyDepth ? 'depth-read' : 'depth-bound') : undefined;
  if (e.draws && /^vb\d+$/.test(slot)) return 'vertex-buffer';
  if (e.draws && /^so\d+$/.test(slot)) return 'stream-output';
  if (e.indexed && slot === 'ib0') return 'index-buffer';
  const root = ROOT_SLOT.exec(slot)?.[1];
  if (!root || (root === 'g') !== (e.root === 'graphics') || e.root === null) return undefined;
  const compute = root === 'c';
  const view = b.as === 'table' ? n.view : b.as;
  if (view !== 'srv' && view !== 'uav' && view !== 'cbv') return undefined;
  return shaderViewUse(view, compute);
}

/** The root a root-parameter slot belongs to (`g3`: graphics, `c0`: compute), or undefined for other slots. */
function rootOf(slot: string): 'graphics' | 'compute' | undefined {
  const r = ROOT_SLOT.exec(slot)?.[1];
  return r === 'g' ? 'graphics' : r === 'c' ? 'compute' : undefined;
}

/** Per-env uses met before anything was known about their resource; checked once the first barrier assumes a state. */
const deferred = new WeakMap<TrackEnv, { e: GpuWorkEvent; use: GpuUse; ctx: TrackContext }[]>();

export function applyGpuWork(e: GpuWorkEvent, state: TrackState, env: TrackEnv, listId: ListId): void {
  const list = listId.key;
  const uses: GpuUse[] = [];
  const add = (n: Named, bindUse: UseKind, bound?: Origin, viaTable?: boolean) => {
    const whole = n.ref.key;
    if (!whole) return;
    for (const part of partsUsed(state, whole, n.covers, env.isBuffer(whole))) addPart(n, bindUse, part, bound, viaTable);
  };
  const addPart = (n: Named, bindUse: UseKind, part: { key: string; sub: number | null }, bound?: Origin, viaTable?: boolean) => {
    const { key } = part;
    const own = state.res.get(key) ?? FRESH;
    // A write to the whole resource (a clear) is pending on each of its separately tracked subresources too.
    const wholeWrite = key !== n.ref.key ? state.get(n.ref.key!).pendingWrite : null;
    const met = wholeWrite && !own.pendingWrite ? { ...own, pendingWrite: wholeWrite } : own;
    const resource = env.resources.get(n.ref.key!) ?? env.fileUses?.resource(n.ref.key!);
    const use = SHADER_RESOURCE_READS.has(bindUse) && isAccelerationStructure(met, resource) ? 'raytracing-acceleration-structure' : bindUse;
    uses.push({
      use, ref: n.ref, key, met, subresource: part.sub ?? n.subresource, viewId: n.viewId,
      ...(resource ? { resource } : {}), ...(bound ? { bound } : {}), ...(n.viewAt ? { viewAt: n.viewAt } : {}),
      ...(!state.res.has(key) && !env.entry.has(key) ? { unseen: true } : {}), ...(viaTable ? { viaTable } : {}),
      ...(n.view === 'dsv' && n.readOnlyDepth === false ? { writableDepth: true } : {}), ...(n.counter ? { counterView: n.counter } : {}),
    });
  };
  for (const d of e.direct) {
    // Only a buffer has a GPU virtual address to name.
    if (d.target.via === 'va') {
      const bound = substituteRef(d.target.ref, env.binding).key;
      if (bound) env.buffersByUse.add(bound);
    }
    const n = nameTarget(d.target, e, env);
    if (n && (d.target.via !== 'handle' || n.view === (d.use === 'render-target' ? 'rtv' : 'dsv'))) add(n, d.use);
  }
  const prefix = `${list ?? '?'}|`;
  let unnamedOutput = false;
  // A root UAV or table of this work whose resource cannot be named may be another UAV the shader writes.
  let unnamedUav = false;
  const tableTwins = new Map<GpuUse, UseKind[]>();
  if (e.draws || e.root) {
    for (const [k, b] of state.bindings) {
      if (!k.startsWith(prefix)) continue;
      const n = nameTarget(b.target, e, env);
      if (!n && e.draws && /^(?:rt\d|ds)$/.test(k.slice(prefix.length))) unnamedOutput = true;
      if (!n && (b.as === 'uav' || b.as === 'table') && rootOf(k.slice(prefix.length)) === e.root) unnamedUav = true;
      const use = n ? slotUse(k.slice(prefix.length), b, n, e) : undefined;
      if (!n || !use) continue;
      const from = uses.length;
      add(n, use, b.origin, b.as === 'table');
      const later = b.as === 'table' && b.target.via === 'handle' && n.ref.key ? env.fileUses?.table.laterViewsOf(b.target.handle, n.ref.key, env.currentFn()?.tableSpan) ?? [] : [];
      const twins = later.flatMap((v) => (v === 'srv' || v === 'uav' || v === 'cbv' ? [shaderViewUse(v, e.root === 'compute')] : []));
      if (twins.length) for (const u of uses.slice(from)) tableTwins.set(u, twins);
    }
  }
  // A resource this draw renders to is not read by it through a table that also holds its SRV (the app relies on
  // the shader leaving that descriptor alone; reading it would be a read-write hazard the debug layer reports).
  // When a bound render target or depth view cannot be named, a table resource in an output state (or not seen
  // yet, to be judged against the state its first barrier assumes) may be it.
  const outputs = new Set(uses.filter((u) => u.use === 'render-target' || u.use === 'depth-bound').map((u) => u.key));
  const inOutputState = (u: GpuUse) => !u.met.legacy.unknown && [...u.met.legacy.values.keys()].some((v) => (v & OUTPUT_STATES) !== 0);
  for (let i = uses.length - 1; i >= 0; i--) if (uses[i].viaTable && (outputs.has(uses[i].key) || (unnamedOutput && (inOutputState(uses[i]) || !!uses[i].unseen)))) uses.splice(i, 1);
  dropUnservedTwins(uses, tableTwins);
  if (e.present) {
    for (const [key, s] of state.res) {
      if (key.includes('|') || !env.isSwapChain(key)) continue;
      const resource = env.resources.get(key) ?? env.fileUses?.resource(key) ?? swapChainBuffer(key);
      // The queue presents what was submitted: a barrier recorded on a list not executed since (a path that resets
      // and records, then presents without ExecuteCommandLists) is not the state it meets (Origin.unsubmitted).
      const met = { ...s, legacy: queued(s.legacy), layout: queued(s.layout) };
      uses.push({ use: 'present', ref: { key, text: key, range: e.range }, key, met, subresource: 0, viewId: `present:${key}`, resource });
    }
  }
  if (uses.length === 0) return;
  const ctx = env.context(e.range, listId);
  if (env.reporting) {
    const now = uses.filter((u) => !u.unseen);
    if (now.length) for (const h of env.hooks) h.gpuUse?.(e, now, ctx);
    const later = deferred.get(env) ?? [];
    for (const u of uses) if (u.unseen) later.push({ e, use: u, ctx });
    deferred.set(env, later);
  }
  // Which UAVs a shader writes is not known (uav-write-hazard.md): the work is taken to write at least one of the
  // resources it binds as UAVs, not each of them. Each carries the whole group; a later use reports only when it meets
  // every resource of the group (track/visitors GpuUse: the rules' hazard helpers). vkd3d-proton's pixel shader given
  // u0 and u1 of a root signature it shares with a compute shader writes only u0: the dispatch that binds u1 and
  // another buffer meets one of the two. A root UAV or table the work binds but the tracker cannot name may be the
  // one written: then no resource is known to be.
  const group = [...new Set(uses.filter((u) => u.use === 'unordered-access').map((u) => u.ref.key!))];
  for (const u of uses) {
    promoteUse(u, e, state, env, list);
    if (u.use === 'unordered-access' && !unnamedUav) {
      const cur = state.get(u.key);
      state.set(u.key, { ...cur, pendingWrite: { method: e.method, role: 'uav-bound', list, view: u.viewId, group, ...(u.bound ? { boundAt: u.bound.range } : {}), origin: { ...env.note(e.range, `'${u.ref.text}' may be written through its UAV by this ${e.method}`) } } });
    }
  }
}

/**
 * One resource a bound table holds in two views whose uses no one state serves (its SRV at the table's base and its
 * UAV at a later slot of the heap, which the table may span): the shader uses at most one of them (the debug layer's
 * GPU-based validation judges only the descriptors a shader reads). When the resource's state serves one, the other
 * is the one the shader leaves alone: not judged. When it serves neither, both stay (whichever is read is wrong).
 */
function dropUnservedTwins(uses: GpuUse[], twins: ReadonlyMap<GpuUse, UseKind[]>): void {
  for (let i = uses.length - 1; i >= 0; i--) {
    const u = uses[i];
    if (!u.viaTable || served(u.use, u.met)) continue;
    const other = (k: UseKind) => k !== u.use && served(k, u.met);
    if ((twins.get(u) ?? []).some(other) || uses.some((w) => w !== u && w.viaTable && w.key === u.key && other(w.use))) uses.splice(i, 1);
  }
}

/** Whether every known legacy state of the resource serves the use. */
function served(use: UseKind, met: ResState): boolean {
  const leg = met.legacy;
  if (leg.unknown || leg.values.size === 0) return false;
  const need = USE_NEEDS[use].anyOf;
  return [...leg.values.keys()].every((v) => need.some((a) => (a === 0 ? v === 0 : (v & a) === a)));
}

/**
 * Legacy implicit promotion from COMMON (LB-10) by GPU work, as for copies (track/apply.ts): a resource known to be
 * exactly in COMMON that a draw or dispatch uses in a state it can be promoted to may be in that state afterwards
 * (a buffer written through its root UAV is in UNORDERED_ACCESS until the list's work ends). Only uses that need
 * one state, and only when the resource's kind is known (buffers and simultaneous-access textures promote to more).
 */
function promoteUse(u: GpuUse, e: GpuWorkEvent, state: TrackState, env: TrackEnv, list: string | null): void {
  const need = USE_NEEDS[u.use];
  const leg = state.get(u.key).legacy;
  if (e.present || need.anyOf.length !== 1 || need.anyOf[0] === 0 || !u.resource) return;
  if (leg.unknown || leg.values.size !== 1 || !leg.values.has(0)) return;
  const c = u.resource.creation;
  const simultaneous = c.dimension === 'buffer' || ((c.flags ?? 0) & 0x30) !== 0;
  const promoted = need.anyOf[0];
  if (!promotableFromCommon(promoted, { isBufferOrSimultaneous: simultaneous })) return;
  const values = promoteFromCommon(leg.values, promoted, { ...env.note(e.range, `'${u.ref.text}' was promoted to ${formatEnumValue('state', promoted)} by this ${e.method}`), ...(list ? { promotedOn: list } : {}) }, list);
  state.set(u.key, { ...state.get(u.key), legacy: { values, unknown: false } });
}

/** Every value the state may have (none unknown) satisfies `test`. */
function allKnown(p: Possible, test: (v: number) => boolean): boolean {
  return !p.unknown && p.values.size > 0 && [...p.values.keys()].every(test);
}

/** A resource created as an acceleration structure, or whose tracked state / accesses say it is one. */
function isAccelerationStructure(met: ResState, resource: KnownResource | undefined): boolean {
  const c = resource?.creation;
  if (c && (c.initialState?.value === ACCELERATION_STRUCTURE.state || ((c.flags ?? 0) & ACCELERATION_STRUCTURE.flag) !== 0)) return true;
  return allKnown(met.legacy, (v) => v === ACCELERATION_STRUCTURE.state) || allKnown(met.access, (v) => (v & ACCELERATION_STRUCTURE.access) !== 0);
}

/**
 * An unresolved call that reaches a resource (havoc-call.ts reachOf) may have changed its state: uses
 * met before the call can no longer be judged by a later barrier's before-state (unless that barrier, the first on
 * the resource, came before the call). (`ThrowIfFailed(list->Close())` is handed an HRESULT, not the list.)
 */
export function voidDeferredUses(env: TrackEnv, reached: (base: string) => boolean): void {
  env.voidedUses++;
  for (const d of deferred.get(env) ?? []) {
    // Its first barrier already came (the entry state is assumed): a call after it cannot change what the use met.
    if (env.entry.has(d.use.key)) continue;
    if (reached(d.use.key.split('|')[0])) d.use.unseen = false;
  }
}

/**
 * Whether a UAV use of `key` still waits for its first barrier: the use left the resource tracked only for its
 * pending write, and that barrier must still assume the entry state (as a copy's does, deferred-commands.ts).
 */
export function gpuUseAwaits(env: TrackEnv, key: string): boolean {
  return (deferred.get(env) ?? []).some((d) => d.use.unseen && d.use.key === key);
}

/** How many uses of the function wait for their resource's first barrier (see voidDeferredUses). */
export function deferredUseCount(env: TrackEnv): number {
  return deferred.get(env)?.length ?? 0;
}

/** How many of those still wait (track/pass-reuse.ts: a pass that voided one is not reused). */
export function unseenUseCount(env: TrackEnv): number {
  return (deferred.get(env) ?? []).filter((d) => d.use.unseen).length;
}

/**
 * After a function: uses met before their resource was seen are judged against the state the first barrier
 * assumed at entry ("assumed at first use") — a back buffer cleared before its PRESENT → RENDER_TARGET barrier.
 */
export function flushDeferredUses(env: TrackEnv): void {
  const later = deferred.get(env) ?? [];
  deferred.delete(env);
  for (const d of later) {
    if (!d.use.unseen) continue;
    const entry = env.entry.get(d.use.key) ?? firstBarrierState(env, d.use.key) ?? settledEntry(env, d.use.key);
    if (!entry) continue;
    const use: GpuUse = { ...d.use, met: entry, unseen: false, atFirstBarrier: true };
    for (const h of env.hooks) h.gpuUse?.(d.e, [use], d.ctx);
  }
}

/** Whether a use needs the resource to be a texture (render targets, depth, Present) — for COMMON promotion. */
export function textureOnly(use: UseKind): boolean {
  return USE_NEEDS[use].textureOnly;
}
