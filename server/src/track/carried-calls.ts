// A helper call that carries the caller's tested values through the helper's body (a stable parameter or a
// followed member): the helper runs from what each caller path knows of them, and its exits stay apart by what
// they learnt, in the caller's names.
import type { UserCallEvent } from '../extract/facts';
import { RESULT_SYM } from '../extract/facts';
import { MIN_MEMO_COST, memoOf } from './call-memo';
import type { Evaluation } from './evaluation';
import type { Callee } from './helper-frames';
import { bindArguments, bodyCost, frameOf, resolveHelper } from './helper-frames';
import type { Path, Paths } from './path-set';
import { collapse, joinForReport, normalize, single, withoutFailedCreations, withoutFailureExits } from './path-set';
import type { PathFacts } from './paths';
import type { TrackState } from './state';
import { throughReportingCalls } from './reporting-calls';
import { sameStates } from './state';

/** A helper call whose tested parameters are a caller's stable parameters: the names each way. */
export interface Carried {
  callee: Callee;
  toCallee: Map<string, string>;
  toCaller: Map<string, string>;
}

/**
 * `CopySplits(direction, ...)` in a loop, where CopySplits tests `direction` and the caller never writes its own
 * `direction`: the paths of the helper that differ in what they learnt of it stay apart in the caller, so the next
 * call (or the caller's own test) takes the branch the first one took. Null when no such parameter is passed.
 */
export function carrying(it: Evaluation, e: UserCallEvent): Carried | null {
  const own = it.fn;
  if (!own?.stableParams && !own?.factMembers) return null;
  const callee = resolveHelper(it.env, it.fn, e).callee;
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
export function callCarrying(it: Evaluation, e: UserCallEvent, paths: Paths, c: Carried): Paths {
  const groups = new Map<string, Path[]>();
  for (const p of paths) {
    const k = p.facts.renamed(c.toCallee).key();
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  const reporting = it.env.reporting;
  const carriedSyms = [...c.toCallee.keys()];
  it.wrote(carriedSyms);
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
      if (reporting && states.length > 1) callPaths(it, e, c, joinForReport(group, it.env.entry), inFacts);
      it.env.reporting = reporting && states.length === 1;
      const exits = states.map((st) => callPaths(it, e, c, st, inFacts));
      it.env.reporting = reporting;
      group.forEach((p, i) => {
        const base = p.facts.forget(carriedSyms);
        for (const x of exits[index[i]]) out.push({ facts: base.with(x.facts), state: x.state });
      });
    }
  } finally {
    it.env.reporting = reporting;
  }
  if (out.length > paths.length) {
    const weight = Math.max(10, Math.ceil(bodyCost(c.callee.fn) / 4));
    it.spendPathWork((out.length - paths.length) * weight);
  }
  return out.length > 1 ? normalize(out, it.env.entry, it.cap(), it.tag()) : out;
}

/** The helper's exits, one per distinct thing it learnt of the carried values (in the caller's names). */
function callPaths(it: Evaluation, e: UserCallEvent, c: Carried, state: TrackState, facts: PathFacts): Paths {
  // A caller that leaves when the helper returns 0 goes on only from its other exits (as interpreter.ts runFunction).
  const failing = e.leavesOnFailure;
  const keep = new Set(c.toCaller.keys());
  if (failing) keep.add(RESULT_SYM);
  const run = () => it.enter(e, c.callee, state, (inner, start) => {
    const f = inner.stmt(c.callee.fn.body, single(start, facts));
    const exits = inner.join(f.normal, f.returns);
    return exits ? withoutFailedCreations(failing ? withoutFailureExits(exits, failing) : exits) : single(start, facts);
  }, keep);
  const memo = memoOf(it.env);
  // Only a call that reports nothing is a pure function of its inputs (see call-memo.ts); a call whose failure exits
  // are dropped is another function of them than the memo's.
  if (memo && !it.env.reporting) it.env.work++;
  // A call the rules hear is evaluated; with the reporting check on it is recorded and compared (reporting-calls.ts).
  const heard = () => throughReportingCalls(it.env, it.budget, e, it.loopDepth, () => ({
    fn: c.callee.fn, binding: bindArguments(it.env, e, c.callee), facts, keep, failing, state,
  }), run);
  const exits = !memo || it.env.reporting || failing || bodyCost(c.callee.fn) < MIN_MEMO_COST ? heard()
    : memo.call(it.env, it.budget, {
      fn: c.callee.fn, binding: bindArguments(it.env, e, c.callee), stack: [...it.env.stack, frameOf(it.env, e, c.callee)],
      loopDepth: it.loopDepth, state, facts, keep,
    }, run, (out) => out.map((p) => ({ facts: p.facts, state: p.state.clone() })), (out) => out.map((p) => p.state));
  const groups = new Map<string, Path[]>();
  for (const x of exits) {
    const facts = x.facts.renamed(c.toCaller);
    const k = facts.key();
    groups.set(k, [...(groups.get(k) ?? []), { facts, state: x.state }]);
  }
  return [...groups.values()].map((g) => (g.length === 1 ? g[0] : { ...collapse(g, it.env.entry), facts: g[0].facts }));
}
