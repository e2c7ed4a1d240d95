// Abstract interpretation of a function's statement tree: sequences, if/else, switch with fallthrough, loops to a
// fixpoint (a transition never undone is seen on the second iteration), return/break/continue, and calls into
// helper functions evaluated with the caller's arguments (their net effect applies at the call site).
import type { Condition, Event, FunctionFacts, Stmt, UserCallEvent } from '../extract/facts';
import type { Range } from '../types';
import { applyEvent, havocCall } from './apply';
import type { Binding, TrackEnv } from './env';
import { substituteField, substituteRef } from './env';
import type { Possible, ResState } from './state';
import { joinStates, sameRes, sameStates, TrackState, UNKNOWN } from './state';
import { MAX_LOOP_NESTING, WorkBudget } from './budget';

interface Flow {
  normal: TrackState | null;
  breaks: TrackState | null;
  continues: TrackState | null;
  returns: TrackState | null;
}

const MAX_LOOP_ITERATIONS = 4;
const MAX_CALL_DEPTH = 4;

export class Interpreter {
  constructor(
    readonly env: TrackEnv,
    private readonly budget: WorkBudget = new WorkBudget(),
    private loopDepth = 0,
  ) {}

  private join(a: TrackState | null, b: TrackState | null): TrackState | null {
    return joinStates(a, b, this.env.entry);
  }

  /** Interpret a whole function body from `state`; returns the state at its exits. */
  runFunction(fn: FunctionFacts, state: TrackState): TrackState {
    const f = this.stmt(fn.body, state);
    return this.join(f.normal, f.returns) ?? state;
  }

  stmt(s: Stmt, state: TrackState): Flow {
    this.budget.spend();
    switch (s.k) {
      case 'seq': {
        let cur: TrackState | null = state;
        const acc: Flow = { normal: null, breaks: null, continues: null, returns: null };
        for (const c of s.body) {
          if (!cur) break;
          const f = this.stmt(c, cur);
          acc.breaks = this.join(acc.breaks, f.breaks);
          acc.continues = this.join(acc.continues, f.continues);
          acc.returns = this.join(acc.returns, f.returns);
          cur = f.normal;
        }
        acc.normal = cur;
        return acc;
      }
      case 'if': {
        const decided = s.cond ? decide(s.cond, this.env.binding) : null;
        if (decided === true) return this.stmt(s.then, state);
        if (decided === false) return s.else ? this.stmt(s.else, state) : { normal: state, breaks: null, continues: null, returns: null };
        const a = this.stmt(s.then, state.clone());
        const b = s.else ? this.stmt(s.else, state.clone()) : { normal: state, breaks: null, continues: null, returns: null };
        return this.merge(a, b);
      }
      case 'switch': return this.switchStmt(s, state);
      case 'loop': return this.loop(s, state);
      case 'return': return { normal: null, breaks: null, continues: null, returns: state };
      case 'break': return { normal: null, breaks: state, continues: null, returns: null };
      case 'continue': return { normal: null, breaks: null, continues: state, returns: null };
      case 'event': return { normal: this.event(s.event, state), breaks: null, continues: null, returns: null };
      default: return { normal: state, breaks: null, continues: null, returns: null };
    }
  }

  private merge(a: Flow, b: Flow): Flow {
    return {
      normal: this.join(a.normal, b.normal), breaks: this.join(a.breaks, b.breaks),
      continues: this.join(a.continues, b.continues), returns: this.join(a.returns, b.returns),
    };
  }

  private switchStmt(s: Extract<Stmt, { k: 'switch' }>, state: TrackState): Flow {
    let fall: TrackState | null = null;
    let out: TrackState | null = null;
    const acc: Flow = { normal: null, breaks: null, continues: null, returns: null };
    for (const c of s.cases) {
      const f = this.stmt(c, (this.join(state, fall) ?? state).clone());
      fall = f.normal;
      out = this.join(out, f.breaks);
      acc.continues = this.join(acc.continues, f.continues);
      acc.returns = this.join(acc.returns, f.returns);
    }
    out = this.join(out, fall);
    if (!s.hasDefault) out = this.join(out, state);
    acc.normal = out;
    return acc;
  }

  private loop(s: Extract<Stmt, { k: 'loop' }>, state: TrackState): Flow {
    this.loopDepth++;
    try {
      return this.loopDepth > MAX_LOOP_NESTING ? this.loopOnce(s, state) : this.loopToFixpoint(s, state);
    } finally {
      this.loopDepth--;
    }
  }

  /**
   * NOTE: past MAX_LOOP_NESTING the fixpoint would multiply (each level runs its body up to five times), so a
   * deeper loop runs its body once from the state before it (findings there hold on the first iteration) and
   * leaves every resource it may have changed unknown: it can silence, never invent.
   */
  private loopOnce(s: Extract<Stmt, { k: 'loop' }>, state: TrackState): Flow {
    const f = this.stmt(s.body, perIteration(state, state, s.varying));
    const after = this.join(this.join(f.normal, f.continues), f.breaks);
    const exit = after ? widenChanged(this.join(state, after) ?? state, state) : state;
    return { normal: exit, breaks: null, continues: null, returns: f.returns };
  }

  private loopToFixpoint(s: Extract<Stmt, { k: 'loop' }>, state: TrackState): Flow {
    const reporting = this.env.reporting;
    this.env.reporting = false;
    let cur = state;
    let converged = false;
    // Each iteration starts with per-element resources (`targets[i]`) as they were before the loop: the next
    // iteration names another element. The loop head (and so the exit) still sees what the body left them in.
    const bodyInput = (head: TrackState): TrackState => perIteration(head, state, s.varying);
    for (let i = 0; i < MAX_LOOP_ITERATIONS && !converged; i++) {
      const f = this.stmt(s.body, bodyInput(cur));
      const back = this.join(f.normal, f.continues);
      const next = back ? markAroundLoop(this.join(state, tagLoop(back, state, s.range))!, back, s.range) : state;
      converged = sameStates(next, cur);
      cur = next;
    }
    if (!converged) cur = widen(cur, state);
    this.env.reporting = reporting;
    const final = this.stmt(s.body, bodyInput(cur));
    const exitNormal = s.doWhile ? this.join(final.normal, final.continues) : cur;
    return { normal: this.join(exitNormal, final.breaks), breaks: null, continues: null, returns: final.returns };
  }

  private event(e: Event, state: TrackState): TrackState {
    if (e.kind !== 'user-call') return applyEvent(e, state, this.env);
    return this.call(e, state);
  }

  /** A call to a helper defined in the analysed files: evaluate its body with the actual arguments. */
  private call(e: UserCallEvent, state: TrackState): TrackState {
    const found = this.env.resolveCallee(e.callee, e.args.length);
    // `batch.Transition(...)` on a ResourceUploadBatch is not `MSAAHelper::Transition` from another file.
    const callee = found && e.receiverClass && !memberOf(found.fn.qualifiedName, e.receiverClass) ? undefined : found;
    const onStack = callee && this.env.stack.some((f) => f.fn === callee.fn);
    if (!callee || onStack || this.env.stack.length >= MAX_CALL_DEPTH) return havocCall(e, state, this.env, !!onStack);
    const binding: Binding = {
      fields: e.args.map((a) => substituteField(a.field, this.env.binding)),
      refs: e.args.map((a) => substituteRef(a.resource, this.env.binding)),
      owners: e.args.map((a) => this.env.ownerOf(a.resource)),
    };
    const saved = this.env.binding;
    this.env.stack.push({ fn: callee.fn, uri: callee.uri, callRange: e.range, callUri: this.env.currentUri() });
    this.env.binding = binding;
    const entryBefore = new Set(this.env.entry.keys());
    try {
      const out = new Interpreter(this.env, this.budget, this.loopDepth).runFunction(callee.fn, state);
      return forgetCalleeLocals(out, state, callee.fn.locals ?? [], this.env.entry, entryBefore);
    } finally {
      this.env.stack.pop();
      this.env.binding = saved;
    }
  }
}

/** Whether a function's qualified name (`DX::MSAAHelper::Transition`) is a member of `cls`, or of no class at all. */
function memberOf(qualifiedName: string, cls: string): boolean {
  const parts = qualifiedName.split('::');
  return parts.length < 2 || parts[parts.length - 2] === cls;
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

/** A guard like `before != after` with the caller's arguments bound: true/false when both sides are known. */
function decide(c: Condition, binding: Binding | null): boolean | null {
  if (!('args' in c)) {
    const l = substituteField(c.left, binding).value;
    const r = substituteField(c.right, binding).value;
    if (l === null || r === null) return null;
    return (l === r) === (c.op === '==');
  }
  const args = c.args.map((a) => decide(a, binding));
  if (c.op === '!') return args[0] === null ? null : !args[0];
  if (c.op === '&&') return args.includes(false) ? false : args.every((a) => a === true) ? true : null;
  return args.includes(true) ? true : args.every((a) => a === false) ? false : null;
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
    out.res.set(key, { ...s, layout: tag(s.layout, before?.layout), legacy: tag(s.legacy, before?.legacy) });
  }
  return out;
}

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
function rootNames(key: string): string[] {
  return [...key.matchAll(/(?<![\w.]|->|::)[A-Za-z_]\w*/g)].map((m) => m[0]);
}

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

/** No fixpoint within the iteration budget: whatever still changes becomes unknown. */
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

function widen(cur: TrackState, entry: TrackState): TrackState {
  const out = cur.clone();
  for (const [key, s] of cur.res) {
    const e = entry.res.get(key);
    if (!e) continue;
    const w: ResState = { ...s, layout: UNKNOWN, legacy: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN };
    out.res.set(key, w);
  }
  return out;
}
