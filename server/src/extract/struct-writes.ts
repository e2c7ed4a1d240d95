// Writes of a whole struct through the branch-aware member writes (FnCtx.setMember): a struct reset to zero or
// unknown (`memset`, `ZeroMemory`), and a struct assigned whole from another (`*out = {}` in a fill helper, `b =
// CD3DX12_…` on a struct whose address is kept), so that branch merges and pointers to the struct see the change.
import { STRUCT_LAYOUTS } from '../model/structs';
import type { Range } from '../types';
import type { Field } from './facts';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { deref, elementSlot } from './elements';
import { forgetStruct } from './lambdas';
import { rangeOf, unwrapValue } from './syntax';
import type { AVal, StructVal } from './values';
import { getMember, makeStruct, numVal } from './values';

/**
 * `b.Transition.StateBefore` (a member of a struct the function follows) holds an unknown value from here on: a callee
 * may have written it, or a loop writes it on each pass. False when `target` names no such member.
 */
export function forgetMember(target: SyntaxNode, fn: FnCtx, why = 'written by the callee'): boolean {
  if (forgetInEveryElement(target, fn, why)) return true;
  const obj = target.childForFieldName('argument');
  const field = target.childForFieldName('field')?.text;
  if (!obj || !field) return false;
  const v = evalValue(obj, 'any', fn);
  const s = v.t === 'ptr' ? deref(v) : v;
  if (s.t !== 'struct' || !STRUCT_LAYOUTS[s.kind].members.includes(field)) return false;
  const prior = getMember(s, field);
  if (prior.t === 'struct') forgetStruct(prior, fn);
  else fn.setMember(s, field, { t: 'unknown', text: `${target.text} (${why})`, range: rangeOf(target) }, prior);
  return true;
}

/**
 * `FFSWAP(T, barriers[i].Transition.StateBefore, barriers[i].Transition.StateAfter)` in a loop over the batch: a
 * member of the element at an index the walk does not know may be any element's, so that member holds an unknown
 * value in every element the array holds (the swap's second `ResourceBarrier` is not the first one again). An index
 * with side effects (`b[n++]`) is left alone. False when `target` is no member of such an element.
 */
function forgetInEveryElement(target: SyntaxNode, fn: FnCtx, why: string): boolean {
  const path: string[] = [];
  let n: SyntaxNode | null = target;
  while (n?.type === 'field_expression') {
    const field = n.childForFieldName('field')?.text;
    if (!field || n.child(1)?.type === '->') return false;
    path.unshift(field);
    const inner = n.childForFieldName('argument');
    n = inner ? unwrapValue(inner) : null;
  }
  if (n?.type !== 'subscript_expression') return false;
  const idx = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
  if (!idx || idx.descendantsOfType(['update_expression', 'assignment_expression', 'call_expression']).length || idx.type === 'update_expression') return false;
  const slot = elementSlot(n, fn);
  if (!slot || slot.index !== null) return false;
  const member = path[path.length - 1];
  let forgot = false;
  for (const el of slot.arr.elems) {
    let s: AVal | undefined = el;
    for (const part of path.slice(0, -1)) s = s?.t === 'struct' ? getMember(s, part) : undefined;
    if (s?.t !== 'struct' || !STRUCT_LAYOUTS[s.kind].members.includes(member)) continue;
    const prior = getMember(s, member);
    if (prior.t === 'struct') forgetStruct(prior, fn);
    else fn.setMember(s, member, { t: 'unknown', text: `${target.text} (${why})`, range: rangeOf(target) }, prior);
    forgot = true;
  }
  return forgot;
}

/**
 * `target` assigned whole from `value` at `at` (`*out = {}` in a fill helper, `b = CD3DX12_…` on a struct whose address
 * is kept): every member is reset, then the members `value` holds are written, through the branch-aware writes.
 */
export function overwrite(target: StructVal, value: StructVal, at: SyntaxNode, fn: FnCtx): void {
  resetMembers(target, { zero: value.zeroInit, text: at.text, range: rangeOf(at) }, fn);
  writeMembers(target, value, fn);
}

/**
 * Every member of `s` reset through the branch-aware writes: to zero (`memset`, `ZeroMemory`, a helper's `= {}`), or
 * unknown (a helper that assigned the struct whole from something we cannot read). Nested structs are fresh.
 */
export function resetMembers(s: StructVal, reset: { zero: boolean; text: string; range: Range; origin?: Field['origin'] }, fn: FnCtx): void {
  for (const member of STRUCT_LAYOUTS[s.kind].members) {
    const nested = STRUCT_LAYOUTS[s.kind].nested?.[member];
    const value: AVal = nested
      ? fn.createdWith(makeStruct(nested, reset.range, -1, reset.zero), s)
      : numVal({ value: reset.zero ? 0 : null, text: reset.text, range: reset.range, ...(reset.origin ? { origin: reset.origin } : {}) });
    fn.setMember(s, member, value, getMember(s, member));
  }
}

/**
 * The members `written` holds, nested structs member by member (a fill helper may write `Transition.StateAfter` only).
 * A nested struct the writer value-initialised (`*out = {}` then `out->Subresources.IndexOrFirstMipLevel = …`) has
 * its other members zero in the target too, whatever the target held before (an uninitialised caller local).
 */
export function writeMembers(target: StructVal, written: StructVal, fn: FnCtx): void {
  for (const [member, value] of written.members) {
    const existed = target.members.has(member);
    const prior = getMember(target, member);
    if (value.t === 'struct' && prior.t === 'struct' && prior.kind === value.kind) {
      if (!existed) fn.createdWith(prior, target);
      if (value.zeroInit && !prior.zeroInit) resetMembers(prior, { zero: true, text: '{}', range: value.range }, fn);
      writeMembers(prior, value, fn);
      continue;
    }
    fn.setMember(target, member, value.t === 'struct' ? fn.createdWith(value, target) : value, prior);
  }
}
