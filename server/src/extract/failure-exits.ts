// A helper's failure exits, and callers that leave when a helper fails.
//
//   bool Upload(ComPtr<ID3D12Resource> tex) {
//     if (FAILED(device->CreateCommittedResource(…, IID_PPV_ARGS(&staging)))) return false;   // failure exit
//     … copies …; barrier(tex, COPY_DEST → PIXEL_SHADER_RESOURCE); … return true;
//   }
//   const bool ok = Upload(albedo);
//   if (!ok) { log(…); return EXIT_FAILURE; }       // or: if (!Upload(albedo)) return false;
//   … albedo used as a shader resource …
//
// After the caller's test, only the helper's exits that did not return false (0, nullptr) reach the code that
// follows: the path where the helper returned before its barrier ends at the caller's `return`. The helper's
// `return false` is a write of its result (RESULT_SYM) on that path; the call is marked `leavesOnFailure`, and the
// tracker drops the helper's exits that returned 0 (track/interpreter.ts). Without the caller's test, every exit
// reaches the caller, as before.
import type { SyntaxNode } from './node';
import type { Stmt } from './facts';
import { RESULT_SYM } from './facts';
import { nextStatement } from './state-guards';

const same = (a: SyntaxNode | null, b: SyntaxNode): boolean => !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;

const FALSY = new Set(['false', 'nullptr', 'null']);
const ZERO = /^(0+|0[xX]0+)[uUlL]*$/;

/** `return false;` / `return nullptr;` / `return 0;` (`0u`): the write of the result 0 that precedes the return. */
export function failureReturn(value: SyntaxNode | null): Stmt[] {
  let v = value;
  while (v?.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0);
  if (!v) return [];
  return falsyLiteral(v) ? [{ k: 'write', sym: RESULT_SYM, value: 0 }] : [];
}

/** The statement leaves what follows it: a `return`, `throw`, `break` or `continue` (last in a block). */
function leaves(s: SyntaxNode | null): boolean {
  if (!s) return false;
  if (s.type === 'compound_statement') return leaves(s.namedChildren.filter((c) => c.type !== 'comment').pop() ?? null);
  if (s.type === 'expression_statement') return s.namedChild(0)?.type === 'throw_expression';
  return s.type === 'return_statement' || s.type === 'throw_statement' || s.type === 'break_statement' || s.type === 'continue_statement';
}

/** `0`, `0u`, `0x0`, `false`, `nullptr`, `NULL`: a literal that is the failure value. */
function falsyLiteral(v: SyntaxNode | null): boolean {
  return !!v && (FALSY.has(v.type) || (v.type === 'number_literal' && ZERO.test(v.text)) || (v.type === 'identifier' && v.text === 'NULL'));
}

const unwrap = (n: SyntaxNode | null): SyntaxNode | null => {
  let v = n;
  while (v && (v.type === 'condition_clause' || v.type === 'parenthesized_expression') && v.namedChildCount === 1) v = v.namedChild(0);
  return v;
};

/** `1`, `1u`, `1L`. */
function oneLiteral(v: SyntaxNode | null): boolean {
  return v?.type === 'number_literal' && ONE.test(v.text);
}
const ONE = /^0*1[uUlL]*$/;

/**
 * What a test that holds when the value is 0 tests: `x` in `!x`, `x == 0`, `0 == x`, `x == false`, `x == nullptr`,
 * and the counts' spellings `x < 1`, `x <= 0`, `1 > x`, `0 >= x`; else null.
 */
function zeroTested(c: SyntaxNode | null): SyntaxNode | null {
  if (c?.type === 'unary_expression' && c.child(0)?.type === '!') return unwrap(c.childForFieldName('argument'));
  if (c?.type !== 'binary_expression') return null;
  const op = c.childForFieldName('operator')?.type;
  const left = unwrap(c.childForFieldName('left'));
  const right = unwrap(c.childForFieldName('right'));
  if (op === '==') return falsyLiteral(right) ? left : falsyLiteral(left) ? right : null;
  if ((op === '<' && oneLiteral(right)) || (op === '<=' && falsyLiteral(right))) return left;
  if ((op === '>' && oneLiteral(left)) || (op === '>=' && falsyLiteral(left))) return right;
  return null;
}

/** `if (!x) <leaves>` / `if (x == 0) <leaves>` (`x < 1`…) with no else: what follows runs only where `x` is not 0. */
function leavesWhenZero(ifStmt: SyntaxNode | null, tested: (n: SyntaxNode) => boolean): boolean {
  if (ifStmt?.type !== 'if_statement' || ifStmt.childForFieldName('alternative')) return false;
  const arg = zeroTested(unwrap(ifStmt.childForFieldName('condition')));
  return !!arg && tested(arg) && leaves(ifStmt.childForFieldName('consequence'));
}

/** The if whose whole condition tests `x` for 0 (`if (!x)`, `if (x == 0)`), or null. */
function zeroTestOf(x: SyntaxNode): SyntaxNode | null {
  const p = x.parent;
  if (!p || zeroTested(p) === null) return null;
  let up = p;
  while (up.parent && (up.parent.type === 'parenthesized_expression' || up.parent.type === 'condition_clause')) up = up.parent;
  return up.parent;
}

/**
 * The caller leaves when this call returns 0: `if (!F(…)) return …;`, `if (F(…) == 0) return …;`, the result stored
 * in the test itself (`if ((n = F(…)) == 0) return …;`), or `bool ok = F(…);` / `ok = F(…);` followed directly by
 * `if (!ok) return …;` / `if (ok == 0) return …;`.
 */
export function leavesOnFailure(call: SyntaxNode): boolean {
  let n = call;
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  const p = n.parent;
  // `(n = F(…))` inside the test: the assignment's value is what is tested.
  let tested = n;
  if (p?.type === 'assignment_expression' && same(p.childForFieldName('right'), n) && p.childForFieldName('operator')?.type === '=') {
    tested = p;
    while (tested.parent?.type === 'parenthesized_expression') tested = tested.parent;
  }
  const test = zeroTestOf(tested);
  if (test) return leavesWhenZero(test, (x) => same(x, unwrap(tested)!));
  let stored: string | undefined;
  let stmt: SyntaxNode | null = null;
  if (p?.type === 'init_declarator' && same(p.childForFieldName('value'), n)) {
    stored = p.childForFieldName('declarator')?.text;
    stmt = p.parent?.type === 'declaration' ? p.parent : null;
  } else if (p?.type === 'assignment_expression' && same(p.childForFieldName('right'), n) && p.childForFieldName('operator')?.type === '=') {
    const left = p.childForFieldName('left');
    stored = left?.type === 'identifier' ? left.text : undefined;
    stmt = p.parent?.type === 'expression_statement' ? p.parent : null;
  }
  if (!stored || !stmt) return false;
  return leavesWhenZero(nextStatement(stmt) ?? null, (x) => x.type === 'identifier' && x.text === stored);
}
