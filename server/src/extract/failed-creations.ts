// A resource creation whose HRESULT the code tests for failure, the test's branch leaving the function:
//
//   HRESULT hr = device->CreateCommittedResource(…, D3D12_RESOURCE_STATE_COPY_DEST, …, IID_PPV_ARGS(&tex));
//   if (FAILED(hr)) return hr;                  // or: if (FAILED(device->CreateCommittedResource(…))) return false;
//
// On that branch there is no new resource: the function returns without one, and a caller that goes on (ignoring the
// error, as loaders' callers often do) goes on with none. The branch starts by marking its path (FAILED_CREATION_SYM
// = 1); the tracker does not take a helper's exits so marked as its caller's way on (track/interpreter.ts
// runFunction), so a caller's barrier is not compared with "created in COPY_DEST, never uploaded" of the path where
// the creation failed. Only a test of the creation (the inline call, or the variable a statement of the same block
// stored the call's result in, not written since) whose branch returns or throws is read this way.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { ResourceRef, Stmt } from './facts';
import { FAILED_CREATION_SYM, rangeKey } from './facts';
import { rangeOf } from './syntax';

/** The resources each function's creation calls create, by the call's range (filled as the walker collects events). */
const created = new WeakMap<FnCtx, Map<string, ResourceRef>>();

/** Remember the creations among a statement's collected events. */
export function noteCreations(fn: FnCtx, stmts: readonly Stmt[]): void {
  for (const s of stmts) {
    if (s.k !== 'event' || s.event.kind !== 'resource-creation' || !s.event.creation.resource.key) continue;
    let m = created.get(fn);
    if (!m) created.set(fn, (m = new Map()));
    m.set(rangeKey(s.event.range), s.event.creation.resource);
  }
}

/** The statement a failure test's leaving branch starts with: the path is one where the creation failed (empty: none). */
export function failedCreationStmts(ifNode: SyntaxNode, fn: FnCtx): Stmt[] {
  if (ifNode.childForFieldName('alternative') || !leaves(ifNode.childForFieldName('consequence'))) return [];
  const call = testedCreation(ifNode);
  const resource = call ? created.get(fn)?.get(rangeKey(rangeOf(call))) : undefined;
  // Only a resource the function hands its caller through a parameter (`ComPtr<ID3D12Resource>& tex`, `&out`): a
  // local staging buffer that failed leaves the caller's own resources on a real path (code-model/helper-failure-exits.cpp).
  const handed = resource && (resource.param !== undefined || resource.base !== undefined);
  return handed ? [{ k: 'write', sym: FAILED_CREATION_SYM, value: 1 }] : [];
}

/** `return …;` / `throw …;`, or a block ending in one. */
function leaves(s: SyntaxNode | null): boolean {
  if (!s) return false;
  if (s.type === 'compound_statement') return leaves(s.namedChildren.filter((c) => c.type !== 'comment').pop() ?? null);
  if (s.type === 'expression_statement') return s.namedChild(0)?.type === 'throw_expression';
  return s.type === 'return_statement' || s.type === 'throw_statement';
}

function unwrap(n: SyntaxNode | null): SyntaxNode | null {
  let v = n;
  while (v && (v.type === 'parenthesized_expression' || v.type === 'condition_clause') && v.namedChildCount === 1) v = v.namedChild(0);
  return v;
}

/** `FAILED(x)` / `!SUCCEEDED(x)` as the whole condition: the call `x` is, or that the statement before stored in `x`. */
function testedCreation(ifNode: SyntaxNode): SyntaxNode | undefined {
  const cond = unwrap(ifNode.childForFieldName('condition'));
  let test = cond;
  let macro = 'FAILED';
  if (cond?.type === 'unary_expression' && cond.child(0)?.type === '!') {
    test = unwrap(cond.childForFieldName('argument'));
    macro = 'SUCCEEDED';
  }
  if (test?.type !== 'call_expression' || test.childForFieldName('function')?.text !== macro) return undefined;
  const args = test.childForFieldName('arguments')?.namedChildren ?? [];
  const arg = args.length === 1 ? unwrap(args[0]) : null;
  if (arg?.type === 'call_expression') return arg;
  if (arg?.type !== 'identifier') return undefined;
  // The last statement of the block before the test that stores `x` (`destTexture->SetName(…)` may stand between).
  const before = (ifNode.parent?.namedChildren ?? []).filter((c) => c.endIndex <= ifNode.startIndex && c.type !== 'comment');
  for (let i = before.length - 1; i >= 0; i--) {
    const stored = storedCall(before[i], arg.text);
    if (stored !== undefined) return stored ?? undefined;
  }
  return undefined;
}

/**
 * `hr = call;` / `HRESULT hr = call;`: the call, when the statement stores one in `name`; null when it stores
 * something else in it (or writes it otherwise); undefined when it does not write `name`.
 */
function storedCall(stmt: SyntaxNode, name: string): SyntaxNode | null | undefined {
  if (stmt.type === 'expression_statement') {
    const a = stmt.namedChild(0);
    if (a?.type === 'assignment_expression' && a.childForFieldName('left')?.text === name) {
      const v = unwrap(a.childForFieldName('right'));
      return a.childForFieldName('operator')?.type === '=' && v?.type === 'call_expression' ? v : null;
    }
  } else if (stmt.type === 'declaration') {
    for (const d of stmt.childrenForFieldName('declarator')) {
      if (d.type !== 'init_declarator' || d.childForFieldName('declarator')?.text !== name) continue;
      const v = unwrap(d.childForFieldName('value'));
      return v?.type === 'call_expression' ? v : null;
    }
  }
  // Any other statement naming `name` may write it (a loop, a nested block, `&hr`): the stored call is not known.
  return new RegExp(`\\b${name}\\b`).test(stmt.text) ? null : undefined;
}
