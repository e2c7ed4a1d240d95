// Assignments inside function bodies: to locals, struct members at any depth (through `.`, `->`, references and
// array elements), `*p`, and records; compound operators.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue, visitCalls } from './context';
import { setMemberFrom } from './brace-initializers';
import { fold, toNumber } from './constant-fold';
import { batchAppend } from './batches';
import { arrayElement, deref, indexFloor, indexValue, invariantInLoop } from './elements';
import { isStructKind, memberExpect } from './expect';
import { isResourceType, resourceRef } from './resources';
import { memberRecord, pointerToRecord, recordMember, recordOfValue, recordValue } from './records';
import { rangeOf, unwrapValue } from './syntax';
import { overwrite } from './struct-writes';
import { recordHandOver, recordRebind, recordReindex } from './rebinds';
import type { ArrayVal, AVal, StructVal } from './values';
import { cloneVal, getMember, makeStruct, numVal } from './values';
import { factoryList } from './declarators';
import { constructOwned } from './constructor-calls';
import { copied, ensureSite } from './struct-sites';
import { memberBarrier } from './member-barriers';

/**
 * Whether `n` sits inside a statement the parser could not read (an ERROR or a missing token in it). A statement
 * with a body (`for (i = 0; …; ++i) { … bug_if(x) check(…); … }`) is broken only where its own parts are: an error
 * in the body leaves its initializer, condition and update read as written.
 */
function inBrokenCode(n: SyntaxNode): boolean {
  for (let p = n.parent; p && p.type !== 'compound_statement' && p.type !== 'translation_unit'; p = p.parent) {
    if (!p.hasError) continue;
    if (!p.type.endsWith('_statement')) return true;
    return p.children.some((c) => c.hasError && !isBody(c));
  }
  return false;
}

/** A statement nested in another (a loop's or an if's body): not a part of the outer statement's own text. */
function isBody(c: SyntaxNode): boolean {
  return c.type === 'compound_statement' || (c.type.endsWith('_statement') && c.type !== 'expression_statement') || c.type === 'else_clause';
}

/** Expressions that name an existing object (a call's result is a new one: the local keeps its own name). */
const NAMES_OBJECT = new Set(['identifier', 'field_expression', 'subscript_expression']);

/** `lhs = rhs` (and compound `|=`), for locals, struct members at any depth, array elements and `*p`. */
export function handleAssignment(assign: SyntaxNode, fn: FnCtx): void {
  assignValue(assign, fn);
  const left = assign.childForFieldName('left');
  if (left) recordReindex(left, assign, fn);
}

function assignValue(assign: SyntaxNode, fn: FnCtx): void {
  const left = assign.childForFieldName('left');
  let right = assign.childForFieldName('right');
  const op = assign.childForFieldName('operator')?.text ?? '=';
  if (!left || !right) return;
  // `b[0].Type = b[1].Type = TRANSITION;`: the inner assignment happens first, and the outer one stores its value.
  if (op === '=' && right.type === 'assignment_expression' && right.childForFieldName('operator')?.text === '=') {
    handleAssignment(right, fn);
    for (let inner = right.childForFieldName('right'); inner; inner = right.childForFieldName('right')) {
      right = inner;
      if (right.type !== 'assignment_expression') break;
    }
    if (right.type === 'assignment_expression') return;
  }
  // `m_tex = std::make_unique<Texture>(dev, …)`, `m_tex = new Texture(…)`: the constructor runs on `*m_tex`.
  if (op === '=' && (left.type === 'identifier' || left.type === 'field_expression') && constructOwned(left, right, fn)) {
    if (left.type === 'identifier') fn.bind(left.text, { t: 'unknown', text: left.text, range: rangeOf(assign) }, true);
    return;
  }
  if (op === '=' && (left.type === 'identifier' || left.type === 'field_expression')) factoryList(left.text, left, right, fn, () => resourceRef(left, fn.file, fn));
  if (left.type === 'identifier') {
    // `barrier_ = {};` of a barrier struct a class member holds (member-barriers.ts).
    const prior = fn.env.get(left.text) ?? (op === '=' ? memberBarrier(left, fn, false) : undefined);
    // `T* p = nullptr;` that does not parse (an unbalanced `#if` block before it) reads as `T * (p = nullptr)`: the
    // code's meaning is not known, so neither is the value.
    if (inBrokenCode(assign)) {
      fn.bind(left.text, { t: 'unknown', text: `${left.text} (in code that does not parse)`, range: rangeOf(assign) }, true);
      return;
    }
    if (op !== '=' && unwrapValue(right).type === 'call_expression') {
      // `n += AppendTransition(&b[n], …)`: the call happens (its events, the element it fills), then n moves by
      // what it returned (fill-counts.ts), when both are known.
      const r = evalValue(right, 'any', fn);
      const [a, b] = [prior?.t === 'num' ? prior.f.value : null, r.t === 'num' && r.f.param === undefined ? r.f.value : null];
      const value = a === null || b === null ? null : op === '+=' ? a + b : op === '-=' ? a - b : null;
      fn.bind(left.text, numVal({ value, text: assign.text, range: rangeOf(assign) }), true);
      return;
    }
    if (op !== '=') {
      const combined = fold(assign, fn.file, fn);
      fn.bind(left.text, numVal({ value: combined ? toNumber(combined) : null, text: assign.text, range: rangeOf(assign) }), true);
      return;
    }
    // A local declared as a resource pointer and assigned later (`ID3D12Resource *src; … src = texture;`) names
    // what it is assigned, as its initializer would (declaredValue); `src = NULL` leaves its own name.
    const declaredResource = prior?.t !== 'struct' && prior?.t !== 'res' && NAMES_OBJECT.has(unwrapValue(right).type)
      && isResourceType(fn.types.get(left.text) ?? '');
    const expect = prior?.t === 'struct' ? prior.kind : prior?.t === 'res' || declaredResource ? 'res' : 'any';
    const evaluated = copied(evalValue(right, expect, fn), right, fn);
    const value = declaredResource && evaluated.t === 'res' && evaluated.ref.key === null ? prior ?? { t: 'unknown' as const, text: left.text, range: rangeOf(assign) } : evaluated;
    // `t = CD3DX12_TEXTURE_BARRIER(…)` after a group took `&t`: C++ copies into the same object, which the group reads.
    // `D3D12_TEXTURE_BARRIER& out = barriers[i]; out = {};`: assigning through a reference writes the element.
    const reference = /&$/.test(fn.types.get(left.text) ?? '');
    if (prior?.t === 'struct' && (prior.addressKept || reference) && value.t === 'struct' && value.kind === prior.kind && value !== prior) {
      overwrite(prior, value, assign, fn);
      return;
    }
    fn.bind(left.text, value, true);
    recordRebind(left, right, assign, fn);
    return;
  }
  if (left.type === 'field_expression' && assignThroughPath(left, op, right, assign, fn)) {
    if (op === '=') recordRebind(left, right, assign, fn);
    return;
  }
  if (left.type === 'pointer_expression' && op === '=' && assignThroughPointer(left, right, assign, fn)) return;
  if (left.type === 'pointer_expression' && op === '=') recordHandOver(left, right, assign, fn);
  if (left.type === 'subscript_expression' || left.type === 'pointer_expression') {
    const slot = lvalueSlot(left, fn);
    if (slot) {
      const v = copied(evalValue(right, slot.arr.elemKind ?? 'res', fn), right, fn);
      if (slot.index === null) slot.arr.loopElem = invariantInLoop(v.t === 'struct' ? { ...v, fromLoop: true, ...(slot.floor !== undefined ? { loopFloor: slot.floor } : {}) } : v, right, fn);
      else fn.setElement(slot.arr, slot.index, v, arrayElement(slot.arr, slot.index));
      return;
    }
    // `m_batch[m_count++] = CD3DX12_RESOURCE_BARRIER::Transition(...)`: an addition to a batch the function does not hold.
    const arrNode = left.type === 'subscript_expression' ? left.childForFieldName('argument') : null;
    if (arrNode && op === '=') {
      visitCalls(left, fn);
      if (batchAppend(arrNode, right, assign, fn)) return;
    }
  }
  visitCalls(right, fn);
  if ((left.type === 'field_expression' || left.type === 'call_expression') && op === '=') recordRebind(left, right, assign, fn);
}

/** `*out = CD3DX12_RESOURCE_BARRIER::Transition(…);` through a pointer to one struct: the struct is overwritten. */
function assignThroughPointer(left: SyntaxNode, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): boolean {
  const arg = left.child(0)?.type === '*' ? left.childForFieldName('argument') : null;
  const p = arg ? evalValue(arg, 'any', fn) : null;
  const target = p?.t === 'ptr' && p.index === null && p.target.t === 'struct' ? p.target : undefined;
  if (!target) return false;
  const v = copied(evalValue(right, target.kind, fn), right, fn);
  if (v.t !== 'struct' || v.kind !== target.kind || v === target) return false;
  overwrite(target, v, assign, fn);
  return true;
}

/**
 * `root.a.b = v` / `p->a.b = v` / `arr[i].a = v`: follow the member path from the root object to the struct that
 * holds the last member. The root (not the nested struct) is the construction site the assignment belongs to.
 */
function assignThroughPath(left: SyntaxNode, op: string, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx): boolean {
  const path: string[] = [];
  let root: SyntaxNode = left;
  while (root.type === 'field_expression' || root.type === 'parenthesized_expression') {
    if (root.type === 'parenthesized_expression') {
      if (root.namedChildCount !== 1) return false;
      root = root.namedChild(0)!;
      continue;
    }
    const field = root.childForFieldName('field')?.text;
    const arg = root.childForFieldName('argument');
    if (!field || !arg) return false;
    path.unshift(field);
    root = arg;
  }
  if (root.type === 'identifier') memberBarrier(root, fn);
  const base = evalValue(root, 'any', fn);
  const rootStruct = base.t === 'ptr' ? deref(base) : base;
  if (rootStruct.t === 'array' && rootStruct.fields) return assignRecordMember(rootStruct, path, op, right, fn);
  if (rootStruct.t !== 'struct') return false;
  let target: AVal = rootStruct;
  for (const part of path.slice(0, -1)) {
    if (target.t !== 'struct') return false;
    const parent: StructVal = target;
    const existed = parent.members.has(part);
    target = getMember(parent, part);
    if (!existed && target.t === 'struct') fn.createdWith(target, parent);
  }
  if (target.t !== 'struct') return false;
  assignMember(target, path[path.length - 1], op, right, assign, fn, rootStruct.fromLoop === true);
  ensureSite(rootStruct, assign, fn);
  if (root.type === 'subscript_expression') mayWriteEveryElement(root, rootStruct, path, fn);
  return true;
}

/**
 * `desc.before = RS_COPY_DEST;` on a record of the file (records.ts) the function holds: the member takes the value
 * (a resource member named as a resource). A deeper path or a compound assignment makes the member unknown.
 */
function assignRecordMember(root: ArrayVal, path: string[], op: string, right: SyntaxNode, fn: FnCtx): boolean {
  let rec = root;
  let shape = recordOfValue(root, fn.file.records);
  for (const part of path.slice(0, -1)) {
    const inner = recordMember(rec, part);
    if (inner?.t !== 'array' || !inner.fields) return false;
    shape = shape && memberRecord(shape, rec.fields!.indexOf(part), fn);
    rec = inner;
  }
  const last = path[path.length - 1];
  const at = rec.fields!.indexOf(last);
  if (at < 0) return false;
  const prior = rec.elems[at];
  if (op !== '=') {
    visitCalls(right, fn);
    fn.setElement(rec, at, { t: 'unknown', text: path.join('.'), range: rangeOf(right) }, prior);
    return true;
  }
  const nested = shape && right.type === 'initializer_list' ? memberRecord(shape, at, fn) : undefined;
  const evaluate = (n: SyntaxNode, resource: boolean) => evalValue(n, resource ? 'res' : 'any', fn);
  const read = nested ? recordValue(nested, right, fn, evaluate) : pointerToRecord(copied(evaluate(right, shape?.resource[at] ?? false), right, fn));
  // `d.before = d.after;` copies the nested record: a later write to one is not the other's.
  const value = !nested && read.t === 'array' && read.fields ? fn.created(cloneVal(read) as ArrayVal) : read;
  fn.setElement(rec, at, value, prior);
  return true;
}

/**
 * `b[n].Transition.pResource = r;` with `n` not known (a counter a test increments: `if (before != after) n++;`)
 * writes the array's "some element": any tracked element may be the one written. Each keeps the member only where
 * it already held the same constant; elsewhere the member is unknown — a zeroed element past the ones the code
 * filled is no longer read as a null, matching-state barrier (false #520 / #525 on a compacting fill).
 */
function mayWriteEveryElement(root: SyntaxNode, written: StructVal, path: string[], fn: FnCtx): void {
  const arrNode = root.childForFieldName('argument');
  const arr = arrNode ? evalValue(arrNode, 'any', fn) : undefined;
  if (arr?.t !== 'array' || arr.loopElem !== written || arr.elems.length === 0) return;
  const member = path[path.length - 1];
  const v = memberAt(written, path);
  for (const e of arr.elems) {
    if (e?.t !== 'struct') continue;
    let target: AVal = e;
    for (const part of path.slice(0, -1)) target = target.t === 'struct' ? getMember(target, part) : target;
    if (target.t !== 'struct') continue;
    const old = target.members.get(member);
    if (old?.t === 'num' && v?.t === 'num' && old.f.value !== null && old.f.value === v.f.value) continue;
    fn.setMember(target, member, { t: 'unknown', text: `${root.text}.${path.join('.')} (element not known)`, range: rangeOf(root) }, old ?? getMember(target, member));
  }
}

function memberAt(s: StructVal, path: string[]): AVal | undefined {
  let cur: AVal | undefined = s;
  for (const part of path) cur = cur?.t === 'struct' ? cur.members.get(part) : undefined;
  return cur;
}

function assignMember(s: StructVal, member: string, op: string, right: SyntaxNode, assign: SyntaxNode, fn: FnCtx, loopElement = false): void {
  const prior = s.members.get(member) ?? numVal({ value: s.zeroInit ? 0 : null, text: member, range: s.range, ...(s.zeroInit ? { origin: 'value-init' as const } : {}) });
  if (op !== '=') {
    const folded = fold(right, fn.file, fn);
    const before = prior.t === 'num' ? prior.f.value : null;
    const value = folded && before !== null ? applyCompound(op, before, toNumber(folded)) : null;
    fn.setMember(s, member, numVal({ value, text: assign.text, range: rangeOf(right) }), prior);
    return;
  }
  const expect = memberExpect(s.kind, member);
  if (right.type === 'initializer_list' && isStructKind(expect)) {
    const tmp = makeStruct(s.kind, rangeOf(assign), -1, true);
    setMemberFrom(tmp, member, right, fn);
    fn.setMember(s, member, tmp.members.get(member)!, prior);
    return;
  }
  if (isStructKind(expect)) {
    fn.setMember(s, member, copied(evalValue(right, expect, fn), right, fn), prior);
    return;
  }
  // Assign on a copy, then apply only what changed (a group's pointer must not reset its Type).
  const holder: StructVal = { ...s, members: new Map(s.members) };
  setMemberFrom(holder, member, right, fn);
  for (const [k, v] of holder.members) {
    if (v !== s.members.get(k)) fn.setMember(s, k, loopElement ? invariantInLoop(v, right, fn) : v, s.members.get(k) ?? prior);
  }
}

function applyCompound(op: string, a: number, b: number): number | null {
  const A = a >= 2 ** 64 ? 0xffffffffffffffffn : BigInt(a);
  const B = b >= 2 ** 64 ? 0xffffffffffffffffn : BigInt(b);
  const r = op === '|=' ? A | B : op === '&=' ? A & B : op === '^=' ? A ^ B : op === '+=' ? A + B : op === '-=' ? A - B : null;
  return r === null ? null : Number(r & 0xffffffffffffffffn);
}

function lvalueSlot(left: SyntaxNode, fn: FnCtx): { arr: ArrayVal; index: number | null; floor?: number } | undefined {
  if (left.type === 'pointer_expression') {
    const arg = left.childForFieldName('argument');
    const p = arg && left.child(0)?.type === '*' ? evalValue(arg, 'any', fn) : undefined;
    if (p?.t === 'ptr' && p.target.t === 'array') return { arr: p.target, index: p.index };
    return undefined;
  }
  const arrNode = left.childForFieldName('argument');
  const idx = left.childForFieldName('indices')?.namedChildren[0] ?? left.childForFieldName('index');
  if (!arrNode || !idx) return undefined;
  const base = evalValue(arrNode, 'any', fn);
  const arr = base.t === 'array' ? base : base.t === 'ptr' && base.target.t === 'array' ? base.target : undefined;
  if (!arr) return undefined;
  const index = indexValue(idx, fn);
  const offset = base.t === 'ptr' ? base.index : 0;
  if (index !== null) return { arr, index: index + (offset ?? 0) };
  const floor = offset === null ? undefined : indexFloor(idx, fn);
  return { arr, index: null, ...(floor !== undefined ? { floor: floor + (offset ?? 0) } : {}) };
}
