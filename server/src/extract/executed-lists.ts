// The command lists an ExecuteCommandLists call runs when its array is a local `std::vector` filled before the call
// (`lists.push_back(m_clearPass->GetInternal().Get()); … queue->ExecuteCommandLists((UINT)lists.size(),
// lists.data());`). The tracker needs their names: a list recorded once and executed again runs its barriers again
// (track/apply.ts), and an array it cannot read names no list.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { ResourceRef } from './facts';
import { resourceRef } from './resources';
import { unwrapValue } from './syntax';

const APPEND = new Set(['push_back', 'emplace_back']);

/** `v.data()`, `&v[0]` or `v.begin()` of a plain name: the name, else undefined. */
function containerName(arg: SyntaxNode): string | undefined {
  const n = unwrapValue(arg);
  if (n.type === 'call_expression' && (n.childForFieldName('arguments')?.namedChildCount ?? 1) === 0) {
    const f = n.childForFieldName('function');
    const method = f?.type === 'field_expression' ? f.childForFieldName('field')?.text : undefined;
    const object = f?.childForFieldName('argument');
    return (method === 'data' || method === 'begin') && object?.type === 'identifier' ? object.text : undefined;
  }
  if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.type === '&') {
    const s = n.childForFieldName('argument');
    const object = s?.type === 'subscript_expression' ? s.childForFieldName('argument') : null;
    return object?.type === 'identifier' ? object.text : undefined;
  }
  return undefined;
}

/** The body of the function or lambda whose code holds `call`. */
function enclosingBody(call: SyntaxNode): SyntaxNode | null {
  let f: SyntaxNode | null = call.parent;
  while (f && f.type !== 'function_definition' && f.type !== 'lambda_expression') f = f.parent;
  return f?.childForFieldName('body') ?? null;
}

/**
 * The lists appended to the container an ExecuteCommandLists call is handed, since its last `clear()` before the
 * call (source order; an append under a condition or in a loop counts: a list that may run again is one that may
 * re-run its recording). Null when the argument is no such container or an appended list has no name.
 */
export function appendedLists(arg: SyntaxNode, call: SyntaxNode, fn: FnCtx): ResourceRef[] | null {
  const name = containerName(arg);
  if (!name) return null;
  const body = enclosingBody(call);
  if (!body) return null;
  let appended: SyntaxNode[] = [];
  for (const c of body.descendantsOfType('call_expression')) {
    if (c.startIndex >= call.startIndex) break;
    const callee = c.childForFieldName('function');
    if (callee?.type !== 'field_expression' || callee.childForFieldName('argument')?.text !== name) continue;
    const method = callee.childForFieldName('field')?.text ?? '';
    const args = c.childForFieldName('arguments')?.namedChildren ?? [];
    if (method === 'clear') appended = [];
    else if (APPEND.has(method) && args.length === 1) appended.push(args[0]);
  }
  if (appended.length === 0) return null;
  const refs = appended.map((a) => resourceRef(a, fn.file, fn));
  return refs.every((r) => r.key) ? refs : null;
}

/**
 * d3dx12.h's `CommandListCast(list.GetAddressOf())` (the DirectX templates' `ExecuteCommandLists(1,
 * CommandListCast(m_commandList.GetAddressOf()))`): a reinterpret_cast of the one list's address, so the list it
 * names is the argument's. Any other argument is itself.
 */
export function castListsArgument(arg: SyntaxNode): SyntaxNode {
  const n = unwrapValue(arg);
  if (n.type !== 'call_expression' || n.childForFieldName('function')?.text.replace(/^::/, '') !== 'CommandListCast') return arg;
  const inner = n.childForFieldName('arguments')?.namedChildren ?? [];
  return inner.length === 1 ? inner[0] : arg;
}

/**
 * `ID3D12CommandList* lists[] = { copyList };` declared in the function before the call and handed by name, or one
 * list's address (`&copyList`): the lists it names, read from the declaration's elements as references (a list
 * pointer's value is no resource value, so the array's evaluated elements are unknown). Null for anything else or
 * an element that names no list.
 */
export function declaredLists(arg: SyntaxNode, call: SyntaxNode, fn: FnCtx): ResourceRef[] | null {
  const n = unwrapValue(arg);
  const refsOf = (nodes: SyntaxNode[]): ResourceRef[] | null => {
    const refs = nodes.map((e) => resourceRef(unwrapValue(e), fn.file, fn));
    return refs.length > 0 && refs.every((r) => r.key) ? refs : null;
  };
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') {
    const a = n.childForFieldName('argument');
    return a && (a.type === 'identifier' || a.type === 'field_expression') ? refsOf([a]) : null;
  }
  if (n.type !== 'identifier') return null;
  const body = enclosingBody(call);
  if (!body) return null;
  let found: SyntaxNode[] | null = null;
  for (const d of body.descendantsOfType('init_declarator')) {
    if (d.startIndex >= call.startIndex) break;
    let decl = d.childForFieldName('declarator');
    while (decl?.type === 'pointer_declarator') decl = decl.childForFieldName('declarator');
    const value = d.childForFieldName('value');
    if (decl?.type !== 'array_declarator' || decl.childForFieldName('declarator')?.text !== n.text) continue;
    found = value?.type === 'initializer_list' ? value.namedChildren.filter((c) => c.type !== 'comment') : null;
  }
  return found ? refsOf(found) : null;
}
