// Helper functions that fill a barrier through an out-parameter — `FillTransition(&b, res, before, after)`,
// `SetBarrier(barriers[n++], res, ...)` (C code and engines that keep barriers in arrays): the helper is read once
// with symbolic parameters (extract.ts), and each call writes what the helper wrote into the caller's struct, with the
// caller's arguments in place of the parameters. Members the helper did not write keep their values; a helper that
// assigned the whole struct resets them (zero for `= {}`, unknown otherwise).
import { STRUCT_LAYOUTS } from '../model/structs';
import type { Range } from '../types';
import type { Field } from './facts';
import type { SyntaxNode } from './node';
import type { FillTemplate, FnCtx } from './context';
import { evalValue, RAW_SITE_KIND } from './context';
import { ensureSite } from './declarations';
import { deref } from './elements';
import { callArguments, substituteParams } from './helper-templates';
import { rangeOf } from './syntax';
import type { AVal, StructVal } from './values';
import { cloneVal, getMember, makeStruct, numVal } from './values';

/**
 * What a fill helper leaves in its out-parameter, read from the struct it was given (`initial`) and what the
 * parameter names after its body (`final`: the same struct, or another one when the helper assigned it whole).
 * Undefined when the helper wrote nothing we can follow.
 */
export function fillTemplateOf(params: string[], out: number, initial: StructVal, final: AVal | undefined): FillTemplate | undefined {
  const value = final?.t === 'ptr' ? deref(final) : final;
  if (value?.t !== 'struct' || value.kind !== initial.kind || !RAW_SITE_KIND[value.kind]) return undefined;
  const replaced = value !== initial;
  if (!replaced && value.members.size === 0) return undefined;
  return { params, out, value: cloneVal(value) as StructVal, replaced };
}

/**
 * A call of a fill helper: the struct its out-argument names (`&b`, `b`, `&arr[i]`, `p`) receives what the helper
 * wrote. `evaluated` is the out-argument's value when the caller already evaluated it (its effects, `n++`, happened
 * once). False when the argument is not a struct of the helper's kind: the caller then forgets it as an out-argument.
 */
export function applyFill(call: SyntaxNode, template: FillTemplate, args: SyntaxNode[], evaluated: AVal | undefined, fn: FnCtx): boolean {
  const arg = args[template.out];
  if (!arg || args.length !== template.params.length) return false;
  const v = evaluated ?? evalValue(arg, 'any', fn);
  const target = v.t === 'ptr' ? deref(v) : v;
  if (target.t !== 'struct' || target.kind !== template.value.kind) return false;
  const written = substituteParams(cloneVal(template.value), callArguments(args, fn, template.out)) as StructVal;
  if (template.replaced) resetMembers(target, { zero: written.zeroInit, text: call.text, range: rangeOf(call) }, fn);
  writeMembers(target, written, fn);
  ensureSite(target, call, fn);
  return true;
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

/** The members the helper wrote, nested structs member by member (a helper may write `Transition.StateAfter` only). */
function writeMembers(target: StructVal, written: StructVal, fn: FnCtx): void {
  for (const [member, value] of written.members) {
    const existed = target.members.has(member);
    const prior = getMember(target, member);
    if (value.t === 'struct' && prior.t === 'struct' && prior.kind === value.kind) {
      if (!existed) fn.createdWith(prior, target);
      writeMembers(prior, value, fn);
      continue;
    }
    fn.setMember(target, member, value.t === 'struct' ? fn.createdWith(value, target) : value, prior);
  }
}
