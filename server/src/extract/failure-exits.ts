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

/** `return false;` / `return nullptr;` / `return 0;`: the write of the result 0 that precedes the return. */
export function failureReturn(value: SyntaxNode | null): Stmt[] {
  let v = value;
  while (v?.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0);
  if (!v) return [];
  const falsy = FALSY.has(v.type) || (v.type === 'number_literal' && v.text === '0') || (v.type === 'identifier' && v.text === 'NULL');
  return falsy ? [{ k: 'write', sym: RESULT_SYM, value: 0 }] : [];
}

/** The statement leaves what follows it: a `return`, `throw`, `break` or `continue` (last in a block). */
function leaves(s: SyntaxNode | null): boolean {
  if (!s) return false;
  if (s.type === 'compound_statement') return leaves(s.namedChildren.filter((c) => c.type !== 'comment').pop() ?? null);
  if (s.type === 'expression_statement') return s.namedChild(0)?.type === 'throw_expression';
  return s.type === 'return_statement' || s.type === 'throw_statement' || s.type === 'break_statement' || s.type === 'continue_statement';
}

/** `if (!x) <leaves>` with no else: the code after it runs only where `x` is not 0. `x`: the tested expression. */
function leavesWhenZero(ifStmt: SyntaxNode | null, tested: (n: SyntaxNode) => boolean): boolean {
  if (ifStmt?.type !== 'if_statement' || ifStmt.childForFieldName('alternative')) return false;
  let c = ifStmt.childForFieldName('condition');
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  if (c?.type !== 'unary_expression' || c.child(0)?.type !== '!') return false;
  let arg = c.childForFieldName('argument');
  while (arg?.type === 'parenthesized_expression' && arg.namedChildCount === 1) arg = arg.namedChild(0);
  return !!arg && tested(arg) && leaves(ifStmt.childForFieldName('consequence'));
}

/**
 * The caller leaves when this call returns 0: `if (!F(…)) return …;`, or `bool ok = F(…);` / `ok = F(…);` followed
 * directly by `if (!ok) return …;`.
 */
export function leavesOnFailure(call: SyntaxNode): boolean {
  let n = call;
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  const p = n.parent;
  if (p?.type === 'unary_expression' && p.child(0)?.type === '!') {
    let up = p;
    while (up.parent && (up.parent.type === 'parenthesized_expression' || up.parent.type === 'condition_clause')) up = up.parent;
    return leavesWhenZero(up.parent, (x) => same(x, n));
  }
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
