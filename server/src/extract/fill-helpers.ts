// Helper functions of the file that fill a struct the caller hands them through a non-const pointer or reference
// parameter. Two kinds of struct, one discovery (readFillHelpers, called once per file by extract.ts):
// - barriers: `FillTransition(&b, res, before, after)`, `SetBarrier(barriers[n++], res, ...)` (C code and engines
//   that keep barriers in arrays). The helper is read once with symbolic parameters, and each call writes what the
//   helper wrote into the caller's struct, with the caller's arguments in place of the parameters. Members the helper
//   did not write keep their values; a helper that assigned the whole struct resets them (zero for `= {}`, unknown
//   otherwise).
// - creation inputs (resource descs, heap properties, heap descs, allocation descs): `FillResourceDescForBuffer(desc,
//   size)`, `MakeUploadHeapProps(&props)`. The helper's body is walked at each call with the struct parameter bound to
//   a fresh struct and its other parameters bound to the caller's plain arguments (names and literals), and what it
//   leaves is the caller's struct. Without this, the call made the caller's desc unknown and creation checks stayed
//   silent.
// NOTE: the two strategies differ on purpose. A barrier's members are passed through from the parameters (states,
// resources named through member paths of a parameter, which substitution maps onto the caller's argument), so one
// symbolic reading serves every call. A desc's members are computed from them (`desc.Width = size * 2`), which only
// folds with the caller's values bound; those helpers are short, and the walk is bounded in depth and body size.
// A name defined more than once in the file (overloads, two lambdas) is not followed.
import type { StructKind } from '../model/structs';
import { STRUCT_LAYOUTS } from '../model/structs';
import type { SyntaxNode } from './node';
import type { FileCtx, FillTemplate, FnCtx, HelperCandidate } from './context';
import { addSite, evalValue, RAW_SITE_KIND } from './context';
import { ensureSite } from './struct-sites';
import { arrayElement, deref } from './elements';
import { callArguments, memberRefs, onReceiver, substituteParams } from './helper-templates';
import { resourceRef } from './resources';
import { classOfType, typeOfExpr } from './types';
import { receiverBasesOf } from './imported-bases';
import type { ResourceRef } from './facts';
import { rememberCount } from './fill-counts';
import { skipsByState } from './fill-guards';
import { rangeOf, unwrapValue } from './syntax';
import { overwrite, writeMembers } from './struct-writes';
import type { AVal, ArrayVal, StructVal } from './values';
import { cloneVal, getMember, makeStruct } from './values';
import { rangedAt } from './imported-helpers';

/** The struct kinds followed by a walk at each call: creation inputs, whose members are plain values. */
const FILLED_KINDS: ReadonlySet<StructKind> = new Set<StructKind>(['desc', 'heap-props', 'heap-desc', 'allocation-desc']);

export interface FillRunner {
  /** A fresh function context over a scratch copy of the file, for walking a helper's body. */
  context(file: FileCtx, helper: HelperCandidate): FnCtx;
  walk(body: SyntaxNode, ctx: FnCtx): void;
}

/** A scratch copy of the file for walking a helper: what the walk records (sites, problems) stays in the copy. */
export const scratchFile = (file: FileCtx): FileCtx => ({ ...file, sites: [], problems: [], reported: new Set() });

/**
 * Reads the file's fill helpers once: the barrier ones into `file.fills` (their symbolic templates), the creation-input
 * ones into `file.fillHelper` (walked at each call). `candidates` are all the file's analysable functions and named
 * lambdas, so a name defined twice is seen whatever its parameters.
 */
export function readFillHelpers(candidates: HelperCandidate[], file: FileCtx, runner: FillRunner, imported = false): void {
  const byName = new Map<string, HelperCandidate | null>();
  for (const c of candidates) byName.set(c.name, byName.has(c.name) ? null : c);
  for (const [name, c] of byName) {
    // Another file's barrier fill helpers (`imported`, imported-helpers.ts) where the file has none of that name.
    const template = c && !(imported && file.fills?.has(name)) ? barrierTemplate(c, file, runner) : undefined;
    if (template) (file.fills ??= new Map()).set(name, imported ? { ...template, imported: true } : template);
  }
  if (!imported) file.fillHelper = descFiller(byName, file, runner);
}

/** A helper with exactly one writable barrier parameter, walked once with it bound to a fresh struct. */
function barrierTemplate(c: HelperCandidate, file: FileCtx, runner: FillRunner): FillTemplate | undefined {
  const outs = c.kinds.map((k, i) => (k && RAW_SITE_KIND[k] && c.writable[i] ? k : undefined));
  const out = outs.findIndex((k) => k);
  if (out < 0 || outs.some((k, i) => k && i !== out) || !c.params[out]) return undefined;
  const ctx = runner.context(scratchFile(file), c);
  const initial = makeStruct(outs[out]!, rangeOf(c.body), -1, false);
  ctx.bind(c.params[out], c.writable[out] === 'ptr' ? { t: 'ptr', target: initial, index: null } : initial);
  runner.walk(c.body, ctx);
  const template = fillTemplateOf(c.params, out, initial, ctx.env.get(c.params[out])) ?? (c.writable[out] === 'ptr' ? elementsTemplate(c, out, outs[out]!, file, runner) : undefined);
  if (!template) return undefined;
  rememberCount(template, c);
  const owner = c.qualified.includes('::') ? c.qualified.slice(0, c.qualified.lastIndexOf('::')).split('::').pop() : undefined;
  // Set on the template itself: rememberCount keyed it.
  if (owner) template.owner = owner;
  if (skipsByState(c.body)) template.skipsByState = true;
  return template;
}

/**
 * `UINT PingPong(a, b, D3D12_RESOURCE_BARRIER* out) { out[0] = …; out[1] = …; return 2; }`: the helper walked with
 * its pointer at the start of a fresh array; the elements it wrote, when they are consecutive from the first.
 */
function elementsTemplate(c: HelperCandidate, out: number, kind: StructKind, file: FileCtx, runner: FillRunner): FillTemplate | undefined {
  const ctx = runner.context(scratchFile(file), c);
  const arr: ArrayVal = ctx.created({ t: 'array', elemKind: kind, elems: [], length: null, zeroInit: false, range: rangeOf(c.body), container: false });
  const start: AVal = { t: 'ptr', target: arr, index: 0 };
  ctx.bind(c.params[out], start);
  runner.walk(c.body, ctx);
  const after = ctx.env.get(c.params[out]);
  if (after?.t !== 'ptr' || after.target !== arr || after.index !== 0 || arr.loopElem || arr.paths) return undefined;
  const written: StructVal[] = [];
  for (let i = 0; i < arr.elems.length; i++) {
    const e = arr.elems[i];
    // An element the helper skipped (`out[2]` without `out[1]`) is a member-less stand-in.
    if (e?.t !== 'struct' || e.kind !== kind || e.members.size === 0) return undefined;
    written.push(cloneVal(e) as StructVal);
  }
  if (written.length < 2) return undefined;
  return { params: c.params, out, value: written[0], replaced: true, elements: written };
}

/**
 * What a fill helper leaves in its out-parameter, read from the struct it was given (`initial`) and what the
 * parameter names after its body (`final`: the same struct, or another one when the helper assigned it whole).
 * Undefined when the helper wrote nothing we can follow.
 */
function fillTemplateOf(params: string[], out: number, initial: StructVal, final: AVal | undefined): FillTemplate | undefined {
  const value = final?.t === 'ptr' ? deref(final) : final;
  if (value?.t !== 'struct' || value.kind !== initial.kind || !RAW_SITE_KIND[value.kind]) return undefined;
  const replaced = value !== initial;
  if (!replaced && value.members.size === 0) return undefined;
  return { params, out, value: cloneVal(value) as StructVal, replaced };
}

const MAX_DEPTH = 2;
/** A desc-filling helper is short; a long function taking a desc by reference is walked at its own definition only. */
const MAX_BODY = 4000;

/**
 * The creation-input lookup: (callee name, arguments, index of the struct argument, its kind, the caller's argument
 * values) → the struct the helper leaves, or undefined when the helper cannot be followed.
 */
function descFiller(byName: ReadonlyMap<string, HelperCandidate | null>, file: FileCtx, runner: FillRunner): NonNullable<FileCtx['fillHelper']> {
  let depth = 0;
  return (name, argCount, index, kind, values) => {
    const target = byName.get(name);
    if (!target || target.params.length !== argCount || depth >= MAX_DEPTH || target.body.text.length > MAX_BODY) return undefined;
    const declared = target.kinds[index];
    if (!target.writable[index] || !target.params[index] || (declared && declared !== kind)) return undefined;
    const ctx = runner.context(scratchFile(file), target);
    const fresh = makeStruct(kind, rangeOf(target.body), -1, false);
    target.params.forEach((p, i) => {
      if (!p) return;
      if (i === index) ctx.env.set(p, target.writable[i] === 'ptr' ? { t: 'ptr', target: fresh, index: null } : fresh);
      else ctx.env.set(p, values[i] ?? { t: 'unknown', text: p, range: rangeOf(target.body) });
    });
    depth++;
    try {
      runner.walk(target.body, ctx);
    } finally {
      depth--;
    }
    // Every parameter of the helper is bound above, so no member can name one of them (the caller would read it as
    // its own parameter of that index); a caller's parameter passed through stays the caller's.
    const left = ctx.env.get(target.params[index]);
    const out: AVal | undefined = left?.t === 'ptr' ? left.target : left;
    return out?.t === 'struct' && out.kind === kind ? out : undefined;
  };
}

/**
 * At a call of a helper of the file (`Fill(&b, …)`, `Fill(desc, size)`, `this->Fill(&desc)`): the arguments it fills
 * take what it leaves. `evaluated` holds the arguments the caller already evaluated (their effects, `n++`, happened
 * once). Returns the indexes of the arguments filled; the caller forgets the others as out-arguments.
 */
export function applyFillHelper(call: SyntaxNode, callee: SyntaxNode, name: string, args: SyntaxNode[], evaluated: (AVal | undefined)[], fn: FnCtx): Set<number> {
  const onObject = callee.type === 'identifier' ? undefined : methodOnObject(callee, name, fn);
  const template = callee.type === 'identifier' ? fn.file.fills?.get(name) : onObject?.template;
  if (template && applyFill(call, template, args, evaluated[template.out], fn, onObject?.receiver)) return new Set([template.out]);
  return applyDescFill(name, callee, args, fn);
}

/**
 * `buffer->TrackUsageAndGetResourceBarrier(ctx, &barrier, state)`: a fill method of the object's declared class (or a
 * base of it), called on another object than `this` — the object whose members the method's members are.
 */
function methodOnObject(callee: SyntaxNode, name: string, fn: FnCtx): { template: FillTemplate; receiver: { ref: ResourceRef; op: string } } | undefined {
  const template = callee.type === 'field_expression' ? fn.file.fills?.get(name) : undefined;
  const object = template?.owner && !template.elements ? callee.childForFieldName('argument') : null;
  if (!template || !object || object.type === 'this') return undefined;
  const cls = classOfType(typeOfExpr(object, fn));
  if (!cls || (cls !== template.owner && !receiverBasesOf(cls, fn.file).includes(template.owner!))) return undefined;
  const ref = resourceRef(object, fn.file, fn);
  return ref.key ? { template, receiver: { ref, op: callee.child(1)?.type === '->' ? '->' : '.' } } : undefined;
}

/**
 * A call of a barrier fill helper: the struct its out-argument names (`&b`, `b`, `&arr[i]`, `p`) receives what the
 * helper wrote. False when the argument is not a struct of the helper's kind.
 */
function applyFill(call: SyntaxNode, template: FillTemplate, args: SyntaxNode[], evaluated: AVal | undefined, fn: FnCtx, receiver?: { ref: ResourceRef; op: string }): boolean {
  const arg = args[template.out];
  if (!arg || args.length !== template.params.length) return false;
  const v = evaluated ?? evalValue(arg, 'any', fn);
  if (template.elements) return fillElements(call, template, template.elements, args, v, fn);
  const target = v.t === 'ptr' ? deref(v) : v;
  if (target.t !== 'struct' || target.kind !== template.value.kind) return false;
  const copy = template.imported ? rangedAt(template.value, rangeOf(call)) : cloneVal(template.value);
  const members = receiver ? memberRefs(copy) : undefined;
  const substituted = substituteParams(copy, callArguments(args, fn, template.out));
  const written = (members?.size ? onReceiver(substituted, members, receiver!) : substituted) as StructVal;
  if (template.replaced) overwrite(target, written, call, fn);
  else writeMembers(target, written, fn);
  ensureSite(target, call, fn);
  return true;
}

/** The elements an elements template wrote, from the argument's element on (`barriers`, `&barriers[n]`). */
function fillElements(call: SyntaxNode, template: FillTemplate, elements: StructVal[], args: SyntaxNode[], v: AVal, fn: FnCtx): boolean {
  const arr = v.t === 'ptr' ? v.target : v;
  const at = v.t === 'ptr' ? v.index : 0;
  if (arr.t !== 'array' || arr.elemKind !== template.value.kind || at === null) return false;
  const values = callArguments(args, fn, template.out);
  elements.forEach((e, j) => {
    const written = substituteParams(template.imported ? rangedAt(e, rangeOf(call)) : cloneVal(e), values) as StructVal;
    written.site = addSite(fn.file, RAW_SITE_KIND[written.kind] ?? 'barrier', rangeOf(call), null);
    written.range = rangeOf(call);
    fn.file.sites[written.site].live = written;
    fn.setElement(arr, at + j, fn.created(written), arrayElement(arr, at + j));
  });
  return true;
}

const PLAIN_ARGUMENT = new Set(['identifier', 'number_literal', 'qualified_identifier', 'true', 'false', 'null', 'nullptr']);

/** A call of a creation-input helper: each desc argument it fills takes what it leaves, member by member. */
function applyDescFill(name: string, callee: SyntaxNode, args: SyntaxNode[], fn: FnCtx): Set<number> {
  const filled = new Set<number>();
  const own = callee.type === 'identifier' || callee.type === 'qualified_identifier'
    || (callee.type === 'field_expression' && callee.childForFieldName('argument')?.type === 'this');
  if (!own || !fn.file.fillHelper) return filled;
  args.forEach((a, i) => {
    const n = unwrapValue(a);
    const target = n.type === 'pointer_expression' && n.child(0)?.type === '&' ? n.childForFieldName('argument') : n;
    if (!target || (target.type !== 'identifier' && target.type !== 'field_expression')) return;
    const v = evalValue(target, 'any', fn);
    if (v.t !== 'struct' || !FILLED_KINDS.has(v.kind)) return;
    const values = args.map((x) => (PLAIN_ARGUMENT.has(unwrapValue(x).type) ? evalValue(unwrapValue(x), 'any', fn) : undefined));
    const out = fn.file.fillHelper?.(name, args.length, i, v.kind, values);
    if (!out) return;
    // Member by member, so branch merges and pointers to the desc see the change.
    for (const m of STRUCT_LAYOUTS[v.kind].members) fn.setMember(v, m, cloneVal(getMember(out, m)), getMember(v, m));
    filled.add(i);
  });
  return filled;
}
