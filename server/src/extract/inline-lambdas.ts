// A local lambda that only adds to the caller's batch (`auto add = [&](ID3D12Resource* r, S a, S b) { batch[n++] =
// CD3DX12_RESOURCE_BARRIER::Transition(r, a, b); };`, or `barriers.push_back(…)`): each call is evaluated in place,
// its parameters bound to the call's arguments and everything else the caller's own locals (a `[&]` capture), so the
// caller's array, container and count hold what each call added — as if the caller had written the statement.
// NOTE: only a lambda of a few plain statements (expression statements: no branches, loops or returns) that captures
// everything by reference; any other lambda stays a call that forgets what it captured (lambdas.ts).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue, visitCalls } from './context';
import { isResourceType, resourceRef } from './resources';
import { declaredName, typeText } from './types';
import type { AVal } from './values';
import { lambdaVariable } from './local-lambdas';

const MAX_INLINED_TEXT = 1500;

/** The parameters of a lambda (`[&](ID3D12Resource* r, D3D12_RESOURCE_STATES a)`): name and declared type. */
function lambdaParams(lambda: SyntaxNode): { name: string; type: string }[] | undefined {
  const params = lambda.childForFieldName('declarator')?.childForFieldName('parameters');
  if (!params) return [];
  const out: { name: string; type: string }[] = [];
  for (const p of params.namedChildren) {
    if (p.type === 'comment') continue;
    const decl = p.childForFieldName('declarator');
    const name = p.type === 'parameter_declaration' ? declaredName(decl) : undefined;
    const typeNode = p.childForFieldName('type');
    if (!name || !typeNode || !decl) return undefined;
    out.push({ name, type: typeText(typeNode, decl) });
  }
  return out;
}

/** The expressions of a `[&]` lambda made of expression statements only; undefined for any other lambda. */
function plainBody(lambda: SyntaxNode): SyntaxNode[] | undefined {
  const captures = lambda.childForFieldName('captures') ?? lambda.namedChildren.find((c) => c.type === 'lambda_capture_specifier');
  if (captures?.text.replace(/\s+/g, '') !== '[&]') return undefined;
  const body = lambda.childForFieldName('body');
  if (body?.type !== 'compound_statement' || body.text.length > MAX_INLINED_TEXT) return undefined;
  const stmts = body.namedChildren.filter((s) => s.type !== 'comment');
  if (stmts.length === 0 || stmts.some((s) => s.type !== 'expression_statement' || s.descendantsOfType('lambda_expression').length)) return undefined;
  return stmts.map((s) => s.namedChild(0)).filter((e): e is SyntaxNode => !!e);
}

/**
 * Evaluate a call of a plain local lambda in place (see above). `evaluated`: the arguments the caller already
 * evaluated (their effects happened once); the others are read here. False when the lambda is not such a lambda.
 */
export function inlineLambdaCall(lambda: SyntaxNode, args: SyntaxNode[], evaluated: (AVal | undefined)[], fn: FnCtx): boolean {
  const params = lambdaParams(lambda);
  const exprs = plainBody(lambda);
  if (!params || !exprs || params.length !== args.length) return false;
  const values = args.map((a, i): AVal => {
    const resource = isResourceType(params[i].type);
    const v = evaluated[i] ?? evalValue(a, resource ? 'res' : 'any', fn);
    return resource && v.t === 'unknown' ? { t: 'res', ref: resourceRef(a, fn.file, fn) } : v;
  });
  const saved = params.map((p) => ({ name: p.name, had: fn.env.has(p.name), value: fn.env.get(p.name), type: fn.types.get(p.name) }));
  params.forEach((p, i) => {
    fn.env.set(p.name, values[i]);
    fn.types.set(p.name, p.type);
  });
  try {
    for (const e of exprs) visitCalls(e, fn);
  } finally {
    for (const s of saved) {
      if (s.had) fn.env.set(s.name, s.value!);
      else fn.env.delete(s.name);
      if (s.type === undefined) fn.types.delete(s.name);
      else fn.types.set(s.name, s.type);
    }
  }
  return true;
}

/**
 * A plain lambda kept in a local that the function only ever calls by name (never hands on): each call is evaluated
 * in place, so its definition needs no "may run any time" forgetting of what it captures (lambdas.ts).
 */
export function inlinedAtCalls(lambda: SyntaxNode): boolean {
  const name = lambdaVariable(lambda);
  if (!name || !plainBody(lambda) || !lambdaParams(lambda)) return false;
  let scope = lambda.parent;
  while (scope && scope.type !== 'function_definition' && scope.type !== 'lambda_expression') scope = scope.parent;
  const body = scope?.childForFieldName('body');
  if (!body) return false;
  return body.descendantsOfType('identifier').every((id) => id.text !== name || id.startIndex < lambda.startIndex
    || (id.parent?.type === 'call_expression' && id.parent.childForFieldName('function') === id));
}
