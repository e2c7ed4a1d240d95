// Once-only blocks: `if (!m_ready) { …barriers…; m_ready = true; }` on a value that outlives the call (a member or a
// global: not a local or parameter). After the block ran, the test fails until something else resets the value, so
// when the function runs again (the next frame's call in a caller's loop) the block does not see what it did itself
// the first time. The tracker uses the mark to keep the block's own earlier values out of its entry state.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { pathSyms, symOf } from './path-facts';

/** Whether `if (cond) consequence` is a once-only block on a persistent value (see the file comment). */
export function onceGuard(cond: SyntaxNode | null, consequence: SyntaxNode | null, fn: FnCtx): boolean {
  if (!cond || !consequence) return false;
  const tests = flagTests(cond);
  if (tests.length === 0) return false;
  const writes = nodesOf(consequence, 'assignment_expression');
  const once = tests.filter(({ sym, set }) => writes.some((w) => w.childForFieldName('operator')?.text === '='
    && symOf(w.childForFieldName('left')) === sym && truthOf(w.childForFieldName('right')) === !set));
  return once.length > 0 && once.some(({ sym }) => persistent(sym, cond, fn));
}

/**
 * Whether `if (cond)` tests a flag that outlives the call (a member or a global) which the function itself assigns
 * somewhere: the engine's own record of what earlier calls did (`if (m_historyInSrv) …; m_historyInSrv = true;`,
 * the once-only blocks above). Which branch runs depends on the calls before this one, so a resource's state at
 * first use on one branch says nothing of its state on a path that takes the other.
 */
export function historyTest(cond: SyntaxNode | null, fn: FnCtx): boolean {
  if (!cond) return false;
  const counted = countTests(cond).map((t) => t.sym);
  const syms = [...flagTests(cond).map((t) => t.sym), ...counted].filter((sym) => persistent(sym, cond, fn));
  if (syms.length === 0) return false;
  const body = enclosingBody(cond);
  if (!body) return false;
  const names = namesOf(body);
  return syms.some((sym) => names.assigned.has(sym) || (counted.includes(sym) && names.counted.has(sym)));
}

/**
 * The branch of a test on a count the function steps (historyTest) that runs only once the count is not 0: 'then'
 * for `if (m_runs > 0)` (any top-level `&&` term false at 0), 'else' for a whole test true at 0 (`m_runs == 0`,
 * `m_runs < 1`). Such a count is the object's record of its earlier calls; whatever its start value, that branch
 * does not run on a call that meets a resource as it was just created with a count of 0, so the tracker declines to
 * compare its barriers with a creation's state (track/branches.ts).
 */
export function laterCallsBranch(cond: SyntaxNode | null, fn: FnCtx): 'then' | 'else' | undefined {
  if (!cond) return undefined;
  const body = enclosingBody(cond);
  if (!body) return undefined;
  const names = namesOf(body);
  const terms = countTests(cond);
  const stepped = terms.filter((t) => names.counted.has(t.sym) && persistent(t.sym, cond, fn));
  if (stepped.some((t) => t.atZero === false)) return 'then';
  if (terms.length === 1 && stepped.length === 1 && stepped[0].atZero === true && topTerms(cond) === 1) return 'else';
  return undefined;
}

/** How many top-level `&&` terms a condition has. */
function topTerms(n: SyntaxNode): number {
  const c = unwrap(n);
  if (c.type === 'binary_expression' && c.childForFieldName('operator')?.text === '&&') {
    return topTerms(c.childForFieldName('left')!) + topTerms(c.childForFieldName('right')!);
  }
  return 1;
}

function unwrap(n: SyntaxNode): SyntaxNode {
  let c = n;
  while ((c.type === 'parenthesized_expression' || c.type === 'condition_clause') && c.namedChildCount === 1) c = c.namedChild(0)!;
  return c;
}

/** The function or lambda `n` stands in. */
function enclosingBody(n: SyntaxNode): SyntaxNode | null {
  let body: SyntaxNode | null = n;
  while (body && body.type !== 'function_definition' && body.type !== 'lambda_expression') body = body.parent;
  return body;
}

interface BodyNames {
  /** Every identifier of a declaration's declarator names (`T x`, `T* p = …`, `T a[n]`), nested lambdas' included. */
  declared: Set<string>;
  /** The names plain `=` assigns (`m_ready = true`, `this->m.x = 0`: symOf of the left side). */
  assigned: Set<string>;
  /** The names a step updates (`m_runs++`, `--m.left`, `m_runs += 1`): a count of what earlier calls did. */
  counted: Set<string>;
}

/**
 * NOTE: a function's names are gathered once, on its first test: every `if` on a flag used to walk the whole body
 * twice (declarations, assignments), a third of the walk of xenia's render-target cache helpers (issue 13).
 */
const bodyNames = new WeakMap<SyntaxNode, BodyNames>();

/** Bodies whose names were gathered since the process started (a test checks that it is once per body). */
export const onceGuardStats = { bodies: 0 };

function namesOf(body: SyntaxNode): BodyNames {
  let names = bodyNames.get(body);
  if (names) return names;
  names = { declared: new Set(), assigned: new Set(), counted: new Set() };
  onceGuardStats.bodies++;
  for (const d of nodesOf(body, 'declaration')) {
    for (const x of d.childrenForFieldName('declarator')) {
      const name = x.type === 'init_declarator' ? x.childForFieldName('declarator') : x;
      if (!name) continue;
      for (const i of nodesOf(name, 'identifier')) names.declared.add(i.text);
      if (name.type === 'identifier') names.declared.add(name.text);
    }
  }
  for (const w of nodesOf(body, 'assignment_expression')) {
    if (w.childForFieldName('operator')?.text !== '=') continue;
    const sym = symOf(w.childForFieldName('left'));
    if (sym !== undefined) names.assigned.add(sym);
  }
  for (const w of nodesOf(body, 'update_expression')) {
    const sym = symOf(w.childForFieldName('argument'));
    if (sym !== undefined) names.counted.add(sym);
  }
  for (const w of nodesOf(body, 'assignment_expression')) {
    if (!['+=', '-='].includes(w.childForFieldName('operator')?.text ?? '')) continue;
    const sym = symOf(w.childForFieldName('left'));
    if (sym !== undefined) names.counted.add(sym);
  }
  bodyNames.set(body, names);
  return names;
}

/** Descendants of `n` of one type, by a plain walk (a body's nodes may not be in the mirror's type index yet). */
function nodesOf(n: SyntaxNode, type: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [...n.children];
  while (stack.length) {
    const c = stack.pop()!;
    if (c.type === type) out.push(c);
    stack.push(...c.children);
  }
  return out;
}

/** The flags a condition requires, top-level `&&` terms only: `!m` wants m false, `m` wants it true. */
function flagTests(n: SyntaxNode): { sym: string; set: boolean }[] {
  const c = unwrap(n);
  if (c.type === 'binary_expression' && c.childForFieldName('operator')?.text === '&&') {
    return [...flagTests(c.childForFieldName('left')!), ...flagTests(c.childForFieldName('right')!)];
  }
  if (c.type === 'unary_expression' && c.childForFieldName('operator')?.text === '!') {
    const sym = symOf(c.childForFieldName('argument'));
    return sym ? [{ sym, set: false }] : [];
  }
  if (c.type === 'binary_expression' && ['==', '!='].includes(c.childForFieldName('operator')?.text ?? '')) {
    const l = c.childForFieldName('left');
    const r = c.childForFieldName('right');
    const [name, k] = symOf(l) ? [l, truthOf(r)] : [r, truthOf(l)];
    const sym = symOf(name);
    if (!sym || k === undefined) return [];
    return [{ sym, set: c.childForFieldName('operator')!.text === '==' ? k : !k }];
  }
  const sym = symOf(c);
  return sym ? [{ sym, set: true }] : [];
}

/**
 * The names a condition compares with a number, top-level `&&` terms only (`m_runs > 0`, `1 <= m.frames`,
 * `m_passes != 0`): a count, when the function also steps it (historyTest). `atZero`: whether the term holds when
 * the name is 0 (undefined for a literal that is not a plain integer).
 */
function countTests(n: SyntaxNode): { sym: string; atZero: boolean | undefined }[] {
  const c = unwrap(n);
  if (c.type !== 'binary_expression') return [];
  const op = c.childForFieldName('operator')?.text ?? '';
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  if (op === '&&') return [...countTests(l!), ...countTests(r!)];
  if (!['>', '>=', '<', '<=', '==', '!='].includes(op)) return [];
  const [name, lit, flipped] = r?.type === 'number_literal' ? [l, r, false] : l?.type === 'number_literal' ? [r, l, true] : [null, null, false];
  const sym = name ? symOf(name) : undefined;
  if (sym === undefined || !lit) return [];
  const k = /^\d+[uUlL]*$/.test(lit.text) ? Number.parseInt(lit.text, 10) : undefined;
  const [a, b] = flipped ? [k, 0] : [0, k];
  return [{ sym, atZero: k === undefined ? undefined : compare(a!, op, b!) }];
}

function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '>': return a > b;
    case '>=': return a >= b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '==': return a === b;
    default: return a !== b;
  }
}

/** `true`/`false`/`0`/`1` (any non-zero literal), else undefined. */
function truthOf(n: SyntaxNode | null): boolean | undefined {
  if (!n) return undefined;
  if (n.type === 'true') return true;
  if (n.type === 'false') return false;
  if (n.type === 'number_literal' && /^\d+[uUlL]*$/.test(n.text)) return Number.parseInt(n.text, 10) !== 0;
  return undefined;
}

function persistent(sym: string, at: SyntaxNode, fn: FnCtx): boolean {
  const root = sym.split('.')[0];
  if (fn.params.includes(root) || (pathSyms(fn)?.locals.has(root) ?? false)) return false;
  const body = enclosingBody(at);
  return !!body && !namesOf(body).declared.has(root);
}
