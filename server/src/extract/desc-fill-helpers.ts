// Helpers of the file that fill a desc the caller hands them (`FillResourceDescForBuffer(desc, size)`,
// `MakeUploadHeapProps(&props)`): a function whose parameter is a non-const reference or pointer, called with a
// resource desc, heap properties, heap desc or allocation desc of the caller. The helper's body is walked with that
// parameter bound to a fresh struct of the argument's kind and its other parameters bound to the caller's plain
// arguments (names and literals; anything else is unknown), and what it leaves in the struct is what the caller's
// struct holds after the call. Without this, the call made the caller's desc unknown: a buffer desc filled by a
// helper had no dimension, so creation checks stayed silent. Branches in the helper leave the members they decide
// unknown, as in any function; a helper defined more than once in the file (overloads) is not followed.
import type { StructKind } from '../model/structs';
import { STRUCT_LAYOUTS } from '../model/structs';
import type { SyntaxNode } from './node';
import type { FileCtx, FnCtx } from './context';
import { evalValue } from './context';
import type { AVal } from './values';
import { cloneVal, getMember, makeStruct } from './values';
import { rangeOf, unwrapValue } from './syntax';

/** The struct kinds a fill helper is followed for: creation inputs, whose members are plain values. */
export const FILLED_KINDS: ReadonlySet<StructKind> = new Set<StructKind>(['desc', 'heap-props', 'heap-desc', 'allocation-desc']);

export interface FillTarget {
  name: string;
  params: string[];
  paramTypes: string[];
  body: SyntaxNode;
}

export interface FillRunner {
  /** A fresh function context over a scratch copy of the file, for walking a helper's body. */
  context(file: FileCtx, target: FillTarget): FnCtx;
  walk(body: SyntaxNode, ctx: FnCtx): void;
}

/** `T& p` / `T* p` without const: the helper may write the caller's struct. */
const WRITABLE = /[&*]\s*$/;
const MAX_DEPTH = 2;
/** A fill helper is short; a long function taking a desc by reference is walked at its own definition only. */
const MAX_BODY = 4000;

/**
 * Builds the file's fill-helper lookup: (callee name, arguments, index of the struct argument, its kind, the
 * caller's argument values) → the struct the helper leaves, or undefined when the helper cannot be followed.
 */
export function fillHelpers(targets: FillTarget[], file: FileCtx, runner: FillRunner): NonNullable<FileCtx['fillHelper']> {
  const byName = new Map<string, FillTarget | null>();
  for (const t of targets) byName.set(t.name, byName.has(t.name) ? null : t);
  let depth = 0;
  return (name, argCount, index, kind, values) => {
    const target = byName.get(name);
    if (!target || target.params.length !== argCount || depth >= MAX_DEPTH || target.body.text.length > MAX_BODY) return undefined;
    const type = target.paramTypes[index] ?? '';
    if (!WRITABLE.test(type) || /\bconst\b/.test(type) || !target.params[index]) return undefined;
    const scratch: FileCtx = { ...file, sites: [], problems: [], reported: new Set() };
    const ctx = runner.context(scratch, target);
    const fresh = makeStruct(kind, rangeOf(target.body), -1, false);
    const byPointer = type.trim().endsWith('*');
    target.params.forEach((p, i) => {
      if (!p) return;
      if (i === index) ctx.env.set(p, byPointer ? { t: 'ptr', target: fresh, index: null } : fresh);
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

const PLAIN_ARGUMENT = new Set(['identifier', 'number_literal', 'qualified_identifier', 'true', 'false', 'null', 'nullptr']);

/**
 * At a call `Fill(desc, size)` / `this->Fill(&desc)` of a helper of the file: the desc arguments the helper fills
 * take what it leaves (member by member, so branch merges and pointers to the desc see the change). Returns the
 * indexes of the arguments filled; the caller forgets the others as before.
 */
export function applyFillHelpers(name: string, callee: SyntaxNode, args: SyntaxNode[], fn: FnCtx): Set<number> {
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
    for (const m of STRUCT_LAYOUTS[v.kind].members) fn.setMember(v, m, cloneVal(getMember(out, m)), getMember(v, m));
    filled.add(i);
  });
  return filled;
}
