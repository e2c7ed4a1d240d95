// `Transition(cl, bb, msaa ? RESOLVE_DEST : RENDER_TARGET, PRESENT);`: a call statement whose argument picks one of
// two constants by a test the tracker decides per path (the same flag an earlier `if (msaa)` branched on) is the
// if statement it abbreviates, `if (msaa) Transition(…RESOLVE_DEST…); else Transition(…RENDER_TARGET…);`: each
// path then submits the value its own branch picks, instead of a value that is one of two on every path.
import type { SyntaxNode } from './node';
import type { Condition } from './facts';
import type { FnCtx } from './context';
import { conditionOf } from './conditions';
import { fold } from './constant-fold';
import { unwrapValue } from './syntax';
import { branchKey } from './ternary-branches';

const NAMED = /^[A-Za-z_][\w:]*$/;
const SIDE_EFFECTS = ['call_expression', 'assignment_expression', 'update_expression', 'lambda_expression'];

/**
 * The first argument of a call statement that is `c ? a : b` with `c` free of side effects, not a constant, and
 * decidable by the tracker (extract/conditions.ts), and `a`, `b` both named constants (a state, a layout). At most
 * two per statement are lowered (four paths).
 */
export function pathTernary(e: SyntaxNode, fn: FnCtx): { node: SyntaxNode; cond: Condition } | undefined {
  if (e.type !== 'call_expression' || (fn.forcedBranches?.size ?? 0) >= 2) return undefined;
  for (const a of e.childForFieldName('arguments')?.namedChildren ?? []) {
    const t = unwrapValue(a);
    if (t.type !== 'conditional_expression' || fn.forcedBranches?.has(branchKey(t))) continue;
    const c = t.childForFieldName('condition');
    const x = t.childForFieldName('consequence');
    const y = t.childForFieldName('alternative');
    if (!c || !x || !y || t.descendantsOfType(SIDE_EFFECTS).length) continue;
    // Named constants only (`D3D12_RESOURCE_STATE_COPY_SOURCE`, `Layout::Shader`): a count picked by a loop's first
    // pass (`ResourceBarrier(pass == 0 ? 1 : 2, flip)`) stays one of its values, as the batch's count paths read it.
    if (![x, y].every((v) => NAMED.test(v.text)) || !fold(x, fn.file, fn) || !fold(y, fn.file, fn) || fold(c, fn.file, fn)) continue;
    const cond = conditionOf(c, fn);
    if (cond) return { node: t, cond };
  }
  return undefined;
}
