// An unresolved (or recursive) call: what it can reach becomes unknown — the objects handed to it, the caller's
// members when it may be a method of the caller's class, and everything but the caller's own locals when it can
// reach a command list — and what it surely cannot change (list methods, views) is kept. Names are never evidence:
// `GetAsyncKeyState`, `UpdateState(int)`, an argument called `context`.
import type { FunctionFacts, ResourceRef, UserCallEvent } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { keyRoot } from '../extract/descriptor-values';
import { FOREIGN_TRANSITIONS } from '../model/foreign-transitions';
import {
  ACCESSOR_NAME, CALLABLE_INVOKERS, CONTAINER_READS, CPU_ONLY_CALLS, CPU_ONLY_SCOPES, CPU_SIDE_INTERFACES, DESCRIPTOR_CPU_METHODS, INERT_CALLS, INERT_DRAWING_CALLS, LOGGING_CALL,
  RESOURCE_CPU_METHODS,
} from '../model/inert-calls';
import { VIEW_CREATION } from '../model/uses';
import type { TrackEnv } from './env';
import { substituteRef } from './env';
import { TrackState, type Batch } from './state';
import { voidDeferredUses } from './bindings';
import { voidDeferredCommands } from './deferred-commands';
import { baseKey, forget, forgetWhere } from './forgetting';
import { FILLING_ACCESSORS } from '../model/smart-pointers';

/** The result of a D3D12 call already recorded (`list->Close()`, `queue->Signal(…)`): an HRESULT, not an object. */
export const API_RESULT = /^\s*[\w.>\-[\]()]+?(?:->|\.)\s*(?:Close|Reset|Present1?|Signal|Wait|SetEventOnCompletion|GetBuffer|ResizeBuffers|Map|Create\w+)\s*\([^;]*\)\s*$/s;
const REPLACING = new RegExp(String.raw`PPV_ARGS\s*\(|(?:\.|->)\s*(?:${FILLING_ACCESSORS})\s*\(\s*\)\s*$`);
/** D3D12 command-list methods that never change barrier state (barriers go through Barrier/ResourceBarrier). */
const LIST_METHOD = /^(?:(?:OM|RS|IA|SO)Set|Set|Draw|Dispatch|Clear|Copy|Resolve|Begin|End|Execute|Discard|Build|Emit|Write|Atomic|Get|QueryInterface$|AddRef$|Release$)/;

/**
 * An unresolved (or recursive) call. A method of a D3D12 command list that is not an event (IASetPrimitiveTopology,
 * SetPipelineState, ...) changes no resource state, in the `list->X()` and the C `ID3D12GraphicsCommandList_X(list)`
 * form alike. Otherwise the call forgets what it can reach (reachOf): what it is handed, the caller's members if it
 * may be a method of the caller's class; and, when it can reach a command list, every state but those of the
 * caller's locals it is not handed. Unknown is never an error, so this never cries wolf —
 * it only silences what the call may have changed.
 */
// NOTE: names once decided here (a callee matching /barrier|transition|resource|state|flush|.../, an argument
// matching /list|cmd|ctx|context/): every such call forgot every state, which hid real bugs behind
// `GetAsyncKeyState(VK_SPACE)` or `SetAppContext(appContext_.get())`. The correlated-branch case that kept them
// (`if (m_msaaRt) … DrawScene() … if (m_msaaRt)`, bgfx) is a method of the caller's class: it reaches the members.
export function havocCall(e: UserCallEvent, state: TrackState, env: TrackEnv, _recursive: boolean, idle: { own: boolean; records: boolean; work?: boolean } = { own: false, records: true }): TrackState {
  // A result check (`ThrowIfFailed(device->Create…(…))`), an inert call, a CPU-side one, a view creation (a
  // descriptor written on the CPU: `device->CreateUnorderedAccessView(buf, …)` between a buffer's creation in COMMON
  // and its first copy) or a function of the file whose body records nothing (`Describe(uavDesc, 256)`,
  // helper-frames.ts worklessCallee) records no GPU work that could promote a resource out of COMMON or race its
  // first use (Origin.workStamp).
  if (idle.work !== false && !e.checksResult && (!INERT_CALLS.has(e.callee) || INERT_DRAWING_CALLS.has(e.callee)) && !cpuSide(e) && !viewCreation(e)) env.work++;
  if (e.onCommandList || e.checksResult || INERT_CALLS.has(e.callee)) return state;
  // A view creation of a known resource changes no state (it writes a descriptor). NOTE: in a branch whose condition
  // the path facts cannot follow (`if (tests[i].is_uav) { UAV view; transition } else SRV view;` and the same test
  // again later, vkd3d-proton d3d12_sparse.c) it still forgets the resource below: keeping the state there reported
  // the uncorrelated second test's path (session 11); out of such branches it is kept.
  const view = viewOf(e, env);
  if (view === 'known' && !e.undecidedBranch) return state;
  // NOTE: the receiver is read first, and only for a command-list method's name (such a call on a list returns
  // before the arguments are read); each key is substituted once: the list types below take the key already
  // substituted (env.listTypeOf) instead of substituting the reference again.
  if (e.list && LIST_METHOD.test(e.callee)) {
    const object = substituteRef(e.list, env.binding).key;
    if (object !== null && env.listTypeOf(e.list, object) !== null) return state;
  }
  // `ThrowIfFailed(list->Close())`: the argument is the HRESULT of a D3D12 call already recorded, not the list.
  const args = argumentsOf(e);
  const refs: ResourceRef[] = args.map((a) => substituteRef(a.resource, env.binding));
  const keys = new Set<string>();
  for (const r of refs) if (r.key) keys.add(r.key);
  // Handed a command list, an object whose declared type holds one (a class of the file with a list member), or the
  // list the analysed function records its commands on (`m_commandList.Get()` of a member the file cannot type); or
  // called for its effect on an object that holds one or is of an engine class the file does not see
  // (extract/api-calls.ts receiverReach; a parameterless accessor, `m_ctx.GetResource()`, only reads): the call may
  // record barriers. What a call on an object changes of the object itself is the interpreter's (receiverGetters of
  // a non-const method). NOTE: an argument of a type the file does not declare is not taken as holding a list (its
  // name says nothing): the call forgets that object only.
  const accessor = e.args.length === 0 && ACCESSOR_NAME.test(e.callee);
  // A callee the file shows recording nothing (track/helper-frames.ts idleCallee) records no barrier on a list it is handed.
  const records = idle.records && ((e.receiverReach === 'list' && e.forEffect && !accessor)
    || args.some((a, i) => a.list || a.holdsList || (refs[i].key !== null && (env.listTypeOf(a.resource, refs[i].key) !== null || recordsOn(env, refs[i].key)))));
  // The caller's own method that the file defines with an event-free body (`void PollInput() {}`) reaches nothing of
  // `this` (track/helper-frames.ts idleOwnMethod).
  const members = !!e.reachesThis && !idle.own;
  // Every state is unknown after three kinds of call, none recognised by a name of the code base's own:
  // - a view of a resource the tracker cannot name (`staging`, `= texture` on one path, a new buffer on the other):
  //   what follows tests which one it was (`if (staging != texture)`), which the path facts cannot correlate
  //   (uses/view-creation-and-aliases.c, DirectXTK12's GenerateMips_UnorderedAccessPath);
  // - an unresolved flag getter that is the whole condition of an if (`if (IsEnhancedBarriersEnabled())`): it is
  //   usually tested again further on (`SwapBarriers()` and `Finish()` of DirectX-Graphics-Samples' D3D12Multithreading
  //   each pick legacy or enhanced barriers by it) and the path facts cannot tell the two tests agree;
  // - a D3D12 API call that transitions resources it is not handed by name (model/foreign-transitions.ts).
  const wholeState = view === 'unnamed' || !!e.testedFlag || FOREIGN_TRANSITIONS.has(e.callee);
  if (!records && !members && !wholeState && keys.size === 0) return state;
  // A method of an object that may record barriers (`copy->Transite(cl, s)` of a wrapper the file only declares) may
  // record them on the object's own resources, those of a local object included (`copy->Resource()`, `copy->m_res`).
  const receiver = records && e.receiverOp && e.list ? receiverPrefixes(e.list, e.receiverOp, env) : [];
  const reached = wholeState ? everything : reachOf({ keys, records, members, env, receiver });
  voidDeferredUses(env, reached);
  voidDeferredCommands(env, reached);
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
  // A container of pending barriers the call reaches (`m_pending` of `ctx`, filled by `ctx.Transition(…)`): the
  // call may submit it (`FlushBarriers()` the run does not define, or rules out), so what its barriers name is reached.
  const batches = [...state.batches.keys()].filter(reached);
  const named = new Set(batches.flatMap((k) => pendingKeys(state.batches.get(k)!)));
  const reachedNow = named.size ? (base: string) => reached(base) || named.has(base) : reached;
  // Nothing the call reaches is tracked here (`MakeData(data, m, s)`): the state is unchanged, no copy needed.
  if (replaced.length === 0 && batches.length === 0 && !reachesTracked(state, reachedNow)) return state;
  const next = state.clone();
  forgetWhere(next, reachedNow);
  for (const key of replaced) forget(next, key);
  // Submitted or still pending: at a later submit its resources become unknown again (a path join's `mixed`).
  for (const k of batches) next.own('batches').set(k, { items: [], mixed: [...pendingKeys(state.batches.get(k)!)], ...(state.batches.get(k)!.unreadable ? { unreadable: true } : {}) });
  return next;
}

/**
 * `memcpy(mapped, src, n)`, `__debugbreak()`, `upload->Unmap(0, nullptr)`, `frame.allocator->Reset()`: a CPU-only
 * function called as a free function, a CPU-access method of a resource called on an object, or any method of an
 * object declared as a D3D12 interface that records nothing (model/inert-calls.ts), handed no command list.
 * NOTE: the same names handed a list, or a method on an object that holds one, stay GPU work (a helper of that name).
 */
function cpuSide(e: UserCallEvent): boolean {
  if (e.onCommandList || e.receiverReach === 'list' || e.args.some((a) => a.list || a.holdsList)) return false;
  if (e.receiverOp) {
    return RESOURCE_CPU_METHODS.has(e.callee) || DESCRIPTOR_CPU_METHODS.has(e.callee) || (!!e.receiverClass && CPU_SIDE_INTERFACES.test(e.receiverClass)) || libraryObject(e.list?.text, e.receiverOp)
      || (e.args.length === 0 && CONTAINER_READS.has(e.callee) && NAMED_OBJECT.test(e.list?.text ?? ''));
  }
  if (e.qualifier && CPU_ONLY_SCOPES.has(e.qualifier)) return !CALLABLE_INVOKERS.has(e.callee) && !e.args.some((a) => LAMBDA.test(a.resource.text));
  return (!e.qualifier || e.qualifier === 'std') && !e.reachesThis && (CPU_ONLY_CALLS.has(e.callee) || LOGGING_CALL.test(e.callee));
}

const LAMBDA = /^\s*\[/;
/** An object named by a path of members and elements (`m_meshes[i].buffers.vertices`): no call in it. */
const NAMED_OBJECT = /^\s*[\w:]+(?:\s*(?:\.|->)\s*\w+|\s*\[[\w\s+\-*]*\])*\s*$/;
/**
 * `std::format(…)`, `std::to_wstring(…)`, `std::string(…)`, `fmt::format(…)`: a string the library makes, whose methods
 * (`.c_str()`) record nothing. (Not any `std::` call: `std::get<0>(lists)` may hand out a command list.)
 */
const LIBRARY_STRING = /^\s*(?:::)?(?:std|fmt)::(?:v?format|to_w?string|(?:basic_|w|u8|u16|u32)?string(?:_view)?|w?[io]?stringstream)\s*(?:<[^<>]*>)?\s*[({]/;

/**
 * `(m_name + L" Texture").c_str()`: a string concatenated with a literal, in parentheses, calls in it left out (a call
 * is an event of its own, and one handed the list counts as work there): a string the `+` makes.
 */
const STRING_CONCATENATION = /^\s*\((?:[^"()]|"(?:[^"\\]|\\.)*")*?(?:(?:L|u8|u|U)?"(?:[^"\\]|\\.)*"\s*\+|\+\s*(?:L|u8|u|U)?"(?:[^"\\]|\\.)*")(?:[^"()]|"(?:[^"\\]|\\.)*")*\)\s*$/;

function libraryObject(receiver: string | undefined, op: '.' | '->'): boolean {
  return op === '.' && receiver !== undefined && (LIBRARY_STRING.test(receiver) || STRING_CONCATENATION.test(receiver));
}

/**
 * The key prefixes of what an object a method is called on holds (`copy->`): as the receiver is keyed, and as its
 * name is written (a local bound to the object it points at is keyed as that object; what is reached through its
 * members and inline getters keeps the local's name).
 */
function receiverPrefixes(receiver: ResourceRef, op: string, env: TrackEnv): string[] {
  const key = substituteRef(receiver, env.binding).key;
  const names = new Set([key, receiver.text.replace(/\s+/g, '')].filter((k): k is string => !!k && /^[\w.>\-[\]]+$/.test(k)));
  return [...names].map((n) => `${n}${op}`);
}

/** The resources a batch's pending barriers name, and those its joined paths left unknown. */
function pendingKeys(b: Batch): string[] {
  return [...new Set([...(b.mixed ?? []), ...b.items.map((i) => i.barrier.resource?.key).filter((k): k is string => !!k)])];
}

/** What follows a handed object's key in the key of a resource it hands out (`w.get()->GetUnderlyingResource()`). */
const GETTER_OF = /^(?:\.get\(\))?(?:->|\.)\w+\(/;

// NOTE: the members of a handed object (`Prepare(&fb)` and `fb.colorTexture`) keep their states unless the call may
// record barriers: without a list it cannot transition them (paths/member-address-arguments.cpp). A call made without
// a caller (none: every key is reached) is not expected; the interpreter always passes the function it runs.
const everything = (): boolean => true;

/**
 * Which tracked keys (their base, without `|part`) an unresolved call reaches: a key it is handed, and what a getter
 * of a handed object returns (`m_states.Transition(wrapper, …)` reaches `wrapper->GetUnderlyingResource()`: the
 * wrapper is the resource to its engine); when it may be a method of the caller's class, every key that is not a
 * parameter or local of the caller (members, `this->…`, globals); when it may record barriers, every key but the
 * caller's locals it is not handed (a local resource is reached only through what the call gets; a parameter may
 * alias a member or a global).
 */
function reachOf(r: { keys: ReadonlySet<string>; records: boolean; members: boolean; env: TrackEnv; receiver: readonly string[] }): (base: string) => boolean {
  const { keys, records, members, env, receiver: object } = r;
  const handed = (base: string) => keys.has(base) || (keys.size > 0 && [...keys].some((k) => base.startsWith(k) && GETTER_OF.test(base.slice(k.length))))
    || object.some((p) => base.startsWith(p));
  if (!records && !members) return handed;
  // Keys name the analysed function's objects (a helper's are substituted into them): its locals are its own. NOTE:
  // in a helper (env.stack), a local of the analysed function may be what the helper was handed, under another name
  // (`staging = resource` in DirectXTK12's GenerateMips_UnorderedAccessPath): no local is kept there.
  const root = env.root;
  const locals = (env.stack.length === 0 || !records ? root?.locals : undefined) ?? [];
  const own = (base: string) => locals.includes(keyRoot(base)) || (!records && !!root?.params.includes(keyRoot(base)));
  // In a method called on an object (`output->Begin(cl)`), its members are that object's (`output->…`).
  const receiver = !records && env.binding?.receiver ? substituteRef(env.binding.receiver.ref, null).key : null;
  if (receiver) return (base) => handed(base) || base.startsWith(receiver + '.') || base.startsWith(receiver + '->');
  return (base) => handed(base) || !own(base);
}

const listsOf = new WeakMap<FunctionFacts, ReadonlySet<string>>();

/**
 * Whether `key` is a command list the analysed function (or the helper being evaluated) records on: the object of its
 * barriers, commands, Close/Reset and list methods. Its identity, not its name, makes it the list.
 */
function recordsOn(env: TrackEnv, key: string): boolean {
  const onList = (fn: FunctionFacts | null): boolean => {
    if (!fn) return false;
    for (const list of listsIn(fn)) if (list === key || reachedThrough(list, key)) return true;
    return false;
  };
  return onList(env.root) || onList(env.stack.length ? env.stack[env.stack.length - 1].fn : null);
}

/**
 * Whether the list key `list` is reached through the object `key` (`Unwrap(list)`, `ToNative(list)`, `list.Get()`,
 * `list->GetReal()`): a call handed the object may record on the list it wraps (renderdoc records through
 * `Unwrap(list)` and hands `list` to its action callbacks).
 */
function reachedThrough(list: string, key: string): boolean {
  if (list.endsWith(`(${key})`) && /^[\w:]+$/.test(list.slice(0, -key.length - 2))) return true;
  return list.startsWith(key) && /^(?:\.get\(\))?(?:->|\.)\w+\(\)$/.test(list.slice(key.length));
}

export function listsIn(fn: FunctionFacts): ReadonlySet<string> {
  let out = listsOf.get(fn);
  if (out) return out;
  const found = new Set<string>();
  forEachEvent(fn.body, (e) => {
    const onList = e.kind === 'barrier-call' || e.kind === 'resource-barrier-call' || e.kind === 'command' || e.kind === 'close' || e.kind === 'reset'
      || (e.kind === 'user-call' && e.onCommandList);
    if (onList && e.list?.key) found.add(e.list.key);
  });
  listsOf.set(fn, (out = found));
  return out;
}

/** A view creation (model/uses.ts VIEW_CREATION) of a resource the tracker names (`known`) or not (`unnamed`). */
function viewOf(e: UserCallEvent, env: TrackEnv): 'known' | 'unnamed' | undefined {
  const view = viewCreation(e);
  if (!view || view.resource === null) return undefined;
  const arg = e.args[view.resource + e.args.length - view.argc];
  if (!arg || /^\s*(?:NULL|nullptr|0)\s*$/.test(arg.resource.text)) return undefined;
  return substituteRef(arg.resource, env.binding).key ? 'known' : 'unnamed';
}

/** A device's view creation (`CreateShaderResourceView(res, desc, handle)`, or its C COM macro with the device first). */
function viewCreation(e: UserCallEvent): (typeof VIEW_CREATION)[string] | undefined {
  const view = Object.hasOwn(VIEW_CREATION, e.callee) ? VIEW_CREATION[e.callee] : undefined;
  return view && !e.onCommandList && (e.args.length === view.argc || e.args.length === view.argc + 1) ? view : undefined;
}

function reachesTracked(state: TrackState, reached: (base: string) => boolean): boolean {
  for (const k of state.res.keys()) if (reached(baseKey(k))) return true;
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
