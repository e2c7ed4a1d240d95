// Abstract interpretation of a function's statement tree: sequences, if/else, switch with fallthrough, loops to a
// fixpoint (a transition never undone is seen on the second iteration), return/break/continue, and calls into
// helper functions evaluated with the caller's arguments (their net effect applies at the call site).
import type { BarrierFact, Condition, Event, FunctionFacts, LoopCounter, NoopTest, ResourceRef, Stmt, UserCallEvent } from '../extract/facts';
import { rangeKey, RESULT_SYM } from '../extract/facts';
import type { Range } from '../types';
import { applyEvent, forget, havocCall } from './apply';
import { receiverGetters } from './getter-aliases';
import { bookkeepingHolds } from './bookkeeping';
import { carriedBlind, carryBlindStates } from './blind-branches';
import type { Binding, Frame, TrackEnv } from './env';
import { substituteField, substituteRef, within } from './env';
import type { CondTag, Path, Paths } from './path-set';
import { collapse, joinForReport, joinPaths, normalize, pathCap, sameFacts, samePaths, single } from './path-set';
import { assume, contradicts, decide, isSymbolic, labelHolds, learnLabels, PathFacts, symsOf } from './paths';
import { undecidedResources, withResourceProps } from './resource-props';
import type { KnownResource, Origin, Possible, ResState } from './state';
import { exactly, FRESH, sameRes, sameStates, TrackState, UNKNOWN } from './state';
import { BudgetExceeded, MAX_LOOP_NESTING, WorkBudget } from './budget';
import { CreationFork } from './creation-fork';
import { MIN_MEMO_COST, memoOf } from './call-memo';
import { detached } from '../detached-string';
import type { PassCounters, SilentPass } from './pass-reuse';
import { endPass, passReuseOn, passStats, reusable, startPass } from './pass-reuse';

interface Flow {
  normal: Paths | null;
  breaks: Paths | null;
  continues: Paths | null;
  returns: Paths | null;
}

const MAX_LOOP_ITERATIONS = 4;
const MAX_CALL_DEPTH = 4;

/** Events applied to more than one path, per evaluation of a function body (see PATH_WORK_BUDGET). */
const pathWork = new WeakMap<Interpreter, number>();

const flowOf = (normal: Paths | null): Flow => ({ normal, breaks: null, continues: null, returns: null });

type Callee = { fn: FunctionFacts; uri: string };

/** A helper call whose tested parameters are a caller's stable parameters: the names each way. */
interface Carried {
  callee: Callee;
  toCallee: Map<string, string>;
  toCaller: Map<string, string>;
}

const NOTHING_KEPT: ReadonlySet<string> = new Set();
/** A helper's result (its `return false;`), kept to its exits for a caller that leaves on failure. */
const RESULT_KEPT: ReadonlySet<string> = new Set([RESULT_SYM]);

let nextOwner = 0;

export class Interpreter {
  /** The function whose body this interpreter runs (set by runFunction / runPaths). */
  private fn: FunctionFacts | null = null;
  /** This evaluation, as the owner of the conditions its joins put on values (state.ts PathCond). */
  private readonly owner = nextOwner++;
  /** Writes of tested values so far, and the count at each value's last write: older conditions on it are stale. */
  private writes = 0;
  private readonly lastWrite = new Map<string, number>();
  /** The last user call, when it carried members through the method's body (see carrying), and which. */
  private carriedCall: { key: string; syms: ReadonlySet<string> } | null = null;

  constructor(
    readonly env: TrackEnv,
    private readonly budget: WorkBudget = new WorkBudget(),
    private loopDepth = 0,
    /** Values whose facts outlive their last test: a helper's parameters that its caller's paths carry on. */
    private readonly keep: ReadonlySet<string> = NOTHING_KEPT,
  ) {}

  private join(a: Paths | null, b: Paths | null): Paths | null {
    return joinPaths(a, b, this.env.entry, this.cap(), this.tag());
  }

  private tag(): CondTag {
    return { owner: this.owner, time: this.writes };
  }

  private wrote(syms: readonly string[]): void {
    for (const s of syms) this.lastWrite.set(s, ++this.writes);
  }

  /**
   * The values of `state` a path with `facts` can meet at a test of `syms`: those joined in from a path whose facts
   * contradict these are dropped (a resource left with no value keeps them all).
   */
  private refine(state: TrackState, facts: PathFacts, syms: readonly string[]): TrackState {
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
      out.res.set(key, next);
    }
    return out ?? state;
  }

  private cap(): number {
    return pathCap(pathWork.get(this) ?? 0);
  }

  /**
   * Interpret a whole function body from `state`; returns the state at its exits. `leavesOnFailure`: the caller
   * leaves when the function returns 0, so its exits that returned 0 (`return false;`) are not the caller's way on
   * (extract/failure-exits.ts) — unless every exit did.
   */
  runFunction(fn: FunctionFacts, state: TrackState, leavesOnFailure = false): TrackState {
    this.fn = fn;
    const f = this.stmt(fn.body, single(state));
    let out = this.join(f.normal, f.returns);
    if (leavesOnFailure && out) {
      const on = out.filter((p) => p.facts.compare(RESULT_SYM, '==', 0) !== true);
      if (on.length) out = on;
    }
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
        const out = (p: Paths | null) => p && this.outOfScope(p, s.scoped!, assumedBefore);
        return { normal: out(acc.normal), breaks: out(acc.breaks), continues: out(acc.continues), returns: acc.returns };
      }
      case 'if': return this.ifStmt(s, paths);
      case 'switch': return this.switchStmt(s, paths);
      case 'loop': return this.loop(s, paths);
      case 'return': return { normal: null, breaks: null, continues: null, returns: paths };
      case 'break': return { normal: null, breaks: paths, continues: null, returns: null };
      case 'continue': return { normal: null, breaks: null, continues: paths, returns: null };
      case 'event': return flowOf(this.event(s.event, paths));
      case 'write':
        this.wrote([s.sym]);
        return flowOf(this.facts(paths, (f) => (s.cond ? f.alias(s.sym, s.cond) : f.write(s.sym, s.value, s.delta, s.text))));
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

  private facts(paths: Paths, change: (f: PathFacts) => PathFacts): Paths {
    const out = paths.map((p) => ({ facts: change(p.facts), state: p.state }));
    return out.length > 1 ? normalize(out, this.env.entry, this.cap(), this.tag()) : out;
  }

  private merge(a: Flow, b: Flow): Flow {
    return {
      normal: this.join(a.normal, b.normal), breaks: this.join(a.breaks, b.breaks),
      continues: this.join(a.continues, b.continues), returns: this.join(a.returns, b.returns),
    };
  }

  /** Each path takes the branch its facts decide; an undecided one follows both, learning the condition on each. */
  private ifStmt(s: Extract<Stmt, { k: 'if' }>, paths: Paths): Flow {
    const thenIn: Path[] = [];
    const elseIn: Path[] = [];
    // Paths into an undecided desc test with the blinded resources' states kept, for the silent walk (blind-branches.ts).
    const silent = { then: [] as Path[], else: [] as Path[], keys: new Set<string>(), all: true };
    // `if (desc.SampleDesc.Count > 1)` of a desc read from the resource: its creation's value (resource-props.ts).
    const cond = s.cond && withResourceProps(s.cond, this.env);
    for (const p of paths) {
      const d = cond ? decide(cond, p.facts, this.env.binding) : null;
      // A branch skipped because of a flag the function set itself (`needBarrier = false`): it decided that on this
      // path those resources need no barrier, so their state here is not another path's first-use assumption.
      const skipped = d === null || !s.cond || !p.facts.decidesByFlag(s.cond) ? null : d ? s.else : s.then;
      const q = skipped ? { facts: p.facts, state: unknownUntouched(p.state, skipped, this.env.binding) } : p;
      if (d === true) thenIn.push(q);
      else if (d === false) elseIn.push(q);
      if (d !== null) silent.all = false;
      else {
        let t = cond ? assume(cond, p.facts, true, this.env.binding) : p.facts;
        let e = cond ? assume(cond, p.facts, false, this.env.binding) : p.facts;
        // A state-tracking wrapper's test: the bookkeeping says the resource ends in the wanted state either way.
        if (s.guard === 'then' && t) e = null;
        else if (s.guard === 'skip' && e) t = null;
        else if (s.guard === 'is' && s.guardValue !== undefined) {
          // A first-use test of the wrapper's bookkeeping: decided by the resource's tracked state.
          const holds = bookkeepingHolds(s.then, s.guardValue, p.state, this.env);
          if (holds === true) e = null;
          else if (holds === false) t = null;
        }
        // A submit tested on the batch holding anything, with barriers known to be pending: it is submitted.
        else if (s.batchGuard && t && pending(p.state, s.batchGuard, this.env.binding)) e = null;
        // An early return taken when the batch is empty, with barriers known to be pending: not taken.
        else if (s.emptyBatch && e && pending(p.state, s.emptyBatch, this.env.binding)) t = null;
        const blind = cond ? undecidedResources(cond, this.env) : [];
        const carried = carriedBlind(blind, p.state);
        if (carried.length && !s.guard && !s.noop && !s.batchGuard && !s.once) {
          carried.forEach((k) => silent.keys.add(k));
          if (t) silent.then.push({ facts: t, state: p.state });
          if (e) silent.else.push({ facts: e, state: p.state });
        } else if (blind.length) silent.all = false;
        const entry = (from: TrackState) => {
          const state = from === p.state ? p.state.clone() : from;
          for (const key of blind) forget(state, key);
          return state;
        };
        // A barrier skipped as a no-op by its bookkeeping before-value: on the skipping path the code says the
        // resource is in the after-value; a path whose tracked state cannot be that is one the code never takes.
        const skipping = s.noop && t && e ? noopSkipping(s.noop, p.state, this.env, s.range) : undefined;
        if (skipping === null) {
          if (s.noop!.onThen) t = null;
          else e = null;
        }
        // A test of the engine's own record of earlier calls (a once-only block, a flag the function sets): the
        // branch not taken ran, or will run, on another call, so what it assumes at first use is not this path's entry.
        const ownHistory = (from: TrackState, other: Stmt | null) => ((s.once || s.history) && other ? unknownUntouched(from, other, this.env.binding) : from);
        if (t) thenIn.push({ facts: t, state: ownHistory(entry(skipping && s.noop!.onThen ? skipping : p.state), s.else) });
        if (e) elseIn.push({ facts: e, state: ownHistory(entry(skipping && !s.noop!.onThen ? skipping : p.state), s.then) });
      }
    }
    // Values joined in past the path budget from paths whose facts this branch rules out are not met in it.
    const tested = s.cond ? symsOf(s.cond) : [];
    if (tested.length) {
      for (const ins of [thenIn, elseIn]) for (let i = 0; i < ins.length; i++) ins[i] = { facts: ins[i].facts, state: this.refine(ins[i].state, ins[i].facts, tested) };
    }
    // A once-only block (`if (!m_ready) { …; m_ready = true; }`) entered again has not run since its flag was
    // reset: what it set itself on an earlier call is not the state it meets now.
    if (s.once) for (let i = 0; i < thenIn.length; i++) thenIn[i] = { facts: thenIn[i].facts, state: withoutOwnValues(thenIn[i].state, s.range, this.env.currentUri()) };
    // Both branches can run: what each creates is known after the test only where the two agree (creation-fork.ts).
    const fork = thenIn.length && elseIn.length ? new CreationFork(this.env) : null;
    let a: Flow, b: Flow;
    try {
      a = thenIn.length ? this.stmt(s.then, thenIn) : flowOf(null);
      fork?.otherBranch();
      b = elseIn.length ? (s.else ? this.stmt(s.else, elseIn) : flowOf(elseIn)) : flowOf(null);
    } finally {
      fork?.join();
    }
    const flow = this.merge(a, b);
    if (silent.keys.size && silent.all) this.carryBlind(s, silent, flow);
    return flow;
  }

  /** The undecided desc test's branches walked again, silently, with the blinded resources' states kept. */
  private carryBlind(s: Extract<Stmt, { k: 'if' }>, silent: { then: Path[]; else: Path[]; keys: Set<string> }, flow: Flow): void {
    const reporting = this.env.reporting;
    this.env.reporting = false;
    try {
      const a = silent.then.length ? this.stmt(s.then, silent.then.map((p) => ({ facts: p.facts, state: p.state.clone() }))) : flowOf(null);
      const b = silent.else.length ? (s.else ? this.stmt(s.else, silent.else.map((p) => ({ facts: p.facts, state: p.state.clone() }))) : flowOf(silent.else)) : flowOf(null);
      carryBlindStates(flow, this.merge(a, b), [...silent.keys]);
    } finally {
      this.env.reporting = reporting;
    }
  }

  /**
   * Each path enters the cases its facts allow. Case labels of one switch are distinct values: a path that enters
   * one case learns that the value is none of the others (and a later switch on the same value follows it).
   */
  private switchStmt(s: Extract<Stmt, { k: 'switch' }>, paths: Paths): Flow {
    const entries = s.cases.map(() => [] as Path[]);
    const skip: Path[] = [];
    for (const p of paths) {
      if (s.sym === undefined || !s.labels) {
        entries.forEach((e) => e.push({ facts: p.facts, state: p.state.clone() }));
        if (!s.hasDefault) skip.push(p);
        continue;
      }
      const sym = s.sym;
      const labels = s.labels.map((l) => (l === 'default' ? null : l));
      const truth = labels.map((l) => (l ? labelHolds(p.facts, sym, l) : null));
      const matched = truth.some((t) => t === true);
      const others = (skip: number) => labels.flatMap((l, j) => (l && j !== skip ? [[l, false] as const] : []));
      const none = learnLabels(p.facts, sym, others(-1));
      labels.forEach((l, i) => {
        if (!l) {
          if (!matched) entries[i].push({ facts: none, state: p.state.clone() });
          return;
        }
        if (truth[i] === false || (matched && truth[i] !== true)) return;
        const facts = learnLabels(p.facts, sym, [[l, true], ...others(i)]);
        entries[i].push({ facts, state: p.state.clone() });
      });
      if (!s.hasDefault && !matched) skip.push({ facts: none, state: p.state });
    }
    let fall: Paths | null = null;
    let out: Paths | null = null;
    const acc: Flow = { normal: null, breaks: null, continues: null, returns: null };
    s.cases.forEach((c, i) => {
      const input = this.join(entries[i].length ? entries[i] : null, fall);
      if (!input || input.length === 0) {
        fall = null;
        return;
      }
      const f = this.stmt(c, input);
      fall = f.normal;
      out = this.join(out, f.breaks);
      acc.continues = this.join(acc.continues, f.continues);
      acc.returns = this.join(acc.returns, f.returns);
    });
    out = this.join(out, fall);
    if (skip.length) out = this.join(out, skip);
    acc.normal = out;
    return acc;
  }

  private loop(s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
    if (s.once) {
      const f = this.stmt(s.body, paths);
      return { normal: this.join(this.join(f.normal, f.continues), f.breaks), breaks: null, continues: null, returns: f.returns };
    }
    this.loopDepth++;
    const assumedBefore = s.scoped?.length ? new Set(this.env.entry.keys()) : null;
    try {
      const f = this.loopDepth > MAX_LOOP_NESTING ? this.loopOnce(s, paths) : this.loopToFixpoint(s, paths);
      if (!assumedBefore || !f.normal) return f;
      return { ...f, normal: this.outOfScope(f.normal, s.scoped!, assumedBefore) };
    } finally {
      this.loopDepth--;
    }
  }

  /**
   * After a loop, names it declared (`for (auto& window : windows)`, `const UINT idx = ...` in its body) are gone:
   * a resource named through one (`window.backbuffers[idx]`) means nothing any more, and the same spelling in a later
   * loop is another variable. Its state and what was assumed about it at its first use are dropped. The same after a
   * nested block, for the locals it declared (`auto res = &frames[i][Hud];` in one `if` block and in the next).
   */
  private outOfScope(paths: Paths, scoped: readonly string[], assumedBefore: Set<string>): Paths {
    const names = new Set(scoped);
    const gone = (key: string) => rootNames(key).some((t) => names.has(t));
    for (const key of [...this.env.entry.keys()]) if (!assumedBefore.has(key) && gone(key)) this.env.entry.delete(key);
    return paths.map((p) => {
      const keys = [...p.state.res.keys()].filter(gone);
      if (keys.length === 0) return p;
      const state = p.state.clone();
      for (const k of keys) state.res.delete(k);
      return { facts: p.facts, state };
    });
  }

  /**
   * NOTE: past MAX_LOOP_NESTING the fixpoint would multiply (each level runs its body up to five times), so a
   * deeper loop runs its body once from the state before it (findings there hold on the first iteration) and
   * leaves every resource it may have changed unknown: it can silence, never invent.
   */
  private loopOnce(s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
    // The first level past the limit keeps a few paths apart: joining them would merge what their facts keep apart
    // (a mip loop's `j == 0` path and its later-iteration path around an inner row-copy loop: the first iteration's
    // texture state would meet the later ones' and `if (j == 0)` would lose `j`). Deeper levels, or more paths,
    // join them (the cost stays bounded: at most ONCE_SPLIT_PATHS runs of the body, once).
    if (paths.length > 1 && paths.length <= ONCE_SPLIT_PATHS && this.loopDepth === MAX_LOOP_NESTING + 1) {
      return paths.map((p) => this.loopOnceJoined(s, [p])).reduce((a, b) => this.merge(a, b));
    }
    return this.loopOnceJoined(s, paths);
  }

  private loopOnceJoined(s: Extract<Stmt, { k: 'loop' }>, paths: Paths): Flow {
    const one = collapse(paths, this.env.entry);
    const state = one.state;
    const f = this.stmt(s.body, [{ facts: one.facts, state: perIteration(state, state, s.varying) }]);
    const after = this.join(this.join(f.normal, f.continues), f.breaks);
    const joined = after ? collapse(this.join([{ facts: one.facts, state }], after)!, this.env.entry) : null;
    const exit = joined ? widenChanged(joined.state, state) : state;
    // A guarded counter is the one value the loop writes outside its body; every other fact holds after it.
    const kept = joined?.facts ?? one.facts;
    const facts = s.counter?.guarded ? kept.forget([s.counter.sym]) : kept;
    return { normal: [{ facts, state: exit }], breaks: null, continues: null, returns: f.returns };
  }

  private loopToFixpoint(s: Extract<Stmt, { k: 'loop' }>, all: Paths): Flow {
    // `for (i = 1; i < levels; ++i)`: the paths that enter the body know `1 < levels`; those that skip it, the
    // opposite (they leave with it, not through the head).
    const first = s.counter?.entry;
    const paths = first ? this.assumeAll(all, first, true) : all;
    const skip = first ? this.assumeAll(all, first, false) : null;
    if (paths.length === 0) return flowOf(skip);
    const reporting = this.env.reporting;
    this.env.reporting = false;
    const entry = collapse(paths, this.env.entry).state;
    let cur = paths;
    let converged = false;
    let factsConverged = false;
    // Each iteration starts with per-element resources (`targets[i]`) as they were before the loop: the next
    // iteration names another element. The loop head (and so the exit) still sees what the body left them in.
    const bodyInput = (head: Paths): Paths => head.map((p) => ({ facts: p.facts, state: perIteration(p.state, entry, s.varying) }));
    // A silent final pass may be the last fixpoint pass again (track/pass-reuse.ts).
    const reuse = !reporting && passReuseOn();
    let last: SilentPass<Flow> | null = null;
    for (let i = 0; i < MAX_LOOP_ITERATIONS && !converged; i++) {
      const start = reuse ? startPass(this.env, this.counters()) : null;
      const f = this.stmt(s.body, bodyInput(cur));
      last = start && endPass(this.env, start, cur, f, this.counters(), this.lastWrite);
      if (s.counter?.guarded) this.wrote([s.counter.sym]);
      const back = advance(notLast(this.join(f.normal, f.continues), s.counter), s.counter);
      let next = paths;
      if (back && back.length) {
        const backState = collapse(back, this.env.entry).state;
        const tagged = back.map((p) => ({ facts: p.facts, state: tagLoop(p.state, entry, s.range) }));
        next = this.join(paths, tagged)!.map((p) => ({ facts: p.facts, state: markAroundLoop(p.state, backState, s.range) }));
      }
      converged = samePaths(next, cur);
      factsConverged = sameFacts(next, cur);
      cur = next;
    }
    // No fixpoint of the states: what still changes becomes unknown. When the paths' facts did reach one (a flag's
    // values around the loop are known), each path keeps them with its own widened state.
    if (!converged) {
      cur = factsConverged ? cur.map((p) => ({ facts: p.facts, state: widen(p.state) }))
        : [collapse(cur, this.env.entry)].map((p) => ({ facts: p.facts, state: widen(p.state) }));
    }
    this.env.reporting = reporting;
    const final = (converged && last && this.reused(last, cur)) || this.stmt(s.body, bodyInput(cur));
    // A loop that runs at least once (do-while, a constant trip count, a walk over subresources, paths that passed
    // its first test) has no path that skips its body.
    const once = s.doWhile || s.counter?.atLeastOnce || s.subresources || first;
    // A path that knows the counter is at its last value (`j == levels - 1`) leaves after the iteration, not
    // through the head: it joins the exit as the body left it.
    const leaving = lastOnly(this.join(final.normal, final.continues), s.counter);
    const exitNormal = s.forever ? null : once ? this.join(final.normal, final.continues) : this.join(cur, leaving);
    const exit = this.join(this.join(exitNormal, final.breaks), skip);
    const out = s.counter?.guarded && exit ? this.facts(exit, (f) => f.forget([s.counter!.sym])) : exit;
    return { normal: out, breaks: null, continues: null, returns: final.returns };
  }

  private counters(): PassCounters {
    return { spent: this.budget.used(), pathWork: pathWork.get(this) ?? 0, writes: this.writes };
  }

  /** The flow of `pass` for a pass from `head` when it stands for one, with what that pass would add counted. */
  private reused(pass: SilentPass<Flow>, head: Paths): Flow | null {
    if (!reusable(pass, head, this.counters(), this.budget.room(), this.owner)) {
      passStats.run++;
      return null;
    }
    passStats.reused++;
    this.budget.spendMany(pass.added.spent);
    pathWork.set(this, (pathWork.get(this) ?? 0) + pass.added.pathWork);
    for (const [sym, offset] of pass.written) this.lastWrite.set(sym, this.writes + offset);
    this.writes += pass.added.writes;
    this.env.voidedUses += pass.voided;
    return pass.flow;
  }

  /** The paths on which `cond` can be `truth`, each knowing it. */
  private assumeAll(paths: Paths, cond: Condition, truth: boolean): Paths {
    const out: Path[] = [];
    for (const p of paths) {
      const facts = assume(cond, p.facts, truth, this.env.binding);
      if (facts) out.push({ facts, state: p.state });
    }
    return out.length > 1 ? normalize(out, this.env.entry, this.cap(), this.tag()) : out;
  }

  /**
   * A copy's resource that a pointer names per branch (`ResourceRef.choice`): the branch's resource when every path
   * decides the branch's condition the same way (a readback helper's `if (desc.SampleDesc.Count > 1)` on the
   * caller's single-sample texture copies from the texture itself); otherwise it stays unknown.
   */
  private chosen(e: Event, paths: Paths): Event {
    const pick = (ref: ResourceRef): ResourceRef => {
      const c = ref.choice;
      if (!c) return ref;
      const cond = withResourceProps(c.cond, this.env);
      const ds = paths.map((p) => decide(cond, p.facts, this.env.binding));
      const d = ds.length && ds.every((x) => x === ds[0]) ? ds[0] : null;
      const taken = d === true ? c.then : d === false ? c.else : null;
      return taken ? { ...taken, range: ref.range } : ref;
    };
    if (e.kind === 'command' && e.resources.some((r) => r.ref.choice)) return { ...e, resources: e.resources.map((r) => ({ ...r, ref: pick(r.ref) })) };
    // `Transition(cull ? processed : commands, …)`: the barrier's resource per path, as a copy's.
    if (e.kind === 'resource-barrier-call' && e.barriers?.some((b) => b.resource?.choice)) {
      // NOTE: a state written the same way (`cull ? UNORDERED_ACCESS : NON_PIXEL_SHADER_RESOURCE`) is one of its values
      // on every path, not tied to the path's resource: it is left unknown rather than checked against the wrong one.
      const loose = (fields: BarrierFact['fields']) => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.oneOf ? { value: null, text: f.text, range: f.range } : f]));
      return { ...e, barriers: e.barriers.map((b) => (b.resource?.choice ? { ...b, resource: pick(b.resource), fields: loose(b.fields) } : b)) };
    }
    return e;
  }

  /** Paths grouped by how they decide the conditions of the event's per-path resources (one group: no split). */
  private byChoice(e: Event, paths: Paths): Paths[] {
    // NOTE: asked for every event on every path set: events without a per-path resource allocate nothing.
    const choices = e.kind === 'command' ? (e.resources.some((r) => r.ref.choice) ? e.resources.map((r) => r.ref.choice) : null)
      : e.kind === 'resource-barrier-call' && e.barriers?.some((b) => b.resource?.choice) ? e.barriers.map((b) => b.resource?.choice) : null;
    if (!choices) return [paths];
    const conds = choices.filter((c) => !!c).map((c) => withResourceProps(c!.cond, this.env));
    // A condition no path has decided yet is decided here, as an if would (each path learns its side).
    const first = conds[0];
    if (paths.every((p) => decide(first, p.facts, this.env.binding) === null) && isSymbolic(first)) {
      const sides = [...this.assumeAll(paths, first, true), ...this.assumeAll(paths, first, false)];
      if (sides.length > paths.length) paths = sides;
    }
    if (paths.length < 2) return [paths];
    const groups = new Map<string, Path[]>();
    for (const p of paths) {
      const k = conds.map((c) => String(decide(c, p.facts, this.env.binding))).join(',');
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    return [...groups.values()];
  }

  /** An event on every path. Several paths: rules see their join (only paths that can happen), each path moves on. */
  private event(ev: Event, paths: Paths): Paths {
    // Paths that decide a per-path resource differently each take their own resource.
    const split = this.byChoice(ev, paths);
    if (split.length > 1) {
      const out = split.flatMap((g) => this.event(ev, g));
      return normalize(out, this.env.entry, this.cap(), this.tag());
    }
    const e = this.chosen(ev, paths);
    const carried = e.kind === 'user-call' ? this.carrying(e) : null;
    if (e.kind === 'user-call') this.carriedCall = carried ? { key: rangeKey(e.range), syms: new Set([...carried.toCallee].filter(([a, b]) => a === b).map(([a]) => a)) } : null;
    if (carried && e.kind === 'user-call') return this.callCarrying(e, paths, carried);
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
    const callee = e.kind === 'user-call' ? this.resolve(e).callee : undefined;
    const weight = callee ? Math.max(10, Math.ceil(bodyCost(callee.fn) / 4)) : 1;
    pathWork.set(this, (pathWork.get(this) ?? 0) + (states.length - 1) * weight);
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

  /** The helper a call evaluates, or undefined (unknown, recursive, too deep): then havocCall. */
  private resolve(e: UserCallEvent): { callee?: Callee; onStack: boolean } {
    // `Transition(...)` inside `Impl::GenerateMips()` is `Impl::Transition`, not the public `Batch::Transition` that
    // forwards to it: the caller's own class is preferred (a free function of that name is still found).
    const found = this.env.resolveCallee(e.callee, e.args.length, e.receiverClass ?? (e.ownClass ? classOf(this.fn) : undefined));
    // `batch.Transition(...)` on a ResourceUploadBatch is not `MSAAHelper::Transition` from another file.
    const classes = e.receiverClass ? [e.receiverClass, ...(e.receiverBases ?? []), ...(this.env.functions.basesOf?.(e.receiverClass) ?? [])] : [];
    // `ImGui::Render()` inside `Dx12Renderer::UpdatePipeline()` is not `Dx12Renderer::Render()`. NOTE: the qualifier
    // only rules a method out; it does not choose between same-named functions the call could not resolve before
    // (MiniEngine's `PostEffects::Render()` beside other namespaces' `Render()`: resolving those spent the work budget
    // of three frame functions of a gated engine).
    const scopes = e.qualifier ? [e.qualifier, ...(this.env.functions.basesOf?.(e.qualifier) ?? [])] : [];
    const outside = (cs: string[]) => cs.length > 0 && !!found && !cs.some((c) => memberOf(found.fn.qualifiedName, c));
    const callee = outside(classes) || outside(scopes) ? undefined : found;
    if (found && !callee && e.receiverClass) this.env.unresolvedClasses.add(e.receiverClass);
    // The function being analysed calling itself (`x.copy(...)` inside `OpenXR::copy` resolving to it) is recursion
    // too: its body is not evaluated again with the call's arguments.
    const root = this.env.rootFn;
    const isRoot = !!callee && !!root && (callee.fn === root || (callee.fn.qualifiedName === root.qualifiedName && sameRange(callee.fn.range, root.range)));
    const onStack = !!callee && (isRoot || this.env.stack.some((f) => f.fn === callee.fn));
    return { callee: callee && !onStack && this.env.stack.length < MAX_CALL_DEPTH ? callee : undefined, onStack };
  }

  /**
   * `CopySplits(direction, ...)` in a loop, where CopySplits tests `direction` and the caller never writes its own
   * `direction`: the paths of the helper that differ in what they learnt of it stay apart in the caller, so the next
   * call (or the caller's own test) takes the branch the first one took. Null when no such parameter is passed.
   */
  private carrying(e: UserCallEvent): Carried | null {
    const own = this.fn;
    if (!own?.stableParams && !own?.factMembers) return null;
    const callee = this.resolve(e).callee;
    const followed = callee?.fn.factParams;
    const members = e.ownClass ? callee?.fn.factMembers : undefined;
    if (!callee || (!followed && !members)) return null;
    const toCallee = new Map<string, string>();
    const toCaller = new Map<string, string>();
    const pair = (sym: string, p: string): void => {
      if (toCallee.has(sym) || toCaller.has(p)) return;
      toCallee.set(sym, p);
      toCaller.set(p, sym);
    };
    e.args.forEach((a, i) => {
      const p = callee.fn.params[i];
      if (!p || !followed?.includes(p)) return;
      // The caller's stable parameter, or a member its path facts follow (their writes are statements of its own).
      const cp = a.field.param;
      const sym = cp !== undefined ? own.params[cp] : a.sym;
      if (sym && (cp !== undefined ? own.stableParams?.includes(sym) : own.factMembers?.includes(sym))) pair(sym, p);
    });
    // A method of the class testing a member the caller follows too: the same member on both sides.
    for (const m of members ?? []) if (own.factMembers?.includes(m)) pair(m, m);
    return toCallee.size ? { callee, toCallee, toCaller } : null;
  }

  /** The call on every path, the helper starting from what each path knows of the carried values (see carrying). */
  private callCarrying(e: UserCallEvent, paths: Paths, c: Carried): Paths {
    const groups = new Map<string, Path[]>();
    for (const p of paths) {
      const k = p.facts.renamed(c.toCallee).key();
      groups.set(k, [...(groups.get(k) ?? []), p]);
    }
    const reporting = this.env.reporting;
    const carriedSyms = [...c.toCallee.keys()];
    this.wrote(carriedSyms);
    const out: Path[] = [];
    try {
      for (const group of groups.values()) {
        const inFacts = group[0].facts.renamed(c.toCallee);
        const states: TrackState[] = [];
        const index = group.map((p) => {
          let i = states.findIndex((st) => st === p.state || sameStates(st, p.state));
          if (i < 0) i = states.push(p.state) - 1;
          return i;
        });
        // As for any event: with several states, the rules see their join (helper paths decided the same way).
        if (reporting && states.length > 1) this.callPaths(e, c, joinForReport(group, this.env.entry), inFacts);
        this.env.reporting = reporting && states.length === 1;
        const exits = states.map((st) => this.callPaths(e, c, st, inFacts));
        this.env.reporting = reporting;
        group.forEach((p, i) => {
          const base = p.facts.forget(carriedSyms);
          for (const x of exits[index[i]]) out.push({ facts: base.with(x.facts), state: x.state });
        });
      }
    } finally {
      this.env.reporting = reporting;
    }
    if (out.length > paths.length) {
      const weight = Math.max(10, Math.ceil(bodyCost(c.callee.fn) / 4));
      pathWork.set(this, (pathWork.get(this) ?? 0) + (out.length - paths.length) * weight);
    }
    return out.length > 1 ? normalize(out, this.env.entry, this.cap(), this.tag()) : out;
  }

  /** The helper's exits, one per distinct thing it learnt of the carried values (in the caller's names). */
  private callPaths(e: UserCallEvent, c: Carried, state: TrackState, facts: PathFacts): Paths {
    const keep = new Set(c.toCaller.keys());
    const run = () => this.enter(e, c.callee, state, (inner, start) => {
      const f = inner.stmt(c.callee.fn.body, single(start, facts));
      return inner.join(f.normal, f.returns) ?? single(start, facts);
    }, keep);
    const memo = memoOf(this.env);
    // Only a call that reports nothing is a pure function of its inputs (see call-memo.ts).
    if (memo && !this.env.reporting) this.env.work++;
    const exits = !memo || this.env.reporting || bodyCost(c.callee.fn) < MIN_MEMO_COST ? run()
      : memo.call(this.env, this.budget, {
        fn: c.callee.fn, binding: this.bind(e, c.callee), stack: [...this.env.stack, this.frameOf(e, c.callee)],
        loopDepth: this.loopDepth, state, facts, keep,
      }, run, (out) => out.map((p) => ({ facts: p.facts, state: p.state.clone() })), (out) => out.map((p) => p.state));
    const groups = new Map<string, Path[]>();
    for (const x of exits) {
      const facts = x.facts.renamed(c.toCaller);
      const k = facts.key();
      groups.set(k, [...(groups.get(k) ?? []), { facts, state: x.state }]);
    }
    return [...groups.values()].map((g) => (g.length === 1 ? g[0] : { ...collapse(g, this.env.entry), facts: g[0].facts }));
  }

  /** A call to a helper defined in the analysed files: evaluate its body with the actual arguments. */
  private call(e: UserCallEvent, state: TrackState): TrackState {
    if (e.bookkeeping) return state;
    const { callee, onStack } = this.resolve(e);
    // `FillTransition(&b, res, ...)`: a helper that only fills a barrier (written at extraction) leaves states as they are.
    if (!callee && !onStack && !e.list && this.env.inertCallee(e.callee, e.args.length)) return state;
    if (!callee) return havocCall(e, state, this.env, onStack);
    const failing = !!e.leavesOnFailure;
    const run = () => this.enter(e, callee, state, (inner, start) => [{ facts: PathFacts.EMPTY, state: inner.runFunction(callee.fn, start, failing) }],
      failing ? RESULT_KEPT : undefined)[0].state;
    const memo = memoOf(this.env);
    // Only a call that reports nothing is a pure function of its inputs (see call-memo.ts); a call whose failure
    // exits are dropped is another function of them than the memo's.
    if (!memo || this.env.reporting || failing || bodyCost(callee.fn) < MIN_MEMO_COST) return run();
    const stack = [...this.env.stack, this.frameOf(e, callee)];
    // A memoized result applies no events: count the call as work (its COMMON states are never taken as idle).
    this.env.work++;
    return memo.call(this.env, this.budget, { fn: callee.fn, binding: this.bind(e, callee), stack, loopDepth: this.loopDepth, state }, run, (out) => out.clone(), (out) => [out]);
  }

  private frameOf(e: UserCallEvent, callee: Callee): Frame {
    return { fn: callee.fn, uri: callee.uri, callRange: e.range, callUri: this.env.currentUri() };
  }

  /** The callee's parameters bound to the call's arguments, in the caller's terms. */
  private bind(e: UserCallEvent, callee: Callee): Binding {
    // Parameters the call leaves out take their default arguments (constants of the callee's own file), chosen at
    // this call: a finding they take part in is the call's.
    const defaults = (callee.fn.defaults ?? []).slice(e.args.length).map((f) => (f ? { ...f, range: e.range } : { value: null, text: '', range: e.range }));
    return {
      fields: [...e.args.map((a) => substituteField(a.field, this.env.binding)), ...defaults],
      refs: e.args.map((a) => substituteRef(a.resource, this.env.binding)),
      owners: e.args.map((a) => this.env.ownerOf(a.resource)),
      ...receiverOf(e, this.env.binding),
      ...heldHandles(e, this.env.binding),
      params: callee.fn.params,
    };
  }

  /** Bind the arguments, run `body` in the helper's frame, and drop what the helper's own locals named. */
  private enter(e: UserCallEvent, callee: Callee, state: TrackState, body: (inner: Interpreter, start: TrackState) => Paths, keep?: ReadonlySet<string>): Paths {
    const binding = this.bind(e, callee);
    const saved = this.env.binding;
    this.env.stack.push(this.frameOf(e, callee));
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
      const out = body(inner, hidden.state).map((x) => ({ facts: x.facts, state: forgetCalleeLocals(x.state, state, locals, this.env.entry, entryBefore) }));
      restoreLocalCreations(this.env.resources, locals, replaced);
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

const costs = new WeakMap<FunctionFacts, number>();

/** Roughly what evaluating a helper's body costs: its statements, a loop's body counted five times per level. */
function bodyCost(fn: FunctionFacts): number {
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
function receiverOf(e: UserCallEvent, outer: Binding | null): Pick<Binding, 'receiver'> {
  if (e.receiverOp && e.list) return { receiver: { ref: substituteRef(e.list, outer), op: e.receiverOp } };
  if (!e.list && outer?.receiver) return { receiver: outer.receiver };
  if (e.list?.key === 'this' && outer?.receiver) return { receiver: outer.receiver };
  return {};
}

function pending(state: TrackState, container: ResourceRef, binding: Binding | null): boolean {
  const key = substituteRef(container, binding).key;
  const batch = key ? state.batches.get(key) : undefined;
  return !!batch && (batch.items.length > 0 || (batch.mixed?.length ?? 0) > 0 || !!batch.unreadable);
}

/** The class a method belongs to (`Batch::Impl::Transition` → Impl), or undefined for a free function. */
function classOf(fn: FunctionFacts | null): string | undefined {
  return fn ? classPart(fn.qualifiedName) : undefined;
}

/** Whether a function's qualified name (`DX::MSAAHelper::Transition`) is a member of `cls`, or of no class at all. */
function memberOf(qualifiedName: string, cls: string): boolean {
  const owner = classPart(qualifiedName);
  return owner === undefined || owner === cls;
}

// NOTE: every pass over a call asks for its callers' and callees' classes: each qualified name is split once.
const classParts = new Map<string, string | undefined>();

function classPart(qualifiedName: string): string | undefined {
  if (classParts.has(qualifiedName)) return classParts.get(qualifiedName);
  const parts = qualifiedName.split('::');
  const owner = parts.length >= 2 ? parts[parts.length - 2] : undefined;
  if (classParts.size >= ROOT_NAMES_KEPT) classParts.clear();
  classParts.set(detached(qualifiedName), owner === undefined ? undefined : detached(owner));
  return owner;
}

/**
 * The helper's locals whose names the arguments' objects also carry (the caller's `resource` handed to the helper's
 * `texture`, beside the helper's own local `resource`), each with the name its keys take inside the helper.
 */
function clashingLocals(locals: readonly string[], b: Binding, callee: string): Map<string, string> | undefined {
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
function restoreLocalCreations(resources: Map<string, KnownResource>, locals: readonly string[], replaced: Map<string, KnownResource | undefined>): void {
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
function hideLocals(state: TrackState, locals: readonly string[], entry: Map<string, ResState>): { state: TrackState; assumed: [string, ResState][] } {
  if (locals.length === 0) return { state, assumed: [] };
  const names = new Set(locals);
  const local = (key: string) => rootNames(key).some((t) => names.has(t));
  const assumed: [string, ResState][] = [];
  for (const [key, s] of entry) if (local(key)) assumed.push([key, s]);
  for (const [key] of assumed) entry.delete(key);
  const keys = [...state.res.keys()].filter(local);
  if (keys.length === 0) return { state, assumed };
  const out = state.clone();
  for (const k of keys) out.res.delete(k);
  return { state: out, assumed };
}

/**
 * After a helper returns, resources named through its own locals (`auto* t = Lookup(id); Transition(t->res, ...)`)
 * are no longer nameable by the caller, and the next call's local is another object: the caller keeps what it had
 * for such a key before the call. Assumptions the helper made about them are dropped too.
 */
function forgetCalleeLocals(out: TrackState, before: TrackState, locals: readonly string[], entry: Map<string, ResState>, entryBefore: Set<string>): TrackState {
  if (locals.length === 0) return out;
  const names = new Set(locals);
  const local = (key: string) => rootNames(key).some((t) => names.has(t));
  for (const key of [...out.res.keys()]) {
    if (!local(key)) continue;
    const prior = before.res.get(key);
    if (prior) out.res.set(key, prior);
    else out.res.delete(key);
  }
  for (const key of [...entry.keys()]) if (!entryBefore.has(key) && local(key)) entry.delete(key);
  return out;
}

/**
 * The state on the path that skips a no-op barrier (see ifStmt): the resource in the after-value; null when the
 * tracked state cannot be it (the path is not taken); undefined when nothing is known of the resource.
 */
function noopSkipping(t: NoopTest, state: TrackState, env: TrackEnv, range: Range): TrackState | null | undefined {
  const key = substituteRef(t.resource, env.binding).key;
  // States kept per subresource (`key|sub0`) are not narrowed as a whole.
  if (!key || [...state.res.keys()].some((k) => k.startsWith(`${key}|sub`))) return undefined;
  const r = state.res.get(key) ?? env.entry.get(key) ?? FRESH;
  const cur = t.family === 'legacy' ? r.legacy : r.layout;
  if (!cur.unknown && cur.values.size > 0 && !cur.values.has(t.value)) return null;
  const out = state.clone();
  const value = exactly(t.value, env.note(range, 'the code skips the barrier here as a no-op: its bookkeeping says the resource is in its after-state'));
  out.res.set(key, t.family === 'legacy' ? { ...r, legacy: value } : { ...r, layout: value });
  return out;
}

/**
 * `state` without the values set inside `range` of `uri` (a once-only block's own barriers): a resource that loses
 * one is unknown but for the values other code set; a write the block left pending is dropped.
 */
function withoutOwnValues(state: TrackState, range: Range, uri: string): TrackState {
  const inside = (o: Origin | null | undefined) => !!o && (o.at ? o.at.uri === uri && within(o.at.range, range) : o.uri === uri && within(o.range, range));
  let out: TrackState | null = null;
  for (const [key, s] of state.res) {
    const drop = (p: Possible): Possible => {
      if (![...p.values.values()].some(inside)) return p;
      return { values: new Map([...p.values].filter(([, o]) => !inside(o))), unknown: true };
    };
    const next: ResState = { ...s, layout: drop(s.layout), legacy: drop(s.legacy), access: drop(s.access), syncAfter: drop(s.syncAfter),
      pendingWrite: s.pendingWrite && inside(s.pendingWrite.origin) ? null : s.pendingWrite };
    if (next.layout === s.layout && next.legacy === s.legacy && next.access === s.access && next.syncAfter === s.syncAfter && next.pendingWrite === s.pendingWrite) continue;
    out ??= state.clone();
    out.res.set(key, next);
  }
  return out ?? state;
}

/** Resources a statement's barriers name that the path has not touched yet become unknown on it. */
function unknownUntouched(state: TrackState, s: Stmt, binding: Binding | null): TrackState {
  const keys: string[] = [];
  const visit = (t: Stmt): void => {
    if (t.k === 'seq') t.body.forEach(visit);
    else if (t.k === 'if') { visit(t.then); if (t.else) visit(t.else); }
    else if (t.k === 'loop') visit(t.body);
    else if (t.k === 'switch') t.cases.forEach(visit);
    else if (t.k === 'event') {
      const e = t.event;
      const refs = e.kind === 'resource-barrier-call' ? (e.barriers ?? []).map((b) => b.resource)
        : e.kind === 'barrier-call' ? (e.groups ?? []).flatMap((g) => (g.barriers ?? []).map((b) => b.resource))
          : e.kind === 'user-call' ? e.args.map((a) => a.resource) : [];
      for (const r of refs) {
        const key = r && substituteRef(r, binding).key;
        if (key) keys.push(key);
      }
    }
  };
  visit(s);
  const fresh = keys.filter((k) => !state.res.has(k));
  if (fresh.length === 0) return state;
  const out = state.clone();
  for (const k of fresh) out.res.set(k, FRESH);
  return out;
}

/** The paths that go round again: not those that know the counter had its last value (LoopCounter.last). */
function notLast(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.last) return paths;
  const out = paths.filter((p) => p.facts.atom(counter.last!) !== true);
  return out.length ? out : null;
}

/** The paths that leave after this iteration, knowing the counter had its last value. */
function lastOnly(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.last) return null;
  const out = paths.filter((p) => p.facts.atom(counter.last!) === true);
  return out.length ? out : null;
}

/** At the back edge of a loop, the counter moves on: the value it had on the iteration is passed. */
function advance(paths: Paths | null, counter: LoopCounter | undefined): Paths | null {
  if (!paths || !counter?.guarded) return paths;
  return paths.map((p) => ({ facts: p.facts.advance(counter), state: p.state }));
}

/** Values that arrive around the back edge (and were not there on entry) remember the loop. */
function tagLoop(back: TrackState, entry: TrackState, range: Range): TrackState {
  const out = back.clone();
  for (const [key, s] of back.res) {
    const before = entry.res.get(key);
    const tag = (p: Possible, q: Possible | undefined): Possible => {
      let changed = false;
      const values = new Map(p.values);
      for (const [v, o] of p.values) {
        if (!q?.values.has(v) && !o.loop) {
          values.set(v, { ...o, loop: range });
          changed = true;
        }
      }
      return changed ? { values, unknown: p.unknown } : p;
    };
    // A write still pending around the back edge that was not pending on entry was made by an earlier iteration.
    const w = s.pendingWrite;
    const carried = w && !w.origin.loop && !sameRange(w.origin.range, before?.pendingWrite?.origin.range ?? NO_RANGE);
    const pendingWrite = carried ? { ...w, origin: { ...w.origin, loop: range } } : w;
    out.res.set(key, { ...s, layout: tag(s.layout, before?.layout), legacy: tag(s.legacy, before?.legacy), pendingWrite });
  }
  return out;
}

const NO_RANGE = { startLine: -1, startColumn: -1 };

/** Paths a loop past MAX_LOOP_NESTING still runs apart (loopOnce). */
const ONCE_SPLIT_PATHS = 4;

/** `head` with every resource whose key mentions a loop-varying name reset to its state at loop entry. */
function perIteration(head: TrackState, entry: TrackState, varying: readonly string[]): TrackState {
  const out = head.clone();
  if (varying.length === 0) return out;
  const names = new Set(varying);
  for (const key of head.res.keys()) {
    if (!rootNames(key).some((t) => names.has(t))) continue;
    const before = entry.res.get(key);
    if (before) out.res.set(key, before);
    else out.res.delete(key);
  }
  return out;
}

/** The names a resource key is built from, leaving out member names: `m.res[j]` → m, j. */
function rootNames(key: string): readonly string[] {
  let names = rootNamesOf.get(key);
  if (names) return names;
  names = [...key.matchAll(/(?<![\w.]|->|::)[A-Za-z_]\w*/g)].map((m) => m[0]);
  if (rootNamesOf.size >= ROOT_NAMES_KEPT) rootNamesOf.clear();
  rootNamesOf.set(detached(key), names.map(detached));
  return names;
}

// NOTE: scopes, loops and helper returns ask for the names of every key of every path's state, again and again for
// the same keys: they are read once per key (a bounded cache; a long-lived server analyses many files).
const rootNamesOf = new Map<string, readonly string[]>();
const ROOT_NAMES_KEPT = 50_000;

/** Values at the loop head that some path around the back edge also carries (not only the loop's entry). */
function markAroundLoop(head: TrackState, back: TrackState, range: Range): TrackState {
  for (const [key, s] of head.res) {
    const b = back.res.get(key);
    if (!b) continue;
    const mark = (p: Possible, q: Possible): Possible => {
      let changed = false;
      const values = new Map(p.values);
      for (const [v, o] of p.values) {
        if (!o.loop && !o.aroundLoop && q.values.has(v)) {
          values.set(v, { ...o, aroundLoop: range });
          changed = true;
        }
      }
      return changed ? { values, unknown: p.unknown } : p;
    };
    const layout = mark(s.layout, b.layout);
    const legacy = mark(s.legacy, b.legacy);
    if (layout !== s.layout || legacy !== s.legacy) head.res.set(key, { ...s, layout, legacy });
  }
  return head;
}

/**
 * No fixpoint within the iteration budget: whatever still changes becomes unknown — also a resource the loop
 * touched first, whose value around the back edge would otherwise look certain ("on the next iteration") after
 * paths that kept it apart were joined.
 */
function widen(cur: TrackState): TrackState {
  const out = cur.clone();
  for (const [key, s] of cur.res) out.res.set(key, { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
  return out;
}

/** Resources whose state differs from `entry` become unknown. */
function widenChanged(cur: TrackState, entry: TrackState): TrackState {
  const out = cur.clone();
  for (const [key, s] of cur.res) {
    const e = entry.res.get(key);
    if (e && sameRes(e, s)) continue;
    out.res.set(key, { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN });
  }
  return out;
}

function sameRange(a: { startLine: number; startColumn: number }, b: { startLine: number; startColumn: number }): boolean {
  return a.startLine === b.startLine && a.startColumn === b.startColumn;
}

/** The handles the caller holds in the arguments, or forwards from its own caller (a handle parameter passed on). */
function heldHandles(e: UserCallEvent, outer: Binding | null): Pick<Binding, 'handles'> {
  const handles = e.args.map((a) => a.handle ?? (a.resource.param !== undefined ? outer?.handles?.[a.resource.param] : undefined));
  return handles.some((h) => h) ? { handles } : {};
}
