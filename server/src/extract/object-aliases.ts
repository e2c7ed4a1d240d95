// Local names for objects that live outside the function: `auto& target = m_surfaces.GetBloom();`,
// `Surface& tex = m_pool.GetTexture(3);`, `auto* rt = m_rt.Get();`. A reference cannot be re-seated, so every use of
// the local is a use of the object its initializer names — the object a state-tracking wrapper called through the
// local moves, and whose member view the local's getter returns. The local is then keyed as that expression is, so
// `target.Transition(cl, s)` and `m_surfaces.GetBloom().GetRtv()` meet (resources.ts names both by the same text).
// Only object paths are followed: members, fields, subscripts by a constant or a name declared outside the function,
// and method calls whose arguments are such; nothing rooted at a local, no free-function call, no side effect.
import type { FnCtx } from './context';
import type { SyntaxNode } from './node';
import { isResourceType, POINTER_ACCESSORS, resourceRef } from './resources';
import { argumentNodes, calleeName, unwrapValue } from './syntax';
import { typeOfExpr } from './types';
import { counterShape } from './loop-counters';
import type { AVal } from './values';

/** Whether the path's names are declared in the function (its locals and parameters as the caller knows them). */
export type IsLocal = (name: string) => boolean;

/** An argument or index that stays the same object for the local's life: a literal, `this`, or a non-local path. */
function stableOperand(n: SyntaxNode, isLocal: IsLocal): boolean {
  const u = unwrapValue(n);
  if (u.type === 'number_literal' || u.type === 'true' || u.type === 'false' || u.type === 'this') return true;
  if (u.type === 'qualified_identifier') return true;
  return objectRoot(u, isLocal) !== undefined;
}

/**
 * The root name of an object path (`m_surfaces` of `m_surfaces.GetBloom()`, `this` of `this->m_rt`), or undefined when
 * the expression is not one or is rooted at a local.
 */
function objectRoot(n: SyntaxNode, isLocal: IsLocal): string | undefined {
  const u = unwrapValue(n);
  switch (u.type) {
    case 'identifier': case 'field_identifier': return isLocal(u.text) ? undefined : u.text;
    case 'this': return 'this';
    case 'field_expression': {
      const obj = u.childForFieldName('argument');
      return obj ? objectRoot(obj, isLocal) : undefined;
    }
    case 'subscript_expression': {
      const arr = u.childForFieldName('argument');
      const idx = u.childForFieldName('indices')?.namedChildren[0] ?? u.childForFieldName('index');
      return arr && idx && stableOperand(idx, isLocal) ? objectRoot(arr, isLocal) : undefined;
    }
    case 'call_expression': {
      // A method of the object (`m_gbuffer.GetAlbedo()`, `m_registry.Get(m_shadow)`); not a free function.
      const f = u.childForFieldName('function');
      const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
      if (!obj || !argumentNodes(u).every((a) => stableOperand(a, isLocal))) return undefined;
      return objectRoot(obj, isLocal);
    }
    default: return undefined;
  }
}

/**
 * Whether a pointer local's initializer points at an existing object: `&m_tex`, `m_rt.Get()`, a member path. A method
 * returning a pointer may make a new object (`dev.CreateUploadList(alloc)`); one returning a reference names one.
 */
function pointsAtObject(u: SyntaxNode): boolean {
  if (u.type === 'pointer_expression' && u.child(0)?.type === '&') return true;
  if (u.type !== 'call_expression') return u.descendantsOfType('call_expression').length === 0;
  const f = u.childForFieldName('function');
  const obj = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
  return !!obj && argumentNodes(u).length === 0 && POINTER_ACCESSORS.has(calleeName(f!) ?? '') && obj.descendantsOfType('call_expression').length === 0;
}

/**
 * The object expression a reference (`reference`) or pointer local names (through `&`), or undefined: an object path
 * rooted outside the function.
 */
export function aliasedObject(value: SyntaxNode, isLocal: IsLocal, reference: boolean): SyntaxNode | undefined {
  let u = unwrapValue(value);
  if (!reference && !pointsAtObject(u)) return undefined;
  if (u.type === 'pointer_expression' && u.child(0)?.type === '&') u = unwrapValue(u.childForFieldName('argument') ?? u);
  return u.type !== 'this' && objectRoot(u, isLocal) !== undefined ? u : undefined;
}

/** Declared types that are values, not objects: scalars, enums, D3D12 structs (their fields are tracked, not their identity). */
const VALUE_TYPE = /^(?:(?:const|static|constexpr|volatile)\s+)*(?:(?:CD3DX12|D3D12|DXGI)_\w+|U?INT(?:8|16|32|64)?|u?int(?:8|16|32|64)_t|int|unsigned(?: int)?|size_t|bool|BOOL|float|double|char)\b/;

export const isValueType = (declared: string): boolean => VALUE_TYPE.test(declared.trim());

/**
 * `auto& target = m_surfaces.GetBloom();` (a reference or pointer local whose value the extractor does not know): the
 * object it names, as a resource reference keyed like the initializer. Undefined when the initializer is not an
 * object path rooted outside the function, or when the local or the object is declared as a value type.
 */
export function objectAlias(declared: string, value: SyntaxNode, reference: boolean, fn: FnCtx): AVal | undefined {
  if (isValueType(declared)) return undefined;
  // The counter of a loop the local is declared in (`Item* p = &items[i];` in `for (i …)`) is the same on every use of
  // that local: the local is declared again on each iteration, so it names element `i` of this iteration.
  const counters = enclosingCounters(value, fn);
  const isLocal: IsLocal = (n) => !fn.params.includes(n) && !counters.has(n) && (fn.env.has(n) || fn.types.has(n));
  const object = aliasedObject(value, isLocal, reference);
  if (!object) return undefined;
  const known = typeOfExpr(object, fn);
  if (known !== undefined && isValueType(known) && !isResourceType(known)) return undefined;
  return { t: 'res', ref: resourceRef(value, fn.file, fn) };
}

/** The counters of the `for` loops whose bodies hold `n` (loop-counters.ts counterShape). */
function enclosingCounters(n: SyntaxNode, fn: FnCtx): Set<string> {
  const out = new Set<string>();
  for (let p = n.parent, child: SyntaxNode = n; p; child = p, p = p.parent) {
    if (p.type === 'function_definition' || p.type === 'lambda_expression') break;
    if (p.type !== 'for_statement' || p.childForFieldName('body')?.startIndex !== child.startIndex) continue;
    const sym = counterShape(p, fn)?.sym;
    if (sym) out.add(sym);
  }
  return out;
}

/** `T& name` (the declarator of a reference local). */
export const isReference = (declarator: SyntaxNode): boolean => declarator.type === 'reference_declarator';

/**
 * `auto rt = m_device->GetRenderTarget();` / `auto* rt = …`: a local whose type is deduced from a call of one of the
 * run's resource getters (a one-return getter of a member, resource-getters.ts) holds what the getter returns, as
 * `ID3D12Resource* rt = …` does: the getter's resource, keyed as the call is (a barrier on `rt` and one on
 * `m_device->GetRenderTarget()` meet). Undefined for any other initializer or declared type: a deduced type is a
 * resource only when the getter says so (`auto desc = res->GetDesc();` is a struct).
 */
export function deducedGetterAlias(declared: string, value: SyntaxNode, fn: FnCtx): AVal | undefined {
  if (!DEDUCED.test(declared.trim())) return undefined;
  const call = unwrapValue(value);
  if (call.type !== 'call_expression') return undefined;
  const f = call.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!name) return undefined;
  const file = fn.file;
  const args = argumentNodes(call).length;
  const getter = args === 0 ? file.resourceGetters?.has(name) || file.classResourceGetterNames?.has(name)
    : file.indexedGetters?.get(name)?.params.length === args;
  if (!getter) return undefined;
  const ref = resourceRef(value, file, fn);
  return ref.key ? { t: 'res', ref } : undefined;
}

const DEDUCED = /^(?:const\s+)?(?:auto|decltype\(auto\))(?:\s+const)?$/;
