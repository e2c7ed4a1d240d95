// A barrier count that is 0 on some path (#954 RESOURCE_BARRIER_ZERO_BARRIERS at run time on that path): a local
// counter set to 0, raised only under conditions, and passed to the call with no test of its own:
//   UINT n = 0;
//   if (a) b[n++] = …;
//   for (auto& t : targets) if (t.state != S) b[n++] = …;
//   cl->ResourceBarrier(n, b);
// On the path where no condition holds the call records nothing. Only the shape above is read, and anything that
// could make that path impossible or hide it gives up: a test of the counter (`if (n) …`, `if (n == 0) return;`),
// the call inside a branch, a return / throw / goto / jump out of the block in between, a counter written other
// than by increments (`n = k`, `&n`, passed to a call), an unconditional increment (also one in a loop body: the
// loop may be known to run), an `else` that counts too, and a name tested by two of the conditions or by any other
// condition of the function (they may be complementary, or an enclosing test may exclude the path). The value stays
// unknown for every other rule.
import type { Range } from '../types';
import type { SyntaxNode } from './node';
import { LOOP_STATEMENTS as LOOPS, rangeOf, unwrapValue } from './syntax';
import { EMPTY_METHOD_ALTERNATION } from './emptiness-tests';

export interface ZeroCountPath {
  /** The counter's name. */
  counter: string;
  /** The conditions whose failing leaves it at 0, in source order. */
  conditions: Range[];
}

const JUMPS = ['return_statement', 'throw_statement', 'goto_statement', 'co_return_statement', 'break_statement', 'continue_statement'];
const CONSTANT = /^[A-Z][A-Z0-9_]*$/;

/** `0`, `0u`, `{}`, `{ 0 }`, `(0)`. */
function isZeroInit(v: SyntaxNode | null): boolean {
  if (!v) return false;
  const t = v.text.replace(/\s+/g, '');
  return /^(?:\(?0[uUlL]*\)?|\{\}|\{0[uUlL]*\})$/.test(t);
}

/** The zero-initialised declaration of `name` among `stmts`, by index. */
function zeroDeclaration(stmts: SyntaxNode[], name: string, before: number): number {
  for (let i = before - 1; i >= 0; i--) {
    const s = stmts[i];
    if (s.type !== 'declaration') continue;
    for (const d of s.childrenForFieldName('declarator')) {
      const id = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
      if (id?.type !== 'identifier' || id.text !== name) continue;
      return d.type === 'init_declarator' && isZeroInit(d.childForFieldName('value')) ? i : -2;
    }
  }
  return -1;
}

function refsTo(n: SyntaxNode, name: string): SyntaxNode[] {
  return n.descendantsOfType('identifier').filter((id) => id.text === name);
}

/** `n++`, `++n`, `n += k` (k a positive literal): the reference only raises the counter. */
function isIncrement(ref: SyntaxNode): boolean {
  const p = ref.parent;
  if (!p) return false;
  if (p.type === 'update_expression') return /\+\+/.test(p.text);
  if (p.type === 'assignment_expression' && p.childForFieldName('left') === ref) {
    const op = p.child(1)?.text;
    const right = p.childForFieldName('right');
    return op === '+=' && !!right && /^[1-9]\d*[uUlL]*$/.test(right.text);
  }
  return false;
}

/** `b[n]` read or written through: the counter itself is only read. */
function isIndexRead(ref: SyntaxNode): boolean {
  const p = ref.parent;
  return p?.type === 'subscript_argument_list' || (p?.type === 'subscript_expression' && p.childForFieldName('argument') !== ref);
}

/** Whether `ref` is reached only under a condition within `top` (an if, a loop, a ?:, && or ||). */
function conditionalWithin(ref: SyntaxNode, top: SyntaxNode): boolean {
  for (let p = ref.parent; p && p !== top; p = p.parent) {
    if (p.type === 'if_statement' || p.type === 'conditional_expression' || p.type === 'switch_statement' || LOOPS.has(p.type)) return true;
    if (p.type === 'binary_expression' && /^(?:&&|\|\|)$/.test(p.child(1)?.text ?? '')) return true;
  }
  return false;
}

/** A jump in `s` that can leave the block holding `s` (a return, or a break/continue of an enclosing loop). */
function leaves(s: SyntaxNode): boolean {
  return s.descendantsOfType(JUMPS).some((j) => {
    for (let p = j.parent; p && p !== s; p = p.parent) {
      if (p.type === 'lambda_expression') return false;
      if ((j.type === 'break_statement' || j.type === 'continue_statement') && (LOOPS.has(p.type) || (j.type === 'break_statement' && p.type === 'switch_statement'))) return false;
    }
    return true;
  });
}

/** What a condition tests: its names and member paths (`t.state`; `a.empty()` tests `a`), not constants or callees. */
function testedNames(cond: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const n of cond.descendantsOfType(['identifier', 'field_expression'])) {
    if (n.parent?.type === 'field_expression') continue;
    let t: SyntaxNode | null = n;
    if (n.field === 'function') t = n.type === 'field_expression' ? n.childForFieldName('argument') : null;
    const text = t?.text.replace(/\s+/g, '').replace(/->/g, '.');
    if (text && !CONSTANT.test(text)) out.add(text);
  }
  return out;
}

const CONDITIONAL = ['if_statement', 'while_statement', 'for_statement', 'do_statement', 'conditional_expression', 'switch_statement'];

function ancestors(n: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let p = n.parent; p; p = p.parent) out.push(p);
  return out;
}

/** Every condition of the function holding `n` (its ifs, loops, switches and ?: tests). */
function functionConditions(n: SyntaxNode): SyntaxNode[] {
  let f: SyntaxNode | null = n;
  while (f && f.type !== 'function_definition' && f.type !== 'lambda_expression') f = f.parent;
  if (!f) return [];
  return f.descendantsOfType(CONDITIONAL).map((c) => c.childForFieldName('condition')).filter((c): c is SyntaxNode => c !== null);
}

type Step = { kind: 'none' } | { kind: 'conditional'; condition: SyntaxNode } | { kind: 'stop' };

/** What one statement between the declaration and the call does to the counter. */
function step(s: SyntaxNode, name: string): Step {
  if (leaves(s)) return { kind: 'stop' };
  const refs = refsTo(s, name);
  if (refs.length === 0) return { kind: 'none' };
  if (!refs.every((r) => isIncrement(r) || isIndexRead(r))) return { kind: 'stop' };
  if (!refs.some(isIncrement)) return { kind: 'none' };
  if (s.type === 'if_statement') {
    const cond = s.childForFieldName('condition');
    if (!cond || refsTo(cond, name).length > 0 || s.childForFieldName('alternative')) return { kind: 'stop' };
    return { kind: 'conditional', condition: cond };
  }
  if (LOOPS.has(s.type)) {
    const body = s.childForFieldName('body');
    if (!body || refs.some((r) => r.startIndex < body.startIndex)) return { kind: 'stop' };
    // Every increment under a condition of the body: on the path where no iteration's condition holds, 0.
    if (!refs.filter(isIncrement).every((r) => conditionalWithin(r, body))) return { kind: 'stop' };
    const ifs = body.descendantsOfType('if_statement').filter((i) => refsTo(i, name).length > 0);
    const cond = ifs[0]?.childForFieldName('condition');
    if (ifs.length !== 1 || !cond || refsTo(cond, name).length > 0 || ifs[0].childForFieldName('alternative')) return { kind: 'stop' };
    return { kind: 'conditional', condition: cond };
  }
  return { kind: 'stop' };
}

/** The path on which `count` (the call's count argument) is still 0 when `call` runs, if the shape above holds. */
export function zeroCountPath(call: SyntaxNode, count: SyntaxNode): ZeroCountPath | undefined {
  const arg = unwrapValue(count);
  if (arg.type !== 'identifier') return undefined;
  const name = arg.text;
  const stmt = call.parent;
  const block = stmt?.parent;
  if (stmt?.type !== 'expression_statement' || block?.type !== 'compound_statement') return undefined;
  const stmts = block.namedChildren.filter((s) => s.type !== 'comment');
  const at = stmts.indexOf(stmt);
  const decl = zeroDeclaration(stmts, name, at);
  if (decl < 0) return undefined;
  const conditions: SyntaxNode[] = [];
  for (const s of stmts.slice(decl + 1, at)) {
    const r = step(s, name);
    if (r.kind === 'stop') return undefined;
    if (r.kind === 'conditional') conditions.push(r.condition);
  }
  if (conditions.length === 0) return undefined;
  // Every condition only asks whether a container the function did not fill holds something (a batch class's
  // `if (m_textures.size() > 0) groups[n++] = …;` per group before `Barrier(n, groups)`): 0 is the path where the
  // caller flushed an empty batch, which this function cannot know; the caller's sequence decides.
  if (conditions.every((c) => flushedFromOutside(c, call))) return undefined;
  // Independent tests only: a name tested by two of them, or by any other condition of the function (an enclosing
  // `if (!a.empty() || !b.empty())`, an earlier `if (…) return;`), may make "none holds" impossible.
  // (The header of a loop that counts tests its own index, not the counted condition.)
  const loopHeads = conditions.flatMap((c) => ancestors(c).filter((a) => LOOPS.has(a.type)).map((l) => l.childForFieldName('condition')));
  const others = functionConditions(call).filter((c) => !conditions.includes(c) && !loopHeads.includes(c)).map(testedNames);
  const seen = new Set<string>();
  for (const c of conditions) {
    const names = testedNames(c);
    for (const n of names) if (seen.has(n) || others.some((o) => o.has(n))) return undefined;
    for (const n of names) seen.add(n);
  }
  return { counter: name, conditions: conditions.map(rangeOf) };
}

const EMPTINESS_TESTED = new RegExp(`^(?:!([\\w.>-]+)\\.(?:${EMPTY_METHOD_ALTERNATION})\\(\\)|([\\w.>-]+)\\.(?:size|Num|Count)\\(\\)(?:>0|!=0|>=1)?|0<([\\w.>-]+)\\.(?:size|Num)\\(\\))$`);

/** `!v.empty()`, `v.size() > 0`, `v.Num()`…: the container tested, when that is the whole condition. */
function emptinessTested(cond: SyntaxNode): string | undefined {
  const t = cond.text.replace(/\s+/g, '').replace(/this->/g, '').replace(/^\((.*)\)$/, '$1');
  const m = EMPTINESS_TESTED.exec(t);
  return m ? m[1] ?? m[2] ?? m[3] : undefined;
}

/** Whether `cond` tests the emptiness of a container declared outside the function holding `call` (member, parameter). */
function flushedFromOutside(cond: SyntaxNode, call: SyntaxNode): boolean {
  const container = emptinessTested(cond);
  const root = container && /^[A-Za-z_]\w*/.exec(container)?.[0];
  if (!root) return false;
  let f: SyntaxNode | null = call;
  while (f && f.type !== 'function_definition' && f.type !== 'lambda_expression') f = f.parent;
  const body = f?.childForFieldName('body');
  if (!body) return false;
  return !body.descendantsOfType('declaration').some((d) => d.childrenForFieldName('declarator').some((x) => declaredName(x) === root));
}

function declaredName(d: SyntaxNode): string | undefined {
  let n: SyntaxNode | null = d;
  while (n && n.type !== 'identifier') n = n.childForFieldName('declarator');
  return n?.text;
}
