// Helpers that hand back the address of their argument: `template <typename T> T* get_rvalue_ptr(T&& v) { return &v; }`
// (a DirectX tutorial's way to pass a temporary barrier: `cl->ResourceBarrier(1, get_rvalue_ptr(CD3DX12_RESOURCE_BARRIER::
// Transition(…)))`), `std::addressof(b)`. The call is the argument's address, as `&arg` is: the barrier it points at
// reaches the submission instead of an unknown pointer.
import type { SyntaxNode } from './node';
import { argumentNodes, calleeName, definitionDeclarator, definitionsByName, treeRoot, unwrapValue } from './syntax';
import { declaredName } from './types';

const cache = new WeakMap<SyntaxNode, Map<string, boolean | null>>();

/** `{ return &v; }` (or `std::addressof(v)`) where `v` is the function's only parameter. */
function returnsAddressOfParameter(def: SyntaxNode): boolean {
  const params = definitionDeclarator(def)?.childForFieldName('parameters')?.namedChildren.filter((p) => p.type !== 'comment') ?? [];
  if (params.length !== 1) return false;
  const param = declaredName(params[0].childForFieldName('declarator'));
  const body = def.childForFieldName('body');
  const stmts = body?.namedChildren.filter((s) => s.type !== 'comment') ?? [];
  if (!param || stmts.length !== 1 || stmts[0].type !== 'return_statement') return false;
  const value = stmts[0].namedChildren[0];
  return !!value && addressed(value) === param;
}

/** The identifier `&x` or `std::addressof(x)` takes the address of. */
function addressed(n: SyntaxNode): string | undefined {
  const v = unwrapValue(n);
  if (v.type === 'pointer_expression' && v.child(0)?.type === '&') {
    const arg = v.childForFieldName('argument');
    return arg?.type === 'identifier' ? arg.text : undefined;
  }
  return undefined;
}

/**
 * The argument whose address a call hands back: the only argument of `std::addressof(x)` or of a function of the
 * file whose body is `return &param;`. Undefined for any other call.
 */
export function addressedArgument(call: SyntaxNode, callee: SyntaxNode): SyntaxNode | undefined {
  const args = argumentNodes(call);
  if (args.length !== 1) return undefined;
  if (/^(?:::)?std::addressof$/.test(callee.text.replace(/\s+/g, ''))) return args[0];
  if (callee.type !== 'identifier') return undefined;
  const name = calleeName(callee);
  const defs = name ? definitionsByName(treeRoot(call), cache, (def) => returnsAddressOfParameter(def)) : undefined;
  return name && defs?.get(name) ? args[0] : undefined;
}
