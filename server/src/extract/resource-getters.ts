// Parameterless resource getters of the file — `ID3D12Resource* CurrentBackBuffer() const { return
// mSwapChainBuffer[mCurrBackBuffer].Get(); }`, the shape of the D3D12 book's D3DApp and of many engines' swap-chain
// classes: a call to one without a receiver (or through `this`) names the member its one return expression names,
// so a barrier on `CurrentBackBuffer()` and the view created for `mSwapChainBuffer[i]` meet (resources.ts).
// Only member expressions are followed (a name, fields, subscripts, `.Get()`); a name the file defines twice, a
// getter with parameters or with more than the return statement is not one.
import type { SyntaxNode } from './node';
import type { FileCtx, IndexedGetter } from './context';
import { isResourceType } from './resources';
import { gpuAddressReceiver, rootName, unwrapValue } from './syntax';
import { DATA_METHODS } from './container-sizes';

export interface GetterCandidate {
  name: string;
  /** `Texture::Native` (an inline method is qualified by its class): the getter's class, for the run's export. */
  qualified?: string;
  params: string[];
  node: SyntaxNode;
  body: SyntaxNode;
}

const MEMBER_EXPRESSION = /^(?:this->)?[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*|\[[\w.\->]+\])*(?:\.Get\(\))?$/;

/** Declared in a class body of the file and not at namespace scope (or, unseen, named like one: `m_tex`, `mTex`). */
function memberName(name: string, file: FileCtx): boolean {
  if (file.globals?.has(name)) return false;
  return !!file.classMembers?.has(name) || /^m_\w|^m[A-Z]/.test(name);
}

/** The return type of a function definition names a resource pointer. */
function returnsResource(node: SyntaxNode): boolean {
  const type = node.childForFieldName('type')?.text ?? '';
  return isResourceType(type);
}

/**
 * The return type names a command list (`ID3D12GraphicsCommandList4* GetCopyList() const { return m_copy.Get(); }`):
 * a list getter names its member the same way, so the list a caller records on through it is the member the class
 * created (list-types.ts), with that member's type.
 */
function returnsList(node: SyntaxNode): boolean {
  return /\bID3D12(?:Graphics)?CommandList\d*\b/.test(node.childForFieldName('type')?.text ?? '');
}

/** `GetRTV(void)`: C's spelling of no parameters (one unnamed `void` parameter). */
function voidParameters(f: GetterCandidate): boolean {
  return f.params.length === 1 && f.params[0] === '' && /\(\s*void\s*\)/.test(f.node.text.slice(0, f.node.text.indexOf('{') + 1 || undefined));
}

/**
 * Parameterless functions whose body is one `return <expr>;` and whose expression `accept`s, by name: their
 * expression. A name the file defines twice is none, unless each definition returns the same expression (the
 * `const` and non-`const` overloads of one getter: `GetResource()` and `GetResource() const`).
 */
export function oneReturnGetters(fns: GetterCandidate[], accept: (f: GetterCandidate, expr: SyntaxNode) => boolean, withParams = false): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const seen = new Map<string, string | undefined>();
  for (const f of fns) {
    const stmts = f.body.namedChildren.filter((c) => c.type !== 'comment');
    const arity = withParams ? f.params.length > 0 : f.params.length === 0 || voidParameters(f);
    const ret = arity && stmts.length === 1 && stmts[0].type === 'return_statement' ? stmts[0].namedChildren[0] : undefined;
    const text = ret?.text.replace(/\s+/g, '');
    if (seen.has(f.name)) {
      if (text === undefined || seen.get(f.name) !== text) {
        out.delete(f.name);
        seen.set(f.name, undefined);
      }
      continue;
    }
    seen.set(f.name, text);
    if (ret && accept(f, ret)) out.set(f.name, ret);
  }
  return out;
}

/** A member expression rooted at a class member: a name, fields, subscripts, `.Get()`. */
function memberExpression(expr: SyntaxNode, file: FileCtx): boolean {
  const callee = expr.type === 'call_expression' ? expr.childForFieldName('function') : null;
  const root = rootName(callee?.type === 'field_expression' ? callee.childForFieldName('argument') : expr);
  return MEMBER_EXPRESSION.test(expr.text.replace(/\s+/g, '')) && !!root && memberName(root, file);
}

/**
 * The getters returning a member resource: a name, fields, subscripts, `.Get()`, rooted at a class member. A getter
 * another file of the run exported (`imported`: its class's header accepted it, where the class's members are
 * declared) is rooted at a member of that class whatever the name (`return resource.Get();`).
 */
export function resourceGetters(fns: GetterCandidate[], file: FileCtx, imported: ReadonlySet<GetterCandidate> = new Set()): Map<string, SyntaxNode> {
  return oneReturnGetters(fns, (f, ret) => f.node.type === 'function_definition' && (returnsResource(f.node) || returnsList(f.node))
    && (imported.has(f) ? MEMBER_EXPRESSION.test(unwrapValue(ret).text.replace(/\s+/g, '')) : memberExpression(unwrapValue(ret), file)));
}

/**
 * The getters that return an element of a member resource array chosen by their parameters — `Get(handle)` returning
 * `objects[handle]`, `BackBuffer(i)` returning `m_buffers[i].Get()` — by name: a call `pool.Get(target)` names
 * `pool.objects[target]`, the key the pool's own wrapper (`pool.Transition(cl, target, s)` on `objects[handle]`)
 * moves. Only subscripts that are parameters; any other use of a parameter is not followed.
 */
export function indexedGetters(fns: GetterCandidate[], file: FileCtx): Map<string, IndexedGetter> {
  const params = new Map(fns.map((f) => [f.name, f.params]));
  const out = new Map<string, IndexedGetter>();
  for (const [name, ret] of oneReturnGetters(fns, (f, r) => {
    const e = unwrapValue(r);
    if (f.node.type !== 'function_definition' || !returnsResource(f.node) || !memberExpression(e, file)) return false;
    const used = e.descendantsOfType('identifier').filter((i) => f.params.includes(i.text));
    return used.length > 0 && used.every((i) => i.parent?.type === 'subscript_argument_list' || i.parent?.type === 'subscript_expression');
  }, true)) out.set(name, { params: params.get(name) ?? [], expr: unwrapValue(ret) });
  return out;
}

/**
 * The getters returning a member resource's GPU address — `D3D12_GPU_VIRTUAL_ADDRESS Address() const { return
 * m_buffer->GetGPUVirtualAddress(); }` — by name: the member whose address they return (`m_buffer`). A root UAV set
 * from `particles.Address()` is then of `particles.m_buffer`. Not with an offset added.
 */
export function addressGetters(fns: GetterCandidate[], file: FileCtx): Map<string, SyntaxNode> {
  const members = new Map<string, SyntaxNode>();
  for (const [name, ret] of oneReturnGetters(fns, (f, r) => {
    if (f.node.type !== 'function_definition' || !/\bD3D12_GPU_VIRTUAL_ADDRESS\b/.test(f.node.childForFieldName('type')?.text ?? '')) return false;
    const receiver = gpuAddressReceiver(unwrapValue(r));
    return !!receiver && memberExpression(unwrapValue(receiver), file);
  })) members.set(name, unwrapValue(gpuAddressReceiver(unwrapValue(ret))!));
  return members;
}

/**
 * The getters handing out a member barrier container's elements — `const D3D12_RESOURCE_BARRIER* D3DBarriers() const
 * { return mD3DBarriers.data(); }` of a barrier collection class — by name: that member (`mD3DBarriers`). A
 * ResourceBarrier call given `collection.D3DBarriers()` submits the batch `collection.mD3DBarriers` (batches.ts).
 */
export function containerGetters(fns: GetterCandidate[], file: FileCtx): Map<string, SyntaxNode> {
  const members = new Map<string, SyntaxNode>();
  for (const [name, ret] of oneReturnGetters(fns, (f, r) => {
    if (f.node.type !== 'function_definition' || !BARRIER_POINTER.test(f.node.childForFieldName('type')?.text ?? '')) return false;
    const m = containerOf(unwrapValue(r));
    return !!m && memberExpression(m, file);
  })) members.set(name, containerOf(unwrapValue(ret))!);
  return members;
}

const BARRIER_POINTER = /\b(?:CD3DX12|D3D12)_(?:RESOURCE|TEXTURE|BUFFER|GLOBAL)_BARRIER\b/;

/** `m.data()` (or an engine container's `m.GetData()`), `&m[0]`: the container `m`; null for anything else. */
function containerOf(e: SyntaxNode): SyntaxNode | null {
  if (e.type === 'call_expression' && (e.childForFieldName('arguments')?.namedChildCount ?? 1) === 0) {
    const f = e.childForFieldName('function');
    return f?.type === 'field_expression' && DATA_METHODS.has(f.childForFieldName('field')?.text ?? '') ? f.childForFieldName('argument') : null;
  }
  const inner = e.type === 'pointer_expression' && e.child(0)?.type === '&' ? e.childForFieldName('argument') : null;
  const s = inner ? unwrapValue(inner) : null;
  const idx = s?.type === 'subscript_expression' ? s.childForFieldName('indices')?.namedChildren[0] ?? s.childForFieldName('index') : null;
  return s && idx?.text.trim() === '0' ? s.childForFieldName('argument') : null;
}
