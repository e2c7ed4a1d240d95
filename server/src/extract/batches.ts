// Batch classes: barriers added to a container the function does not own (a member `std::vector` or array, a
// container parameter) and submitted later by another call (`Add(...)` … `Flush(cl)`, MiniEngine's
// m_ResourceBarrierBuffer[m_NumBarriersToFlush++] … FlushResourceBarriers()). Each addition is a 'batch-add' event
// naming the container; a ResourceBarrier call whose array is such a container names it too, and the tracker
// applies what was added at that call (track/apply.ts).
import type { SyntaxNode } from './node';
import type { BatchAddEvent, ResourceRef, Stmt } from './facts';
import type { FnCtx } from './context';
import { evalValue } from './context';
import type { AVal, StructVal } from './values';
import type { Expect } from './expect';
import { barrierFromStruct } from './barrier-facts';
import { forEachEvent } from './events';
import { resourceRef } from './resources';
import { ownGetterReference } from './getter-references';
import { typeOfExpr } from './types';
import { DATA_METHODS } from './container-sizes';
import { argumentNodes, calleeName, definitionDeclarator, isSubmitCall, rangeOf, rootName, unwrapValue } from './syntax';
import { EMPTY_METHOD_ALTERNATION, notEmptyCalls } from './emptiness-tests';

const BARRIER_KINDS = new Set(['legacy', 'legacy-transition', 'legacy-uav', 'legacy-aliasing', 'texture', 'buffer', 'global']);
const DATA = new Set([...DATA_METHODS, 'begin']);
/** The barrier kind a container's declared element type holds (`std::vector<D3D12_TEXTURE_BARRIER>` → texture). */
const CONTAINER_KIND: readonly [RegExp, Expect][] = [
  [/\b(?:CD3DX12|D3D12)_RESOURCE_BARRIER\b/, 'legacy'],
  [/\b(?:CD3DX12|D3D12)_TEXTURE_BARRIER\b/, 'texture'],
  [/\b(?:CD3DX12|D3D12)_BUFFER_BARRIER\b/, 'buffer'],
  [/\b(?:CD3DX12|D3D12)_GLOBAL_BARRIER\b/, 'global'],
];

/** The container an expression names when the function does not hold its contents (member, parameter, global). */
export function batchContainer(node: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const n = unwrapValue(node);
  // `Texture::s_batch`: a class-wide container (FileCtx.staticMembers), named by the class's methods as `s_batch`.
  if (n.type === 'qualified_identifier') return staticContainer(n, fn);
  if (n.type !== 'identifier' && n.type !== 'field_expression') return undefined;
  const root = rootName(n);
  if (!root || (fn.env.has(root) && !fn.params.includes(root) && !ownGetterReference(root, fn))) return undefined;
  if (evalValue(n, 'any', fn).t === 'array') return undefined;
  const ref = resourceRef(n, fn.file, fn);
  return ref.key ? ref : undefined;
}

function staticContainer(n: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const ref = resourceRef(n, fn.file, fn);
  return ref.key && fn.file.staticMembers?.has(ref.key) ? ref : undefined;
}

/**
 * `m_items` (declared `D3D12_TEXTURE_BARRIER m_items[16]`, or a container of them) where a group points: the batch
 * it names, as an unknown value (what was added is submitted with the group). Undefined for any other expression, or
 * one whose declared type holds other barriers.
 */
export function declaredBatch(node: SyntaxNode, kind: Expect, fn: FnCtx): AVal | undefined {
  const n = firstElementOf(unwrapValue(node));
  const declared = n.type === 'identifier' || n.type === 'field_expression' ? typeOfExpr(n, fn) ?? '' : '';
  if (CONTAINER_KIND.find(([re]) => re.test(declared))?.[1] !== kind) return undefined;
  const batch = batchContainer(n, fn);
  return batch ? { t: 'unknown', text: n.text, range: rangeOf(n), batch } : undefined;
}

/** `&m_items[0]` → `m_items`; any other expression as it is. */
function firstElementOf(n: SyntaxNode): SyntaxNode {
  const inner = n.type === 'pointer_expression' && n.child(0)?.type === '&' ? n.childForFieldName('argument') : null;
  const s = inner ? unwrapValue(inner) : null;
  const idx = s?.type === 'subscript_expression' ? s.childForFieldName('indices')?.namedChildren[0] ?? s.childForFieldName('index') : null;
  const arr = s?.childForFieldName('argument');
  return arr && idx?.text.trim() === '0' ? unwrapValue(arr) : n;
}

/** The container a ResourceBarrier call's array argument names: `m_buf`, `m_buf.data()`, `&m_buf[0]`. */
export function submittedContainer(arg: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  let n = unwrapValue(arg);
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') {
    const first = firstElementOf(n);
    if (first === n) return undefined;
    n = first;
  } else if (n.type === 'call_expression') {
    const f = n.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
    if (name && argumentNodes(n).length === 0 && fn.file.containerGetters?.has(name)) return getterContainer(n, fn);
    if (!obj || !name || !DATA.has(name) || argumentNodes(n).length !== 0) return undefined;
    n = obj;
  }
  return batchContainer(n, fn);
}

/** `collection.D3DBarriers()` of a getter returning `mD3DBarriers.data()`: the container `collection.mD3DBarriers`. */
function getterContainer(call: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const ref = resourceRef(call, fn.file, fn, fn.file.containerGetters);
  return ref.key && ref.key !== call.text.replace(/\s+/g, '') ? ref : undefined;
}

/**
 * `for (auto& b : m_items) { if (b.Type == D3D12_RESOURCE_BARRIER_TYPE_TRANSITION) std::swap(b.Transition.StateBefore,
 * b.Transition.StateAfter); }` over a batch container (a batch class's "reverse the transitions" method, called between
 * two submits of the same batch): the container it reverses. Undefined for any other loop — one that does anything
 * besides that one swap is walked as before.
 */
export function reverseLoop(n: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  if (n.type !== 'for_range_loop') return undefined;
  const right = n.childForFieldName('right');
  const decl = n.childForFieldName('declarator');
  const body = n.childForFieldName('body');
  if (!right || !body || decl?.type !== 'reference_declarator') return undefined;
  const name = decl.namedChildren[decl.namedChildren.length - 1];
  if (name?.type !== 'identifier') return undefined;
  const calls = body.type === 'call_expression' ? [body] : body.descendantsOfType('call_expression');
  if (calls.length !== 1 || body.descendantsOfType(['assignment_expression', 'update_expression']).length) return undefined;
  const f = calls[0].childForFieldName('function');
  if (!f || !/^(?:std\s*::\s*)?swap$/.test(f.text)) return undefined;
  const args = argumentNodes(calls[0]).map((a) => a.text.replace(/\s+/g, ''));
  const field = (m: string) => `${name.text}.Transition.${m}`;
  if (args.length !== 2 || !args.includes(field('StateBefore')) || !args.includes(field('StateAfter'))) return undefined;
  return batchContainer(right, fn);
}

/** The node is inside a `const` member function: it cannot empty a member container. */
export function inConstMethod(n: SyntaxNode): boolean {
  let p: SyntaxNode | null = n.parent;
  while (p && p.type !== 'function_definition' && p.type !== 'lambda_expression') p = p.parent;
  const d = p?.type === 'function_definition' ? definitionDeclarator(p) : null;
  return !!d?.namedChildren.some((c) => c.type === 'type_qualifier' && c.text === 'const');
}

function isBarrier(v: AVal): v is StructVal {
  return v.t === 'struct' && BARRIER_KINDS.has(v.kind);
}

/** Record that `value` (a barrier struct, legacy or enhanced) was added to `container`; false when it is not one. */
export function addToBatch(container: ResourceRef, value: AVal, at: SyntaxNode, fn: FnCtx): boolean {
  if (!isBarrier(value)) return false;
  const e: BatchAddEvent = { kind: 'batch-add', site: -1, range: rangeOf(at), container, barriers: [], live: value };
  fn.events.push(e);
  return true;
}

/** `v.push_back(b)` / `arr[n++] = b` on a container the function does not hold. */
export function batchAppend(containerNode: SyntaxNode, valueNode: SyntaxNode, at: SyntaxNode, fn: FnCtx): AVal | undefined {
  const container = batchContainer(containerNode, fn);
  if (!container) return undefined;
  // `m_ranges.push_back({ 0, true })` on a container declared elsewhere: a brace list is a barrier only when the
  // container's declared element type says so (otherwise every field would be invented from the wrong struct).
  const declared = typeOfExpr(containerNode, fn) ?? '';
  const kind = CONTAINER_KIND.find(([re]) => re.test(declared))?.[1];
  if (unwrapValue(valueNode).type === 'initializer_list' && !kind) return undefined;
  const v = evalValue(valueNode, kind ?? 'legacy', fn);
  if (addToBatch(container, v, at, fn)) return v;
  return kind ? unreadableAdd(container, at, fn) : undefined;
}

/**
 * An addition whose barrier cannot be read (`m_queue.push_back(b)` with `b` a `const D3D12_RESOURCE_BARRIER&`
 * parameter the caller's barrier does not reach) to a container declared to hold barriers: the submit may transition
 * any resource. Returns undefined (no value for the caller to use).
 * NOTE: only for a container whose declared type says it holds barriers: the adds of every other member container
 * (`m_items.push_back(x)`) as batch events multiplied the tracker's states (bgfx's `submit` went over its budget).
 */
function unreadableAdd(container: ResourceRef, at: SyntaxNode, fn: FnCtx): undefined {
  fn.events.push({ kind: 'batch-add', site: -1, range: rangeOf(at), container, barriers: [], unreadable: true });
  return undefined;
}

/** After a function is walked: each addition takes the barrier as the function left it (fields set after the add). */
export function finalizeBatches(s: Stmt): void {
  forEachEvent(s, (e) => {
    if (e.kind !== 'batch-add' || !e.live) return;
    const fact = barrierFromStruct(e.live as StructVal);
    e.barriers = fact ? [fact] : [];
    delete e.live;
  });
}

/**
 * `if (!m_barriers.empty()) { cl->ResourceBarrier(n, m_barriers.data()); ... }`, `if (m_count > 0) ...`: the test of
 * a submit is whether the batch holds anything. Returns the container, so the tracker follows the submit when it
 * knows barriers are pending (and does not invent a path that skips them).
 */
export function emptinessGuard(cond: SyntaxNode | null, then: Stmt): ResourceRef | undefined {
  if (!cond) return undefined;
  let submit: { batch?: ResourceRef; count: { text: string } } | undefined;
  const find = (t: Stmt): void => {
    if (submit) return;
    if (t.k === 'seq') t.body.forEach(find);
    else if (t.k === 'event' && t.event.kind === 'resource-barrier-call' && t.event.batch) submit = t.event;
  };
  find(then);
  if (!submit?.batch) return undefined;
  const text = cond.text.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1').replace(/this->/g, '');
  const c = submit.batch.text.replace(/\s+/g, '').replace(/this->/g, '');
  const n = submit.count.text.replace(/\s+/g, '').replace(/^static_cast<\w+>\((.*)\)$/, '$1').replace(/^\(\w+\)/, '').replace(/this->/g, '');
  const tests = [...notEmptyCalls(c), `${c}.size()>0`, `${c}.size()!=0`, `${c}.size()`, `${n}>0`, `${n}!=0`, `${n}`, `0<${n}`, `${n}>=1`, `${c}.Num()>0`];
  return tests.includes(text) ? submit.batch : undefined;
}

/**
 * `if (!v.empty()) cl->ResourceBarrier(UINT(v.size()), v.data());` (also `v.size() > 0`, `n > 0` with the call's count
 * `n`), no else, and nothing else recorded in the branch: the test only skips a call that would submit nothing, so
 * the branch is followed whenever the test is undecided. Otherwise the tracker invents a path where the barriers
 * were added but never submitted.
 */
export function emptyArrayGuard(cond: SyntaxNode | null, then: Stmt, body: SyntaxNode | null): boolean {
  if (!cond || !body) return false;
  const events: Stmt[] = [];
  const find = (t: Stmt): void => {
    if (t.k === 'seq') t.body.forEach(find);
    else if (t.k === 'event') events.push(t);
    // Path bookkeeping (a fact ends, a value is stored) records nothing.
    else if (t.k !== 'forget' && t.k !== 'write') {
      // One submission of per-path lists (container-paths.ts submissionStmt) is one call.
      const one = oneSubmission(t);
      if (one) events.push(one);
      else events.push(t, t);
    }
  };
  find(then);
  const only = events.length === 1 && events[0].k === 'event' ? events[0].event : undefined;
  if (!only || (only.kind !== 'resource-barrier-call' && only.kind !== 'barrier-call') || !only.count.text) return false;
  const call = body.type === 'call_expression' ? body : body.descendantsOfType('call_expression').find(isSubmitCall);
  const args = call ? argumentNodes(call) : [];
  if (args.length !== 2) return false;
  const { arr, n } = submitOperands(only.count.text, args[1].text);
  if (!/^[\w.>-]+$/.test(arr)) return false;
  const text = norm(cond.text).replace(/^\((.*)\)$/, '$1');
  const tests = [...notEmptyCalls(arr), `${arr}.size()>0`, `${arr}.size()!=0`, `${arr}.size()`, `${arr}.Num()>0`, `${n}>0`, `${n}!=0`, `0<${n}`, `${n}>=1`];
  // A bare `if (n)` only where n is the count, not an arbitrary flag.
  return tests.includes(text) || (text === n && /^\w+$/.test(n) && n !== 'true');
}

const norm = (t: string) => t.replace(/\s+/g, '').replace(/this->/g, '');

/** The calls of one submission of per-path lists (an if whose every branch is that call): one of them. */
function oneSubmission(t: Stmt): Stmt | undefined {
  if (t.k === 'event') return t.event.kind === 'resource-barrier-call' ? t : undefined;
  if (t.k !== 'if' || !t.else) return undefined;
  const [a, b] = [oneSubmission(t.then), oneSubmission(t.else)];
  return a?.k === 'event' && b?.k === 'event' && a.event.site === b.event.site ? a : undefined;
}

/** A submit's count and array operands as texts to compare: `&v[0]`/`v.data()` → v, `static_cast<UINT>(n)` → n. */
function submitOperands(count: string, array: string): { arr: string; n: string } {
  return {
    arr: norm(array).replace(/^&(.*)\[0\]$/, '$1').replace(/\.(data|begin|Data|GetData)\(\)$/, ''),
    n: norm(count).replace(/^static_cast<\w+>\((.*)\)$/, '$1').replace(/^\(\w+\)/, '').replace(/^\w+\((.*)\)$/, '$1'),
  };
}

/**
 * `if (m_v.empty()) return;` (also `m_v.size() == 0`, `!m_count`, `m_count == 0` with `m_count` the count of the
 * submit that follows in the same block) before a submit of a batch the function does not hold: the early return is
 * taken only when nothing is pending. Returns the container.
 */
/** `v.empty()` (each spelling), `v.size() == 0`, `v.Num() == 0`: the container tested. */
const EMPTIED = new RegExp(`^([\\w.>-]+?)(?:\\.(?:${EMPTY_METHOD_ALTERNATION})\\(\\)|\\.size\\(\\)==0|\\.Num\\(\\)==0)$`);

export function emptyReturnGuard(n: SyntaxNode, fn: FnCtx): ResourceRef | undefined {
  const then = n.childForFieldName('consequence');
  const ret = then?.type === 'compound_statement' && then.namedChildCount === 1 ? then.namedChild(0) : then;
  const cond = n.childForFieldName('condition');
  if (ret?.type !== 'return_statement' || ret.namedChildCount > 0 && ret.namedChild(0)?.type !== 'false' || !cond) return undefined;
  const text = cond.text.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1').replace(/this->/g, '');
  const emptied = EMPTIED.exec(text)?.[1];
  const counted = emptied ? undefined : /^(?:!([\w.>-]+)|([\w.>-]+)==0|0==([\w.>-]+))$/.exec(text);
  const count = counted ? counted[1] ?? counted[2] ?? counted[3] : undefined;
  if (!emptied && !count) return undefined;
  const later = (n.parent?.namedChildren ?? []).filter((stmt) => stmt.startIndex > n.startIndex);
  for (const stmt of later) {
    for (const call of stmt.descendantsOfType('call_expression')) {
      const args = isSubmitCall(call) ? argumentNodes(call) : [];
      if (args.length !== 2) continue;
      const { arr, n: n2 } = submitOperands(args[0].text, args[1].text);
      if (emptied ? arr === emptied : n2 === count) return submittedContainer(args[1], fn);
    }
  }
  return emptied ? groupedContainer(later, emptied, fn) : undefined;
}

/**
 * A Barrier group built from the container after the test (`group.pTextureBarriers = m_textures.data();`, a
 * CD3DX12_BARRIER_GROUP of it) and submitted in the same block: the container.
 */
function groupedContainer(later: SyntaxNode[], emptied: string, fn: FnCtx): ResourceRef | undefined {
  if (!later.some((stmt) => stmt.descendantsOfType('call_expression').some((c) => calleeName(c.childForFieldName('function') ?? c) === 'Barrier'))) return undefined;
  for (const stmt of later) {
    for (const call of stmt.descendantsOfType('call_expression')) {
      const f = call.childForFieldName('function');
      const obj = f?.type === 'field_expression' && f.childForFieldName('field')?.text === 'data' && argumentNodes(call).length === 0 ? f.childForFieldName('argument') : null;
      if (obj && norm(obj.text) === emptied) return batchContainer(obj, fn);
    }
  }
  return undefined;
}

