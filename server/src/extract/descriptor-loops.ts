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
  const init = n.childForFieldName('initializer');
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

