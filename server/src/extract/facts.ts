// What the extractor understood: barriers, calls, creations and a small statement tree per function.
// These are plain data (no tree-sitter nodes), consumed by track/ and rules/.
import type { FrameMember, FrameScope } from './frame-members';
import type { FrameClass, FrameHeaderQuery } from './header-frame-members';
import type { BarrierKind, CommandListType, Range } from '../types';
import type { BindEvent, ClassViews, DescriptorFacts, GpuWorkEvent, HandleFact, HandleHelper, MemberView } from './descriptor-facts';
import type { Condition, Field, ResourceRef } from './operands';
import type { ZeroCountPath } from './count-paths';
import type { AlignmentConstantUse } from './platform-constants';
import type { Forwarder } from './forwarding-macros';


export type { Condition, Field, FieldOrigin, ResourceRef } from './operands';
export type { ZeroCountPath };

/** Barrier kinds are shared vocabulary (types.ts): the Xbox message data names them too. */
export type { BarrierKind };

/** One barrier as the code builds it. Field names are the struct member names (SyncBefore, StateAfter, ...). */
export interface BarrierFact {
  kind: BarrierKind;
  /** Id of the construction site (index into FileFacts.sites) this barrier came from. */
  site: number;
  range: Range;
  fields: Record<string, Field | undefined>;
  resource?: ResourceRef;
  /** Legacy aliasing: the "after" resource (`resource` is the "before" one). */
  resourceAfter?: ResourceRef;
  /** Legacy raw struct: the declared Type, if set explicitly. */
  declaredType?: Field;
  /**
   * Legacy raw struct whose Type is a helper's parameter (`b.Type = type;`): the UAV and aliasing readings of its
   * union, for the call site to pick once the caller's argument names the type (track/env.ts substituteBarrier).
   * Still present on a barrier the tracker meets: its type is not known (track/barrier-effects.ts unknownType).
   */
  byType?: { uav?: ResourceRef; aliasing?: { before?: ResourceRef; after?: ResourceRef } };
  /** True when the barrier stands for "some element" of an array filled in a loop (fields may be partial). */
  fromLoop?: boolean;
}

export interface BarrierGroupFact {
  site: number;
  range: Range;
  /** Group type implied by the array element type ('texture'|'buffer'|'global'), or null when unknown. */
  elementType: 'texture' | 'buffer' | 'global' | null;
  /** Declared Type field for raw D3D12_BARRIER_GROUP structs. */
  declaredType?: Field;
  numBarriers: Field;
  /** Barriers the group points at, or null when the pointer could not be followed. */
  barriers: BarrierFact[] | null;
  /** The source sets the group's barrier pointer to a null literal (`nullptr`, `NULL`, `0`) and to nothing else. */
  nullPointer?: { member: string; range: Range };
  /** The pointer is a batch container's data (`m_textures.data()`, extract/batches.ts): what was added is submitted. */
  batch?: ResourceRef;
}

export interface ResourceCreation {
  resource: ResourceRef;
  api: string;
  dimension: 'buffer' | 'texture1d' | 'texture2d' | 'texture3d' | null;
  width?: number | null;
  mipLevels: number | null;
  arraySize: number | null;
  flags: number | null;
  heapType: number | null;
  /**
   * The heap type when it is exactly a parameter of the creating helper (`CD3DX12_HEAP_PROPERTIES props(type)`,
   * `props.Type = heapType`), or chosen by one (`cpu ? UPLOAD : DEFAULT`): the tracker gives the creation the
   * caller's heap type at each call (track/apply.ts helperCreation). Absent when `heapType` is known.
   */
  heapTypeArg?: Field;
  /**
   * When `heapType` is null because the paths of an if/else, switch or conditional expression set the heap
   * properties' Type to different known heap types (`props.Type = mappable ? UPLOAD : DEFAULT`): those types.
   */
  heapTypeOneOf?: readonly number[];
  /**
   * The creating helper's parameter its heap properties come through (`const D3D12_HEAP_PROPERTIES* heap`), when the
   * heap type is not known in the helper: the caller's argument's Type at each call (extract/heap-props-args.ts).
   */
  heapPropsParam?: number;
  /**
   * The creating helper's parameter its resource desc comes through (`const D3D12_RESOURCE_DESC& desc`), when the
   * dimension is not known in the helper: the caller's argument's Dimension at each call (extract/heap-props-args.ts).
   */
  descParam?: number;
  sampleCount?: number | null;
  /** The DXGI_FORMAT enumerator the desc names (`DXGI_FORMAT_D24_UNORM_S8_UINT`), when the source spells one. */
  format?: string | null;
  /**
   * A placed resource's memory: the heap's key (or the GPU virtual address expression's, Xbox) and the offset in it
   * (0 for an address; null when not a constant). Two resources with one heap and one offset alias.
   */
  placement?: { heap: string | null; offset: number | null };
  /** Legacy InitialState / ResourceState, when the API has one. */
  initialState?: Field;
  /**
   * When `initialState` is not one number because the paths of an if/else, switch or conditional on a local choose it
   * (`state = hasData ? COPY_DEST : COMMON`), and every path of the function reaches the creation: those states.
   * Absent when a parameter of the function decides it (its callers do).
   */
  initialStateOneOf?: readonly number[];
  /** Enhanced InitialLayout, when the API has one. */
  initialLayout?: Field;
  /**
   * Made through ID3D12Device10 or later (extract/runtime-interfaces.ts): the call runs only on runtimes with
   * enhanced barriers (Agility SDK 1.606+), so what only older runtimes reject is no finding.
   */
  newerRuntime?: boolean;
  /** Swap-chain buffer (GetBuffer): starts in COMMON/PRESENT. */
  swapChain?: boolean;
  /** A swap-chain buffer taken mid-frame (extract/api-calls.ts midFrameBuffer): its state is not known. */
  midFrame?: boolean;
}

interface EventBase {
  site: number;
  range: Range;
  /** Command list (or device/queue) the call is made on, when known. */
  list?: ResourceRef;
}

export interface BarrierCallEvent extends EventBase {
  kind: 'barrier-call';
  count: Field;
  groups: BarrierGroupFact[] | null;
  /** The group array argument is a null literal (`Barrier(n, nullptr)`): its range. */
  nullArray?: Range;
  /** The count is a local counter still 0 on the path where none of the conditions that raise it holds. */
  zeroOnPath?: ZeroCountPath;
  /** Submitted by a helper of the file at this call (extract/submit-helpers.ts): its name. */
  helper?: string;
}

export interface ResourceBarrierCallEvent extends EventBase {
  kind: 'resource-barrier-call';
  count: Field;
  barriers: BarrierFact[] | null;
  /** The barrier array argument is a null literal (`ResourceBarrier(n, NULL)`): its range. */
  nullArray?: Range;
  /** The count is a local counter still 0 on the path where none of the conditions that raise it holds. */
  zeroOnPath?: ZeroCountPath;
  /** The array is a container the function does not hold (`m_barriers.data()`): what was added to it is submitted. */
  batch?: ResourceRef;
  /** The submit is in a `const` method: it cannot empty the container, which still holds what it submitted. */
  keepsBatch?: boolean;
  /**
   * Some element of the array holds a barrier that cannot be read (copied element by element from another container
   * in a loop, filled by a callee through the pointer): besides `barriers`, the call may transition any resource.
   */
  unreadableElements?: true;
  /**
   * The container was filled differently on the branches of an if/else (extract/container-paths.ts): the barriers
   * each path submits. The walker turns the call into one call per path; `barriers` is their union.
   */
  /** Submitted by a helper of the file at this call (extract/submit-helpers.ts): its name. */
  helper?: string;
  paths?: { choice?: SubmittedChoice; barriers: BarrierFact[][] };
}

/**
 * Which of a submission's per-path lists a path submits: a leaf names the list; a node is the if that chose between
 * its branches' lists (`cond` left out when the code between may have changed what it tests).
 */
export type SubmittedChoice = { list: number } | { cond?: Condition; then: SubmittedChoice; else: SubmittedChoice };

/** A barrier added to a container the function does not hold (a batch class's member vector), submitted later. */
export interface BatchAddEvent extends EventBase {
  kind: 'batch-add';
  container: ResourceRef;
  barriers: BarrierFact[];
  /** While the function is walked: the struct, read once the function is done (extract/batches.ts). */
  live?: unknown;
  /** What was added cannot be read (`m_queue.push_back(b)` of a helper's barrier parameter): it may be any barrier. */
  unreadable?: boolean;
  /**
   * Nothing is added: the transitions the container holds (pending, or kept by a submit that leaves them) swap their
   * before- and after-states (a loop of `swap(b.Transition.StateBefore, b.Transition.StateAfter)`, extract/batches.ts).
   */
  reverse?: boolean;
}

export interface CreationEvent extends EventBase {
  kind: 'resource-creation';
  creation: ResourceCreation;
}

export interface ListCreationEvent extends EventBase {
  kind: 'command-list-creation';
  listType: CommandListType | null;
  api: string;
  /** Interface named in the IID (`IID_PPV_ARGS(&x)` → type of x when declared), e.g. ID3D12GraphicsCommandList. */
  iface?: string;
}

/** `CreateCommandQueue(&desc, …)`: the queue's type from `desc.Type` (null when unknown). `list` is the device. */
export interface QueueCreationEvent extends EventBase {
  kind: 'queue-creation';
  queue: ResourceRef;
  listType: CommandListType | null;
  api: string;
}

export interface CommandEvent extends EventBase {
  kind: 'command';
  /** Method name: CopyResource, Dispatch, DrawInstanced, ClearUnorderedAccessViewUint, ... */
  method: string;
  /** Resource arguments with the role they play (dest, source, argument-buffer, ...). */
  /** `partial`: the command writes only part of the resource (a UAV clear with rectangles). */
  resources: { role: string; ref: ResourceRef; subresource?: Field; partial?: boolean }[];
}

/**
 * A debug-layer assertion on a debug command list (`dbg->AssertTextureLayout(tex, sub, layout)`, model/api.ts
 * STATE_ASSERTS): what the code claims about the resource at this point of the list. Records no GPU work.
 */
export interface StateAssertEvent extends EventBase {
  kind: 'state-assert';
  method: string;
  asserts: 'layout' | 'access' | 'state';
  resource: ResourceRef;
  subresource: Field;
  value: Field;
}

export interface ExecuteEvent extends EventBase {
  kind: 'execute-command-lists';
  lists: ResourceRef[] | null;
}

export interface ListOpEvent extends EventBase {
  kind: 'close' | 'reset';
}

/** A call to a function that might be a barrier helper; resolved through function summaries by the tracker. */
export interface UserCallEvent extends EventBase {
  kind: 'user-call';
  callee: string;
  /** `list`: the argument is declared as a D3D12 command list. */
  /** `holdsList`: its declared type is a class of the file holding one (extract/plain-types.ts). */
  /** `handle`: a descriptor handle the caller holds there (a local it computed), with the caller's descriptor scope. */
  /** `sym`: a member of the caller's class that its path facts follow (extract/member-facts.ts), passed as it is. */
  args: {
    field: Field; resource: ResourceRef; list?: boolean; holdsList?: true; plain?: true; handle?: { h: HandleFact; scope: string }; sym?: string;
    /** The heap Type of the D3D12_HEAP_PROPERTIES the argument is or points at (`&heap`), when known. */
    heapType?: number;
    /** The Dimension of the resource desc the argument is or points at (`desc`, `&desc`), when known. */
    dimension?: NonNullable<ResourceCreation['dimension']>;
  }[];
  /**
   * The callee may be a method of the caller's class (`F()` in a method, unless the file declares F outside any
   * class; `this->F()`; `*this` handed): it reaches the caller's members and the globals (track/havoc-call.ts).
   */
  reachesThis?: true;
  /** `obj.F()` / `obj->F()` on an object whose declared type holds a command list: it may record (track/havoc-call.ts). */
  receiverReach?: 'list';
  /**
   * The call only checks an HRESULT (`ThrowIfFail(list->Close())`, `Verify(hr, __LINE__)`; extract/result-checks.ts):
   * it is handed no object, so it resets, records and replaces nothing, whatever its name.
   */
  checksResult?: true;
  /**
   * The call is a method of a D3D12 command list (the object is declared as one, or a C COM macro
   * `ID3D12GraphicsCommandList_X(list, ...)`): not a barrier, copy or Close/Reset, which are events of their own.
   */
  onCommandList?: boolean;
  /** For `obj.F()` / `obj->F()`: the class of `obj` when its declaration names one (`ResourceUploadBatch`). */
  receiverClass?: string;
  /** For `Ns::F()`: the scope it names last (`Ns`); F is no method of another class (track/interpreter.ts resolve). */
  qualifier?: string;
  /**
   * `m_rhi->F()`: the object is a name the file declares nowhere (extract/types.ts undeclaredName), so its class is
   * unknown: it may be declared as a base of the class whose F the run holds (track/helper-frames.ts).
   */
  undeclaredReceiver?: true;
  /** For `obj.F()` / `obj->F()` (not on `this`): how the call reaches the object, so `m_res` in F names `obj.m_res`. */
  receiverOp?: '.' | '->';
  /** The receiver class's base classes, as far as the file declares them (a method may be a base's). */
  receiverBases?: string[];
  /** `F()` or `this->F()`: inside a method, the calling method's own class is the first place to look for F. */
  ownClass?: true;
  /** The getter or setter of a state-tracking wrapper's bookkeeping (extract/state-guards.ts): changes no state. */
  bookkeeping?: true;
  /**
   * An entry of a member-initializer list of a constructor whose class the file does not declare
   * (`Index::Index(d, n) : Buffer(d, UPLOAD, n, INDEX_BUFFER)`, the class in a header): a base's constructor when the
   * run defines a constructor of that name (`Buffer::Buffer`), else a member's initialisation, which is no call
   * (extract/base-initializers.ts; track/interpreter.ts).
   */
  baseIfConstructor?: true;
  /** The call is in a branch of an if whose condition the path facts cannot follow (`if (tests[i].is_uav)`). */
  undecidedBranch?: true;
  /**
   * The caller leaves when the call's result passes this test (`if (!ok) return …;`: `==0`; `if (FAILED(hr)) return;`:
   * `<0`; `if (hr == S_FALSE) return;`: `==1`; `if (hr != S_OK) return;`: `!=0`): the helper's exits whose result
   * passes it end there (extract/failure-exits.ts).
   */
  leavesOnFailure?: LeaveTest;
  /** `obj.M();` / `if (obj->M())`: called on an object for its effect, not as a getter of what it returns (track/getter-aliases.ts). */
  forEffect?: true;
  /**
   * `m_tex = Create…(…)` / `auto t = Create…(…)`: the resource pointer the call's result is stored in. When the callee
   * returns one of its own locals (FunctionFacts.returnsLocal), the target is that object (extract/returned-locals.ts).
   */
  resultTo?: ResourceRef;
  /** `if (F())`, `if (!Cls::F())`: a parameterless function call is the whole condition of an if (track/havoc-call.ts). */
  testedFlag?: true;
  /**
   * `if (m_tex.IsMultisampled())`, `if (!scene->Ready())`: a parameterless method of an object is the whole condition
   * of an if. Such a query of another file's class is not taken as idle (track/helper-frames.ts eventlessCall): the
   * flag it reads is usually tested again further on, which the path facts cannot correlate.
   */
  testedQuery?: true;
}

/** `res = call(…)`: the resource pointer holds a call's result, another object of unseen creation (extract/rebinds.ts). */
export interface RebindEvent extends EventBase {
  kind: 'rebind';
  resource: ResourceRef;
  /**
   * `v.push_back(…)`: the name is a container's end (`v.back()`), another element from here on: every key under it
   * (`v.back().first`, `v.back()->res`) is rebound too (extract/rebinds.ts recordEndShift).
   */
  elements?: true;
}

/**
 * `m_frame = 1 - m_frame;` / `++m_backIndex`: a value that subscripts resource names (`m_targets[m_frame]`) changed,
 * so each of those names denotes another element from here on (extract/rebinds.ts).
 */
export interface ReindexEvent extends EventBase {
  kind: 'reindex';
  sym: string;
}

/** `std::swap(m_ping, m_pong)` of two resource pointers: from then on each name holds the other's object. */
export interface SwapEvent extends EventBase {
  kind: 'swap';
  resources: [ResourceRef, ResourceRef];
  /**
   * One way only (`*out = buffer;` in a factory, extract/rebinds.ts recordHandOver): the second name holds the first's
   * object from then on, and takes what is tracked for it.
   */
  handOver?: true;
}

export type Event =
  | RebindEvent | ReindexEvent | SwapEvent | BarrierCallEvent | ResourceBarrierCallEvent | CreationEvent | ListCreationEvent | CommandEvent
  | ExecuteEvent | ListOpEvent | UserCallEvent | BindEvent | GpuWorkEvent | QueueCreationEvent | BatchAddEvent
  | StateAssertEvent;

/** A test that skips a barrier as a no-op by its own values (extract/noop-tests.ts). */
export interface NoopTest {
  resource: ResourceRef;
  /** The after-value: the state (legacy) or layout (texture) the skipping path's resource is in. */
  value: number;
  family: 'legacy' | 'layout';
  /** The then-branch is the skipping path (`==`); otherwise the else-branch (`!=`). */
  onThen: boolean;
  /**
   * The after-value is this parameter of the helper (`if (before == after) return;` over its barrier's values,
   * noop-tests.ts paramNoops): `value` is unused, the call site's argument gives it (none known: nothing is narrowed).
   */
  afterParam?: Field;
  /** With `afterParam`: the before-value parameter; only a call handing a value it knows nothing of reads the test. */
  beforeParam?: Field;
}

/** The path value a function's `return false;` writes (extract/failure-exits.ts): a keyword, no variable's name. */
export const RESULT_SYM = 'return';

/** A caller's test of a helper's result that makes it leave (UserCallEvent.leavesOnFailure). */
export type LeaveTest = '==0' | '<0' | '==1' | '!=0';

/**
 * A path left through the failure branch of a resource creation (`if (FAILED(hr)) return hr;`): set to 1 on it
 * (extract/failed-creations.ts). No other value has this name (not an identifier).
 */
export const FAILED_CREATION_SYM = 'creation failed';

/** Whether `name` is one of `fn`'s own parameters or locals (not a member or a global). */
export function declaresName(fn: FunctionFacts, name: string): boolean {
  return fn.params.includes(name) || (fn.locals ?? []).includes(name);
}

/** A call's identity within its function: where it starts (a forget names the call it follows by this). */
export function rangeKey(r: Range): string {
  return `${r.startLine}:${r.startColumn}`;
}

/** Structured control flow, enough for the tracker to build its graph. */
export type Stmt =
  /** `scoped`: names a nested block declares (that no outer name had): out of scope after it. */
  | { k: 'seq'; body: Stmt[]; scoped?: string[] }
  /** `cond`: a comparison the tracker may decide once a helper's parameters are bound (see extract/conditions.ts). */
  /**
   * `guard`: a state-tracking wrapper's test (extract/state-guards.ts): when undecided, only the transition is followed
   * ('then': the branch; 'skip': past the early return), as the wrapper's bookkeeping says the resource ends in the state.
   * ('is': the bookkeeping equals `guardValue`, a state or layout the branch transitions out of: the tracker decides
   * it by the tracked state of that barrier's resource).
   * `batchGuard`: the test is whether this batch container holds anything (extract/batches.ts).
   * `emptyBatch`: an early return taken only when this batch container is empty (`if (m_v.empty()) return;`).
   * `once`: a once-only block on a member or global flag the block sets (extract/once-guards.ts).
   * `history`: the test reads a member or global flag the function assigns elsewhere (extract/once-guards.ts): the
   * branch taken depends on earlier calls, so what one branch assumes at first use is not the other's entry state.
   * `later`: the branch of a `history` test on a count the function steps that runs only once the count is not 0
   * (extract/once-guards.ts laterCallsBranch): it does not meet a resource in the state it was created in.
   * `noop`: the test skips a barrier whose before-value is bookkeeping equal to its after-value (extract/noop-tests.ts).
   * `exhaustive`: the last test of an if/else-if chain naming every enumerator of one enum: no path runs past the
   * chain with no branch taken (extract/exhaustive-switch.ts closesEnumChain).
   * `bookkeeping`: with a 'then' or 'skip' guard, the bookkeeping it tests and stores (`m_state`; a local copy and
   * what it copies), normalised (extract/state-guards.ts guardBookkeeping).
   */
  | { k: 'if'; then: Stmt; else: Stmt | null; range: Range; cond?: Condition; guard?: 'then' | 'skip' | 'is'; guardValue?: number; batchGuard?: ResourceRef; emptyBatch?: ResourceRef; once?: boolean; history?: boolean; later?: 'then' | 'else'; noop?: NoopTest; exhaustive?: true; bookkeeping?: string[] }
  /**
   * `varying`: identifiers that may name something else on each iteration (declared in the loop, or assigned or
   * incremented in it). A resource expression that mentions one (`targets[i]`, `t.res` in `for (auto& t : ...)`)
   * denotes a different resource on the next iteration. An assigned member of a named variable is its path
   * (`ctx.pipeline_state`): only resources named through that member vary.
   */
  /** `scoped`: names the loop declares (its variable, its body's locals): out of scope after it. */
  /** `subresources`: the body names subresources by the loop's counter, so it runs at least once (subresource-loops.ts). */
  /**
   * `forever`: no condition to fail (`for (;;)`, `while (true)`): left only by break or return. `once`: `do { … }
   * while (0)`, or a counted loop whose constant bound stops it after its first iteration (`for (i = 0; i < 1; ++i)`):
   * the body runs exactly once; `break` and `continue` leave it.
   */
  | { k: 'loop'; body: Stmt; doWhile: boolean; range: Range; varying: string[]; counter?: LoopCounter; bound?: LoopBound; scoped?: string[]; subresources?: boolean;
    forever?: true; once?: true; countParam?: CountParam }
  /** `sym`/`labels`: the tested value and each case's label (its value when it folds, and its text), or 'default'. */
  /** `hasDefault`: a `default:` label, or labels naming every enumerator of the file's enum (exhaustive-switch.ts). */
  /**
   * `caseTests`: without path facts for the tested value, each case's test `value == label` when the value is a
   * parameter (null for `default`): a caller's constant argument decides which case runs (extract/switch-tests.ts).
   * `taken`: the case a test of a fixed local enters (extract/const-locals.ts), -1 for none; the cases before it
   * are not walked, the ones after it run only when it falls through.
   */
  | { k: 'switch'; cases: Stmt[]; hasDefault: boolean; range: Range; sym?: string; labels?: SwitchLabel[]; caseTests?: (Condition | null)[]; taken?: number }
  /** A tested value is stored: the constant, or null; `delta` for `x++` / `x += 2` (track/paths.ts). */
  /** `sym = value` (a constant, or null), `sym += delta`, or `sym = <comparison>` (`cond`: the value is that test). */
  /** `from`: the value is the function's parameter (`m_stateIn = stateIn;`): what the caller passed, when known. */
  | { k: 'write'; sym: string; value: number | null; delta?: number; text?: string; cond?: Condition; from?: Field }
  /** A call may have changed these tested values. */
  /** `end`: the values are tested no more (their paths may join here), not written. */
  /** `call`: the method call (its rangeKey) whose possible member writes these are. */
  | { k: 'forget'; syms: string[]; end?: boolean; call?: string }
  | { k: 'return'; range: Range }
  | { k: 'break' }
  | { k: 'continue' }
  | { k: 'event'; event: Event };

/**
 * `ls`/`rs`: the side-effect-free value a side names (a local, parameter or member: track/paths.ts keeps what a path
 * learnt about it); `truthy`: the condition was a bare value (`if (x)`, read as `x != 0`). `opaque`: a part that
 * cannot be decided (a call), so only the other side of `&&`/`||` tells something.
 */
export type SwitchLabel = { value: number | null; text: string } | 'default';

/** `for (i = start; i OP bound; i += step)` with constants and no other write to `i` in the loop. */
/** A loop's test of its counter against a constant (`i >= 0`): what every entry into the body knows. */
export interface LoopBound {
  sym: string;
  op: string;
  value: number;
}

/**
 * `for (UINT i = 0; i < count; ++i)` with `count` a parameter of the function the body does not write: a call that
 * passes a known count runs the body `count - start` times (track/loops.ts decides none and one).
 */
export interface CountParam {
  param: number;
  start: number;
}

export interface LoopCounter {
  sym: string;
  start: number;
  step: number;
  /** The condition holds for `start`: the loop runs at least once (no zero-iteration path). */
  atLeastOnce: boolean;
  /** The condition holds for `start` and not for `start + step` on a constant bound (`i < 1`): exactly one run. */
  exactlyOnce?: true;
  /** The counter is tested in a condition: paths follow its value (first iteration, values already passed). */
  guarded: boolean;
  /** The loop's first test with the counter at its start (`1 < levels`), on a bound the path facts follow. */
  entry?: Condition;
  /** The path-fact key (`j==#levels-1`) of the counter's last value under a bound the body does not write. */
  last?: string;
}


export interface FunctionFacts {
  /** Unqualified name (`Transition`), used to resolve calls. */
  name: string;
  qualifiedName: string;
  /**
   * Whether the scope the qualified name names last is a namespace or a class, as the function's file shows it
   * (extract/scope-kinds.ts); undefined when the file does not say.
   */
  scopeKind?: 'namespace' | 'class';
  params: string[];
  range: Range;
  body: Stmt;
  lambda: boolean;
  /** Whether the body records anything barrier-related (barriers, creations, user calls): helpers worth summarizing. */
  relevant: boolean;
  /** The body holds a syntax error: what its unread lines do is unknown, so it is never taken as recording nothing. */
  unparsed?: true;
  /** The descriptors a table this function binds spans at most (its own root signatures' ranges; table-spans.ts). */
  tableSpan?: number;
  /** Names declared in the body (not parameters): a resource named through one means nothing to a caller. */
  locals?: string[];
  /**
   * On a helper another file of the run may call (track/workspace.ts workspaceHelpers): the swap-chain buffers its
   * own file knows (track/file-uses.ts: `m_rt[…]` for an array's elements, or a key), so that a `Present` the caller
   * reaches after it checks them. Never set by extraction.
   */
  swapChains?: string[];
  /** The local every `return` hands back (`return resource;` of a resource factory; extract/returned-locals.ts), as tracked. */
  returnsLocal?: ResourceRef;
  /** Default arguments by parameter (`after = D3D12_RESOURCE_STATE_COMMON`); `required`: parameters before the first one. */
  defaults?: (Field | undefined)[];
  required?: number;
  /** Parameters the body never writes, takes the address of or binds a reference to: a caller's value throughout. */
  stableParams?: string[];
  /** Parameters the body may give another value (extract/rebound-params.ts rewrittenParams): keys past a root never take the caller's argument text. */
  rewrittenParams?: string[];
  /** Stable parameters whose tests the path facts follow: a caller's path can carry what the helper learnt of them. */
  factParams?: string[];
  /** Members of its class whose tests the path facts follow (extract/member-facts.ts): carried in from a method's caller. */
  factMembers?: string[];
  /**
   * The class a parameter or local is declared as (`VeRenderer& kRenderer` → VeRenderer), for names of a class type
   * only: `kRenderer.m_copyList` is the member list the class's own methods create (track/list-types.ts).
   */
  objectClasses?: Record<string, string>;
  /**
   * Range-for elements bound by reference to a member or global container (`for (auto &c : cmdLists_)` → c:
   * cmdLists_, extract/range-elements.ts): a list created into `c.cmdList` is the `cmdList` of every element.
   */
  rangeElements?: Record<string, string>;
}

/** A construction site, as `--format facts` prints it. */
export interface Site {
  kind: string;
  range: Range;
  resource: string | null;
  fields: Record<string, string | number | null>;
}

/** Something the extractor could not understand or that is wrong by itself (unknown enumerator, no overload). */
export interface ExtractProblem {
  /** `analysis-budget` / `analysis-error`: the tracker stopped on a function (budget, internal error). */
  kind: 'unknown-enumerator' | 'no-matching-overload' | 'parse-error' | 'analysis-budget' | 'analysis-error';
  range: Range;
  text: string;
  detail: string;
  /** Found in a `#define` body (re-anchored there), not at a use. */
  definition?: boolean;
  /** In the body of a macro the file never expands (only `#ifndef`/`#define` name it). */
  unusedMacro?: boolean;
}

export interface FileFacts {
  functions: FunctionFacts[];
  /** Final snapshot of every barrier construction site (also those never passed to a call in this file). */
  barriers: BarrierFact[];
  sites: Site[];
  problems: ExtractProblem[];
  parseErrors: number;
  /** Default arguments the file's prototypes give (`name/parameter count`), for a definition in another file. */
  prototypeDefaults?: PrototypeDefaults[];
  /** Descriptor heaps' views, buffer views and stored handles of the whole file (extract/descriptors.ts). */
  descriptors?: DescriptorFacts;
  /** Functions of the file that compute a descriptor handle from their parameters (extract/handle-helpers.ts). */
  handleHelpers?: HandleHelper[];
  /** Names called where a handle may be that the file does not define as a handle helper. */
  unresolvedHandleCalls?: string[];
  /** Struct members that name a view (extract/member-views.ts), and the ones the file used without knowing them. */
  memberViews?: MemberView[];
  unresolvedMembers?: string[];
  /** What the file's methods wrote about their class's members, and the classes whose methods it defines (extract/class-views.ts). */
  classViews?: ClassViews[];
  methodClasses?: string[];
  /** D3D12-prefixed constants the file defines (extract/constants.ts). */
  definedNames?: string[];
  /** The file's forwarding macros (extract/forwarding-macros.ts), for the other files of a run that call them. */
  forwarders?: [string, Forwarder][];
  /** The file's enumerators outside functions, with their values, for the other files of a run. */
  enumerators?: [string, number][];
  /**
   * The file's scalar constants outside functions that it defines once (`#define FRAME_COUNT 3`, `static const UINT
   * FrameCount = 2;`), with their values: a header's are given to the other files of a run (analyze.ts).
   */
  constants?: [string, number][];
  /** Names used as values that did not fold (an enumerator of another file may name them). */
  unfolded?: string[];
  /** The file's class members declared as graphics interfaces (`ID3D11DeviceContext4* ctx`), with their types. */
  graphicsMembers?: [string, string][];
  /** Names a D3D12 command met with no declared type (extract/types.ts: noteUntyped). */
  untyped?: string[];
  /** The file's methods, each with whether every declaration is `const`; and the methods it called unknown (member-writes.ts). */
  methodConstness?: [string, boolean][];
  unknownMethods?: string[];
  /** Methods other files of a run declare without `const` that the file calls (cli/cross-file.ts): they may change an object's getters. */
  mutatingMethods?: string[];
  /** What the file's methods do with their class's members (member-facts.ts): a multi-file run gives them to the files of the same classes. */
  methodUses?: MethodUses[];
  /** The file's one-return getters, by name with their definition's text, and the getter names it called on objects without knowing them (imported-getters.ts). */
  getterDefinitions?: [string, string][];
  missedGetters?: string[];
  /** The file's translation helpers and D3D12 conversions by name with their text, and the names it calls without defining them (imported-functions.ts). */
  functionDefinitions?: [string, string][];
  calledNames?: string[];
  /**
   * Functions and local lambdas (`auto set = [](D3D12_RESOURCE_BARRIER& b, ...) {...}`) that fill a barrier through an
   * out-parameter (extract/fill-helpers.ts), by name and parameter count: their calls are followed at extraction.
   */
  fillHelpers?: { name: string; params: number }[];
  /** Uses of PC alignment constants whose Xbox value differs (extract/platform-constants.ts). */
  alignmentConstants?: AlignmentConstantUse[];
  /** The file names D3D12_FEATURE_D3D12_OPTIONS12 or EnhancedBarriersSupported: it queries enhanced-barrier support. */
  enhancedSupportQuery?: true;
  /** The file exports `D3D12SDKVersion` of Agility SDK 1.606 or later: the application never runs on an older runtime. */
  newerRuntimeExport?: true;
  /** Names holding the swap chain's back-buffer index, and its direct index calls (extract/back-buffer-indices.ts). */
  backBufferIndices?: string[];
  /** Resource pointers the file creates and never moves or hands out (extract/settled-members.ts). */
  settledMembers?: string[];
  /** Members the file creates and never moves (extract/unmoved-members.ts; track/elsewhere-entry.ts). */
  unmovedMembers?: string[];
  /** Members one parameterless method alone moves (extract/frame-members.ts; track/frame-invariant.ts). */
  frameMembers?: FrameMember[];
  /** What the language server must watch for those answers (extract/frame-members.ts FrameScope). */
  frameScope?: FrameScope;
  /** Members of its out-of-class methods a header's class may make frame members (extract/header-frame-members.ts). */
  frameHeader?: FrameHeaderQuery;
  /** The file's class bodies with the fields only their own methods reach (extract/header-frame-members.ts). */
  frameClasses?: FrameClass[];
  /** Swap-chain buffer arrays only the file's own barriers can move (extract/sealed-swap-chains.ts; track/back-buffer-entry.ts). */
  sealedSwapChains?: string[];
  /** The arrays `GetBuffer` fills, sealed or not (what the editor's function path watches: lsp/frame-scope.ts). */
  filledSwapChains?: string[];
  /**
   * Swap-chain arrays sealed if a header of the run declares them as private fields of the class whose methods alone
   * name them (asked in frameHeader; confirmed ones come back as frameMembers): extract/sealed-swap-chains.ts.
   */
  headerSwapChains?: string[];
  /** The file creates the device or checks device features (D3D12CreateDevice, CheckFeatureSupport). */
  deviceSetup?: true;
  /** The file names a COMPUTE, COPY or video command list/queue type: the application is not direct-queue only. */
  otherQueueTypes?: true;
  /**
   * Each class's base classes as the file declares them (`class ComputeContext : public CommandContext`), for the
   * other files of a run: `ctx.TransitionResource(...)` on a ComputeContext is the base's method.
   */
  classBases?: [string, string[]][];
}

/** `HRESULT Read(ID3D12Resource* r, ID3D12Resource* staging = nullptr);` in a header: the defaults by parameter. */
export interface PrototypeDefaults {
  key: string;
  defaults: (Field | null)[];
}

/** One method's member uses (MemberUses), with its class: what a multi-file run hands between files. */
export interface MethodUses {
  cls: string;
  name: string;
  tests: string[];
  stores: string[];
  calls: string[];
  /** Members tested where the branch calls these methods by plain name (a test when one of them records barriers). */
  guarded?: [string, string[]][];
  /** The method's body holds barrier code. */
  records?: boolean;
}
