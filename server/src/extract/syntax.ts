// Small helpers over tree-sitter nodes: ranges, unwrapping parentheses/casts, argument lists.
import { SCALAR_TYPE_NAMES, STRUCT_TYPE_NAMES } from '../model/structs';
import type { SyntaxNode } from './node';
import type { Range } from '../types';

export function rangeOf(node: SyntaxNode): Range {
  return node.range;
}

/**
 * Look a source-derived name up in one of the model's tables. Only the table's own entries count: a call named
 * `toString` or `constructor` must not find Object.prototype's members.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The local an lvalue is rooted at: `b.Transition.pResource`, `arr[i].x`, `*p` → b, arr, p. */
export function rootName(n: SyntaxNode | null): string | undefined {
  let cur = n;
  while (cur) {
    if (cur.type === 'identifier') return cur.text;
    if (cur.type === 'field_expression' || cur.type === 'subscript_expression' || cur.type === 'pointer_expression') {
      cur = cur.childForFieldName('argument');
    } else if (cur.type === 'parenthesized_expression') cur = cur.namedChild(0);
    else return undefined;
  }
  return undefined;
}

/**
 * The statement an `if`'s alternative runs: the body of its `else` clause (a comment between `else` and the body,
 * `else // why\n{ … }`, is a named child too, so the body is the first child that is not one), or the node itself.
 */
export function elseBody(alt: SyntaxNode | null): SyntaxNode | null {
  if (alt?.type !== 'else_clause') return alt;
  return alt.namedChildren.find((c) => c.type !== 'comment') ?? null;
}

/** The statements of a `case`/`default` label, without the label's value. */
export function caseBody(c: SyntaxNode): SyntaxNode[] {
  const value = c.childForFieldName('value');
  return c.namedChildren.filter((s) => s !== value);
}

export function spanRange(a: Range, b: Range): Range {
  return { startLine: a.startLine, startColumn: a.startColumn, endLine: b.endLine, endColumn: b.endColumn };
}

/** Text with whitespace collapsed: the normalized form used for identities and fingerprints. */
export function compactText(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, '');
}

/** Strip parentheses, casts and the MSVC `&Temp()` address-of-temporary so the value expression remains. */
export function unwrapValue(node: SyntaxNode): SyntaxNode {
  let n = node;
  for (;;) {
    if (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
    else if (n.type === 'cast_expression') n = n.childForFieldName('value') ?? n;
    else if (isCppCast(n) || isStructCopy(n)) n = argumentNodes(n)[0] ?? n;
    // Most vexing parse: an argument `x` read as a parameter declaration of type `x` (declarations.ts).
    else if (n.type === 'parameter_declaration' && n.namedChildCount === 1 && n.childForFieldName('type')) n = n.childForFieldName('type')!;
    else return n;
    if (n === node) return n;
  }
}

/** The loop statements of the C++ grammar (for, range-for, while, do). */
export const LOOP_STATEMENTS: ReadonlySet<string> = new Set(['for_statement', 'for_range_loop', 'while_statement', 'do_statement']);

const CPP_CASTS = new Set(['static_cast', 'reinterpret_cast', 'const_cast']);

/**
 * `static_cast<T>(x)` (template_function), a functional cast `UINT(x)` / `D3D12_BARRIER_SYNC(x)`, or a C cast
 * the grammar reads as a call because the type is only an identifier to it: `(D3D12_BARRIER_SYNC)(x)`.
 */
export function isCppCast(n: SyntaxNode): boolean {
  if (n.type !== 'call_expression') return false;
  const fn = n.childForFieldName('function');
  if (!fn || argumentCount(n) !== 1) return false;
  if (fn.type === 'template_function') return CPP_CASTS.has(fn.childForFieldName('name')?.text ?? '');
  if (fn.type === 'parenthesized_expression') return isScalarTypeParen(fn);
  return (fn.type === 'identifier' || fn.type === 'primitive_type') && SCALAR_TYPE_NAMES.has(fn.text);
}

/**
 * `D3D12_RESOURCE_BARRIER(CD3DX12_RESOURCE_BARRIER::Transition(…))` (Raekor's barrier arrays): a D3D12 struct made
 * from one value of itself or of its d3dx12 helper is a copy of that value. Only the plain D3D12 structs (aggregates,
 * no constructor of one scalar) and only a value expression as the argument, never a constant (which would be a
 * C++20 parenthesized initialisation of the first field).
 */
function isStructCopy(n: SyntaxNode): boolean {
  if (n.type !== 'call_expression' || argumentCount(n) !== 1) return false;
  const fn = n.childForFieldName('function');
  if (fn?.type !== 'identifier' || !fn.text.startsWith('D3D12_') || !ownEntry(STRUCT_TYPE_NAMES, fn.text)) return false;
  const arg = argumentNodes(n)[0];
  return arg?.type === 'call_expression' || arg?.type === 'field_expression' || arg?.type === 'subscript_expression'
    || (arg?.type === 'identifier' && !/^[A-Z0-9_]+$/.test(arg.text));
}

/** `(UINT64)` read as a parenthesized expression: a C cast to a scalar type (see constant-fold.ts for `(UINT64)-1`). */
export function isScalarTypeParen(n: SyntaxNode): boolean {
  if (n.type !== 'parenthesized_expression' || n.namedChildCount !== 1) return false;
  const inner = n.namedChild(0)!;
  return (inner.type === 'identifier' || inner.type === 'primitive_type' || inner.type === 'type_identifier') && SCALAR_TYPE_NAMES.has(inner.text);
}

/** The argument expressions of a call (or of an argument_list / initializer_list node itself). */
export function argumentNodes(n: SyntaxNode): SyntaxNode[] {
  const list = n.type === 'argument_list' || n.type === 'initializer_list' ? n : n.childForFieldName('arguments');
  if (!list) return [];
  return list.namedChildren.filter((c) => c.type !== 'comment');
}

/**
 * A function declarator's parameter declarations: `(void)` declares none (`void Flush(void)`, the C spelling of an
 * empty list, is called with no argument), and comments are not parameters.
 */
export function parameterNodes(list: SyntaxNode | null | undefined): SyntaxNode[] {
  const params = (list?.namedChildren ?? []).filter((p) => p.type !== 'comment');
  const only = params.length === 1 ? params[0] : undefined;
  const isVoid = only?.type === 'parameter_declaration' && !only.childForFieldName('declarator') && only.childForFieldName('type')?.text === 'void';
  return isVoid ? [] : params;
}

/** How many argument expressions a call has (argumentNodes(n).length, without making the list). */
function argumentCount(n: SyntaxNode): number {
  const list = n.type === 'argument_list' || n.type === 'initializer_list' ? n : n.childForFieldName('arguments');
  if (!list) return 0;
  let count = 0;
  for (const c of list.namedChildren) if (c.type !== 'comment') count++;
  return count;
}

/** Whether a call expression submits barriers: `….ResourceBarrier(…)` or `….Barrier(…)`. */
export function isSubmitCall(call: SyntaxNode): boolean {
  const f = call.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  return name === 'ResourceBarrier' || name === 'Barrier';
}

/** The callee's last name: `cl->Barrier` → Barrier, `CD3DX12_RESOURCE_BARRIER::Transition` → Transition. */
export function calleeName(fn: SyntaxNode): string | undefined {
  switch (fn.type) {
    case 'identifier': return fn.text;
    case 'field_expression': return fn.childForFieldName('field')?.text;
    case 'qualified_identifier': {
      const name = fn.childForFieldName('name');
      return name ? calleeName(name) : undefined;
    }
    case 'template_function': return fn.childForFieldName('name')?.text;
    default: return undefined;
  }
}

/**
 * The scope a qualified callee names last: `Ui::Render` → Ui, `a::b::f` → b, `Pool<T>::Get` → Pool; undefined for
 * an unqualified callee or the global scope (`::f`).
 */
export function calleeScope(fn: SyntaxNode): string | undefined {
  let q = fn;
  if (q.type !== 'qualified_identifier') return undefined;
  while (q.childForFieldName('name')?.type === 'qualified_identifier') q = q.childForFieldName('name')!;
  const scope = q.childForFieldName('scope');
  const name = scope?.type === 'template_type' ? scope.childForFieldName('name') : scope;
  return name && /^\w+$/.test(name.text) ? name.text : undefined;
}

/**
 * The resource expression of a GPU-virtual-address call: `res->GetGPUVirtualAddress()` (C++) or the C COM macro
 * `ID3D12Resource_GetGPUVirtualAddress(res)` or vtable call `res->lpVtbl->GetGPUVirtualAddress(res)`; null for any
 * other node.
 */
export function gpuAddressReceiver(call: SyntaxNode): SyntaxNode | null {
  if (call.type !== 'call_expression') return null;
  const f = call.childForFieldName('function');
  const args = argumentNodes(call);
  const receiver = f?.type === 'field_expression' && calleeName(f) === 'GetGPUVirtualAddress' ? f.childForFieldName('argument') : null;
  if (receiver && args.length === 0) return receiver;
  const vtable = receiver?.type === 'field_expression' && receiver.childForFieldName('field')?.text === 'lpVtbl' ? receiver.childForFieldName('argument') : null;
  if (vtable && args.length === 1 && args[0].text === vtable.text) return args[0];
  if (f?.type === 'identifier' && /^ID3D12Resource\d*_GetGPUVirtualAddress$/.test(f.text) && args.length === 1) return args[0];
  return null;
}

/** `CD3DX12_RESOURCE_BARRIER::Transition` → "CD3DX12_RESOURCE_BARRIER::Transition"; plain names as they are. */
export function calleeFullName(fn: SyntaxNode): string {
  return fn.text.replace(/\s+/g, '');
}

/** The root of the tree a node belongs to (the file's translation unit). */
export function treeRoot(n: SyntaxNode): SyntaxNode {
  let r = n;
  while (r.parent) r = r.parent;
  return r;
}

/** The function declarator of a definition (through pointer/reference return declarators). */
export function definitionDeclarator(def: SyntaxNode): SyntaxNode | null {
  let d = def.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator') ?? d.namedChildren[0] ?? null;
  return d;
}

/** The simple name a function definition defines (`F`, the `F` of `Class::F`, an in-class method's name). */
export function definedName(def: SyntaxNode): string | undefined {
  const name = definitionDeclarator(def)?.childForFieldName('declarator');
  return name ? calleeName(name) ?? (name.type === 'field_identifier' ? name.text : undefined) : undefined;
}

/**
 * The file's function definitions by defined name, each read once per tree by `read` (kept in `cache`): a name defined
 * twice (overloads, one name in two classes) maps to null, as does a definition `read` declines.
 */
export function definitionsByName<T>(
  root: SyntaxNode, cache: WeakMap<SyntaxNode, Map<string, T | null>>, read: (def: SyntaxNode) => T | null,
): Map<string, T | null> {
  let map = cache.get(root);
  if (map) return map;
  map = new Map();
  for (const def of root.descendantsOfType('function_definition')) {
    const name = definedName(def);
    if (name) map.set(name, map.has(name) ? null : read(def));
  }
  cache.set(root, map);
  return map;
}

/** The classes and structs the file gives a body, by simple name. */
export function classBodies(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const c of root.descendantsOfType(['class_specifier', 'struct_specifier', 'union_specifier'])) {
    const name = c.childForFieldName('name')?.text;
    if (name && c.childForFieldName('body')) out.add(name.split('::').pop()!.trim());
  }
  return out;
}
