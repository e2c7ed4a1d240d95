// Loop counters (`for (int i = 0; i < n; ++i)`, nothing else in the loop writing `i`): their start and step for
// the path facts of guards on them (track/paths.ts), whether the loop runs at least once, and what its first test
// says of the bound.
import { sizeCall } from './size-calls';
import type { SyntaxNode } from './node';
import type { Condition, CountParam, LoopBound, LoopCounter } from './facts';
import type { FnCtx } from './context';
import { declaredName } from './types';
import { constantOf, pathSyms, symOf, targetOf } from './path-facts';

type ConditionOf = (node: SyntaxNode | null, fn: FnCtx) => Condition | undefined;

export const HOLDS: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b, '!=': (a, b) => a !== b,
};

/** `for (int i = 0; i < 4; ++i)`: the counter, its start and step, when nothing else in the loop writes it. */
export function loopCounter(n: SyntaxNode, fn: FnCtx, condOf: ConditionOf): LoopCounter | undefined {
  const shape = counterShape(n, fn);
  if (!shape) return undefined;
  const { sym, start, step } = shape;
  const cond = n.childForFieldName('condition');
  let atLeastOnce = false;
  let exactlyOnce = false;
  if (cond?.type === 'binary_expression') {
    const op = cond.childForFieldName('operator')?.type ?? '';
    const l = cond.childForFieldName('left');
    const r = cond.childForFieldName('right');
    const holds = HOLDS[op];
    if (holds && symOf(l) === sym) {
      const bounds = boundValues(r, fn);
      atLeastOnce = bounds !== null && bounds.every((b) => holds(start, b));
      // NOTE: only a literal or named constant bound (`i < 1`, `i < kPasses`): a container's size may be misread.
      const constant = constantOf(r, fn);
      exactlyOnce = atLeastOnce && constant !== null && !holds(start + step, constant);
    }
  }
  const guarded = pathSyms(fn)?.tested.has(sym) ?? false;
  const entry = atLeastOnce ? undefined : entryTest(cond, sym, start, fn, condOf);
  const last = guarded ? lastTest(n, sym, step) : undefined;
  return guarded || atLeastOnce || entry
    ? { sym, start, step, atLeastOnce, guarded, ...(exactlyOnce ? { exactlyOnce: true as const } : {}), ...(entry ? { entry } : {}), ...(last ? { last } : {}) }
    : undefined;
}

/**
 * `for (j = 0; j < levels; ++j) { … if (j == levels - 1) … }`: the path-fact key of the counter's last value
 * (`j==#levels-1`, as extract/path-facts learns it from that test), for a bound the body does not write. A path
 * that knows it leaves the loop after this iteration.
 */
function lastTest(n: SyntaxNode, sym: string, step: number): string | undefined {
  const cond = n.childForFieldName('condition');
  if (step !== 1 || cond?.type !== 'binary_expression' || symOf(cond.childForFieldName('left')) !== sym) return undefined;
  const op = cond.childForFieldName('operator')?.type;
  const bound = cond.childForFieldName('right')?.text.replace(/\s+/g, '');
  if (!bound || /[()=]/.test(bound) || /^[-+]?\d/.test(bound)) return undefined;
  const body = n.childForFieldName('body');
  for (const w of body?.descendantsOfType(['assignment_expression', 'update_expression']) ?? []) {
    const target = targetOf(w)?.text.replace(/\s+/g, '');
    if (target && bound.includes(target)) return undefined;
  }
  if (op === '<' || op === '!=') return `${sym}==#${bound}-1`;
  return op === '<=' ? `${sym}==#${bound}` : undefined;
}

/**
 * `for (i = 0; i < count; ++i)` (or `i != count`) with `count` a parameter of the function that nothing in the loop
 * writes: the parameter and the counter's start (facts.ts CountParam).
 */
export function countParam(n: SyntaxNode, fn: FnCtx): CountParam | undefined {
  const shape = counterShape(n, fn);
  const cond = n.childForFieldName('condition');
  if (!shape || shape.step !== 1 || cond?.type !== 'binary_expression' || symOf(cond.childForFieldName('left')) !== shape.sym) return undefined;
  const op = cond.childForFieldName('operator')?.type;
  const right = cond.childForFieldName('right');
  if ((op !== '<' && op !== '!=') || right?.type !== 'identifier' || fn.env.has(right.text)) return undefined;
  const param = fn.params.indexOf(right.text);
  if (param < 0) return undefined;
  const body = n.childForFieldName('body');
  for (const w of body?.descendantsOfType(['assignment_expression', 'update_expression']) ?? []) if (symOf(targetOf(w)) === right.text) return undefined;
  return { param, start: shape.start };
}

/** The counter of `for (init; cond; update)` with a constant start and step that only the update moves. */
export function counterShape(n: SyntaxNode, fn: FnCtx): { sym: string; start: number; step: number } | undefined {
  const shape = steppedCounter(n, fn);
  return shape && shape.start !== null ? { sym: shape.sym, start: shape.start, step: shape.step } : undefined;
}

/**
 * `for (int i = DEPTH - 1; i >= 0; i--)`, whatever its start: the body runs only while the test holds, so it knows
 * the counter's bound (`i >= 0`) — the counter moves by whole steps that only the update makes. Undefined unless the
 * test compares the counter with a constant.
 */
export function bodyBound(n: SyntaxNode, fn: FnCtx): LoopBound | undefined {
  const cond = n.childForFieldName('condition');
  if (cond?.type !== 'binary_expression') return undefined;
  const op = cond.childForFieldName('operator')?.type ?? '';
  const shape = HOLDS[op] && op !== '!=' ? steppedCounter(n, fn) : undefined;
  // Only a counter the function tests: the bound decides nothing else, and kept facts keep paths apart.
  if (!shape || symOf(cond.childForFieldName('left')) !== shape.sym || !pathSyms(fn)?.tested.has(shape.sym)) return undefined;
  const value = constantOf(cond.childForFieldName('right'), fn) ?? sizeOf(cond.childForFieldName('right'), fn);
  return value === null || !Number.isInteger(value) ? undefined : { sym: shape.sym, op, value };
}

function steppedCounter(n: SyntaxNode, fn: FnCtx): { sym: string; start: number | null; step: number } | undefined {
  const init = n.childForFieldName('initializer');
  const update = n.childForFieldName('update');
  if (!init || !update) return undefined;
  let sym: string | undefined;
  let start: number | null = null;
  if (init.type === 'declaration') {
    const ds = init.childrenForFieldName('declarator');
    if (ds.length !== 1 || ds[0].type !== 'init_declarator') return undefined;
    sym = declaredName(ds[0].childForFieldName('declarator'));
    start = constantOf(ds[0].childForFieldName('value'), fn);
  } else if (init.type === 'assignment_expression' && init.childForFieldName('operator')?.type === '=') {
    sym = symOf(init.childForFieldName('left'));
    start = constantOf(init.childForFieldName('right'), fn);
  }
  if (!sym || sym.includes('.')) return undefined;
  let step: number | null = null;
  if (update.type === 'update_expression' && symOf(update.childForFieldName('argument')) === sym) {
    step = update.text.includes('++') ? 1 : -1;
  } else if (update.type === 'assignment_expression' && symOf(update.childForFieldName('left')) === sym) {
    const op = update.childForFieldName('operator')?.type;
    const c = constantOf(update.childForFieldName('right'), fn);
    if (c !== null && c !== 0 && Number.isInteger(c) && (op === '+=' || op === '-=')) step = op === '+=' ? c : -c;
  }
  if (step === null) return undefined;
  const body = n.childForFieldName('body');
  for (const w of body?.descendantsOfType(['assignment_expression', 'update_expression']) ?? []) if (symOf(targetOf(w)) === sym) return undefined;
  for (const p of body?.descendantsOfType('pointer_expression') ?? []) if (symOf(p.childForFieldName('argument')) === sym) return undefined;
  return { sym, start, step };
}

/**
 * `i < levels` with `i` at its start: `1 < levels`, when `levels` is a value the path facts follow. The path into
 * the body learns it, the path that skips the loop its negation, so a later `if (levels > 1)` takes the branch the
 * loop's running or not implies.
 */
function entryTest(cond: SyntaxNode | null, sym: string, start: number, fn: FnCtx, condOf: ConditionOf): Condition | undefined {
  if (cond?.type !== 'binary_expression' || symOf(cond.childForFieldName('left')) !== sym) return undefined;
  const c = condOf(cond, fn);
  if (!c || !('left' in c) || c.rs === undefined || c.right.value !== null) return undefined;
  return { op: c.op, left: { value: start, text: String(start), range: c.left.range }, right: c.right, rs: c.rs };
}

/**
 * The values a loop bound may have: a constant, an array's size, or `supported ? 2 : 1` (vkd3d-proton's
 * `j < (options.DynamicDepthBiasSupported ? 2 : 1)`: whichever way the test goes, the loop runs at least once);
 * null when one of them is not known.
 */
function boundValues(n: SyntaxNode | null, fn: FnCtx): number[] | null {
  let v = n;
  while (v?.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0);
  if (v?.type === 'conditional_expression') {
    const a = boundValues(v.childForFieldName('consequence'), fn);
    const b = a && boundValues(v.childForFieldName('alternative'), fn);
    return a && b ? [...a, ...b] : null;
  }
  const c = constantOf(v, fn) ?? sizeOf(v, fn);
  return c === null ? null : [c];
}

/** `ARRAY_SIZE(buffers)`, `_countof(views)`, `std::size(a)` of an array the function declared with a length. */
export function sizeOf(n: SyntaxNode | null, fn: FnCtx): number | null {
  if (n?.type !== 'call_expression') return null;
  const v = sizeCall(n, fn);
  return v?.t === 'num' && v.f.value !== null ? v.f.value : null;
}
