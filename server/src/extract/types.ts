// Declared types of names (parameters, locals, class members, namespace-scope variables), as source text. Used to
// tell the D3D12 methods from engine methods that share their names: `m_device->Barrier(tex, state)` on an engine
// `Device*` is not ID3D12GraphicsCommandList7::Barrier.
import type { FileCtx, FnCtx } from './context';
import type { SyntaxNode } from './node';
import type { Captures } from './structure';
import { POINTER_ACCESSORS } from './resources';
import { memberBarrierKind } from './expect';
import { STRUCT_LAYOUTS, STRUCT_TYPE_NAMES } from '../model/structs';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import { resolveAlias } from './type-aliases';

/** The declared name inside a declarator (`*m_rts[3]` → m_rts), or undefined for abstract/function declarators. */
export function declaredName(d: SyntaxNode | null): string | undefined {
  let n = d;
  while (n) {
    switch (n.type) {
      case 'identifier': case 'field_identifier': return n.text;
      case 'init_declarator': case 'pointer_declarator': case 'array_declarator': case 'attributed_declarator':
        n = n.childForFieldName('declarator');
        break;
      case 'reference_declarator': n = n.namedChildren[0] ?? null; break;
      default: return undefined;
    }
  }
  return undefined;
}

/**
 * The name a declaration in a function body declares: as declaredName, and `std::vector<T> v(count);`, which parses
 * as a function declarator (the most vexing parse) but declares the local `v`.
 */
export function localDeclaredName(d: SyntaxNode | null): string | undefined {
  const inner = d?.type === 'function_declarator' ? d.childForFieldName('declarator') : null;
  return inner?.type === 'identifier' ? inner.text : declaredName(d);
}

/** Type text of a declaration: the type plus the declarator's pointer/reference/array marks (`ID3D12Resource*[]`). */
export function typeText(type: SyntaxNode | null, declarator: SyntaxNode | null): string {
  let marks = '';
  for (let n = declarator; n;) {
    if (n.type === 'pointer_declarator') marks += '*';
    else if (n.type === 'reference_declarator') marks += '&';
    else if (n.type === 'array_declarator') marks += '[]';
    else if (n.type !== 'init_declarator') break;
    n = n.type === 'reference_declarator' ? n.namedChildren[0] ?? null : n.childForFieldName('declarator');
  }
  return `${type?.text ?? ''}${marks}`;
}

/** Class members and namespace-scope variables of the file, by name (the last declaration of a name wins). */
export function collectMemberTypes(matches: readonly Captures[], file: FileCtx): void {
  for (const m of matches) {
    let type: SyntaxNode | undefined;
    let declarator: SyntaxNode | undefined;
    for (const [name, node] of m) {
      if (name.endsWith('.type')) type = node;
      else declarator = node;
    }
    const name = declarator ? declaredName(declarator) : undefined;
    if (name && type) file.memberTypes.set(name, resolveAlias(typeText(type, declarator ?? null), file.typeAliases));
    if (name && declarator) noteArraySize(name, declarator, file);
    const member = [...m.keys()].some((k) => k.startsWith('member.'));
    const cls = member && name && declarator ? declaringClass(declarator) : undefined;
    if (cls && type) (file.classMemberTypes ??= new Map()).set(`${cls}::${name}`, resolveAlias(typeText(type, declarator ?? null), file.typeAliases));
    const scope = member ? (file.classMembers ??= new Set()) : (file.globals ??= new Set());
    if (name) scope.add(name);
    const shared = member ? (name && isStaticField(declarator!) ? name : undefined) : staticDefinitionName(declarator);
    if (shared) (file.staticMembers ??= new Set()).add(shared);
  }
}

/**
 * The class a member declaration is in, with the classes it is nested in (`Batch::Impl` for a member of `class
 * Batch::Impl { … }` or of `class Impl` inside `class Batch`); namespaces are left out (a .cpp names the class either
 * way). Undefined for an anonymous class.
 */
export function declaringClass(declarator: SyntaxNode): string | undefined {
  const names: string[] = [];
  for (let n = declarator.parent; n; n = n.parent) {
    if (n.type !== 'class_specifier' && n.type !== 'struct_specifier' && n.type !== 'union_specifier') continue;
    const name = n.childForFieldName('name');
    if (!name) return undefined;
    names.unshift(name.text.replace(/\s+/g, ''));
  }
  return names.length ? names.join('::') : undefined;
}

/** `T name[N];`: the length expression N of a one-dimensional array declaration (array-range-elements.ts). */
function noteArraySize(name: string, declarator: SyntaxNode, file: FileCtx): void {
  let d: SyntaxNode | null = declarator;
  while (d && (d.type === 'init_declarator' || d.type === 'pointer_declarator')) d = d.childForFieldName('declarator');
  if (d?.type !== 'array_declarator' || d.childForFieldName('declarator')?.type === 'array_declarator') return;
  const size = d.childForFieldName('size');
  if (!size) return;
  const sizes = (file.memberArraySizes ??= new Map());
  const seen = sizes.get(name);
  sizes.set(name, seen === undefined || seen?.text === size.text ? size : null);
}

/** `static T name;` in a class body: the field declaration says `static`. */
function isStaticField(declarator: SyntaxNode): boolean {
  let d: SyntaxNode | null = declarator;
  while (d && d.type !== 'field_declaration') d = d.parent;
  return !!d?.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
}

/** `T Cls::name = …;` at namespace scope: the definition of the static data member `name`. */
function staticDefinitionName(declarator: SyntaxNode | undefined): string | undefined {
  let n: SyntaxNode | null = declarator ?? null;
  while (n && (n.type === 'init_declarator' || n.type === 'pointer_declarator' || n.type === 'array_declarator' || n.type === 'reference_declarator')) {
    n = n.type === 'reference_declarator' ? n.namedChildren[0] ?? null : n.childForFieldName('declarator');
  }
  if (n?.type !== 'qualified_identifier') return undefined;
  while (n?.type === 'qualified_identifier') n = n.childForFieldName('name');
  return n?.type === 'identifier' ? n.text : undefined;
}

/** The declared type of an object expression, when the file says: `cl`, `m_cl.Get()`, `this->m_cl`, `lists[i]`. */
export function typeOfExpr(node: SyntaxNode, fn: FnCtx): string | undefined {
  const n = unwrapValue(node);
  switch (n.type) {
    case 'identifier': {
      const local = fn.types.get(n.text);
      return local !== undefined ? resolveAlias(local, fn.file.typeAliases) : fn.file.memberTypes.get(n.text);
    }
    case 'field_expression': {
      const field = n.childForFieldName('field')?.text;
      return field ? fn.file.memberTypes.get(field) : undefined;
    }
    case 'subscript_expression': case 'pointer_expression': {
      const arg = n.childForFieldName('argument');
      return arg ? typeOfExpr(arg, fn) : undefined;
    }
    case 'call_expression': {
      const f = n.childForFieldName('function');
      const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
      if (obj && argumentNodes(n).length === 0 && POINTER_ACCESSORS.has(calleeName(f!) ?? '')) return typeOfExpr(obj, fn);
      return undefined;
    }
    default: return undefined;
  }
}

const D3D12_LIST = /\bID3D12\w*CommandList\d*\b/;
/** Declared types that say nothing about the object (deduced, templated). */
const OPAQUE = /\bauto\b|\bdecltype\b|^\s*(?:const\s+)?[A-Z]\s*[*&]*$/;

/** Whether the object a method is called on is a D3D12 command list: 'yes', 'no' (declared as something else), or 'unknown'. */
export function isCommandListObject(node: SyntaxNode | null, fn: FnCtx): 'yes' | 'no' | 'unknown' {
  if (!node) return 'unknown';
  const declared = typeOfExpr(node, fn);
  const t = declared === undefined ? undefined : arrowType(node, declared, fn) ?? declared;
  if (t === undefined || OPAQUE.test(t)) return 'unknown';
  return D3D12_LIST.test(t) ? 'yes' : 'no';
}

/**
 * `cmd->DrawInstanced(…)` on an object (not a pointer) of a class of the file whose `operator->` returns a D3D12
 * interface (type-aliases.ts arrowTargets): the type the arrow reaches.
 */
function arrowType(node: SyntaxNode, declared: string, fn: FnCtx): string | undefined {
  const parent = node.parent;
  if (parent?.type !== 'field_expression' || parent.childForFieldName('argument') !== node || parent.childForFieldName('operator')?.text !== '->') return undefined;
  // A pointer (`CommandList*`) or a smart pointer (`std::unique_ptr<CommandList>`) reaches the class's own members.
  if (/[*<]/.test(declared)) return undefined;
  const cls = classOfType(declared);
  return cls ? fn.file.arrowTargets?.get(cls) : undefined;
}

// Interfaces of the older APIs (D3D11, D3D10, D3D9): objects of these types are never D3D12 resources.
export const OTHER_API = /\bI(?:D3D1[01]\w*|Direct3D\w*)\b/;
/** Interfaces of any Direct3D version: members of these types are offered to the other files of a run. */
const GRAPHICS_API = /\bI(?:D3D1\d\w*|Direct3D\w*)\b/;

/**
 * The file's class members declared as Direct3D interfaces, with their types: a run gives the other-API ones to the
 * files that define the class's methods (`Dx11DeviceContext->CopyResource(...)` in a .cpp, the member in its .h).
 * D3D12 ones are offered too, so that two files declaring one name differently answer nothing (cli/cross-file.ts).
 */
export function graphicsMembers(file: FileCtx): [string, string][] {
  const offered = (t: string) => GRAPHICS_API.test(t) || objectType(t) || memberBarrierKind(t) !== undefined || nestedStructType(t);
  const byName = [...file.classMembers ?? []].flatMap((name) => {
    const t = file.memberTypes.get(name);
    return t !== undefined && offered(t) && !file.globals?.has(name) ? [[name, t] as [string, string]] : [];
  });
  // The same members under their declaring class (`Histogram::m_ctx`): a .cpp defining that class's methods takes
  // its own class's declaration, whatever other classes declare under the name (cli/cross-file.ts).
  const byClass = [...file.classMemberTypes ?? []].filter(([key, t]) => offered(t) && !file.globals?.has(key.slice(key.lastIndexOf('::') + 2)));
  return [...byName, ...byClass];
}

/** Struct kinds that are a member of another D3D12 struct (`SampleDesc` of a resource desc, a heap desc's `Properties`). */
const NESTED_KINDS = new Set(Object.values(STRUCT_LAYOUTS).flatMap((l) => Object.values(l.nested ?? {})));

/**
 * A member declared as one of those structs by value (`DXGI_SAMPLE_DESC m_sampling;` in a header): offered to the run,
 * so that a positional `{ …, fmt, info->m_sampling, layout, flags }` in another file is read as the whole member
 * (extract/brace-initializers.ts), not as its first field with the rest shifted by one.
 */
export function nestedStructType(t: string): boolean {
  const kind = STRUCT_TYPE_NAMES[t.replace(/\b(?:const|struct)\b|\s+/g, '')];
  return kind !== undefined && NESTED_KINDS.has(kind);
}

/**
 * A member holding an object of the engine's own classes (`RenderTexture rt_;`, `std::unique_ptr<PostEffect> pe_;`,
 * `DirectXCommon* dx_;`): offered too, so that a .cpp calling `rt_->ToRenderTarget(cl)` on a member its header declares
 * knows the receiver's class (two `ToRenderTarget`s, or `Initialize`s of many classes, are otherwise ambiguous).
 * Standard-library and D3D/DXGI value types are not (nothing of theirs is ever a helper of the run).
 */
export function objectType(t: string): boolean {
  const cls = classOfType(t);
  return !!cls && !GRAPHICS_API.test(t) && !/^(?:D3D\w*|DXGI|CD3DX12)_/.test(cls) && !/\bstd::(?!unique_ptr|shared_ptr)/.test(t)
    && !/^(?:(?:unsigned|signed|const)\s+)*(?:bool|char|short|int|long|float|double|size_t|u?int\d+_t|UINT\d*|INT\d*|BOOL|FLOAT|DWORD|HANDLE|HWND|HRESULT|uint|auto)\b/.test(t.trim());
}

/**
 * A D3D12 command's receiver or resource whose declared type the file does not know: the name it would be known by
 * (`ctx` of `ctx->CopyResource`, `m_out` of `this->m_out` or `out[i]`) is noted for the run (graphicsMembers).
 */
export function noteUntyped(node: SyntaxNode | null | undefined, fn: FnCtx): void {
  let n = node ? unwrapValue(node) : null;
  while (n && (n.type === 'subscript_expression' || n.type === 'pointer_expression')) n = n.childForFieldName('argument');
  if (!n || typeOfExpr(n, fn) !== undefined) return;
  const name = n.type === 'identifier' ? n.text : n.type === 'field_expression' ? n.childForFieldName('field')?.text : undefined;
  if (name && !fn.types.has(name) && !fn.params.includes(name)) (fn.file.untyped ??= new Set()).add(name);
}

/**
 * Whether `node` (`m_rhi` of `m_rhi->Draw()`, `this->m_rhi`) names an object no declaration of the file gives: a
 * member of a class whose header the run may not hold, a global of another file. Its class is then unknown, not
 * merely unwritten (track/helper-frames.ts: such a call names no override by its bare name).
 */
export function undeclaredName(node: SyntaxNode, fn: FnCtx): boolean {
  const n = unwrapValue(node);
  const obj = n.type === 'field_expression' ? n.childForFieldName('argument') : null;
  const name = n.type === 'identifier' ? n.text : obj?.type === 'this' ? n.childForFieldName('field')?.text : undefined;
  return !!name && typeOfExpr(n, fn) === undefined && !fn.types.has(name) && !fn.params.includes(name) && !fn.file.globals?.has(name);
}

/**
 * Whether an argument is declared as an object of another graphics API (`SK_ComPtr<ID3D11Texture2D> copy;` passed
 * as `copy.p`, `ID3D11Resource* res`): a command on it belongs to that API (a D3D11 context's CopyResource), whatever
 * the receiver is declared as. `x.member` of a template over such an interface takes the template's type.
 */
export function isOtherApiObject(node: SyntaxNode, fn: FnCtx): boolean {
  let n = unwrapValue(node);
  if (n.type === 'pointer_expression') n = unwrapValue(n.childForFieldName('argument') ?? n);
  let t = typeOfExpr(n, fn);
  if (t === undefined && n.type === 'field_expression') {
    const obj = n.childForFieldName('argument');
    t = obj ? typeOfExpr(obj, fn) : undefined;
  }
  return t !== undefined && OTHER_API.test(t);
}

/**
 * Whether a command's resource argument dereferences an object (`*g_state.target`, `*m_tex`): D3D12 commands take
 * `ID3D12Resource*`, which a dereference gives only from a pointer to pointers (`ID3D12Resource** pp`, an array, an
 * `auto` iterator). An engine method that shares the command's name (`CommandList::CopyResource(Resource&, Resource&)`
 * called as `list->CopyResource(*dst, *src)`) takes engine objects by reference.
 */
export function isDereferencedObject(node: SyntaxNode, fn: FnCtx): boolean {
  const n = unwrapValue(node);
  if (n.type !== 'pointer_expression' || n.child(0)?.type !== '*') return false;
  const arg = n.childForFieldName('argument');
  const t = arg ? typeOfExpr(arg, fn) : undefined;
  return t === undefined || !/\*\s*(?:const\s*)?\*|\[\]|\bauto\b|\bdecltype\b|iterator/.test(t);
}

/** Whether an expression is declared as (or bound to) a resource: it cannot be a barrier count. */
export function isResourceLike(node: SyntaxNode, fn: FnCtx): boolean {
  const n = unwrapValue(node);
  if (n.type === 'identifier' && fn.env.get(n.text)?.t === 'res') return true;
  const t = typeOfExpr(n, fn);
  return t !== undefined && /\bID3D12Resource\d*\b|Texture|Buffer|Resource/.test(t) && !/\bUINT|\bint\b|size_t|uint32_t/.test(t);
}

/**
 * Return types of the file's functions, by simple name (`ID3D12GraphicsCommandList* AcquireList();`): a local
 * `auto* list = AcquireList();` has that type. A name declared with two return types is left out.
 */
export function collectReturnTypes(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  const clash = new Set<string>();
  for (const f of root.descendantsOfType('function_declarator')) {
    let outer: SyntaxNode = f;
    while (outer.parent && (outer.parent.type === 'pointer_declarator' || outer.parent.type === 'reference_declarator')) outer = outer.parent;
    const owner = outer.parent;
    if (!owner || !['declaration', 'function_definition', 'field_declaration'].includes(owner.type)) continue;
    const name = f.childForFieldName('declarator')?.text.split('::').pop()?.trim();
    const type = owner.childForFieldName('type');
    if (!name || !type || /\bauto\b/.test(type.text)) continue;
    const text = typeText(type, outer === f ? null : outer);
    if (out.has(name) && out.get(name) !== text) clash.add(name);
    out.set(name, text);
  }
  for (const name of clash) out.delete(name);
  return out;
}

const SMART_POINTERS = /^(?:\w+::)*(?:unique_ptr|shared_ptr|ComPtr|CComPtr|com_ptr|RefCountPtr|RefPtr|intrusive_ptr)\s*<\s*(.*)>$/;

/** The class a declared type names: `DirectX::ResourceUploadBatch&` → ResourceUploadBatch; smart pointers and arrays unwrap. */
export function classOfType(type: string | undefined): string | undefined {
  return qualifiedClassOfType(type)?.split('::').pop();
}

/** The class a declared type names, as written: `std::unique_ptr<DX::DeviceResources>` → DX::DeviceResources. */
export function qualifiedClassOfType(type: string | undefined): string | undefined {
  if (!type) return undefined;
  // `std::unique_ptr<IScene> scenes_[4]`: an element (`scenes_[i]->Initialize()`) is of the array's element type.
  let t = type.replace(/\b(?:const|volatile|struct|class)\b/g, '').replace(/(?:[*&\s]|\[\])+$/g, '').trim();
  for (let m = SMART_POINTERS.exec(t); m; m = SMART_POINTERS.exec(t)) t = m[1].replace(/[*&\s]+$/g, '').trim();
  if (/[<>()]|\bauto\b|\bdecltype\b/.test(t) || !/^[\w:]+$/.test(t)) return undefined;
  return t.replace(/^::/, '');
}

/** A class's bases, transitively, as far as the file declares them. */
export function basesOf(cls: string, bases: ReadonlyMap<string, readonly string[]> | undefined): string[] {
  const out: string[] = [];
  const todo = [...(bases?.get(cls) ?? [])];
  while (todo.length && out.length < 16) {
    const b = todo.shift()!;
    if (b === cls || out.includes(b)) continue;
    out.push(b);
    todo.push(...(bases?.get(b) ?? []));
  }
  return out;
}
