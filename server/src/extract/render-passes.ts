// Render passes (ID3D12GraphicsCommandList4::BeginRenderPass): the render targets a pass writes are named by the
// `cpuDescriptor` of its D3D12_RENDER_PASS_RENDER_TARGET_DESC array, filled member by member in a local
// (`rtv_infos[0].cpuDescriptor = rtv;`). The descriptor walker keeps such handles (and the access types) in its
// environment under the member's path; at BeginRenderPass each target whose beginning and ending access are not
// both NO_ACCESS is a render-target use (the D3D12 render pass spec: bound render targets must be in
// RENDER_TARGET). The depth-stencil desc (`&dsDesc` of a local) names its view the same way: unless its depth and
// stencil accesses are all NO_ACCESS, the pass binds that view, whose resource must then be in a depth state.
import type { SyntaxNode } from './node';
import type { DScope, DVal } from './descriptor-values';
import { localMemberKey, numberOf, paramHandle } from './descriptor-values';
import { unwrapValue } from './syntax';

const ACCESS_TYPE = /\.(?:Depth|Stencil)?(?:BeginningAccess|EndingAccess)\.Type$/;
/** D3D12_RENDER_PASS_BEGINNING_ACCESS_TYPE_NO_ACCESS and D3D12_RENDER_PASS_ENDING_ACCESS_TYPE_NO_ACCESS. */
const NO_ACCESS = 3;
const NO_ACCESS_NAME = /^D3D12_RENDER_PASS_(?:BEGINNING|ENDING)_ACCESS_TYPE_NO_ACCESS$/;
const MAX_TARGETS = 8;

/** `rtv_infos[0].BeginningAccess.Type = …`: recorded (a number, or unknown); true when it is one. */
export function recordAccessType(left: SyntaxNode, right: SyntaxNode, s: DScope): boolean {
  const key = localMemberKey(left, s);
  if (!key || !ACCESS_TYPE.test(key)) return false;
  const r = unwrapValue(right);
  const v = NO_ACCESS_NAME.test(r.text) ? NO_ACCESS : numberOf(r, s);
  s.env.set(key, v === null ? { t: 'unknown' } : { t: 'num', v });
  return true;
}

/**
 * `rts[0].cpuDescriptor = rtv;` of a CPU handle parameter the walker holds no value for (a helper handed the caller's
 * RTV): the target is the parameter's own slot (descriptor-values.ts paramHandle), which the evaluator names through
 * the caller's argument (descriptor-events.ts) or, when the function itself created a view there, that view.
 */
export function recordTargetParam(left: SyntaxNode, right: SyntaxNode, s: DScope): boolean {
  const key = localMemberKey(left, s);
  const r = unwrapValue(right);
  if (!key || !/\.cpuDescriptor$/.test(key) || r.type !== 'identifier' || !s.handleParams?.has(r.text) || s.env.has(r.text)) return false;
  s.env.set(key, { t: 'handle', h: paramHandle(r, s) });
  return true;
}

/** An access type recorded as NO_ACCESS (not merely unknown). */
function noAccess(s: DScope, key: string): boolean {
  const v = s.env.get(key);
  return v?.t === 'num' && v.v === NO_ACCESS;
}

/**
 * The depth-stencil view a `BeginRenderPass(n, descs, &dsDesc, flags)` call binds: the `cpuDescriptor` of a local
 * D3D12_RENDER_PASS_DEPTH_STENCIL_DESC, unless its four access types are all NO_ACCESS (unknown otherwise).
 */
export function renderPassDepth(args: SyntaxNode[], s: DScope): DVal {
  if (args.length !== 4) return { t: 'unknown' };
  const a = unwrapValue(args[2]);
  if (a.type !== 'pointer_expression' || a.child(0)?.type !== '&') return { t: 'unknown' };
  const base = unwrapValue(a.childForFieldName('argument')!).text.replace(/\s+/g, '');
  if (!/^[A-Za-z_]\w*$/.test(base) || !s.locals.has(base)) return { t: 'unknown' };
  const accesses = ['DepthBeginningAccess', 'DepthEndingAccess', 'StencilBeginningAccess', 'StencilEndingAccess'];
  if (accesses.every((k) => noAccess(s, `${base}.${k}.Type`))) return { t: 'unknown' };
  const h = s.env.get(`${base}.cpuDescriptor`);
  return h?.t === 'handle' ? h : { t: 'unknown' };
}

/**
 * Whether a `BeginRenderPass(…, flags)` binds its depth-stencil view writable: flags known to be
 * D3D12_RENDER_PASS_FLAG_NONE (`num` 1); any other or unknown flags may bind it read-only
 * (D3D12_RENDER_PASS_FLAG_BIND_READ_ONLY_DEPTH / _STENCIL), `num` 0.
 */
export function renderPassWritableDepth(args: SyntaxNode[], s: DScope): DVal {
  const f = args.length === 4 ? unwrapValue(args[3]) : null;
  const none = !!f && (f.text === 'D3D12_RENDER_PASS_FLAG_NONE' || numberOf(f, s) === 0);
  return { t: 'num', v: none ? 1 : 0 };
}

/** The render-target handles a `BeginRenderPass(n, descs, dsv, flags)` call writes (null: not known). */
export function renderPassTargets(args: SyntaxNode[], s: DScope): DVal {
  if (args.length !== 4) return { t: 'unknown' };
  const count = numberOf(args[0], s);
  if (count === null || count < 0 || count > MAX_TARGETS) return { t: 'unknown' };
  const a = unwrapValue(args[1]);
  const single = a.type === 'pointer_expression' && a.child(0)?.type === '&' ? unwrapValue(a.childForFieldName('argument')!) : null;
  const base = (single ?? a).text.replace(/\s+/g, '');
  if (!/^[A-Za-z_]\w*$/.test(base) || !s.locals.has(base)) return { t: 'unknown' };
  const elems = [];
  for (let i = 0; i < count; i++) {
    const at = single ? (i === 0 ? base : null) : `${base}[${i}]`;
    if (!at) return { t: 'unknown' };
    const unused = noAccess(s, `${at}.BeginningAccess.Type`) && noAccess(s, `${at}.EndingAccess.Type`);
    const h = s.env.get(`${at}.cpuDescriptor`);
    elems.push(!unused && h?.t === 'handle' ? h.h : null);
  }
  return { t: 'handles', elems };
}
