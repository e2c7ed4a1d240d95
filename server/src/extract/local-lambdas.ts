// Lambdas a function keeps in a local and calls like a helper: `auto transition = [&](ID3D12Resource* r, ...) {
// ... cl->ResourceBarrier(1, &b); }; transition(tex, a, b);`. The call names the lambda the enclosing blocks declare
// under that name before it (C++ scoping: the local hides a function of the same name), so the tracker evaluates
// that lambda's body with the call's arguments, as it does for a helper function. Each lambda is a function of its
// own, named by its line (`<lambda:12>`), so two functions with a lambda called `transition` each call their own.
import type { SyntaxNode } from './node';
import { COMMANDS, CREATION_APIS } from '../model/api';
import { calleeName, isSubmitCall } from './syntax';

/** The name the file gives a lambda analysed as a function of its own (extract.ts nameAndParams). */
export const lambdaFunctionName = (lambda: SyntaxNode): string => `<lambda:${lambda.startPosition.row + 1}>`;

/** `auto set = [](…) {…};`: the local a lambda initialises, which its calls name. */
export function lambdaVariable(lambda: SyntaxNode): string | undefined {
  const init = lambda.parent;
  if (init?.type !== 'init_declarator' || init.childForFieldName('value') !== lambda) return undefined;
  const d = init.childForFieldName('declarator');
  return d?.type === 'identifier' ? d.text : undefined;
}

/**
 * Whether a lambda's body calls `ResourceBarrier` or `Barrier` itself, or records a command that uses a resource
 * (`cl->CopyBufferRegion(m.vertices.Get(), …)`, a clear, a resolve: model/api.ts COMMANDS) outside nested loops:
 * only those are followed at their calls, so a command a lambda records is checked against the caller's states; so
 * are lambdas that create resources (isCreation).
 * NOTE: every other lambda stays an unknown call, as before. Evaluating them all at each call (a lambda of nested
 * loops that only walks containers, DirectX-Graphics-Samples' raytracing fallback) pushed its caller over the step
 * budget, for nothing barrier-related; a command lambda with a loop inside a loop stays unknown for the same reason.
 */
const barrierLambdas = new WeakMap<SyntaxNode, boolean>();
function recordsBarriers(lambda: SyntaxNode): boolean {
  let records = barrierLambdas.get(lambda);
  if (records === undefined) {
    const calls = lambda.descendantsOfType('call_expression');
    records = calls.some(isSubmitCall) || (calls.some((c) => isResourceCommand(c) || isCreation(c)) && !hasNestedLoop(lambda));
    barrierLambdas.set(lambda, records);
  }
  return records;
}

const LOOPS = ['for_statement', 'for_range_loop', 'while_statement', 'do_statement'];

/** `x->CopyResource(…)`, `list.ClearUnorderedAccessViewUint(…)`: a list method that uses resources. */
function isResourceCommand(call: SyntaxNode): boolean {
  const f = call.childForFieldName('function');
  const name = f?.type === 'field_expression' ? calleeName(f) : undefined;
  return name !== undefined && Object.hasOwn(COMMANDS, name) && COMMANDS[name].resources.length > 0;
}

/**
 * `device->CreateCommittedResource(&heap, flags, &desc, first, …)`: a lambda that creates resources in the states
 * its calls hand it (`make(n, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, m_shapes)`) is followed at each call,
 * as a helper function is, so the creation is checked with the call's state and the caller knows what it created.
 * The D3D12 Memory Allocator's `CreateResource` names are left out (a common name of engines' own methods).
 */
function isCreation(call: SyntaxNode): boolean {
  const f = call.childForFieldName('function');
  const name = f?.type === 'field_expression' ? calleeName(f) : undefined;
  return name !== undefined && Object.hasOwn(CREATION_APIS, name) && !CREATION_APIS[name].allocation;
}

function hasNestedLoop(lambda: SyntaxNode): boolean {
  return lambda.descendantsOfType(LOOPS).some((loop) => loop.descendantsOfType(LOOPS).some((inner) => inner !== loop));
}

/** The lambda a declaration statement gives `name`, if it gives it one. */
function declaredLambda(stmt: SyntaxNode, name: string): SyntaxNode | undefined {
  if (stmt.type !== 'declaration') return undefined;
  for (const init of stmt.namedChildren) {
    const value = init.type === 'init_declarator' ? init.childForFieldName('value') : null;
    if (value?.type === 'lambda_expression' && lambdaVariable(value) === name) return value;
  }
  return undefined;
}

/**
 * The function name of the local lambda a call `name(…)` calls, or undefined when no enclosing block of the same
 * function declares a lambda of that name before the call. `names`: every name the file gives a lambda (most calls
 * are answered without a walk).
 */
export function localLambdaCallee(call: SyntaxNode, name: string, names: ReadonlySet<string> | undefined): string | undefined {
  const lambda = localLambda(call, name, names);
  return lambda && recordsBarriers(lambda) ? lambdaFunctionName(lambda) : undefined;
}

/** The lambda an enclosing block of the call's function declares under `name` before the call, if any. */
export function localLambda(call: SyntaxNode, name: string, names: ReadonlySet<string> | undefined): SyntaxNode | undefined {
  if (!names?.has(name)) return undefined;
  for (let inner = call, p = call.parent; p; inner = p, p = p.parent) {
    if (p.type === 'function_definition') return undefined;
    if (p.type !== 'compound_statement') continue;
    for (const stmt of p.namedChildren) {
      if (stmt.startIndex >= inner.startIndex) break;
      const lambda = declaredLambda(stmt, name);
      if (lambda) return lambda;
    }
  }
  return undefined;
}
