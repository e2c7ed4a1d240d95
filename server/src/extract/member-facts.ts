// Path facts across the methods of a class (path-facts.ts follows a value tested twice in one function): a member
// tested by a method and again by a method it calls (`if (m_opts.shadows) DepthPass(); LightPass();` with
// `LightPass() { if (m_opts.shadows) … }`), a member one method stores a constant in and another hands to a
// transition helper (`m_depthState = UNORDERED_ACCESS;` … `Transition(m_depth, m_depthState, COPY_SOURCE)`), or a
// member two methods called in sequence both test. Each of those functions follows the member as it follows a value
// it tests twice: a call of a method that uses the member counts as a test of it, and a method's own test or
// constant store counts twice when a method that calls it (or another method that caller calls) uses the member too.
// The tracker then carries the caller's facts about the member into the method and back (track/interpreter.ts).
import type { SyntaxNode } from './node';
import type { FileCtx, FnCtx, MemberUses, SharedMembers } from './context';
import type { MethodUses } from './facts';
import { barrierFunctionNames, callPattern, CONSTANT_NAME, guardsBarrier, inFreeFunction, lastName, symOf } from './path-facts';
import { declaredNames } from './walker';
import { declaredName } from './types';
import { definitionDeclarator } from './syntax';

/** What the functions of a file do with the members they name, by function name (its last name). */
const byRoot = new WeakMap<SyntaxNode, MemberUses>();

function paramNames(f: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const p of definitionDeclarator(f)?.childForFieldName('parameters')?.namedChildren ?? []) {
    const name = declaredName(p.childForFieldName('declarator'));
    if (name) out.add(name);
  }
  return out;
}

function rootOf(sym: string): string {
  const dot = sym.indexOf('.');
  return dot < 0 ? sym : sym.slice(0, dot);
}

/** `F(…)` or `this->F(…)`: the method name, else undefined. */
function ownCallName(c: SyntaxNode): string | undefined {
  const f = c.childForFieldName('function');
  if (f?.type === 'identifier') return f.text;
  if (f?.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this') return f.childForFieldName('field')?.text;
  return undefined;
}

function insideLambda(n: SyntaxNode, body: SyntaxNode): boolean {
  for (let p = n.parent; p && p !== body; p = p.parent) if (p.type === 'lambda_expression') return true;
  return false;
}

/** A value stored that is a constant by its spelling (`true`, `0`, `D3D12_RESOURCE_STATE_COPY_DEST`, `Mode::Copy`). */
function constantSpelling(v: SyntaxNode | null): boolean {
  if (!v) return false;
  if (v.type === 'true' || v.type === 'false' || v.type === 'number_literal' || v.type === 'nullptr') return true;
  if (v.type === 'qualified_identifier') return /^[\w:]+$/.test(v.text.replace(/\s+/g, ''));
  return v.type === 'identifier' && CONSTANT_NAME.test(v.text);
}

interface FunctionUses {
  tests: Set<string>;
  stores: Set<string>;
  calls: Set<string>;
  /** The syntax of each use, for the function's own counting. */
  testAt: Map<string, SyntaxNode[]>;
  storeAt: Map<string, SyntaxNode[]>;
  callAt: Map<string, SyntaxNode[]>;
  /**
   * Members tested where a branch guards no barrier code of the file but calls methods by plain name (`if
   * (m_opts.shadows) DepthPass();` with DepthPass in another file): a test when one of them records barriers there.
   */
  guardedAt: Map<string, { at: SyntaxNode; calls: string[] }[]>;
}

const usesByBody = new WeakMap<SyntaxNode, FunctionUses>();

/** The uses of members in one function body (`not`: names declared there, which are no members). */
function usesOf(body: SyntaxNode, own: Set<string>, helperNames: ReadonlySet<string>, pointer: (sym: string) => boolean): FunctionUses {
  let out = usesByBody.get(body);
  if (out) return out;
  out = { tests: new Set(), stores: new Set(), calls: new Set(), testAt: new Map(), storeAt: new Map(), callAt: new Map(), guardedAt: new Map() };
  const put = (set: Set<string>, at: Map<string, SyntaxNode[]>, sym: string, n: SyntaxNode): void => {
    set.add(sym);
    at.set(sym, [...(at.get(sym) ?? []), n]);
  };
  const member = (sym: string | undefined): sym is string => !!sym && !own.has(rootOf(sym)) && !CONSTANT_NAME.test(sym) && !pointer(sym);
  for (const n of body.descendantsOfType(['if_statement', 'switch_statement', 'assignment_expression', 'call_expression'])) {
    if (insideLambda(n, body)) continue;
    if (n.type === 'if_statement' || n.type === 'switch_statement') {
      const c = n.childForFieldName('condition');
      // NOTE: only a test guarding barrier code or a call to a function of the file holding some (not any call to a
      // function of the file, as a function's own tests do): following members across methods multiplies paths, and
      // imgui's ImGuiListClipper (Begin/Step/End testing its members) spent a frame-graph task's whole work budget.
      if (!c) continue;
      const guards = guardsBarrier(n, callPattern(helperNames));
      const calls = guards ? [] : branchCalls(n);
      if (!guards && calls.length === 0) continue;
      for (const x of [c, ...c.descendantsOfType(['identifier', 'field_expression'])]) {
        // `a.b` is a test of `a.b`, not of `a` beside it.
        if (x.parent?.type === 'field_expression' && symOf(x.parent) !== undefined) continue;
        const sym = symOf(x);
        if (!member(sym)) continue;
        if (guards) put(out.tests, out.testAt, sym, n);
        else out.guardedAt.set(sym, [...(out.guardedAt.get(sym) ?? []), { at: n, calls }]);
      }
    } else if (n.type === 'assignment_expression') {
      const sym = n.childForFieldName('operator')?.type === '=' ? symOf(n.childForFieldName('left')) : undefined;
      if (member(sym) && constantSpelling(n.childForFieldName('right'))) put(out.stores, out.storeAt, sym, n);
    } else {
      const name = ownCallName(n);
      if (name && !own.has(name)) put(out.calls, out.callAt, name, n);
      // A member handed to a function of the file (`Transition(m_depth, m_depthState, COPY_SOURCE)`): the helper
      // may test it (its parameter facts come back through the call).
      const callee = n.childForFieldName('function')?.text.replace(/\s+/g, '').split(/::|->|\./).pop();
      if (!callee || !helperNames.has(callee)) continue;
      for (const a of n.childForFieldName('arguments')?.namedChildren ?? []) {
        const sym = a.type === 'identifier' || a.type === 'field_expression' ? symOf(a) : undefined;
        if (member(sym)) put(out.tests, out.testAt, sym, n);
      }
    }
  }
  usesByBody.set(body, out);
  return out;
}

/** The names a branch of an if/switch calls by plain name or through `this`. */
function branchCalls(st: SyntaxNode): string[] {
  const parts = st.type === 'switch_statement' ? [st.childForFieldName('body')] : [st.childForFieldName('consequence'), st.childForFieldName('alternative')];
  const out = new Set<string>();
  for (const p of parts) for (const c of p?.descendantsOfType('call_expression') ?? []) {
    const name = ownCallName(c);
    if (name) out.add(name);
  }
  return [...out];
}

/** A body's uses with its tests guarding calls of `recording` (methods of other files that record barriers). */
function withRecording(u: FunctionUses, recording: ReadonlySet<string> | undefined): FunctionUses {
  if (!recording?.size || u.guardedAt.size === 0) return u;
  let out: FunctionUses | undefined;
  for (const [sym, gs] of u.guardedAt) {
    const at = gs.filter((g) => g.calls.some((c) => recording.has(c))).map((g) => g.at);
    if (at.length === 0) continue;
    out ??= { ...u, tests: new Set(u.tests), testAt: new Map(u.testAt) };
    out.tests.add(sym);
    out.testAt.set(sym, [...(out.testAt.get(sym) ?? []), ...at].sort((a, b) => a.startIndex - b.startIndex));
  }
  return out ?? u;
}

/** The member uses of every function of the file (once per syntax tree, unless other files' methods record barriers). */
function fileUses(root: SyntaxNode, pointer: (sym: string) => boolean, recording?: ReadonlySet<string>): MemberUses {
  let out = recording?.size ? undefined : byRoot.get(root);
  if (out) return out;
  out = { tests: new Map(), stores: new Map(), calls: new Map() };
  const names = barrierFunctionNames(root);
  for (const f of root.descendantsOfType('function_definition')) {
    const name = lastName(f);
    const body = f.childForFieldName('body');
    if (!name || !body || inFreeFunction(body)) continue;
    const own = new Set([...paramNames(f), ...declaredNames(body)]);
    const u = withRecording(usesOf(body, own, names, pointer), recording);
    const add = (m: Map<string, Set<string>>, xs: Set<string>) => {
      if (xs.size) m.set(name, new Set([...(m.get(name) ?? []), ...xs]));
    };
    add(out.tests, u.tests);
    add(out.stores, u.stores);
    add(out.calls, u.calls);
  }
  if (!recording?.size) byRoot.set(root, out);
  return out;
}

/**
 * The counts a method's path facts add for members other methods of its class use (see the top of this file), or
 * undefined when it uses none that way.
 */
export function sharedMembers(fn: FnCtx, f: SyntaxNode, body: SyntaxNode, own: ReadonlySet<string>, pointer: (sym: string) => boolean): SharedMembers | undefined {
  if (f.type !== 'function_definition' || inFreeFunction(body)) return undefined;
  const name = lastName(f);
  if (!name) return undefined;
  let root = body;
  while (root.parent) root = root.parent;
  const recording = fn.file.recordingMethods;
  const file = fn.file.memberUses ?? fileUses(root, pointer, recording);
  const mine = withRecording(usesOf(body, new Set(own), barrierFunctionNames(root), pointer), recording);
  const count = new Map<string, number>();
  const last = new Map<string, SyntaxNode>();
  const guarding = new Set<string>();
  const bump = (sym: string, at: SyntaxNode, guards: boolean): void => {
    if (own.has(rootOf(sym))) return;
    count.set(sym, (count.get(sym) ?? 0) + 1);
    if ((last.get(sym)?.startIndex ?? -1) < at.startIndex) last.set(sym, at);
    if (guards) guarding.add(sym);
  };
  const testedBy = (g: string): ReadonlySet<string> => file.tests.get(g) ?? EMPTY;
  const storedBy = (g: string): ReadonlySet<string> => file.stores.get(g) ?? EMPTY;
  // A call of a method that uses a member is a use of it here.
  for (const [callee, at] of mine.callAt) {
    if (callee === name) continue;
    for (const sym of testedBy(callee)) for (const c of at) bump(sym, c, true);
    for (const sym of storedBy(callee)) for (const c of at) bump(sym, c, false);
  }
  // A member handed to a helper twice is tested twice (the helper's parameter facts tie the calls).
  for (const [sym, at] of mine.testAt) for (const n of at) if (n.type === 'call_expression') bump(sym, n, true);
  // This method's own test or store, when a method calling it (or another method that caller calls) uses the member.
  const related = new Map<string, boolean>();
  for (const [g, called] of file.calls) {
    if (g === name || !called.has(name)) continue;
    const note = (sym: string, tests: boolean) => related.set(sym, (related.get(sym) ?? false) || tests);
    for (const sym of testedBy(g)) note(sym, true);
    for (const sym of storedBy(g)) note(sym, false);
    for (const h of called) {
      if (h === name || h === g) continue;
      for (const sym of testedBy(h)) note(sym, true);
      for (const sym of storedBy(h)) note(sym, false);
    }
  }
  for (const [sym, tests] of related) {
    const at = [...(mine.testAt.get(sym) ?? []), ...(mine.storeAt.get(sym) ?? [])];
    if (at.length === 0) continue;
    const guards = tests || mine.tests.has(sym);
    bump(sym, at[0], guards);
    // A constant stored (and not tested here) counts as a use of its own.
    if (!mine.testAt.has(sym)) for (const n of mine.storeAt.get(sym) ?? []) bump(sym, n, guards);
  }
  return count.size ? { count, last, guarding } : undefined;
}

const EMPTY: ReadonlySet<string> = new Set();

/**
 * A member declared as a pointer or a COM pointer (`ID3D12Resource* m_depth`, `ComPtr<ID3D12GraphicsCommandList>`):
 * an object handed to helpers, not a value whose tests tie two methods together.
 */
export function pointerMember(sym: string, file: FileCtx): boolean {
  const type = file.memberTypes.get(rootOf(sym));
  return type !== undefined && /[*&]|ComPtr\s*<|_ptr\s*</.test(type);
}

/** The file's member uses, for the function cache (FileCtx.memberUses is read by key like the method index). */
export function memberUses(root: SyntaxNode, pointer: (sym: string) => boolean, recording?: ReadonlySet<string>): MemberUses {
  return fileUses(root, pointer, recording);
}

/** The class a method definition belongs to: `Scene` of `void Scene::Draw()` or of an inline method in `class Scene`. */
function classOfDefinition(f: SyntaxNode): string | undefined {
  const parts = definitionDeclarator(f)?.childForFieldName('declarator')?.text.replace(/\s+/g, '').split('::') ?? [];
  if (parts.length >= 2) return /^\w+$/.test(parts[parts.length - 2]) ? parts[parts.length - 2] : undefined;
  for (let p = f.parent; p; p = p.parent) {
    if (p.type === 'class_specifier' || p.type === 'struct_specifier') return p.childForFieldName('name')?.text;
    if (p.type === 'function_definition') return undefined;
  }
  return undefined;
}

/**
 * What each method of the file does with its class's members, by class (a multi-file run gives them to the files
 * defining other methods of the class, cli/cross-file.ts): only methods that test or store a member, or call.
 */
export function methodUses(root: SyntaxNode, pointer: (sym: string) => boolean): MethodUses[] {
  const out: MethodUses[] = [];
  const names = barrierFunctionNames(root);
  for (const f of root.descendantsOfType('function_definition')) {
    const name = lastName(f);
    const cls = classOfDefinition(f);
    const body = f.childForFieldName('body');
    if (!name || !cls || !body) continue;
    const u = usesOf(body, new Set([...paramNames(f), ...declaredNames(body)]), names, pointer);
    const guarded = [...u.guardedAt].map(([sym, gs]): [string, string[]] => [sym, [...new Set(gs.flatMap((g) => g.calls))]]);
    const records = names.has(name);
    if (u.tests.size || u.stores.size || u.calls.size || records) {
      out.push({ cls, name, tests: [...u.tests], stores: [...u.stores], calls: [...u.calls], ...(guarded.length ? { guarded } : {}), ...(records ? { records } : {}) });
    }
  }
  return out;
}

/** The file's own member uses with those of its classes' methods other files of the run define (a new table). */
export function withImportedUses(own: MemberUses, imported: readonly MethodUses[]): MemberUses {
  const copy = (m: Map<string, Set<string>>) => new Map([...m].map(([k, v]) => [k, new Set(v)]));
  const out: MemberUses = { tests: copy(own.tests), stores: copy(own.stores), calls: copy(own.calls) };
  const add = (m: Map<string, Set<string>>, name: string, xs: readonly string[]) => {
    if (xs.length) m.set(name, new Set([...(m.get(name) ?? []), ...xs]));
  };
  for (const u of imported) {
    add(out.tests, u.name, u.tests);
    add(out.stores, u.name, u.stores);
    add(out.calls, u.name, u.calls);
  }
  return out;
}
