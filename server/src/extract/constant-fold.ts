// Constant folding for the scalar expressions barrier code uses: enumerators, `|` combinations, literals
// (`0xffffffff`, `~0u`, `1ull`), named constants, #defines, const/constexpr variables, parentheses and casts.
// Anything else is unknown (value null), never guessed.
import { forcedBranch } from './ternary-branches';
import { isXboxIdentifier, lookupEnumIdentifier, NAMED_CONSTANTS } from '../model/enums';
import type { SyntaxNode } from './node';
import type { Field } from './facts';
import type { ParamBranch } from './operands';
import type { FileCtx, FnCtx } from './context';
import { addProblem } from './context';
import { structKindOfType } from './expect';
import { sizeCall } from './size-calls';
import { isScalarTypeParen, ownEntry, rangeOf, unwrapValue } from './syntax';
import type { AVal } from './values';

/** Internal folded value: the integer and whether it is 64-bit wide (for `~`). */
interface Folded {
  v: bigint;
  wide: boolean;
}

const MASK32 = 0xffffffffn;
const MASK64 = 0xffffffffffffffffn;

export function parseNumber(text: string): Folded | null {
  const m = /^(0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)([uUlLzZ]*)$/.exec(text);
  if (!m) return null;
  const digits = m[1].replace(/'/g, '');
  let v: bigint;
  if (/^0[bB]/.test(digits)) v = BigInt(digits);
  else if (/^0\d/.test(digits)) v = BigInt(`0o${digits.slice(1)}`);
  else v = BigInt(digits);
  const wide = /ll/i.test(m[2]) || v > MASK32;
  return { v, wide };
}

export function toNumber(f: Folded): number {
  return Number(f.wide ? f.v & MASK64 : f.v & MASK32);
}

/** Fold an expression to a Field. `fn` may be absent for file-level constants. */
export function evalField(node: SyntaxNode, file: FileCtx, fn?: FnCtx): Field {
  const text = node.text;
  const range = rangeOf(node);
  const param = paramIndex(node, fn);
  if (param !== undefined) return { value: null, text, range, param };
  const folded = fold(node, file, fn);
  if (folded) return { value: toNumber(folded), text, range };
  // A local written with different known numbers on the paths of an if/else or switch (context.ts branches).
  const n = unwrapValue(node);
  const v = n.type === 'identifier' ? fn?.env.get(n.text) : undefined;
  if (v?.t === 'num' && v.f.oneOf) {
    return {
      value: null, text, range, oneOf: v.f.oneOf, ...(v.f.byParam ? { byParam: v.f.byParam } : {}), ...(v.f.paramChoice ? { paramChoice: true } : {}),
      ...(v.f.byParamCases ? { byParamCases: v.f.byParamCases } : {}),
    };
  }
  const masked = n.type === 'binary_expression' ? maskedParam(n, file, fn) : undefined;
  if (masked) return { value: null, text, range, masked };
  const calcSubresource = n.type === 'call_expression' ? calcOfParams(n, file, fn) : undefined;
  if (calcSubresource) return { value: null, text, range, calcSubresource };
  if (n.type !== 'conditional_expression') return { value: null, text, range };
  const alternatives = ternaryAlternatives(n, file, fn);
  const byParam = ternaryOnParam(n, file, fn);
  return { value: null, text, range, ...(alternatives ? { oneOf: alternatives } : {}), ...(byParam ? { byParam } : {}) };
}

/**
 * `flag ? A : B` (or `!flag ? …`) with `flag` a parameter and each branch a known number or a parameter: which
 * value each value of the parameter picks, for a call that passes a known `flag`.
 */
function ternaryOnParam(n: SyntaxNode, file: FileCtx, fn?: FnCtx): Field['byParam'] {
  const tested: { param: number; negated: boolean; equals?: number } | undefined = testedParam(n.childForFieldName('condition'), fn)
    ?? comparedParam(n.childForFieldName('condition'), file, fn);
  if (!tested) return undefined;
  const { param, negated } = tested;
  const [a, b] = [n.childForFieldName('consequence'), n.childForFieldName('alternative')].map((x) => (x ? paramBranch(evalField(x, file, fn)) : null));
  if (a === null || b === null) return undefined;
  const equals = tested.equals !== undefined ? { equals: tested.equals } : {};
  return negated ? { param, whenTrue: b, whenFalse: a, ...equals } : { param, whenTrue: a, whenFalse: b, ...equals };
}

/**
 * `part == SplitPart::Begin ? BEGIN_ONLY : END_ONLY` (`!=` negated): a parameter compared with a number that folds
 * (an enumerator, a literal), either side; the caller's argument decides the test (`Field.byParam.equals`).
 */
function comparedParam(cond: SyntaxNode | null, file: FileCtx, fn?: FnCtx): { param: number; negated: boolean; equals: number } | undefined {
  let c = cond;
  while (c && (c.type === 'parenthesized_expression' || c.type === 'condition_clause') && c.namedChildCount === 1) {
    c = c.type === 'condition_clause' ? c.childForFieldName('value') : c.namedChild(0);
  }
  const op = c?.type === 'binary_expression' ? c.childForFieldName('operator')?.type : undefined;
  if (!c || (op !== '==' && op !== '!=')) return undefined;
  const [l, r] = [c.childForFieldName('left'), c.childForFieldName('right')];
  if (!l || !r) return undefined;
  for (const [p, k] of [[l, r], [r, l]]) {
    const param = paramIndex(p, fn);
    const folded = param === undefined ? null : fold(k, file, fn);
    if (param !== undefined && folded) return { param, negated: op === '!=', equals: toNumber(folded) };
  }
  return undefined;
}

/** A ternary branch as `Field.byParam` keeps it: its known number or the parameter it is; null otherwise. */
function paramBranch(f: Field): ParamBranch | null {
  if (f.param !== undefined) return { param: f.param };
  return f.value;
}

/**
 * The parameter a condition is, bare or negated (`flag`, `!flag`, `(flag)`; an if's or switch's condition clause).
 */
export function testedParam(cond: SyntaxNode | null, fn?: FnCtx): { param: number; negated: boolean } | undefined {
  let c = cond;
  let negated = false;
  while (c && (c.type === 'parenthesized_expression' || c.type === 'condition_clause'
    || (c.type === 'unary_expression' && c.childForFieldName('operator')?.text === '!'))) {
    if (c.type === 'unary_expression') negated = !negated;
    c = c.type === 'unary_expression' ? c.childForFieldName('argument')
      : c.type === 'condition_clause' ? c.childForFieldName('value') : c.namedChild(0);
  }
  const param = c ? paramIndex(c, fn) : undefined;
  return param === undefined ? undefined : { param, negated };
}

/**
 * `compute ? NON_PIXEL_SHADER_RESOURCE : PIXEL_SHADER_RESOURCE` with an undecided condition: the known numbers of
 * both branches, one per path (`Field.oneOf`); undefined when a branch is not known.
 */
function ternaryAlternatives(n: SyntaxNode, file: FileCtx, fn?: FnCtx): number[] | undefined {
  const seen = new Set<number>();
  for (const branch of [n.childForFieldName('consequence'), n.childForFieldName('alternative')]) {
    const f = branch ? evalField(branch, file, fn) : undefined;
    const known = f?.param !== undefined ? undefined : f?.value !== null && f?.value !== undefined ? [f.value] : f?.oneOf;
    if (!known) return undefined;
    for (const k of known) seen.add(k);
  }
  return seen.size > 1 ? [...seen] : undefined;
}

/** `state & D3D12_RESOURCE_STATE_COPY_DEST` (either order) of a parameter and a known mask. */
function maskedParam(n: SyntaxNode, file: FileCtx, fn?: FnCtx): Field['masked'] {
  if (n.childForFieldName('operator')?.text !== '&') return undefined;
  const [l, r] = [n.childForFieldName('left'), n.childForFieldName('right')];
  if (!l || !r) return undefined;
  for (const [p, m] of [[l, r], [r, l]] as const) {
    const param = paramIndex(p, fn);
    const mask = param === undefined ? null : fold(m, file, fn);
    if (param !== undefined && mask) return { param, mask: toNumber(mask) };
  }
  return undefined;
}

/** `D3D12CalcSubresource(mip, slice, 0, mips, size)` with some arguments the function's parameters, the rest known. */
function calcOfParams(n: SyntaxNode, file: FileCtx, fn?: FnCtx): Field['calcSubresource'] {
  const callee = n.childForFieldName('function');
  if (!fn || callee?.type !== 'identifier' || callee.text !== 'D3D12CalcSubresource') return undefined;
  const args = n.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
  if (args.length !== 5) return undefined;
  const out: (number | { param: number })[] = [];
  for (const a of args) {
    const param = paramIndex(a, fn);
    const folded = param === undefined ? fold(a, file, fn) : null;
    if (param === undefined && !folded) return undefined;
    out.push(param !== undefined ? { param } : toNumber(folded!));
  }
  return out.some((x) => typeof x !== 'number') ? out : undefined;
}

function paramIndex(node: SyntaxNode, fn?: FnCtx): number | undefined {
  const n = unwrapValue(node);
  if (!fn || (n.type !== 'identifier' && n.type !== 'type_identifier') || fn.env.has(n.text)) return undefined;
  const i = fn.params.indexOf(n.text);
  return i >= 0 ? i : undefined;
}

function fromAVal(v: AVal | undefined): Folded | null {
  if (!v) return null;
  // NOTE: numbers above 2^53 are not exact; the only one barrier code uses is UINT64_MAX (which rounds up to 2^64).
  if (v.t === 'num' && v.f.value !== null) return { v: v.f.value >= 2 ** 64 ? MASK64 : BigInt(v.f.value), wide: v.f.value > 0xffffffff };
  if (v.t === 'res' && v.ref.key === null) return { v: 0n, wide: false };
  return null;
}

const PREPROC_CONDITIONALS = new Set(['preproc_if', 'preproc_ifdef', 'preproc_elif', 'preproc_elifdef']);
const XBOX_NEGATED = /!\s*(?:defined\s*\(?\s*)?\w*XBOX/i;

/**
 * Whether code at `node` is provably part of a PC build: every enclosing conditional is a header guard, `#if 1`,
 * or the PC side of a test that names an Xbox macro (`#else` of `#ifdef _GAMING_XBOX`, `#ifndef _XBOX_ONE`). Code
 * under any other conditional (`#if BX_PLATFORM_WINDOWS ... #else`, `#ifdef __cplusplus`) may be an Xbox-only
 * path: an Xbox identifier there is not a PC error.
 */
export function provablyPc(node: SyntaxNode): boolean {
  let child: SyntaxNode = node;
  for (let p = node.parent; p; child = p, p = p.parent) {
    if (!PREPROC_CONDITIONALS.has(p.type)) continue;
    const cond = p.childForFieldName('condition') ?? p.childForFieldName('name');
    const inAlternative = p.childForFieldName('alternative')?.startIndex === child.startIndex;
    if (!cond) return false;
    if (/XBOX/i.test(cond.text)) {
      const negated = XBOX_NEGATED.test(cond.text) || isIfndef(p);
      if (negated === inAlternative) return false;
      continue;
    }
    if (headerGuard(p, cond) || (cond.text.trim() === '1' && !inAlternative) || (cond.text.trim() === '0' && inAlternative)) continue;
    return false;
  }
  return true;
}

function isIfndef(p: SyntaxNode): boolean {
  return p.type === 'preproc_ifdef' && /^#\s*ifndef\b/.test(p.text);
}

/**
 * `#ifndef NAME_H` directly followed by `#define NAME_H` (no value, or `1`): compiled wherever the header is
 * included. `#ifndef D3D12_X` followed by `#define D3D12_X <value>` is a fallback for headers that lack the name,
 * not a guard: on a PC build the SDK header defines it and the block is skipped.
 */
function headerGuard(p: SyntaxNode, name: SyntaxNode): boolean {
  if (!isIfndef(p)) return false;
  const first = p.namedChildren.find((c) => c.startIndex > name.startIndex && c.type !== 'comment');
  if (first?.type !== 'preproc_def' || first.childForFieldName('name')?.text !== name.text) return false;
  const value = first.childForFieldName('value')?.text.trim();
  return !value || value === '1';
}

function foldIdentifier(name: string, node: SyntaxNode, file: FileCtx, fn?: FnCtx): Folded | null {
  if (fn?.env.has(name)) return fromAVal(fn.env.get(name));
  if (fn?.params.includes(name)) return null;
  // A name with an enumeration's prefix that is no member of it, defined by the project itself (`#define
  // D3D12_RESOURCE_STATE_UNKNOWN ((D3D12_RESOURCE_STATES)-1)`, `static_cast<…>(-1)`, a `constexpr`): the engine's own
  // sentinel, which its tracker replaces before any list sees it. Unknown, as in the other files of a run
  // (cli/cross-file.ts), and no misspelt enumerator. A project's fallback for a real member keeps its value.
  if (file.definedNames?.has(name) && lookupEnumIdentifier(name)?.value === undefined && lookupEnumIdentifier(name)) return null;
  const constant = file.constants.get(name);
  if (constant && !(fn?.types.has(name) && file.enumerators?.has(name))) return fromAVal(constant);
  const named = ownEntry(NAMED_CONSTANTS, name);
  if (named !== undefined) return { v: named, wide: named > MASK32 };
  // Xbox-only names (d3d12_x.h) are folded when known, and recorded: unknown-enumerator reports them on PC, where
  // they are in code every PC build compiles (see provablyPc).
  if (isXboxIdentifier(name) && provablyPc(node)) {
    addProblem(file, { kind: 'unknown-enumerator', range: rangeOf(node), text: name, detail: `'${name}' is an Xbox-only identifier` });
  }
  const e = lookupEnumIdentifier(name);
  if (e) {
    if (e.value === undefined) {
      addProblem(file, {
        kind: 'unknown-enumerator', range: rangeOf(node), text: name,
        detail: `'${name}' is not a member of ${e.family.prefix.replace(/_$/, '')}`,
      });
      return null;
    }
    return { v: BigInt(e.value >>> 0), wide: false };
  }
  if (fn) noteUnfoldedName(name, fn);
  return null;
}

/**
 * A name the function reads as a value that neither it nor its file declares (`i < FrameCount` with the constant in
 * the class's header, `copy_type == kCopyTypeRead` with the enum there): noted, so that a multi-file run gives it the
 * value another file of the run defines (cli/cross-file.ts). The file's unfolded names, or undefined when the name is
 * the function's or the file's own.
 */
export function noteUnfoldedName(name: string, fn: FnCtx): Set<string> | undefined {
  if (fn.params.includes(name) || fn.types.has(name) || fn.file.classMembers?.has(name) || fn.file.globals?.has(name)) return undefined;
  // NOTE: the table itself, not what `add` returns: in a function the cache records (function-cache.ts), the file's
  // table is a recording view whose `add` returns the plain set, and later adds through that would not be replayed.
  const unfolded = (fn.file.unfolded ??= new Set());
  unfolded.add(name);
  return unfolded;
}

const BINARY: Record<string, (a: bigint, b: bigint) => bigint> = {
  '|': (a, b) => a | b, '&': (a, b) => a & b, '^': (a, b) => a ^ b, '+': (a, b) => a + b,
  '-': (a, b) => a - b, '*': (a, b) => a * b, '<<': (a, b) => a << b, '>>': (a, b) => a >> b,
  '/': (a, b) => (b === 0n ? 0n : a / b), '%': (a, b) => (b === 0n ? 0n : a % b),
};

/**
 * `t.oldState` of the caller's record, read in a helper walked in place (inline-helpers.ts):
 * `kNativeState[static_cast<size_t>(t.oldState)]` indexes the table with the caller's value.
 */
function recordMemberValue(n: SyntaxNode, fn: FnCtx): Folded | null {
  if (readingMember || n.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return null;
  // NOTE: the evaluator folds what it cannot read through members (back here): one level only.
  readingMember = true;
  try {
    const v = fn.evaluator.value(n, 'any', fn);
    return v.t === 'num' && v.f.param === undefined ? fromAVal(v) : null;
  } finally {
    readingMember = false;
  }
}
let readingMember = false;

/**
 * A subscript that reads a record's member or a table's element (`targets[step.target]` with `const Step& step =
 * kSteps[i]`, `m_rt[kOrder[pass]]`): its value when the evaluator knows it as a number that depends on no parameter,
 * so the elements one loop names on its iterations are told apart (resources.ts keys them by it).
 */
export function foldReadIndex(node: SyntaxNode, fn: FnCtx | undefined): Folded | null {
  const n = unwrapValue(node);
  if (!fn || (n.type !== 'field_expression' && n.type !== 'subscript_expression')) return null;
  return recordMemberValue(n, fn);
}

/** `nri::Layout::COLOR_ATTACHMENT` by its last two parts, an enumerator whose bare name two enums share (constants.ts). */
function scopedEnumerator(text: string, file: FileCtx): Folded | null {
  const key = text.replace(/\s+/g, '').split('::').slice(-2).join('::');
  const c = file.constants.get(key);
  return c?.t === 'num' && c.f.value !== null ? { v: BigInt(c.f.value), wide: false } : null;
}

export function fold(node: SyntaxNode, file: FileCtx, fn?: FnCtx): Folded | null {
  const n = unwrapValue(node);
  switch (n.type) {
    case 'number_literal': return parseNumber(n.text);
    case 'true': return { v: 1n, wide: false };
    case 'false': case 'null': case 'nullptr': return { v: 0n, wide: false };
    case 'identifier': case 'type_identifier': return foldIdentifier(n.text, n, file, fn);
    case 'field_expression': return fn && fn.inlineDepth > 0 ? recordMemberValue(n, fn) : null;
    case 'qualified_identifier': {
      // std::numeric_limits<...>::max() is a call; here handle `Enum::Value` style scoped names by last part.
      // `rhi::ResourceState::Common`: the innermost name.
      let name = n.childForFieldName('name');
      while (name?.type === 'qualified_identifier') name = name.childForFieldName('name');
      const bare = name?.type === 'identifier' ? foldIdentifier(name.text, name, file, fn) : null;
      return bare ?? scopedEnumerator(n.text, file);
    }
    case 'binary_expression': {
      const op = n.childForFieldName('operator')?.type ?? '';
      const impl = BINARY[op];
      const l = n.childForFieldName('left');
      const r = n.childForFieldName('right');
      if (!impl || !l || !r) return null;
      if (op === '/' && fn && l.type === 'sizeof_expression' && r.type === 'sizeof_expression') {
        const count = sizeofCount(l, r, fn);
        if (count !== null) return { v: BigInt(count), wide: false };
      }
      // `(UINT64)-1`: the grammar sees `(UINT64) - 1`; a scalar type in parentheses is a cast of the unary operand.
      if ((op === '-' || op === '+') && isScalarTypeParen(l)) {
        const a = fold(r, file, fn);
        if (!a) return null;
        const wide = a.wide || /64|LONGLONG|size_t|SIZE_T/.test(l.text);
        return { v: (op === '-' ? -a.v : a.v) & (wide ? MASK64 : MASK32), wide };
      }
      const a = fold(l, file, fn);
      const b = fold(r, file, fn);
      if (!a || !b) return null;
      // NOTE: a shift by the operand's width or more (or by a negative count) is undefined in C++: unknown. It also
      // bounds the fold (`1 << 100000000` would build a huge BigInt, or throw "Maximum BigInt size exceeded").
      if ((op === '<<' || op === '>>') && (b.v < 0n || b.v >= 64n)) return null;
      const wide = a.wide || b.wide;
      return { v: impl(a.v, b.v) & (wide ? MASK64 : MASK32), wide };
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.type ?? '';
      const arg = n.childForFieldName('argument');
      const a = arg ? fold(arg, file, fn) : null;
      if (!a) return null;
      const mask = a.wide ? MASK64 : MASK32;
      if (op === '~') return { v: ~a.v & mask, wide: a.wide };
      if (op === '-') return { v: -a.v & mask, wide: a.wide };
      if (op === '+') return a;
      if (op === '!') return { v: a.v === 0n ? 1n : 0n, wide: false };
      return null;
    }
    case 'conditional_expression': {
      const taken = forcedBranch(n, fn);
      return taken ? fold(taken, file, fn) : null;
    }
    case 'call_expression': {
      const size = fn ? sizeCall(n, fn) : undefined;
      return size ? fromAVal(size) : foldLimitsMax(n) ?? foldCalcSubresource(n, file, fn);
    }
    default: return null;
  }
}

/**
 * d3dx12's `D3D12CalcSubresource(MipSlice, ArraySlice, PlaneSlice, MipLevels, ArraySize)` (eb-rules.md B.7):
 * MipSlice + ArraySlice * MipLevels + PlaneSlice * MipLevels * ArraySize, when every argument folds.
 */
function foldCalcSubresource(n: SyntaxNode, file: FileCtx, fn?: FnCtx): Folded | null {
  const callee = n.childForFieldName('function');
  if (callee?.type !== 'identifier' || callee.text !== 'D3D12CalcSubresource') return null;
  const args = n.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
  if (args.length !== 5) return null;
  const v = args.map((a) => fold(a, file, fn));
  if (v.some((x) => x === null)) return null;
  const [mip, slice, plane, mips, size] = v.map((x) => x!.v);
  return { v: (mip + slice * mips + plane * mips * size) & MASK32, wide: false };
}

/** `sizeof(a) / sizeof(a[0])` (or `sizeof *a`, or `sizeof(ElementType)`): the length of a C array the function declared. */
function sizeofCount(l: SyntaxNode, r: SyntaxNode, fn: FnCtx): number | null {
  const arrNode = l.childForFieldName('value') && unwrapValue(l.childForFieldName('value')!);
  if (arrNode?.type !== 'identifier') return null;
  const arr = fn.env.get(arrNode.text);
  if (arr?.t !== 'array' || arr.container || arr.length === null) return null;
  const elem = r.childForFieldName('value') ? unwrapValue(r.childForFieldName('value')!) : r.childForFieldName('type');
  if (!elem) return null;
  const ofSame = (elem.type === 'subscript_expression' || elem.type === 'pointer_expression') && elem.childForFieldName('argument')?.text === arrNode.text;
  const ofType = arr.elemKind !== null && structKindOfType(elem.text) === arr.elemKind;
  return ofSame || ofType ? arr.length : null;
}

/** `std::numeric_limits<UINT64>::max()` and friends. */
function foldLimitsMax(n: SyntaxNode): Folded | null {
  const t = n.text.replace(/\s+/g, '');
  const m = /numeric_limits<(\w+)>::max\(\)$/.exec(t);
  if (!m) return null;
  return /64|size_t|long long/i.test(m[1]) ? { v: MASK64, wide: true } : { v: MASK32, wide: false };
}
