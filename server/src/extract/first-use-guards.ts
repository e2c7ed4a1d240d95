// A map-based state tracker's first sight of a resource: the tracker records the wanted state and returns without a
// barrier (it believes the caller), and only a resource it has seen before is transitioned:
//
//   auto [it, inserted] = m_states.emplace(res, want);   if (inserted) return;      (try_emplace, insert({res, want}))
//   auto it = m_states.find(res);   if (it == m_states.end()) { m_states.emplace(res, want); return; }
//   ... if (it->second == want) return;  barrier(res, it->second → want);  it->second = want;
//
// Read as its author means it, the wrapper is one summary, "the resource is now in `want`", on every path: the
// first-use path records `want` as the resource's state as the transition path does. The early return is read as
// the state-guard 'skip' (extract/state-guards.ts): the tracker follows the transition, whose before-value is the
// tracker's own bookkeeping (unknown), so nothing is checked and the resource is in `want` afterwards.
import type { SyntaxNode } from './node';
import { calleeName, unwrapValue } from './syntax';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '');

const INSERTS = new Set(['emplace', 'try_emplace', 'insert']);

/** `C.emplace(key, want)`, `C.try_emplace(key, want)`, `C.insert({key, want})`: the container and the inserted value. */
function insertion(call: SyntaxNode | null): { container: string; value: string } | undefined {
  const c = call ? unwrapValue(call) : null;
  if (c?.type !== 'call_expression') return undefined;
  const f = c.childForFieldName('function');
  if (f?.type !== 'field_expression' || !INSERTS.has(calleeName(f) ?? '')) return undefined;
  const args = c.childForFieldName('arguments')?.namedChildren ?? [];
  const pair = args.length === 1 && args[0].type === 'initializer_list' ? args[0].namedChildren : args;
  if (pair.length !== 2) return undefined;
  return { container: norm(f.childForFieldName('argument')?.text ?? ''), value: norm(pair[1].text) };
}

/** `C[key] = want;` as an insertion (the subscript creates the entry). */
function subscriptStore(e: SyntaxNode): { container: string; value: string } | undefined {
  if (e.type !== 'assignment_expression' || e.child(1)?.type !== '=') return undefined;
  const l = e.childForFieldName('left');
  const r = e.childForFieldName('right');
  if (l?.type !== 'subscript_expression' || !r) return undefined;
  return { container: norm(l.childForFieldName('argument')?.text ?? ''), value: norm(r.text) };
}

/**
 * The insertion whose result the function declares as `name`: the bool of a structured binding (`auto [it, ok] =
 * C.emplace(…)`, `binding`), or a plain variable tested through `.second` (`auto r = C.emplace(…)`).
 */
function declaredInsertion(body: SyntaxNode, name: string, binding: boolean): { container: string; value: string } | undefined {
  for (const d of body.descendantsOfType('init_declarator')) {
    const decl = d.childForFieldName('declarator');
    const bound = decl?.type === 'structured_binding_declarator' ? decl.namedChildren[1]?.text : undefined;
    if ((binding ? bound : decl?.type === 'identifier' ? decl.text : undefined) !== name) continue;
    const found = insertion(d.childForFieldName('value'));
    if (found) return found;
  }
  return undefined;
}

/** The iterator `it` of `it = C.find(key)` in the function: its container. */
function foundIn(body: SyntaxNode, it: string): string | undefined {
  for (const d of body.descendantsOfType('init_declarator')) {
    if (d.childForFieldName('declarator')?.text !== it) continue;
    const v = d.childForFieldName('value');
    const f = v?.type === 'call_expression' ? v.childForFieldName('function') : null;
    if (f?.type === 'field_expression' && calleeName(f) === 'find') return norm(f.childForFieldName('argument')?.text ?? '');
  }
  return undefined;
}

/**
 * The insertion the first-use test of an `if` stands for, when its condition is one (`inserted`, `r.second`,
 * `C.try_emplace(k, s).second`, `it == C.end()` whose branch inserts), else undefined.
 */
function testedInsertion(cond: SyntaxNode, then: SyntaxNode, body: SyntaxNode): { container: string; value: string } | undefined {
  if (cond.type === 'identifier') return declaredInsertion(body, cond.text, true);
  if (cond.type === 'field_expression' && cond.childForFieldName('field')?.text === 'second') {
    const of = cond.childForFieldName('argument');
    if (!of) return undefined;
    return of.type === 'identifier' ? declaredInsertion(body, of.text, false) : insertion(of);
  }
  if (cond.type !== 'binary_expression' || cond.child(1)?.type !== '==') return undefined;
  const sides = [cond.childForFieldName('left'), cond.childForFieldName('right')];
  const end = sides.findIndex((s) => s?.type === 'call_expression' && /(?:\.|->)end\(\)$/.test(norm(s.text)));
  const it = end >= 0 ? sides[1 - end] : null;
  const container = end >= 0 ? norm(sides[end]!.text).replace(/(?:\.|->)end\(\)$/, '') : '';
  if (!it || it.type !== 'identifier' || foundIn(body, it.text) !== container) return undefined;
  for (const e of then.descendantsOfType(['call_expression', 'assignment_expression'])) {
    const ins = e.type === 'call_expression' ? insertion(e) : subscriptStore(e);
    if (ins && ins.container === container) return ins;
  }
  return undefined;
}

/** Whether a branch only records (insertions, subscript stores) and returns. */
function recordsAndReturns(then: SyntaxNode): boolean {
  if (then.type === 'return_statement') return true;
  if (then.type !== 'compound_statement') return false;
  const stmts = then.namedChildren.filter((c) => c.type !== 'comment');
  if (stmts.at(-1)?.type !== 'return_statement') return false;
  return stmts.slice(0, -1).every((s) => {
    const e = s.type === 'expression_statement' ? s.namedChild(0) : null;
    return !!e && (!!insertion(e) || !!subscriptStore(e));
  });
}

/**
 * Whether the `if` statement `n` is a map tracker's first-use early return whose inserted value the rest of the
 * function (`after`: the statements that run when it does not return) also stores as the transition's end.
 */
export function firstUseGuard(n: SyntaxNode, bodyOf: () => SyntaxNode | null, after: () => SyntaxNode[]): boolean {
  const condNode = n.childForFieldName('condition');
  const then = n.childForFieldName('consequence');
  if (!condNode || !then || n.childForFieldName('alternative') || !recordsAndReturns(then)) return false;
  const body = bodyOf();
  if (!body) return false;
  const cond = unwrapValue(condNode.type === 'condition_clause' ? condNode.childForFieldName('value') ?? condNode : condNode);
  const ins = testedInsertion(cond, then, body);
  if (!ins) return false;
  return after().some((s) => s.descendantsOfType('assignment_expression').some((a) => {
    const r = a.childForFieldName('right');
    return a.child(1)?.type === '=' && !!r && norm(unwrapValue(r).text) === ins.value;
  }));
}
