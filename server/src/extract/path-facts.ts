// What the tracker needs to follow path facts (track/paths.ts): the side-effect-free values a function tests in
// its conditions ("symbols": a local, parameter or member, `a.b` chains), and where each of them is written. A
// write becomes a `write` statement (with the constant it stores, when it is one), a call that may change a tested
// value (passed to the call, called on it, or a call through `this` for members) a `forget` statement. A value
// whose address is taken, that is bound to a reference, or that a lambda assigns is never a symbol: its writes
// cannot be seen.
import type { SyntaxNode } from './node';
import type { Condition, Field, Stmt, SwitchLabel } from './facts';
import type { FnCtx, SharedMembers } from './context';
import { evalValue } from './context';
import { declaredName } from './types';
import { definitionDeclarator, LOOP_STATEMENTS as LOOPS, rangeOf } from './syntax';
import { laterContainerUse } from './container-paths';
import { laterStructUse } from './branch-forms';
import { COMMANDS } from '../model/api';
import { HELPERS } from '../model/helpers';
import { CPU_ONLY_CALLS, INERT_CALLS, INERT_DRAWING_CALLS } from '../model/inert-calls';
import { SCALAR_TYPE_NAMES } from '../model/structs';
import { READS_CONTAINER, SIZE_CHANGES, sizeQuery, STARTS_EMPTY } from './container-sizes';
import { methodMayWriteMember } from './member-writes';
import { detached } from '../detached-string';
import { rangeKey } from './facts';

export interface PathSyms {
  /** Symbols tested in an if/switch condition and never written out of sight. */
  tested: Set<string>;
  /** Names declared in the function or its parameters: symbols rooted at one are not members. */
  locals: Set<string>;
  /** Free functions of the file (they cannot change members through `this`). */
  freeFunctions: Set<string>;
  /** Top-level statements (by source span) after which these symbols are tested no more. */
  dropAfter: Map<string, string[]>;
  /** Matches a statement's text that may write a tested symbol: a root name, or a call when members are tested. */
  mayWrite: RegExp;
}

const byFn = new WeakMap<FnCtx, PathSyms>();

// Enumerators and macros: `COPY_BUFFER`, `D3D12_...`, and the `kName` constants and enumerators of the Google /
// Chromium style (`kCopyTypeRead`, Dawn, gfxreconstruct). A test against one compares with a constant: no call can
// change it, so a loop-invariant `copy_type == kCopyTypeRead` stays decided past an unknown call in the loop.
export const CONSTANT_NAME = /^(?:[A-Z][A-Z0-9_]*|k[A-Z][A-Za-z0-9_]*)$/;

export function pathSyms(fn: FnCtx): PathSyms | undefined {
  return byFn.get(fn);
}

/**
 * The canonical name of a side-effect-free lvalue: `x`, `this->m_x` → `m_x`, `a->b.c` → `a.b.c`; else undefined.
 * With `elements`, also an element picked by a name or a number (`m_meshes[m].valid` → `m_meshes.[m].valid`): its
 * root is the container's, and a write of the index or of any element of the container forgets it (pathWrites).
 */
export function symOf(node: SyntaxNode | null, elements = false): string | undefined {
  if (!node) return undefined;
  switch (node.type) {
    case 'identifier': return node.text;
    case 'parenthesized_expression': return node.namedChildCount === 1 ? symOf(node.namedChild(0), elements) : undefined;
    case 'field_expression': {
      const arg = node.childForFieldName('argument');
      const field = node.childForFieldName('field');
      if (!arg || field?.type !== 'field_identifier') return undefined;
      if (arg.type === 'this') return field.text;
      const base = symOf(arg, elements);
      return base === undefined ? undefined : `${base}.${field.text}`;
    }
    case 'subscript_expression': {
      if (!elements) return undefined;
      const base = symOf(node.childForFieldName('argument'), true);
      const index = subscriptIndex(node);
      return base === undefined || index === undefined ? undefined : `${base}${ELEMENT}${index}]`;
    }
    default: return undefined;
  }
}

/** Joins a container's name and an element's index in an element's name (`a.[i]`): its root is the container's. */
const ELEMENT = '.[';

/** The index of `a[i]` / `a[2]` when it is a plain name or a number. */
function subscriptIndex(n: SyntaxNode): string | undefined {
  const list = n.childForFieldName('indices') ?? n.childForFieldName('index');
  const idx = list?.type === 'subscript_argument_list' ? (list.namedChildCount === 1 ? list.namedChild(0) : null) : list;
  return idx && (idx.type === 'identifier' || idx.type === 'number_literal') ? idx.text : undefined;
}

/**
 * The tested elements a loop picks by a name it declares or writes (`a.[m].x` in `for (m = 0; …; m++)`, `for (auto [i, v]
 * : …)`): each iteration starts on another element, so what an earlier iteration learnt of them does not hold.
 */
export function elementsIndexedBy(fn: FnCtx, names: readonly string[]): string[] {
  const tested = byFn.get(fn)?.tested;
  if (!tested || names.length === 0) return [];
  return [...tested].filter((t) => isElementSym(t) && names.some((n) => t.includes(`${ELEMENT}${n}]`)));
}

/** The element name of `n` (`m_meshes[m].history` → `m_meshes.[m].history`) when `tested` follows flags of its container. */
function followedElement(n: SyntaxNode, tested: ReadonlySet<string>): string | undefined {
  const sym = symOf(n, true);
  if (sym === undefined || !isElementSym(sym)) return undefined;
  const container = sym.slice(0, sym.indexOf(ELEMENT) + ELEMENT.length);
  for (const t of tested) if (t.startsWith(container)) return sym;
  return undefined;
}

/** The names an element's name picks its elements by (`i` of `a.[i].x`). */
function indexNamesOf(sym: string): string[] {
  return [...sym.matchAll(/\.\[(\w+)\]/g)].map((m) => m[1]).filter((x) => !/^\d/.test(x));
}

/** Whether `sym` names an element of a container (`a.[i].x`). */
export function isElementSym(sym: string): boolean {
  return sym.includes(ELEMENT);
}

/**
 * The element names of `tested` a write of `sym` makes stale: every element of the container an element write names
 * (another index may be the same element), every element picked by `sym` as index, and every element under `sym`.
 */
function staleElements(tested: ReadonlySet<string>, sym: string): string[] {
  const container = isElementSym(sym) ? sym.slice(0, sym.indexOf(ELEMENT) + ELEMENT.length) : undefined;
  const index = `${ELEMENT}${sym}]`;
  const under = `${sym}.`;
  return [...tested].filter((t) => isElementSym(t) && t !== sym
    && ((container !== undefined && t.startsWith(container)) || t.includes(index) || t.startsWith(under)));
}

/**
 * `flags & kUav` (`(m_flags & Flag::Uav)`): a value's bit test against a constant mask, followed by the path facts as
 * a value of its own, `flags.&kUav`, that a write of `flags` forgets with it (track/paths.ts) — so two tests of the
 * same bit agree (`if (flags & kUav) { to UAV } … if (flags & kUav) { back }`), as two tests of a bare flag do.
 */
export function bitViewSym(node: SyntaxNode | null): string | undefined {
  let n = node;
  while (n?.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0);
  if (n?.type !== 'binary_expression' || n.childForFieldName('operator')?.type !== '&') return undefined;
  const l = n.childForFieldName('left');
  const r = n.childForFieldName('right');
  for (const [value, mask] of [[l, r], [r, l]]) {
    const base = symOf(value);
    if (base === undefined || CONSTANT_NAME.test(base) || !mask || !constantMask(mask)) continue;
    return `${base}${BIT_VIEW}${mask.text.replace(/\s+/g, '')}`;
  }
  return undefined;
}

/** Joins a value's name and a mask in a bit view's name (`flags.&kUav`): its root is the value's (rootOf). */
export const BIT_VIEW = '.&';

/** A mask no write can change: a number, an enumerator or macro (`kUav`, `FLAG_UAV`, `Flag::Uav`), or `A | B` of them. */
function constantMask(n: SyntaxNode): boolean {
  if (n.type === 'number_literal' || n.type === 'qualified_identifier') return true;
  if (n.type === 'identifier') return CONSTANT_NAME.test(n.text);
  if (n.type === 'parenthesized_expression') return n.namedChildCount === 1 && constantMask(n.namedChild(0)!);
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.type === '|') {
    const [a, b] = [n.childForFieldName('left'), n.childForFieldName('right')];
    return !!a && !!b && constantMask(a) && constantMask(b);
  }
  return false;
}

/** The member a node names when the function's path facts follow it (a call's argument the tracker may carry). */
export function pathMember(node: SyntaxNode, fn: FnCtx): string | undefined {
  const syms = byFn.get(fn);
  const sym = syms ? symOf(node) : undefined;
  return sym !== undefined && syms!.tested.has(sym) && !syms!.locals.has(rootOf(sym)) ? sym : undefined;
}

export function rootOf(sym: string): string {
  const dot = sym.indexOf('.');
  return dot < 0 ? sym : sym.slice(0, dot);
}

/** `uint8_t(x)`, `UINT(x)`, `float(x)`: a functional cast to a built-in or Windows scalar type, not a call. */
const FUNCTIONAL_CAST = /^(?:u?int(?:8|16|32|64)?_t|u?intptr_t|size_t|ptrdiff_t|bool|char|short|int|long|float|double|unsigned|signed|U?INT(?:8|16|32|64)?|U?LONG(?:64)?|DWORD|WORD|BYTE|BOOL|FLOAT|SIZE_T|HRESULT)$/;

const methodsByClass = new WeakMap<SyntaxNode, Set<string> | null>();

/**
 * A free function (`int WinMain(...)`, `static void Frame(...)`: not in a class body, its name not qualified) has
 * no `this`: a call by plain name there is a free function of another file, or a macro, and reaches no member. The
 * globals a loop tests (`if (0 == g_mode) … Present(); … if (1 == g_mode)`) keep their value through it.
 */
export function inFreeFunction(at: SyntaxNode): boolean {
  let f: SyntaxNode | null = at.parent;
  while (f && f.type !== 'function_definition' && f.type !== 'lambda_expression') f = f.parent;
  if (!f || f.type !== 'function_definition' || f.parent?.type === 'field_declaration_list') return false;
  let d = f.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d?.childForFieldName('declarator')?.type === 'identifier';
}

/**
 * A call by plain name inside a method defined in its class body (`struct Decoder { void decode() { helper(x); } }`)
 * reaches the members only when the class declares a method of that name; a class with bases may inherit one.
 */
function outsideOwnClass(name: string, at: SyntaxNode): boolean {
  let f: SyntaxNode | null = at.parent;
  while (f && f.type !== 'function_definition') f = f.parent;
  const list = f?.parent?.type === 'field_declaration_list' ? f.parent : null;
  const cls = list?.parent;
  if (!list || !cls) return false;
  let methods = methodsByClass.get(list);
  if (methods === undefined) {
    methods = cls.namedChildren.some((c) => c.type === 'base_class_clause') ? null : new Set<string>();
    for (const m of methods ? list.namedChildren : []) {
      for (const d of m.descendantsOfType('function_declarator')) {
        const id = d.childForFieldName('declarator');
        if (id) methods!.add(id.text.replace(/^.*::/, ''));
      }
    }
    methodsByClass.set(list, methods);
  }
  return methods !== null && !methods.has(name);
}

function freeFunctionsOf(n: SyntaxNode): Set<string> {
  const index = fileFunctions(n);
  if (index.free) return index.free;
  index.free = new Set();
  for (const f of index.defs) {
    if (f.parent?.type === 'field_declaration_list') continue;
    let d = f.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    const name = d?.childForFieldName('declarator');
    if (name?.type === 'identifier') index.free.add(name.text);
  }
  return index.free;
}

let enabled = true;

/**
 * Path sensitivity on (the default) or off: off, no value is followed, so every function runs on one path as before
 * path facts. Only `npm run bench` (bench-paths) turns it off, to measure what path sensitivity costs.
 */
export function setPathSensitivity(on: boolean): void {
  enabled = on;
}

/** Collect the symbols of a function body once, before it is walked. */
export function collectPathSyms(fn: FnCtx, body: SyntaxNode, params: readonly string[], locals: Iterable<string>, shared?: SharedMembers): void {
  if (!enabled) return;
  // One walk over the body, bucketed by node type.
  const nodes = body.descendantsOfType(['if_statement', 'switch_statement', 'for_statement', 'assignment_expression', 'update_expression', 'init_declarator', 'pointer_expression', 'lambda_expression']);
  const of = (t: string) => nodes.filter((n) => n.type === t);
  const tests = nodes.filter((n) => n.type === 'if_statement' || n.type === 'switch_statement');
  if (tests.length === 0 && !shared) return;
  const writes = nodes.filter((n) => n.type === 'assignment_expression' || n.type === 'update_expression' || n.type === 'init_declarator');
  const writtenIn = (loop: SyntaxNode): Set<string> => {
    let set = writtenCache.get(loop);
    if (set) return set;
    set = new Set();
    for (const w of writes) {
      if (w.startIndex < loop.startIndex || w.endIndex > loop.endIndex) continue;
      const sym = w.type === 'init_declarator' ? declaredName(w.childForFieldName('declarator')) : symOf(targetOf(w), true);
      if (sym) set.add(sym);
    }
    writtenCache.set(loop, set);
    return set;
  };
  // Only a value tested twice (a test inside a loop repeats), or tested once and stored by the function (a flag),
  // can make two tests agree: other conditions are followed as before, without splitting paths.
  // Members other methods of the class use (member-facts.ts): their uses here and there count as tests.
  const count = new Map<string, number>(shared?.count ?? []);
  const last = new Map<string, SyntaxNode>(shared?.last ?? []);
  const guarding = new Set<string>(shared?.guarding ?? []);
  const helpers = helperCallPattern(body);
  const noOpTested = new Set<string>();
  for (const st of tests) {
    const c = st.childForFieldName('condition');
    if (!c) continue;
    const loop = enclosingLoop(st, body);
    const seen = new Set<string>();
    for (const n of [c, ...c.descendantsOfType(['identifier', 'field_expression', 'subscript_expression', 'binary_expression'])]) {
      const sym = emptyTest(n) ?? symOf(n, true) ?? bitViewSym(n);
      // Enumerators and macros (`COPY_BUFFER`, `D3D12_...`) are constants, not values a path learns about.
      if (sym && !CONSTANT_NAME.test(sym)) seen.add(sym);
    }
    // A test inside a loop repeats on every iteration: it is decided once when the loop does not write the value,
    // or follows the loop's counter.
    const written = loop ? writtenIn(loop) : null;
    const guards = guardsBarrier(st, helpers);
    for (const sym of seen) {
      if (guards) guarding.add(sym);
      if (noOpGuard(st, params)) noOpTested.add(sym);
      const repeats = loop && (!written!.has(sym) || loopCounterName(loop) === sym);
      count.set(sym, (count.get(sym) ?? 0) + (repeats ? 2 : 1));
      if ((last.get(sym)?.startIndex ?? -1) < st.startIndex) last.set(sym, st);
    }
    // A container filled in the branches and submitted later: the submission tests the condition again.
    const use = st.type === 'if_statement' ? laterContainerUse(st, body) : undefined;
    // A struct whose members the branches wrote, submitted later per branch (branch-forms.ts): the same, up to its
    // last use.
    const structUse = st.type === 'if_statement' ? laterStructUse(st, body) : undefined;
    for (const u of [use, structUse]) {
      if (!u) continue;
      for (const sym of seen) {
        count.set(sym, (count.get(sym) ?? 0) + 1);
        if ((last.get(sym)?.startIndex ?? -1) < u.startIndex) last.set(sym, u);
      }
    }
  }
  // `Transition(cull ? processed : commands, …)`: a resource chosen by a condition is a test of it (the tracker picks the
  // resource per path, track/interpreter.ts chosen).
  for (const t of body.descendantsOfType('conditional_expression')) {
    const [a, b] = [t.childForFieldName('consequence'), t.childForFieldName('alternative')].map((x) => (x ? symOf(x) : undefined));
    const c = t.childForFieldName('condition');
    if (!c || a === undefined || b === undefined) continue;
    // `Transition(cl, bb, msaa ? RESOLVE_DEST : RENDER_TARGET, PRESENT)`: a constant picked per path is a test too
    // (the walker makes the call statement an if, ternary-statements.ts); one constant beside a name is not.
    const constants = CONSTANT_NAME.test(a) && CONSTANT_NAME.test(b);
    if (!constants && (CONSTANT_NAME.test(a) || CONSTANT_NAME.test(b))) continue;
    let stmt: SyntaxNode = t;
    while (stmt.parent && stmt.parent !== body && !stmt.type.endsWith('_statement') && stmt.type !== 'declaration') stmt = stmt.parent;
    if (!BARRIER_TEXT.test(stmt.text) || (constants && (stmt.type !== 'expression_statement' || t.parent?.parent?.parent !== stmt))) continue;
    for (const n of [c, ...c.descendantsOfType(['identifier', 'field_expression'])]) {
      const sym = symOf(n);
      if (!sym || CONSTANT_NAME.test(sym)) continue;
      guarding.add(sym);
      count.set(sym, (count.get(sym) ?? 0) + 1);
      if ((last.get(sym)?.startIndex ?? -1) < t.startIndex) last.set(sym, t);
    }
  }
  // `for (i = 1; i < levels; ++i)` tests its bound once before the first iteration (loop-counters.ts entryTest).
  for (const f of of('for_statement')) {
    const c = f.childForFieldName('condition');
    const bound = c?.type === 'binary_expression' && c.childForFieldName('left')?.type === 'identifier' ? symOf(c.childForFieldName('right')) : undefined;
    if (bound === undefined || CONSTANT_NAME.test(bound)) continue;
    const b = f.childForFieldName('body');
    if (b && (BARRIER_TEXT.test(b.text) || (helpers !== null && helpers.test(b.text)))) guarding.add(bound);
    count.set(bound, (count.get(bound) ?? 0) + 1);
    if ((last.get(bound)?.startIndex ?? -1) < f.startIndex) last.set(bound, f);
  }
  // `bool useCopy = k == 2;` then `if (useCopy)`: a test of the flag is a test of `k`, and the store is a test.
  const aliases = new Map<string, Set<string>>();
  const aliasStore = (sym: string | undefined, value: SyntaxNode | null): void => {
    const syms = sym && value ? comparisonSyms(value) : null;
    if (sym && syms && syms.size) aliases.set(sym, new Set([...(aliases.get(sym) ?? []), ...syms]));
  };
  for (const a of of('assignment_expression')) if (a.childForFieldName('operator')?.type === '=') aliasStore(symOf(a.childForFieldName('left')), a.childForFieldName('right'));
  for (const d of of('init_declarator')) aliasStore(declaredName(d.childForFieldName('declarator')), d.childForFieldName('value'));
  for (const [a, syms] of aliases) {
    const k = count.get(a);
    if (k === undefined) continue;
    count.set(a, k + 1);
    for (const s of syms) {
      count.set(s, (count.get(s) ?? 0) + k);
      // The flag's tests are tests of `s`: its facts live until the flag's last test.
      const lastA = last.get(a)!;
      if ((last.get(s)?.startIndex ?? -1) < lastA.startIndex) last.set(s, lastA);
      if (guarding.has(a)) guarding.add(s);
      if (guarding.has(s)) guarding.add(a);
    }
  }
  if (count.size === 0) return;
  // Flags: values the function stores constants in more than once (`bool done = false; ... done = true;`).
  const constantStores = new Map<string, number>();
  const stored = (sym: string | undefined, value: SyntaxNode | null): void => {
    if (sym && value && constantOf(value, fn) !== null) constantStores.set(sym, (constantStores.get(sym) ?? 0) + 1);
  };
  for (const a of of('assignment_expression')) stored(symOf(a.childForFieldName('left'), true), a.childForFieldName('right'));
  for (const d of of('init_declarator')) stored(declaredName(d.childForFieldName('declarator')), d.childForFieldName('value'));
  // NOTE: a value none of whose tests guards barrier code (a barrier, a state or layout name, a call to a helper the
  // file defines) cannot make a barrier agree with another: following it would only multiply paths (xenia's
  // `back_buffer_bound` beside `back_buffer_acquired`), so it is not followed.
  // A parameter tested once (`if (from == to) return;` in a transition helper) is tested again by a caller that
  // carries its value into the helper twice (`Transition(r, m_state, COPY_SOURCE)` … `Transition(r, COPY_SOURCE,
  // m_state)`, track/interpreter.ts carrying): the helper's exits tell which way its test went.
  const paramSet = new Set(params);
  const twice = (sym: string, k: number) => k >= 2 || (k === 1 && paramSet.has(sym) && noOpTested.has(sym)) || (constantStores.get(sym) ?? 0) >= 2;
  // An element (`m_meshes[m].ready`) is followed as a flag the function keeps per element: one it stores a constant
  // in. A table's entries only read (`tests[i].is_uav`) are not.
  const tested = new Set([...count].filter(([sym, k]) => guarding.has(sym) && twice(sym, k) && (!isElementSym(sym) || constantStores.has(sym))).map(([sym]) => sym));
  if (tested.size === 0) return;
  // Out of sight: an address taken, a reference bound, an assignment inside a lambda.
  for (const p of of('pointer_expression')) {
    if (p.childForFieldName('operator')?.type === '&') dropRooted(tested, symOf(p.childForFieldName('argument')));
  }
  for (const d of of('init_declarator')) {
    if (d.childForFieldName('declarator')?.type === 'reference_declarator') dropRooted(tested, symOf(d.childForFieldName('value')));
  }
  for (const l of of('lambda_expression')) {
    for (const a of l.descendantsOfType(['assignment_expression', 'update_expression'])) dropRooted(tested, symOf(targetOf(a)));
  }
  dropExposedElements(tested, body, nodes);
  if (tested.size === 0) return;
  // After the statement holding a value's last test (lifted out of the loops that repeat it), nothing more can be
  // decided with it: the paths that differ only in it are joined there, and again after each enclosing statement
  // (the paths that did not run it still carry the value). A value declared in a loop's body is declared anew on
  // each iteration, so its facts end with the body.
  const dropAfter = new Map<string, string[]>();
  const declarations = new Map<string, SyntaxNode[]>();
  for (const d of of('init_declarator')) {
    const name = declaredName(d.childForFieldName('declarator'));
    if (name) declarations.set(name, [...(declarations.get(name) ?? []), d]);
  }
  for (const d of body.descendantsOfType('declaration')) {
    for (const c of d.childrenForFieldName('declarator')) {
      const name = c.type === 'init_declarator' ? undefined : declaredName(c);
      if (name) declarations.set(name, [...(declarations.get(name) ?? []), c]);
    }
  }
  const addDrop = (n: SyntaxNode, sym: string): void => {
    const k = nodeKey(n);
    dropAfter.set(k, [...(dropAfter.get(k) ?? []), sym]);
  };
  for (const sym of tested) {
    const decls = declarations.get(rootOf(sym)) ?? [];
    let top = last.get(sym)!;
    // Two declarations of one name (shadowing) are two values: only the function-level drop is safe.
    if (decls.length <= 1) {
      let at = top;
      for (let p = at.parent; p && p !== body; p = p.parent) {
        const loopBody = LOOPS.has(p.type) ? p.childForFieldName('body') : null;
        if (loopBody && !decls.some((d) => within(d, loopBody))) at = p;
      }
      for (let p: SyntaxNode | null = at; p && p !== body && p.parent && p.parent !== body; p = p.parent) addDrop(p, sym);
    }
    while (top.parent && top.parent.startIndex !== body.startIndex) top = top.parent;
    addDrop(top, sym);
  }
  const all = new Set([...params, ...locals]);
  const roots = [...new Set([...tested].map(rootOf))];
  const members = roots.some((r) => !all.has(r));
  // An element's index (`m` of `a.[m].x`): a statement writing it makes the element another one.
  const indices = [...tested].flatMap(indexNamesOf);
  const names = [...new Set([...roots, ...indices])];
  const mayWrite = new RegExp(`\\b(?:${names.map((r) => r.replace(/[^\w]/g, '')).join('|')})\\b${members ? '|\\(' : ''}`);
  byFn.set(fn, { tested, locals: all, freeFunctions: freeFunctionsOf(body), dropAfter, mayWrite });
}

const COMPARISON_OPS = new Set(['==', '!=', '<', '<=', '>', '>=', '&&', '||']);

/** The values a stored comparison tests (`k == 2`, `a && !b`), or null when the value is not a comparison. */
function comparisonSyms(value: SyntaxNode): Set<string> | null {
  let v = value;
  while (v.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0)!;
  // `bool useUav = flags & kUav;`: a test of that bit.
  const bit = bitViewSym(v);
  if (bit && v.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length === 0) return new Set([bit]);
  const op = v.type === 'binary_expression' ? v.childForFieldName('operator')?.type : v.type === 'unary_expression' ? v.childForFieldName('operator')?.type : undefined;
  if (!op || (!COMPARISON_OPS.has(op) && op !== '!') || v.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length) return null;
  const syms = new Set<string>();
  for (const n of v.descendantsOfType(['identifier', 'field_expression'])) {
    const s = symOf(n);
    if (s && !CONSTANT_NAME.test(s) && !(n.parent?.type === 'field_expression' && symOf(n.parent) !== undefined)) syms.add(s);
  }
  // `bool useUav = (flags & kUav) != 0;`: the flag is a test of that bit of `flags`.
  for (const n of [v, ...v.descendantsOfType('binary_expression')]) {
    const s = bitViewSym(n);
    if (s) syms.add(s);
  }
  return syms;
}

// Barrier code, and the commands whose resources the tracker checks (a copy's destination, a UAV clear, ...): a
// branch between `CopyTextureRegion(tex ← buf)` and `CopyTextureRegion(buf ← tex)` on the same direction is code
// a path fact must keep apart as much as a barrier is.
export const BARRIER_TEXT = new RegExp(`Barrier|Transition|RESOURCE_STATE|BARRIER_LAYOUT|BARRIER_SYNC|BARRIER_ACCESS|\\b(?:${
  Object.keys(COMMANDS).filter((m) => COMMANDS[m].resources.length > 0).join('|')})\\s*\\(`);

/**
 * `if (from == to) return;`: a transition helper's no-op guard, two parameters compared for (in)equality and a bare
 * return. Only its parameters count as tested once already (a caller may carry its values in twice): any other test
 * of a parameter that is tested once splits no caller's paths (measured: following every such test multiplied the
 * paths of WispRenderer's frame-graph tasks, 5× the run time).
 */
function noOpGuard(st: SyntaxNode, params: readonly string[]): boolean {
  if (st.type !== 'if_statement' || st.childForFieldName('alternative')) return false;
  if (!/^\{?\s*return\s*;\s*\}?$/.test(st.childForFieldName('consequence')?.text ?? '')) return false;
  let c = st.childForFieldName('condition');
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  const op = c?.type === 'binary_expression' ? c.childForFieldName('operator')?.type : undefined;
  if (op !== '==' && op !== '!=') return false;
  const l = c!.childForFieldName('left');
  const r = c!.childForFieldName('right');
  return l?.type === 'identifier' && r?.type === 'identifier' && params.includes(l.text) && params.includes(r.text);
}

/**
 * Whether a branch of an if/switch holds barrier code, or a call to a helper of the file that may record one. An
 * early return (`if (from == to) return;`) guards the statements after it when they hold barrier code or call a
 * function of the file whose body holds some: an error check before other helper calls (`if (FAILED(hr)) return hr;
 * … CopyImage(…)` in an image loader) guards no barrier, and following every such test multiplied the paths of
 * DirectXTex's loaders past the work budget of the methods calling them.
 */
export function guardsBarrier(st: SyntaxNode, helpers: RegExp | null): boolean {
  const parts = st.type === 'switch_statement' ? [st.childForFieldName('body')]
    : [st.childForFieldName('consequence'), st.childForFieldName('alternative')];
  if (parts.some((b) => !!b && (BARRIER_TEXT.test(b.text) || (helpers !== null && helpers.test(b.text))))) return true;
  if (st.type !== 'if_statement' || st.childForFieldName('alternative') || !bareReturn(st.childForFieldName('consequence'))) return false;
  const recording = callPattern(barrierFunctionNames(st));
  for (const n of st.parent?.namedChildren ?? []) {
    if (n.startIndex >= st.endIndex && (BARRIER_TEXT.test(n.text) || (recording !== null && recording.test(n.text)))) return true;
  }
  return false;
}

const RETURN_ONLY = /^\{?\s*return\b[^;]*;\s*\}?$/;

/**
 * `return x;`, `{ return; }`, or a block that only asserts or prints before it returns (`{ assert(false && "no
 * list"); return; }`, `{ OutputDebugStringA("…"); return false; }`): an early exit that records nothing.
 */
function bareReturn(c: SyntaxNode | null): boolean {
  if (!c) return false;
  if (RETURN_ONLY.test(c.text)) return true;
  if (c.type !== 'compound_statement') return false;
  const stmts = c.namedChildren.filter((n) => n.type !== 'comment');
  const last = stmts.pop();
  if (!last || last.type !== 'return_statement' || !RETURN_ONLY.test(last.text)) return false;
  return stmts.every((n) => {
    const call = n.type === 'expression_statement' ? n.namedChild(0) : null;
    const name = call?.type === 'call_expression' ? calleeName(call.childForFieldName('function')) : undefined;
    return name !== undefined && (INERT_CALLS.has(name) || CPU_ONLY_CALLS.has(name)) && !INERT_DRAWING_CALLS.has(name);
  });
}

const patterns = new WeakMap<ReadonlySet<string>, RegExp | null>();

/** `\b(?:A|B)\s*\(` over a set of names (null when empty), once per set. */
export function callPattern(names: ReadonlySet<string>): RegExp | null {
  let re = patterns.get(names);
  if (re === undefined) {
    re = names.size ? new RegExp(`\\b(?:${[...names].join('|')})\\s*\\(`) : null;
    patterns.set(names, re);
  }
  return re;
}

/** The functions of the file whose body holds barrier code (by last name). */
export function barrierFunctionNames(n: SyntaxNode): Set<string> {
  const index = fileFunctions(n);
  if (index.recording) return index.recording;
  index.recording = new Set();
  for (const f of index.defs) {
    const name = lastName(f);
    if (name && BARRIER_TEXT.test(f.childForFieldName('body')?.text ?? '')) index.recording.add(name);
  }
  return index.recording;
}

export function lastName(f: SyntaxNode): string | undefined {
  const name = definitionDeclarator(f)?.childForFieldName('declarator')?.text.replace(/\s+/g, '').split('::').pop();
  return name && /^\w+$/.test(name) ? name : undefined;
}

/**
 * The function definitions of a file, found in one walk of its tree, and the name sets read from them (each made when
 * first asked): every function by last name, the free functions, the functions that record barriers.
 */
interface FileFunctions { defs: SyntaxNode[]; names?: Set<string>; free?: Set<string>; recording?: Set<string> }
const functionsByRoot = new WeakMap<SyntaxNode, FileFunctions>();

function fileFunctions(n: SyntaxNode): FileFunctions {
  let root = n;
  while (root.parent) root = root.parent;
  let index = functionsByRoot.get(root);
  if (!index) functionsByRoot.set(root, (index = { defs: root.descendantsOfType('function_definition') }));
  return index;
}

/** The functions the file defines, by their last name. */
export function fileFunctionNames(n: SyntaxNode): Set<string> {
  const index = fileFunctions(n);
  if (index.names) return index.names;
  index.names = new Set<string>();
  for (const f of index.defs) {
    let d = f.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    const name = d?.childForFieldName('declarator')?.text.split('::').pop()?.trim();
    if (name && /^~?\w+$/.test(name)) index.names.add(name.replace('~', ''));
  }
  return index.names;
}

/** `\b(?:Name1|Name2)\s*\(` over the functions the file defines (their last name), or null when it defines none. */
export function helperCallPattern(n: SyntaxNode): RegExp | null {
  return callPattern(fileFunctionNames(n));
}

function within(n: SyntaxNode, outer: SyntaxNode): boolean {
  return n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;
}

function nodeKey(n: SyntaxNode): string {
  return `${n.startIndex}:${n.endIndex}`;
}


function enclosingLoop(n: SyntaxNode, body: SyntaxNode): SyntaxNode | null {
  for (let p = n.parent; p && p !== body; p = p.parent) if (LOOPS.has(p.type)) return p;
  return null;
}

const writtenCache = new WeakMap<SyntaxNode, Set<string>>();

function loopCounterName(loop: SyntaxNode): string | undefined {
  if (loop.type !== 'for_statement') return undefined;
  const init = loop.childForFieldName('initializer');
  if (init?.type === 'declaration') return declaredName(init.childForFieldName('declarator'));
  return init?.type === 'assignment_expression' ? symOf(init.childForFieldName('left')) : undefined;
}

/** The statement that forgets the values whose last test is in top-level statement `n` (none: empty). */
export function dropsAfter(n: SyntaxNode, fn: FnCtx): Stmt[] {
  const syms = byFn.get(fn)?.dropAfter.get(nodeKey(n));
  return syms ? [{ k: 'forget', syms: [...new Set(syms)], end: true }] : [];
}

/**
 * The parameters a body never assigns, increments, takes the address of or binds a reference to (in a lambda
 * neither): what the caller passed, from the first statement to the last. Also the stable ones whose tests the path
 * facts follow (see `collectPathSyms`) or that are passed on to a call.
 */
export function stableParams(fn: FnCtx, body: SyntaxNode, params: readonly string[]): { stable: string[]; followed: string[] } {
  if (!enabled || params.length === 0) return { stable: [], followed: [] };
  const out = new Set(params.filter((p) => p));
  for (const n of body.descendantsOfType(['assignment_expression', 'update_expression', 'pointer_expression', 'init_declarator'])) {
    if (n.type === 'pointer_expression') {
      if (n.childForFieldName('operator')?.type === '&') dropRoot(out, symOf(n.childForFieldName('argument')));
    } else if (n.type === 'init_declarator') {
      if (n.childForFieldName('declarator')?.type === 'reference_declarator') dropRoot(out, symOf(n.childForFieldName('value')));
    } else dropRoot(out, symOf(targetOf(n)));
  }
  const stable = [...out];
  // Followed: tested by the body, or handed on as an argument to a helper that may test it (the helper's facts come
  // back through this function to its caller).
  const tested = new Set(byFn.get(fn)?.tested ?? []);
  for (const c of body.descendantsOfType('call_expression')) {
    for (const a of c.childForFieldName('arguments')?.namedChildren ?? []) if (a.type === 'identifier' && out.has(a.text)) tested.add(a.text);
  }
  return { stable, followed: stable.filter((p) => tested.has(p)) };
}

function dropRoot(set: Set<string>, sym: string | undefined): void {
  if (sym) set.delete(rootOf(sym));
}

function isSymbolicCondition(c: Condition): boolean {
  if (c.op === 'opaque') return false;
  if ('args' in c) return c.args.some(isSymbolicCondition);
  return c.ls !== undefined || c.rs !== undefined;
}

/**
 * The elements of a container whose elements the function can reach without naming them (`&a[i]`, `auto& m = a[i];`,
 * `for (auto& m : a)`, a write in a lambda): any element of it, by any index, may change out of sight.
 */
function dropExposedElements(tested: Set<string>, body: SyntaxNode, nodes: readonly SyntaxNode[]): void {
  if (![...tested].some(isElementSym)) return;
  const roots = new Set<string>();
  const expose = (n: SyntaxNode | null) => {
    const sym = symOf(n, true) ?? symOf(n);
    if (sym) roots.add(rootOf(sym));
  };
  for (const n of nodes) {
    if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.type === '&') expose(n.childForFieldName('argument'));
    else if (n.type === 'init_declarator' && n.childForFieldName('declarator')?.type === 'reference_declarator') expose(n.childForFieldName('value'));
    else if (n.type === 'lambda_expression') for (const a of n.descendantsOfType(['assignment_expression', 'update_expression'])) expose(targetOf(a));
  }
  for (const f of body.descendantsOfType('for_range_loop')) {
    if (f.childForFieldName('declarator')?.type !== 'identifier') expose(f.childForFieldName('right'));
  }
  for (const t of [...tested]) if (isElementSym(t) && roots.has(rootOf(t))) tested.delete(t);
}

function dropRooted(tested: Set<string>, sym: string | undefined): void {
  if (!sym) return;
  for (const t of [...tested]) if (t === sym || t.startsWith(`${sym}.`)) tested.delete(t);
}

export function targetOf(n: SyntaxNode): SyntaxNode | null {
  return n.type === 'update_expression' ? n.childForFieldName('argument') : n.childForFieldName('left');
}

const CONSTANT_TYPES = new Set([
  'number_literal', 'true', 'false', 'identifier', 'qualified_identifier', 'nullptr', 'null', 'char_literal', 'unary_expression',
  'binary_expression',
]);

/** The constant an expression stores (`true`, `0`, `Mode::Copy`, an enumerator), or null. */
export function constantOf(n: SyntaxNode | null, fn: FnCtx): number | null {
  if (!n) return null;
  let v = n;
  while (v.type === 'parenthesized_expression' && v.namedChildCount === 1) v = v.namedChild(0)!;
  if (!CONSTANT_TYPES.has(v.type) || v.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length > 0) return null;
  if (v.type === 'true') return 1;
  if (v.type === 'false' || v.type === 'nullptr' || v.type === 'null') return 0;
  const e = evalValue(v, 'num', fn);
  return e.t === 'num' && e.f.value !== null && e.f.param === undefined ? e.f.value : null;
}

/**
 * The value a store takes from the function's parameters (`m_outState = outState;`, `m_state = flag ? A : B;`): a
 * number at a call whose arguments are known (track/env.ts substituteField), unknown elsewhere. Undefined when the
 * value does not come from a parameter.
 */
function parameterValue(n: SyntaxNode, fn: FnCtx): Field | undefined {
  if (n.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length > 0) return undefined;
  const e = evalValue(n, 'num', fn);
  if (e.t !== 'num') return undefined;
  const f = e.f;
  return f.param !== undefined || f.byParam || f.byParamCases || f.masked || f.paramMember ? f : undefined;
}

/**
 * The writes and call effects on tested symbols inside one statement (or condition), in source order, as
 * statements for the tracker. `skip` names a symbol whose writes the caller handles (a for loop's counter).
 */
export function pathWrites(node: SyntaxNode | null, fn: FnCtx, skip?: string, condOf?: (n: SyntaxNode, fn: FnCtx) => Condition | undefined): Stmt[] {
  const syms = byFn.get(fn);
  if (!node || !syms || !syms.mayWrite.test(node.text)) return [];
  const out: Stmt[] = [];
  const tested = syms.tested;
  const write = (sym: string | undefined, value: number | null, delta?: number, text?: string, valueNode?: SyntaxNode | null): void => {
    // A loop's counter (`skip`) moves on at the back edge: the loop's body forgets the elements it picks as each
    // iteration starts (walker.ts, elementsIndexedBy).
    if (sym && sym !== skip) {
      const stale = staleElements(tested, sym);
      if (stale.length) out.push({ k: 'forget', syms: stale });
    }
    if (!sym || sym === skip || !tested.has(sym)) return;
    const cond = value === null && delta === undefined && valueNode && condOf && comparisonSyms(valueNode) ? condOf(valueNode, fn) : undefined;
    if (cond && isSymbolicCondition(cond)) {
      out.push({ k: 'write', sym, value: null, cond });
      return;
    }
    const from = value === null && delta === undefined && valueNode ? parameterValue(valueNode, fn) : undefined;
    if (from) {
      out.push({ k: 'write', sym, value: null, from, ...(text ? { text } : {}) });
      return;
    }
    out.push({ k: 'write', sym, value, ...(delta !== undefined ? { delta } : {}), ...(value !== null && text ? { text } : {}) });
  };
  const forget = (pred: (s: string) => boolean): void => {
    const gone = [...tested].filter(pred);
    if (gone.length) out.push({ k: 'forget', syms: gone });
  };
  const visit = (n: SyntaxNode): void => {
    if (n.type === 'lambda_expression') return;
    // Children first: `x = f(y)` evaluates the call before the store.
    for (const c of n.namedChildren) visit(c);
    switch (n.type) {
      case 'assignment_expression': {
        const op = n.childForFieldName('operator')?.type;
        const sym = symOf(n.childForFieldName('left'), true);
        const right = n.childForFieldName('right');
        if (op === '=') write(sym, constantOf(right, fn), undefined, right?.text, right);
        else if (op === '+=' || op === '-=') {
          const c = constantOf(right, fn);
          if (c === null) write(sym, null);
          else write(sym, null, op === '+=' ? c : -c);
        } else write(sym, null);
        return;
      }
      case 'update_expression': {
        const op = n.child(0)?.type === '++' || n.child(1)?.type === '++' ? 1 : -1;
        write(symOf(n.childForFieldName('argument'), true), null, op);
        return;
      }
      case 'init_declarator': {
        const value = n.childForFieldName('value');
        write(declaredName(n.childForFieldName('declarator')), constantOf(value, fn), undefined, value?.text, value);
        return;
      }
      case 'call_expression': {
        const callee = n.childForFieldName('function');
        // A d3dx12 helper (`CD3DX12_RESOURCE_BARRIER::Transition(res, before, after)`) takes its arguments by value
        // or const reference: it writes none of them.
        if (callee && callee.type !== 'field_expression' && Object.hasOwn(HELPERS, callee.text.replace(/\s+/g, '').replace(/^::/, ''))) return;
        const roots = new Set<string>();
        // Pointers passed by value to a `T*` parameter: the callee writes what they point to, not the pointer.
        const pointees = new Set<string>();
        const args = n.childForFieldName('arguments')?.namedChildren ?? [];
        const overloads = calleeName(callee) === undefined ? undefined
          : fn.file.outParams.get(calleeName(callee)!)?.filter((flags) => flags.length >= args.length);
        const com = comCall(callee, fn);
        args.forEach((a, i) => {
          // An element of a container whose per-element flags the path follows, handed to a D3D12/DXGI method
          // (`CopyResource(m_meshes[m].history, …)`: a copy, or a pointer whose target it may write) or by value to a
          // helper's pointer parameter: neither the container nor the index is written.
          const element = followedElement(a, tested);
          if (element !== undefined && (com || (overloads?.length && overloads.every((flags) => flags[i] !== 'ref')))) {
            pointees.add(element);
            return;
          }
          for (const r of writablePaths(a)) {
            // A D3D12/DXGI method takes no references: a name handed to it (`ResolveSubresource(win.resolved, …)`)
            // is a copy, or a pointer whose target it may write.
            if (com && symOf(a) === r) {
              pointees.add(r);
              continue;
            }
            // A value the callee receives by value (or as const) is a copy: `MakeData(data, m, s)`.
            if (overloads?.length ? overloads.every((flags) => !flags[i]) : symOf(a) === r && isScalar(fn.types.get(r) ?? (syms.locals.has(r) ? undefined : fn.file.memberTypes.get(r)))) continue;
            if (overloads?.length && symOf(a) !== undefined && overloads.every((flags) => flags[i] !== 'ref')) pointees.add(symOf(a)!);
            else roots.add(r);
          }
        });
        let sized: { sym: string; change: number | 'clear' } | undefined;
        if (callee?.type === 'field_expression') {
          const recv = callee.childForFieldName('argument');
          const r = recv?.type === 'this' ? undefined : symOf(recv);
          if (r) roots.add(r);
          const method = callee.childForFieldName('field')?.text ?? '';
          // `v.size()`, `v.empty()`, `v.data()` of a container read it.
          if (r && READS_CONTAINER.has(method) && args.length === 0) return;
          const change = r ? SIZE_CHANGES[method] : undefined;
          if (change !== undefined) sized = { sym: `${r}.size`, change };
        }
        const viaThis = callee?.type === 'identifier' ? !syms.freeFunctions.has(callee.text) && !FUNCTIONAL_CAST.test(callee.text)
          // A local (a lambda capturing `this`) may write the members.
          && (syms.locals.has(callee.text) || (!inFreeFunction(n) && !outsideOwnClass(callee.text, n)))
          : callee?.type === 'field_expression' && callee.childForFieldName('argument')?.type === 'this';
        // NOTE: a resource pointer member (`if (NULL != m_msaaRt)`) keeps its value through a call that may reach the
        // members through `this`, as the resource keeps its tracked state there: a call that re-creates it out of
        // sight would make both stale, and the tracker takes neither to happen.
        // NOTE: asked for every tested name at every call: a call that reaches nothing forgets nothing, and the
        // names and prefixes are built once per call.
        if (roots.size === 0 && pointees.size === 0 && !viaThis) return;
        const rootList = [...roots];
        const rootPrefixes = rootList.map((r) => `${r}.`);
        const pointeePrefixes = [...pointees].map((p) => `${p}.`);
        // A method through `this` writes only the members it can reach (member-writes.ts: not a const method's).
        const method = viaThis ? calleeName(callee) : undefined;
        // An element picked by a name the call may write (`Next(&i)` and `a.[i].x`) is another element after it.
        const byArgs = (s: string) => rootList.some((r, i) => overlaps(s, r, rootPrefixes[i])) || pointeePrefixes.some((p) => s.startsWith(p))
          || (isElementSym(s) && indexNamesOf(s).some((x) => roots.has(x)));
        forget((s) => s !== skip && s !== sized?.sym && byArgs(s));
        // What the method may write of the members: a separate statement naming the call, so that the tracker keeps
        // the members whose facts it carried through the method's own body (track/interpreter.ts carrying).
        if (viaThis) {
          const gone = [...tested].filter((s) => s !== skip && s !== sized?.sym && !byArgs(s) && !syms.locals.has(rootOf(s)) && !isResourcePointer(s, fn)
            && (method === undefined || methodWrites(fn, method, rootOf(s), n)
              || indexNamesOf(s).some((x) => !syms.locals.has(x) && methodWrites(fn, method, x, n))));
          if (gone.length) out.push({ k: 'forget', syms: gone, call: rangeKey(rangeOf(n)) });
        }
        // `v.push_back(b)` / `v.clear()`: the container's size moves by one / becomes 0 (a later `if (v.size() != 0)`).
        if (sized) write(sized.sym, sized.change === 'clear' ? 0 : null, sized.change === 'clear' ? undefined : sized.change);
        return;
      }
      default:
    }
  };
  if (node.type === 'declaration') {
    const vector = STARTS_EMPTY.test(node.childForFieldName('type')?.text ?? '');
    for (const d of node.childrenForFieldName('declarator')) {
      if (d.type === 'init_declarator') visit(d);
      else {
        write(declaredName(d), null);
        // `std::vector<T> v;` starts empty.
        if (vector && d.type === 'identifier') write(`${d.text}.size`, 0);
      }
    }
  } else visit(node);
  return out;
}

// A D3D12 or DXGI interface pointer (`ID3D12GraphicsCommandList* list`, `ComPtr<ID3D12Device5>`), and the C COM macro
// of one of their methods (`ID3D12GraphicsCommandList_ResolveSubresource(list, …)`).
const COM_POINTER = /^(?:const)?(?:I(?:D3D12|DXGI)\w*\*|(?:[\w:]*::)?ComPtr<I(?:D3D12|DXGI)\w*>)$/;
const COM_MACRO = /^I(?:D3D12|DXGI)[A-Za-z0-9]*_\w+$/;

/**
 * Whether a call is a method of a D3D12/DXGI interface: its receiver is declared as one (a local, parameter or member
 * of the file), or it is the C macro of one. Their parameters are C types (values and pointers, never references).
 */
function comCall(callee: SyntaxNode | null, fn: FnCtx): boolean {
  if (callee?.type === 'identifier') return COM_MACRO.test(callee.text);
  if (callee?.type !== 'field_expression') return false;
  const recv = symOf(callee.childForFieldName('argument'));
  if (recv === undefined || recv.includes('.')) return false;
  const type = fn.types.get(recv) ?? fn.file.memberTypes.get(recv);
  return type !== undefined && COM_POINTER.test(type.replace(/\s+/g, ''));
}

/** `v.empty()` tests the size of `v` (conditions.ts): the symbol `v.size`. */
function emptyTest(n: SyntaxNode): string | undefined {
  const q = n.type === 'field_expression' && n.parent?.type === 'call_expression' ? sizeQuery(n.parent) : undefined;
  const base = q?.empty ? symOf(q.container) : undefined;
  return base === undefined ? undefined : `${base}.size`;
}

/** The name a call's callee is declared under (`F`, `obj.F`, `ns::F` → F), for its parameter list. */
function calleeName(callee: SyntaxNode | null): string | undefined {
  if (!callee) return undefined;
  if (callee.type === 'identifier') return callee.text;
  if (callee.type === 'field_expression') return callee.childForFieldName('field')?.text;
  if (callee.type === 'qualified_identifier') return callee.text.replace(/\s+/g, '').split('::').pop();
  return undefined;
}

/** Whether a write to `written` (or to what it holds) can change `sym`: one is the other or lies inside it. */
function overlaps(sym: string, written: string, writtenPrefix = `${written}.`): boolean {
  return sym === written || sym.startsWith(writtenPrefix) || (written.length > sym.length && written.charCodeAt(sym.length) === DOT && written.startsWith(sym));
}

const DOT = 46;

/**
 * The names a call can write through one argument: an lvalue (`x`, `a.b`) may bind to a reference, and `&a.b.c`
 * points at `a.b.c` only (the callee writes that member and what it holds, not `a.samples` beside it); `&a[i]`,
 * `a[i]` and `&a.b[i].c` reach the array (`a`, `a.b`), not the index nor the array's neighbours; a cast passes its
 * operand on. The address of a temporary (`&CD3DX12_VIEWPORT{0, 0, (FLOAT)fb.width, …}`) reaches
 * nothing the caller names, nor does a call's result beyond the addresses that call is given. The operands of
 * arithmetic (`s * mips + m`, `-x`, `!x`) are read only (calls and assignments inside are statements of their own).
 * Anything else keeps every name it mentions.
 */
function writablePaths(a: SyntaxNode): string[] {
  const sym = symOf(a);
  if (sym !== undefined) return [sym];
  if (a.type === 'parenthesized_expression' && a.namedChildCount === 1) return writablePaths(a.namedChild(0)!);
  if (a.type === 'pointer_expression' && a.childForFieldName('operator')?.type === '&') {
    const target = a.childForFieldName('argument');
    if (target && symOf(target) !== undefined) return [symOf(target)!];
    if (target?.type === 'compound_literal_expression' || target?.type === 'call_expression') return [];
    if (target?.type === 'subscript_expression') return writablePaths(target);
    const inside = target ? namedBase(target) : undefined;
    if (inside !== undefined) return [inside, ...indexNames(target!)];
  }
  if (a.type === 'subscript_expression') {
    const base = a.childForFieldName('argument');
    const s = base ? symOf(base) : undefined;
    if (s !== undefined) return [s];
  }
  if (a.type === 'subscript_expression' || a.type === 'field_expression') {
    const inside = namedBase(a);
    if (inside !== undefined) return [inside, ...indexNames(a)];
  }
  // `(INT)g.frame`: the cast's operand is what the callee receives (by value, or the pointer it points through).
  if (a.type === 'cast_expression') {
    const v = a.childForFieldName('value');
    return v ? writablePaths(v) : [];
  }
  // A call's result is a temporary (`Transition(fb.colorTexture.Get(), …)`): only the addresses the inner call is
  // given (`IID_PPV_ARGS(&m_rt)`) reach the caller's names.
  if (a.type === 'call_expression') {
    return (a.childForFieldName('arguments')?.namedChildren ?? [])
      .filter((x) => x.type === 'pointer_expression' && x.childForFieldName('operator')?.type === '&').flatMap(writablePaths);
  }
  if (a.type === 'binary_expression' || a.type === 'unary_expression') return [];
  // `c ? 2 : 1`: the condition is only read; either branch may be what the callee receives.
  if (a.type === 'conditional_expression') {
    return [a.childForFieldName('consequence'), a.childForFieldName('alternative')].flatMap((x) => (x ? writablePaths(x) : []));
  }
  if (a.type === 'number_literal' || a.type === 'string_literal' || a.type === 'true' || a.type === 'false') return [];
  return [a, ...a.descendantsOfType('identifier')].filter((id) => id.type === 'identifier').map((id) => id.text);
}

/**
 * `a.b[i].c`, `a.b[i]`: the longest named path an element access lies inside (`a.b`); a write through it changes
 * what `a.b` holds, never `a.flag` beside it, nor the index `i`. Undefined when the access does not start at a name.
 */
function namedBase(n: SyntaxNode): string | undefined {
  const sym = symOf(n);
  if (sym !== undefined) return sym;
  if (n.type === 'parenthesized_expression' && n.namedChildCount === 1) return namedBase(n.namedChild(0)!);
  if (n.type !== 'field_expression' && n.type !== 'subscript_expression') return undefined;
  const inner = n.childForFieldName('argument');
  return inner ? namedBase(inner) : undefined;
}

/**
 * The names in an element access's subscripts (`i` of `a.b[i].c`). NOTE: kept as written to a call, as before
 * `namedBase`: a loop counter's facts that survive such calls changed which loop paths vkd3d-proton's
 * d3d12_depth_stencil.c test keeps apart (4 false findings in a measured run).
 */
function indexNames(n: SyntaxNode): string[] {
  return n.descendantsOfType('subscript_argument_list').flatMap((l) => l.descendantsOfType('identifier').map((id) => id.text));
}

// NOTE: a scalar (`UINT m`, `bool first`) passed by name to a function whose parameters the file does not declare
// is taken as a copy, as a whole barrier struct is (api-calls.ts): writing a caller's loop counter or flag through
// a non-const reference parameter is rare, while helpers taking indices by value are everywhere.
const SCALAR_TYPE = /^(?:(?:const|volatile|unsigned|signed|long|short|int|char|bool|BOOL|float|double|size_t|ptrdiff_t|DWORD|WORD|BYTE|UINT\d*|INT\d*|U?LONG\d*|u?int\d+_t|std::u?int\d+_t|std::size_t|auto)\s*)+$/;

/** A member or variable declared as a pointer to a resource (`ID3D12Resource* m_rt`, `ComPtr<ID3D12Resource1>`). */
function isResourcePointer(sym: string, fn: FnCtx): boolean {
  if (sym.includes('.')) return false;
  const type = fn.types.get(sym) ?? fn.file.memberTypes.get(sym);
  if (type === undefined) return false;
  let is = resourcePointerTypes.get(type);
  if (is === undefined) {
    is = RESOURCE_POINTER.test(type.replace(/\s+/g, ''));
    if (resourcePointerTypes.size >= TYPES_KEPT) resourcePointerTypes.clear();
    resourcePointerTypes.set(detached(type), is);
  }
  return is;
}

// NOTE: every call of a function asks this for every tested member of it: the answer is read once per type text
// (a bounded cache; a long-lived server analyses many files).
const resourcePointerTypes = new Map<string, boolean>();
const TYPES_KEPT = 10_000;

const RESOURCE_POINTER = /^(?:const)?(?:ID3D12Resource\d*\*|(?:[\w:]*::)?ComPtr<ID3D12Resource\d*>)$/;

function isScalar(type: string | undefined): boolean {
  if (type === undefined) return false;
  const t = type.trim();
  // A D3D12 enum (`D3D12_RESOURCE_STATES state`) is a number, as a `UINT` is.
  return SCALAR_TYPE.test(t) || SCALAR_TYPE_NAMES.has(t.replace(/^const\s+/, ''));
}

/** The members of the class whose tests the function's path facts follow (FunctionFacts.factMembers). */
export function followedMembers(fn: FnCtx, own: ReadonlySet<string>): string[] {
  return [...byFn.get(fn)?.tested ?? []].filter((s) => !own.has(rootOf(s)) && !CONSTANT_NAME.test(s) && !s.endsWith('.size'));
}

/** `switch (x)`: the tested symbol and each case's label values, when x is a symbol. */
export function switchLabels(cond: SyntaxNode | null, cases: SyntaxNode[], fn: FnCtx): { sym?: string; labels?: SwitchLabel[] } {
  let c = cond;
  while (c && (c.type === 'condition_clause' || c.type === 'parenthesized_expression') && c.namedChildCount === 1) c = c.namedChild(0);
  const sym = symOf(c);
  if (!sym || !byFn.get(fn)?.tested.has(sym)) return {};
  const labels = cases.map((k): SwitchLabel => {
    const v = k.childForFieldName('value');
    return k.child(0)?.type === 'default' || !v ? 'default' : { value: constantOf(v, fn), text: v.text.replace(/\s+/g, '') };
  });
  return { sym, labels };
}

/** Whether the method may write the member (member-writes.ts, from the file's method index: its bodies read by name). */
function methodWrites(fn: FnCtx, method: string, member: string, at: SyntaxNode): boolean {
  return methodMayWriteMember(method, member, at, fn.file.methodImports, fn.file.methodIndex);
}
