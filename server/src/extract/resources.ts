// Resource identity: one stable key per resource expression, so `tex`, `tex.Get()`, `this->tex`, `&tex` and
// `IID_PPV_ARGS(&tex)` all name the same resource, and a local alias (`auto* r = m_tex.Get()`) follows it.
import type { SyntaxNode } from './node';
import type { ResourceRef } from './facts';
import type { FileCtx, FnCtx, IndexedGetter } from './context';
import { fold, foldReadIndex, toNumber } from './constant-fold';
import { substitutedIndex } from './index-keys';
import { argumentNodes, calleeName, rangeOf, rootName, unwrapValue } from './syntax';
import { recordMember } from './records';
import { ownGetterReference } from './getter-references';

/** Accessors that return the underlying pointer (ComPtr, smart pointers, engine wrappers of the common shape). */
// Unreal's TRefCountPtr spells them GetReference() and GetInitReference() (release, then the address to fill).
export const POINTER_ACCESSORS: ReadonlySet<string> = new Set(['Get', 'get', 'GetAddressOf', 'ReleaseAndGetAddressOf', 'put', 'GetInterfacePtr', 'GetReference', 'GetInitReference']);
/**
 * `IID_PPV_ARGS(&x)`, the GDK's `IID_GRAPHICS_PPV_ARGS(x.GetAddressOf())` and an allocator's or engine's own
 * spelling of the pair (`D3D12MA_IID_PPV_ARGS(&x)`): each names the created object.
 */
export function isPpvMacro(name: string): boolean {
  return /(?:^|_)PPV_ARGS$/.test(name);
}

const NULL_TEXTS = new Set(['nullptr', 'NULL', '0', 'nullptr_t']);

/** `ownGetters`: the file's getters a call without an object may be (its resource getters unless told). */
function strip(node: SyntaxNode, file?: FileCtx, fn?: FnCtx, ownGetters = file?.resourceGetters): SyntaxNode {
  let n = unwrapValue(node);
  for (let getters = 0; ; ) {
    if (n.type === 'pointer_expression' && n.child(0)?.type === '&') {
      const arg = n.childForFieldName('argument');
      if (!arg) return n;
      n = unwrapValue(arg);
      continue;
    }
    if (n.type === 'call_expression') {
      const f = n.childForFieldName('function');
      const name = f ? calleeName(f) : undefined;
      if (f?.type === 'field_expression' && name && POINTER_ACCESSORS.has(name) && argumentNodes(n).length === 0) {
        const obj = f.childForFieldName('argument');
        if (obj && !ownClassAccessor(name, obj, file, fn)) {
          n = unwrapValue(obj);
          continue;
        }
      }
      if (name && isPpvMacro(name) && argumentNodes(n).length === 1) {
        n = unwrapValue(argumentNodes(n)[0]);
        continue;
      }
      // `CurrentBackBuffer()` / `this->CurrentBackBuffer()`: a resource getter of the file (resource-getters.ts).
      const own = f?.type === 'identifier' || (f?.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this');
      const getter = own && name && argumentNodes(n).length === 0 ? ownGetters?.get(name) : undefined;
      if (getter && getters++ < 4) {
        n = unwrapValue(getter);
        continue;
      }
    }
    return n;
  }
}

/**
 * `const GraphicsAdapter adapter = Primary;` then `m_rt[adapter]`: the index is the name it was initialized from
 * (an enumerator declared in a header this file does not see), so `m_rt[Primary]` and `m_rt[Secondary]` in two
 * blocks that each declare `adapter` are two resources, not one.
 */
function aliasedIndex(idx: SyntaxNode, fn?: FnCtx): string | undefined {
  if (!fn || idx.type !== 'identifier') return undefined;
  const v = fn.env.get(idx.text);
  const text = v?.t === 'num' ? v.f.text : v?.t === 'unknown' ? v.text : undefined;
  if (!text || text === idx.text || !/^[A-Za-z_]\w*$/.test(text)) return undefined;
  return fn.env.has(text) || fn.params.includes(text) ? undefined : text;
}

/** Normalized key text: no whitespace, no `this->`, constant subscripts folded. */
function keyText(n: SyntaxNode, file: FileCtx, fn?: FnCtx, getters = file.resourceGetters): string {
  if (n.type === 'subscript_expression') {
    const arr = n.childForFieldName('argument');
    const idx = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
    if (arr && idx) {
      const folded = fold(idx, file, fn) ?? foldReadIndex(idx, fn);
      const idxText = folded ? String(toNumber(folded)) : (aliasedIndex(idx, fn) ?? substitutedIndex(idx, fn) ?? idx.text.replace(/\s+/g, ''));
      return `${keyText(strip(arr, file), file, fn)}[${idxText}]`;
    }
  }
  const through = receiverGetter(n, file, getters, fn);
  if (through) return `${keyText(strip(through.receiver, file), file, fn)}${through.op}${keyText(strip(through.expr, file), file)}`;
  const indexed = indexedGetterKey(n, file, fn);
  if (indexed) return indexed;
  if (n.type === 'field_expression') {
    const obj = n.childForFieldName('argument');
    const field = n.childForFieldName('field');
    const base = obj ? strip(obj, file) : null;
    // `this->m_tex` and `(*this).m_tex` are `m_tex`.
    if (field && isThis(base)) return field.text;
    if (obj && field) {
      const op = n.child(1)?.type === '->' ? '->' : '.';
      return `${keyText(strip(obj, file), file, fn)}${op}${field.text}`;
    }
  }
  // `Texture::s_batch`: the static member the class's own methods name as `s_batch` (one object).
  const shared = n.type === 'qualified_identifier' ? lastName(n) : undefined;
  if (shared && file.staticMembers?.has(shared)) return shared;
  // NOTE: a name is its own key (no space, no `this`); the replaces below ran on every name (1.3 % of the CPU of a
  // 40,000-line file).
  if (n.type === 'identifier') return n.text;
  return n.text.replace(/\s+/g, '').replace(/^this->/, '').replace(/^\(\*this\)\./, '');
}

function lastName(n: SyntaxNode): string | undefined {
  let m: SyntaxNode | null = n;
  while (m?.type === 'qualified_identifier') m = m.childForFieldName('name');
  return m?.type === 'identifier' ? m.text : undefined;
}

/**
 * The resource an expression denotes. Local aliases resolve to what they were bound to. `getters`: the getters a
 * call may go through (the file's resource getters unless told; addressGetterRef gives its GPU-address getters).
 */
export function resourceRef(node: SyntaxNode, file: FileCtx, fn?: FnCtx, getters = file.resourceGetters): ResourceRef {
  const n = strip(node, file, fn, getters);
  const range = rangeOf(node);
  const text = node.text;
  if (NULL_TEXTS.has(n.text)) return { key: null, text, range };
  // `Unwrap(NULL)`: an accessor handed only a null pointer names no resource (two of them are not one).
  if (n.type === 'call_expression' && nullArguments(n)) return { key: null, text, range };
  const inlined = fn?.objectRef?.(n);
  if (inlined) return { ...inlined, range };
  // `*ppResource` of an `ID3D12Resource** ppResource` parameter: the caller's `&m_tex` names the same resource.
  const inner = n.type === 'pointer_expression' && n.child(0)?.type === '*' ? n.childForFieldName('argument') : null;
  if (inner?.type === 'identifier' && fn && !fn.env.get(inner.text)) {
    const p = fn.params.indexOf(inner.text);
    if (p >= 0) return { key: inner.text, text, range, param: p };
  }
  if ((n.type === 'identifier' || n.type === 'type_identifier') && fn) {
    const bound = fn.env.get(n.text);
    // `T* image = &frames[i];` handed on: the key names the object the pointer points at (`pointee`), so a helper's
    // `p->res` is the object's `.res` (track/env.ts extend), as when `&frames[i]` itself is handed.
    if (bound?.t === 'res') return { ...bound.ref, text, range, ...(/^\s*&/.test(bound.ref.text) ? { pointee: true as const } : {}) };
    const owned = bound ? ownGetterReference(n.text, fn) : undefined;
    if (owned) return { key: owned, text, range, member: true };
    if (!bound) {
      const p = fn.params.indexOf(n.text);
      if (p >= 0) return { key: n.text, text, range, param: p };
    }
  }
  // `ctx.target` of a record the function filled (`FrameContext ctx = { cl, backBuffer };`, `ctx.target = rt;`):
  // the resource stored there, as the member reads in a barrier (expression-core.ts).
  const stored = fn && n.type === 'field_expression' ? storedMember(n, fn) : undefined;
  if (stored) return { ...stored, text, range };
  const key = keyText(n, file, fn, getters);
  const through = fn ? memberOfAlias(n, key, fn) : undefined;
  if (through) return { ...through, text, range };
  const root = fn ? rootName(n) ?? thisMemberRoot(n) ?? callRoot(n) ?? indexedGetterCall(n, file)?.root : undefined;
  if (fn && root && (!fn.env.has(root) || reassignedMember(root, file, fn))) {
    const p = fn.params.indexOf(root);
    const path = key.slice(root.length);
    if (p >= 0 && key.startsWith(root) && /^(?:\.|->|\[)/.test(path)) return { key, text, range, base: { param: p, path } };
    if (p < 0 && fn.method && !fn.types.has(root) && !file.staticMembers?.has(root) && (isClassMember(root, file) || foreignMember(root, fn))) return { key, text, range, member: true };
  }
  const own = fn?.method ? ownCallRoot(n) : undefined;
  if (own && !fn!.env.has(own) && !fn!.params.includes(own) && !fn!.types.has(own) && !file.freeFunctions?.has(own) && !file.globals?.has(own) && !file.staticMembers?.has(own)) {
    return { key, text, range, member: true };
  }
  return { key, text, range };
}

/**
 * A call whose arguments are all null pointers (`NULL`, `nullptr`), at least one. NOTE: not `0`, which is as often an
 * index (`GetRenderTarget(0)` names a resource).
 */
function nullArguments(call: SyntaxNode): boolean {
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  return args.length > 0 && args.every((a) => a.type === 'null' || a.type === 'nullptr' || a.text === 'NULL');
}

/**
 * `Frame& f = m_frames[m_index]; … f.backBuffer` (or `Frame* f = &m_frames[i]; f->backBuffer`): a member path through a
 * local that names an object outside the function (object-aliases.ts) is that object's member, keyed as the caller
 * writes it directly (`m_frames[m_index].backBuffer`), with the alias's member or parameter root. Through `&obj` the
 * local points at the object itself, so its `->` is the object's `.`; a pointer copied from a member path keeps `->`.
 */
function memberOfAlias(n: SyntaxNode, key: string, fn: FnCtx): Omit<ResourceRef, 'text' | 'range'> | undefined {
  if (n.type !== 'field_expression' && n.type !== 'subscript_expression') return undefined;
  const root = rootName(n);
  const owned = root !== undefined ? ownGetterReference(root, fn) : undefined;
  if (owned && key.startsWith(root!) && /^(?:\.|->|\[)/.test(key.slice(root!.length))) return { key: owned + key.slice(root!.length), member: true };
  const bound = root !== undefined && !fn.params.includes(root) ? fn.env.get(root) : undefined;
  if (bound?.t !== 'res' || !bound.ref.key || bound.ref.choice || bound.ref.unknown || !key.startsWith(root!)) return undefined;
  let path = key.slice(root!.length);
  if (!/^(?:\.|->|\[)/.test(path)) return undefined;
  if (/^\s*&/.test(bound.ref.text) && path.startsWith('->')) path = `.${path.slice(2)}`;
  const alias = bound.ref;
  const full = `${alias.key}${path}`;
  if (alias.param !== undefined) return { key: full, base: { param: alias.param, path } };
  if (alias.base) return { key: full, base: { param: alias.base.param, path: alias.base.path + path } };
  return alias.member ? { key: full, member: true } : { key: full };
}

/**
 * `m_target = std::make_unique<RenderTarget>(); m_target->Init(…);` in a method: the member was assigned an object the
 * tracker knows nothing of (an unknown value; `new T()` reads as a number not known), but it is still the member: what the method then does through it is
 * the member's (`m_target->m_res`), for the caller as for the method. Locals and parameters of that name are not.
 */
function reassignedMember(root: string, file: FileCtx, fn: FnCtx): boolean {
  const bound = fn.env.get(root);
  const unknown = bound?.t === 'unknown' || (bound?.t === 'num' && bound.f.value === null);
  return !!fn.method && unknown && !fn.types.has(root) && !fn.params.includes(root)
    && (isClassMember(root, file) || foreignMember(root, fn));
}

/** The resource a local record's member holds (`ctx.target` with `ctx` bound to a record value), if it holds one. */
function storedMember(n: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const obj = n.childForFieldName('argument');
  const field = n.childForFieldName('field')?.text;
  if (obj?.type !== 'identifier' || !field || n.child(1)?.type !== '.') return undefined;
  const bound = fn.env.get(obj.text);
  const member = bound ? recordMember(bound, field) : undefined;
  return member?.t === 'res' && member.ref.key ? member.ref : undefined;
}

/**
 * `tex.Get()` where `Get` is a resource getter of the file (`ID3D12Resource* Get() const { return m_res; }`) and `tex`
 * is declared with a plain class type (not a smart pointer): the class's getter, not ComPtr's accessor.
 */
function ownClassAccessor(name: string, obj: SyntaxNode, file?: FileCtx, fn?: FnCtx): boolean {
  if (!file?.resourceGetters?.has(name)) return false;
  const o = unwrapValue(obj);
  const type = o.type === 'identifier' ? fn?.types.get(o.text) ?? file.memberTypes.get(o.text) : undefined;
  return !!type && /^(?:const\s+)?(?:\w+::)*[A-Za-z_]\w*\s*[&*]?$/.test(type.trim()) && !/^(?:const\s+)?ID3D12/.test(type.trim());
}

/**
 * `sky.Resource()` / `tex->GetResource()` where the file's getter of that name returns a member (`return
 * m_Buffer.Get();`): the receiver's member (`sky.m_Buffer`), the key a state-tracking wrapper called on the same
 * object (`sky.EnsureState(cl, s)`) moves. Undefined for any other call.
 */
function receiverGetter(n: SyntaxNode, file: FileCtx, getters = file.resourceGetters, fn?: FnCtx): { receiver: SyntaxNode; op: string; expr: SyntaxNode } | undefined {
  if (n.type !== 'call_expression' || argumentNodes(n).length !== 0) return undefined;
  const f = n.childForFieldName('function');
  const receiver = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
  const name = f ? calleeName(f) : undefined;
  const expr = name ? getters?.get(name) ?? (getters === file.resourceGetters && receiver ? classGetter(receiver, name, file, fn) : undefined) : undefined;
  if (!receiver || !expr || isThis(receiver)) return undefined;
  return { receiver, op: f!.child(1)?.type === '->' ? '->' : '.', expr: unwrapValue(expr) };
}

/**
 * `tex.Native()` where two classes of the run define `Native()` differently (imported by class): the getter of the
 * receiver's declared class (`Texture tex;`, a member `Texture* m_tex;` declared in the class's header).
 */
function classGetter(receiver: SyntaxNode, name: string, file: FileCtx, fn?: FnCtx): SyntaxNode | undefined {
  if (!file.classResourceGetters || !file.receiverClass) return undefined;
  const r = unwrapValue(receiver);
  const field = r.type === 'field_expression' ? r.childForFieldName('field')?.text : undefined;
  const type = r.type === 'identifier' ? fn?.types.get(r.text) ?? file.memberTypes.get(r.text) : field ? file.memberTypes.get(field) : undefined;
  const cls = file.receiverClass(type);
  return cls ? file.classResourceGetters.get(`${cls}::${name}`) : undefined;
}

/**
 * `pool.Get(target)` / `Get(i)` of one of the file's indexed getters (resource-getters.ts): the receiver (none for a
 * call in a method), the getter's expression and its parameters bound to the call's arguments.
 */
function indexedGetterCall(n: SyntaxNode, file: FileCtx): { receiver: SyntaxNode | null; op: string; root?: string; getter: IndexedGetter; args: SyntaxNode[] } | undefined {
  if (n.type !== 'call_expression') return undefined;
  const f = n.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  const getter = name ? file.indexedGetters?.get(name) : undefined;
  const args = argumentNodes(n);
  if (!f || !getter || getter.params.length !== args.length) return undefined;
  const object = f.type === 'field_expression' ? f.childForFieldName('argument') : null;
  if (f.type !== 'identifier' && !object) return undefined;
  const receiver = object && !isThis(object) ? object : null;
  return { receiver, op: f.child(1)?.type === '->' ? '->' : '.', root: receiver ? rootName(receiver) : undefined, getter, args };
}

/** The key a call of an indexed getter names: `pool.objects[target]` for `pool.Get(target)`. */
function indexedGetterKey(n: SyntaxNode, file: FileCtx, fn?: FnCtx): string | undefined {
  const call = indexedGetterCall(n, file);
  if (!call) return undefined;
  const bound = new Map(call.getter.params.map((p, i) => {
    const folded = fold(call.args[i], file, fn);
    return [p, folded ? String(toNumber(folded)) : call.args[i].text.replace(/\s+/g, '')] as const;
  }));
  const inner = keyText(strip(call.getter.expr, file), file).replace(/\[([A-Za-z_]\w*)\]/g, (m, p: string) => (bound.has(p) ? `[${bound.get(p)}]` : m));
  return call.receiver ? `${keyText(strip(call.receiver, file), file, fn)}${call.op}${inner}` : inner;
}

/**
 * The resource whose GPU address a call of one of the file's address getters returns (resource-getters.ts):
 * `particles.Address()` → `particles.m_buffer`, `Address()` in a method → `m_buffer`. Undefined for any other call.
 */
export function addressGetterRef(n: SyntaxNode, file: FileCtx, fn?: FnCtx): ResourceRef | undefined {
  if (n.type !== 'call_expression' || argumentNodes(n).length !== 0 || !file.addressGetters?.size) return undefined;
  const f = n.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || !file.addressGetters.has(name) || (f.type !== 'identifier' && f.type !== 'field_expression')) return undefined;
  const ref = resourceRef(n, file, fn, file.addressGetters);
  return ref.key && ref.key !== n.text.replace(/\s+/g, '') ? ref : undefined;
}

/** `r.Get()`-like chains the accessor strip left as a call: `Resource.GetResource()` has root `Resource`. */
function callRoot(n: SyntaxNode): string | undefined {
  const inner = accessorChainStart(n);
  return inner ? rootName(inner) : undefined;
}

/**
 * What a chain of parameterless accessor calls (`a.Get()`, `GetFramebuffer()->GetColor()`) starts from; a call
 * through `this` (`this->GetColor()`) is a start of its own.
 */
function accessorChainStart(n: SyntaxNode): SyntaxNode | null {
  let cur: SyntaxNode | null = n;
  while (cur?.type === 'call_expression') {
    const f = cur.childForFieldName('function');
    if (f?.type !== 'field_expression' || argumentNodes(cur).length !== 0 || isThis(f.childForFieldName('argument'))) return cur;
    cur = f.childForFieldName('argument');
  }
  return cur;
}

/** `this->m_tex[i]` / `(*this).m_tex`: the member the expression starts from (`m_tex`); undefined for anything else. */
function thisMemberRoot(n: SyntaxNode): string | undefined {
  let cur: SyntaxNode | null = n;
  while (cur && (cur.type === 'field_expression' || cur.type === 'subscript_expression')) {
    const base = cur.childForFieldName('argument');
    if (cur.type === 'field_expression' && isThis(base)) return cur.childForFieldName('field')?.text;
    cur = base;
  }
  return undefined;
}

/** `this` or `(*this)`. */
function isThis(n: SyntaxNode | null): boolean {
  const inner = n?.type === 'parenthesized_expression' ? n.namedChild(0) : n;
  return inner?.type === 'this' || (inner?.type === 'pointer_expression' && inner.childForFieldName('argument')?.type === 'this');
}

/**
 * In a method, a resource reached through an unqualified call (`BackBuffer()`, `GetFramebuffer()->GetColor()`) that
 * is not one of the file's free functions: a method of the class (or a base class another file declares), so the
 * resource belongs to the receiver, as `m_backBuffer` does — `a->Begin(cl)` names `a->BackBuffer()`.
 */
function ownCallRoot(n: SyntaxNode): string | undefined {
  const start = accessorChainStart(n);
  const f = start?.type === 'call_expression' ? start.childForFieldName('function') : null;
  if (f?.type === 'field_expression' && isThis(f.childForFieldName('argument'))) return f.childForFieldName('field')?.text;
  return f?.type === 'identifier' ? f.text : undefined;
}

/**
 * In an out-of-line method of a class declared elsewhere (FnCtx.foreignClass), a name the file declares nowhere — not
 * at namespace scope, not as a constant or free function — is the class's member (C++ looks it up in the class
 * first): `texture.Upload(cl)` then names `texture.resource`, and two textures' `resource` are two resources.
 */
function foreignMember(name: string, fn: FnCtx): boolean {
  const file = fn.file;
  return fn.foreignClass && !file.globals?.has(name) && !file.constants.has(name) && !file.freeFunctions?.has(name);
}

/** Declared in a class body of this file and not at namespace scope (or, unseen, named like one: `m_tex`, `mTex`). */
function isClassMember(name: string, file: FileCtx): boolean {
  if (file.globals?.has(name)) return false;
  return !!file.classMembers?.has(name) || /^m_\w|^m[A-Z]/.test(name);
}

/** Whether a declared type names a resource pointer (`ID3D12Resource*`, `ComPtr<ID3D12Resource>`, ...). */
export function isResourceType(typeText: string): boolean {
  return /ID3D12Resource\d*\b/.test(typeText);
}
