// Array elements and pointers into arrays: `arr[i]`, `&arr[k]`, `*p`, and the index expressions that select them
// (`barriers[n++]` reads and increments a known counter). Elements are created on demand.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { fold, toNumber } from './constant-fold';
import { rangeOf, unwrapValue } from './syntax';
import type { ArrayVal, AVal, StructVal } from './values';
import { getMember, numVal } from './values';
import { STRUCT_LAYOUTS } from '../model/structs';

/** Array elements tracked one by one; an index at or past this is symbolic (unknown element). */
export const MAX_TRACKED_ELEMENTS = 4096;

export function deref(p: { t: 'ptr'; target: AVal; index: number | null }): AVal {
  if (p.target.t !== 'array') return p.target;
  return arrayElement(p.target, p.index, rangeOf0(p.target));
}

function rangeOf0(a: ArrayVal) {
  return a.range;
}

/**
 * Element `index` of an array (null index: "some element" written in a loop). Created on demand; the loop element
 * is created where it is first used (inside the loop), so what the loop writes to it is not merged with "not run".
 */
export function arrayElement(a: ArrayVal, index: number | null, range = a.range, fn?: FnCtx): AVal {
  // NOTE: elements past MAX_TRACKED_ELEMENTS are "some element" (symbolic), so the work and memory of an
  // analysis never depend on a constant in the input (`b[100000000] = ...`).
  if (index !== null && (index < 0 || index >= MAX_TRACKED_ELEMENTS || !Number.isSafeInteger(index))) index = null;
  if (index === null) {
    if (!a.loopElem && a.elemKind) {
      // Over an array that already holds elements, "some element" is one of them, not a barrier built here.
      const elem: StructVal = { ...newElement(a, range), fromLoop: true, ...(a.elems.length > 0 ? { standIn: true } : {}) };
      a.loopElem = fn ? fn.created(elem) : elem;
    }
    return a.loopElem ?? { t: 'unknown', text: 'element', range };
  }
  // A container has only the elements appended to it: past them, `v[0]` of one filled in a loop is the loop's
  // "some element", and otherwise nothing known (it was read as a zeroed barrier: false #520 / #525).
  // `std::array<T, 3>` holds its declared elements from the start.
  if (a.container && index >= a.elems.length && !(a.length !== null && index < a.length && !a.loopElem)) return a.loopElem ?? { t: 'unknown', text: `element ${index}`, range };
  if (a.loopElem?.t === 'struct' && a.elems.length === 0) spreadLoopElement(a, a.loopElem, range);
  while (a.elems.length <= index && a.elemKind) a.elems.push(newElement(a, range));
  return a.elems[index] ?? { t: 'unknown', text: `element ${index}`, range };
}

/**
 * `T b[2] = {}; for (i…) b[i].X = …; b[0].pResource = a;`: once one element is named, the loop's "some element" is
 * what it wrote into each element of the array (no extra barrier). Known constants are copied; values that may
 * differ per iteration (`res[i]`) become unknown, never null. Arrays of unknown length keep their loop element.
 */
function spreadLoopElement(a: ArrayVal, written: StructVal, range: ReturnType<typeof rangeOf>): void {
  if (a.container || a.length === null || a.length > 64 || !a.elemKind) return;
  for (let k = 0; k < a.length; k++) {
    const e: StructVal = { ...newElement(a, range), fromLoop: true };
    copyWritten(e, written, range);
    a.elems.push(e);
  }
  // The loop's element now stands for the elements: it is no barrier of its own (extract.ts skips its site).
  written.standIn = true;
  a.loopElem = undefined;
}

function copyWritten(target: StructVal, written: StructVal, range: ReturnType<typeof rangeOf>): void {
  for (const [member, v] of written.members) {
    if (v.t === 'struct') {
      const nested: StructVal = { ...v, members: new Map(), zeroInit: target.zeroInit, range };
      copyWritten(nested, v, range);
      target.members.set(member, nested);
    } else if (v.t === 'num' && v.f.value !== null && v.f.param === undefined) target.members.set(member, v);
    else if (v.t === 'res' && loopInvariant.has(v)) target.members.set(member, v);
    else if (v.t === 'res') target.members.set(member, { t: 'res', ref: { key: null, text: `${member} (written in a loop)`, range, unknown: true } });
    else target.members.set(member, numVal({ value: null, text: `${member} (written in a loop)`, range }));
  }
}

/** Resources a loop wrote to its "some element" that are the same on every iteration (`b[i].pResource = tex`). */
const loopInvariant = new WeakSet<AVal>();

/**
 * A value written to a loop's "some element" (`b[i].pResource = tex`, `b[i] = CD3DX12_…(…, tex, …)`): when the
 * written expression uses none of the names an enclosing loop rebinds (its counter, body locals, assigned names),
 * the resources in it are the same on every iteration, so every element the loop filled names them. `list[i]`, a
 * body local or a name reassigned in the loop stays one resource per iteration (unknown afterwards).
 */
export function invariantInLoop(v: AVal, expr: SyntaxNode, fn: FnCtx): AVal {
  if (fn.loopVarying.length === 0 || (v.t !== 'res' && v.t !== 'struct')) return v;
  const names = [expr, ...expr.descendantsOfType(['identifier', 'field_identifier'])].filter((n) => n.type === 'identifier' || n.type === 'field_identifier');
  if (names.some((n) => fn.loopVarying.some((set) => set.has(n.text)))) return v;
  return markInvariant(v);
}

function markInvariant(v: AVal): AVal {
  if (v.t === 'res') {
    if (v.ref.key === null || v.ref.unknown) return v;
    const fresh: AVal = { t: 'res', ref: v.ref };
    loopInvariant.add(fresh);
    return fresh;
  }
  if (v.t === 'struct') for (const [k, m] of v.members) if (m.t === 'res' || m.t === 'struct') v.members.set(k, markInvariant(m));
  return v;
}

function newElement(a: ArrayVal, range: ReturnType<typeof rangeOf>): StructVal {
  return { t: 'struct', kind: a.elemKind!, members: new Map(), zeroInit: a.zeroInit, site: -1, range };
}

/** The array and index `arr[i]` denotes (index null: unknown, "some element"), or undefined when not an array. */
export function elementSlot(n: SyntaxNode, fn: FnCtx): { arr: ArrayVal; index: number | null } | undefined {
  const arrNode = n.childForFieldName('argument');
  const idxNode = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
  if (!arrNode || !idxNode) return undefined;
  const base = evalValue(arrNode, 'any', fn);
  const arr = base.t === 'ptr' && base.target.t === 'array' ? base.target : base.t === 'array' ? base : undefined;
  if (!arr) return undefined;
  const index = indexValue(idxNode, fn);
  const offset = base.t === 'ptr' ? base.index ?? 0 : 0;
  return { arr, index: index !== null ? index + offset : null };
}

/** An index; `n++` yields the current value and increments a known counter (`barriers[n++] = ...`). */
export function indexValue(idx: SyntaxNode, fn: FnCtx): number | null {
  if (idx.type === 'update_expression') {
    const arg = idx.childForFieldName('argument');
    const cur = arg?.type === 'identifier' ? fn.env.get(arg.text) : undefined;
    if (arg && cur?.t === 'num' && cur.f.value !== null) {
      const step = stepped(idx, cur.f.value);
      fn.bind(arg.text, numVal({ ...cur.f, value: step.next }));
      return step.value;
    }
    if (arg?.type === 'identifier') fn.bind(arg.text, numVal({ value: null, text: arg.text, range: rangeOf(arg) }));
    if (arg?.type === 'field_expression') return memberCounter(idx, arg, fn);
    return null;
  }
  const folded = fold(idx, fn.file, fn);
  return folded ? toNumber(folded) : null;
}

/**
 * `bufs[group.NumBarriers++] = …` (a C translation layer counting into the group it submits): the member of a struct
 * the function follows is the counter, incremented like a local one; unknown from here on when its value is not.
 */
function memberCounter(idx: SyntaxNode, arg: SyntaxNode, fn: FnCtx): number | null {
  const objNode = arg.childForFieldName('argument');
  const field = arg.childForFieldName('field')?.text;
  const obj = objNode ? evalValue(objNode, 'any', fn) : undefined;
  const s = obj?.t === 'ptr' ? deref(obj) : obj;
  if (!field || s?.t !== 'struct' || !STRUCT_LAYOUTS[s.kind].members.includes(field)) return null;
  const cur = getMember(s, field);
  if (cur.t !== 'num' || cur.f.value === null) {
    fn.setMember(s, field, numVal({ value: null, text: arg.text, range: rangeOf(arg) }), cur);
    return null;
  }
  const step = stepped(idx, cur.f.value);
  fn.setMember(s, field, numVal({ value: step.next, text: idx.text, range: rangeOf(idx) }), cur);
  return step.value;
}

/** `n++` / `--n` on a counter holding `current`: the expression's value and the counter's value after it. */
function stepped(idx: SyntaxNode, current: number): { value: number; next: number } {
  const postfix = idx.child(0)?.type !== '++' && idx.child(0)?.type !== '--';
  const next = current + (idx.text.includes('++') ? 1 : -1);
  return { value: postfix ? current : next, next };
}

/**
 * `Create…(…, IID_PPV_ARGS(&rt[0]))`, `(void **)&rt[1]`, `Fill(&ptrs[2])`: an element of an array of pointers (or
 * numbers) handed over by address may be written by the callee, so what the declaration put there (`= {0}`, a null)
 * is no longer known. Structs are left alone (their members are forgotten one by one elsewhere). `ppv` unwraps the
 * riid/out-pointer macro around the address; `decayed` also takes an array named whole (`IID_PPV_ARGS(rt)`, the
 * out pointer of a creation) as its first element. True when an element was forgotten.
 */
export function forgetAddressedElement(arg: SyntaxNode, fn: FnCtx, opts: { ppv: (call: SyntaxNode) => SyntaxNode | undefined; decayed?: boolean }): boolean {
  let n = unwrapValue(arg);
  const inner = n.type === 'call_expression' ? opts.ppv(n) : undefined;
  if (inner) n = unwrapValue(inner);
  const slot = addressedSlot(n, fn, opts.decayed === true);
  if (!slot || slot.index === null || slot.arr.container || slot.index >= MAX_TRACKED_ELEMENTS) return false;
  const prior = slot.arr.elems[slot.index];
  if (!prior || prior.t === 'struct' || prior.t === 'unknown') return false;
  fn.setElement(slot.arr, slot.index, { t: 'unknown', text: `${n.text} (written by the callee)`, range: rangeOf(n) }, prior);
  return true;
}

/** The element `&arr[k]` points at, or (decayed) element 0 of an array named whole. */
function addressedSlot(n: SyntaxNode, fn: FnCtx, decayed: boolean): { arr: ArrayVal; index: number | null } | undefined {
  if (decayed && n.type === 'identifier') {
    const v = fn.env.get(n.text);
    return v?.t === 'array' ? { arr: v, index: 0 } : undefined;
  }
  if (n.type !== 'pointer_expression' || n.child(0)?.type !== '&') return undefined;
  const sub = n.childForFieldName('argument');
  const target = sub ? unwrapValue(sub) : undefined;
  return target?.type === 'subscript_expression' ? elementSlot(target, fn) : undefined;
}

/** Integer types whose values are never negative (`UINT i`, `size_t i`). */
const UNSIGNED_TYPE = /^(?:const\s+)?(?:unsigned\b|UINT(?:8|16|32|64)?\b|uint(?:8|16|32|64)?_t\b|size_t\b|DWORD\b|u(?:8|16|32|64)\b)/;

/**
 * The least index `arr[c + i]` / `arr[i + c]` can denote when its index is not known: `c` a constant and `i` a name
 * that is never negative — of an unsigned type, or the counter of the enclosing `for` that starts at a constant
 * >= 0, only counts up, and is not written in the loop's body. Undefined when no floor is provable.
 */
export function indexFloor(idx: SyntaxNode, fn: FnCtx): number | undefined {
  const e = unwrapValue(idx);
  if (e.type !== 'binary_expression' || e.childForFieldName('operator')?.type !== '+') return undefined;
  const l = e.childForFieldName('left');
  const r = e.childForFieldName('right');
  if (!l || !r) return undefined;
  for (const [c, v] of [[l, r], [r, l]] as const) {
    const folded = fold(c, fn.file, fn);
    const k = folded ? toNumber(folded) : null;
    if (k === null || k < 0 || unwrapValue(v).type !== 'identifier') continue;
    if (neverNegative(unwrapValue(v), fn)) return k;
  }
  return undefined;
}

function neverNegative(name: SyntaxNode, fn: FnCtx): boolean {
  if (UNSIGNED_TYPE.test(fn.types.get(name.text) ?? '')) return true;
  const id = name.text;
  for (let n = name.parent; n && n.type !== 'function_definition' && n.type !== 'lambda_expression'; n = n.parent) {
    if (n.type !== 'for_statement') continue;
    const init = n.childForFieldName('initializer');
    if (!init || !new RegExp(`(?:^|[^\\w.>])${id}\\b`).test(init.text)) continue;
    const update = n.childForFieldName('update');
    const body = n.childForFieldName('body');
    const starts = new RegExp(`(?:^|[^\\w.>])${id}\\s*=\\s*\\d+[uUlL]*\\s*;?$`).test(init.text.trim());
    const up = !!update && new RegExp(`^(?:${id}\\s*\\+\\+|\\+\\+\\s*${id}|${id}\\s*\\+=\\s*\\d+[uUlL]*)$`).test(update.text.trim());
    const written = !body || new RegExp(`--\\s*${id}\\b|\\b${id}\\s*(?:--|\\+\\+|<<=|>>=|[-+*/%&|^]?=(?!=))|&\\s*${id}\\b`).test(body.text);
    return starts && up && !written;
  }
  return false;
}
