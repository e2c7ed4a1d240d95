// Loops with a small, known trip count, walked once per iteration (walker.ts): a counted loop over a constant bound
// whose counter indexes something (`for (UINT i = 0; i < _countof(kSteps); ++i) … kSteps[i].before …`) and a
// range-for over an array whose elements are all known (`for (const Step& s : kChain)`, `for (auto* t : targets)`).
// Each iteration then sees its own index or element, as straight-line code does, instead of one value standing for
// all of them at the fixpoint (track/interpreter.ts), which cannot fold a table read or keep `batch[i]` apart.
// NOTE: bounded — at most MAX_UNROLLED_ITERATIONS walks of a body of at most MAX_UNROLLED_TEXT characters, and the
// iterations of nested unrolled loops multiply into the same limit; anything larger goes to the fixpoint as before.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { constantOf, symOf } from './path-facts';
import { counterShape, HOLDS, sizeOf } from './loop-counters';
import { declaredName, localDeclaredName } from './types';
import { rootName } from './syntax';
import type { AVal } from './values';
import type { Condition } from './facts';
import { inTableLoop, readsTableRow, tableRows } from './table-loops';
import { declaredResourceElements } from './array-range-elements';

export const MAX_UNROLLED_ITERATIONS = 16;
const MAX_UNROLLED_TEXT = 4000;
/**
 * A loop over a constant table's rows (table-loops.ts) is walked row by row though it is larger or records no barrier
 * itself: at most this many iterations of nested table loops together, of a body of at most MAX_TABLE_TEXT characters.
 */
const MAX_TABLE_ITERATIONS = 64;
const MAX_TABLE_TEXT = 12000;

/** The iterations of a loop walked one by one: the counter's values, or the range's elements. */
export type Unrolling =
  | { kind: 'counter'; sym: string; values: number[]; after: number; rows?: string[] }
  | { kind: 'range'; name: string; elems: AVal[]; byReference: boolean };


/** How many iterations the unrolled loops around the walk take together (nested unrolling multiplies). */
const active = new WeakMap<FnCtx, number>();
/** The counters of the unrolled loops around the walk: each holds its iteration's value. */
const counters = new WeakMap<FnCtx, Set<string>>();

/** Walk `work` as `iterations` iterations nested in the loops being unrolled, `counter` known in each. */
export function insideUnrolled<T>(fn: FnCtx, iterations: number, counter: string | undefined, work: () => T): T {
  const outer = active.get(fn) ?? 1;
  const syms = counters.get(fn) ?? new Set<string>();
  const added = counter !== undefined && !syms.has(counter);
  if (added) syms.add(counter!);
  counters.set(fn, syms);
  active.set(fn, outer * Math.max(iterations, 1));
  try {
    return work();
  } finally {
    active.set(fn, outer);
    if (added) syms.delete(counter!);
  }
}

/**
 * `if (pass == 0)` inside an unrolled loop: decided by the iteration's counter value, so only the branch taken is
 * walked (the other one never runs on this iteration). Undefined when anything else is tested.
 */
export function unrolledTruth(c: Condition | undefined, fn: FnCtx, node?: SyntaxNode | null): boolean | undefined {
  const syms = counters.get(fn) ?? new Set<string>();
  // In a helper walked in place with the caller's values (inline-helpers.ts), a test of values known on this walk is
  // decided too (`if (desc.before == desc.after)`, `if (p == Phase::Begin)`): the walk is one call's straight path.
  // So is a test that reads only rows of the constant tables walked row by row (table-loops.ts), counters and constants.
  const inlined = fn.inlineDepth > 0 || (!!node && inTableLoop(fn) && readsOnlyRows(node, syms, fn));
  if (!c || (!syms.size && !inlined)) return undefined;
  const named = (s: string | undefined) => s === undefined || syms.has(s);
  const truth = (x: Condition): boolean | undefined => {
    if (x.op === 'opaque') return undefined;
    if ('args' in x) {
      if (x.op === '!') { const t = truth(x.args[0]); return t === undefined ? undefined : !t; }
      const ts = x.args.map(truth);
      if (x.op === '&&') return ts.includes(false) ? false : ts.every((t) => t === true) ? true : undefined;
      return ts.includes(true) ? true : ts.every((t) => t === false) ? false : undefined;
    }
    if (!('left' in x)) return undefined;
    const l = x.left.value, r = x.right.value;
    if (l === null || r === null || x.left.param !== undefined || x.right.param !== undefined || (!inlined && (!named(x.ls) || !named(x.rs)))) return undefined;
    if (!inlined && !syms.has(x.ls ?? x.left.text) && !syms.has(x.rs ?? x.right.text)) return undefined;
    return { '==': l === r, '!=': l !== r, '<': l < r, '<=': l <= r, '>': l > r, '>=': l >= r }[x.op];
  };
  return truth(c);
}

/** `iteration->copy_start && !test->flag`: every name is a table row walked row by row, a counter, or a constant. */
function readsOnlyRows(cond: SyntaxNode, syms: ReadonlySet<string>, fn: FnCtx): boolean {
  if (cond.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return false;
  const ids = cond.descendantsOfType('identifier');
  return ids.some((id) => readsTableRow(id.text, fn))
    && ids.every((id) => readsTableRow(id.text, fn) || syms.has(id.text) || /^[A-Z][A-Z0-9_]*$/.test(id.text));
}

const LOOPS = new Set(['for_statement', 'for_range_loop', 'while_statement', 'do_statement']);

/**
 * `if (desc.before == desc.after) continue;` as a statement of the loop's body: an iteration that skips the rest
 * (walker.ts unrolledLoop decides it per iteration, or walks the rest as maybe skipped).
 */
export function continueGuard(s: SyntaxNode): SyntaxNode | undefined {
  if (s.type !== 'if_statement' || s.childForFieldName('alternative')) return undefined;
  let c = s.childForFieldName('consequence');
  if (c?.type === 'compound_statement' && c.namedChildren.filter((x) => x.type !== 'comment').length === 1) c = c.namedChildren.find((x) => x.type !== 'comment') ?? null;
  return c?.type === 'continue_statement' ? s.childForFieldName('condition') ?? undefined : undefined;
}

/**
 * A `break`/`continue` of this loop (not of a nested loop or switch) or a `goto`: the trip count is not the bound's.
 * In a helper walked in place (inline-helpers.ts), `if (…) continue;` guards at the top level of the body are not:
 * each iteration decides them.
 */
function leavesEarly(loop: SyntaxNode, fn: FnCtx): boolean {
  const body = loop.childForFieldName('body');
  if (!body) return true;
  if (body.descendantsOfType('goto_statement').length) return true;
  const guards = fn.inlineDepth > 0 && body.type === 'compound_statement'
    ? new Set(body.namedChildren.filter((c) => continueGuard(c)).flatMap((c) => c.descendantsOfType('continue_statement'))) : new Set<SyntaxNode>();
  for (const j of body.descendantsOfType(['break_statement', 'continue_statement'])) {
    if (guards.has(j)) continue;
    let p = j.parent;
    while (p && p !== loop && !LOOPS.has(p.type) && !(j.type === 'break_statement' && p.type === 'switch_statement')) p = p.parent;
    if (p === loop) return true;
  }
  return false;
}

/** `for (UINT i = 0; i < 3; ++i)` whose counter only the update moves and some subscript reads: its values. */
function counterValues(n: SyntaxNode, fn: FnCtx, rowCount = false): { sym: string; values: number[]; after: number } | undefined {
  const shape = counterShape(n, fn);
  const cond = n.childForFieldName('condition');
  const body = n.childForFieldName('body');
  if (!shape || cond?.type !== 'binary_expression' || !body) return undefined;
  const { sym, start, step } = shape;
  const holds = HOLDS[cond.childForFieldName('operator')?.type ?? ''];
  if (!holds || symOf(cond.childForFieldName('left')) !== sym) return undefined;
  const right = cond.childForFieldName('right');
  const fromRow = rowBound(right, fn);
  const bound = rowCount ? fromRow : constantOf(right, fn) ?? sizeOf(right, fn) ?? memberBound(right, fn) ?? fromRow;
  if (bound === null) return undefined;
  // Only where an iteration differs from the next by what it indexes (a table row, an array element), by the counter
  // itself or by a value computed from it (`backBuffers[frame % 2]`, `targets[kSteps[i].target]`).
  const indexes = body.descendantsOfType('subscript_expression').some((s) => readsCounter(s, sym));
  if (!indexes && !rowCount && !namesSubresource(body, sym)) return undefined;
  const values: number[] = [];
  let v = start;
  for (; holds(v, bound); v += step) {
    if (values.length === MAX_UNROLLED_ITERATIONS) return undefined;
    values.push(v);
  }
  return { sym, values, after: v };
}

/** Subscript `s` is indexed by `sym` or by an expression of it that changes nothing (no call, assignment or step). */
function readsCounter(s: SyntaxNode, sym: string): boolean {
  const idx = s.childForFieldName('indices')?.namedChildren.find((c) => c.type !== 'comment') ?? s.childForFieldName('index');
  if (!idx) return false;
  if (idx.text === sym) return true;
  return !idx.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length
    && idx.descendantsOfType('identifier').some((id) => id.text === sym);
}

/**
 * The counter picks the subresource a barrier names: an argument of `D3D12CalcSubresource(mip - 1, 0, 0, kMips, 1)`
 * or of a barrier builder (`CD3DX12_RESOURCE_BARRIER::Transition(tex, a, b, mip)`, `CD3DX12_TEXTURE_BARRIER(…)`), or
 * the value of a `Subresource`/`SubresourceIndex`/`IndexOrFirstMipLevel`/`FirstArraySlice` field. Each iteration then
 * transitions its own subresource, as the straight-line code it stands for does, instead of an unknown one at the
 * fixpoint (which makes the whole resource unknown).
 */
function namesSubresource(body: SyntaxNode, sym: string): boolean {
  const reads = (n: SyntaxNode | null | undefined) => !!n && (n.text === sym || n.descendantsOfType('identifier').some((id) => id.text === sym));
  const calls = body.descendantsOfType('call_expression').some((c) => {
    const callee = c.childForFieldName('function')?.text ?? '';
    return (/^D3D12CalcSubresource$/.test(callee) || /\bCD3DX12_(?:RESOURCE_BARRIER::Transition|TEXTURE_BARRIER|BARRIER_SUBRESOURCE_RANGE)$/.test(callee))
      && reads(c.childForFieldName('arguments'));
  });
  return calls || body.descendantsOfType('assignment_expression').some((a) => {
    const left = a.childForFieldName('left');
    return left?.type === 'field_expression' && /^(?:Subresource|SubresourceIndex|IndexOrFirstMipLevel|FirstArraySlice)$/.test(left.childForFieldName('field')?.text ?? '')
      && reads(a.childForFieldName('right'));
  });
}

/** `iter < test->num_iterations` where `test` is a row of a table loop around the walk (table-loops.ts). */
function rowBound(n: SyntaxNode | null, fn: FnCtx): number | null {
  if (n?.type !== 'field_expression' || !readsTableRow(rootName(n), fn)) return null;
  const v = evalValue(n, 'num', fn);
  return v.t === 'num' && v.f.value !== null && v.f.param === undefined ? v.f.value : null;
}

/** `i < desc.textureNum` in a helper walked in place (inline-helpers.ts): the member of the caller's record. */
function memberBound(n: SyntaxNode | null, fn: FnCtx): number | null {
  if (fn.inlineDepth === 0 || n?.type !== 'field_expression' || n.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return null;
  const v = evalValue(n, 'num', fn);
  return v.t === 'num' && v.f.value !== null && v.f.param === undefined ? v.f.value : null;
}

/** `for (const Step& s : kChain)` over an array whose elements are all known (none written in a loop). */
function rangeValues(n: SyntaxNode, fn: FnCtx): Unrolling | undefined {
  const decl = n.childForFieldName('declarator');
  const right = n.childForFieldName('right');
  const name = declaredName(decl);
  if (!decl || !right || !name || decl.type === 'structured_binding_declarator') return undefined;
  if (right.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length || right.type === 'call_expression') return undefined;
  const coll = evalValue(right, 'any', fn);
  const declared = coll.t !== 'array' || (coll.elems.length === 0 && !coll.container && !coll.loopElem && !coll.unsized && !coll.paths && !coll.fields)
    ? declaredResourceElements(right, coll.t === 'array' ? coll.length : null, fn, MAX_UNROLLED_ITERATIONS) : undefined;
  if (declared) return { kind: 'range', name, elems: declared, byReference: decl.type === 'reference_declarator' };
  if (coll.t !== 'array' || coll.loopElem || coll.unsized || coll.paths || coll.fields) return undefined;
  if (coll.elems.length === 0 || coll.elems.length > MAX_UNROLLED_ITERATIONS || (coll.length !== null && coll.length !== coll.elems.length)) return undefined;
  if (coll.elems.some((e) => e.t === 'unknown' || (e.t === 'struct' && e.fromLoop))) return undefined;
  return { kind: 'range', name, elems: coll.elems, byReference: decl.type === 'reference_declarator' };
}

/**
 * Resources created per element (`GetBuffer(i, IID_PPV_ARGS(&m_rt[i]))`): kept as one loop-indexed name, which later
 * uses through another index (`m_rt[m_frame]`) still match (track/file-uses.ts).
 */
const CREATES = /\b(?:GetBuffer|Create\w*Resource\w*|OpenSharedHandle)\s*\(/;
/** A loop that builds or records barriers itself: only those are unrolled (other loops keep the fixpoint's answer). */
const BARRIERS = /\b(?:ResourceBarrier|Barrier|CD3DX12_(?:RESOURCE|TEXTURE|BUFFER|GLOBAL)_BARRIER|D3D12_(?:RESOURCE|TEXTURE|BUFFER|GLOBAL)_BARRIER)\b/;

const BARRIER_TYPE = /\b(?:CD3DX12|D3D12)_(?:RESOURCE|TEXTURE|BUFFER|GLOBAL)_BARRIER\b/;

/**
 * `out[i].Type = …` into a barrier array declared before the loop (an RHI translating its caller's descs,
 * inline-helpers.ts): the loop builds barriers though its body names no barrier type.
 */
function fillsBarrierArray(body: SyntaxNode, fn: FnCtx): boolean {
  if (fn.inlineDepth === 0) return false;
  const barrierRoot = (root: string | null | undefined) => !!root && BARRIER_TYPE.test(fn.types.get(root) ?? '');
  // `auto& barrier = barriers[i];` then `barrier.Type = …`: an alias of the array's element is written.
  const aliases = new Set<string>();
  for (const d of body.descendantsOfType('declaration')) {
    for (const x of d.childrenForFieldName('declarator')) {
      const init = x.type === 'init_declarator' ? x.childForFieldName('value') : null;
      const name = init && barrierRoot(rootName(init)) ? localDeclaredName(x) : undefined;
      if (name) aliases.add(name);
    }
  }
  return body.descendantsOfType('assignment_expression').some((a) => {
    const root = rootName(a.childForFieldName('left') ?? a);
    return barrierRoot(root) || (!!root && aliases.has(root));
  });
}

/**
 * `for (D3D12_RESOURCE_BARRIER& barrier : barriers) std::swap(barrier.Transition.StateBefore, …);` (Raekor's reversal
 * of a local barrier array between two submits): the body edits each barrier through the reference the header
 * declares, though it names no barrier type itself.
 */
function editsBarrierElements(n: SyntaxNode): boolean {
  const decl = n.childForFieldName('declarator');
  return n.type === 'for_range_loop' && decl?.type === 'reference_declarator' && BARRIER_TYPE.test(n.childForFieldName('type')?.text ?? '');
}

/** How to walk loop `n` iteration by iteration, or undefined for the fixpoint. */
export function unrolling(n: SyntaxNode, fn: FnCtx): Unrolling | undefined {
  if (n.type !== 'for_statement' && n.type !== 'for_range_loop') return undefined;
  const table = tableLoop(n, fn);
  if (table) return table;
  const body = n.childForFieldName('body');
  if (!body || body.text.length > MAX_UNROLLED_TEXT || CREATES.test(body.text) || !(BARRIERS.test(body.text) || fillsBarrierArray(body, fn) || editsBarrierElements(n)) || leavesEarly(n, fn)) return undefined;
  const u: Unrolling | undefined = n.type === 'for_statement'
    ? (() => { const c = counterValues(n, fn); return c && { kind: 'counter' as const, ...c }; })()
    : rangeValues(n, fn);
  if (!u) return undefined;
  const count = u.kind === 'counter' ? u.values.length : u.elems.length;
  return (active.get(fn) ?? 1) * Math.max(count, 1) <= MAX_UNROLLED_ITERATIONS ? u : undefined;
}

/** A counted loop over a constant table's rows (table-loops.ts): its counter values and the names of its rows. */
function tableLoop(n: SyntaxNode, fn: FnCtx): Unrolling | undefined {
  const body = n.childForFieldName('body');
  if (n.type !== 'for_statement' || !body || body.text.length > MAX_TABLE_TEXT || CREATES.test(body.text) || leavesEarly(n, fn)) return undefined;
  const shape = counterShape(n, fn);
  if (!shape) return undefined;
  // Over the rows of a table, or as many times as a row of one says (`render_pass < iteration->num_passes`).
  const rows = tableRows(n, shape.sym, fn);
  const c = rows ? counterValues(n, fn) : counterValues(n, fn, true);
  if (!c) return undefined;
  return (active.get(fn) ?? 1) * Math.max(c.values.length, 1) <= MAX_TABLE_ITERATIONS ? { kind: 'counter', ...c, rows: rows ?? [] } : undefined;
}
