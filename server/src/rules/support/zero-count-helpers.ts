// The #954 warning on the path where a conditionally raised local counter is still 0 at the call
// (extract/count-paths.ts): shared by resource-barrier-zero-barriers (ResourceBarrier) and barrier-zero-count
// (Barrier). (Not a rule: the registry generator skips *-helpers.ts.)
import type { ZeroCountPath } from '../../extract/facts';
import type { Range } from '../../types';
import type { RuleContext } from '../define-rule';

/** "the condition at line 12 does not hold" / "none of the conditions at lines 12, 15 holds". */
export function conditionsText(z: ZeroCountPath): string {
  const lines = z.conditions.map((c) => c.startLine + 1);
  return lines.length === 1 ? `the condition at line ${lines[0]} does not hold` : `none of the conditions at lines ${lines.join(', ')} holds`;
}

export function reportZeroPath(ctx: RuleContext, z: ZeroCountPath, range: Range, method: string): void {
  ctx.report({
    messageKey: 'zeroOnPath', data: { counter: z.counter, conditions: conditionsText(z) }, range,
    related: z.conditions.map((c) => ({ uri: ctx.uri, range: c, message: `'${z.counter}' is raised only when this holds` })),
    fingerprintText: `${method}(0 on a path)|${z.counter}`,
  });
}
