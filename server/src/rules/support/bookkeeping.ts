// The bookkeeping of the code base's state-tracking wrappers, read by untested-bookkeeping-transition and
// registered-state-mismatch: the members the wrappers test, the file's helpers that record an untested transition
// from one parameter to another, the transitions and calls that read a member untested, and the states handed to a
// tracker right after a creation. A file exports what the run's other files need (BookkeepingFacts, part of its
// WrapperFacts: wrapper-conventions.ts), so a wrapper or tracker defined in Texture.cpp or a header judges the code
// of Renderer.cpp (cli/cross-file.ts analyses a file again with the run's RunBookkeeping when its verdict may change).
// Across files a member is matched by its declared class only (`Texture::m_state`: a bare member of the wrapper's
// class, or a member of an object whose declaration names its class), never by its name alone.
import type { BarrierFact, Event, FileFacts, FunctionFacts, ResourceBarrierCallEvent, Stmt, UserCallEvent } from '../../extract/facts';
import { forEachEvent } from '../../extract/events';
import { rangeContains } from '../../ranges';
import type { Range } from '../../types';

export const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '').replace(/^\(\*this\)\./, '');

/** The member a bookkeeping expression names (`tex.currentState`, `res->m_state`: the last member), if it is one. */
export const memberOf = (text: string): string | undefined => /(?:\.|->)(\w+)$/.exec(norm(text))?.[1];

/** The class a function is a method of, as written (`ns::Texture`), or '' for a free function. */
const classOfFunction = (fn: FunctionFacts): string => fn.qualifiedName.slice(0, Math.max(0, fn.qualifiedName.lastIndexOf('::')));

/**
 * A member of the function's own class named bare (`m_state` in `Texture::Transition`), keyed with the class: another
 * class's member of the same name is another piece of bookkeeping.
 */
export const ownMember = (fn: FunctionFacts, name: string): string => `${classOfFunction(fn)}::${name}`;

/** The last name of a class (`ns::Texture` → `Texture`): the run's files name one class with or without its scope. */
const lastName = (cls: string): string => cls.split('::').pop() ?? cls;

/**
 * The run-wide key of a member expression read or tested in `fn`, by declared class: a bare member of the method's
 * class (`m_state` → `Texture::m_state`), or `obj.m` / `obj->m` where `obj` is a parameter or local whose declaration
 * names its class (`Texture& tex` → `Texture::m`). Undefined where the class is not known.
 */
export function classKey(fn: FunctionFacts, text: string): string | undefined {
  const t = norm(text);
  if (/^\w+$/.test(t)) {
    const cls = classOfFunction(fn);
    return cls && !(fn.locals ?? []).includes(t) && !fn.params.includes(t) ? `${lastName(cls)}::${t}` : undefined;
  }
  const m = /^(\w+)(?:\.|->)(\w+)$/.exec(t);
  const cls = m ? fn.objectClasses?.[m[1]] : undefined;
  return m && cls ? `${lastName(cls)}::${m[2]}` : undefined;
}

/** The bookkeeping names of the 'then'/'skip' guards of a function body. */
function guardNames(s: Stmt, out: string[]): string[] {
  switch (s.k) {
    case 'seq': s.body.forEach((b) => guardNames(b, out)); break;
    case 'if': out.push(...(s.bookkeeping ?? [])); guardNames(s.then, out); if (s.else) guardNames(s.else, out); break;
    case 'loop': guardNames(s.body, out); break;
    case 'switch': s.cases.forEach((c) => guardNames(c, out)); break;
    default: break;
  }
  return out;
}

/** The file's bookkeeping (bookkeepingMembers): keyed as the file reads it, and by declared class for the run. */
export interface FileBookkeeping {
  /** By the file's own keys: an object's member by name (`m_UsageState`), a bare member with its class. */
  members: Map<string, FunctionFacts>;
  /**
   * By declared class (classKey), the wrapper's name: what the run's other files can match. `own`: a method of that
   * class tests it (`Texture::Transition`'s `m_state`), the wrapper the run names first.
   */
  classMembers: Map<string, { wrapper: string; own: boolean }>;
  /** The object members (by name) some wrapper tests on an object of no known class: matched by name alone. */
  unclassed: Set<string>;
  wrappers: Set<FunctionFacts>;
}

/**
 * Whether an object member read as `text` in `fn` is the bookkeeping `m` the file's wrappers test: by its name, unless
 * both sides' declared classes are known and no wrapper tests it on an object of the reader's class (`staging.m_state`
 * of a `Staging&` is not the `Texture::m_state` a wrapper tests).
 */
export function sameBookkeeping(own: FileBookkeeping, fn: FunctionFacts, text: string, m: string): boolean {
  const key = /^\w+$/.test(norm(text)) ? undefined : classKey(fn, text);
  return !key || own.unclassed.has(m) || own.classMembers.has(key);
}

/**
 * The members the file's state-tracking wrappers keep as bookkeeping: a tested member (`Resource.m_UsageState`), a
 * member of the wrapper's own class (`m_state`: `bare`), or the member a call of the wrapper hands to the tested
 * parameter (`SetBarrier(texture.currentState, …)` for `SetBarrier(D3D12_RESOURCE_STATES& currentState, …)`).
 */
export function bookkeepingMembers(facts: FileFacts): FileBookkeeping {
  const known = membersOf.get(facts.functions);
  if (known) return known;
  const out = fileBookkeepingMembers(facts);
  membersOf.set(facts.functions, out);
  return out;
}

function fileBookkeepingMembers(facts: FileFacts): FileBookkeeping {
  const members = new Map<string, FunctionFacts>();
  const classMembers = new Map<string, { wrapper: string; own: boolean }>();
  const unclassed = new Set<string>();
  const wrappers = new Set<FunctionFacts>();
  const byParam: { index: number; wrapper: FunctionFacts; order: number }[] = [];
  // The member's wrapper named in the message: the first one of the file that tests it, one with a name first.
  const orders = new Map<string, number>();
  const keep = (member: string, wrapper: FunctionFacts, at: number, byClass: string | undefined, own = false): void => {
    if (!byClass) unclassed.add(member);
    else if (!classMembers.has(byClass) || (own && !classMembers.get(byClass)!.own)) classMembers.set(byClass, { wrapper: wrapper.name, own });
    const order = wrapper.name === '<anonymous>' ? at + facts.functions.length : at;
    if ((orders.get(member) ?? Infinity) <= order) return;
    orders.set(member, order);
    members.set(member, wrapper);
  };
  for (const [order, fn] of facts.functions.entries()) {
    const names = guardNames(fn.body, []);
    if (names.length === 0) continue;
    wrappers.add(fn);
    for (const name of names) {
      const m = memberOf(name);
      if (m) { keep(m, fn, order, classKey(fn, name)); continue; }
      if (!/^\w+$/.test(name)) continue;
      const index = fn.params.indexOf(name);
      if (index >= 0) byParam.push({ index, wrapper: fn, order });
      else if (!(fn.locals ?? []).includes(name)) keep(ownMember(fn, name), fn, order, classKey(fn, name), true);
    }
  }
  if (byParam.length === 0) return { members, classMembers, unclassed, wrappers };
  for (const fn of facts.functions) {
    visitStmts(fn.body, (s) => {
      if (s.k !== 'event' || s.event.kind !== 'user-call') return;
      const e = s.event;
      for (const p of byParam) {
        const arg = p.wrapper.name === e.callee ? e.args[p.index] : undefined;
        const m = arg && memberOf(arg.field.text);
        if (m) keep(m, p.wrapper, p.order, classKey(fn, arg.field.text));
      }
    });
  }
  return { members, classMembers, unclassed, wrappers };
}

/** Whether a branch leaves the function or the iteration. */
function exits(s: Stmt): boolean {
  switch (s.k) {
    case 'seq': return s.body.some(exits);
    case 'if': return exits(s.then) || (!!s.else && exits(s.else));
    case 'switch': return s.cases.some(exits);
    case 'return': case 'break': case 'continue': return true;
    default: return false;
  }
}

export function visitStmts(s: Stmt, visit: (s: Stmt, tested: boolean) => void, tested = false): void {
  visit(s, tested);
  switch (s.k) {
    case 'seq': s.body.forEach((b) => visitStmts(b, visit, tested)); break;
    case 'if': visitStmts(s.then, visit, true); if (s.else) visitStmts(s.else, visit, true); break;
    case 'loop': visitStmts(s.body, visit, tested); break;
    case 'switch': s.cases.forEach((c) => visitStmts(c, visit, true)); break;
    default: break;
  }
}

/**
 * The legacy transitions a function records at an untested position — not inside an `if` or `switch`, and after no
 * earlier test that leaves the function or the iteration (`if (t.state == want) return;` may be the wrapper's test
 * written out) — and, at such positions, its calls of other functions.
 */
export function untestedTransitions(fn: FunctionFacts, barrier: (b: BarrierFact, call: ResourceBarrierCallEvent) => void, call?: (c: UserCallEvent) => void): void {
  let exited = false;
  visitStmts(fn.body, (s, tested) => {
    if (s.k === 'if' && (exits(s.then) || (s.else && exits(s.else)))) exited = true;
    if (tested || exited || s.k !== 'event') return;
    const e = s.event;
    if (e.kind === 'user-call') { call?.(e); return; }
    if (e.kind !== 'resource-barrier-call') return;
    for (const b of e.barriers ?? []) if (b.kind === 'legacy-transition' && !b.fromLoop) barrier(b, e);
  });
}

/** A helper that records, untested, a transition from one parameter to another (`Transition(cl, res, before, after)`). */
export interface TransitionForm {
  name: string;
  argc: number;
  before: number;
  after: number;
  resource?: number;
}

/** The file's helpers recording an untested transition between two of their parameters (not its wrappers). */
export function transitionForms(facts: FileFacts, wrappers: ReadonlySet<FunctionFacts>): TransitionForm[] {
  const out: TransitionForm[] = [];
  for (const fn of facts.functions) {
    if (wrappers.has(fn)) continue;
    untestedTransitions(fn, (b) => {
      const before = b.fields.StateBefore?.param;
      const after = b.fields.StateAfter?.param;
      if (before === undefined || after === undefined) return;
      out.push({ name: fn.name, argc: fn.params.length, before, after, ...(b.resource?.param !== undefined ? { resource: b.resource.param } : {}) });
    });
  }
  return out;
}

// NOTE: the two rules and the file's exported facts (wrapper-conventions.ts) read the same functions: each file's
// events and bookkeeping members are collected once, keyed by the functions array (not the facts object: the
// cross-file pass gives a file's facts new functions with a header's default arguments, cli/cross-file.ts).
const eventsOf = new WeakMap<readonly FunctionFacts[], Map<FunctionFacts, Event[]>>();
const membersOf = new WeakMap<readonly FunctionFacts[], FileBookkeeping>();

/** Each function's events in source order, collected once per file. */
export function eventsByFunction(facts: FileFacts): Map<FunctionFacts, Event[]> {
  const known = eventsOf.get(facts.functions);
  if (known) return known;
  const out = new Map(facts.functions.map((fn) => {
    const events: Event[] = [];
    forEachEvent(fn.body, (e) => events.push(e));
    return [fn, events];
  }));
  eventsOf.set(facts.functions, out);
  return out;
}

/** Whether a body tests a state-tracking guard. */
function guarded(s: Stmt): boolean {
  switch (s.k) {
    case 'seq': return s.body.some(guarded);
    case 'if': return !!s.guard || guarded(s.then) || (!!s.else && guarded(s.else));
    case 'loop': return guarded(s.body);
    case 'switch': return s.cases.some(guarded);
    default: return false;
  }
}

/** Whether a function records a barrier (a call or a batch addition) or tests a state-tracking guard. */
function recordsOrTests(fn: FunctionFacts, events: readonly Event[]): boolean {
  return guarded(fn.body) || events.some((e) => e.kind === 'resource-barrier-call' || e.kind === 'barrier-call' || e.kind === 'batch-add');
}

/**
 * Whether a function of another file of the run (`lookup`: the helper index) transitions: it records a barrier or
 * tests a guard, or calls such a function of the run (a few calls deep). A tracker that only stores the state it is
 * handed (`AddGlobalResourceState`) does not.
 */
export function transitionsElsewhere(fn: FunctionFacts, lookup: (name: string, argc: number) => FunctionFacts | undefined, depth = 3): boolean {
  const events: Event[] = [];
  forEachEvent(fn.body, (e) => events.push(e));
  if (recordsOrTests(fn, events)) return true;
  if (depth === 0) return false;
  return events.some((e) => {
    if (e.kind !== 'user-call') return false;
    const callee = lookup(e.callee, e.args.length);
    return !!callee && callee !== fn && transitionsElsewhere(callee, lookup, depth - 1);
  });
}

/**
 * The functions of the file whose body records a barrier or tests a state-tracking guard, or calls one that does:
 * transitions, not records. So are the functions that build a barrier from their parameters — fill helpers
 * (`init_transition_barrier(&barriers[0], texture, COPY_DEST, COPY_SOURCE)`) and barrier makers: the state they are
 * handed becomes a barrier's, which the tracker checks against the creation where it is submitted.
 */
export function transitioningNames(facts: FileFacts, events: ReadonlyMap<FunctionFacts, Event[]>): Set<string> {
  const out = new Set<string>(facts.fillHelpers?.map((h) => h.name) ?? []);
  const built = facts.barriers.filter((b) => Object.values(b.fields).some((f) => f?.param !== undefined));
  for (const fn of facts.functions) if (built.some((b) => rangeContains(fn.range, b.range))) out.add(fn.name);
  for (const fn of facts.functions) if (recordsOrTests(fn, events.get(fn)!)) out.add(fn.name);
  // And the functions that call one of them (a forwarding `Impl::Transition` → `TransitionResource`), to a fixpoint.
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of facts.functions) {
      if (out.has(fn.name) || !events.get(fn)!.some((e) => e.kind === 'user-call' && out.has(e.callee))) continue;
      out.add(fn.name);
      grew = true;
    }
  }
  return out;
}

/** One call that hands a resource just created a constant legacy state. */
export interface Handed {
  callee: string;
  argc: number;
  position: number;
  created: number;
  createdText: string;
  handed: number;
  handedText: string;
  resource: string;
  range: Range;
}

const STATE_NAME = /^D3D12_RESOURCE_STATE_\w+$/;

/**
 * Per function, in source order: after a creation with one known legacy state, the first call handed that resource
 * and a constant D3D12_RESOURCE_STATE_* (before any barrier is recorded in the function), and the position of that
 * state among its arguments. `elsewhere`: a barrier helper another file of the run defines (a transition too).
 */
export function handedStates(facts: FileFacts, events: ReadonlyMap<FunctionFacts, Event[]>, skip: ReadonlySet<string>, elsewhere?: (callee: string, argc: number) => boolean): Handed[] {
  const out: Handed[] = [];
  for (const fn of facts.functions) {
    const open = new Map<string, { value: number; text: string }>();
    for (const e of events.get(fn)!) {
      if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call') break;
      if (e.kind === 'resource-creation') {
        const key = e.creation.resource.key;
        const state = e.creation.initialState;
        if (!key) continue;
        if (state && state.value !== null && state.param === undefined && !e.creation.initialStateOneOf) open.set(key, { value: state.value >>> 0, text: state.text });
        else open.delete(key);
        continue;
      }
      if (e.kind !== 'user-call' || skip.has(e.callee) || elsewhere?.(e.callee, e.args.length)) continue;
      const key = e.args.map((a) => a.resource.key).find((k) => !!k && open.has(k));
      if (!key) continue;
      const position = e.args.findIndex((a) => a.field.value !== null && a.field.param === undefined && STATE_NAME.test(a.field.text.trim()));
      if (position < 0) continue;
      const created = open.get(key)!;
      open.delete(key);
      const a = e.args[position].field;
      out.push({ callee: e.callee, argc: e.args.length, position, created: created.value, createdText: created.text, handed: a.value! >>> 0, handedText: a.text.trim(), resource: key, range: e.range });
    }
  }
  return out;
}

/** A registration as the run's other files count it: the call's shape and whether it handed the creation state. */
export interface Registration {
  callee: string;
  argc: number;
  position: number;
  agrees: boolean;
}

/** The same tracker call as `h` (callee, arity, state position). */
export const sameCall = (a: Pick<Registration, 'callee' | 'argc' | 'position'>, b: Pick<Registration, 'callee' | 'argc' | 'position'>): boolean =>
  a.callee === b.callee && a.argc === b.argc && a.position === b.position;

/**
 * Whether a registration deviates from the convention of `others` (the other registrations of the file and of the
 * run): it hands another state than the creation's, and the other calls of the same shape hand the creation state (at
 * least one, and at least twice as many as hand another). Returns how many agree, or 0 when it does not deviate.
 */
export function deviates(h: Pick<Registration, 'callee' | 'argc' | 'position'> & { agrees: boolean }, others: readonly Registration[]): number {
  if (h.agrees) return 0;
  const same = others.filter((o) => sameCall(o, h));
  const agree = same.filter((o) => o.agrees).length;
  return agree === 0 || agree < 2 * (same.length - agree) ? 0 : agree;
}

/** What a file gives the run's other files of its bookkeeping (part of WrapperFacts). */
export interface BookkeepingFacts {
  /** Bookkeeping members its wrappers test, by declared class (`Texture::m_state`), with the wrapper's name and whether it is a method of that class. */
  members?: [string, string, boolean][];
  /** Its helpers recording an untested transition from one parameter to another. */
  forms?: TransitionForm[];
  /** The class keys of the members its untested transitions read as StateBefore with a constant StateAfter. */
  reads?: string[];
  /** The callees of its untested calls that are handed a member and a constant (a helper of another file may record). */
  calls?: string[];
  /** Its calls handing a resource just created a constant state. */
  registrations?: Registration[];
}

/** The run's bookkeeping: every file's BookkeepingFacts, with the file each came from. */
export interface RunBookkeeping {
  files: { uri: string; facts: BookkeepingFacts }[];
}

/** Whether a transition's fields read bookkeeping here: a before-value written here, unknown, with a constant after-value. */
export function readsHere(fn: FunctionFacts, before: BarrierFact['fields']['StateBefore'], after: BarrierFact['fields']['StateAfter']): boolean {
  if (!before || !after || !rangeContains(fn.range, before.range)) return false;
  if (before.value !== null || before.param !== undefined || before.oneOf || before.origin) return false;
  return !(after.value === null || after.param !== undefined || after.origin || after.perPath);
}

/** The file's bookkeeping as the run's other files read it (undefined: nothing to give or ask). */
export function bookkeepingFacts(facts: FileFacts): BookkeepingFacts | undefined {
  const { classMembers, wrappers } = bookkeepingMembers(facts);
  const forms = transitionForms(facts, wrappers);
  const reads = new Set<string>();
  const calls = new Set<string>();
  for (const fn of facts.functions) {
    if (wrappers.has(fn)) continue;
    untestedTransitions(fn, (b) => {
      const key = readsHere(fn, b.fields.StateBefore, b.fields.StateAfter) ? classKey(fn, b.fields.StateBefore!.text) : undefined;
      if (key) reads.add(key);
    }, (call) => {
      if (call.args.length >= 2 && call.args.some((a) => memberOf(a.field.text)) && call.args.some((a) => a.field.value !== null && a.field.param === undefined)) calls.add(call.callee);
    });
  }
  const events = eventsByFunction(facts);
  const transitioning = transitioningNames(facts, events);
  const registrations = handedStates(facts, events, transitioning).map((h) => ({ callee: h.callee, argc: h.argc, position: h.position, agrees: h.handed === h.created }));
  const out: BookkeepingFacts = {
    ...(classMembers.size ? { members: [...classMembers].map(([k, w]): [string, string, boolean] => [k, w.wrapper, w.own]) } : {}), ...(forms.length ? { forms } : {}),
    ...(reads.size ? { reads: [...reads] } : {}), ...(calls.size ? { calls: [...calls] } : {}),
    ...(registrations.length ? { registrations } : {}),
  };
  return Object.keys(out).length ? out : undefined;
}

/** The other files' part of the run's bookkeeping. */
export function othersOf(run: RunBookkeeping | undefined, uri: string): BookkeepingFacts[] {
  return (run?.files ?? []).filter((f) => f.uri !== uri).map((f) => f.facts);
}

/**
 * Whether the run's other files can change what the two rules report in a file: a member it reads untested that
 * another file's wrapper tests, a call of another file's transition helper, or a registration whose convention the
 * other files' calls change. (A registration whose callee another file defines as a barrier helper is the helper
 * index's: the file is analysed again with it, and the rule asks it — RuleContext.otherFileFunction.)
 */
export function bookkeepingMayChange(own: BookkeepingFacts, others: readonly BookkeepingFacts[]): boolean {
  if (others.length === 0) return false;
  const members = new Set(others.flatMap((o) => (o.members ?? []).map(([k]) => k)));
  if ((own.reads ?? []).some((k) => members.has(k))) return true;
  const forms = new Set(others.flatMap((o) => (o.forms ?? []).map((f) => f.name)));
  if ((own.calls ?? []).some((c) => forms.has(c))) return true;
  const regs = own.registrations ?? [];
  if (regs.length === 0) return false;
  const theirs = others.flatMap((o) => o.registrations ?? []);
  return regs.some((r) => !r.agrees && theirs.some((o) => sameCall(o, r)));
}
