// Engine RHIs turn their own barrier descriptions into D3D12 ones in a helper that loops over the caller's array
// (`cmdResourceBarrier(cmd, 1, rtBarriers)`, `device.Barrier(barriers, count, cmd)`, `TransitionResourceStates(n,
// descs)`) and converts each member through a conversion function (`ToD3D12State(desc.before)`). Read once with
// symbolic parameters, such a helper's barriers are unknown: their fields are computed from the parameters, not
// passed through. Here a call of such a helper is walked in place, as one statement of the caller: the helper's
// parameters bound to the caller's argument values (the literal array of descs, the count, the single desc), its
// locals its own, so its loop unrolls over the caller's elements (unrolled-loops.ts) and its conversions fold with
// the caller's values (conversion-calls.ts). The statements it yields replace the call; their events stand at the
// call (a finding on them is the caller's, as for any helper's barrier built from the caller's values).
// Only a helper that changes nothing but its own locals and the command list: no return, no write to a member or
// parameter, no call of another method of its class (those mean "state kept in the object", followed elsewhere).
import type { SyntaxNode } from './node';
import type { Stmt } from './facts';
import type { FnCtx } from './context';
import type { ResourceRef } from './operands';
import { evalValue } from './context';
import { forEachEvent } from './events';
import { mayConvert } from './conversion-calls';
import { isResourceType, resourceRef } from './resources';
import { argumentNodes, calleeName, definedName, definitionDeclarator, definitionsByName, isCppCast, isSubmitCall, rangeOf, rootName, treeRoot } from './syntax';
import { declaredName, localDeclaredName, typeText } from './types';
import type { Range } from '../types';
import type { ArrayVal, AVal } from './values';
import { pointerToRecord, recordValue } from './records';
import { bracedContainer, containerElementKind } from './declared-values';
import { anchoredAt, ownOrImported } from './imported-functions';
import { conditionOf } from './conditions';
import { resolveAlias } from './type-aliases';
import { unrolledTruth } from './unrolled-loops';

/** Helper bodies walked in place at most this long (an RHI's barrier translation is short). */
const MAX_BODY_TEXT = 5000;
/** Helpers walked in place inside one another at most this deep. */
const MAX_DEPTH = 2;

interface Param {
  name: string;
  type: string;
}

interface Inlinable {
  params: Param[];
  body: SyntaxNode;
  /** The parameters the body reads through (`p[i]`, `p->x`, `p.x`, `for (… : p)`, `Convert(p)`): where the caller's values matter. */
  read: Set<string>;
}

const byRoot = new WeakMap<SyntaxNode, Map<string, Inlinable | null>>();
let depth = 0;

function paramsOf(def: SyntaxNode): Param[] | undefined {
  const list = definitionDeclarator(def)?.childForFieldName('parameters');
  if (!list) return undefined;
  const out: Param[] = [];
  for (const p of list.namedChildren) {
    if (p.type === 'comment') continue;
    const decl = p.childForFieldName('declarator');
    const name = p.type === 'parameter_declaration' ? declaredName(decl) : undefined;
    const type = p.childForFieldName('type');
    if (!name || !type) return undefined;
    out.push({ name, type: typeText(type, decl) });
  }
  return out;
}

const ALLOWED_CALLEE = /^(?:std::|CD3DX12_|D3DX12|alloca$|_alloca$|memset$|ZeroMemory$|assert$|static_cast|reinterpret_cast|const_cast)/;

/** A call the helper may make without meaning object state: the submission, a conversion, a local's or parameter's method, a library call. */
function harmlessCall(call: SyntaxNode, locals: ReadonlySet<string>, params: ReadonlySet<string>): boolean {
  if (isSubmitCall(call) || isCppCast(call) || mayConvert(call)) return true;
  const f = call.childForFieldName('function');
  if (!f) return false;
  if (ALLOWED_CALLEE.test(f.text)) return true;
  if (f.type === 'field_expression') {
    const root = rootName(f.childForFieldName('argument') ?? f);
    return !!root && (locals.has(root) || params.has(root));
  }
  return false;
}

/**
 * Whether a helper's body changes only its own locals (and records on the command list). `elsewhere` admits calls of
 * functions defined in another file (a conversion there): judged again where they are imported with it.
 */
function onlyLocalEffects(body: SyntaxNode, locals: ReadonlySet<string>, params: ReadonlySet<string>, elsewhere?: (call: SyntaxNode) => boolean): boolean {
  if (body.descendantsOfType(['goto_statement', 'lambda_expression', 'throw_statement', 'co_return_statement']).length) return false;
  if (!body.descendantsOfType('return_statement').every((r) => guardOf(r, body) !== undefined)) return false;
  for (const a of body.descendantsOfType(['assignment_expression', 'update_expression'])) {
    const target = a.childForFieldName(a.type === 'assignment_expression' ? 'left' : 'argument');
    const root = target && rootName(target);
    if (!root || !locals.has(root)) return false;
  }
  return body.descendantsOfType('call_expression').every((c) => harmlessCall(c, locals, params) || !!elsewhere?.(c));
}

/**
 * The test of a value-less `return;` that is the whole taken side of a top-level `if` of the body (`if (count == 0)
 * { return; }`, an early-out guard), else undefined. Such a helper is walked in place only where the call's values
 * decide every such test false (guardsPass): the walk then never meets the return, which would end the caller.
 */
function guardOf(ret: SyntaxNode, body: SyntaxNode): SyntaxNode | undefined {
  if (ret.namedChildCount > 0) return undefined;
  let side = ret.parent;
  if (side?.type === 'compound_statement' && side.namedChildCount === 1) side = side.parent;
  else if (side?.type !== 'if_statement') return undefined;
  const stmt = side;
  if (stmt?.type !== 'if_statement' || stmt.parent !== body || stmt.childForFieldName('alternative')) return undefined;
  const taken = stmt.childForFieldName('consequence');
  return taken && (taken.startIndex === ret.startIndex || taken.namedChild(0)?.startIndex === ret.startIndex) ? stmt.childForFieldName('condition') ?? undefined : undefined;
}

/** Whether the call's values (bound in `fn`) decide every early-out guard of the helper false. */
function guardsPass(body: SyntaxNode, fn: FnCtx): boolean {
  return body.descendantsOfType('return_statement').every((r) => {
    const cond = guardOf(r, body);
    return !!cond && unrolledTruth(conditionOf(cond, fn), fn, cond) === false;
  });
}

/** The parameters a body reads through: subscripts, members, range-for sources and conversion arguments. */
function readThrough(body: SyntaxNode, params: readonly Param[]): Set<string> {
  // A D3D12 interface (the list, a resource) is no engine description: calling through it reads nothing of the caller's.
  const names = new Set(params.filter((p) => !/\bI(?:D3D12|Unknown)\w*/.test(p.type)).map((p) => p.name));
  const read = new Set<string>();
  for (const id of body.descendantsOfType('identifier')) {
    if (!names.has(id.text)) continue;
    const parent = id.parent;
    const through = (parent?.type === 'subscript_expression' && parent.childForFieldName('argument') === id)
      || (parent?.type === 'field_expression' && parent.childForFieldName('argument') === id)
      || (parent?.type === 'for_range_loop' && parent.childForFieldName('right') === id)
      || (parent?.type === 'argument_list' && parent.parent?.type === 'call_expression' && mayConvert(parent.parent));
    if (through) read.add(id.text);
  }
  return read;
}

function inlinable(def: SyntaxNode, elsewhere?: (call: SyntaxNode) => boolean): Inlinable | null {
  const body = def.childForFieldName('body');
  const params = paramsOf(def);
  if (!body || !params || body.text.length > MAX_BODY_TEXT || !body.descendantsOfType('call_expression').some(isSubmitCall)) return null;
  const locals = new Set(localNames(body));
  const read = readThrough(body, params);
  return read.size && onlyLocalEffects(body, locals, new Set(params.map((p) => p.name)), elsewhere) ? { params, body, read } : null;
}

function inlinables(root: SyntaxNode): Map<string, Inlinable | null> {
  return definitionsByName(root, byRoot, (def) => inlinable(def));
}

/** Whether the caller knows a value for a parameter the helper reads through. */
function knownValue(v: AVal): boolean {
  if (v.t === 'num') return v.f.value !== null;
  return v.t === 'array' || v.t === 'struct' || (v.t === 'ptr' && v.target.t !== 'unknown');
}

/** A parameter that holds descriptions (a pointer, a reference, an array, a sequence): no number goes there. */
const AGGREGATE_PARAM = /[*[]|\b(?:span|initializer_list|array|vector)\s*</;

/**
 * Whether a number is handed where the helper takes descriptions: then the call is not one of this helper (the
 * list's own `Barrier(1, &group)` beside the RHI's `Barrier(descs, n)` of the same name).
 */
function numberForAggregate(values: readonly AVal[], types: readonly string[]): boolean {
  return types.some((t, i) => values[i]?.t === 'num' && AGGREGATE_PARAM.test(t) && !LIST_TYPE.test(t) && !isResourceType(t));
}

const LIST_TYPE = /\bID3D12\w*CommandList\d*\b/;

/** The statement tree of `helper(args…)` walked in place, or undefined when the call is not one to walk so. */
export function inlineHelperCall(call: SyntaxNode, fn: FnCtx, walk: (body: SyntaxNode) => Stmt): Stmt | undefined {
  // NOTE: the per-function cache keys a caller with the bodies of the helpers it may walk here (inlinableBody).
  if (call.type !== 'call_expression' || depth >= MAX_DEPTH) return undefined;
  const f = call.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || name === fn.name || (f.type !== 'identifier' && f.type !== 'qualified_identifier' && f.type !== 'field_expression')) return undefined;
  const helper = ownOrImported(treeRoot(call), inlinables, name);
  const args = argumentNodes(call);
  if (!helper || helper.params.length !== args.length) return undefined;
  // A parameter type spelt with the file's interface alias (`D3d12CommandList*`) is the interface's.
  const types = helper.params.map((p) => resolveAlias(p.type, fn.file.typeAliases));
  const values = args.map((a, i): AVal => {
    const type = types[i];
    const braced = a.type === 'initializer_list' ? bracedArgument(a, type, fn) : undefined;
    if (braced) return braced;
    // A command list is named as the caller names it (its type, its creation follow the name).
    if (LIST_TYPE.test(type)) return { t: 'res', ref: resourceRef(a, fn.file, fn) };
    const v = evalValue(a, isResourceType(type) ? 'res' : 'any', fn);
    if (v.t === 'unknown' && isResourceType(type)) return { t: 'res', ref: resourceRef(a, fn.file, fn) };
    // An array handed to a pointer parameter decays to a pointer to its first element.
    if (v.t === 'array' && !v.fields && /\*$/.test(type)) return { t: 'ptr', target: v, index: 0 };
    return pointerToRecord(v);
  });
  if (!helper.params.some((p, i) => helper.read.has(p.name) && knownValue(values[i])) || numberForAggregate(values, types)) return undefined;
  const names = new Set([...helper.params.map((p) => p.name), ...localNames(helper.body)]);
  // A record of the caller handed to the helper (`DepthBuffer shadow;` then `Pass(cl, shadow)` / `Pass(cl, &shadow)`):
  // a member the record holds nothing known for (`shadow.res`) is the caller's object's member, named as the caller
  // names it — anchored before the helper's names hide the caller's.
  const recordArgs = new Map<string, Anchor>();
  helper.params.forEach((p, i) => {
    const a = recordAnchor(args[i], values[i], fn);
    if (a) recordArgs.set(p.name, a);
  });
  const saved = [...names].map((n) => ({ name: n, had: fn.env.has(n), value: fn.env.get(n), type: fn.types.get(n) }));
  for (const n of names) {
    fn.env.delete(n);
    fn.types.delete(n);
  }
  helper.params.forEach((p, i) => {
    fn.env.set(p.name, values[i]);
    fn.types.set(p.name, types[i]);
  });
  depth++;
  const outerRef = fn.objectRef;
  fn.objectRef = objectRefIn(names, fn, recordArgs);
  fn.inlineDepth++;
  let out: Stmt | undefined;
  try {
    if (guardsPass(helper.body, fn)) out = anchoredAt(treeRoot(helper.body), rangeOf(call), () => walk(helper.body));
  } finally {
    depth--;
    fn.objectRef = outerRef;
    fn.inlineDepth--;
    for (const s of saved) {
      if (s.had) fn.env.set(s.name, s.value!);
      else fn.env.delete(s.name);
      if (s.type === undefined) fn.types.delete(s.name);
      else fn.types.set(s.name, s.type);
    }
  }
  if (out) atCall(out, rangeOf(call));
  return out;
}

const SEQUENCE = /^(?:const\s+)?(?:std::)?(?:span|initializer_list|array|vector)\s*<\s*(?:const\s+)?([\w:]+)/;

/**
 * `Transition(cl, { { &a, X, Y }, … })` into a `std::span`/`std::initializer_list`/`std::array`/`std::vector` of a
 * record of the file, or `{ … }` into a record parameter: the records the braces spell (records.ts).
 */
function bracedArgument(list: SyntaxNode, type: string, fn: FnCtx): AVal | undefined {
  // `Barriers({ Transition(a, …), Transition(b, …) })` into a `const std::vector<D3D12_RESOURCE_BARRIER>&` (or an
  // initializer_list / span of barriers): the container of the barriers the braces list, as a named vector would be.
  const elemKind = containerElementKind(type.replace(/\bconst\b|[&*]/g, ' ').replace(/\s+/g, ' ').trim());
  if (elemKind) return bracedContainer(list, elemKind, fn);
  const seq = SEQUENCE.exec(type.trim());
  const name = seq ? seq[1] : type.replace(/\b(?:const|struct|class)\b|[&*\s]/g, '');
  const rec = fn.file.records?.get(name) ?? fn.file.records?.get(name.split('::').pop() ?? name);
  if (!rec) return undefined;
  const evaluate = (n: SyntaxNode, resource: boolean) => evalValue(n, resource ? 'res' : 'any', fn);
  if (!seq) return recordValue(rec, list, fn, evaluate);
  let items = argumentNodes(list);
  // `std::array` spelt with its inner braces: `{ { {…}, {…} } }`.
  if (/\barray\s*</.test(type) && items.length === 1 && items[0].type === 'initializer_list'
    && argumentNodes(items[0]).every((c) => c.type === 'initializer_list')) items = argumentNodes(items[0]);
  if (!items.every((c) => c.type === 'initializer_list')) return undefined;
  const elems = items.map((c) => recordValue(rec, c, fn, evaluate));
  const arr: ArrayVal = { t: 'array', elemKind: null, elems, length: elems.length, zeroInit: true, range: rangeOf(list), container: true };
  return fn.created(arr);
}

function localNames(body: SyntaxNode): string[] {
  const out: string[] = [];
  for (const d of body.descendantsOfType(['declaration', 'for_range_loop', 'condition_clause'])) {
    for (const x of d.childrenForFieldName('declarator')) {
      const n = localDeclaredName(x);
      if (n) out.push(n);
    }
  }
  return out;
}

/** The events of a helper walked in place stand at the call. */
function atCall(s: Stmt, range: Range): void {
  forEachEvent(s, (e) => {
    e.range = range;
  });
}

const IDENTIFIER_PATH = /^[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*|\[\d+\])*$/;

/**
 * Names a resource expression of the helper (`items[i].volume->d3d`, `pTrans->pTexture->pDxResource`) in the caller's
 * terms: the longest part of it that evaluates to an object the caller names (`&volume` in the caller's array: the
 * caller's `volume`), followed by the rest of the path. Rooted in the helper's names and not so named: unknown, never
 * the helper's own spelling (two calls would share it).
 */
function objectRefIn(names: ReadonlySet<string>, fn: FnCtx, recordArgs: ReadonlyMap<string, Anchor>): (n: SyntaxNode) => ResourceRef | undefined {
  return (n) => {
    const root = rootName(n);
    if (!root || !names.has(root)) return undefined;
    const unknown: ResourceRef = { key: null, text: n.text, range: rangeOf(n), unknown: true };
    if (n.type === 'identifier') return fn.env.get(n.text)?.t === 'res' ? undefined : unknown;
    if (n.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return unknown;
    const chain: SyntaxNode[] = [n];
    for (let cur = n; cur.type !== 'identifier';) {
      const base = cur.type === 'field_expression' || cur.type === 'subscript_expression' ? cur.childForFieldName('argument') : null;
      if (!base) return unknown;
      chain.push(base);
      cur = base;
    }
    for (let k = 1; k < chain.length; k++) {
      const anchored = anchor(evalValue(chain[k], 'any', fn), fn, names) ?? (k === chain.length - 1 ? recordArgs.get(root) : undefined);
      if (anchored) return joined(anchored, chain.slice(0, k).reverse().map((c) => suffix(c, fn)), n);
    }
    return unknown;
  };
}

/** One step of a path as a key spells it: `.x`, `->x`, `[2]` (an index that does not fold: undefined). */
function suffix(n: SyntaxNode, fn: FnCtx): string | undefined {
  if (n.type === 'field_expression') return `${n.child(1)?.type === '->' ? '->' : '.'}${n.childForFieldName('field')?.text ?? ''}`;
  if (n.type === 'subscript_expression') {
    const idx = n.childForFieldName('indices')?.namedChild(0) ?? n.childForFieldName('index');
    const v = idx ? evalValue(idx, 'any', fn) : undefined;
    return v?.t === 'num' && v.f.value !== null && v.f.param === undefined ? `[${v.f.value}]` : undefined;
  }
  return undefined;
}

interface Anchor {
  key: string;
  /** The caller's own text spelt an address (`&volume`) or an object: `->` after it is `.`. */
  object: boolean;
  /** The caller's text spelt an address (`&texture`): `[0]` after it is the object itself. */
  address?: boolean;
  param?: number;
  basePath?: string;
  member?: boolean;
}

/** `shadow` / `&shadow` / `frame.depth` of the caller whose value is a record (records.ts): the object it names. */
function recordAnchor(arg: SyntaxNode, v: AVal, fn: FnCtx): Anchor | undefined {
  const record = v.t === 'array' && !!v.fields || v.t === 'ptr' && v.target.t === 'array' && v.target.elems[0]?.t === 'array' && !!v.target.elems[0].fields;
  return record ? anchor({ t: 'unknown', text: arg.text, range: rangeOf(arg) }, fn, new Set()) : undefined;
}

/** The caller-side object a value of the helper stands for, when it names one. */
function anchor(v: AVal, fn: FnCtx, names: ReadonlySet<string>): Anchor | undefined {
  if (v.t === 'res' && v.ref.key && !v.ref.unknown) {
    const { ref } = v;
    const param = ref.param ?? ref.base?.param;
    const address = ref.text.trim().startsWith('&');
    return { key: ref.key!, object: address, ...(address ? { address } : {}), ...(param !== undefined ? { param, basePath: ref.base?.path ?? '' } : {}), ...(ref.member ? { member: true } : {}) };
  }
  const text = v.t === 'num' ? v.f.text.replace(/\s+/g, '') : v.t === 'unknown' ? v.text.replace(/\s+/g, '') : undefined;
  if (!text || v.t === 'num' && v.f.value !== null) return undefined;
  const address = text.startsWith('&');
  const path = address ? text.slice(1) : text;
  const root = /^[A-Za-z_]\w*/.exec(path)?.[0];
  if (!root || names.has(root) || !IDENTIFIER_PATH.test(path)) return undefined;
  const declared = fn.types.get(root);
  if (declared === undefined && !fn.params.includes(root)) return undefined;
  const param = v.t === 'num' ? v.f.param : undefined;
  return { key: path, object: address || (path === root && !!declared && !/\*\s*$/.test(declared)), ...(address ? { address } : {}), ...(param !== undefined ? { param, basePath: '' } : {}) };
}

function joined(a: Anchor, rest: readonly (string | undefined)[], n: SyntaxNode): ResourceRef {
  if (rest.some((s) => s === undefined)) return { key: null, text: n.text, range: rangeOf(n), unknown: true };
  // `resource[0]` of a helper handed `&texture`: the object itself; another element of a single object is none known.
  if (a.address && rest[0]?.startsWith('[')) {
    if (rest[0] !== '[0]') return { key: null, text: n.text, range: rangeOf(n), unknown: true };
    return joined({ ...a, object: false, address: false }, rest.slice(1), n);
  }
  let path = rest.join('');
  if (a.object && path.startsWith('->')) path = `.${path.slice(2)}`;
  const ref: ResourceRef = { key: `${a.key}${path}`, text: `${a.key}${path}`, range: rangeOf(n) };
  if (a.param !== undefined) ref.base = { param: a.param, path: `${a.basePath ?? ''}${path}` };
  if (a.member) ref.member = true;
  return ref;
}

/**
 * The body of the helper a call may walk in place (by the name it calls), if any: part of the calling function's key in
 * the per-function cache (extract.ts cacheKey), so an edit of such a helper, or its absence in a reduced document, is
 * not met with kept facts.
 */
export function inlinableBody(call: SyntaxNode, root: SyntaxNode): SyntaxNode | undefined {
  const f = call.childForFieldName('function');
  return (f ? ownOrImported(root, inlinables, calleeName(f) ?? '') : undefined)?.body;
}

/** The file's helpers that are walked in place at their calls, by name: their definitions (imported-functions.ts exports them). */
export function inlinableDefinitions(root: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const own = inlinables(root);
  // A helper calling a function the file does not define (`ConvertLayout` of d3d12_convert.cpp) may be one where
  // that function is imported with it: the importing file judges it with what it imported.
  const elsewhere = (call: SyntaxNode) => {
    const f = call.childForFieldName('function');
    return (f?.type === 'identifier' || f?.type === 'qualified_identifier') && !own.has(calleeName(f) ?? '');
  };
  const twice = new Set<string>();
  for (const def of root.descendantsOfType('function_definition')) {
    const name = definedName(def);
    if (!name || !own.has(name)) continue;
    if (out.has(name)) twice.add(name);
    else if (own.get(name) || inlinable(def, elsewhere)) out.set(name, def);
  }
  for (const name of twice) out.delete(name);
  return out;
}
