// `const`/`constexpr` locals initialised with a constant (`const Mode mode = Mode::Copy;`, `constexpr UINT kPasses
// = 2;`): their value is fixed for the whole function, so an `if`/`switch` that tests one is decided where it
// stands, as `#if NAME` (switch-macros.ts) and loop counters of unrolled loops (unrolled-loops.ts) are. Without
// this, the arms the compiler never runs meet the live arm's facts after the join (a false mismatch on the state
// the dead arm would have named).
// NOTE: a local counts only when its name is declared once in the function (no shadowing to resolve), it is a plain
// value (not a pointer, reference or array), its initializer folds to a number and names no local or parameter
// (whose value the linear walk could hold for one path only), and the test lies inside the declaration's block,
// after it. Any doubt leaves the test undecided, as before.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { CONSTANT_NAME, constantOf } from './path-facts';
import { caseBody } from './syntax';

interface FixedLocal { value: number; decl: SyntaxNode; block: SyntaxNode }

const byFn = new WeakMap<FnCtx, Map<string, FixedLocal>>();
const namesByFn = new WeakMap<FnCtx, Map<string, number>>();

const CONST_QUALIFIED = (d: SyntaxNode) => d.namedChildren.some((c) => c.type === 'type_qualifier' && (c.text === 'const' || c.text === 'constexpr'));

function fixedLocals(fn: FnCtx): Map<string, FixedLocal> {
  let m = byFn.get(fn);
  if (m) return m;
  m = new Map();
  byFn.set(fn, m);
  const body = fn.node?.childForFieldName('body');
  if (!body) return m;
  const declared = declaredNames(fn);
  for (const d of body.descendantsOfType('declaration')) {
    const block = d.parent;
    if (!CONST_QUALIFIED(d) || block?.type !== 'compound_statement') continue;
    for (const c of d.childrenForFieldName('declarator')) {
      const name = c.type === 'init_declarator' ? c.childForFieldName('declarator') : null;
      const value = c.childForFieldName('value');
      if (name?.type !== 'identifier' || !value || declared.get(name.text) !== 1) continue;
      const v = constantExpression(value, declared, fn) ? constantOf(value, fn) : null;
      if (v !== null) m.set(name.text, { value: v, decl: d, block });
    }
  }
  return m;
}

/**
 * Whether every name an expression reads is a constant (an enumerator, a macro, a file constant, `Enum::Name`), not a
 * local, a parameter or a member, whose value where the walk stands may hold on one path only.
 */
function constantExpression(x: SyntaxNode, locals: ReadonlyMap<string, number>, fn: FnCtx): boolean {
  const f = fn.file;
  const constant = (id: SyntaxNode) => id.parent?.type === 'qualified_identifier'
    || (!locals.has(id.text) && !f.classMembers?.has(id.text)
      && (CONSTANT_NAME.test(id.text) || f.constants.has(id.text) || !!f.enumerators?.has(id.text) || !!f.importedEnumerators?.has(id.text) || !!f.switchMacros?.has(id.text)));
  return (x.type !== 'identifier' || constant(x)) && x.descendantsOfType('identifier').every(constant);
}

/** The function's parameters and the names its body declares, with how many times each is declared. */
function declaredNames(fn: FnCtx): Map<string, number> {
  let declared = namesByFn.get(fn);
  if (declared) return declared;
  declared = new Map<string, number>();
  namesByFn.set(fn, declared);
  for (const p of fn.params) declared.set(p, 1);
  const body = fn.node?.childForFieldName('body');
  for (const d of body?.descendantsOfType(['declaration', 'parameter_declaration']) ?? []) {
    for (const c of d.childrenForFieldName('declarator')) {
      let n: SyntaxNode | null = c;
      while (n && n.type !== 'identifier' && n.namedChildCount > 0) n = n.childForFieldName('declarator') ?? n.namedChildren[0];
      if (n?.type === 'identifier') declared.set(n.text, (declared.get(n.text) ?? 0) + 1);
    }
  }
  return declared;
}

/** The fixed value of `name` as read at `at` (a test inside the declaration's block, after it), or undefined. */
function fixedAt(name: string | undefined, at: SyntaxNode, fn: FnCtx): number | undefined {
  if (name === undefined) return undefined;
  const f = fixedLocals(fn).get(name);
  if (!f || at.startIndex < f.decl.endIndex || at.endIndex > f.block.endIndex) return undefined;
  return f.value;
}

/**
 * The truth of an `if` condition that reads at least one fixed local and otherwise only constants (`mode == 1`,
 * `!resolve`, `pass != Pass::Copy && useCopy`); undefined for anything else.
 */
export function fixedTruth(cond: SyntaxNode | null, fn: FnCtx): boolean | undefined {
  if (!cond || !fn.node) return undefined;
  const n = cond.type === 'condition_clause' ? cond.childForFieldName('value') : cond;
  let named = false;
  const locals = declaredNames(fn);
  const value = (x: SyntaxNode | null): number | undefined => {
    if (!x) return undefined;
    switch (x.type) {
      case 'parenthesized_expression': return x.namedChildCount === 1 ? value(x.namedChild(0)) : undefined;
      case 'identifier': {
        const v = fixedAt(x.text, x, fn);
        if (v !== undefined) named = true;
        if (v !== undefined || locals.has(x.text)) return v;
        break;
      }
      case 'unary_expression': {
        const op = x.childForFieldName('operator')?.type;
        if (op !== '!') break;
        const v = value(x.childForFieldName('argument'));
        return v === undefined ? undefined : v === 0 ? 1 : 0;
      }
      case 'binary_expression': {
        const op = x.childForFieldName('operator')?.type ?? '';
        if (!LOGIC.has(op)) break;
        const l = value(x.childForFieldName('left'));
        const r = value(x.childForFieldName('right'));
        if (op === '&&') return l === 0 || r === 0 ? 0 : l === undefined || r === undefined ? undefined : 1;
        if (op === '||') return (l !== undefined && l !== 0) || (r !== undefined && r !== 0) ? 1 : l === 0 && r === 0 ? 0 : undefined;
        if (l === undefined || r === undefined) return undefined;
        return Number({ '==': l === r, '!=': l !== r, '<': l < r, '<=': l <= r, '>': l > r, '>=': l >= r }[op]);
      }
      default: break;
    }
    // A constant: no local or parameter in it (checked above for a lone name), folded as the file's constants are.
    return constantExpression(x, locals, fn) ? constantOf(x, fn) ?? undefined : undefined;
  };
  const v = value(n);
  return named && v !== undefined ? v !== 0 : undefined;
}

const LOGIC = new Set(['&&', '||', '==', '!=', '<', '<=', '>', '>=']);

/**
 * `switch (mode)` on a fixed local: the cases that run, the one it enters (the matching label, else `default`) up to
 * the one that ends in a jump; `{ from: -1 }` when it enters none. Undefined when the value or a label is not a known
 * constant, or when a case on the way may leave the switch early (a `break` inside an `if`): the walk of the cases
 * is linear and would keep the values of a part that some path skips.
 */
export function fixedCases(cond: SyntaxNode | null, cases: readonly SyntaxNode[], fn: FnCtx): { from: number; to: number } | undefined {
  let c = cond;
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  if (!c || !fn.node) return undefined;
  const v = c.type === 'identifier' ? fixedAt(c.text, c, fn) : undefined;
  return casesTaken(v ?? inlinedValue(c, fn), cases, fn);
}

/**
 * In a helper walked in place with one call's values (inline-helpers.ts), a switch on a value known on this walk
 * (`switch (barrier.Type)` after `barrier.Type = config.type` from the caller's constant table) is decided as a
 * test there is (unrolled-loops.ts unrolledTruth): the walk is that call's straight path.
 */
function inlinedValue(c: SyntaxNode, fn: FnCtx): number | undefined {
  if (fn.inlineDepth === 0 || c.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return undefined;
  const e = evalValue(c, 'num', fn);
  return e.t === 'num' && e.f.value !== null && e.f.param === undefined ? e.f.value : undefined;
}

/** The cases a switch on the known value `v` runs (see fixedCases). */
function casesTaken(v: number | undefined, cases: readonly SyntaxNode[], fn: FnCtx): { from: number; to: number } | undefined {
  if (v === undefined) return undefined;
  let from = -1;
  for (let i = 0; i < cases.length && from < 0; i++) {
    const label = cases[i].childForFieldName('value');
    if (cases[i].child(0)?.type === 'default' || !label) continue;
    const l = constantOf(label, fn);
    if (l === null) return undefined;
    if (l === v) from = i;
  }
  if (from < 0) from = cases.findIndex((k) => k.child(0)?.type === 'default' || !k.childForFieldName('value'));
  if (from < 0) return { from: -1, to: -1 };
  for (let i = from; i < cases.length; i++) {
    const body = unbraced(caseBody(cases[i]));
    const last = body[body.length - 1];
    if (body.some((s) => s !== last && leavesEarly(s)) || (last && last.type !== 'break_statement' && leavesEarly(last))) return undefined;
    if (last && JUMPS.has(last.type)) return { from, to: i };
  }
  return { from, to: cases.length - 1 };
}

/** A case's statements with a trailing braced block opened (`case A: { …; break; }` ends in its `break`). */
function unbraced(body: readonly SyntaxNode[]): readonly SyntaxNode[] {
  const last = body[body.length - 1];
  return last?.type === 'compound_statement' ? [...body.slice(0, -1), ...unbraced(last.namedChildren.filter((c) => c.type !== 'comment'))] : body;
}

const JUMPS = new Set(['break_statement', 'return_statement', 'continue_statement', 'throw_statement', 'goto_statement']);
/** A jump, or a statement that may hold one of its own (a nested switch or loop). */
const MAY_JUMP = [...JUMPS, 'switch_statement', 'for_statement', 'while_statement', 'do_statement', 'for_range_loop'];

/** Whether a statement holds a jump out of the switch other than as itself (a `break`/`return` under an `if`). */
function leavesEarly(s: SyntaxNode): boolean {
  if (JUMPS.has(s.type)) return true;
  return s.descendantsOfType(MAY_JUMP).length > 0;
}
