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
// reaches the caller, as before. The HRESULT forms: the helper's `return E_FAIL;` / `return S_FALSE;`, or
// `if (FAILED(hr)) return hr;` (the variable its if just tested: the tested value); the caller's `FAILED(…)`,
// `hr < 0`, `hr == S_FALSE`, `hr != S_OK`, or a wrapper whose name says it leaves (`ThrowIfFailed(Upload(…));`).
import type { SyntaxNode } from './node';
import type { LeaveTest, Stmt } from './facts';
import { RESULT_SYM } from './facts';
import { nextStatement } from './state-guards';
import { calleeName } from './syntax';

const same = (a: SyntaxNode | null, b: SyntaxNode): boolean => !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;

const FALSY = new Set(['false', 'nullptr', 'null']);
const ZERO = /^(0+|0[xX]0+)[uUlL]*$/;
/** HRESULT failure codes by name (all negative): `E_FAIL`, `E_INVALIDARG`, `DXGI_ERROR_…`. */
const FAILURE_CODE = /^(?:E_[A-Z_]+|DXGI_ERROR_\w+|D3D12_ERROR_\w+)$/;

/**
 * `return false;` / `return nullptr;` / `return 0;` (`0u`), `return E_FAIL;` (any negative HRESULT by name, written
 * as -1) and `return S_FALSE;` (1): the write of the result that precedes the return. Also a variable the enclosing
 * if has just tested for failure (`if (FAILED(hr)) return hr;`, `if (!ok) return ok;`): `testedReturn`.
 */
export function failureReturn(value: SyntaxNode | null): Stmt[] {
  let v = value;
  while (v?.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0);
  if (!v) return [];
  const code = falsyLiteral(v) ? 0 : v.type !== 'identifier' ? undefined : v.text === 'S_FALSE' ? 1 : FAILURE_CODE.test(v.text) ? -1 : testedReturn(v);
  return code === undefined ? [] : [{ k: 'write', sym: RESULT_SYM, value: code }];
}

/** The value a failure test tells of its variable on the branch where it holds: `==0` → 0, `<0` → -1, `==1` → 1. */
const TESTED_VALUE: Partial<Record<LeaveTest, number>> = { '==0': 0, '<0': -1, '==1': 1 };

/**
 * `return x;` inside the consequence of an if (no else) whose condition is a failure test of x (`FAILED(x)`,
 * `!SUCCEEDED(x)`, `x < 0`, `!x`, `x == S_FALSE`), x not written in that branch before the return: the value the
 * test says x holds there, else undefined. Only a plain variable (no member: another call may change it).
 */
function testedReturn(x: SyntaxNode): number | undefined {
  const ret = x.parent?.type === 'parenthesized_expression' ? outerReturn(x) : x.parent;
  if (ret?.type !== 'return_statement') return undefined;
  for (let up: SyntaxNode | null = ret.parent, below: SyntaxNode = ret; up; below = up, up = up.parent) {
    if (up.type === 'if_statement') {
      if (!same(up.childForFieldName('consequence'), below) || up.childForFieldName('alternative')) return undefined;
      const t = testOf(unwrap(up.childForFieldName('condition')));
      if (!t?.arg || t.arg.type !== 'identifier' || t.arg.text !== x.text) return undefined;
      return writtenBefore(below, x.text, ret.startIndex) ? undefined : TESTED_VALUE[t.test];
    }
    if (up.type !== 'compound_statement') return undefined;
  }
  return undefined;
}

/** The return statement a parenthesized value belongs to (`return (hr);`). */
function outerReturn(x: SyntaxNode): SyntaxNode | null {
  let p = x.parent;
  while (p?.type === 'parenthesized_expression') p = p.parent;
  return p;
}

/** Whether `name` is assigned, incremented or has its address taken in `scope` before offset `end`. */
function writtenBefore(scope: SyntaxNode, name: string, end: number): boolean {
  const stack: SyntaxNode[] = [scope];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.startIndex >= end) continue;
    const target = n.type === 'assignment_expression' ? n.childForFieldName('left')
      : n.type === 'update_expression' ? n.childForFieldName('argument')
        : n.type === 'pointer_expression' && n.child(0)?.type === '&' ? n.childForFieldName('argument') : null;
    if (target?.type === 'identifier' && target.text === name) return true;
    stack.push(...n.namedChildren);
  }
  return false;
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

const named = (v: SyntaxNode | null, name: string): boolean => v?.type === 'identifier' && v.text === name;

/** `FAILED(x)` / `SUCCEEDED(x)` (by `macro`): x, else null. */
function macroArg(c: SyntaxNode | null, macro: string): SyntaxNode | null {
  if (c?.type !== 'call_expression' || !named(c.childForFieldName('function'), macro)) return null;
  const args = c.childForFieldName('arguments');
  return args?.namedChildCount === 1 ? unwrap(args.namedChild(0)) : null;
}

/**
 * What a condition tests, and when it holds: `!x`, `x == 0`, `0 == x`, `x == false`, `x == nullptr` and the counts'
 * spellings `x < 1`, `x <= 0`, `1 > x`, `0 >= x` hold when x is 0; the HRESULT spellings `FAILED(x)`,
 * `!SUCCEEDED(x)`, `x < 0` when it is negative, `x == S_FALSE` when it is 1, `x != S_OK` when it is not 0; else null.
 */
function testOf(c: SyntaxNode | null): { arg: SyntaxNode | null; test: LeaveTest } | null {
  const failed = macroArg(c, 'FAILED');
  if (failed) return { arg: failed, test: '<0' };
  if (c?.type === 'unary_expression' && c.child(0)?.type === '!') {
    const arg = unwrap(c.childForFieldName('argument'));
    const succeeded = macroArg(arg, 'SUCCEEDED');
    return succeeded ? { arg: succeeded, test: '<0' } : { arg, test: '==0' };
  }
  if (c?.type !== 'binary_expression') return null;
  const op = c.childForFieldName('operator')?.type;
  const left = unwrap(c.childForFieldName('left'));
  const right = unwrap(c.childForFieldName('right'));
  const either = (is: (v: SyntaxNode | null) => boolean, test: LeaveTest) => (is(right) ? { arg: left, test } : is(left) ? { arg: right, test } : null);
  if (op === '==') return either(falsyLiteral, '==0') ?? either((v) => named(v, 'S_FALSE'), '==1');
  if (op === '!=') return either((v) => named(v, 'S_OK') || falsyLiteral(v), '!=0');
  if ((op === '<' && oneLiteral(right)) || (op === '<=' && falsyLiteral(right))) return { arg: left, test: '==0' };
  if ((op === '>' && oneLiteral(left)) || (op === '>=' && falsyLiteral(left))) return { arg: right, test: '==0' };
  if (op === '<' && falsyLiteral(right)) return { arg: left, test: '<0' };
  if (op === '>' && falsyLiteral(left)) return { arg: right, test: '<0' };
  return null;
}

/**
 * Wrappers whose name says they leave when handed a failed HRESULT: `ThrowIfFailed`, `DX::ThrowIfFailed`,
 * `RETURN_IF_FAILED`, `ReturnIfFailed`, `ExitIfFailed`, `BailIfFailed`, `V_RETURN` (any case, `_` between the words;
 * a suffix such as `ThrowIfFailedEx`). A wrapper that reports only (`LogIfFailed`, `VERIFY`, `assert`) is not one.
 */
const LEAVING_CHECK = /^(?:(?:throw|return|exit|bail)_?if_?fail(?:ed|ure)?(?:_?[a-z0-9]+)?|v_return)$/i;

/** `ThrowIfFailed(x, …)` (x the first argument, through parentheses): x, else null. */
function leavingCheckArg(c: SyntaxNode | null): SyntaxNode | null {
  const f = c?.type === 'call_expression' ? c.childForFieldName('function') : null;
  const name = f && (f.type === 'identifier' || f.type === 'qualified_identifier') ? calleeName(f) : undefined;
  if (!name || !LEAVING_CHECK.test(name)) return null;
  return unwrap(c!.childForFieldName('arguments')?.namedChild(0) ?? null);
}

/** `if (!x) <leaves>` / `if (FAILED(x)) <leaves>`… with no else: what follows runs only where the test fails. */
function leavesWhen(ifStmt: SyntaxNode | null, tested: (n: SyntaxNode) => boolean): LeaveTest | undefined {
  if (ifStmt?.type === 'expression_statement') {
    const arg = leavingCheckArg(ifStmt.namedChild(0));
    return arg && tested(arg) ? '<0' : undefined;
  }
  if (ifStmt?.type !== 'if_statement' || ifStmt.childForFieldName('alternative')) return undefined;
  const t = testOf(unwrap(ifStmt.childForFieldName('condition')));
  return t?.arg && tested(t.arg) && leaves(ifStmt.childForFieldName('consequence')) ? t.test : undefined;
}

/** Nodes between a tested value and its if's condition (`!x`, `(x)`, `FAILED(x)`, `x == 0`). */
const IN_TEST = new Set(['parenthesized_expression', 'argument_list', 'call_expression', 'unary_expression', 'binary_expression']);

/** The if whose condition `x` is part of (through parentheses, a test or FAILED(…)), or null. */
function ifAround(x: SyntaxNode): SyntaxNode | null {
  let up = x.parent;
  for (let depth = 0; up && depth < 6; depth++, up = up.parent) {
    if (up.type === 'condition_clause') return up.parent;
    if (!IN_TEST.has(up.type)) return null;
  }
  return null;
}

/**
 * The test on which the caller leaves after this call: `if (!F(…)) return …;`, `if (F(…) == 0) return …;`,
 * `if (FAILED(F(…))) return;`, the result stored in the test itself (`if ((n = F(…)) == 0) return …;`),
 * `ThrowIfFailed(F(…));` (LEAVING_CHECK), or `bool ok = F(…);` / `hr = F(…);` followed directly by
 * `if (!ok) return …;` / `if (FAILED(hr)) return;` / `if (hr == S_FALSE) return;` / `ThrowIfFailed(hr);`; else undefined.
 */
export function leavesOnFailure(call: SyntaxNode): LeaveTest | undefined {
  let n = call;
  while (n.parent?.type === 'parenthesized_expression') n = n.parent;
  const p = n.parent;
  // `(n = F(…))` inside the test: the assignment's value is what is tested.
  let tested = n;
  if (p?.type === 'assignment_expression' && same(p.childForFieldName('right'), n) && p.childForFieldName('operator')?.type === '=') {
    tested = p;
    while (tested.parent?.type === 'parenthesized_expression') tested = tested.parent;
  }
  const test = ifAround(tested);
  if (test) return leavesWhen(test, (x) => same(x, unwrap(tested)!));
  // `ThrowIfFailed(F(…));`: the wrapper leaves where F's result is negative.
  const args = tested.parent?.type === 'argument_list' ? tested.parent : null;
  if (args && same(unwrap(args.namedChild(0)), unwrap(tested)!) && leavingCheckArg(args.parent)) return '<0';
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
  if (!stored || !stmt) return undefined;
  return leavesWhen(nextStatement(stmt) ?? null, (x) => x.type === 'identifier' && x.text === stored);
}
