// The members of a local view desc that decide which subresources the view covers (model/view-descs.ts): the
// descriptor walker records `desc.ViewDimension = …`, `desc.Texture2D.MipLevels = 1` in its environment under the
// member's path, and a desc zeroed by `= {}`, `memset(&desc, 0, …)` or `ZeroMemory(&desc, …)` reads 0 for the
// members not assigned since. Anything else (a desc reached through a pointer, assigned whole, changed in a loop)
// is unknown.
import type { SyntaxNode } from './node';
import type { DScope } from './descriptor-values';
import { keyRoot, numberOf } from './descriptor-values';
import type { ViewKind } from '../model/uses';
import { VIEW_DESC_FIELDS, VIEW_DIMENSIONS, viewCoverage } from '../model/view-descs';
import { argumentNodes, unwrapValue } from './syntax';

export const VIEW_DESC_TYPE = /\bD3D12_(?:SHADER_RESOURCE|UNORDERED_ACCESS|RENDER_TARGET|DEPTH_STENCIL)_VIEW_DESC\b/;
const ZERO = '#zero';
const ZERO_FILL = /^(?:memset|ZeroMemory|SecureZeroMemory|RtlZeroMemory)$/;

/** `d.Texture2D.MipLevels = 1` on a local `d`: recorded under `d.Texture2D.MipLevels`; true when recorded. */
export function recordDescField(left: SyntaxNode, right: SyntaxNode, s: DScope): boolean {
  const path = left.text.replace(/\s+/g, '');
  if (!/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$/.test(path) || !s.locals.has(keyRoot(path))) return false;
  if (!VIEW_DESC_FIELDS.has(path.slice(path.lastIndexOf('.') + 1))) return false;
  const r = unwrapValue(right);
  const v = numberOf(r, s) ?? VIEW_DIMENSIONS[r.text] ?? null;
  s.env.set(path, v === null ? { t: 'unknown' } : { t: 'num', v });
  return true;
}

/** `memset(&d, 0, sizeof(d))`, `ZeroMemory(&d, sizeof(d))`: every member of the local `d` is 0; true when so. */
export function zeroFill(name: string, args: SyntaxNode[], s: DScope): boolean {
  if (!ZERO_FILL.test(name) || args.length < 2) return false;
  const a = unwrapValue(args[0]);
  const target = a.type === 'pointer_expression' && a.child(0)?.type === '&' ? unwrapValue(a.childForFieldName('argument')!) : null;
  if (!target || target.type !== 'identifier' || !s.locals.has(target.text)) return false;
  if (name === 'memset' && numberOf(args[1], s) !== 0) return false;
  clear(target.text, s);
  s.env.set(`${target.text}.${ZERO}`, { t: 'num', v: 0 });
  return true;
}

/** A desc declared `= {}` / `= { 0 }` / `{}` is zeroed; any other initializer leaves its members unknown. */
export function zeroDeclared(name: string, value: SyntaxNode | null, s: DScope): void {
  clear(name, s);
  const list = value ? unwrapValue(value) : null;
  const items = list?.type === 'initializer_list' ? argumentNodes(list) : null;
  if (items && (items.length === 0 || (items.length === 1 && numberOf(items[0], s) === 0))) s.env.set(`${name}.${ZERO}`, { t: 'num', v: 0 });
}

/** Locals a loop assigns: what their members were before the loop is not known in it or after it. */
export function forgetMembers(names: ReadonlySet<string>, s: DScope): void {
  for (const k of [...s.env.keys()]) if (k.includes('.') && names.has(keyRoot(k))) s.env.set(k, { t: 'unknown' });
}

function clear(name: string, s: DScope): void {
  for (const k of [...s.env.keys()]) if (k.startsWith(`${name}.`) && !k.endsWith('.BufferLocation')) s.env.delete(k);
}

/** A member of a local view desc: its assigned value, 0 when the desc was value-initialised and the member never set. */
export function descMember(desc: string, member: string, s: DScope): { t: 'num'; v: number } | { t: 'unknown' } | undefined {
  const v = s.env.get(`${desc}.${member}`);
  if (v) return v.t === 'num' ? v : { t: 'unknown' };
  return s.env.get(`${desc}.${ZERO}`)?.t === 'num' ? { t: 'num', v: 0 } : undefined;
}

/** The subresources a view created with desc argument `descNode` (`&d` of a local) covers, or null. */
export function descCoverage(view: ViewKind, descNode: SyntaxNode, s: DScope): 'all' | number | null {
  const d = descNode.type === 'pointer_expression' && descNode.child(0)?.type === '&' ? unwrapValue(descNode.childForFieldName('argument')!) : null;
  if (!d || d.type !== 'identifier' || !s.locals.has(d.text)) return null;
  const zeroed = s.env.get(`${d.text}.${ZERO}`)?.t === 'num';
  return viewCoverage(view, (path) => {
    const v = s.env.get(`${d.text}.${path}`);
    if (v) return v.t === 'num' ? v.v : null;
    return zeroed ? 0 : null;
  });
}
