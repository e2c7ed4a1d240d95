// Brace initializers for barrier structs: positional aggregates (member order matters, nested Subresources and
// the legacy Transition union), C++20 designated initializers, and `Helper{...}` (which calls a constructor).
import { HELPERS } from '../model/helpers';
import type { StructKind } from '../model/structs';
import { STRUCT_LAYOUTS, STRUCT_TYPE_NAMES } from '../model/structs';
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { addSite, evalValue, RAW_SITE_KIND } from './context';
import { constructHelper, helperNameOf, setGroupPointer } from './d3dx12-helpers';
import { memberExpect } from './expect';
import { declaredBatch } from './batches';
import { argumentNodes, rangeOf, unwrapValue } from './syntax';
import { noteUntyped, typeOfExpr } from './types';
import type { AVal, StructVal } from './values';
import { keepAddress, makeStruct } from './values';

export function newRawStruct(kind: StructKind, node: SyntaxNode, fn: FnCtx, zeroInit: boolean): StructVal {
  const range = rangeOf(node);
  const siteKind = RAW_SITE_KIND[kind];
  const site = siteKind ? addSite(fn.file, siteKind, range, null) : -1;
  const s = fn.created(makeStruct(kind, range, site, zeroInit));
  if (site >= 0) fn.file.sites[site].live = s;
  return s;
}

/**
 * `{ ... }` for a struct of `kind`. With a d3dx12 helper type, braces call its constructor; `at` is the node whose
 * range that construction gets (the declarator `x{...}` when there is one).
 */
export function aggregateInit(list: SyntaxNode, kind: StructKind, fn: FnCtx, helper?: string, at: SyntaxNode = list): AVal {
  const items = argumentNodes(list);
  if (helper && HELPERS[helper] && items.length > 0 && !items.some((i) => i.type === 'initializer_pair')) {
    return constructHelper(at, helper, items, fn);
  }
  const copied = copyInit(items, kind, fn);
  if (copied) return copied;
  // NOTE: a raw literal's range stays the braces (rules anchor value-initialized fields there).
  const s = newRawStruct(kind, list, fn, true);
  fillStruct(s, items, fn);
  return s;
}

/**
 * `groups[0] = { CD3DX12_BARRIER_GROUP(n, p) }`, `D3D12_RESOURCE_BARRIER b = { other }`: braces around one value of the
 * same struct type copy it; they do not start a member-by-member aggregate.
 */
function copyInit(items: SyntaxNode[], kind: StructKind, fn: FnCtx): AVal | undefined {
  if (items.length !== 1) return undefined;
  const only = unwrapValue(items[0]);
  if (only.type === 'identifier') {
    const bound = fn.env.get(only.text);
    return bound?.t === 'struct' && bound.kind === kind ? evalValue(only, kind, fn) : undefined;
  }
  const callee = only.type === 'call_expression' ? only.childForFieldName('function') : null;
  const helper = callee ? helperNameOf(callee.text) : undefined;
  if (helper) return HELPERS[helper].kind === kind ? evalValue(only, kind, fn) : undefined;
  // `D3D12_RESOURCE_DESC d{ CD3DX12_RESOURCE_DESC::Tex2D(...) }`, `D3D12_HEAP_PROPERTIES h{ MakeHeap() }`: one call
  // that yields the struct itself copies it. Only for structs that are no barrier site, so evaluating the call a
  // second time (when it yields something else) records nothing twice.
  if (!callee || RAW_SITE_KIND[kind]) return undefined;
  const v = evalValue(only, kind, fn);
  return v.t === 'struct' && v.kind === kind ? v : undefined;
}

function fillStruct(s: StructVal, items: SyntaxNode[], fn: FnCtx): void {
  fillFrom(s, items, 0, fn, true);
}

/**
 * Fill `s` positionally from `items[i..]` by C++ aggregate rules. With its own braces (`own`) the struct takes every
 * item; without (brace elision) it takes only as many as it has members and leaves the rest to the enclosing
 * aggregate. A union is initialised through its first member, so `{ T, F, { { res, sub, before, after } } }`,
 * `{ T, F, { res, sub, before, after } }` and `{ T, F, res, sub, before, after }` are the same transition.
 * Returns the index after the last item used.
 */
function fillFrom(s: StructVal, items: SyntaxNode[], start: number, fn: FnCtx, own: boolean): number {
  const layout = STRUCT_LAYOUTS[s.kind];
  let position = 0;
  let i = start;
  while (i < items.length) {
    const item = items[i];
    if (item.type === 'initializer_pair') {
      if (!own) return i;
      const path = designatorPath(item);
      const value = item.childForFieldName('value');
      if (path.length > 0 && value) setDesignated(s, path, value, fn);
      i++;
      continue;
    }
    const member = layout.members[position];
    if (member === undefined) return own ? items.length : i;
    const union = layout.unionAfter !== undefined && position >= layout.unionAfter;
    const nestedKind = layout.nested?.[member];
    if (nestedKind && item.type === 'initializer_list') {
      const inner = argumentNodes(item);
      // The union's own braces around its first member's braces.
      const list = union && inner.length === 1 && inner[0].type === 'initializer_list' ? inner[0] : item;
      s.members.set(member, nestedInit(list, nestedKind, fn));
      i++;
    } else if (nestedKind && !structValued(item, nestedKind, fn)) {
      const nested = fn.created(makeStruct(nestedKind, rangeOf(item), -1, true));
      i = fillFrom(nested, items, i, fn, false);
      s.members.set(member, nested);
    } else {
      setMemberFrom(s, member, item, fn);
      i++;
    }
    // A union holds one member: positional init fills the first and stops.
    position = union ? layout.members.length : position + 1;
  }
  return i;
}

/**
 * Whether an initializer element is a whole struct (a variable or a helper call), not the first scalar of one: also
 * a member or local the file declares with the nested struct's own type (`{ …, fmt, desc->m_sampleDesc, layout,
 * flags }` initialises all of SampleDesc; C++ elides braces only for an element that does not convert to the member).
 */
function structValued(item: SyntaxNode, kind: StructKind, fn: FnCtx): boolean {
  const n = unwrapValue(item);
  if (n.type === 'call_expression' || n.type === 'compound_literal_expression') return true;
  if (n.type === 'identifier' && fn.env.get(n.text)?.t === 'struct') return true;
  if (n.type !== 'identifier' && n.type !== 'field_expression') return false;
  const declared = typeOfExpr(n, fn)?.replace(/\b(?:const|struct)\b|\s+/g, '');
  // Declared in a header of the run: the file is extracted again knowing the type (cli/cross-file.ts).
  if (declared === undefined) noteUntyped(n, fn);
  return !!declared && STRUCT_TYPE_NAMES[declared] === kind;
}

function designatorPath(pair: SyntaxNode): string[] {
  const path: string[] = [];
  for (const c of pair.namedChildren) {
    if (c.type === 'field_designator') path.push(c.namedChild(0)?.text ?? c.text.replace(/^\./, ''));
    else if (c.type === 'field_identifier') path.push(c.text);
  }
  return path;
}

function setDesignated(s: StructVal, path: string[], value: SyntaxNode, fn: FnCtx): void {
  let target = s;
  for (const part of path.slice(0, -1)) {
    const nestedKind = STRUCT_LAYOUTS[target.kind].nested?.[part];
    if (!nestedKind) return;
    let next = target.members.get(part);
    if (!next || next.t !== 'struct') {
      next = fn.created(makeStruct(nestedKind, rangeOf(value), -1, true));
      target.members.set(part, next);
    }
    target = next;
  }
  setMemberFrom(target, path[path.length - 1], value, fn);
}

const GROUP_POINTER_KIND: Readonly<Record<string, StructKind>> = { pTextureBarriers: 'texture', pBufferBarriers: 'buffer', pGlobalBarriers: 'global' };

/** Assign one member from an initializer element, recursing into nested structs. */
export function setMemberFrom(s: StructVal, member: string, node: SyntaxNode, fn: FnCtx): void {
  const expect = memberExpect(s.kind, member);
  const v = node.type === 'initializer_list' && typeof expect === 'string' && expect !== 'num' && expect !== 'res' && expect !== 'any'
    ? nestedInit(node, expect, fn)
    : evalValue(node, expect, fn);
  if (s.kind === 'group' && /^p\w*Barriers$/.test(member)) {
    // `group.pTextureBarriers = m_items;`: a member array of barriers the function does not hold (a batch's).
    const kind = GROUP_POINTER_KIND[member];
    const unread = (v.t === 'unknown' && !v.batch) || (v.t === 'num' && v.f.value === null);
    setGroupPointer(s, unread && kind ? declaredBatch(node, kind, fn) ?? v : v);
    return;
  }
  keepAddress(v);
  s.members.set(member, v);
}

function nestedInit(list: SyntaxNode, kind: StructKind, fn: FnCtx): StructVal {
  const s = fn.created(makeStruct(kind, rangeOf(list), -1, true));
  fillStruct(s, argumentNodes(list), fn);
  return s;
}
