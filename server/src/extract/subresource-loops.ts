// Loops that walk a resource's subresources: `for (UINT mip = 0; mip < mipCount; ++mip)` whose body names a
// subresource by the counter (`b.Transition.Subresource = mip + 1`, `CD3DX12_RESOURCE_BARRIER::Transition(tex, …,
// mip)`, `CD3DX12_BARRIER_SUBRESOURCE_RANGE(mip)`, `D3D12CalcSubresource(mip, slice, …)`). Its bound counts
// subresources, and a resource has at least one: there is no path that skips the body while other subresources are
// moved around it. Without this, the skip path kept the whole resource in its state before the loop, and the
// whole-resource barrier after a per-mip loop (mip 0 moved before it, mips 1… in it) was a false #527 "on the path
// through" the barrier before the loop. Read by track/interpreter.ts like a constant trip count.
import type { SyntaxNode } from './node';
import { HELPERS, minArgs } from '../model/helpers';
import { helperNameOf } from './d3dx12-helpers';
import { argumentNodes, calleeFullName, calleeName } from './syntax';
import { declaredName } from './types';
import { symOf } from './path-facts';

/** Barrier members that hold a subresource index (legacy transition, enhanced range). */
const SUBRESOURCE_MEMBERS = new Set(['Subresource', 'IndexOrFirstMipLevel', 'FirstArraySlice']);
/** Functions whose result is a subresource index computed from mip/slice/plane. */
const SUBRESOURCE_CALCS = new Set(['D3D12CalcSubresource']);

/** The counter of an ascending `for` loop (`i = …; i < n | i <= n | i != n; ++i | i++ | i += c`), or undefined. */
function ascendingCounter(n: SyntaxNode): string | undefined {
  const init = n.childForFieldName('initializer');
  let sym: string | undefined;
  if (init?.type === 'declaration') {
    const ds = init.childrenForFieldName('declarator');
    if (ds.length === 1 && ds[0].type === 'init_declarator') sym = declaredName(ds[0].childForFieldName('declarator'));
  } else if (init?.type === 'assignment_expression') sym = symOf(init.childForFieldName('left'));
  if (!sym) return undefined;
  const cond = n.childForFieldName('condition');
  const op = cond?.type === 'binary_expression' ? cond.childForFieldName('operator')?.type : undefined;
  if (!op || !['<', '<=', '!='].includes(op) || symOf(cond!.childForFieldName('left')) !== sym) return undefined;
  const update = n.childForFieldName('update');
  const ascending = (update?.type === 'update_expression' && update.text.includes('++'))
    || (update?.type === 'assignment_expression' && update.childForFieldName('operator')?.type === '+=');
  return ascending && symOf(update!.childForFieldName(update!.type === 'update_expression' ? 'argument' : 'left')) === sym ? sym : undefined;
}

/** Whether an argument of a d3dx12 helper call that names a subresource mentions the counter. */
function helperSubresourceArg(call: SyntaxNode, args: SyntaxNode[], mentions: (x: SyntaxNode) => boolean): boolean {
  const fnNode = call.childForFieldName('function');
  const helper = fnNode ? helperNameOf(calleeFullName(fnNode)) : undefined;
  if (!helper) return false;
  return HELPERS[helper].overloads.some((o) => args.length >= minArgs(o) && args.length <= o.params.length
    && args.some((a, i) => SUBRESOURCE_MEMBERS.has(o.params[i].member.split('.').pop() ?? '') && mentions(a)));
}

/** The loop's body names a subresource by its ascending counter. */
export function walksSubresources(n: SyntaxNode): boolean {
  if (n.type !== 'for_statement') return false;
  const sym = ascendingCounter(n);
  const body = n.childForFieldName('body');
  if (!sym || !body) return false;
  const mentions = (x: SyntaxNode | null): boolean => !!x && (x.text === sym || x.descendantsOfType('identifier').some((i) => i.text === sym));
  for (const a of body.descendantsOfType('assignment_expression')) {
    const left = a.childForFieldName('left');
    if (left?.type === 'field_expression' && SUBRESOURCE_MEMBERS.has(left.childForFieldName('field')?.text ?? '') && mentions(a.childForFieldName('right'))) return true;
  }
  for (const c of body.descendantsOfType('call_expression')) {
    const fnNode = c.childForFieldName('function');
    const args = argumentNodes(c);
    if (fnNode && SUBRESOURCE_CALCS.has(calleeName(fnNode) ?? '') && args.some(mentions)) return true;
    if (helperSubresourceArg(c, args, mentions)) return true;
  }
  return false;
}
