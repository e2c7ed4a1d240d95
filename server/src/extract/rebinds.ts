// `tex = create_texture(…)` / `ctx->target = MakeBuffer(…)` / `m_tex = CreateTexture(…)`: a resource pointer that is
// assigned a call's result holds another object from then on — of a creation the tracker may not see. Whatever was
// tracked under that name (the previous object's state, left by the last iteration of a loop that re-creates it) is
// not this object's: the 'rebind' event makes it unknown (a name nothing is tracked under yet is left as it is: its
// first barrier still tells the state the new object is in). An accessor that returns an existing resource
// (`tex = m_res.Get()`) makes the name an alias of that resource instead (declarations.ts), and is no rebind.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { isResourceType, resourceRef } from './resources';
import { rangeOf, unwrapValue } from './syntax';
import { markResult } from './returned-locals';
import { typeOfExpr } from './types';

/** After `left = right` has been bound: record the rebind when `right` is a call and `left` a resource pointer. */
export function recordRebind(left: SyntaxNode, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): void {
  // `dst.pResource = c;` on a member named by its own path (a copy location, a desc): another object from here on,
  // whichever it was before (`dst.pResource = b;` for the previous copy). Identifiers become aliases instead.
  const call = unwrapValue(right).type === 'call_expression';
  if (!call && left.type !== 'field_expression') return;
  // `v.back() = MakeBuffer(…)`: a call returning a reference is the element it names.
  if (left.type !== 'identifier' && left.type !== 'field_expression' && !(call && left.type === 'call_expression')) return;
  const type = typeOfExpr(left, fn);
  // `depth_ = CreateDepthResource(…)` where only the class's header (another file) declares `depth_`: a member of
  // unknown type stores the call's result too; whether it is a resource the tracker learns from the callee.
  const untypedMember = call && type === undefined;
  if (!isResourceType(type ?? '') && !(!call && copyLocationResource(left, fn)) && !untypedMember) return;
  const ref = resourceRef(left, fn.file, fn);
  if (untypedMember && !isResourceType(type ?? '')) {
    // Or an element reached through a call (`v.back().first = MakeBuffer(…)` on a vector of pairs whose element type
    // the file does not spell): the previous element's state is not the new object's either.
    if ((ref.member || throughCall(left)) && ref.key === left.text.replace(/\s+/g, '')) {
      const at = markResult(right, ref, fn);
      if (at >= 0) fn.events.splice(at, 0, { kind: 'rebind', site: -1, range: rangeOf(assign), resource: ref });
    }
    return;
  }
  // The name now stands for another resource (an alias): nothing is tracked under its own name.
  if (!ref.key || ref.unknown || ((left.type === 'identifier' || !call) && ref.key !== left.text.replace(/\s+/g, ''))) return;
  const rebind = { kind: 'rebind' as const, site: -1, range: rangeOf(assign), resource: ref };
  // `m_tex = Create…(…)` of a helper the tracker may evaluate: the name is rebound before the call, which then hands
  // it what its returned local holds (returned-locals.ts). NOTE: a call that reads the old object (`t = Resize(t)`)
  // then meets it unknown: that loses findings, never makes one.
  const at = call ? markResult(right, ref, fn) : -1;
  if (at >= 0) fn.events.splice(at, 0, rebind);
  else fn.events.push(rebind);
}

/** `v.back()`, `v.back().first`, `pool.Get(i)->res`: an object a call returns, or a member path from one. */
function throughCall(left: SyntaxNode): boolean {
  let n: SyntaxNode | null = left;
  while (n?.type === 'field_expression') n = n.childForFieldName('argument');
  return n?.type === 'call_expression';
}

/** Container methods after which `back()` / `front()` name another element (or none). */
const SHIFTING = new Set(['push_back', 'emplace_back', 'pop_back', 'push_front', 'emplace_front', 'pop_front', 'insert', 'emplace',
  'erase', 'clear', 'resize', 'assign', 'swap']);

/**
 * `*out = buffer;` in a factory that hands the object it made back through an out-parameter (`HRESULT Create(…,
 * ID3D12Resource** out) { ID3D12Resource* buffer; device->CreateCommittedResource(…, IID_PPV_ARGS(&buffer)); …
 * barriers on buffer …; *out = buffer; return S_OK; }`): the parameter's pointee holds that object from here on, and
 * takes what is tracked for the local (a one-way swap event), as a creation straight into `out` would have left it.
 */
export function recordHandOver(left: SyntaxNode, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): void {
  const out = left.child(0)?.type === '*' ? left.childForFieldName('argument') : null;
  const r = unwrapValue(right);
  if (out?.type !== 'identifier' || !fn.params.includes(out.text) || r.type !== 'identifier') return;
  if (!/\*\s*\*\s*$/.test(fn.types.get(out.text) ?? '') || !isResourceType(fn.types.get(r.text) ?? '')) return;
  const from = resourceRef(r, fn.file, fn);
  const to = resourceRef(left, fn.file, fn);
  if (!from.key || !to.key || from.unknown || to.unknown || from.key === to.key || from.param !== undefined) return;
  fn.events.push({ kind: 'swap', site: -1, range: rangeOf(assign), resources: [from, to], handOver: true });
}

/**
 * `v.push_back(MakeBuffer(…))`, `v.emplace_back()`, `v.pop_back()`: the container's ends are other elements from here
 * on. What was tracked under `v.back()`, `v.back().first`, `v.front()->res` (the previous element's state, left by
 * the last iteration of a loop that appends a buffer and uploads it through `v.back()`) is not theirs: a 'rebind' of
 * each end with every key under it. Elements named by index (`v[i]`) keep their objects.
 */
export function recordEndShift(call: SyntaxNode, fn: FnCtx): void {
  const f = call.childForFieldName('function');
  if (f?.type !== 'field_expression' || !SHIFTING.has(f.childForFieldName('field')?.text ?? '')) return;
  const obj = f.childForFieldName('argument');
  const ref = obj ? resourceRef(obj, fn.file, fn) : null;
  if (!ref?.key || ref.unknown) return;
  const op = f.text.slice(obj!.endIndex - f.startIndex).trimStart().startsWith('->') ? '->' : '.';
  for (const end of ['back', 'front']) {
    const path = `${op}${end}()`;
    const base = ref.param !== undefined ? { base: { param: ref.param, path } }
      : ref.base ? { base: { param: ref.base.param, path: ref.base.path + path } } : ref.member ? { member: true as const } : {};
    const resource = { key: ref.key + path, text: obj!.text + path, range: rangeOf(call), ...base };
    fn.events.push({ kind: 'rebind', site: -1, range: rangeOf(call), resource, elements: true });
  }
}

/** `dst.pResource` of a local `D3D12_TEXTURE_COPY_LOCATION dst` (CopyTextureRegion names the resource through it). */
function copyLocationResource(left: SyntaxNode, fn: FnCtx): boolean {
  const obj = left.childForFieldName('argument');
  return left.childForFieldName('field')?.text === 'pResource' && obj?.type === 'identifier'
    && /^(?:const\s+)?(?:CD3DX12|D3D12)_TEXTURE_COPY_LOCATION$/.test(fn.types.get(obj.text)?.trim() ?? '');
}

/**
 * `std::swap(m_lum[0], m_lum[1])` / `std::swap(m_ping, m_pong)` on two resource pointers (a ping-pong pair, not
 * barrier values — declarations.ts swaps those): the names trade objects, so each name's tracked state is the other's.
 */
export function recordSwap(args: readonly SyntaxNode[], call: SyntaxNode, fn: FnCtx): void {
  const [a, b] = args.map((n) => resourceRef(n, fn.file, fn));
  if (!a.key || !b.key || a.unknown || b.unknown || a.key === b.key) return;
  fn.events.push({ kind: 'swap', site: -1, range: rangeOf(call), resources: [a, b] });
}

/**
 * `m_frame = 1 - m_frame;`, `m_backIndex++`, `idx = next;`: a name (a local, or a member of `this`) that the file
 * uses as a subscript changed; `m_targets[m_frame]` names another element from here on, so the tracker forgets what
 * it knew under that key (the 'reindex' event). A for loop's own counter is left to the loop (track/interpreter.ts
 * resets its names per iteration).
 */
export function recordReindex(target: SyntaxNode, change: SyntaxNode, fn: FnCtx): void {
  const sym = target.type === 'identifier' ? target.text
    : target.type === 'field_expression' && target.childForFieldName('argument')?.type === 'this' ? target.childForFieldName('field')?.text : undefined;
  if (!sym || !subscriptNames(fn.file).has(sym) || forClause(change)) return;
  // A barrier struct, an array or a pointer assigned whole is not an index.
  const bound = fn.env.get(sym)?.t;
  if (bound !== undefined && bound !== 'num' && bound !== 'unknown') return;
  fn.events.push({ kind: 'reindex', site: -1, range: rangeOf(change), sym });
}

/** Every name written inside the subscripts of `text` (`a[i]`, `m_rt[m_frame].res`): FileCtx.subscriptNames. */
export function subscriptNamesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\[([^\][;{}]{1,80})\]/g)) for (const id of m[1].matchAll(/[A-Za-z_]\w*/g)) names.add(id[0]);
  return names;
}

/**
 * FileCtx.subscriptNames, made on first use for a context made without it (a scratch context of a pass). NOTE (issue
 * 12): the names depend on the text alone, and every scratch context of one file (a template or fill helper read,
 * extract/fill-helpers.ts scratchFile) asked them again, one scan of the whole text each: the last text's are kept.
 */
function subscriptNames(file: FnCtx['file']): ReadonlySet<string> {
  if (file.subscriptNames) return file.subscriptNames;
  if (lastSubscripts?.text !== file.text) lastSubscripts = { text: file.text, names: subscriptNamesIn(file.text) };
  return (file.subscriptNames = lastSubscripts.names);
}

let lastSubscripts: { text: string; names: ReadonlySet<string> } | undefined;

/** Whether `n` is (in) the initializer or the update clause of a for statement. */
function forClause(n: SyntaxNode): boolean {
  for (let c: SyntaxNode | null = n, p = n.parent; p; c = p, p = p.parent) {
    if (p.type === 'for_statement') return c.startIndex !== p.childForFieldName('body')?.startIndex;
    if (p.type === 'compound_statement' || p.type === 'expression_statement') return false;
  }
  return false;
}
