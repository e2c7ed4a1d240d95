// The code base's own convention around its state-tracking wrapper (wrapper-use-without-ensure): how often a
// command's resource is handed to the wrapper (`tex.setState(cl, COPY_DEST)`, `ctx.TransitionResource(buf, ...)`)
// earlier in the same function, counted per command and role over every file of a run. Read from the facts only:
// the wrappers are the functions whose body holds a state-tracking guard (extract/state-guards.ts), the commands
// and calls are the functions' events in source order. A file exports what it saw (its wrappers' names and, per
// command, the calls before it that name the command's object), so a run judges each file with every file's
// wrappers and counts (cli/cross-file.ts).
import type { FileFacts, FunctionFacts, Stmt } from '../../extract/facts';
import { forEachEvent } from '../../extract/events';
import { HEAP_RESTRICTIONS } from '../../model/heaps';
import type { Range } from '../../types';
import { bookkeepingFacts, bookkeepingMayChange, othersOf, type BookkeepingFacts, type RunBookkeeping } from './bookkeeping';

/** One command's resource in one function, and the calls before it that name the same object. */
export interface WrapperUse {
  method: string;
  role: string;
  range: Range;
  resource: string;
  /** The object's root is declared in the function (a local or a local reference), not a parameter or a member. */
  local: boolean;
  /** The resource was created in this file on an UPLOAD/READBACK heap (its state is fixed). */
  fixedHeap: boolean;
  /** Callees (name/argument count) of the earlier calls of the function that are handed the object. */
  before: string[];
}

export interface WrapperFacts {
  /** The file's state-tracking wrappers, as `name/argument count` (default arguments: each count it accepts). */
  wrappers: string[];
  uses: WrapperUse[];
  /** What the bookkeeping rules read of the file across files (support/bookkeeping.ts). */
  bookkeeping?: BookkeepingFacts;
}

/** Per command and role: how many uses the run's wrappers ensure, of how many. */
export interface Convention {
  method: string;
  role: string;
  wrapper: string;
  ensured: number;
  total: number;
}

/** What the run knows: every file's wrappers and the conventions their uses make. */
export interface RunConventions {
  wrappers: string[];
  conventions: Convention[];
  /** Every file's bookkeeping, for untested-bookkeeping-transition and registered-state-mismatch. */
  bookkeeping?: RunBookkeeping;
}

export const MIN_USES = 8;
export const MIN_SHARE = 0.9;


/**
 * A state-tracking wrapper: a function whose body, at its top level (not inside a loop or another test), tests the
 * bookkeeping (extract/state-guards.ts), and that records a barrier — a barrier call or a batch addition, or a call
 * handed the command list (bgfx's `setResourceBarrier(cl, m_ptr, m_state, s)`, Lumix's `switchState(...)`). A guard
 * that only caches a binding (`if (m_pso != pso) { list->SetPipelineState(pso); m_pso = pso; }`) makes none.
 */
function isWrapper(fn: FunctionFacts): boolean {
  const topGuard = (s: Stmt): boolean => (s.k === 'seq' ? s.body.some(topGuard) : s.k === 'if' && !!s.guard);
  if (!topGuard(fn.body)) return false;
  let found = false;
  forEachEvent(fn.body, (e) => {
    if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call' || e.kind === 'batch-add') found = true;
    else if (e.kind === 'user-call' && !e.onCommandList && e.args.some((a) => a.list)) found = true;
  });
  return found;
}

const rootOf = (text: string): string | undefined => /^\s*(?:\(\s*\w[\w:<>]*\s*[*&]?\s*\))?\s*[*&]?\s*(?:this->)?(\w+)/.exec(text)?.[1];

// NOTE: the rule's file hook and analyze()'s result (and a cross-file second analysis) all ask for the same file's
// facts, which nothing changes after extraction: each file's answer is computed once.
const computed = new WeakMap<FileFacts, WrapperFacts | null>();

/** The facts a file gives to the convention: its wrappers and each command's earlier calls on the same object. */
export function wrapperFacts(facts: FileFacts): WrapperFacts | undefined {
  const known = computed.get(facts);
  if (known !== undefined) return known ?? undefined;
  const out = fileWrapperFacts(facts);
  computed.set(facts, out ?? null);
  return out;
}

function fileWrapperFacts(facts: FileFacts): WrapperFacts | undefined {
  // `name/most arguments`: a call with fewer may rely on defaults its header declares.
  const wrappers = facts.functions.filter((f) => !f.lambda && isWrapper(f)).map((f) => `${f.name}/${f.params.length}`);
  const fixed = new Set<string>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'resource-creation' && e.creation.heapType !== null && HEAP_RESTRICTIONS.has(e.creation.heapType) && e.creation.resource.key) fixed.add(e.creation.resource.key);
    });
  }
  const uses: WrapperUse[] = [];
  for (const fn of facts.functions) {
    if (fn.lambda) continue;
    const locals = new Set(fn.locals ?? []);
    const params = new Set(fn.params);
    // Calls so far, each with the objects it is handed: an argument that is the object itself (`Dest`, `&tex`,
    // `tex.m_res`: not a value read from it like `max(tex->w, 1)`), the receiver of a method with arguments, or
    // `this` for the method's own wrapper (its members).
    const calls: { callee: string; roots: Set<string>; members: Set<string> }[] = [];
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'user-call') {
        if (e.args.length === 0 || e.onCommandList || e.bookkeeping) return;
        const roots = new Set<string>();
        const members = new Set<string>();
        for (const a of e.args) {
          const t = a.resource.text.replace(/\s+/g, '').replace(/^[&*]/, '').replace(/^this->/, '');
          if (/^\w+$/.test(t)) roots.add(t);
          else if (/^\w+(?:\.|->)\w+$/.test(t)) members.add(t);
        }
        const receiver = e.list ? rootOf(e.list.text) : undefined;
        if (receiver && receiver !== 'this') roots.add(receiver);
        else if (e.ownClass || receiver === 'this') roots.add('this');
        calls.push({ callee: `${e.callee}/${e.args.length}`, roots, members });
        return;
      }
      if (e.kind !== 'command') return;
      for (const r of e.resources) {
        const root = rootOf(r.ref.text);
        if (!root || !r.ref.key) continue;
        // A member of the method's own object is handed to an own wrapper as `this`.
        const member = !locals.has(root) && !params.has(root);
        const text = r.ref.text.replace(/\s+/g, '').replace(/^this->/, '');
        const before = calls.filter((c) => c.roots.has(root) || c.members.has(text) || (member && c.roots.has('this'))).map((c) => c.callee);
        uses.push({
          method: e.method, role: r.role, range: e.range, resource: r.ref.text, local: locals.has(root),
          fixedHeap: fixed.has(r.ref.key), before: [...new Set(before)],
        });
      }
    });
  }
  const bookkeeping = bookkeepingFacts(facts);
  return wrappers.length || uses.length || bookkeeping ? { wrappers: [...new Set(wrappers)], uses, ...(bookkeeping ? { bookkeeping } : {}) } : undefined;
}

/** The wrapper a use was ensured by (the first earlier call of a wrapper, by name and at most its parameters). */
export function ensuredBy(use: WrapperUse, wrappers: ReadonlySet<string>): string | undefined {
  return use.before.find((c) => {
    const [name, argc] = c.split('/');
    return [...wrappers].some((w) => w.split('/')[0] === name && Number(w.split('/')[1]) >= Number(argc));
  });
}

/** Counts per command, role and wrapper over the uses (one file's or a whole run's). */
export function countConventions(uses: readonly WrapperUse[], wrappers: ReadonlySet<string>): Convention[] {
  const totals = new Map<string, number>();
  const ensured = new Map<string, Map<string, number>>();
  for (const u of uses) {
    if (u.fixedHeap) continue;
    const k = `${u.method}\0${u.role}`;
    totals.set(k, (totals.get(k) ?? 0) + 1);
    const w = ensuredBy(u, wrappers);
    if (!w) continue;
    const byWrapper = ensured.get(k) ?? new Map<string, number>();
    byWrapper.set(w, (byWrapper.get(w) ?? 0) + 1);
    ensured.set(k, byWrapper);
  }
  const out: Convention[] = [];
  for (const [k, byWrapper] of ensured) {
    const [method, role] = k.split('\0');
    const total = totals.get(k) ?? 0;
    // The wrapper's uses of all names that share its name (setState/2 and setState/3 are one wrapper).
    const byName = new Map<string, number>();
    for (const [w, n] of byWrapper) byName.set(w.split('/')[0], (byName.get(w.split('/')[0]) ?? 0) + n);
    for (const [wrapper, n] of byName) out.push({ method, role, wrapper, ensured: n, total });
  }
  return out;
}

/** The convention a use deviates from, if the code base has one for its command and role. */
export function deviation(use: WrapperUse, run: RunConventions): Convention | undefined {
  if (use.fixedHeap || !use.local) return undefined;
  const wrappers = new Set(run.wrappers);
  if (ensuredBy(use, wrappers)) return undefined;
  // Another call handed the object may have called the wrapper itself: unknown, silent.
  if (use.before.length) return undefined;
  return run.conventions.find((c) => c.method === use.method && c.role === use.role && holds(c));
}

/**
 * Whether any use of the file could be reported under some convention (a local object, no earlier call handed it,
 * not on a fixed heap): only such a file's verdict depends on the other files of a run.
 */
export function hasCandidates(w: WrapperFacts): boolean {
  return w.uses.some((u) => u.local && !u.fixedHeap && u.before.length === 0);
}

export function holds(c: Convention): boolean {
  return c.total >= MIN_USES && c.ensured >= MIN_SHARE * c.total;
}

/** A run's conventions from its files' facts (with `uris`, the files' bookkeeping too). */
export function runConventions(files: readonly WrapperFacts[], uris?: readonly string[]): RunConventions {
  const wrappers = [...new Set(files.flatMap((f) => f.wrappers))];
  const bookkeeping = uris ? files.flatMap((f, i) => (f.bookkeeping ? [{ uri: uris[i], facts: f.bookkeeping }] : [])) : [];
  return { wrappers, conventions: countConventions(files.flatMap((f) => f.uses), new Set(wrappers)), ...(bookkeeping.length >= 2 ? { bookkeeping: { files: bookkeeping } } : {}) };
}

/** Whether the file reads bookkeeping untested or calls a tracker after a creation (another file may judge it). */
export function asksBookkeeping(w: WrapperFacts): boolean {
  const b = w.bookkeeping;
  return !!b && !!(b.reads?.length || b.calls?.length || b.registrations?.length);
}

/** Whether the run's other files' bookkeeping can change what the file's bookkeeping rules report. */
export function bookkeepingJudgedAgain(w: WrapperFacts, uri: string, run: RunConventions): boolean {
  return !!w.bookkeeping && bookkeepingMayChange(w.bookkeeping, othersOf(run.bookkeeping, uri));
}
