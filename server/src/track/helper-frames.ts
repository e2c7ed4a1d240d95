// A call into a helper the analysed files define, seen from the caller: which function it evaluates (resolveHelper),
// the frame and the parameter binding it runs with, what its body costs, and how its own locals are kept apart from
// the caller's objects of the same name (hidden on the way in, the caller's entries restored on the way out).
import type { FunctionFacts, Stmt, UserCallEvent } from '../extract/facts';
import type { Binding, Frame, FunctionIndex, TrackEnv } from './env';
import { substituteField, substituteRef } from './env';
import type { KnownResource, ResState, TrackState } from './state';
import { classPart, rootNames } from './key-names';
import { mayName } from './call-scopes';

export type Callee = { fn: FunctionFacts; uri: string };

/** Helper calls nested deeper than this are havocked (quiet-calls.ts: a summary's stack). */
export const MAX_CALL_DEPTH = 4;

/** The helper a call evaluates, or undefined (unknown, recursive, too deep): then havocCall. */
export function resolveHelper(env: TrackEnv, caller: FunctionFacts | null, e: UserCallEvent): { callee?: Callee; onStack: boolean } {
  // `Transition(...)` inside `Impl::GenerateMips()` is `Impl::Transition`, not the public `Batch::Transition` that
  // forwards to it: the caller's own class is preferred (a free function of that name is still found).
  const ownClass = e.ownClass && !e.receiverClass ? overridingClass(env, classOf(caller)) : undefined;
  const resolved = env.resolveCallee(e.callee, e.args.length, e.receiverClass ?? ownClass, e.qualifier, !!e.receiverClass);
  // `OnKeyboardInput(gt)` in `BlurApp::Update`, where BlurApp's own records nothing (no helper) and a sibling app's
  // does: an implicit call of a method reaches its own class's methods and its bases', never another derived class's.
  const found = resolved && ownClass && (siblingMethod(env, resolved.fn, ownClass) || !mayName(e, caller, resolved.fn, env.functions.basesOf)) ? undefined : resolved;
  // `batch.Transition(...)` on a ResourceUploadBatch is not `MSAAHelper::Transition` from another file. NOTE: the
  // class lists are made only for a call that found a function (every pass over every unresolved call comes here).
  const classes = (): string[] => (e.receiverClass ? [e.receiverClass, ...(e.receiverBases ?? []), ...(env.functions.basesOf?.(e.receiverClass) ?? [])] : []);
  // `ImGui::Render()` inside `Dx12Renderer::UpdatePipeline()` is not `Dx12Renderer::Render()`. NOTE: the qualifier
  // only rules a method out; it does not choose between same-named functions the call could not resolve before
  // (MiniEngine's `PostEffects::Render()` beside other namespaces' `Render()`: resolving those spent the work budget
  // of three frame functions of a gated engine).
  const scopes = (): string[] => (e.qualifier ? [e.qualifier, ...(env.functions.basesOf?.(e.qualifier) ?? [])] : []);
  const outside = (cs: () => string[]) => {
    if (!found) return false;
    const list = cs();
    return list.length > 0 && !list.some((c) => memberOf(found.fn.qualifiedName, c));
  };
  // `mRHI->BeginFrame()` where no file of the run declares `mRHI`: `DX12RHI::BeginFrame` is one guess among the
  // overrides of its base `RHI` the member may be declared as (and then the call above resolves to none of them).
  // The class of such a receiver is unknown, so a method of a derived class is not chosen by its bare name.
  const guessed = !!found && !!e.undeclaredReceiver && derived(env, found.fn);
  const callee = outside(classes) || outside(scopes) || guessed ? undefined : found;
  if (!callee && e.receiverClass) env.unresolvedClasses.add(e.receiverClass);
  if (found && !callee && e.qualifier && outside(scopes)) env.unresolved.add(`${e.qualifier}::${e.callee}`);
  // The function being analysed calling itself (`x.copy(...)` inside `OpenXR::copy` resolving to it) is recursion
  // too: its body is not evaluated again with the call's arguments.
  const root = env.rootFn;
  const isRoot = !!callee && !!root && (callee.fn === root || (callee.fn.qualifiedName === root.qualifiedName && sameRange(callee.fn.range, root.range)));
  const onStack = !!callee && (isRoot || env.stack.some((f) => f.fn === callee.fn));
  return { callee: callee && !onStack && env.stack.length < MAX_CALL_DEPTH ? callee : undefined, onStack };
}

/** Whether `fn` is a method of a class the run declares with a base. */
function derived(env: TrackEnv, fn: FunctionFacts): boolean {
  const owner = classPart(fn.qualifiedName);
  return owner !== undefined && (env.functions.basesOf?.(owner) ?? []).length > 0;
}

/**
 * `PollInput()` in a method of a class whose own `PollInput` (or its nearest base's) the file defines with a body
 * that makes no call and records nothing: the unresolved call (the index holds no such function) reaches nothing of
 * `this` (track/havoc-call.ts).
 */
export function idleOwnMethod(env: TrackEnv, caller: FunctionFacts | null, e: UserCallEvent): boolean {
  if (!e.reachesThis || e.receiverClass || !e.ownClass) return false;
  const cls = overridingClass(env, classOf(caller));
  return !!cls && (env.functions.eventless?.(e.callee, e.args.length, cls) ?? false);
}

/**
 * `DrawQuad(cl)` / `m_pass->DrawQuad(cl)` where the file defines that function (of the receiver's class, the caller's
 * own or its nearest base, or a free function no other file of the run defines) with a body that records nothing
 * barrier-related: handed the command list, it records no barrier on it (track/havoc-call.ts). Its own arguments and
 * what it may reach of a class are still forgotten.
 */
export function idleCallee(env: TrackEnv, caller: FunctionFacts | null, e: UserCallEvent): boolean {
  return eventlessCall(env.functions, e, e.receiverClass ?? (e.ownClass ? overridingClass(env, classOf(caller)) : undefined));
}

/**
 * `Describe(uavDesc, 256)` where this file defines that function (or the caller's or receiver's class's method) with a
 * body that records nothing, not even a command naming no resource: the call records no GPU work between a creation
 * and its first use (track/havoc-call.ts, Origin.workStamp).
 */
export function worklessCallee(env: TrackEnv, caller: FunctionFacts | null, e: UserCallEvent): boolean {
  const cls = e.receiverClass ?? (e.ownClass ? overridingClass(env, classOf(caller)) : undefined);
  const index = env.functions;
  if (!index.workless) return false;
  return (cls !== undefined && index.workless(e.callee, e.args.length, cls)) || (!e.receiverClass && index.workless(e.callee, e.args.length));
}

/**
 * Whether `e`, looked up from class `cls` (its receiver's or its caller's), calls a function the index shows with a
 * body that records nothing: a bare call in a method that no class of the chain defines is the free function of that
 * name. The reduced document of a keystroke keeps such callees (lsp/call-reach.ts).
 */
export function eventlessCall(index: FunctionIndex, e: UserCallEvent, cls: string | undefined): boolean {
  if (!index.eventless) return false;
  // Another file's idle method counts, except as the whole condition of an if (`if (m_tex.IsMultisampled())`:
  // a flag the path facts cannot correlate with its next test, facts.ts testedQuery).
  const elsewhere = !e.testedQuery;
  return (cls !== undefined && index.eventless(e.callee, e.args.length, cls, elsewhere)) || (!e.receiverClass && index.eventless(e.callee, e.args.length))
    // `m_tex.MarkUsed(fence);` on a member whose class the file cannot name (declared in a header of the run).
    || (elsewhere && !e.receiverClass && !!e.receiverOp && !!index.idleOfUnnamedClass?.(e.callee, e.args.length));
}

export function frameOf(env: TrackEnv, e: UserCallEvent, callee: Callee): Frame {
  return { fn: callee.fn, uri: callee.uri, callRange: e.range, callUri: env.currentUri() };
}

/** The callee's parameters bound to the call's arguments, in the caller's terms. */
export function bindArguments(env: TrackEnv, e: UserCallEvent, callee: Callee): Binding {
  // Parameters the call leaves out take their default arguments (constants of the callee's own file), chosen at
  // this call: a finding they take part in is the call's.
  const defaults = (callee.fn.defaults ?? []).slice(e.args.length).map((f) => (f ? { ...f, range: e.range } : { value: null, text: '', range: e.range }));
  return {
    fields: [...e.args.map((a) => substituteField(a.field, env.binding)), ...defaults],
    refs: e.args.map((a) => substituteRef(a.resource, env.binding)),
    owners: e.args.map((a) => env.ownerOf(a.resource)),
    ...receiverOf(e, env.binding),
    ...heldHandles(e, env.binding),
    params: callee.fn.params,
    ...(callee.fn.rewrittenParams ? { rewritten: callee.fn.rewrittenParams } : {}),
    ...(e.args.some((a) => a.heapType !== undefined) ? { heapTypes: e.args.map((a) => a.heapType) } : {}),
    ...(e.args.some((a) => a.dimension !== undefined) ? { dimensions: e.args.map((a) => a.dimension) } : {}),
  };
}

const costs = new WeakMap<FunctionFacts, number>();

/** Roughly what evaluating a helper's body costs: its statements, a loop's body counted five times per level. */
export function bodyCost(fn: FunctionFacts): number {
  let c = costs.get(fn);
  if (c !== undefined) return c;
  const size = (t: Stmt): number => {
    switch (t.k) {
      case 'seq': return t.body.reduce((n, x) => n + size(x), 0);
      case 'if': return 1 + size(t.then) + (t.else ? size(t.else) : 0);
      case 'switch': return 1 + t.cases.reduce((n, x) => n + size(x), 0);
      case 'loop': return 1 + 5 * size(t.body);
      default: return 1;
    }
  };
  c = size(fn.body);
  costs.set(fn, c);
  return c;
}

/**
 * `obj.F()`: F's members are obj's (in the caller's terms). An implicit `F()` / `this->F()` from a method keeps the
 * caller's own receiver. A free function's names never need one.
 */
function receiverOf(e: UserCallEvent, outer: Binding | null): Pick<Binding, 'receiver' | 'dynamicClass'> {
  if (e.receiverOp && e.list) return { receiver: { ref: substituteRef(e.list, outer), op: e.receiverOp }, ...(e.receiverClass ? { dynamicClass: e.receiverClass } : {}) };
  // An implicit `F()` / `this->F()` runs on the same object: its class stays the one the outer call named.
  const same = !e.list || e.list.key === 'this';
  const dynamicClass = same && outer?.dynamicClass ? { dynamicClass: outer.dynamicClass } : {};
  if (same && outer?.receiver) return { receiver: outer.receiver, ...dynamicClass };
  return dynamicClass;
}

/**
 * Whether `fn` is a method of a class that derives from something (so it is a class, not a namespace) but is neither
 * `cls` nor one of its bases: not what an implicit call in a method of `cls` reaches.
 */
function siblingMethod(env: TrackEnv, fn: FunctionFacts, cls: string): boolean {
  const owner = classPart(fn.qualifiedName);
  if (!owner || owner === cls) return false;
  const bases = env.functions.basesOf?.(cls) ?? [];
  return !bases.includes(owner) && (env.functions.basesOf?.(owner) ?? []).length > 0;
}

/**
 * The class whose method an implicit call in a method of `own` names: the class of the object the method runs on
 * when the call that reached it named one derived from `own` (`BlurApp app; app.Run();` → `Draw()` in `App::Run` is
 * `BlurApp::Draw`, the override that object has), else `own`.
 */
function overridingClass(env: TrackEnv, own: string | undefined): string | undefined {
  const dynamic = env.binding?.dynamicClass;
  if (!own || !dynamic || dynamic === own) return own;
  return (env.functions.basesOf?.(dynamic) ?? []).includes(own) ? dynamic : own;
}

/** The class a method belongs to (`Batch::Impl::Transition` → Impl), or undefined for a free function. */
export function classOf(fn: FunctionFacts | null): string | undefined {
  return fn ? classPart(fn.qualifiedName) : undefined;
}

/** Whether a function's qualified name (`DX::MSAAHelper::Transition`) is a member of `cls`, or of no class at all. */
function memberOf(qualifiedName: string, cls: string): boolean {
  const owner = classPart(qualifiedName);
  return owner === undefined || owner === cls;
}

/**
 * The helper's locals whose names the arguments' objects also carry (the caller's `resource` handed to the helper's
 * `texture`, beside the helper's own local `resource`), each with the name its keys take inside the helper.
 */
export function clashingLocals(locals: readonly string[], b: Binding, callee: string): Map<string, string> | undefined {
  if (locals.length === 0) return undefined;
  const reached = new Set<string>();
  for (const r of b.refs) if (r.key) for (const n of rootNames(r.key)) reached.add(n);
  if (b.receiver?.ref.key) for (const n of rootNames(b.receiver.ref.key)) reached.add(n);
  let out: Map<string, string> | undefined;
  for (const n of locals) if (reached.has(n)) (out ??= new Map()).set(n, `${n}__local_of_${callee.replace(/\W/g, '_')}`);
  return out;
}

/**
 * After a helper returns, what it created under its own locals' names (`ComPtr<ID3D12Resource> resource;` in
 * `CreateReadbackBuffer()`) is no creation of the caller's object of that name: the caller's entries come back.
 */
export function restoreLocalCreations(resources: Map<string, KnownResource>, locals: readonly string[], replaced: Map<string, KnownResource | undefined>): void {
  if (locals.length === 0 || replaced.size === 0) return;
  const names = new Set(locals);
  for (const [key, prior] of replaced) {
    if (!rootNames(key).some((t) => names.has(t))) continue;
    if (prior) resources.set(key, prior);
    else resources.delete(key);
  }
}

/**
 * `state` without the resources named through the helper's `locals` (and the entry assumptions about them, taken out
 * of `entry` and handed back to be restored after the call).
 */
export function hideLocals(state: TrackState, locals: readonly string[], entry: Map<string, ResState>): { state: TrackState; assumed: [string, ResState][] } {
  if (locals.length === 0) return { state, assumed: [] };
  const names = new Set(locals);
  const local = (key: string) => rootNames(key).some((t) => names.has(t));
  const assumed: [string, ResState][] = [];
  for (const [key, s] of entry) if (local(key)) assumed.push([key, s]);
  for (const [key] of assumed) entry.delete(key);
  const keys = [...state.res.keys()].filter(local);
  if (keys.length === 0) return { state, assumed };
  const out = state.clone();
  for (const k of keys) out.own('res').delete(k);
  return { state: out, assumed };
}

/**
 * After a helper returns, resources named through its own locals (`auto* t = Lookup(id); Transition(t->res, ...)`)
 * are no longer nameable by the caller, and the next call's local is another object: the caller keeps what it had
 * for such a key before the call. Assumptions the helper made about them are dropped too.
 */
export function forgetCalleeLocals(out: TrackState, before: TrackState, locals: readonly string[], entry: Map<string, ResState>, entryBefore: Set<string>): TrackState {
  if (locals.length === 0) return out;
  const names = new Set(locals);
  const local = (key: string) => rootNames(key).some((t) => names.has(t));
  for (const key of [...out.res.keys()]) {
    if (!local(key)) continue;
    const prior = before.res.get(key);
    if (prior) out.own('res').set(key, prior);
    else out.own('res').delete(key);
  }
  for (const key of [...entry.keys()]) if (!entryBefore.has(key) && local(key)) entry.delete(key);
  return out;
}

/** The handles the caller holds in the arguments, or forwards from its own caller (a handle parameter passed on). */
function heldHandles(e: UserCallEvent, outer: Binding | null): Pick<Binding, 'handles'> {
  const handles = e.args.map((a) => a.handle ?? (a.resource.param !== undefined ? outer?.handles?.[a.resource.param] : undefined));
  return handles.some((h) => h) ? { handles } : {};
}

/** Whether two ranges start at the same place. */
export function sameRange(a: { startLine: number; startColumn: number }, b: { startLine: number; startColumn: number }): boolean {
  return a.startLine === b.startLine && a.startColumn === b.startColumn;
}
