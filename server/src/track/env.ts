// The tracker's environment for one analysed file: rule hooks, assumed entry states, known resources and list
// types, the helper-call stack with its parameter bindings, and where diagnostics go.
import type { BarrierFact, Field, FunctionFacts, ResourceCreation, ResourceRef } from '../extract/facts';
import { caseValue } from '../extract/param-choices';
import type { HandleFact } from '../extract/descriptor-facts';
import type { CommandListType, Range, RelatedLocation } from '../types';
import type { ListTypes } from './list-types';
import type { KnownResource, ResState, SettledCreation } from './state';
import type { SwapChainLog } from './swap-chain-log';
import { matchesSwapChain, type FileUses } from './file-uses';
import type { TrackContext, TrackedVisitors } from './visitors';

/** The caller's arguments, by parameter index, while a helper body is evaluated. */
export interface Binding {
  fields: Field[];
  refs: ResourceRef[];
  /** The function each argument's names belong to (the caller, or further out for a forwarded parameter). */
  owners: (FunctionFacts | null)[];
  /** `obj.F()`: the object in the caller's terms and how it is reached; F's own members are its members. */
  receiver?: { ref: ResourceRef; op: '.' | '->' };
  /**
   * The class of the object the method runs on, when the call that reached it named it (`BlurApp app; app.Run();`):
   * an implicit call in a base's method (`Draw()` in `App::Run`) is that class's override (track/helper-frames.ts).
   */
  dynamicClass?: string;
  /**
   * The callee's locals named like an object the arguments reach (`texture` bound to the caller's `resource`, and a
   * local `resource` of the helper): the local's keys take another name, so the two are not one object.
   */
  renames?: ReadonlyMap<string, string>;
  /** Descriptor handles the caller holds in the arguments (a local it computed), with its descriptor scope. */
  handles?: ({ h: HandleFact; scope: string } | undefined)[];
  /**
   * The callee's parameter names, for keys that use a parameter inside an index or a call (`m_tex[idx]`,
   * `pool.get(handle)->res`): such a key names the caller's argument there (`argTexts`), so `ToTarget(cl, i)` names
   * `m_tex[i]`, another element on each iteration of the caller's loop, and `ToTarget(cl, 0)` names `m_tex[0]`.
   */
  params?: readonly string[];
  /** The callee's parameters its body may give another value (FunctionFacts.rewrittenParams). */
  rewritten?: readonly string[];
  /** Per argument: the heap Type of the heap properties it points at, when known (extract/heap-props-args.ts). */
  heapTypes?: readonly (number | undefined)[];
  /** Per argument: the Dimension of the resource desc it is or points at, when known (extract/heap-props-args.ts). */
  dimensions?: readonly (ResourceCreation['dimension'] | undefined)[];
}

interface ArgTexts { pattern: RegExp; texts: ReadonlyMap<string, string> }

// NOTE: most keys a helper builds use no parameter past their root: the argument texts of a binding are worked out
// on the first key that might (one with an index or a call), once per binding, and a name list's pattern once.
const argTextsOfBinding = new WeakMap<Binding, ArgTexts | null>();
const paramPatterns = new Map<string, RegExp>();
const PARAM_PATTERNS_KEPT = 5_000;

/**
 * Stands for a parameter that names no caller's object: one the callee may give another value, or a null argument
 * (`NULL`, `nullptr`): a key built on it (`Unwrap(NULL)`) is no resource, and two of them are not one. NOTE: not `0`,
 * which is as often an index (`ToTarget(cl, 0)` names `m_tex[0]`, `GetTarget(0)`).
 */
const UNNAMED = '\u0000';
const NULL_ARGUMENT = /^(?:NULL|nullptr|__null)$/;

/** The argument texts a call gives its callee's parameters; null when no parameter has one to give. */
function argTextsOf(b: Binding): ArgTexts | null {
  let a = argTextsOfBinding.get(b);
  if (a !== undefined) return a;
  const texts = new Map<string, string>();
  (b.params ?? []).forEach((name, i) => {
    const text = b.fields[i]?.text.replace(/\s+/g, '');
    if (!/^[A-Za-z_]\w*$/.test(name)) return;
    if (b.rewritten?.includes(name) || (text && NULL_ARGUMENT.test(text))) texts.set(name, UNNAMED);
    else if (text && text !== name) texts.set(name, /^[\w.]+$|^[\w.]+(?:->\w+)+$/.test(text) ? text : `(${text})`);
  });
  a = null;
  if (texts.size > 0) {
    const names = [...texts.keys()].join('|');
    let pattern = paramPatterns.get(names);
    if (!pattern) {
      if (paramPatterns.size >= PARAM_PATTERNS_KEPT) paramPatterns.clear();
      pattern = new RegExp(`(?<![\\w.]|->|::)(?:${names})(?!\\w)`, 'g');
      paramPatterns.set(names, pattern);
    }
    a = { pattern, texts };
  }
  argTextsOfBinding.set(b, a);
  return a;
}

/**
 * A key the callee built, with its parameters (past the root, inside an index or a call) as the caller's arguments;
 * null when one of them names no caller's object (UNNAMED).
 */
function withArgTexts(key: string, b: Binding): string | null {
  if (!b.params?.length || (!key.includes('[') && !key.includes('('))) return key;
  const a = argTextsOf(b);
  const out = a ? key.replace(a.pattern, (m: string, at: number) => (at === 0 ? m : a.texts.get(m) ?? m)) : key;
  return out.includes(UNNAMED) ? null : out;
}

export interface Frame {
  fn: FunctionFacts;
  uri: string;
  /** The call expression in the caller. */
  callRange: Range;
  callUri: string;
}

/** Whether range `r` lies inside `outer` (same file assumed). */
export function within(r: Range, outer: Range): boolean {
  const before = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);
  return before(outer.startLine, outer.startColumn, r.startLine, r.startColumn) && before(r.endLine, r.endColumn, outer.endLine, outer.endColumn);
}

/**
 * A helper barrier to check again at a call chain (apply.ts): the calls on the way (outermost first) and what the
 * check reads of the barrier, so that the same barrier reached through a shorter chain is known to be reported.
 */
export interface Recheck {
  chain: readonly string[];
  identity: string;
  /** The helper barrier checked (`uri#site`), whatever the values. */
  barrier: string;
  /** The function the barrier is in (the innermost helper of the chain). */
  helper?: { uri: string; range: Range };
  /** The outermost call of the chain: the function it calls and the function it is in (for a related note). */
  call: { callee: string; caller: string };
  run(): void;
}

/** A rule's single-barrier check, re-run on a barrier the tracker moved to a call site (apply.ts). */
export type BarrierCheck = (b: BarrierFact, pos: { group: number | null; index: number | null; listType: CommandListType | null }) => void;

export interface FunctionIndex {
  /**
   * The function a call of `name` with `argc` arguments evaluates, looked up from class `cls` (the receiver's or the
   * caller's). With `receiver`, `cls` is the declared class of the call's object (`obj.F()`, `obj->F()`): only a
   * method of `cls` or of one of its bases (or a function no class owns: a template's inline method) can be it.
   */
  resolve(name: string, argc: number, cls?: string, receiver?: boolean): { fn: FunctionFacts; uri: string } | undefined;
  /**
   * True when `name` is a helper of the file that only fills a barrier through an out-parameter (for `argc`
   * arguments) and no helper of the run that records something has the name: its call changes no tracked state.
   */
  inert?(name: string, argc: number): boolean;
  /**
   * True when `cls` (or its nearest base that defines it) has `name` for `argc` arguments only as a method whose body
   * makes no call and records nothing (`void PollInput() {}`); without a class, a free function of the file so
   * defined that no relevant function of the file or the run shares the name with. With `elsewhere` (the default),
   * a method another file of the run defines so counts too (track/workspace.ts idleMethod).
   */
  eventless?(name: string, argc: number, cls?: string, elsewhere?: boolean): boolean;
  /**
   * As `eventless` (this file's definitions only), for a body that records no command at all either (no draw,
   * dispatch or clear naming no resource): its call records no GPU work (track/havoc-call.ts, Origin.workStamp).
   */
  workless?(name: string, argc: number, cls?: string): boolean;
  /** `obj.F()` on an object of a class the file cannot name: the run's only definitions of F/argc are methods that record nothing. */
  idleOfUnnamedClass?(name: string, argc: number): boolean;
  /** A class's bases, transitively, as this file and the run's other files declare them. */
  basesOf?(cls: string): string[];
}

export class TrackEnv {
  private reportingNow = true;
  /** How often `reporting` was read (quiet-calls.ts: a call that never read it is the same whether it reports). */
  reportingReads = 0;

  /** Whether rule hooks fire and site states are recorded (false in a loop's fixpoint passes and silent re-runs). */
  get reporting(): boolean {
    this.reportingReads++;
    return this.reportingNow;
  }

  set reporting(on: boolean) {
    this.reportingNow = on;
  }

  /** Assumed states of resources at function entry ("assumed at first use"). */
  readonly entry = new Map<string, ResState>();
  /** The command list (its key; null: not known) of the barrier each entry assumption was taken from. */
  readonly assumedOn = new Map<string, string | null>();
  readonly resources = new Map<string, KnownResource>();
  /** Per helper call being evaluated, the known creations its body replaced: key → the entry before (undefined: none). */
  readonly creationLogs: Map<string, KnownResource | undefined>[] = [];
  /** The creations the last helper call to return had replaced (its undo log), for the call memo. */
  lastReplaced: Map<string, KnownResource | undefined> | null = null;
  /** How many times deferred uses were voided (track/bindings.ts): a memoized call must not skip that. */
  voidedUses = 0;
  /**
   * Counts everything applied that may record GPU work (any event but barriers, unknown calls, memoized calls): a
   * COMMON state whose origin carries the count still current met no work since (Origin.workStamp).
   */
  work = 0;
  binding: Binding | null = null;
  /** The function being analysed (not a helper it calls): whose locals and parameters the tracked keys name. */
  root: FunctionFacts | null = null;
  /** Tracked state around each barrier site of the analysed file (for hover and inlay hints). */
  readonly siteStates = new Map<number, SiteState>();
  readonly stack: Frame[] = [];
  /** The analysed file's descriptor table and creations, for uses through bindings (track/bindings.ts). */
  fileUses?: FileUses;
  /** Whole-file analyses with sealed swap-chain arrays: every transition of their elements (track/back-buffer-entry.ts). */
  swapChainLog?: SwapChainLog;
  /** Resources the file never moves, with the state they keep (track/settled-entry.ts); whole-file analyses only. */
  settled?: ReadonlyMap<string, SettledCreation>;
  /**
   * Method names the file or another file of the run declares without `const` (`bool Advance();`): called on an
   * object, they may change what its getters return (track/getter-aliases.ts receiverGetters).
   */
  mutating?: ReadonlySet<string>;

  /** Whether the file records an enhanced end-split barrier anywhere (SyncBefore SPLIT, or a SyncBefore not known). */
  endSplits = false;

  /**
   * The resources (source text) the analysed function ends a legacy split on (Flags END_ONLY, or not known), with the
   * lines of those barriers: a begin pending at a Close may end in a later list the function records (apply.ts, 'close').
   */
  legacyEndSplits: ReadonlyMap<string, readonly number[]> = new Map();

  /**
   * Resources (keys in the outermost caller's terms) that the analysis saw used as buffers — by a buffer-only copy,
   * or bound through a GPU virtual address or a buffer view — whatever their creation says or whether it is seen.
   */
  readonly buffersByUse = new Set<string>();
  /**
   * Swap-chain buffers other files know (FunctionFacts swapChains) whose helpers this tracking called: the frame
   * split across files (`m_queue->BeginFrame(); … m_queue->EndFrame();`) presents the buffers the first one moved.
   */
  readonly swapChainsElsewhere = new Set<string>();

  /** Whether `key` names a swap-chain buffer: one of the file's (file-uses.ts), or of a called helper's file. */
  isSwapChain(key: string): boolean {
    if (this.fileUses?.isSwapChain(key) || this.resources.get(key)?.creation.swapChain) return true;
    for (const known of this.swapChainsElsewhere) if (matchesSwapChain(key, known)) return true;
    return false;
  }

  /**
   * Whether `key` (a tracked key, `res` or `res|subN`) names a buffer: by its creation or by a buffer-only use, this
   * run's so far or one in the function tracked or a helper it is in (FileUses.usedAsBuffer: a use after a submission
   * counts at it), unless the run knows the resource's creation.
   */
  isBuffer(key: string): boolean {
    const base = key.split('|')[0];
    const known = this.resources.get(base)?.creation;
    if (known?.dimension === 'buffer' || this.buffersByUse.has(base)) return true;
    // A use later in the function being tracked (or in a helper it is in) counts where no creation says otherwise.
    const file = this.fileUses;
    if (known || !file) return false;
    // NOTE: no array of the frames made per question (asked at every submission and use of every tracked key).
    if (this.rootFn && file.usedAsBuffer(this.rootFn, base)) return true;
    for (const f of this.stack) if (f.fn && file.usedAsBuffer(f.fn, base)) return true;
    return false;
  }

  /** Single-barrier checks, re-run on helper barriers once the caller's arguments are substituted. */
  barrierChecks: BarrierCheck[] = [];
  /** When set, those re-runs wait here until every function of the file is analysed (track/run.ts). */
  rechecks: Recheck[] | null = null;

  constructor(
    readonly uri: string,
    readonly hooks: TrackedVisitors[],
    readonly listTypes: ListTypes,
    readonly functions: FunctionIndex,
    /** The function being analysed (the outermost frame). */
    readonly rootFn: FunctionFacts | null = null,
  ) {}

  /** The function whose body is being interpreted (a helper while its call is evaluated). */
  /** Records a creation under `key`; the innermost helper call's log keeps the entry it replaced. */
  setResource(key: string, resource: KnownResource): void {
    const log = this.creationLogs[this.creationLogs.length - 1];
    if (log && !log.has(key)) log.set(key, this.resources.get(key));
    this.resources.set(key, resource);
  }

  /** `tex = Make(…)`: the name holds another object, whose creation is not the one known under it (undone like setResource). */
  dropResource(key: string): void {
    if (!this.resources.has(key)) return;
    const log = this.creationLogs[this.creationLogs.length - 1];
    if (log && !log.has(key)) log.set(key, this.resources.get(key));
    this.resources.delete(key);
  }

  currentFn(): FunctionFacts | null {
    return this.stack.length ? this.stack[this.stack.length - 1].fn : this.rootFn;
  }

  /** The function a reference's names belong to: the caller's (or further out) when it is a bound parameter. */
  ownerOf(ref: ResourceRef): FunctionFacts | null {
    if (ref.param !== undefined && this.binding) return this.binding.owners[ref.param] ?? null;
    if (ref.base && this.binding) return this.binding.owners[ref.base.param] ?? null;
    return this.currentFn();
  }

  /** The command list a call is recorded on: its key in the caller's terms, and its type where known. */
  listOf(ref: ResourceRef | undefined): ListId {
    if (!ref) return NO_LIST;
    const key = substituteRef(ref, this.binding).key;
    return { key, type: this.listTypes.get(key, this.ownerOf(ref)) };
  }

  /** `listOf(ref).type` when the caller has `substituteRef(ref, this.binding).key` already (`key`). */
  listTypeOf(ref: ResourceRef, key: string | null): CommandListType | null {
    return this.listTypes.get(key, this.ownerOf(ref));
  }

  currentUri(): string {
    return this.stack.length ? this.stack[this.stack.length - 1].uri : this.uri;
  }

  /** Callees that could not be resolved: a run over more files may know them (cross-file helpers). */
  readonly unresolved = new Set<string>();

  /** Receiver classes of calls that could not be resolved: another file of a run may declare their bases or aliases. */
  readonly unresolvedClasses = new Set<string>();

  resolveCallee(name: string, argc: number, cls?: string, qualifier?: string, receiver?: boolean): { fn: FunctionFacts; uri: string } | undefined {
    const found = this.functions.resolve(name, argc, cls, receiver);
    // `obj.F()` whose F of obj's class no file shows, while another class's F is the only one: not resolved, and not
    // unresolved either (as when that F was found and then ruled out by its class: helper-frames.ts).
    if (found || (receiver && this.functions.resolve(name, argc, cls))) return found;
    // `ImGui::Text(…)`: another file of the run helps only with a `Text` of ImGui (or a free one), never `Frame::Text`.
    this.unresolved.add(qualifier ? `${qualifier}::${name}` : name);
    if (cls) this.unresolvedClasses.add(cls);
    return found;
  }

  /** A call of a function the file defines that records nothing (workspace.ts `inert`). */
  inertCallee(name: string, argc: number): boolean {
    return this.functions.inert?.(name, argc) ?? false;
  }


  /** Where to report an event at `range` (in the current function): the outermost call site when inside helpers. */
  context(range: Range, list: ListId, pos: { group: number | null; index: number | null } = { group: null, index: null }): TrackContext {
    const related: RelatedLocation[] = [];
    this.stack.forEach((frame, i) => {
      const inner = this.stack[i + 1];
      const at = inner ? inner.callRange : range;
      // The call into the next helper, or (innermost) the barrier/command itself.
      const message = inner ? `in ${frame.fn.name}(), calling ${inner.fn.name}()` : `in ${frame.fn.name}()`;
      related.push({ uri: frame.uri, range: at, message, kind: 'helper-frame' });
    });
    const outer = this.stack[0];
    return {
      uri: this.uri, range: outer ? outer.callRange : range, related, list: list.key,
      listType: list.type, group: pos.group, index: pos.index,
    };
  }

  /** An origin note at `range`, anchored at the outermost call site when inside helpers (where users look). */
  note(range: Range, note: string): { uri: string; range: Range; note: string; at?: { uri: string; range: Range } } {
    const outer = this.stack[0];
    return outer ? { uri: this.uri, range: outer.callRange, note, at: { uri: this.currentUri(), range } } : { uri: this.uri, range, note };
  }
}

/** A command list as an event names it: its key (null when unknown) and its type (null when unknown). */
export interface ListId {
  key: string | null;
  type: CommandListType | null;
}

export const NO_LIST: ListId = { key: null, type: null };

export interface StateSummary {
  layout: string;
  access: string;
  state: string;
}

export interface SiteState {
  resource: string;
  before: StateSummary;
  after: StateSummary;
}

export function substituteField(f: Field, b: Binding | null): Field {
  if (f.paramMember && b) return memberOfArgument(f, f.paramMember, b);
  if (f.byParam && b) return chosenByArgument(f, f.byParam, b);
  if (f.byParamCases && b) {
    const value = caseValue(f.byParamCases, b.fields[f.byParamCases.param]?.value);
    return value === null ? { ...f, byParamCases: undefined } : { value, text: f.text, range: f.range };
  }
  if (f.calcSubresource && b) {
    const v = f.calcSubresource.map((x) => (typeof x === 'number' ? x : b.fields[x.param]?.value ?? null));
    if (v.some((x) => x === null || x === undefined)) return { ...f, calcSubresource: undefined };
    const [mip, slice, plane, mips, size] = v.map((x) => BigInt(x!));
    return { value: Number((mip + slice * mips + plane * mips * size) & 0xffffffffn), text: f.text, range: f.range };
  }
  if (f.masked && b) {
    const arg = b.fields[f.masked.param]?.value;
    return arg === null || arg === undefined ? { ...f, masked: undefined } : { value: Number(BigInt(arg) & BigInt(f.masked.mask)), text: f.text, range: f.range };
  }
  if (f.param === undefined || !b) return f;
  return b.fields[f.param] ?? { ...f, param: undefined };
}

/**
 * A member of the caller's record read through a parameter (`pTrans->mNewState`, Field.paramMember): the number the
 * caller wrote into its local record (ResourceRef.values), converted by `byParamCases` when the helper handed it to a
 * conversion of its file. A pointer parameter read as an array (`p[i].state`) of one record's address is that record.
 * Anything else is not known.
 */
function memberOfArgument(f: Field, pm: NonNullable<Field['paramMember']>, b: Binding): Field {
  const byParamCases = f.byParamCases;
  const unknown: Field = { value: null, text: f.text, range: f.range };
  const arg = b.refs[pm.param];
  if (!arg?.values) return unknown;
  let path = pm.path;
  if (/^&\s*\w+$/.test(arg.text.trim())) path = path.replace(/^\[[^[\]]*\]/, '');
  const at = /^(?:\.|->)(\w+(?:\.\w+)*)$/.exec(path.replace(/->/g, (m, i: number) => (i === 0 ? m : '.')));
  const held = at ? arg.values[at[1]] : undefined;
  if (!held) return unknown;
  if (!byParamCases) return { ...held, text: f.text, range: f.range };
  const value = held.value === null ? null : caseValue(byParamCases, held.value);
  return value === null ? unknown : { value, text: f.text, range: f.range };
}

/**
 * `flag ? A : B` in the callee with the caller's argument for `flag`: A or B when that is known (a branch that is a
 * parameter: the caller's argument for it), else both (unknown when a branch is a parameter).
 */
function chosenByArgument(f: Field, by: NonNullable<Field['byParam']>, b: Binding): Field {
  const flag = b.fields[by.param]?.value;
  if (flag === null || flag === undefined) return { ...f, byParam: undefined };
  const chosen = (by.equals !== undefined ? flag === by.equals : flag !== 0) ? by.whenTrue : by.whenFalse;
  if (typeof chosen === 'number') return { value: chosen, text: f.text, range: f.range };
  return b.fields[chosen.param] ?? { value: null, text: f.text, range: f.range };
}

export function substituteRef(r: ResourceRef, b: Binding | null): ResourceRef {
  if (!b || (!r.members && !r.values)) return substituteOne(r, b);
  const members = r.members && Object.fromEntries(Object.entries(r.members).map(([k, m]) => [k, substituteRef(m, b)]));
  const values = r.values && Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, substituteField(v, b)]));
  return { ...substituteOne(r, b), ...(members ? { members } : {}), ...(values ? { values } : {}) };
}

function substituteOne(r: ResourceRef, b: Binding | null): ResourceRef {
  if (!b) return r;
  if (r.param !== undefined) return b.refs[r.param] ?? { ...r, param: undefined };
  if (r.base) {
    const arg = b.refs[r.base.param];
    const path = arg ? withArgTexts(r.base.path, b) : null;
    if (!arg) return { key: r.key, text: r.text, range: r.range };
    if (path === null) return { key: null, text: r.text, range: r.range, unknown: true };
    return extend(arg, path, r);
  }
  // NOTE: the reference itself when its key names no parameter past the root (most keys): a havocked call
  // substitutes every argument it is handed, and the copies were 2-3 % of a whole engine tree's CPU (perf21).
  const key = b.params && r.key ? withArgTexts(r.key, b) : r.key;
  if (key === null && r.key !== null) return { key: null, text: r.text, range: r.range, unknown: true };
  const own = key === r.key ? r : { ...r, key };
  if (own.member && b.receiver && own.key) return extend(b.receiver.ref, `${b.receiver.op}${own.key}`, own, b.receiver.op);
  if (b.renames && own.key && !own.member) return renamed(own, b.renames);
  return own;
}

function renamed(r: ResourceRef, renames: ReadonlyMap<string, string>): ResourceRef {
  const root = /^[A-Za-z_]\w*/.exec(r.key ?? '')?.[0];
  const to = root && renames.get(root);
  return to && r.key ? { ...r, key: `${to}${r.key.slice(root.length)}` } : r;
}

/**
 * The caller's object followed by a member path: `dst` + `.m_pResource`. An argument `&tex` to a pointer parameter
 * (`r->res`) is `tex.res`; `*p` to a reference one (`r.res`) is `p->res`. An unknown object leaves it unknown.
 */
function extend(obj: ResourceRef, path: string, r: ResourceRef, op?: string): ResourceRef {
  if (obj.key === null) return { key: null, text: r.text, range: r.range, unknown: true };
  let key = obj.key;
  let rest = path;
  const text = obj.text.trim();
  // `(&rec)[i]` is `rec`: a helper that reads its pointer parameter as an array (`p[i]` in a loop over a count),
  // handed one variable's address, can only read element 0 of it.
  if (/^&\s*\w+$/.test(text)) rest = rest.replace(/^\[[^[\]]*\]/, '');
  if (rest.startsWith('->') && (text.startsWith('&') || obj.pointee)) rest = `.${rest.slice(2)}`;
  const held = /^\.(\w+)(.*)$/.exec(rest);
  const member = held ? obj.members?.[held[1]] : undefined;
  if (member?.key) return { key: `${member.key}${held![2]}`, text: `${member.text}${held![2]}`, range: r.range };
  else if (rest.startsWith('.') && op === undefined && /^\*\s*\w+$/.test(text)) {
    key = text.slice(1).trim();
    rest = `->${rest.slice(1)}`;
  }
  key = `${key}${rest}`;
  return { key, text: `${obj.text}${rest}`, range: r.range };
}

/** Whether a helper barrier takes any value from the caller's arguments. */
export function usesParams(bar: BarrierFact): boolean {
  return bar.resource?.param !== undefined || bar.resource?.base !== undefined || !!bar.resource?.member
    || Object.values(bar.fields).some((f) => f?.param !== undefined);
}

/** A helper barrier for single-barrier checks at the call site: helper-internal ranges move to the call. */
export function atCallSite(bar: BarrierFact, original: BarrierFact, callRange: Range): BarrierFact {
  const fields: Record<string, Field | undefined> = {};
  for (const [k, f] of Object.entries(bar.fields)) {
    fields[k] = f && (original.fields[k]?.param !== undefined ? f : { ...f, range: callRange });
  }
  return { ...bar, fields, range: callRange };
}

/** A barrier of a helper body with the caller's argument values in place of parameters. */
export function substituteBarrier(bar: BarrierFact, b: Binding | null): BarrierFact {
  if (!b) return bar;
  const typed = bar.byType && bar.declaredType ? byArgumentType(bar, substituteField(bar.declaredType, b), b) : bar;
  const fields: Record<string, Field | undefined> = {};
  for (const [k, f] of Object.entries(typed.fields)) fields[k] = f && substituteField(f, b);
  return {
    ...typed, fields,
    resource: typed.resource && substituteRef(typed.resource, b),
    resourceAfter: typed.resourceAfter && substituteRef(typed.resourceAfter, b),
  };
}

/**
 * A helper's barrier whose Type is its parameter (`void Barrier(TYPE type, ID3D12Resource* r) { b.Type = type;
 * switch (type) { case UAV: b.UAV.pResource = r; … } }`), read as the kind the caller's argument names. An
 * argument that is not known keeps its union readings, on the caller's pointers, for an unknown barrier.
 */
function byArgumentType(bar: BarrierFact, type: Field, b: Binding): BarrierFact {
  const { byType, ...rest } = bar;
  const flags = { Flags: bar.fields.Flags };
  if (type.value === 2) return { ...rest, kind: 'legacy-uav', declaredType: type, fields: flags, resource: decided(byType?.uav, b), resourceAfter: undefined };
  if (type.value === 1) {
    const a = byType?.aliasing;
    return { ...rest, kind: 'legacy-aliasing', declaredType: type, fields: flags, resource: decided(a?.before, b), resourceAfter: decided(a?.after, b) };
  }
  if (type.value === 0) return { ...rest, declaredType: type };
  // Not known at the call: an unknown barrier (track/barrier-effects.ts unknownType) on the caller's pointers.
  if (type.value === null) return { ...bar, declaredType: type, byType: { uav: refIn(byType?.uav, b), aliasing: { before: refIn(byType?.aliasing?.before, b), after: refIn(byType?.aliasing?.after, b) } } };
  return rest;
}

/** A union reading on the caller's pointers; a per-case pointer the argument does not decide keeps both cases. */
function refIn(r: ResourceRef | undefined, b: Binding): ResourceRef | undefined {
  const d = decided(r, b);
  const c = d?.choice;
  if (!c) return d && substituteRef(d, b);
  return { ...d, choice: { ...c, then: c.then && substituteRef(c.then, b), else: c.else && substituteRef(c.else, b) } };
}

/**
 * A pointer set in one case of a switch on a parameter (`case UAV: b.UAV.pResource = r;`, a `ResourceRef.choice`
 * on `param == label`): the case's resource when the caller's argument takes that case, else the other branch's.
 */
function decided(r: ResourceRef | undefined, b: Binding): ResourceRef | undefined {
  const c = r?.choice;
  if (!c || (c.cond.op !== '==' && c.cond.op !== '!=')) return r;
  const left = substituteField(c.cond.left, b).value;
  const right = substituteField(c.cond.right, b).value;
  if (left === null || right === null) return r;
  return ((left === right) === (c.cond.op === '==') ? c.then : c.else) ?? r;
}
