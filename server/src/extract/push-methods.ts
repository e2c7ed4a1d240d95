// A barrier batch class that hands out its next element by reference for the caller to fill:
// `D3D12_RESOURCE_BARRIER& Push() { return m_barriers.emplace_back(); }`, `D3D12_TEXTURE_BARRIER& Next() { auto& t =
// m_items[m_count++]; t = {}; return t; }`. At `auto& b = batch.Push();` the caller adds a barrier to the object's
// container, as if it had written `batch.m_barriers.emplace_back()` itself (batches.ts): what it then writes into `b`
// is what `batch.Flush(cl)` submits. Only a method whose returned element is read from one member container of its
// class, by `emplace_back()` or an index; a method that writes members of the element before handing it out leaves
// the members it did not write unknown (what it wrote is not followed).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { ResourceRef } from './operands';
import { resourceRef } from './resources';
import { argumentNodes, calleeName, definitionDeclarator, definedName, parameterNodes, rangeOf, rootName, treeRoot } from './syntax';
import { declaredName } from './types';

export interface PushMethod {
  /** The member container the element comes from. */
  member: string;
  /** The element is value-initialised (`emplace_back()`, `t = {}`) and nothing else is written before it is returned. */
  zeroed: boolean;
}

const byRoot = new WeakMap<SyntaxNode, Map<string, PushMethod | null>>();

/** `m.emplace_back()` or `m[k]` of a plain member name: the member. */
function elementOf(e: SyntaxNode | null): { member: string; zeroed: boolean } | undefined {
  if (!e) return undefined;
  if (e.type === 'call_expression' && argumentNodes(e).length === 0) {
    const f = e.childForFieldName('function');
    const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
    if (calleeName(f!) === 'emplace_back' && obj?.type === 'identifier') return { member: obj.text, zeroed: true };
  }
  if (e.type === 'subscript_expression' && e.childForFieldName('argument')?.type === 'identifier') {
    return { member: e.childForFieldName('argument')!.text, zeroed: false };
  }
  return undefined;
}

/** The push method a definition is, read from its body. */
function pushMethod(body: SyntaxNode): PushMethod | undefined {
  const stmts = body.namedChildren.filter((s) => s.type !== 'comment');
  const last = stmts[stmts.length - 1];
  if (last?.type !== 'return_statement' || body.descendantsOfType('return_statement').length !== 1) return undefined;
  const returned = last.namedChild(0);
  const direct = elementOf(returned);
  if (direct) return stmts.length === 1 || direct.zeroed ? direct : { ...direct, zeroed: false };
  // `auto& t = m_items[m_count++]; t = {}; …; return t;`
  if (returned?.type !== 'identifier') return undefined;
  const name = returned.text;
  const decl = stmts.find((s) => s.type === 'declaration' && s.childrenForFieldName('declarator').some((d) => declaredName(d) === name));
  const init = decl?.childrenForFieldName('declarator').find((d) => declaredName(d) === name)?.childForFieldName('value') ?? null;
  const element = decl && /&/.test(decl.text.split('=')[0]) ? elementOf(init) : undefined;
  if (!element) return undefined;
  let zeroed = element.zeroed;
  let other = false;
  for (const a of body.descendantsOfType('assignment_expression')) {
    const left = a.childForFieldName('left');
    if (left?.type === 'identifier' && left.text === name && a.childForFieldName('right')?.type === 'initializer_list'
      && a.childForFieldName('right')!.namedChildCount === 0) zeroed = true;
    else if (left && rootName(left) === name) other = true;
  }
  return { member: element.member, zeroed: zeroed && !other };
}

function pushMethods(root: SyntaxNode): Map<string, PushMethod | null> {
  let map = byRoot.get(root);
  if (map) return map;
  map = new Map();
  for (const def of root.descendantsOfType('function_definition')) {
    const d = definitionDeclarator(def);
    const reference = def.childForFieldName('declarator')?.type === 'reference_declarator';
    const name = definedName(def);
    const params = parameterNodes(d?.childForFieldName('parameters'));
    const body = def.childForFieldName('body');
    if (!name) continue;
    const found = reference && params.length === 0 && body ? pushMethod(body) : undefined;
    map.set(name, map.has(name) ? null : found ?? null);
  }
  byRoot.set(root, map);
  return map;
}

/**
 * `batch.Push()` / `recorder->Next()`: the container of the receiver the element is added to (`batch.m_barriers`) and
 * whether it starts zeroed; undefined for any other call.
 */
export function pushedElement(call: SyntaxNode, fn: FnCtx): { container: ResourceRef; zeroed: boolean } | undefined {
  if (call.type !== 'call_expression' || argumentNodes(call).length !== 0) return undefined;
  const f = call.childForFieldName('function');
  if (f?.type !== 'field_expression') return undefined;
  const obj = f.childForFieldName('argument');
  const name = calleeName(f);
  const push = name ? pushMethods(treeRoot(call)).get(name) : undefined;
  if (!push || !obj || obj.type === 'this') return undefined;
  const container = receiverMember(f, push.member, call, fn);
  return container && { container, zeroed: push.zeroed };
}

/** `obj.member` (`obj->member`) for the receiver of the call `obj.Method(…)`: its container as the caller names it. */
export function receiverMember(callee: SyntaxNode, member: string, call: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const obj = callee.childForFieldName('argument');
  if (!obj) return undefined;
  const receiver = resourceRef(obj, fn.file, fn);
  if (!receiver.key || receiver.unknown) return undefined;
  const path = `${callee.child(1)?.type === '->' ? '->' : '.'}${member}`;
  const container: ResourceRef = { key: `${receiver.key}${path}`, text: `${obj.text}${path}`, range: rangeOf(call) };
  if (receiver.param !== undefined) container.base = { param: receiver.param, path };
  else if (receiver.base) container.base = { param: receiver.base.param, path: `${receiver.base.path}${path}` };
  if (receiver.member) container.member = true;
  return container;
}
