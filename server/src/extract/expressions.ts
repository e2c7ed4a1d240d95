// Expression → abstract value, directed by what the context expects (a number, a resource, a struct kind).
// Recognizes d3dx12 helpers, struct literals, locals, pointers into arrays, `.data()`/`.size()`, and routes API
// calls to api-calls.ts so their events are recorded in evaluation order.
import { STRUCT_LAYOUTS, STRUCT_TYPE_NAMES } from '../model/structs';
import type { StructKind } from '../model/structs';
import type { SyntaxNode } from './node';
import { tryApiCall } from './api-calls';
import type { FnCtx } from './context';
import { fold, evalField, toNumber } from './evaluate';
import { constructDescFactory, constructHelper, helperNameOf, instantiateTemplate } from './construct';
import { handleAssignment, indexValue } from './declarations';
import { aggregateInit } from './initializers';
import { resourceRef } from './resources';
import { argumentNodes, calleeName, ownEntry, rangeOf, unwrapValue } from './syntax';
import type { ArrayVal, AVal, StructVal } from './values';
import { getMember, numVal } from './values';
import { forgetCapturedWrites } from './lambdas';

export type Expect = 'num' | 'res' | 'any' | StructKind;

export function isStructKind(e: Expect): e is StructKind {
  return e !== 'num' && e !== 'res' && e !== 'any';
}

/** The expectation for a struct member's value. */
export function memberExpect(kind: StructKind, member: string): Expect {
  const nested = STRUCT_LAYOUTS[kind].nested?.[member];
  if (nested) return nested;
  if (/^p(Resource|ResourceBefore|ResourceAfter)$/.test(member)) return 'res';
  if (/^p\w*Barriers$/.test(member)) return 'any';
  return 'num';
}

/** Struct kind named by a type (strips const, struct, pointers, references, namespaces). */
export function structKindOfType(typeText: string): StructKind | undefined {
  let kind = kindByTypeText.get(typeText);
  if (kind === undefined) {
    const t = typeText.replace(/\b(const|struct|volatile)\b/g, '').replace(/[\s*&]/g, '').replace(/^::/, '');
    if (kindByTypeText.size > 10_000) kindByTypeText.clear();
    kindByTypeText.set(typeText, (kind = ownEntry(STRUCT_TYPE_NAMES, t) ?? null));
  }
  return kind ?? undefined;
}
/** Type texts repeat (every declaration of a barrier names its type): normalized once. */
const kindByTypeText = new Map<string, StructKind | null>();

const SIZE_FUNCS = new Set(['_countof', 'ARRAYSIZE', 'std::size', 'size', 'std::ssize', 'countof', 'ARRAY_SIZE', 'ARRAY_COUNT']);

export function evalValue(node: SyntaxNode, expect: Expect, fn: FnCtx): AVal {
  const n = unwrapValue(node);
  const range = rangeOf(n);
  switch (n.type) {
    case 'call_expression': return evalCall(n, expect, fn);
    case 'compound_literal_expression': {
      const kind = structKindOfType(n.childForFieldName('type')?.text ?? '');
      const value = n.childForFieldName('value');
      if (kind && value) return aggregateInit(value, kind, fn, helperNameOf(n.childForFieldName('type')!.text));
      break;
    }
    case 'initializer_list':
      if (isStructKind(expect)) return aggregateInit(n, expect, fn);
      break;
    case 'parameter_declaration': {
      // Most vexing parse: `Name(x, ...)` read as a parameter with an abstract function declarator.
      const callee = n.childForFieldName('type');
      const params = n.childForFieldName('declarator')?.childForFieldName('parameters');
      const helper = callee && helperNameOf(callee.text);
      if (helper && params) return constructHelper(n, helper, params.namedChildren.filter((c) => c.type !== 'comment'), fn);
      break;
    }
    case 'identifier': case 'type_identifier': {
      const bound = fn.env.get(n.text);
      // A resource pointer declared without a known value is named by its identifier.
      if (bound && !(bound.t === 'unknown' && expect === 'res')) return bound;
      break;
    }
    case 'pointer_expression': {
      const arg = n.childForFieldName('argument');
      if (!arg) break;
      if (n.child(0)?.type === '&') {
        // `&arr[k]`: a pointer into the array, so `ResourceBarrier(2, &arr[0])` sees both elements.
        // NOTE: the index is evaluated once (`&barriers[count++]` increments count once).
        const slot = unwrapValue(arg).type === 'subscript_expression' ? elementSlot(unwrapValue(arg), fn) : undefined;
        if (slot) {
          // `&arr[start]` with a start we cannot fold and no element written in a loop: which elements it points at
          // is unknown (a fresh zero element would read as a null, matching-states barrier).
          if (slot.index === null && !slot.arr.loopElem) return { t: 'unknown', text: n.text, range: rangeOf(n) };
          const el = arrayElement(slot.arr, slot.index, rangeOf(arg), fn);
          return slot.index !== null ? { t: 'ptr', target: slot.arr, index: slot.index } : { t: 'ptr', target: el, index: null };
        }
        const target = evalValue(arg, isStructKind(expect) ? expect : 'any', fn);
        if (target.t === 'struct' || target.t === 'array') return { t: 'ptr', target, index: target.t === 'array' ? 0 : null };
        if (expect === 'res' || target.t === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
        return target;
      }
      const target = evalValue(arg, 'any', fn);
      if (target.t === 'ptr') return deref(target);
      break;
    }
    case 'subscript_expression': {
      const el = elementOf(n, fn);
      if (el) return el;
      break;
    }
    case 'field_expression': {
      const obj = n.childForFieldName('argument');
      const field = n.childForFieldName('field')?.text;
      if (obj && field) {
        const base = evalValue(obj, 'any', fn);
        const s = base.t === 'ptr' ? deref(base) : base;
        if (s.t === 'struct') return getMember(s, field);
      }
      break;
    }
    default:
      visitCalls(n, fn);
  }
  if (expect === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  if (isStructKind(expect)) return { t: 'unknown', text: n.text, range };
  return numVal(evalField(n, fn.file, fn));
}

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
  if (index === null) {
    if (!a.loopElem && a.elemKind) {
      // Over an array that already holds elements, "some element" is one of them, not a barrier built here.
      const elem: StructVal = { ...newElement(a, range), fromLoop: true, ...(a.elems.length > 0 ? { standIn: true } : {}) };
      a.loopElem = fn ? fn.created(elem) : elem;
    }
    return a.loopElem ?? { t: 'unknown', text: 'element', range };
  }
  while (a.elems.length <= index && a.elemKind) a.elems.push(newElement(a, range));
  return a.elems[index] ?? { t: 'unknown', text: `element ${index}`, range };
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

function elementOf(n: SyntaxNode, fn: FnCtx): AVal | undefined {
  const slot = elementSlot(n, fn);
  if (!slot) return undefined;
  const el = arrayElement(slot.arr, slot.index, rangeOf(n), fn);
  // `textures[i - 1]` of an array filled in a loop: "some element", and `textures[32 + i]` is another one. Each
  // index expression names its own resource rather than all sharing the loop's representative.
  if (slot.index === null && el.t === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  return el;
}

function evalCall(n: SyntaxNode, expect: Expect, fn: FnCtx): AVal {
  const f = n.childForFieldName('function');
  if (!f) return { t: 'unknown', text: n.text, range: rangeOf(n) };
  const helper = helperNameOf(f.text);
  if (helper) return constructHelper(n, helper, argumentNodes(n), fn);
  const desc = /^CD3DX12_RESOURCE_DESC1?::(Buffer|Tex1D|Tex2D|Tex3D)$/.exec(f.text.replace(/\s+/g, ''));
  if (desc) return constructDescFactory(n, desc[1], fn);
  const name = calleeName(f);
  const args = argumentNodes(n);
  if (name && fn.file.templates.has(name) && f.type === 'identifier') {
    return instantiateTemplate(n, fn.file.templates.get(name)!, args, fn);
  }
  if (f.type === 'field_expression' && name === 'data' && args.length === 0) {
    const obj = evalValue(f.childForFieldName('argument')!, 'any', fn);
    if (obj.t === 'array') return { t: 'ptr', target: obj, index: 0 };
  }
  const size = sizeCall(n, fn);
  if (size) return size;
  const api = tryApiCall(n, f, name, args, fn);
  if (api) return api;
  if (expect === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  const folded = fold(n, fn.file, fn);
  if (folded) return numVal({ value: toNumber(folded), text: n.text, range: rangeOf(n) });
  return { t: 'unknown', text: n.text, range: rangeOf(n) };
}

/**
 * `_countof(a)`, `std::size(a)`, `ARRAYSIZE(a)`, `v.size()` of an array or container the function built; undefined
 * for any other call. A C array's size is its declared length whatever a loop wrote; a container filled in a loop
 * has an unknown size.
 */
export function sizeCall(n: SyntaxNode, fn: FnCtx): AVal | undefined {
  const f = n.childForFieldName('function');
  const args = argumentNodes(n);
  let objNode: SyntaxNode | undefined;
  if (f?.type === 'field_expression' && args.length === 0 && f.childForFieldName('field')?.text === 'size') objNode = f.childForFieldName('argument') ?? undefined;
  else if (f && args.length === 1 && SIZE_FUNCS.has(f.text.replace(/\s+/g, ''))) objNode = args[0];
  if (!objNode) return undefined;
  const obj = evalValue(objNode, 'any', fn);
  if (obj.t !== 'array') return undefined;
  const count = !obj.container && obj.length !== null ? obj.length : obj.loopElem ? null : obj.elems.length;
  return numVal({ value: count, text: n.text, range: rangeOf(n) });
}

/**
 * Evaluate every call inside an expression we do not otherwise understand, so their events are recorded, and apply
 * the side effects on locals it makes (`n++`, `x = ...`).
 */
export function visitCalls(n: SyntaxNode, fn: FnCtx): void {
  switch (n.type) {
    case 'lambda_expression': forgetCapturedWrites(n, fn); return;
    case 'identifier': case 'number_literal': case 'string_literal': case 'field_identifier':
      return;
    case 'call_expression': evalCall(n, 'any', fn); return;
    case 'update_expression': indexValue(n, fn); return;
    case 'assignment_expression': handleAssignment(n, fn); return;
    default: for (const c of n.namedChildren) visitCalls(c, fn);
  }
}
