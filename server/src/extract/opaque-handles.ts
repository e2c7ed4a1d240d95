// Member handles whose value the walker cannot read (`m_dsv = m_dsvPool.Allocate();`, a free-list allocator of the
// engine, a handle returned by another file's class): the member itself names the descriptor. Where the file both
// assigns such a member and creates a view into it (`device->CreateDepthStencilView(m_depth.Get(), nullptr,
// m_dsv)`), a clear or binding of the same member reads that view — whatever descriptor the allocator handed out,
// it is the one the view was written into. The handle is a slot of its own ('#opaque:<member>', index 0), so the
// file's view table answers it as any heap slot: two views of different resources in it, or a known handle stored
// in the member elsewhere, leave it unknown.
// NOTE: only members the file never moves in place (`m_dsv.ptr += size`, `m_dsv.Offset(1, size)`, `++`, `+=`):
// a moved handle names another descriptor than the one its view was created in. Locals and parameters are not
// read this way (their views and uses are in one function, where a copy of the handle is followed already).
import type { SyntaxNode } from './node';
import type { HandleFact } from './descriptor-facts';
import { argumentNodes, calleeName, rangeOf } from './syntax';
import { gpuPartnerPath } from './handle-pairs';
import { escapeRegExp } from '../regexp-literal';

const VIEW_CREATION_CALL = /^Create(?:RenderTarget|DepthStencil|ShaderResource|UnorderedAccess)View$/;
const HEAP_PREFIX = '#opaque:';

/** A member key as the walker spells it (`this->m_dsv` → `m_dsv`). */
const memberKey = (text: string): string => text.replace(/\s+/g, '').replace(/^this->/, '');

/** Plain member paths (`m_dsv`, `m_target.dsv`), no subscript or call. */
const PLAIN_PATH = /^[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*$/;


/**
 * The keys the file creates a view into (the handle argument of a Create*View call) and never moves in place: the
 * members an opaque assignment may name a descriptor by.
 */
export function viewTargetKeys(root: SyntaxNode, text: string): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const call of root.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (f?.type !== 'field_expression' || !VIEW_CREATION_CALL.test(calleeName(f) ?? '')) continue;
    const args = argumentNodes(call);
    const last = args[args.length - 1];
    const key = last ? memberKey(last.text) : '';
    if (PLAIN_PATH.test(key) && !out.has(key)) out.set(key, last!);
  }
  for (const key of [...out.keys()]) {
    const name = escapeRegExp(key.split(/\.|->/).pop()!);
    if (new RegExp(`\\b${name}\\s*(?:\\.\\s*(?:ptr\\s*(?:[-+]=|=[^=])|Offset\\s*\\(|InitOffsetted\\s*\\()|\\+\\+|--|[-+]=)|(?:\\+\\+|--)\\s*${name}\\b`).test(text)) out.delete(key);
  }
  return out;
}

/**
 * View-target members the file never stores a handle in (assigned in another file, filled through an out-parameter
 * `alloc.Allocate(&m_rtv)`, or by an initializer the walker does not read): as for an opaque assignment, the member
 * names the descriptor its view was written into. `stored`: the keys the file (and the run's class facts) store to;
 * `isLocal`: a name some function of the file declares or takes as a parameter.
 */
export function unstoredMemberHandles(targets: ReadonlyMap<string, SyntaxNode>, stored: ReadonlySet<string>, isLocal: (root: string) => boolean): { key: string; handle: HandleFact }[] {
  const out: { key: string; handle: HandleFact }[] = [];
  for (const [key, node] of targets) {
    if (stored.has(key) || isLocal(key.split(/\.|->/)[0])) continue;
    out.push({ key, handle: { heap: `${HEAP_PREFIX}${key}`, index: { c: 0 }, text: node.text, range: rangeOf(node) } });
  }
  return out;
}

/** The slot an opaque member handle stands for, when `target` is one of the file's view targets. */
export function opaqueMemberHandle(target: SyntaxNode, targets: { has(key: string): boolean } | undefined, isLocal: (root: string) => boolean): { key: string; handle: HandleFact } | undefined {
  const key = memberKey(target.text);
  if (!targets?.has(key) || isLocal(key.split(/\.|->/)[0])) return undefined;
  return { key, handle: { heap: `${HEAP_PREFIX}${key}`, index: { c: 0 }, text: target.text, range: rangeOf(target) } };
}

/**
 * The GPU partners of opaque member slots (handle-pairs.ts): `m_uav.GpuHandle` of a struct whose `m_uav.CpuHandle`
 * the file creates a view into is the same descriptor, bound where the view was written. Only a partner the file
 * names, that is not itself a view target, and that no store of the file or of the run gives another value.
 */
export function pairedOpaqueStores(stores: readonly { key: string; handle: HandleFact }[], targets: ReadonlyMap<string, SyntaxNode>, text: string): { key: string; handle: HandleFact }[] {
  const keys = new Set(stores.map((st) => st.key));
  const out: { key: string; handle: HandleFact }[] = [];
  for (const st of stores) {
    if (st.handle.heap !== `${HEAP_PREFIX}${st.key}`) continue;
    const partner = gpuPartnerPath(st.key);
    if (!partner || keys.has(partner) || targets.has(partner) || out.some((o) => o.key === partner)) continue;
    if (!new RegExp(`\\b${partner.split(/\.|->/).map(escapeRegExp).join('\\s*(?:\\.|->)\\s*')}\\b`).test(text)) continue;
    out.push({ key: partner, handle: { ...st.handle, text: partner } });
  }
  return out;
}

/**
 * A local struct of a CPU/GPU handle pair filled through an out-pointer (`DescriptorHandle uav; if
 * (!AllocateDescriptor(&uav)) return;`): whatever slot the allocator handed out, `uav.cpu_handle` and its partner
 * `uav.gpu_handle` (handle-pairs.ts) name it both, so the view created at the one is the one bound at the other. The
 * slot is an opaque one of its own per fill call ('#opaque:<scope>#<local>@<row>:<column>', index 0). Only a local
 * (not a parameter) of a struct type that the function names nowhere but in its declaration, this one `&local`
 * and member reads/writes (`uav.x`): a copy into it, a reference handed out or a second fill would give its members
 * another value the walk does not see. The pairs: a CPU member the body names whose GPU partner it names too.
 */
export function outFilledPairs(arg: SyntaxNode, s: { locals: ReadonlySet<string>; params?: ReadonlySet<string>; types?: ReadonlyMap<string, string>; body?: string; scope: string }): { key: string; handle: HandleFact }[] {
  if (arg.type !== 'pointer_expression' || arg.child(0)?.type !== '&') return [];
  const obj = arg.childForFieldName('argument');
  if (obj?.type !== 'identifier' || !s.types?.has(obj.text) || s.params?.has(obj.text) || !s.locals.has(obj.text) || s.body === undefined) return [];
  const name = escapeRegExp(obj.text);
  // Every mention of the name: `&name` once, `name.member`, and one declaration (a bare mention).
  let bare = 0;
  let filled = 0;
  for (const m of s.body.matchAll(new RegExp(`(&\\s*)?(?<![\\w.>])${name}\\b(\\s*(?:\\.|->))?`, 'g'))) {
    if (m[2]) continue;
    if (m[1]) filled++;
    else bare++;
  }
  if (filled !== 1 || bare !== 1) return [];
  const members = new Set([...s.body.matchAll(new RegExp(`(?<![\\w.>])${name}\\s*\\.\\s*([A-Za-z_]\\w*)`, 'g'))].map((m) => m[1]));
  const out: { key: string; handle: HandleFact }[] = [];
  const at = arg.startPosition;
  for (const cpu of members) {
    const gpu = gpuPartnerPath(cpu);
    if (!gpu || !members.has(gpu)) continue;
    const heap = `${HEAP_PREFIX}${s.scope}#${obj.text}.${cpu}@${at.row}:${at.column}`;
    for (const key of [`${obj.text}.${cpu}`, `${obj.text}.${gpu}`]) out.push({ key, handle: { heap, index: { c: 0 }, text: key, range: rangeOf(arg) } });
  }
  return out;
}
