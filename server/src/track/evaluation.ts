// What the statement modules (branches.ts, loops.ts, carried-calls.ts, resource-choice.ts) ask of the interpreter
// that runs them: its flow of paths out of a statement, and the evaluation state they share with it (the joins it
// tags, the writes it counts, the work it spends). interpreter.ts implements it.
import type { Condition, FunctionFacts, LeaveTest, Stmt, UserCallEvent } from '../extract/facts';
import type { TrackEnv } from './env';
import type { WorkBudget } from './budget';
import type { Callee } from './helper-frames';
import type { PassCounters, SilentPass } from './pass-reuse';
import type { CondTag, Paths } from './path-set';
import type { PathFacts } from './paths';
import type { TrackState } from './state';

/** The paths leaving a statement, by the way they leave it. */
export interface Flow {
  normal: Paths | null;
  breaks: Paths | null;
  continues: Paths | null;
  returns: Paths | null;
}

export const flowOf = (normal: Paths | null): Flow => ({ normal, breaks: null, continues: null, returns: null });

export interface Evaluation {
  readonly env: TrackEnv;
  readonly budget: WorkBudget;
  /** The function whose body is being run. */
  readonly fn: FunctionFacts | null;
  /** Loops around the statement being run (MAX_LOOP_NESTING). */
  loopDepth: number;
  /** The count of writes of tested values at each value's last write. */
  readonly lastWrite: ReadonlyMap<string, number>;
  stmt(s: Stmt, paths: Paths): Flow;
  runFunction(fn: FunctionFacts, state: TrackState, leavesOnFailure?: LeaveTest): TrackState;
  join(a: Paths | null, b: Paths | null): Paths | null;
  merge(a: Flow, b: Flow): Flow;
  /** The paths with their facts changed (normalized when several). */
  facts(paths: Paths, change: (f: PathFacts) => PathFacts): Paths;
  /** The values of `state` a path with `facts` can meet at a test of `syms`. */
  refine(state: TrackState, facts: PathFacts, syms: readonly string[]): TrackState;
  wrote(syms: readonly string[]): void;
  /** The path cap left by the work spent so far. */
  cap(): number;
  tag(): CondTag;
  assumeAll(paths: Paths, cond: Condition, truth: boolean): Paths;
  /** Events applied to more than one path: counted against the path budget. */
  spendPathWork(n: number): void;
  counters(): PassCounters;
  reused(pass: SilentPass<Flow>, head: Paths): Flow | null;
  /** Bind the arguments, run `body` in the helper's frame, and drop what the helper's own locals named. */
  enter(e: UserCallEvent, callee: Callee, state: TrackState, body: (inner: Evaluation, start: TrackState) => Paths, keep?: ReadonlySet<string>): Paths;
}
