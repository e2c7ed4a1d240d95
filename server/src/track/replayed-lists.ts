// Command lists recorded once and executed on every frame (issue 10, hist43: two real fixes, a shared texture moved
// RENDER_TARGET → COPY_SOURCE by a list an `Init()` recorded and a `Render()` that presents executed every frame, and
// a depth buffer moved PIXEL_SHADER_RESOURCE → DEPTH_WRITE by a clear-pass list a constructor recorded and `DrawAll()`
// executed every frame, neither ever moved back). Executing a closed list again replays its barriers: a transition
// S → T recorded once is met again with the resource in T, unless something between the executions moves it back to S.
// No single function shows it: the recording function is right on its own, and so is the frame.
//
// Whole-file analyses only (the editor's function path declines for a function naming such a list, its recording or its
// presenting function: lsp/frame-scope.ts FrameWatch.replayed). A finding needs all of:
//  - a presenting function P (it calls `Present` on a swap chain: it runs once per frame) executes, at its top level
//    (not under a test), a list whose root name (`m_lists` of `m_lists[i]`, `m_pass` of `m_pass->GetInternal()`)
//    nothing P reaches records on, resets, closes or hands to a call;
//  - a function R of the same class that P does not reach records barriers on that list, and runs once: it creates the
//    list, or the file calls it from constructors only (a `Begin()` that another file's loop calls records every frame);
//  - in R, the barriers on the list transition a resource X (one key, ALL_SUBRESOURCES or one fixed index, no split
//    flags, known states) along a chain S → … → T with T ≠ S and S not COMMON, X a texture (a creation of the file says
//    so, not for simultaneous access, or a state only a texture can be in names it): no decay brings it back;
//  - no other barrier of the file names X; no function P reaches creates or re-binds X's root object; no call of the
//    file is handed X's root object unless it is a call that changes no state, or one of a function the file or the
//    run defines whose body records no barrier;
//  - no error or warning of R names X already.
// The legacy-state-mismatch check is then run at X's first barrier in R with X in T, the state the previous execution
// left it in, with a note saying so; only that finding is kept.
import type { BarrierFact, Event, FileFacts, FunctionFacts, ResourceCreation, Stmt } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { formatEnumValue } from '../model/format-values';
import { CPU_ONLY_CALLS, INERT_CALLS } from '../model/inert-calls';
import { VIEW_CREATION } from '../model/uses';
import { legacyStateAccepts } from '../model/legacy-states-compat';
import type { Range } from '../types';
import type { FunctionIndex } from './env';
import { exactly, FRESH, type KnownResource, type Origin, type ResState } from './state';

/** A list recorded once and executed by a presenting function (see the header). */
export interface ReplayedList {
  root: string;
  presenter: FunctionFacts;
  execute: Range;
  recorders: FunctionFacts[];
}

/** One resource a recording moves and the first barrier the next execution meets it at. */
export interface ReplayedMove {
  fn: FunctionFacts;
  list: ReplayedList;
  key: string;
  text: string;
  barrier: BarrierFact;
  /** The call that submits the first barrier, and its list's key. */
  callRange: Range;
  listKey: string | null;
  before: number;
  after: number;
  /** Where the recording leaves X in `after`. */
  lastAt: Range;
  known?: KnownResource;
}

/** Created in a state only a texture can be in: RENDER_TARGET, DEPTH_WRITE, DEPTH_READ, RESOLVE_DEST, RESOLVE_SOURCE. */
const TEXTURE_ONLY_STATES = 0x4 | 0x10 | 0x20 | 0x1000 | 0x2000;
const SIMULTANEOUS_ACCESS = 0x20;
/** Calls that hand a list or resource on without changing a state: smart-pointer accessors, reference counts. */
const PASSING = new Set(['Get', 'get', 'GetAddressOf', 'AddRef', 'Release', 'CreateSharedHandle', 'QueryInterface']);

const COLLECTING = new Set(['push_back', 'emplace_back']);
const lastName = (callee: string): string => /([A-Za-z_~]\w*)\s*$/.exec(callee)?.[1] ?? callee;
/** The first name of a key or expression: `m_lists` of `m_lists[i]`, `m_pass` of `this->m_pass->GetInternal()`. */
export const rootName = (key: string | null | undefined): string | undefined =>
  key ? /^\s*(?:[*&]\s*)*(?:this\s*->\s*)?([A-Za-z_]\w*)/.exec(key)?.[1] : undefined;
const classOf = (fn: FunctionFacts): string => fn.qualifiedName.includes('::') ? fn.qualifiedName.replace(/::[^:]*$/, '') : '';

/** The events of a body outside any if/switch (loops included). */
function topLevel(s: Stmt, visit: (e: Event) => void): void {
  switch (s.k) {
    case 'seq': for (const c of s.body) topLevel(c, visit); return;
    case 'loop': topLevel(s.body, visit); return;
    case 'event': visit(s.event); return;
    default:
  }
}

/**
 * What replayedLists asks of each function's events, read once per function (NOTE, issue 12: asked again per
 * presenter, executed list and candidate recorder, and the constructor test asked every function of the file for
 * its callees per candidate).
 */
interface EventsRead {
  /** The last names of the functions it calls. */
  callees: Set<string>;
  /** The list roots an event of it records on, resets, closes or hands on (recordedRoots). */
  recordsOn: Set<string>;
  /** The list roots a barrier call of it records on, and those a command-list creation of it creates. */
  barriersOn: Set<string>;
  creates: Set<string>;
}

/** Each function's EventsRead, read on first use. */
class FileEvents {
  private readonly read = new Map<FunctionFacts, EventsRead>();

  of(fn: FunctionFacts): EventsRead {
    let r = this.read.get(fn);
    if (!r) {
      const out: EventsRead = { callees: new Set(), recordsOn: new Set(), barriersOn: new Set(), creates: new Set() };
      forEachEvent(fn.body, (e) => {
        if (e.kind === 'user-call') out.callees.add(lastName(e.callee));
        recordedRoots(e, out.recordsOn);
        if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call') addRoot(out.barriersOn, rootName(e.list?.key));
        if (e.kind === 'command-list-creation') addRoot(out.creates, rootName(e.list?.key));
      });
      this.read.set(fn, (r = out));
    }
    return r;
  }
}

const addRoot = (into: Set<string>, root: string | undefined): void => { if (root) into.add(root); };

/** The functions of the file `from` reaches by name through its calls, `from` included. */
function reach(byName: Map<string, FunctionFacts[]>, from: FunctionFacts, events: FileEvents): Set<FunctionFacts> {
  const seen = new Set<FunctionFacts>([from]);
  const todo = [from];
  while (todo.length) {
    for (const name of events.of(todo.pop()!).callees) {
      for (const g of byName.get(name) ?? []) if (!seen.has(g)) { seen.add(g); todo.push(g); }
    }
  }
  return seen;
}

/** Adds to `into` the roots of the lists the event records on, resets, closes or hands on. */
function recordedRoots(e: Event, into: Set<string>): void {
  if (e.kind === 'execute-command-lists') return;
  if (e.kind === 'user-call') {
    // Appended to the array an ExecuteCommandLists is handed (extract/executed-lists.ts): executed, not recorded on.
    if (!COLLECTING.has(lastName(e.callee))) {
      for (const a of e.args) {
        addRoot(into, rootName(a.resource?.key));
        addRoot(into, rootName(a.field.text));
      }
    }
    if (!PASSING.has(lastName(e.callee))) addRoot(into, rootName(e.list?.key));
    return;
  }
  addRoot(into, rootName(e.list?.key));
}

/** The file calls `fn`, and only from constructors (`Scene::Scene`). */
function onlyFromConstructors(fn: FunctionFacts, facts: FileFacts, events: FileEvents): boolean {
  const callers = facts.functions.filter((g) => g !== fn && events.of(g).callees.has(fn.name));
  const isConstructor = (g: FunctionFacts): boolean =>
    !g.lambda && (g.qualifiedName === `${g.name}::${g.name}` || g.qualifiedName.endsWith(`::${g.name}::${g.name}`));
  return callers.length > 0 && callers.every(isConstructor);
}

/**
 * The last answer of replayedLists per facts, with the functions it was read from: a whole-file analysis in the editor
 * asks twice (track/run.ts, lsp/frame-scope.ts); facts whose functions were replaced (cli/cross-file.ts) are read again.
 */
const lastLists = new WeakMap<FileFacts, { functions: readonly FunctionFacts[]; lists: ReplayedList[] }>();

/** The file's lists recorded once and executed by a presenting function (see the header). NOTE: never written to. */
export function replayedLists(facts: FileFacts): readonly ReplayedList[] {
  const last = lastLists.get(facts);
  if (last && last.functions === facts.functions) return last.lists;
  const lists = findReplayedLists(facts);
  lastLists.set(facts, { functions: facts.functions, lists });
  return lists;
}

function findReplayedLists(facts: FileFacts): ReplayedList[] {
  const out: ReplayedList[] = [];
  const presenters = facts.functions.filter((fn) => {
    let presents = false;
    forEachEvent(fn.body, (e) => { if (e.kind === 'gpu-work' && e.present) presents = true; });
    return presents;
  });
  if (presenters.length === 0) return out;
  const byName = new Map<string, FunctionFacts[]>();
  for (const fn of facts.functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const events = new FileEvents();
  const reached = new Map(presenters.map((p) => [p, reach(byName, p, events)]));
  const anyPresenterReaches = (fn: FunctionFacts): boolean => [...reached.values()].some((r) => r.has(fn));
  for (const p of presenters) {
    const mine = reached.get(p)!;
    const executed: { root: string; range: Range }[] = [];
    topLevel(p.body, (e) => {
      if (e.kind !== 'execute-command-lists') return;
      for (const l of e.lists ?? []) {
        const root = rootName(l.key);
        if (root && !executed.some((x) => x.root === root)) executed.push({ root, range: e.range });
      }
    });
    for (const { root, range } of executed) {
      if ((p.locals ?? []).includes(root) || p.params.includes(root)) continue;
      let again = false;
      for (const g of mine) if (events.of(g).recordsOn.has(root)) again = true;
      if (again) continue;
      const recorders = facts.functions.filter((fn) => {
        if (fn.lambda || mine.has(fn) || anyPresenterReaches(fn) || classOf(fn) !== classOf(p)) return false;
        if ((fn.locals ?? []).includes(root) || fn.params.includes(root)) return false;
        const read = events.of(fn);
        // Recorded once: the function creates the list, or the file calls it from constructors only (a `Begin()` that
        // resets and records, called from another file's loop, records every frame).
        return read.barriersOn.has(root) && (read.creates.has(root) || onlyFromConstructors(fn, facts, events));
      });
      if (recorders.length) out.push({ root, presenter: p, execute: range, recorders });
    }
  }
  return out;
}

const known = (b: BarrierFact, field: string): number | undefined => {
  const f = b.fields[field];
  return f && f.value !== null && f.value !== undefined && !f.oneOf ? f.value >>> 0 : undefined;
};

function isTextureCreation(c: ResourceCreation): boolean | undefined {
  if (c.dimension === 'buffer') return false;
  if (c.flags !== null && (c.flags & SIMULTANEOUS_ACCESS) !== 0) return false;
  if (c.dimension !== null) return c.flags !== null ? true : undefined;
  return undefined;
}

/**
 * Whether a call handed X's root object may change X's state: a call that changes none, or of a function the file or
 * the run defines whose body submits no barrier, may not.
 */
function mayMove(name: string, argc: number, facts: FileFacts, index: FunctionIndex | undefined): boolean {
  if (INERT_CALLS.has(name) || CPU_ONLY_CALLS.has(name) || name in VIEW_CREATION || PASSING.has(name)) return false;
  const defs = facts.functions.filter((f) => f.name === name);
  const resolved = index?.resolve(name, argc);
  const bodies = defs.length ? defs : resolved ? [resolved.fn] : [];
  if (bodies.length === 0) return true;
  return bodies.some((f) => {
    let moves = f.unparsed === true;
    forEachEvent(f.body, (e) => {
      if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call' || e.kind === 'batch-add') moves = true;
    });
    return moves;
  });
}

/** The resources each recording of a replayed list leaves in another state than its first barrier names (see the header). */
export function replayedMoves(facts: FileFacts, lists: readonly ReplayedList[], uri: string, index?: FunctionIndex): ReplayedMove[] {
  const out: ReplayedMove[] = [];
  if (lists.length === 0) return out;
  const creations = new Map<string, ResourceCreation[]>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'resource-creation' || !e.creation.resource.key) return;
      creations.set(e.creation.resource.key, [...(creations.get(e.creation.resource.key) ?? []), e.creation]);
    });
  }
  const byName = new Map<string, FunctionFacts[]>();
  for (const fn of facts.functions) byName.set(fn.name, [...(byName.get(fn.name) ?? []), fn]);
  const events = new FileEvents();
  for (const list of lists) {
    const frame = reach(byName, list.presenter, events);
    for (const fn of list.recorders) {
      const moves = new Map<string, { b: BarrierFact; call: Range; listKey: string | null }[]>();
      let unreadable = false;
      forEachEvent(fn.body, (e) => {
        if (e.kind !== 'resource-barrier-call' || rootName(e.list?.key) !== list.root) return;
        if (!e.barriers || e.batch || e.unreadableElements || e.paths) { unreadable = true; return; }
        for (const b of e.barriers) {
          if (b.kind !== 'legacy-transition' || !b.resource?.key) continue;
          moves.set(b.resource.key, [...(moves.get(b.resource.key) ?? []), { b, call: e.range, listKey: e.list?.key ?? null }]);
        }
      });
      if (unreadable) continue;
      for (const [key, chain] of moves) {
        const move = chainOf(key, chain);
        if (!move) continue;
        const root = rootName(key);
        if (!root || (fn.locals ?? []).includes(root) || fn.params.includes(root)) continue;
        // No other barrier of the file names X.
        const mine = new Set(chain.map((c) => `${c.b.range.startLine}:${c.b.range.startColumn}`));
        if (facts.barriers.some((b) => b.resource?.key === key && !mine.has(`${b.range.startLine}:${b.range.startColumn}`))) continue;
        // A texture that does not decay.
        const made = creations.get(key) ?? [];
        const kinds = made.map(isTextureCreation);
        if (kinds.some((k) => k === false)) continue;
        if (!kinds.some((k) => k === true) && ((move.before | move.after) & TEXTURE_ONLY_STATES) === 0) continue;
        // Not created again or re-bound each frame, not handed to a call that may move it.
        let escapes = false;
        for (const g of facts.functions) {
          forEachEvent(g.body, (e) => {
            if (escapes) return;
            if (frame.has(g) && e.kind === 'resource-creation' && rootName(e.creation.resource.key) === root) escapes = true;
            if (frame.has(g) && (e.kind === 'rebind' || e.kind === 'swap') && (e.kind === 'rebind' ? [e.resource] : e.resources).some((r) => rootName(r.key) === root)) escapes = true;
            if (e.kind === 'user-call' && e.args.some((a) => rootName(a.resource?.key) === root || rootName(a.field.text) === root)
              && mayMove(lastName(e.callee), e.args.length, facts, index)) escapes = true;
          });
        }
        if (escapes) continue;
        const first = chain[0];
        out.push({
          fn, list, key, text: first.b.resource!.text, barrier: first.b, callRange: first.call, listKey: first.listKey,
          before: move.before, after: move.after, lastAt: chain[chain.length - 1].call,
          ...(made.length === 1 ? { known: { creation: made[0], uri } } : {}),
        });
      }
    }
  }
  return out;
}

/** A chain of transitions of one resource, each from the state the previous one left: its first before and last after. */
function chainOf(key: string, chain: readonly { b: BarrierFact }[]): { before: number; after: number } | undefined {
  if (key.includes('|')) return undefined;
  let sub: number | undefined;
  let prev: number | undefined;
  for (const { b } of chain) {
    const before = known(b, 'StateBefore');
    const after = known(b, 'StateAfter');
    const s = known(b, 'Subresource');
    const flags = b.fields.Flags ? known(b, 'Flags') : 0;
    if (before === undefined || after === undefined || s === undefined || flags !== 0) return undefined;
    if (sub !== undefined && s !== sub) return undefined;
    if (prev !== undefined && prev !== before) return undefined;
    sub = s;
    prev = after;
  }
  const before = known(chain[0].b, 'StateBefore')!;
  const after = prev!;
  if (before === 0 || after === before || legacyStateAccepts(after, before, false)) return undefined;
  return { before, after };
}

/** The state X meets at its first barrier when the list runs again: what the previous execution left. */
export function replayedState(move: ReplayedMove, uri: string): ResState {
  const origin: Origin = {
    uri, range: move.lastAt,
    note: `'${move.list.root}' is recorded once, in ${move.fn.name}(), and executed again by ${move.list.presenter.name}() on every frame (it presents): `
      + `its previous execution left '${move.text}' in ${formatEnumValue('state', move.after)} here, and no other barrier of the file moves it`,
  };
  return { ...FRESH, legacy: exactly(move.after, origin), lastModel: 'legacy' };
}
