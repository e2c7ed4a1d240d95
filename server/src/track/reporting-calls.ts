// The replayable summary of a reporting helper call (issue 12), first part: the CHECK. A helper evaluated while the
// rules listen (Qt's `enqueueResourceUpdates` at five calls in five functions, four of them from the same inputs) is
// evaluated in full at every call; the call memo (call-memo.ts) serves only calls that report nothing. A summary
// that served it would replay the rule hooks the evaluation fired, the single-barrier checks, the helper rechecks it
// left and its exits, re-anchored at the new call (its range and its arguments' ranges in place of the first's).
//
// With BARRIERLINT_REPORTING_CHECK=1 every such call (at stack depth 0, outside loops, while reporting) is recorded
// as text with its call's places written as anchors (reporting-canon.ts); a later call with the same inputs — the
// callee, the arguments but for their places, the path facts and kept values, whether it leaves on failure, the state,
// the assumed entry states and known creations, the work count — is compared with the record: equal texts say a
// re-anchored replay would have done exactly what the evaluation did. The answers are never taken from a record:
// the check only counts (stderr, `barrierlint-reporting-check` lines at exit). What a replay may not be used for yet:
// the evaluation reads the function being analysed (the callee tested against the root, its command lists, the
// list types of the binding's owners, track/settled-entry.ts and the legacy end splits are per root), and no read set
// of those questions is recorded here, so equal texts are evidence, not proof; a call from another root is counted
// apart (`otherRoot`).
import type { FunctionFacts, LeaveTest, UserCallEvent } from '../extract/facts';
import type { WorkBudget } from './budget';
import type { Binding, BarrierCheck, TrackEnv } from './env';
import type { TrackedVisitors } from './visitors';
import type { PathFacts } from './paths';
import type { KnownResource, ResState, TrackState } from './state';
import { deferredUseCount } from './bindings';
import { firstBarrierCount } from './deferred-commands';
import { condStats } from './path-set';
import { refill } from './quiet-calls';
import { alike, sameEntries, sameFacts, sameState } from './same-values';
import { sameSet } from './state';
import { canonText, firstDifference, type Anchors } from './reporting-canon';
import { escapeRegExp } from '../regexp-literal';

/** Set to `1` to record reporting helper calls and compare repeated ones (answers are the same either way). */
export const REPORTING_CHECK_ENV = 'BARRIERLINT_REPORTING_CHECK';

/** Records kept per callee (the oldest goes first). */
const MAX_RECORDS = 16;

/** Since the process started: calls met, recorded, found with an earlier call's inputs, and how those compared. */
export const reportingStats = {
  candidates: 0, recorded: 0, matched: 0, equal: 0, equalOtherRoot: 0, equalButWork: 0, equalButWorkMs: 0, differ: 0, differOtherRoot: 0,
  refused: {} as Record<string, number>, parts: {} as Record<string, number>, ms: 0, equalMs: 0,
};

export function reportingCheckOn(): boolean {
  return process.env[REPORTING_CHECK_ENV] === '1';
}

export interface ReportingCallInput {
  fn: FunctionFacts;
  binding: Binding;
  facts: PathFacts | null;
  keep: ReadonlySet<string> | null;
  failing: LeaveTest | undefined;
  state: TrackState;
}

interface CallRecord {
  input: ReportingCallInput;
  /** The call as extracted, but for its place (the target it assigns, whether it is tested, …). */
  event: UserCallEvent;
  entry: [string, ResState][];
  resources: [string, KnownResource][];
  work: number;
  root: FunctionFacts | null;
  parts: Record<string, string>;
  /** What the run had gathered at the call that an evaluation reads (env.isBuffer, isSwapChain; deferred uses and commands). */
  buffers: string[];
  swapChains: string[];
  gathered: string;
}

const stores = new WeakMap<TrackEnv, ReportingCalls>();
let reported = false;

export function attachReportingCalls(env: TrackEnv, calls: ReportingCalls): void {
  stores.set(env, calls);
  if (reported) return;
  reported = true;
  process.once('exit', () => process.stderr.write(`barrierlint-reporting-check ${JSON.stringify(reportingStats)}\n`));
}

/** `run` (the helper's evaluation at `e`), recorded and compared when the check is on and the call is one it serves. */
export function throughReportingCalls<T>(env: TrackEnv, budget: WorkBudget, e: UserCallEvent, loopDepth: number, input: () => ReportingCallInput, run: () => T): T {
  const store = stores.get(env);
  if (!store || env.stack.length !== 0 || loopDepth !== 0) return run();
  // Read without counting (quiet-calls.ts keys on whether a call read it).
  const reporting = env.reporting;
  env.reportingReads--;
  return reporting ? store.call(env, budget, e, input(), run) : run();
}

export class ReportingCalls {
  private readonly records = new Map<FunctionFacts, CallRecord[]>();

  call<T>(env: TrackEnv, budget: WorkBudget, e: UserCallEvent, input: ReportingCallInput, run: () => T): T {
    reportingStats.candidates++;
    const callAt = `${env.uri}@${e.range.startLine}:${e.range.startColumn}`;
    const callText = new RegExp(`${escapeRegExp(callAt)}(?!\\d)`, 'g');
    const anchors = anchorsOf(e, input.binding, env.rootFn);
    // The objects the call found (equal as values to a matching record's): a replay would pair them, not copy them.
    for (const [k, v] of input.state.res) if (!anchors.has(v)) anchors.set(v, `@S:${k}`);
    for (const [k, v] of env.entry) if (!anchors.has(v)) anchors.set(v, `@E:${k}`);
    for (const [k, v] of env.resources) if (!anchors.has(v)) anchors.set(v, `@K:${k}`);
    const now: CallRecord = {
      input: { ...input, state: input.state.clone() }, event: e, entry: [...env.entry], resources: [...env.resources], work: env.work, root: env.rootFn, parts: {},
      buffers: [...env.buffersByUse], swapChains: [...env.swapChainsElsewhere], gathered: '',
    };
    const gathered = () => [deferredUseCount(env), firstBarrierCount(env)].join();
    const gatheredBefore = (now.gathered = gathered());
    const spent = budget.used();
    const conds = condStats.made;
    const voided = env.voidedUses;
    const rechecks = env.rechecks?.length ?? 0;
    const sites = new Map(env.siteStates);
    const names = [...env.unresolved];
    const classes = [...env.unresolvedClasses];
    env.unresolved.clear();
    env.unresolvedClasses.clear();
    const fired: (string | null)[] = [];
    const hooks = [...env.hooks];
    const checks = env.barrierChecks;
    env.hooks.splice(0, hooks.length, ...hooks.map((h, i) => listening(h, i, fired, anchors, { range: e.range, callText })));
    env.barrierChecks = checks.map((c, i): BarrierCheck => (b, pos) => {
      fired.push(canonText([`check${i}`, b, pos], anchors, e.range, callText));
      c(b, pos);
    });
    const t = process.hrtime.bigint();
    let out: T;
    let unresolved: string[];
    let unresolvedClasses: string[];
    try {
      out = run();
    } finally {
      env.hooks.splice(0, env.hooks.length, ...hooks);
      env.barrierChecks = checks;
      unresolved = [...env.unresolved];
      unresolvedClasses = [...env.unresolvedClasses];
      refill(env.unresolved, names, unresolved);
      refill(env.unresolvedClasses, classes, unresolvedClasses);
    }
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    reportingStats.ms += ms;
    // Deferred uses and commands wait for later barriers, outside the call: not recorded (as the design refuses them).
    if (gathered() !== gatheredBefore) return refuse('gathered', out);
    if (fired.includes(null)) return refuse('size', out);
    const rootName = env.rootFn?.name;
    now.parts = {
      hooks: `${fired.length}:${fired.join('\n')}`,
      exits: canonText(out, anchors, e.range, callText) ?? '',
      rechecks: canonText((env.rechecks ?? []).slice(rechecks).map((r) => ({
        chain: r.chain, identity: r.identity, barrier: r.barrier, helper: r.helper,
        call: { callee: r.call.callee, caller: r.call.caller === rootName ? '@ROOT' : r.call.caller },
      })), anchors, e.range, callText) ?? '',
      sides: canonText({
        spent: budget.used() - spent, conds: condStats.made - conds, voided: env.voidedUses - voided, unresolved, unresolvedClasses,
        entry: [...env.entry], resources: [...env.resources], buffers: [...env.buffersByUse], swapChains: [...env.swapChainsElsewhere], sites: [...env.siteStates].filter(([k, v]) => sites.get(k) !== v),
      }, anchors, e.range, callText) ?? '',
    };
    if (Object.values(now.parts).includes('')) return refuse('size', out);
    // NOTE: apart from the rest: the work count a helper's evaluation adds depends on the run's history (a call the
    // memo replays counts 1, evaluated it counts its events; quiet-calls.ts replays what its record counted).
    now.parts.work = String(env.work - now.work);
    const list = this.records.get(input.fn) ?? [];
    const found = list.find((r) => sameInputs(r, now));
    if (!found) {
      reportingStats.recorded++;
      list.push(now);
      if (list.length > MAX_RECORDS) list.shift();
      this.records.set(input.fn, list);
      return out;
    }
    reportingStats.matched++;
    const otherRoot = found.root !== now.root;
    const differing = Object.keys(now.parts).filter((k) => now.parts[k] !== found.parts[k]);
    if (differing.length === 0) {
      reportingStats.equal++;
      reportingStats.equalMs += ms;
      if (otherRoot) reportingStats.equalOtherRoot++;
      return out;
    }
    if (differing.length === 1 && differing[0] === 'work') {
      reportingStats.equalButWork++;
      reportingStats.equalButWorkMs += ms;
    }
    reportingStats.differ++;
    if (otherRoot) reportingStats.differOtherRoot++;
    for (const k of differing) reportingStats.parts[k] = (reportingStats.parts[k] ?? 0) + 1;
    const k = differing[0];
    process.stderr.write(`barrierlint-reporting-check differ ${input.fn.qualifiedName} at ${callAt} in ${rootName} (recorded in ${found.root?.name}) ${differing.join(',')} ${firstDifference(found.parts[k], now.parts[k])}\n`);
    return out;
  }
}

function refuse<T>(why: string, out: T): T {
  reportingStats.refused[why] = (reportingStats.refused[why] ?? 0) + 1;
  return out;
}

/** The call's own places: its range and event, its arguments and their ranges, the binding, the analysed function. */
function anchorsOf(e: UserCallEvent, b: Binding, root: FunctionFacts | null): Map<object, string> {
  const anchors = new Map<object, string>([[e, '@EVENT'], [e.range, '@CALL'], [b, '@BINDING']]);
  if (root) anchors.set(root, '@ROOT');
  e.args.forEach((a, i) => {
    if (!anchors.has(a)) anchors.set(a, `@A${i}`);
  });
  b.fields.forEach((f, i) => {
    if (f && !anchors.has(f)) anchors.set(f, `@F${i}`);
    if (f?.range && !anchors.has(f.range)) anchors.set(f.range, `@FR${i}`);
  });
  b.refs.forEach((r, i) => {
    if (r && !anchors.has(r)) anchors.set(r, `@R${i}`);
    if (r?.range && !anchors.has(r.range)) anchors.set(r.range, `@RR${i}`);
  });
  return anchors;
}

/** A rule's hooks, each call written as text (null: too large) before it is handed on. */
function listening(h: TrackedVisitors, index: number, fired: (string | null)[], anchors: Anchors, call: { range: UserCallEvent['range']; callText: RegExp }): TrackedVisitors {
  const out: Record<string, unknown> = {};
  const hooks = h as Record<string, unknown>;
  for (const name of Object.keys(hooks)) {
    const f = hooks[name];
    if (typeof f !== 'function') continue;
    out[name] = (...args: unknown[]) => {
      fired.push(canonText([`${index}.${name}`, ...args], anchors, call.range, call.callText));
      return (f as (...a: unknown[]) => unknown).apply(h, args);
    };
  }
  return out as TrackedVisitors;
}

/** The same inputs but for where the call and its arguments are written (see the file's head). */
function sameInputs(r: CallRecord, now: CallRecord): boolean {
  const a = r.input;
  const b = now.input;
  return a.fn === b.fn && a.failing === b.failing && r.work === now.work && r.gathered === now.gathered && sameList(r.buffers, now.buffers)
    && sameList(r.swapChains, now.swapChains) && sameSet(a.keep, b.keep) && sameFacts(a.facts, b.facts)
    && sameArguments(a.binding, b.binding) && alike(r.event, now.event) && sameState(a.state, b.state)
    && sameEntries(r.entry, new Map(now.entry)) && sameEntries(r.resources, new Map(now.resources));
}

function sameArguments(a: Binding, b: Binding): boolean {
  return a.owners.length === b.owners.length && a.params === b.params && a.dynamicClass === b.dynamicClass
    && alike(a.fields, b.fields) && alike(a.refs, b.refs) && alike(a.receiver, b.receiver) && alike(a.handles, b.handles);
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
