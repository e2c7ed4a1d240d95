// Functions whose tracking can find nothing: every event of the body is a call (no barrier, command, creation,
// submission, binding, assertion), and every function of the file or of the other files of the run that the call
// may resolve to is itself quiet (or there is none: the call is havocked). Interpreting such a function as an
// entry changes no tracked state that anything reads, fires no rule hook and records no site state: its only
// outputs would be the names it could not resolve (cross-file.ts re-tracks a file when another file defines one)
// and, on a large body, running out of the work budget. runTracker skips it as an entry (it is still evaluated at the calls of other functions) and
// records its unresolved names from its calls, reached or not (more names only re-track more).
//
// As an entry a swap is quiet too (silentEntry): nothing the function reaches is tracked, so it trades unknown for
// unknown (an allocator's `std::swap` of blocks kept a vendored vk_mem_alloc.h interpreted: a fifth of WickedEngine's run).
//
// NOTE: most functions of an engine tree are quiet (a GL or Vulkan backend, a model importer, a shader compiler):
// interpreting them cost about half of a whole-tree run, and only produced "analysis stopped" infos on code with
// nothing to track.
import type { Event, FunctionFacts, Stmt, UserCallEvent } from '../extract/facts';
import type { TrackEnv } from './env';
import type { WorkspaceIndex } from './workspace';
import { mayName } from './call-scopes';

/**
 * How long a chain of calls the decisions below follow before giving up with the safe answer (not quiet, so the
 * function is interpreted; an unbounded height). NOTE: the walks recurse once per call of the chain, and calls resolve
 * by name across every file of the run: a run over a compiler's sources chained thousands of functions and overflowed
 * the stack, which stopped the whole run. The answer past the bound is not cached: a shorter chain may still decide.
 */
const MAX_CHAIN = 400;

export class QuietFunctions {
  private readonly byName = new Map<string, FunctionFacts[]>();
  private readonly known = new Map<FunctionFacts, boolean>();
  private readonly silent = new Map<FunctionFacts, boolean>();
  private readonly heights = new Map<FunctionFacts, number>();

  constructor(functions: readonly FunctionFacts[], private readonly workspace?: WorkspaceIndex, private readonly basesOf?: (cls: string) => readonly string[]) {
    // The functions a call can resolve to (track/workspace.ts functionIndex): the file's relevant functions, lambdas
    // too (a call of a local lambda names it `<lambda:12>`). NOTE: leaving them out made a function whose only events
    // are calls of its lambdas (`transition(tex, a, b); copyAll(mesh);`) quiet, and its copies were never checked.
    for (const fn of functions) {
      if (!fn.relevant) continue;
      const list = this.byName.get(fn.name);
      if (list) list.push(fn);
      else this.byName.set(fn.name, [fn]);
    }
  }

  /** Whether interpreting `fn` can change nothing but the unresolved names and the work spent. */
  has(fn: FunctionFacts, depth = 0): boolean {
    const known = this.known.get(fn);
    if (known !== undefined) return known;
    if (depth > MAX_CHAIN) return false;
    // A call cycle of otherwise quiet functions is quiet: assumed while the cycle is being decided.
    this.known.set(fn, true);
    const quiet = everyCall(fn.body, (e) => this.quietCall(e, fn, depth + 1));
    this.known.set(fn, quiet);
    return quiet;
  }

  /**
   * Whether interpreting `fn` as an entry (from an empty state) can change nothing but the unresolved names and the
   * work spent: every event of its body is a call, a rebind or reindex, or a swap, and every function its calls may
   * resolve to is such a function too. Nothing in it creates, transitions or uses a resource, so every name it
   * could swap is untracked or unknown (forgotten by a havocked call): a swap trades unknown for unknown, and no
   * event reads the result. NOTE: only an entry: evaluated at a call of another function a swap moves the
   * caller's tracked states, so `has` (which the call summaries rely on) stays calls-only.
   */
  silentEntry(fn: FunctionFacts, depth = 0): boolean {
    const known = this.silent.get(fn);
    if (known !== undefined) return known;
    if (depth > MAX_CHAIN) return false;
    this.silent.set(fn, true);
    const silent = everyCall(fn.body, (e) => this.silentCall(e, fn, depth + 1), SWAP);
    this.silent.set(fn, silent);
    return silent;
  }

  /**
   * How deep the helper calls below quiet `fn` can nest (0: none of its calls resolves to a function, each is
   * havocked), over every function a call may resolve to; Infinity on a call cycle (a call stack that could meet a
   * function twice).
   */
  height(fn: FunctionFacts, depth = 0): number {
    const known = this.heights.get(fn);
    if (known !== undefined) return known;
    if (depth > MAX_CHAIN) return Infinity;
    this.heights.set(fn, Infinity);
    let h = 0;
    everyCall(fn.body, (e) => {
      // A call resolves only to a function with at least as many parameters as it has arguments (workspace.ts byArity).
      for (const g of this.candidates(e, fn)) {
        if (g.params.length >= e.args.length) h = Math.max(h, 1 + this.height(g, depth + 1));
      }
      return h !== Infinity;
    });
    this.heights.set(fn, h);
    return h;
  }

  /**
   * The names the interpretation of quiet `fn` would give up on: each call is resolved as the interpreter
   * resolves it (env.resolveCallee records a failure), and the bodies it resolves to are visited in turn.
   */
  noteUnresolved(fn: FunctionFacts, env: TrackEnv, seen = new Set<FunctionFacts>(), depth = 0): void {
    if (seen.has(fn) || depth > MAX_CHAIN) return;
    seen.add(fn);
    everyCall(fn.body, (e) => {
      const found = env.resolveCallee(e.callee, e.args.length, e.receiverClass ?? (e.ownClass ? classOf(fn) : undefined), e.qualifier, !!e.receiverClass);
      if (found) this.noteUnresolved(found.fn, env, seen, depth + 1);
      return true;
    }, SWAP);
  }

  /**
   * The functions a call in `caller` may resolve to: of the file, else of another file of the run, by name and by the
   * scopes the call can name (call-scopes.ts: `ImGui::Text(…)` is never `Frame::Text`).
   */
  private candidates(e: UserCallEvent, caller: FunctionFacts): FunctionFacts[] {
    return [...(this.byName.get(e.callee) ?? []), ...(this.workspace?.functionsNamed(e.callee) ?? [])].filter((g) => mayName(e, caller, g, this.basesOf));
  }

  /** Every function the call may resolve to must be quiet. */
  private quietCall(e: UserCallEvent, caller: FunctionFacts, depth: number): boolean {
    return this.candidates(e, caller).every((g) => this.has(g, depth));
  }

  private silentCall(e: UserCallEvent, caller: FunctionFacts, depth: number): boolean {
    return this.candidates(e, caller).every((g) => this.silentEntry(g, depth));
  }
}

/** Event kinds besides calls that `everyCall` passes over. */
type Passed = ReadonlySet<Event['kind']>;
/** A rebind (a reindex) only forgets what is tracked under a name: nothing is tracked in a quiet function. */
const FORGETTING: Passed = new Set(['rebind', 'reindex']);
const SWAP: Passed = new Set(['rebind', 'reindex', 'swap']);

/**
 * Whether every event of `s` is a user call that `test` accepts or of a kind `passed` holds (stops at the first
 * that is neither).
 */
function everyCall(s: Stmt, test: (e: UserCallEvent) => boolean, passed: Passed = FORGETTING): boolean {
  switch (s.k) {
    case 'seq': return s.body.every((c) => everyCall(c, test, passed));
    case 'if': return everyCall(s.then, test, passed) && (!s.else || everyCall(s.else, test, passed));
    case 'loop': return everyCall(s.body, test, passed);
    case 'switch': return s.cases.every((c) => everyCall(c, test, passed));
    case 'event': return passed.has(s.event.kind) || (s.event.kind === 'user-call' && test(s.event));
    default: return true;
  }
}

/** The class a method belongs to (`Batch::Impl::Transition` → Impl), or undefined (as interpreter.ts classOf). */
function classOf(fn: FunctionFacts): string | undefined {
  const parts = fn.qualifiedName.split('::');
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}
