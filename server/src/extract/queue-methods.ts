// A deferred barrier queue whose add method takes the whole barrier: `void ResourceBarrier(const
// D3D12_RESOURCE_BARRIER& b) { m_pending.push_back(b); }`, `void Add(D3D12_TEXTURE_BARRIER b) { m_items[m_count++] =
// b; }`, submitted later by another method (`Flush()`: `m_list->ResourceBarrier(n, m_pending.data())`). Read once with
// its symbolic parameter, such a method adds a barrier nobody can read, and the submit forgets every state. Here a call
// `ctx.ResourceBarrier(CD3DX12_RESOURCE_BARRIER::Transition(…))` is read as the caller appending its own barrier to
// the receiver's container (`ctx.m_pending.push_back(…)`), as batches.ts does for an append the caller writes itself.
// Only a method whose body is that one append of its one parameter (a barrier struct by value, by reference or by
// pointer dereferenced): anything else it did would be lost by reading the call so.
import type { SyntaxNode } from './node';
import type { FileCtx, FnCtx, QueueMethod } from './context';
import type { ResourceRef } from './operands';
import type { Expect } from './expect';
import { evalValue } from './context';
import type { StructVal } from './values';
import { cloneVal } from './values';
import { addToBatch, batchContainer } from './batches';
import { receiverMember } from './push-methods';
import { argumentNodes, calleeName, definitionDeclarator, definitionsByName, rangeOf, treeRoot } from './syntax';
import { declaredName, typeText } from './types';

const BARRIER_TYPE: readonly [RegExp, Expect][] = [
  [/\b(?:CD3DX12|D3D12)_RESOURCE_BARRIER\b/, 'legacy'],
  [/\b(?:CD3DX12|D3D12)_TEXTURE_BARRIER\b/, 'texture'],
  [/\b(?:CD3DX12|D3D12)_BUFFER_BARRIER\b/, 'buffer'],
  [/\b(?:CD3DX12|D3D12)_GLOBAL_BARRIER\b/, 'global'],
];
const APPEND = new Set(['push_back', 'emplace_back']);

const byRoot = new WeakMap<SyntaxNode, Map<string, QueueMethod | null>>();

/** `m.push_back(p)`, `m.emplace_back(p)`, `m[k] = p` (`*p` for a pointer parameter): the container node. */
function appendTarget(stmt: SyntaxNode, param: string, pointer: boolean): SyntaxNode | undefined {
  const e = stmt.type === 'expression_statement' ? stmt.namedChild(0) : null;
  const isParam = (v: SyntaxNode | null | undefined) => !!v && (pointer
    ? v.type === 'pointer_expression' && v.child(0)?.type === '*' && v.childForFieldName('argument')?.text === param
    : v.type === 'identifier' && v.text === param);
  if (e?.type === 'call_expression') {
    const f = e.childForFieldName('function');
    const args = argumentNodes(e);
    const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
    if (obj && APPEND.has(calleeName(f!) ?? '') && args.length === 1 && isParam(args[0])) return obj;
  }
  if (e?.type === 'assignment_expression' && e.child(1)?.type === '=' && isParam(e.childForFieldName('right'))) {
    const left = e.childForFieldName('left');
    if (left?.type === 'subscript_expression') return left.childForFieldName('argument') ?? undefined;
  }
  return undefined;
}

export function queueMethod(def: SyntaxNode): QueueMethod | null {
  const params = definitionDeclarator(def)?.childForFieldName('parameters')?.namedChildren.filter((p) => p.type !== 'comment') ?? [];
  const body = def.childForFieldName('body');
  const stmts = body?.namedChildren.filter((s) => s.type !== 'comment') ?? [];
  if (params.length !== 1 || params[0].type !== 'parameter_declaration' || stmts.length !== 1) return null;
  const declarator = params[0].childForFieldName('declarator');
  const name = declaredName(declarator);
  const typeNode = params[0].childForFieldName('type');
  if (!name || !typeNode) return null;
  const type = typeText(typeNode, declarator);
  const kind = BARRIER_TYPE.find(([re]) => re.test(type))?.[1];
  const pointer = /\*\s*$/.test(type.trim());
  if (!kind || /\*.*\*/.test(type)) return null;
  const container = appendTarget(stmts[0], name, pointer);
  // A plain member (`m_pending`, `this->m_pending`): not a parameter or a local of the method.
  const member = container?.type === 'identifier' ? container.text
    : container?.type === 'field_expression' && container.childForFieldName('argument')?.type === 'this' ? container.childForFieldName('field')?.text : undefined;
  return container && member && member !== name ? { container, member, kind, pointer, text: def.text } : null;
}

/**
 * `obj.Queue(barrier)`, `obj->Queue(&barrier)`, or `Queue(barrier)` inside another method of the class, with `Queue` a
 * queue method of the file: the barrier is added to the receiver's container. Returns true when the call was read so.
 */
export function queueMethodCall(call: SyntaxNode, fn: FnCtx): boolean {
  if (call.type !== 'call_expression') return false;
  const f = call.childForFieldName('function');
  const args = argumentNodes(call);
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || args.length !== 1 || name === fn.name) return false;
  const method = queueMethodNamed(name, treeRoot(call), fn.file);
  if (!method) return false;
  let container: ResourceRef | undefined;
  if (f.type === 'identifier') container = batchContainer(method.container, fn);
  else if (f.type === 'field_expression') {
    const obj = f.childForFieldName('argument');
    if (!obj) return false;
    container = obj.type === 'this' ? batchContainer(method.container, fn) : receiverMember(f, method.member, call, fn);
  }
  if (!container) return false;
  let v = evalValue(args[0], method.pointer ? 'any' : method.kind, fn);
  if (method.pointer) v = v.t === 'ptr' && (v.index === 0 || v.index === null) ? v.target : { t: 'unknown', text: args[0].text, range: rangeOf(args[0]) };
  // The method stores a copy: what the caller writes into its barrier afterwards is not in the queue.
  return addToBatch(container, v.t === 'struct' ? fn.created(cloneVal(v) as StructVal) : v, call, fn);
}

/**
 * The text of the queue method a call names (its own file's or imported), if any: part of the calling function's key in
 * the per-function cache (extract.ts cacheKey), as its body decides what the call adds.
 */
export function queueMethodText(call: SyntaxNode, root: SyntaxNode, file: FileCtx): string | undefined {
  const f = call.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  return name ? queueMethodNamed(name, root, file)?.text : undefined;
}

/** The queue method `name` of the file (whose own definition wins) or imported from another file of the run. */
function queueMethodNamed(name: string, root: SyntaxNode, file: FileCtx): QueueMethod | null | undefined {
  const own = definitionsByName(root, byRoot, queueMethod);
  return own.has(name) ? own.get(name) : file.importedQueueMethods?.get(name);
}

/** The file's queue methods as definition texts by name: exported to the other files of a run with its getters. */
export function queueMethodDefinitions(defs: readonly { name: string; node: SyntaxNode }[]): [string, string][] {
  return defs.filter((d) => d.node.type === 'function_definition' && queueMethod(d.node)).map((d) => [d.name, d.node.text]);
}

/** Queue methods among another file's definitions parsed apart (imported-getters.ts), by name. */
export function importedQueueMethods(defs: readonly { name: string; node: SyntaxNode }[]): Map<string, QueueMethod> | undefined {
  const out = new Map<string, QueueMethod>();
  for (const d of defs) {
    const q = d.node.type === 'function_definition' ? queueMethod(d.node) : null;
    if (q) out.set(d.name, q);
  }
  return out.size ? out : undefined;
}
