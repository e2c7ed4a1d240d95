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
const QUEUE_TYPE = /\bD3D12_COMMAND_LIST_TYPE_/;
const SIDE_EFFECTS = ['call_expression', 'assignment_expression', 'update_expression', 'lambda_expression'];

/**
 * Whether an if statement of the function ended before the ternary tests one of the names its condition reads (not
 * as a call's argument): the
 * paths then carry that test's outcome. A ternary alone on its value (`type == COPY ? COMMON : COPY_DEST`, where the
 * value also decides what the analysis cannot follow, such as a list's queue type) stays one of its two values.
 */
function testedBefore(c: SyntaxNode, t: SyntaxNode, fn: FnCtx): boolean {
  const names = new Set([c, ...c.descendantsOfType('identifier')].filter((n) => n.type === 'identifier').map((n) => n.text));
  if (names.size === 0 || !fn.node) return false;
  return fn.node.descendantsOfType('if_statement').some((s) => {
    if (s.endIndex > t.startIndex) return false;
    const cond = s.childForFieldName('condition');
    return !!cond && cond.descendantsOfType('identifier').some((n) => names.has(n.text) && !passed(n, cond));
  });
}

/** The name is an argument of a call inside the condition (`if (!Init(&ctx, type))`): handed on, not tested. */
function passed(n: SyntaxNode, top: SyntaxNode): boolean {
  for (let p = n.parent; p && p !== top; p = p.parent) if (p.type === 'argument_list') return true;
  return false;
}

/**
 * The first argument of a call statement that is `c ? a : b` with `c` free of side effects, not a constant, and
 * decidable by the tracker (extract/conditions.ts) and tested by an earlier if, and `a`, `b` both named constants. At most
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
    // A test of a queue type (`type == D3D12_COMMAND_LIST_TYPE_COPY ? COMMON : COPY_DEST`): the states it picks follow
    // the queue's decay rules, which the tracker applies only for a list whose type it knows.
    if (QUEUE_TYPE.test(c.text) || !testedBefore(c, t, fn)) continue;
    const cond = conditionOf(c, fn);
    if (cond) return { node: t, cond };
  }
  return undefined;
}
