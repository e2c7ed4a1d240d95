// The tracker's per-function work budget. Every statement the interpreter visits (loop passes and helper bodies
// included) spends one unit; a function that needs more than the budget stops being analysed, keeps what was
// reported so far and gets one `analysis-budget` info finding naming it. Unknown is never an error, so stopping
// early can only silence, never invent a finding.
import type { FunctionFacts } from '../extract/facts';

/** Statements visited per top-level function (loop passes and helper calls included). */
export const FUNCTION_WORK_BUDGET = 50_000;
/** Loops nested deeper than this are run once on a widened state instead of to a fixpoint. */
export const MAX_LOOP_NESTING = 3;

export class BudgetExceeded extends Error {
  /** The helpers being evaluated when the budget ran out, outermost first (set by the interpreter). */
  callees: readonly FunctionFacts[] = [];

  constructor(readonly spent: number) {
    super(`the analysis of this function needed more than ${spent} steps`);
    this.name = 'BudgetExceeded';
  }
}

export class WorkBudget {
  private spent = 0;

  constructor(private readonly limit = FUNCTION_WORK_BUDGET) {}

  spend(): void {
    if (++this.spent > this.limit) throw new BudgetExceeded(this.limit);
  }

  /** Units spent so far. */
  used(): number {
    return this.spent;
  }

  /** Units left before the budget runs out. */
  room(): number {
    return this.limit - this.spent;
  }

  /** Spend `n` units at once (a replayed helper call, see call-memo.ts); only called with n ≤ room(). */
  spendMany(n: number): void {
    this.spent += n;
  }
}
