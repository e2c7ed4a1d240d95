// Loops in descriptor code: the counter of a counted loop (`for (UINT n = 0; n < N; n++)`), the names a loop
// changes, and whether a handle moves by one constant step per iteration (then inside the loop it is indexed by
// the counter: `CreateRenderTargetView(m_rt[n], nullptr, h); h.Offset(1, size);`).
import type { SyntaxNode } from './node';
import type { DScope } from './descriptor-values';
import { indexOf, numberOf, scaledCount } from './descriptor-values';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import { declaredName } from './types';

export interface Induction {
  name: string;
  start: number;
  bound: number | null;
  /** A bound the file cannot fold (`n < FrameCount`, a constant of a header): its symbolic index. */
  boundSym?: string;
}


/** `for (UINT n = 0; n < N; n++)`: the counter, its start and (when constant) its bound. */
export function induction(n: SyntaxNode, s: DScope): Induction | null {
  // `for (i = 0, j = 0; …)`: the counter is the first of the comma-separated initializers.
  let init = n.childForFieldName('initializer');
  while (init?.type === 'comma_expression') init = init.childForFieldName('left');
  const update = n.childForFieldName('update');
  let name: string | undefined;
  let startNode: SyntaxNode | null = null;
  if (init?.type === 'declaration') {
    const d = init.childrenForFieldName('declarator')[0];
    if (d?.type === 'init_declarator') {
      name = declaredName(d.childForFieldName('declarator'));
      startNode = d.childForFieldName('value');
    }
  } else if (init?.type === 'assignment_expression' && init.childForFieldName('left')?.type === 'identifier') {
    name = init.childForFieldName('left')!.text;
    startNode = init.childForFieldName('right');
  }
  if (!name || !startNode || !update) return null;
  const start = numberOf(startNode, s);
  const inc = update.type === 'update_expression' && update.text.replace(/\s+/g, '').replace(name, '') === '++'
    || (update.type === 'assignment_expression' && update.childForFieldName('left')?.text === name && update.child(1)?.type === '+=' && numberOf(update.childForFieldName('right')!, s) === 1);
  if (start === null || !inc) return null;
  const cond = n.childForFieldName('condition');
  const right = cond?.type === 'binary_expression' && cond.childForFieldName('operator')?.type === '<' && cond.childForFieldName('left')?.text === name
    ? cond.childForFieldName('right') : null;
  const bound = right ? numberOf(right, s) : null;
  const sym = right && bound === null ? indexOf(right, s) : null;
  return { name, start, bound, ...(sym && 'sym' in sym && sym.plus === 0 && sym.sym !== name ? { boundSym: sym.sym } : {}) };
}

/** Names assigned, stepped or offset anywhere in a loop (its body, condition and update). */
export function assignedNames(n: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const root = (x: SyntaxNode | null): string | undefined => {
    let c = x ? unwrapValue(x) : null;
    while (c && (c.type === 'field_expression' || c.type === 'subscript_expression')) c = unwrapValue(c.childForFieldName('argument')!);
    return c?.type === 'identifier' ? c.text : undefined;
  };
  for (const u of n.descendantsOfType(['assignment_expression', 'update_expression', 'call_expression'])) {
    let r: string | undefined;
    if (u.type === 'assignment_expression') r = root(u.childForFieldName('left'));
    else if (u.type === 'update_expression') r = root(u.childForFieldName('argument'));
    else {
      const f = u.childForFieldName('function');
      if (f?.type === 'field_expression' && /^(?:Offset|InitOffsetted)$/.test(calleeName(f) ?? '')) r = root(f.childForFieldName('argument'));
    }
    if (r) out.add(r);
  }
  return out;
}

/**
 * The constant count a handle moves by per iteration when the body moves it exactly once, unconditionally
 * (`h.Offset(1, size)` / `h.ptr += size` as a statement of the body itself); null otherwise.
 */
export function uniformStep(body: SyntaxNode, name: string, s: DScope): number | null {
  const moves = body.descendantsOfType(['assignment_expression', 'call_expression', 'update_expression']).filter((u) => movesHandle(u, name));
  if (moves.length !== 1) return null;
  const m = moves[0];
  if (m.parent?.type !== 'expression_statement' || (m.parent.parent !== body && body.type === 'compound_statement')) return null;
  if (m.type === 'call_expression') {
    const args = argumentNodes(m);
    const c = args.length === 2 ? indexOf(args[0], s) : args.length === 1 ? scaledCount(args[0], s) : null;
    return typeof c === 'number' ? c : c && 'c' in c ? c.c : null;
  }
  if (m.type === 'assignment_expression' && m.child(1)?.type === '+=') {
    const c = scaledCount(m.childForFieldName('right')!, s);
    return typeof c === 'number' ? c : c && 'c' in c ? c.c : null;
  }
  return null;
}

function movesHandle(u: SyntaxNode, name: string): boolean {
  if (u.type === 'call_expression') {
    const f = u.childForFieldName('function');
    return f?.type === 'field_expression' && /^(?:Offset|InitOffsetted)$/.test(calleeName(f) ?? '') && f.childForFieldName('argument')?.text === name;
  }
  const target = u.type === 'assignment_expression' ? u.childForFieldName('left') : u.childForFieldName('argument');
  const t = target ? unwrapValue(target) : null;
  if (t?.type === 'identifier') return t.text === name;
  return t?.type === 'field_expression' && t.childForFieldName('argument')?.text === name;
}


const MEMORY_WRITE = /^(?:memcpy|memset|memmove|ZeroMemory|CopyMemory)$/;
/** The most iterations an element-filling loop is walked for (render passes take 8 targets; tables a few more). */
const MAX_FILL_ITERATIONS = 16;

/**
 * A counted loop whose body only assigns members of the counter's element of a local array
 * (`for (i = 0; i < ARRAY_SIZE(descs); ++i) { descs[i].cpuDescriptor = get_handle(heap, i); descs[i].X = …; }`):
 * the counter's values in order, to walk the body once with each, so each element holds what its iteration wrote.
 * Null for any other loop (it is walked once with the counter unknown).
 */
export function fillIterations(n: SyntaxNode, ind: Induction, locals: ReadonlySet<string>): number[] | null {
  const count = ind.bound === null ? -1 : ind.bound - ind.start;
  if (count < 0 || count > MAX_FILL_ITERATIONS) return null;
  const body = n.childForFieldName('body');
  const stmts = body?.type === 'compound_statement' ? body.namedChildren.filter((c) => c.type !== 'comment') : body ? [body] : [];
  if (stmts.length === 0) return null;
  const element = new RegExp(`^([A-Za-z_]\\w*)\\[${ind.name}\\](?:\\.[A-Za-z_]\\w*)+$`);
  for (const st of stmts) {
    const e = st.type === 'expression_statement' ? st.namedChild(0) : null;
    // `memcpy(&descs[i].BeginningAccess.Clear.ClearValue.Color, …)`: a copy into a member of the element.
    if (e?.type === 'call_expression' && MEMORY_WRITE.test(calleeName(e.childForFieldName('function')!) ?? '')) {
      const target = argumentNodes(e)[0];
      const t = target ? unwrapValue(target) : null;
      const into = t?.type === 'pointer_expression' && t.child(0)?.type === '&' ? unwrapValue(t.childForFieldName('argument')!) : t;
      const m = into ? element.exec(into.text.replace(/\s+/g, '')) : null;
      if (!m || !locals.has(m[1])) return null;
      continue;
    }
    if (e?.type !== 'assignment_expression' || e.child(1)?.type !== '=') return null;
    const m = element.exec(unwrapValue(e.childForFieldName('left')!).text.replace(/\s+/g, ''));
    if (!m || !locals.has(m[1])) return null;
    if (e.childForFieldName('right')!.descendantsOfType(['assignment_expression', 'update_expression']).length) return null;
  }
  return Array.from({ length: count }, (_, k) => ind.start + k);
}
