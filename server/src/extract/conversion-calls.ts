// Engine RHIs translate their own state enums into D3D12 ones through small functions of the file:
// `ToD3D12State(ResourceState s) { switch (s) { case …: return D3D12_RESOURCE_STATE_…; } }`, bit-flag chains
// (`if (s & RS_COPY_DEST) ret |= D3D12_RESOURCE_STATE_COPY_DEST;`), loops over a flag's bits with a table, and
// table lookups. A call of such a function whose arguments are all known numbers (`ToD3D12State(Usage::Sampled)`,
// an engine desc's member read at the caller's value) is evaluated here with the arguments bound: its value is the
// number it returns. Anything the small interpreter below does not know (a call, a member, a global it cannot fold,
// a condition it cannot decide) makes the call what it was before, an unknown value — never a guess.
// NOTE: a statement interpreter of its own rather than the statement walker: the walker joins both sides of every
// branch, records events and sites; a conversion runs one path, and its only effects are on its own locals.
import type { SyntaxNode } from './node';
import type { FileCtx } from './context';
import type { Field } from './operands';
import { fold } from './constant-fold';
import { argumentNodes, calleeName, definedName, definitionDeclarator, definitionsByName, elseBody, isCppCast, treeRoot } from './syntax';
import { declaredName } from './types';
import { structKindOfType } from './expect';
import { ownOrImported } from './imported-functions';

/** Statements and expressions evaluated per call at most: a conversion is short. */
const MAX_STEPS = 4000;
/** A conversion calling another one (`ToD3D12Access(ToEngineAccess(x))`): nested at most this deep. */
const MAX_DEPTH = 3;
/** Function bodies longer than this are no conversion functions. */
const MAX_BODY_TEXT = 6000;
const MASK64 = 0xffffffffffffffffn;

interface Conversion {
  params: string[];
  body: SyntaxNode;
  /** The declarator's name as written (`Convert`, `RHI::Convert`). */
  spelled: string;
}

/** Per file (its root node): functions by simple name; null for a name defined more than once or not convertible. */
const byRoot = new WeakMap<SyntaxNode, Map<string, Conversion | null>>();

function paramNames(fnDef: SyntaxNode): string[] | undefined {
  const list = definitionDeclarator(fnDef)?.childForFieldName('parameters');
  if (!list) return undefined;
  const names: string[] = [];
  for (const p of list.namedChildren) {
    if (p.type === 'comment') continue;
    if (p.type !== 'parameter_declaration') return undefined;
    const name = declaredName(p.childForFieldName('declarator'));
    // A parameter passed by pointer or non-const reference may be an out-parameter: no pure conversion.
    const decl = p.childForFieldName('declarator');
    if (!name || !decl || decl.type === 'pointer_declarator' || (decl.type === 'reference_declarator' && !/\bconst\b/.test(p.text))) return undefined;
    names.push(name);
  }
  return names;
}

/** The definition's name with the namespaces around it (`namespace gfx { … UsageToState(…) }` → gfx::UsageToState). */
function functionDeclaratorName(def: SyntaxNode): string | undefined {
  const own = definitionDeclarator(def)?.childForFieldName('declarator')?.text.replace(/\s+/g, '');
  if (!own) return undefined;
  const scopes: string[] = [];
  for (let p = def.parent; p; p = p.parent) {
    const name = p.type === 'namespace_definition' ? p.childForFieldName('name')?.text.replace(/\s+/g, '') : undefined;
    if (name) scopes.unshift(name);
  }
  return [...scopes, own].join('::');
}

/**
 * The conversion a call names: a plain `Convert(x)`, or `Scope::Convert(x)` spelt as the definition is (a
 * `CD3DX12_RESOURCE_BARRIER::Transition` call is no call of the file's own `Transition`).
 */
function calledConversion(call: SyntaxNode): Conversion | undefined {
  const f = call.childForFieldName('function');
  if (f?.type !== 'identifier' && f?.type !== 'qualified_identifier') return undefined;
  const target = ownOrImported(treeRoot(call), conversions, calleeName(f) ?? '');
  if (!target) return undefined;
  const called = f.text.replace(/\s+/g, '');
  return f.type === 'identifier' || called === target.spelled || target.spelled.endsWith(`::${called}`) ? target : undefined;
}

function conversions(root: SyntaxNode): Map<string, Conversion | null> {
  return definitionsByName(root, byRoot, (def) => {
    const name = definedName(def)!;
    const body = def.childForFieldName('body');
    const type = def.childForFieldName('type')?.text ?? 'void';
    const params = paramNames(def);
    const ok = body && params && params.length > 0 && type !== 'void' && body.text.length <= MAX_BODY_TEXT;
    return ok ? { params: params!, body: body!, spelled: functionDeclaratorName(def) ?? name } : null;
  });
}

/** Thrown out of the interpreter when it meets what it does not know. */
class Unknown extends Error {}
class Return {
  /** undefined: `return;` of a void fill function. */
  constructor(readonly value: bigint | undefined) {}
}
class Break {}
class Continue {}

interface Run {
  file: FileCtx;
  steps: number;
  depth: number;
}

const known = (v: bigint | undefined): bigint => {
  if (v === undefined) throw new Unknown();
  return v;
};

function step(run: Run): void {
  if (++run.steps > MAX_STEPS) throw new Unknown();
}

function evalExpr(n: SyntaxNode, env: Map<string, bigint | undefined>, run: Run): bigint {
  step(run);
  switch (n.type) {
    case 'parenthesized_expression': return evalExpr(n.namedChild(0) ?? n, env, run);
    case 'cast_expression': return evalExpr(n.childForFieldName('value') ?? n, env, run);
    case 'identifier':
      if (env.has(n.text)) return known(env.get(n.text));
      return folded(n, run);
    case 'pointer_expression': {
      // `*sync` of a fill function's pointer out-parameter (only those are in the environment as `*name`).
      const key = derefKey(n);
      if (key && env.has(key)) return known(env.get(key));
      throw new Unknown();
    }
    case 'number_literal': case 'qualified_identifier': case 'true': case 'false': case 'sizeof_expression':
      return folded(n, run);
    case 'unary_expression': {
      const v = evalExpr(n.childForFieldName('argument') ?? n, env, run);
      const op = n.child(0)?.type;
      if (op === '!') return v === 0n ? 1n : 0n;
      if (op === '~') return ~v & MASK64;
      if (op === '-') return -v;
      if (op === '+') return v;
      throw new Unknown();
    }
    case 'binary_expression': {
      const op = n.child(1)?.type ?? '';
      const l = evalExpr(n.childForFieldName('left') ?? n, env, run);
      if (op === '&&' && l === 0n) return 0n;
      if (op === '||' && l !== 0n) return 1n;
      const r = evalExpr(n.childForFieldName('right') ?? n, env, run);
      return binary(op, l, r);
    }
    case 'conditional_expression':
      return evalExpr((evalExpr(n.childForFieldName('condition') ?? n, env, run) !== 0n
        ? n.childForFieldName('consequence') : n.childForFieldName('alternative')) ?? n, env, run);
    case 'subscript_expression': {
      const table = n.childForFieldName('argument');
      const index = n.childForFieldName('indices')?.namedChild(0) ?? n.childForFieldName('index');
      const c = table?.type === 'identifier' && !env.has(table.text) ? run.file.constants.get(table.text) : undefined;
      if (c?.t !== 'array' || !index) throw new Unknown();
      const i = Number(evalExpr(index, env, run));
      const el = c.elems[i];
      if (el?.t !== 'num' || el.f.value === null) throw new Unknown();
      return BigInt(el.f.value);
    }
    case 'call_expression': {
      if (isCppCast(n)) return evalExpr(argumentNodes(n)[0] ?? n, env, run);
      const target = calledConversion(n);
      if (!target || run.depth >= MAX_DEPTH) throw new Unknown();
      const args = argumentNodes(n).map((a) => evalExpr(a, env, run));
      run.depth++;
      try {
        return invoke(target, args, run);
      } finally {
        run.depth--;
      }
    }
    default: throw new Unknown();
  }
}

function folded(n: SyntaxNode, run: Run): bigint {
  const f = fold(n, run.file);
  if (!f) throw new Unknown();
  return f.v;
}

function binary(op: string, l: bigint, r: bigint): bigint {
  switch (op) {
    case '|': return l | r;
    case '&': return l & r;
    case '^': return l ^ r;
    case '+': return l + r;
    case '-': return l - r;
    case '*': return l * r;
    case '<<': return r < 0n || r > 63n ? (() => { throw new Unknown(); })() : (l << r) & MASK64;
    case '>>': return r < 0n || r > 63n ? (() => { throw new Unknown(); })() : l >> r;
    case '==': return l === r ? 1n : 0n;
    case '!=': return l !== r ? 1n : 0n;
    case '<': return l < r ? 1n : 0n;
    case '<=': return l <= r ? 1n : 0n;
    case '>': return l > r ? 1n : 0n;
    case '>=': return l >= r ? 1n : 0n;
    case '&&': return l !== 0n && r !== 0n ? 1n : 0n;
    case '||': return l !== 0n || r !== 0n ? 1n : 0n;
    default: throw new Unknown();
  }
}

const COMPOUND: Record<string, string> = { '|=': '|', '&=': '&', '^=': '^', '+=': '+', '-=': '-', '<<=': '<<', '>>=': '>>' };

/** An expression statement: an assignment or increment of a local, nothing else. */
function effect(e: SyntaxNode, env: Map<string, bigint | undefined>, run: Run): void {
  step(run);
  if (e.type === 'assignment_expression') {
    const left = e.childForFieldName('left');
    const op = e.child(1)?.type ?? '';
    const key = left?.type === 'identifier' ? left.text : left ? derefKey(left) : undefined;
    if (!key || !env.has(key)) throw new Unknown();
    const right = evalExpr(e.childForFieldName('right') ?? e, env, run);
    env.set(key, op === '=' ? right : COMPOUND[op] ? binary(COMPOUND[op], known(env.get(key)), right) : known(undefined));
    return;
  }
  if (e.type === 'update_expression') {
    const arg = e.childForFieldName('argument');
    if (arg?.type !== 'identifier' || !env.has(arg.text)) throw new Unknown();
    env.set(arg.text, known(env.get(arg.text)) + (e.text.includes('++') ? 1n : -1n));
    return;
  }
  if (e.type === 'comma_expression') {
    for (const c of e.namedChildren) effect(c, env, run);
    return;
  }
  throw new Unknown();
}

function exec(s: SyntaxNode, env: Map<string, bigint | undefined>, run: Run): void {
  step(run);
  switch (s.type) {
    case 'compound_statement':
      for (const c of s.namedChildren) exec(c, env, run);
      return;
    case 'comment': return;
    case 'declaration':
      for (const d of s.childrenForFieldName('declarator')) {
        const name = declaredName(d);
        if (!name) throw new Unknown();
        const value = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
        const init = value?.type === 'initializer_list' || value?.type === 'argument_list' ? value.namedChild(0) : value;
        env.set(name, init ? evalExpr(init, env, run) : value ? 0n : undefined);
      }
      return;
    case 'expression_statement': {
      const e = s.namedChild(0);
      if (e) effect(e, env, run);
      return;
    }
    case 'return_statement': {
      const e = s.namedChild(0);
      throw new Return(e ? evalExpr(e, env, run) : undefined);
    }
    case 'if_statement': {
      const cond = s.childForFieldName('condition');
      const c = cond?.type === 'condition_clause' ? cond.childForFieldName('value') ?? cond.namedChild(0) : cond;
      if (!c) throw new Unknown();
      const alt = s.childForFieldName('alternative');
      const taken = evalExpr(c, env, run) !== 0n ? s.childForFieldName('consequence') : elseBody(alt);
      if (taken) exec(taken, env, run);
      return;
    }
    case 'switch_statement': return execSwitch(s, env, run);
    case 'for_statement': return execFor(s, env, run);
    case 'break_statement': throw new Break();
    case 'continue_statement': throw new Continue();
    default: throw new Unknown();
  }
}

function execSwitch(s: SyntaxNode, env: Map<string, bigint | undefined>, run: Run): void {
  const cond = s.childForFieldName('condition');
  const subject = cond?.childForFieldName('value') ?? cond?.namedChild(0);
  if (!subject) throw new Unknown();
  const v = evalExpr(subject, env, run);
  const cases = (s.childForFieldName('body')?.namedChildren ?? []).filter((c) => c.type === 'case_statement');
  let start = cases.findIndex((c) => {
    const value = c.childForFieldName('value');
    return value !== null && evalExpr(value, env, run) === v;
  });
  if (start < 0) start = cases.findIndex((c) => !c.childForFieldName('value'));
  if (start < 0) return;
  try {
    // Fall through from the matching label to the next `break`.
    for (const c of cases.slice(start)) {
      for (const stmt of c.namedChildren) if (stmt !== c.childForFieldName('value')) exec(stmt, env, run);
    }
  } catch (e) {
    if (!(e instanceof Break)) throw e;
  }
}

function execFor(s: SyntaxNode, env: Map<string, bigint | undefined>, run: Run): void {
  const init = s.childForFieldName('initializer');
  if (init?.type === 'declaration') exec(init, env, run);
  else if (init) effect(init, env, run);
  const cond = s.childForFieldName('condition');
  const update = s.childForFieldName('update');
  const body = s.childForFieldName('body');
  for (;;) {
    if (cond && evalExpr(cond, env, run) === 0n) return;
    try {
      if (body) exec(body, env, run);
    } catch (e) {
      if (e instanceof Break) return;
      if (!(e instanceof Continue)) throw e;
    }
    if (update) effect(update, env, run);
  }
}

function invoke(target: Conversion, args: bigint[], run: Run): bigint {
  if (args.length !== target.params.length) throw new Unknown();
  const env = new Map<string, bigint | undefined>(target.params.map((p, i) => [p, args[i]]));
  try {
    exec(target.body, env, run);
  } catch (e) {
    if (e instanceof Return) return known(e.value);
    throw e;
  }
  // Fell off the end of a non-void function.
  throw new Unknown();
}

/** `*p` (also `(*p)`) as the environment key of a pointer out-parameter; undefined for anything else. */
function derefKey(n: SyntaxNode): string | undefined {
  const arg = n.type === 'pointer_expression' && n.child(0)?.type === '*' ? n.childForFieldName('argument') : null;
  return arg?.type === 'identifier' ? `*${arg.text}` : n.type === 'parenthesized_expression' && n.namedChild(0) ? derefKey(n.namedChild(0)!) : undefined;
}

/** How a fill function's parameter is passed: a value, or a scalar it writes through a reference or pointer. */
export type FillParam = 'value' | 'ref' | 'ptr';

interface FillConversion {
  params: string[];
  passing: FillParam[];
  body: SyntaxNode;
  spelled: string;
}

const fillsByRoot = new WeakMap<SyntaxNode, Map<string, FillConversion | null>>();
/** Scalar types a fill function may write through an out-parameter: D3D12 enums and flags, plain integers. */
const SCALAR_OUT = /^(?:D3D12_[A-Z0-9_]+|UINT\d*|INT\d*|DWORD|uint\d+_t|int\d+_t|unsigned(?: int)?|int)$/;

/**
 * `void ToD3D12(State s, D3D12_BARRIER_SYNC& sync, D3D12_BARRIER_ACCESS* access)`: value parameters, and at least one
 * scalar written through a non-const reference or a pointer. Any other parameter (a struct by reference, a pointer to
 * pointer, an array) makes it no fill function.
 */
function fillParams(def: SyntaxNode): { params: string[]; passing: FillParam[] } | undefined {
  const list = definitionDeclarator(def)?.childForFieldName('parameters');
  if (!list) return undefined;
  const params: string[] = [];
  const passing: FillParam[] = [];
  for (const p of list.namedChildren) {
    if (p.type === 'comment') continue;
    const decl = p.childForFieldName('declarator');
    const name = declaredName(decl);
    if (p.type !== 'parameter_declaration' || !name || !decl) return undefined;
    const constant = /\bconst\b/.test(p.text);
    const type = p.childForFieldName('type')?.text.replace(/\s+/g, ' ').trim() ?? '';
    const by: FillParam = decl.type === 'reference_declarator' && !constant ? 'ref'
      : decl.type === 'pointer_declarator' && decl.childForFieldName('declarator')?.type === 'identifier' && !constant ? 'ptr' : 'value';
    if (by !== 'value' && (!SCALAR_OUT.test(type) || structKindOfType(type))) return undefined;
    if (by === 'value' && (decl.type === 'pointer_declarator' || decl.type === 'reference_declarator') && !constant) return undefined;
    params.push(name);
    passing.push(by);
  }
  return passing.includes('ref') || passing.includes('ptr') ? { params, passing } : undefined;
}

function fillConversions(root: SyntaxNode): Map<string, FillConversion | null> {
  return definitionsByName(root, fillsByRoot, (def) => {
    const body = def.childForFieldName('body');
    const shape = fillParams(def);
    if (!body || !shape || body.text.length > MAX_BODY_TEXT) return null;
    return { ...shape, body, spelled: functionDeclaratorName(def) ?? definedName(def)! };
  });
}

/** The fill function a call names, spelt as the definition is when qualified; undefined for any other call. */
export function calledFill(call: SyntaxNode): { passing: readonly FillParam[] } | undefined {
  const f = call.childForFieldName('function');
  if (f?.type !== 'identifier' && f?.type !== 'qualified_identifier') return undefined;
  const target = fillConversions(treeRoot(call)).get(calleeName(f) ?? '');
  if (!target || argumentNodes(call).length !== target.params.length) return undefined;
  return f.type === 'identifier' || f.text.replace(/\s+/g, '') === target.spelled ? target : undefined;
}

/**
 * What a call of a fill function leaves in its out-parameters, run with the value arguments it is given (undefined at
 * the out-parameters' positions): out-parameter index → value. Undefined when the callee is no fill function of the
 * file or its run meets anything unknown; an out-parameter its path does not write is left out.
 */
export function filledOutputs(call: SyntaxNode, args: readonly (bigint | undefined)[], file: FileCtx): Map<number, bigint> | undefined {
  const f = call.childForFieldName('function');
  const target = f ? fillConversions(treeRoot(call)).get(calleeName(f) ?? '') : undefined;
  if (!target || !calledFill(call) || args.length !== target.params.length) return undefined;
  const env = new Map<string, bigint | undefined>();
  target.params.forEach((p, i) => {
    if (target.passing[i] === 'value') env.set(p, args[i]);
    else env.set(target.passing[i] === 'ptr' ? `*${p}` : p, undefined);
  });
  try {
    exec(target.body, env, { file, steps: 0, depth: 0 });
  } catch (e) {
    if (!(e instanceof Return)) {
      if (e instanceof Unknown || e instanceof Break || e instanceof Continue) return undefined;
      throw e;
    }
  }
  const out = new Map<number, bigint>();
  target.params.forEach((p, i) => {
    const v = target.passing[i] === 'value' ? undefined : env.get(target.passing[i] === 'ptr' ? `*${p}` : p);
    if (v !== undefined) out.set(i, v & MASK64);
  });
  return out;
}

/**
 * The value a call of a conversion function of the file returns for these known argument values; undefined when the
 * callee is no such function of the file or its evaluation meets anything unknown.
 */
export function convertedValue(call: SyntaxNode, args: readonly bigint[], file: FileCtx): bigint | undefined {
  const target = calledConversion(call);
  if (!target || target.params.length !== args.length) return undefined;
  try {
    return invoke(target, [...args], { file, steps: 0, depth: 0 }) & MASK64;
  } catch (e) {
    if (e instanceof Unknown || e instanceof Break || e instanceof Continue) return undefined;
    throw e;
  }
}

const pure = new WeakMap<Conversion, boolean>();

/**
 * The conversion a call names only computes its value: its body assigns only names it declares or its parameters,
 * and calls nothing but casts and other such conversions (`switch (s) { case …: return D3D12_…; }`). A call of it
 * changes no state, whatever its arguments — even when the value stays unknown.
 */
export function pureConversion(call: SyntaxNode, seen = new Set<Conversion>()): boolean {
  const target = calledConversion(call);
  if (!target) return false;
  let ok = pure.get(target);
  if (ok === undefined) {
    if (seen.has(target)) return true;
    seen.add(target);
    // A value, not an object: `ID3D12Resource* Pick(int i)` names a resource, whose identity a call keeps.
    const def = target.body.parent;
    const value = def?.childForFieldName('declarator')?.type === 'function_declarator' && !/ID3D12|IDXGI|Ptr\s*</.test(def.childForFieldName('type')?.text ?? '');
    const locals = new Set([...target.params, ...target.body.descendantsOfType('declaration').flatMap((d) => d.childrenForFieldName('declarator').map((x) => declaredName(x) ?? ''))]);
    const assigned = [...target.body.descendantsOfType('assignment_expression').map((a) => a.childForFieldName('left')),
      ...target.body.descendantsOfType('update_expression').map((u) => u.childForFieldName('argument'))];
    ok = value && assigned.every((l) => l?.type === 'identifier' && locals.has(l.text))
      && !target.body.descendantsOfType(['new_expression', 'delete_expression', 'this', 'lambda_expression']).length
      && target.body.descendantsOfType('call_expression').every((c) => isCppCast(c) || pureConversion(c, seen));
    pure.set(target, ok);
  }
  return ok;
}

/** Whether a call may be a conversion of the file (the callee's name names one): checked before its arguments are read. */
export function mayConvert(call: SyntaxNode): boolean {
  return !!calledConversion(call);
}

/** The file's conversion functions, by name: their definitions (imported-functions.ts exports those returning D3D12 values). */
export function conversionDefinitions(root: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const [name, c] of conversions(root)) if (c?.body.parent) out.set(name, c.body.parent);
  return out;
}

/**
 * The body of the conversion a call names, if any: part of the calling function's key in the per-function cache
 * (extract.ts cacheKey), so an edit of such a conversion, or its absence in a reduced document, is not met with kept facts.
 */
export function conversionText(call: SyntaxNode): string | undefined {
  return calledConversion(call)?.body.text;
}

/** Enumerators an engine enum may have at most for its conversion to be tabulated. */
const MAX_TABLE_INPUTS = 256;
// NOTE: per extraction (its FileCtx), not per tree: the constants a table folds depend on what the run imported.
const tables = new WeakMap<FileCtx, Map<Conversion, NonNullable<Field['byParamCases']> | null>>();

/** The enumerators of the enum a type names (`ResourceState`, `enum ResourceState`, `typedef enum {…} ResourceState`), as the file folds them. */
function enumInputs(root: SyntaxNode, typeText: string, file: FileCtx): number[] | undefined {
  const name = typeText.replace(/\b(?:const|enum|class|struct)\b/g, '').replace(/\s+/g, '').split('::').pop();
  if (!name || !/^\w+$/.test(name)) return undefined;
  const lists: SyntaxNode[] = [];
  for (const e of root.descendantsOfType('enum_specifier')) {
    const own = e.childForFieldName('name')?.text;
    const typedef = e.parent?.type === 'type_definition' && e.parent.childrenForFieldName('declarator').some((d) => d.text === name);
    const body = e.childForFieldName('body');
    if (body && (own === name || typedef)) lists.push(body);
  }
  if (lists.length !== 1) return undefined;
  const values = new Set<number>();
  for (const en of lists[0].namedChildren) {
    if (en.type !== 'enumerator') continue;
    const id = en.childForFieldName('name')?.text ?? '';
    const c = file.constants.get(`${name}::${id}`) ?? file.constants.get(id);
    if (c?.t !== 'num' || c.f.value === null) return undefined;
    values.add(c.f.value);
  }
  return [...values];
}

/**
 * The numbers a conversion's body names (`case RESOURCE_STATE_COPY_DEST:`, `if (state & RESOURCE_STATE_RENDER_TARGET)`):
 * the engine's values it tells apart, also when their enum is declared in a header the file only includes (its
 * enumerators fold where the run imported them).
 */
function testedConstants(body: SyntaxNode, file: FileCtx): number[] {
  const out = new Set<number>();
  for (const n of body.descendantsOfType(['identifier', 'qualified_identifier'])) {
    if (n.parent?.type === 'qualified_identifier' || n.parent?.type === 'call_expression' && n.parent.childForFieldName('function') === n) continue;
    const text = n.text.replace(/\s+/g, '').replace(/^::/, '');
    // `Resource::State::CopyDest` of an enum a header declares: the run imports its enumerators by their own name.
    const c = file.constants.get(text) ?? (n.type === 'qualified_identifier' ? file.constants.get(text.slice(text.lastIndexOf(':') + 1)) : undefined);
    if (c?.t === 'num' && c.f.value !== null && c.f.value <= 0xffffffff) out.add(c.f.value);
  }
  return [...out];
}

/**
 * A one-parameter conversion of the file from an engine enum (`util_to_dx12_resource_state(ResourceState)`) as a
 * table: the number it returns for each enumerator of its parameter's enum and each engine value its body names
 * (null where its evaluation meets anything unknown); any other argument (a combination of flags, a number no enumerator has) is not known (`otherwise` null).
 * A helper converting a value its caller gives (a parameter, a record member through a parameter) keeps the table,
 * so a call handing a known enumerator gets the converted number (track/env.ts substituteField).
 */
export function conversionTable(call: SyntaxNode, file: FileCtx): NonNullable<Field['byParamCases']> | undefined {
  const target = calledConversion(call);
  if (!target || target.params.length !== 1) return undefined;
  let byFile = tables.get(file);
  if (!byFile) tables.set(file, byFile = new Map());
  let t = byFile.get(target);
  if (t === undefined) {
    t = null;
    const def = target.body.parent;
    const decl = def ? definitionDeclarator(def)?.childForFieldName('parameters')?.namedChildren.find((p) => p.type === 'parameter_declaration') : undefined;
    const type = decl?.childForFieldName('type')?.text;
    const inputs = [...new Set([...(type ? enumInputs(treeRoot(call), type, file) ?? [] : []), ...testedConstants(target.body, file)])];
    if (inputs.length > 0 && inputs.length <= MAX_TABLE_INPUTS) {
      const cases: [number, number | null][] = inputs.map((v) => {
        const out = convertedValue(call, [BigInt(v)], file);
        return [v, out === undefined || out > 0xffffffffn ? null : Number(out)];
      });
      if (cases.some(([, v]) => v !== null)) t = { param: 0, cases, otherwise: null };
    }
    byFile.set(target, t);
  }
  return t ?? undefined;
}
