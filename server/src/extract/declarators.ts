// What a declaration declares: its type (a barrier struct, a container of them, a resource, a scalar), each
// declarator's shape (array, pointer, reference), the type `auto` stands for, and a command list a list factory creates.
import type { StructKind } from '../model/structs';
import type { SyntaxNode } from './node';
import type { ResourceRef } from './operands';
import type { FnCtx } from './context';
import { helperNameOf } from './d3dx12-helpers';
import { structKindOfType } from './expect';
import { isResourceType } from './resources';
import { argumentNodes, calleeName, rangeOf, unwrapValue } from './syntax';
import { factoryCallType } from './list-factories';
import { classOfType } from './types';

export interface DeclaredType {
  kind?: StructKind;
  helper?: string;
  container?: { elemKind: StructKind | null; helper?: string; length: number | null; plain?: boolean };
  resource: boolean;
  /** A D3D12 enum or an integer (of the array or container elements): braced elements are values, not resources. */
  scalar?: boolean;
}

// NOTE: D3D12 struct types are recognised before this (structKindOfType); other D3D12_ structs read as unknown.
const SCALAR = /^(?:(?:const|static|constexpr)\s+)*(?:D3D12_[A-Z0-9_]+|DXGI_FORMAT|U?INT(?:8|16|32|64)?|u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|size_t)$/;

export const CONTAINER = /^(?:[\w:]+::)?(\w*(?:vector|array|Array|Vector|List|list|deque|span)\w*)<\s*(?:const\s+)?([\w:]+)\s*(?:,\s*(\w+))?/;

export function declaredType(typeText: string, file: FnCtx): DeclaredType {
  const t = typeText.replace(/\s+/g, ' ').trim();
  const kind = structKindOfType(t);
  if (kind) return { kind, helper: helperNameOf(t.replace(/\b(const|struct)\b/g, '').trim()), resource: false };
  const m = CONTAINER.exec(t);
  if (m) {
    const elemKind = structKindOfType(m[2]) ?? null;
    let length: number | null = null;
    if (m[3]) length = Number(m[3]) || (file.env.get(m[3])?.t === 'num' ? (file.env.get(m[3]) as { f: { value: number | null } }).f.value : null);
    // `std::vector<D3D12_TEXTURE_BARRIER>`: the plain struct, no d3dx12 class (no constructors).
    if (elemKind) return { container: { elemKind, helper: helperNameOf(m[2]), length, ...(/^(?:::)?D3D12_/.test(m[2]) ? { plain: true } : {}) }, resource: false };
    // `std::array<D3D12_BARRIER_LAYOUT, 3> kLayouts = {…}`: a table of values.
    if (SCALAR.test(m[2]) && /^(?:[\w:]+::)?array</.test(t)) return { container: { elemKind: null, length }, resource: false, scalar: true };
  }
  return { resource: isResourceType(t), ...(SCALAR.test(t) ? { scalar: true } : {}) };
}

/**
 * `const std::array barriers{ CD3DX12_RESOURCE_BARRIER::Transition(…), … };` (class template argument deduction):
 * a container of the struct its first element constructs.
 */
export function deducedArray(typeText: string, value: SyntaxNode): DeclaredType | undefined {
  if (!/^(?:const\s+)?(?:std::)?array$/.test(typeText.trim()) || value.type !== 'initializer_list') return undefined;
  const items = argumentNodes(value);
  const first = items[0] ? unwrapValue(items[0]) : null;
  const callee = first?.type === 'call_expression' ? first.childForFieldName('function')?.text.replace(/::\w+$/, '') : undefined;
  const elemKind = callee ? structKindOfType(callee) : undefined;
  return elemKind ? { container: { elemKind, helper: helperNameOf(callee!), length: items.length }, resource: false } : undefined;
}

/**
 * `const auto barriers = std::array{ … };`, `auto b = std::array<CD3DX12_RESOURCE_BARRIER, 2>{ … };`: the literal's
 * type and braces, read as the declaration `std::array barriers{ … }` (or `std::array<T, 2> b = { … }`) would be.
 */
export function arrayLiteral(typeNode: SyntaxNode | null, value: SyntaxNode): { type: SyntaxNode; braces: SyntaxNode } | undefined {
  if (!/^(?:const\s+)?auto$/.test(typeNode?.text.trim() ?? '') || value.type !== 'compound_literal_expression') return undefined;
  const type = value.childForFieldName('type');
  const braces = value.childForFieldName('value');
  if (!type || braces?.type !== 'initializer_list' || !/^(?:std::)?array\s*(?:<|$)/.test(type.text)) return undefined;
  return { type, braces };
}

export interface DeclShape {
  name: string;
  array: { size: SyntaxNode | null } | null;
  reference: boolean;
  pointer: boolean;
}

export function declShape(d: SyntaxNode): DeclShape | null {
  let n: SyntaxNode | null = d;
  let array: DeclShape['array'] = null;
  let reference = false;
  let pointer = false;
  while (n) {
    switch (n.type) {
      case 'identifier': case 'field_identifier': return { name: n.text, array, reference, pointer };
      case 'array_declarator': array = { size: n.childForFieldName('size') }; n = n.childForFieldName('declarator'); break;
      case 'reference_declarator': reference = true; n = n.namedChildren[0] ?? null; break;
      case 'pointer_declarator': pointer = true; n = n.childForFieldName('declarator'); break;
      default: return null;
    }
  }
  return null;
}

/** `auto* list = AcquireList();`: the return type the file declares for the function called. */
export function deducedType(typeNode: SyntaxNode, value: SyntaxNode | null, fn: FnCtx): string | undefined {
  if (typeNode.text !== 'auto' || value?.type !== 'call_expression') return undefined;
  const f = value.childForFieldName('function');
  return f?.type === 'identifier' ? fn.file.returnTypes?.get(f.text) : undefined;
}

/**
 * `auto cl = MakeComputeList(…);` of a list factory of the file (list-factories.ts): a list of its type created here.
 * Also `m_uploadList = CreateUploadList(device);` (`list` given): a member the class's other methods record on. A
 * factory of a list-holding struct (`CommandList out = {}; …IID_PPV_ARGS(&out.list); return out;`) creates the
 * member of the local (`cmd.list`), and the local itself when its class's `operator->` returns that member
 * (`cmd->ResourceBarrier(…)`). A factory given the type (`open_command_list(D3D12_COMMAND_LIST_TYPE_COPY)`) creates a
 * list of the type this call gives it.
 */
export function factoryList(name: string, target: SyntaxNode, value: SyntaxNode, fn: FnCtx, list?: () => ResourceRef): void {
  const v = unwrapValue(value);
  const f = v.type === 'call_expression' ? v.childForFieldName('function') : null;
  const callee = f ? calleeName(f) : undefined;
  const factory = callee ? fn.file.listFactories?.get(callee) : undefined;
  const listType = factory ? factoryCallType(factory, v, fn) : undefined;
  if (!factory || !listType) return;
  const range = rangeOf(target);
  const created = (ref: ResourceRef) => fn.events.push({ kind: 'command-list-creation', site: -1, range: rangeOf(value), list: ref, listType, api: callee! });
  if (!factory.member) {
    created(list?.() ?? { key: name, text: name, range });
    return;
  }
  if (list) return;
  created({ key: `${name}.${factory.member}`, text: `${name}.${factory.member}`, range });
  const cls = classOfType(fn.types.get(name));
  if (cls && fn.file.arrowMembers?.get(cls) === factory.member) created({ key: name, text: name, range });
}
