// An unresolved (or recursive) call: what it may have changed becomes unknown — the resources handed to it, or
// every resource when it may record barriers — and what it surely cannot change (list methods, views) is kept.
import type { ResourceRef, UserCallEvent } from '../extract/facts';
import { ACCESSOR_NAME, INERT_CALLS } from '../model/inert-calls';
import { VIEW_CREATION } from '../model/uses';
import type { TrackEnv } from './env';
import { substituteRef } from './env';
import { TrackState } from './state';
import { voidDeferredUses } from './bindings';
import { voidDeferredCommands } from './deferred-commands';
import { baseKey, forget, forgetWhere } from './forgetting';

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
  // A view creation of a known resource (`CreateShaderResourceView(tex, &desc, handle)`: its name says "resource")
  // records nothing: it only forgets what it is handed, as any other call would. Of a resource the code named
  // differently on two paths (`staging = resource` on one), it still forgets everything: what follows usually tests
  // which one it was (`if (staging != resource)`), which the tracker cannot correlate (model/inert-calls.ts).
  // (Out of branches the path facts cannot follow, a view creation of a known resource returned above.)
  // A parameterless accessor (`m_depth.GetResource()` inside the barrier it names, the texture class declared in
  // another file) reads a pointer: forgetting every state there hid each barrier's predecessor from the next.
  const accessor = e.args.length === 0 && ACCESSOR_NAME.test(e.callee);
  const mayRecord = MAY_RECORD.test(e.callee) && !e.reachesNothing && !accessor && !view;
  // NOTE: the list test of each argument (a list type lookup per key) only when the name does not already say so.
  const getsList = !mayRecord && args.some((a, i) => a.list || (refs[i].key && (env.listTypeOf(a.resource, refs[i].key) !== null || (!a.plain && listNamed(refs[i].key!, a.field.text)))));
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

function viewOfKnownResource(e: UserCallEvent, env: TrackEnv): boolean {
  const view = Object.hasOwn(VIEW_CREATION, e.callee) ? VIEW_CREATION[e.callee] : undefined;
  if (!view || view.resource === null || (e.args.length !== view.argc && e.args.length !== view.argc + 1)) return false;
  const arg = e.args[view.resource + e.args.length - view.argc];
  return !!arg && !!substituteRef(arg.resource, env.binding).key;
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
