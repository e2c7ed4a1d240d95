// Views named by members of a struct that a setup helper fills through a pointer: vkd3d-proton's
// `init_test_context(&context)` stores `context->rtv = <heap start of context->rtv_heap>` and, through
// `create_render_target_(context, …, &context->render_target, &context->rtv)`, writes the RTV of
// `context->render_target` there; a test then clears or binds `context.rtv`. The descriptor walker records, per struct
// type, which member holds which heap slot and which member's view that slot holds (plain data, so the other files
// of a run get it through the cross-file pass); at a use, `context.rtv` of a local or parameter of that type names
// the view of `context.render_target` of the same object. What is ambiguous — a member written twice differently,
// the slot written with something else, the resource member assigned in the using function — names nothing.
import type { SyntaxNode } from './node';
import type { DescIndex, HandleFact, MemberView, StoredHandleFact, ViewFact } from './descriptor-facts';
import type { ViewKind } from '../model/uses';
import { unwrapValue } from './syntax';
import { escapeRegExp } from '../regexp-literal';

/**
 * A function that writes a view of a resource parameter at a handle parameter (`create_render_target_(ctx, desc,
 * ID3D12Resource **rt, const D3D12_CPU_DESCRIPTOR_HANDLE *rtv)` creating the RTV of `*rt` at `*rtv`): at a call, the
 * view of the caller's resource argument at the caller's handle argument.
 */
export interface ViewHelper {
  name: string;
  argc: number;
  /** The handle parameter; with `heap`, the parameter that is the slot index in that heap. */
  handle: number;
  /** `Bind(slot, tex)` creating the view at `(m_srvHeap, slot + plus)`: the heap the helper names itself. */
  heap?: string;
  plus?: number;
  resource: number;
  view: ViewKind;
  subresource: number | null;
  covers?: 'all' | number;
  readOnlyDepth?: boolean | null;
}

/** The views a function walked with placeholder handles (`placeholder(i)` for parameter i) wrote at its parameters. */
export function viewHelpersOf(name: string, params: readonly string[], views: readonly ViewFact[], placeholder: (i: number) => string): ViewHelper[] {
  const out: ViewHelper[] = [];
  for (const v of views) {
    const r = v.resource?.key ? /^\*?([A-Za-z_]\w*)$/.exec(v.resource.key) : null;
    const resource = r ? params.indexOf(r[1]) : -1;
    if (resource < 0 || !v.view || !v.index) continue;
    const slot = paramSlot(v, params);
    const handle = slot ? slot.param : params.findIndex((_p, i) => v.heap === placeholder(i));
    if (handle < 0 || (!slot && (!('c' in v.index) || v.index.c !== 0))) continue;
    out.push({
      name, argc: params.length, handle, resource, view: v.view, subresource: v.subresource,
      ...(slot ? { heap: v.heap, plus: slot.plus } : {}),
      ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.readOnlyDepth !== undefined ? { readOnlyDepth: v.readOnlyDepth } : {}),
    });
  }
  return out;
}

/**
 * A view a function writes at a slot of a heap it names itself (a member, not its own local) whose index is one of
 * its parameters (`CD3DX12_CPU_DESCRIPTOR_HANDLE cpu(m_srvHeap->…Start(), slot, size)`): that parameter and the offset.
 */
export function paramSlot(v: ViewFact, params: readonly string[]): { param: number; plus: number } | null {
  if (!v.index || !('sym' in v.index) || v.heap.includes('#') || v.loopVar) return null;
  const param = params.indexOf(v.index.sym);
  return param < 0 ? null : { param, plus: v.index.plus };
}

/** `ctx->rtv`, `context.rtv`, `(*ctx).rtv` of a local or parameter whose type is a named struct. */
export interface StructMember {
  root: string;
  op: '.' | '->';
  member: string;
  type: string;
}

/** The struct type a declared type text names (`struct test_context *`, `const test_context&`), or null. */
export function structTypeName(typeText: string): string | null {
  const t = typeText.replace(/\b(?:const|volatile|struct|class)\b/g, '').replace(/[*&\s]+/g, ' ').trim();
  if (!/^[A-Za-z_]\w*$/.test(t)) return null;
  // D3D12's and DXGI's own structs and interfaces, handle types and plain scalars are not setup contexts.
  if (/^(?:ID3D|IDXGI|D3D\d*_|DXGI_|CD3DX12|RECT$|UINT|INT|FLOAT$|BOOL$|HRESULT$|HANDLE$|size_t$|bool$|int$|float$|unsigned$|void$|char$)/.test(t)) return null;
  return t;
}

export function structMember(n: SyntaxNode, types: ReadonlyMap<string, string> | undefined): StructMember | null {
  if (!types) return null;
  const t = unwrapValue(n);
  if (t.type !== 'field_expression') return null;
  const member = t.childForFieldName('field')?.text;
  const obj = unwrapValue(t.childForFieldName('argument')!);
  const op = t.child(1)?.type === '->' ? '->' : '.';
  const root = obj.type === 'identifier' ? obj.text : null;
  const type = root ? types.get(root) : undefined;
  if (!member || !root || !type) return null;
  return { root, op, member, type };
}

/** The struct member a function-local heap key names (`F@3#ctx->rtv_heap`), or null. */
function heapMember(heap: string, scope: string, root: string): string | null {
  const m = new RegExp(`^${escapeRegExp(scope)}#${escapeRegExp(root)}(?:\\.|->)([A-Za-z_]\\w*)$`).exec(heap);
  return m ? m[1] : null;
}

type Slot = { heapMember: string; index: DescIndex };

/**
 * What one file's walk saw about struct members written through a pointer parameter (what a setup helper leaves
 * for its callers): handle stores, views written at member slots, and anything else. A function's own struct local
 * is not logged: its writes are followed in that function only (the walker's environment).
 */
export class MemberViewLog {
  private readonly stores = new Map<string, Slot | null>();
  private readonly views = new Map<string, Omit<MemberView, 'name' | 'heapMember' | 'index'> | null>();
  /** `T::m` members a view was created into with the member's value unknown (opaqueMemberSlot). */
  private readonly opaque = new Set<string>();

  /**
   * `CreateRenderTargetView(t->tex, nullptr, t->rtv)` through a parameter whose `rtv` holds no handle the walker
   * knows (filled by an allocator, another file, an initializer): as for a class's own opaque member
   * (opaque-handles.ts), the member names the descriptor the view was written into — its own slot, `R->m[0]`.
   */
  opaqueMemberSlot(m: StructMember, scope: string, params: ReadonlySet<string>, text: string, range: HandleFact['range']): HandleFact | null {
    if (!params.has(m.root)) return null;
    this.opaque.add(`${m.type}::${m.member}`);
    return { heap: `${scope}#${m.root}${m.op}${m.member}`, index: { c: 0 }, text, range };
  }

  /** `R->m = h`: a slot of R's own heap member, or (anything else) a member that names nothing. */
  store(m: StructMember, h: HandleFact | null, scope: string, params: ReadonlySet<string>): void {
    if (!params.has(m.root)) return;
    const hm = h?.index && 'c' in h.index ? heapMember(h.heap, scope, m.root) : null;
    const key = `${m.type}::${m.member}`;
    const slot = hm && h?.index ? { heapMember: hm, index: h.index } : null;
    const prior = this.stores.get(key);
    this.stores.set(key, prior === undefined || (prior && slot && JSON.stringify(prior) === JSON.stringify(slot)) ? slot : null);
  }

  /** A view written at a slot of R's heap member, of R's resource member (else the slot names nothing). */
  view(v: ViewFact, types: ReadonlyMap<string, string> | undefined, scope: string, params: ReadonlySet<string>): void {
    if (!types || !v.index || !('c' in v.index)) return;
    const m = /^([^#]+)#([A-Za-z_]\w*)(?:\.|->)([A-Za-z_]\w*)$/.exec(v.heap);
    if (!m || m[1] !== scope || !params.has(m[2])) return;
    const type = types.get(m[2]);
    if (!type) return;
    const key = `${type}::${m[3]}[${v.index.c}]`;
    const r = v.resource?.key ? new RegExp(`^${escapeRegExp(m[2])}(?:\\.|->)([A-Za-z_]\\w*)$`).exec(v.resource.key) : null;
    const fact = r && v.view ? {
      view: v.view, resource: r[1], subresource: v.subresource,
      ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.readOnlyDepth !== undefined ? { readOnlyDepth: v.readOnlyDepth } : {}),
    } : null;
    const prior = this.views.get(key);
    this.views.set(key, prior === undefined || (prior && fact && JSON.stringify(prior) === JSON.stringify(fact)) ? fact : null);
  }

  /**
   * Members that hold a slot holding one known view, and (named `T::heap[c]`) constant slots of a heap member that
   * hold one known view of a resource member: `init(ctx)` creating the SRV of `ctx->scene` at the start of
   * `ctx->srv_heap`, read where another function binds `GetGPUDescriptorHandleForHeapStart(ctx->srv_heap)`.
   */
  result(): MemberView[] {
    const out: MemberView[] = [];
    for (const [key, v] of this.views) {
      const m = /^([^:]+)::(\w+)\[(\d+)\]$/.exec(key);
      if (v && m) out.push({ name: key, heapMember: m[2], index: { c: Number(m[3]) }, ...v });
    }
    // An opaque member's own slot holds one known view, and no function stores a known slot in the member.
    for (const key of this.opaque) {
      const v = this.views.get(`${key}[0]`);
      const member = key.slice(key.indexOf('::') + 2);
      if (v && !this.stores.get(key)) out.push({ name: key, heapMember: member, index: { c: 0 }, ...v });
    }
    for (const [key, slot] of this.stores) {
      if (!slot || !('c' in slot.index)) continue;
      const type = key.slice(0, key.indexOf('::'));
      const v = this.views.get(`${type}::${slot.heapMember}[${slot.index.c}]`);
      if (v) out.push({ name: key, heapMember: slot.heapMember, index: slot.index, ...v });
    }
    return out;
  }
}

/** One method's descriptor walk, as classMemberViews reads it (extract/class-views.ts WalkedMethod). */
interface WalkedStores {
  cls: string | null;
  locals: ReadonlySet<string>;
  views: readonly ViewFact[];
  stores: readonly StoredHandleFact[];
}

type MemberViewFact = Omit<MemberView, 'name' | 'heapMember' | 'index'>;

/**
 * Handle members a method of their class stored and wrote one view at (`m_rtv = heap->…Start();
 * CreateRenderTargetView(m_resource, nullptr, m_rtv);` in `Texture::CreateViews`): `Texture::m_rtv` names that view
 * of the same object's resource member, so another object's `target->m_rtv` (a parameter or local of that class)
 * names the RTV of `target->m_resource` — the member's own slot, as MemberViewLog's opaque members do. A member
 * stored where no view (or a view of no member resource) was written there, or stored with two different views,
 * names nothing.
 */
export function classMemberViews(walked: readonly WalkedStores[]): MemberView[] {
  const facts = new Map<string, MemberViewFact | null>();
  for (const w of walked) {
    if (!w.cls) continue;
    for (const st of w.stores) {
      const member = st.key.replace(/^this->/, '');
      if (!/^[A-Za-z_]\w*$/.test(member) || w.locals.has(member) || st.loopVar) continue;
      const name = `${w.cls}::${member}`;
      const at = w.views.filter((v) => v.heap === st.handle.heap && JSON.stringify(v.index) === JSON.stringify(st.handle.index));
      const v = at.length === 1 ? at[0] : undefined;
      const res = v?.resource?.key ? /^(?:this->)?([A-Za-z_]\w*)$/.exec(v.resource.key)?.[1] : undefined;
      const fact: MemberViewFact | null = v?.view && res && !w.locals.has(res) && !v.loopVar ? {
        view: v.view, resource: res, subresource: v.subresource,
        ...(v.covers !== undefined ? { covers: v.covers } : {}), ...(v.readOnlyDepth !== undefined ? { readOnlyDepth: v.readOnlyDepth } : {}),
      } : null;
      const prior = facts.get(name);
      facts.set(name, prior === undefined || (prior && fact && JSON.stringify(prior) === JSON.stringify(fact)) ? fact : null);
    }
  }
  const out: MemberView[] = [];
  for (const [name, fact] of facts) if (fact) out.push({ name, heapMember: name.slice(name.lastIndexOf('::') + 2), index: { c: 0 }, ...fact });
  return out;
}

/** The `T::heap[c]` slot views (see MemberViewLog.result) of a heap member, by slot. */
export function heapSlotKey(type: string, heapMember: string, slot: number): string {
  return `${type}::${heapMember}[${slot}]`;
}

/** Whether the function assigns the object's resource member (then a slot's view of it names another object). */
function reassigns(m: StructMember, resource: string, body: string): boolean {
  return new RegExp(`(?:&\\s*${escapeRegExp(m.root)}\\s*(?:\\.|->)\\s*${resource}\\b|\\b${escapeRegExp(m.root)}\\s*(?:\\.|->)\\s*${resource}\\s*=[^=])`).test(body);
}

/**
 * The view a heap member's slot holds where a function names that heap (`ctx->srv_heap`), from a slot view another
 * function wrote through its own pointer to the struct (MemberViewLog.result): the view of `ctx->scene`. Null where
 * the function assigns the resource member.
 */
export function heapSlotViewAt(m: StructMember, mv: MemberView, body: string, scope: string, at: { range: ViewFact['range'] }): ViewFact | null {
  if (reassigns(m, mv.resource, body)) return null;
  const res = `${m.root}${m.op}${mv.resource}`;
  return {
    view: mv.view, heap: `${scope}#${m.root}${m.op}${mv.heapMember}`, index: mv.index, resource: { key: res, text: res, range: at.range },
    subresource: mv.subresource, range: at.range, scope,
    ...(mv.covers !== undefined ? { covers: mv.covers } : {}), ...(mv.readOnlyDepth !== undefined ? { readOnlyDepth: mv.readOnlyDepth } : {}),
  };
}

/**
 * The view a member names at a use (`context.rtv` → the RTV of `context.render_target`), or null. Not when the
 * using function assigns the resource member (`context.render_target = …`, `&context.render_target`): the slot's view
 * is then of an object the name no longer denotes.
 */
export function memberViewAt(m: StructMember, mv: MemberView, body: string, scope: string, at: { text: string; range: ViewFact['range'] }): { handle: HandleFact; view: ViewFact } | null {
  const res = `${m.root}${m.op}${mv.resource}`;
  const reassigned = new RegExp(`(?:&\\s*${escapeRegExp(m.root)}\\s*(?:\\.|->)\\s*${mv.resource}\\b|\\b${escapeRegExp(m.root)}\\s*(?:\\.|->)\\s*${mv.resource}\\s*=[^=])`);
  if (reassigned.test(body)) return null;
  const heap = `${scope}#${m.root}${m.op}${mv.heapMember}`;
  const handle: HandleFact = { heap, index: mv.index, text: at.text, range: at.range };
  const view: ViewFact = {
    view: mv.view, heap, index: mv.index, resource: { key: res, text: res, range: at.range }, subresource: mv.subresource, range: at.range, scope,
    ...(mv.covers !== undefined ? { covers: mv.covers } : {}), ...(mv.readOnlyDepth !== undefined ? { readOnlyDepth: mv.readOnlyDepth } : {}),
  };
  return { handle, view };
}
