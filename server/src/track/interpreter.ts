// Abstract interpretation of a function's statement tree: sequences, if/else, switch with fallthrough, loops to a
// fixpoint (a transition never undone is seen on the second iteration), return/break/continue, and calls into
// helper functions evaluated with the caller's arguments (their net effect applies at the call site).
import type { Condition, Event, FunctionFacts, LeaveTest, Stmt, UserCallEvent } from '../extract/facts';
import { rangeKey, RESULT_SYM } from '../extract/facts';
import { applyEvent } from './apply';
import { ifStmt, switchStmt } from './branches';
import { BudgetExceeded, WorkBudget } from './budget';
import { MIN_MEMO_COST, memoOf } from './call-memo';
import { callCarrying, carrying } from './carried-calls';
import type { TrackEnv } from './env';
import { substituteField, substituteRef } from './env';
import type { Evaluation, Flow } from './evaluation';
import { flowOf } from './evaluation';
import { forget } from './forgetting';
import { receiverGetters } from './getter-aliases';
import { havocCall } from './havoc-call';
import type { Callee } from './helper-frames';
import { bindArguments, bodyCost, clashingLocals, forgetCalleeLocals, frameOf, hideLocals, idleCallee, idleOwnMethod, resolveHelper, restoreLocalCreations, worklessCallee } from './helper-frames';
import { outOfScope } from './key-names';
import { quietCallsOf } from './quiet-calls';
import { throughReportingCalls } from './reporting-calls';
import { loop } from './loops';
import type { PassCounters, SilentPass } from './pass-reuse';
import { passStats, reusable } from './pass-reuse';
import type { CondTag, Path, Paths } from './path-set';
import { collapse, joinForReport, joinPaths, normalize, pathCap, single, withoutFailedCreations, withoutFailureExits } from './path-set';
import { assume, contradicts, PathFacts } from './paths';
import { byChoice, chosen } from './resource-choice';
import { capturedAt, createdUnder, deliver, deliverCreation, deliveryOf } from './returned-results';
import type { KnownResource, Origin, Possible } from './state';
import { sameStates, TrackState } from './state';

/** Events applied to more than one path, per evaluation of a function body (see PATH_WORK_BUDGET). */
const pathWork = new WeakMap<Interpreter, number>();

const NOTHING_KEPT: ReadonlySet<string> = new Set();
/** A helper's result (its `return false;`), kept to its exits for a caller that leaves on failure. */
const RESULT_KEPT: ReadonlySet<string> = new Set([RESULT_SYM]);

let nextOwner = 0;

export class Interpreter implements Evaluation {
  /** The function whose body this interpreter runs (set by runFunction / runPaths). */
  fn: FunctionFacts | null = null;
  /** This evaluation, as the owner of the conditions its joins put on values (state.ts PathCond). */
  private readonly owner = nextOwner++;
  /** Writes of tested values so far, and the count at each value's last write: older conditions on it are stale. */
  private writes = 0;
  readonly lastWrite = new Map<string, number>();
  /** The last user call, when it carried members through the method's body (see carrying), and which. */
  private carriedCall: { key: string; syms: ReadonlySet<string> } | null = null;

  constructor(
    readonly env: TrackEnv,
    readonly budget: WorkBudget = new WorkBudget(),
    public loopDepth = 0,
    /** Values whose facts outlive their last test: a helper's parameters that its caller's paths carry on. */
    private readonly keep: ReadonlySet<string> = NOTHING_KEPT,
  ) {}

  join(a: Paths | null, b: Paths | null): Paths | null {
    return joinPaths(a, b, this.env.entry, this.cap(), this.tag());
  }

  tag(): CondTag {
    return { owner: this.owner, time: this.writes };
  }

  wrote(syms: readonly string[]): void {
    for (const s of syms) this.lastWrite.set(s, ++this.writes);
  }

  /**
   * The values of `state` a path with `facts` can meet at a test of `syms`: those joined in from a path whose facts
   * contradict these are dropped (a resource left with no value keeps them all).
   */
  refine(state: TrackState, facts: PathFacts, syms: readonly string[]): TrackState {
    const named = state.condSyms;
    if (!named || !syms.some((x) => named.has(x))) return state;
    const valid = (sym: string, time: number) => (this.lastWrite.get(sym) ?? -1) <= time;
    const impossible = (o: Origin) => !!o.cond && o.cond.owner === this.owner
      && contradicts(o.cond.facts as PathFacts, facts, syms, (x) => valid(x, o.cond!.time));
    const keep = (p: Possible): Possible => {
      if (![...p.values.values()].some(impossible)) return p;
      const values = new Map([...p.values].filter(([, o]) => !impossible(o)));
      return values.size ? { values, unknown: p.unknown } : p;
    };
    let out: TrackState | null = null;
    for (const [key, r] of state.res) {
      const next = { ...r, layout: keep(r.layout), legacy: keep(r.legacy), access: keep(r.access), syncAfter: keep(r.syncAfter) };
      if (next.layout === r.layout && next.legacy === r.legacy && next.access === r.access && next.syncAfter === r.syncAfter) continue;
      out ??= state.clone();
      out.own('res').set(key, next);
    }
    return out ?? state;
  }

  cap(): number {
    return pathCap(pathWork.get(this) ?? 0);
  }

  /**
   * Interpret a whole function body from `state`; returns the state at its exits. `leavesOnFailure`: the caller
   * leaves when the function's result passes this test, so its exits whose result does (`return false;` for `!ok`,
   * `return E_FAIL;` for `FAILED(hr)`) are not the caller's way on (extract/failure-exits.ts) — unless every exit did.
   */
  runFunction(fn: FunctionFacts, state: TrackState, leavesOnFailure?: LeaveTest): TrackState {
    this.fn = fn;
    if (this.env.stack.length === 0) this.env.root = fn;
    const f = this.stmt(fn.body, single(state));
    let out = this.join(f.normal, f.returns);
    if (leavesOnFailure && out) out = withoutFailureExits(out, leavesOnFailure);
    if (out) out = withoutFailedCreations(out);
    return out && out.length ? collapse(out, this.env.entry).state : state;
  }

  stmt(s: Stmt, paths: Paths): Flow {
    this.budget.spend();
    switch (s.k) {
      case 'seq': {
        const assumedBefore = s.scoped?.length ? new Set(this.env.entry.keys()) : null;
        let cur: Paths | null = paths;
        const acc: Flow = { normal: null, breaks: null, continues: null, returns: null };
        for (const c of s.body) {
          if (!cur || cur.length === 0) break;
          const f = this.stmt(c, cur);
          acc.breaks = this.join(acc.breaks, f.breaks);
          acc.continues = this.join(acc.continues, f.continues);
          acc.returns = this.join(acc.returns, f.returns);
          cur = f.normal;
        }
        acc.normal = cur;
        if (!assumedBefore) return acc;
        // A nested block's locals are gone after it, on every way out but a return (the caller's helper frame drops
        // those: forgetCalleeLocals).
        const out = (p: Paths | null) => p && outOfScope(this.env, p, s.scoped!, assumedBefore);
        return { normal: out(acc.normal), breaks: out(acc.breaks), continues: out(acc.continues), returns: acc.returns };
      }
      case 'if': return ifStmt(this, s, paths);
      case 'switch': return switchStmt(this, s, paths);
      case 'loop': return loop(this, s, paths);
      case 'return': return { normal: null, breaks: null, continues: null, returns: paths };
      case 'break': return { normal: null, breaks: paths, continues: null, returns: null };
      case 'continue': return { normal: null, breaks: null, continues: paths, returns: null };
      case 'event': return flowOf(this.event(s.event, paths));
      case 'write':
        this.wrote([s.sym]);
        return flowOf(this.facts(paths, (f) => (s.cond ? f.alias(s.sym, s.cond) : f.write(s.sym, this.written(s), s.delta, s.text))));
      case 'forget': {
        // A method's possible member writes, after a call that carried those members through the method's body: its
        // exits already say what it wrote.
        const carried = s.call !== undefined && this.carriedCall?.key === s.call ? this.carriedCall.syms : null;
        const syms = s.end && this.keep.size ? s.syms.filter((x) => !this.keep.has(x)) : carried ? s.syms.filter((x) => !carried.has(x)) : s.syms;
        if (!s.end) this.wrote(syms);
        return flowOf(syms.length ? this.facts(paths, (f) => f.forget(syms)) : paths);
      }
      default: return flowOf(paths);
    }
  }

  /** The number a write stores: its constant, or the caller's argument for the parameter it copies (when known). */
  private written(s: Extract<Stmt, { k: 'write' }>): number | null {
    if (!s.from) return s.value;
    return this.env.binding ? substituteField(s.from, this.env.binding).value : null;
  }

  facts(paths: Paths, change: (f: PathFacts) => PathFacts): Paths {
    const out = paths.map((p) => ({ facts: change(p.facts), state: p.state }));
    return out.length > 1 ? normalize(out, this.env.entry, this.cap(), this.tag()) : out;
  }

  merge(a: Flow, b: Flow): Flow {
    return {
      normal: this.join(a.normal, b.normal), breaks: this.join(a.breaks, b.breaks),
      continues: this.join(a.continues, b.continues), returns: this.join(a.returns, b.returns),
    };
  }

  spendPathWork(n: number): void {
    pathWork.set(this, (pathWork.get(this) ?? 0) + n);
  }

  counters(): PassCounters {
    return { spent: this.budget.used(), pathWork: pathWork.get(this) ?? 0, writes: this.writes };
  }

  /** The flow of `pass` for a pass from `head` when it stands for one, with what that pass would add counted. */
  reused(pass: SilentPass<Flow>, head: Paths): Flow | null {
    if (!reusable(pass, head, this.counters(), this.budget.room(), this.owner)) {
      passStats.run++;
      return null;
    }
    passStats.reused++;
    this.budget.spendMany(pass.added.spent);
    this.spendPathWork(pass.added.pathWork);
    for (const [sym, offset] of pass.written) this.lastWrite.set(sym, this.writes + offset);
    this.writes += pass.added.writes;
    this.env.voidedUses += pass.voided;
    return pass.flow;
  }

  /** The paths on which `cond` can be `truth`, each knowing it. */
  assumeAll(paths: Paths, cond: Condition, truth: boolean): Paths {
    const out: Path[] = [];
    for (const p of paths) {
      const facts = assume(cond, p.facts, truth, this.env.binding);
      if (facts) out.push({ facts, state: p.state });
    }
    return out.length > 1 ? normalize(out, this.env.entry, this.cap(), this.tag()) : out;
  }

  /** An event on every path. Several paths: rules see their join (only paths that can happen), each path moves on. */
  private event(ev: Event, paths: Paths): Paths {
    // Paths that decide a per-path resource differently each take their own resource.
    const split = byChoice(this, ev, paths);
    if (split.length > 1) {
      const out = split.flatMap((g) => this.event(ev, g));
      return normalize(out, this.env.entry, this.cap(), this.tag());
    }
    const e = chosen(this, ev, paths);
    const carried = e.kind === 'user-call' ? carrying(this, e) : null;
    if (e.kind === 'user-call') this.carriedCall = carried ? { key: rangeKey(e.range), syms: new Set([...carried.toCallee].filter(([a, b]) => a === b).map(([a]) => a)) } : null;
    if (carried && e.kind === 'user-call') return callCarrying(this, e, paths, carried);
    if (paths.length === 1) return [{ facts: paths[0].facts, state: this.apply(e, paths[0].state) }];
    // Paths that differ only in their facts (a flag was set) have one state: the event applies to it once.
    const states: TrackState[] = [];
    const group = paths.map((p) => {
      let i = states.findIndex((st) => st === p.state || sameStates(st, p.state));
      if (i < 0) i = states.push(p.state) - 1;
      return i;
    });
    if (states.length === 1) {
      const next = this.apply(e, states[0]);
      return paths.map((p) => ({ facts: p.facts, state: next }));
    }
    // Work is what is applied more than once: a helper the file defines evaluates its body on each state, so it
    // weighs more than a command or a call nobody defines.
    const callee = e.kind === 'user-call' ? resolveHelper(this.env, this.fn, e).callee : undefined;
    const weight = callee ? Math.max(10, Math.ceil(bodyCost(callee.fn) / 4)) : 1;
    this.spendPathWork((states.length - 1) * weight);
    const reporting = this.env.reporting;
    if (reporting) this.apply(e, joinForReport(paths, this.env.entry));
    this.env.reporting = false;
    try {
      const next = states.map((st) => this.apply(e, st));
      return normalize(paths.map((p, i) => ({ facts: p.facts, state: next[group[i]] })), this.env.entry, this.cap(), this.tag());
    } finally {
      this.env.reporting = reporting;
    }
  }

  private apply(e: Event, state: TrackState): TrackState {
    if (e.kind !== 'user-call') return applyEvent(e, state, this.env);
    const out = this.call(e, state);
    // `swap->Advance()` of a method declared without `const`: what `swap->Current()` returns may have changed.
    const receiver = e.forEffect && e.receiverOp && e.list && this.env.mutating?.has(e.callee) ? substituteRef(e.list, this.env.binding).key : null;
    const stale = receiver ? receiverGetters(out.res.keys(), receiver, e.receiverOp!) : [];
    if (stale.length === 0) return out;
    const next = out.clone();
    for (const k of stale) forget(next, k);
    return next;
  }

  /** A call to a helper defined in the analysed files: evaluate its body with the actual arguments. */
  private call(e: UserCallEvent, state: TrackState): TrackState {
    if (e.bookkeeping) return state;
    const { callee, onStack } = resolveHelper(this.env, this.fn, e);
    // `FillTransition(&b, res, ...)`: a helper that only fills a barrier (written at extraction) leaves states as they are.
    if (!callee && !onStack && !e.list && this.env.inertCallee(e.callee, e.args.length)) return state;
    // A member-initializer entry that may be a base's constructor (extract/base-initializers.ts): only a constructor of
    // that name is a call; a member's initialisation changes no state.
    if (e.baseIfConstructor && (!callee || !isConstructor(callee.fn.qualifiedName, e.callee))) return state;
    if (!callee) {
      return havocCall(e, state, this.env, onStack, {
        own: !onStack && idleOwnMethod(this.env, this.fn, e), records: onStack || !idleCallee(this.env, this.fn, e), work: onStack || !worklessCallee(this.env, this.fn, e),
      });
    }
    if (callee.uri !== this.env.uri) for (const known of callee.fn.swapChains ?? []) this.env.swapChainsElsewhere.add(known);
    const failing = e.leavesOnFailure;
    const summaries = quietCallsOf(this.env);
    // A quiet helper (track/quiet.ts) is summarised once per set of inputs, at any call site (quiet-calls.ts).
    if (summaries?.has(callee.fn)) {
      const input = { fn: callee.fn, binding: bindArguments(this.env, e, callee), failing, loopDepth: this.loopDepth, state };
      return summaries.call(this.env, this.budget, input, () => this.evaluate(e, callee, state, failing));
    }
    return this.evaluate(e, callee, state, failing);
  }

  /** Evaluate the helper's body at the call (or replay the call memo's record of it). */
  private evaluate(e: UserCallEvent, callee: Callee, state: TrackState, failing: LeaveTest | undefined): TrackState {
    const run = () => this.enter(e, callee, state, (inner, start) => [{ facts: PathFacts.EMPTY, state: inner.runFunction(callee.fn, start, failing) }],
      failing ? RESULT_KEPT : undefined)[0].state;
    const memo = memoOf(this.env);
    // Only a call that reports nothing is a pure function of its inputs (see call-memo.ts); a call whose failure
    // exits are dropped is another function of them than the memo's.
    if (!memo || this.env.reporting || failing || bodyCost(callee.fn) < MIN_MEMO_COST) {
      // With the reporting check on, a call the rules hear is recorded and compared (reporting-calls.ts).
      return throughReportingCalls(this.env, this.budget, e, this.loopDepth, () => ({
        fn: callee.fn, binding: bindArguments(this.env, e, callee), facts: null, keep: failing ? RESULT_KEPT : null, failing, state,
      }), run);
    }
    const stack = [...this.env.stack, frameOf(this.env, e, callee)];
    // A memoized result applies no events: count the call as work (its COMMON states are never taken as idle).
    this.env.work++;
    return memo.call(this.env, this.budget, { fn: callee.fn, binding: bindArguments(this.env, e, callee), stack, loopDepth: this.loopDepth, state }, run, (out) => out.clone(), (out) => [out]);
  }

  /** Bind the arguments, run `body` in the helper's frame, and drop what the helper's own locals named. */
  enter(e: UserCallEvent, callee: Callee, state: TrackState, body: (inner: Evaluation, start: TrackState) => Paths, keep?: ReadonlySet<string>): Paths {
    const binding = bindArguments(this.env, e, callee);
    const saved = this.env.binding;
    this.env.stack.push(frameOf(this.env, e, callee));
    this.env.binding = binding;
    const renames = clashingLocals(callee.fn.locals ?? [], binding, callee.fn.name);
    if (renames) binding.renames = renames;
    const locals = renames ? (callee.fn.locals ?? []).map((n) => renames.get(n) ?? n) : callee.fn.locals ?? [];
    // The helper's own locals are other objects than the caller's of the same name (`outputTexture` in both): in
    // the helper, what the caller tracked or assumed under such a name is not there (it comes back after the call).
    const hidden = hideLocals(state, locals, this.env.entry);
    const entryBefore = new Set(this.env.entry.keys());
    const replaced = new Map<string, KnownResource | undefined>();
    this.env.creationLogs.push(replaced);
    try {
      const inner = new Interpreter(this.env, this.budget, this.loopDepth, keep);
      inner.fn = callee.fn;
      // `m_tex = CreateTexture(…)`: the local the callee returns is the target's object (returned-results.ts).
      const delivery = deliveryOf(e, callee, saved, binding);
      const out = body(inner, hidden.state).map((x) => {
        const held = delivery ? capturedAt(x.state, delivery) : undefined;
        const after = forgetCalleeLocals(x.state, state, locals, this.env.entry, entryBefore);
        return { facts: x.facts, state: delivery ? deliver(after, delivery, held) : after };
      });
      const created = delivery ? createdUnder(this.env.resources, delivery) : [];
      restoreLocalCreations(this.env.resources, locals, replaced);
      if (delivery) deliverCreation(this.env, delivery, created);
      return out;
    } catch (error) {
      // The innermost call the budget ran out in names the helpers being evaluated (track/run.ts).
      if (error instanceof BudgetExceeded && error.callees.length === 0) error.callees = this.env.stack.map((f) => f.fn);
      throw error;
    } finally {
      for (const [key, s] of hidden.assumed) this.env.entry.set(key, s);
      this.env.creationLogs.pop();
      // What this call replaced was, for the enclosing call, replaced too (unless it had replaced it first).
      const outer = this.env.creationLogs[this.env.creationLogs.length - 1];
      if (outer) for (const [key, prior] of replaced) if (!outer.has(key)) outer.set(key, prior);
      this.env.stack.pop();
      this.env.binding = saved;
      this.env.lastReplaced = replaced;
    }
  }
}

/** Whether `qualified` names a constructor of class `cls` (`Buffer::Buffer`, `gfx::Buffer::Buffer`). */
function isConstructor(qualified: string, cls: string): boolean {
  const parts = qualified.split('::');
  return parts.length >= 2 && parts[parts.length - 1] === cls && parts[parts.length - 2] === cls;
}
