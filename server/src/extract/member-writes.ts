// Which members a method called through `this` may write (path facts, path-facts.ts): a call between two tests of a
// member flag (`if (m_hdr) … Log("x"); Note(3); … if (m_hdr)`) makes the second test independent of the first only
// when the callee can change the flag. A method every declaration of which is `const` cannot (a `mutable` member
// aside); a method the file defines cannot when its body never names the member and calls nothing through `this`
// that could (followed a few calls deep). Anything else — declared here and defined elsewhere, or not declared
// here at all — may write every member.
import type { SyntaxNode } from './node';

interface MethodInfo {
  /** Every declaration and definition of the name in the file is `const`-qualified. */
  allConst: boolean;
  /** Bodies of the definitions the file has (in or out of the class body), with their class's method names. */
  bodies: { body: SyntaxNode; own: ReadonlySet<string> | null }[];
}

/** The file's methods as member-writes reads them (one per mirror root; FileCtx.methodIndex, function-cache.ts reads it by key). */
export interface FileMethods {
  methods: Map<string, MethodInfo>;
  /** Names of functions defined at file level outside any class (`static void Helper()`): they reach no `this`. */
  free: Set<string>;
  /** Names declared `mutable` somewhere in the file: a const method may still write them. */
  mutable: Set<string>;
  memo: Map<string, boolean>;
  /** The same, for an analysis given another file's const methods (their answers differ). */
  importMemo: WeakMap<MethodImports, Map<string, boolean>>;
}

const byRoot = new WeakMap<SyntaxNode, FileMethods>();

/** `const` after the parameter list (`void Log() const;`). */
function isConstQualified(d: SyntaxNode): boolean {
  return d.children.some((c) => c.type === 'type_qualifier' && c.text === 'const');
}

function nameOf(d: SyntaxNode): string | undefined {
  const id = d.childForFieldName('declarator');
  if (!id) return undefined;
  const text = id.text.replace(/\s+/g, '');
  return text.slice(text.lastIndexOf('::') + 1 || 0).replace(/^:/, '');
}

function declaratorOf(f: SyntaxNode): SyntaxNode | null {
  let d = f.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  return d;
}

function add(file: FileMethods, name: string, constQ: boolean, def: MethodInfo['bodies'][number] | null): void {
  const m = file.methods.get(name) ?? { allConst: true, bodies: [] };
  m.allConst &&= constQ;
  if (def) m.bodies.push(def);
  file.methods.set(name, m);
}

function indexFile(root: SyntaxNode): FileMethods {
  let out = byRoot.get(root);
  if (out) return out;
  out = { methods: new Map(), free: new Set(), mutable: new Set(), memo: new Map(), importMemo: new WeakMap() };
  // Each class body's method names (null: the class has bases, which may declare more), by the class's name.
  const classes = new Map<string, Set<string> | null>();
  const ownOf = new Map<SyntaxNode, Set<string> | null>();
  for (const list of root.descendantsOfType('field_declaration_list')) {
    const cls = list.parent;
    const own = cls?.namedChildren.some((c) => c.type === 'base_class_clause') ? null : new Set<string>();
    for (const m of list.namedChildren) {
      if (m.type === 'function_definition') {
        const d = declaratorOf(m);
        const name = d && nameOf(d);
        if (name) own?.add(name);
        continue;
      }
      if (m.type !== 'field_declaration' && m.type !== 'declaration') continue;
      if (/^mutable\b/.test(m.text)) for (const id of m.descendantsOfType('field_identifier')) out.mutable.add(id.text);
      for (const d of m.descendantsOfType('function_declarator')) {
        const name = nameOf(d);
        if (!name) continue;
        own?.add(name);
        add(out, name, isConstQualified(d), null);
      }
    }
    ownOf.set(list, own);
    const clsName = cls?.childForFieldName('name')?.text;
    if (clsName) classes.set(clsName, classes.has(clsName) ? null : own);
  }
  for (const f of root.descendantsOfType('function_definition')) {
    const d = declaratorOf(f);
    const name = d && nameOf(d);
    if (!d || !name) continue;
    const inClass = f.parent?.type === 'field_declaration_list';
    const qualified = d.childForFieldName('declarator');
    if (!inClass && qualified?.type !== 'qualified_identifier') {
      out.free.add(name);
      continue;
    }
    const clsName = inClass ? undefined : qualified!.text.replace(/\s+/g, '').split('::').slice(-2, -1)[0];
    const own = inClass ? ownOf.get(f.parent!) ?? null : (clsName !== undefined ? classes.get(clsName) : undefined) ?? null;
    const body = f.childForFieldName('body');
    add(out, name, isConstQualified(d), body ? { body, own } : null);
  }
  byRoot.set(root, out);
  return out;
}

/** The method a call in a method body names on `this` (`F(…)`, `this->F(…)`), or undefined for any other call. */
function thisCallee(call: SyntaxNode): string | undefined {
  const callee = call.childForFieldName('function');
  if (callee?.type === 'identifier') return callee.text;
  if (callee?.type === 'field_expression' && callee.childForFieldName('argument')?.type === 'this') return callee.childForFieldName('field')?.text;
  return undefined;
}

const MAX_DEPTH = 3;

/** What other files of a run say of the methods this file calls but does not declare (a base class's header). */
export interface MethodImports {
  /** Methods every declaration of which in the run is `const`. */
  constMethods?: ReadonlySet<string>;
  /** Filled with the methods called through `this` that the file neither declares nor defines. */
  unknown?: Set<string>;
  /**
   * Names called through `this` that no file of the run declares as a method, while the run declares the calling
   * methods' class (`SetThreadDescription(GetCurrentThread(), …)` in a method defined out of its class): functions
   * of other headers, which reach no member.
   */
  notMethods?: ReadonlySet<string>;
}

/**
 * Names that are macros or free functions of the Windows, D3D12 and PIX headers (`_countof(heaps)`,
 * `PIXBeginEvent(list, PIX_COLOR(…), …)`, `IID_PPV_ARGS(&p)`, `FAILED(hr)`), and ALL_CAPS names, which by near-universal
 * convention are macros (`SCENE_LOG("…")`, `CHECK_HR(…)`): called by plain name inside a method, they are not a
 * method of its class, unless the file declares one of that name. What they are handed is written or not as for any
 * call (path-facts.ts reads the arguments). So are the C and C++ standard library's free functions called unqualified
 * (`pow(2, mip)`, `max(a, b)`, `memcpy(dst, src, n)`, `sprintf_s(…)`): a mip loop computing its sizes with them keeps
 * the facts it tested on members (`if (j == m_mips - 1)`, the last iteration).
 */
const NOT_METHODS = /^(?:(?:pow|sqrt|floor|ceil|round|trunc|fabs|fmod|exp2?|log(?:2|10)?|sin|cos|tan|atan2?|fmin|fmax)f?|abs|labs|llabs|min|max|clamp|lerp|mem(?:cpy|move|set|cmp)(?:_s)?|str(?:n?(?:cpy|cat)(?:_s)?|n?cmp|len|chr|str)|wcs(?:len|cpy_s|cat_s|cmp)|w?printf|f?w?printf|_?s[nw]?printf(?:_s)?|swprintf(?:_s)?|malloc|calloc|realloc|free|rand|srand|OutputDebugString[AW]?|_countof|_ARRAYSIZE|RTL_NUMBER_OF(?:_V[12])?|__uuidof|assert|_ASSERTE?|static_assert|ThrowIfFailed|PIX(?:BeginEvent|EndEvent|SetMarker|ScopedEvent|BeginRetailEvent|EndRetailEvent|ReportCounter)|[A-Z_][A-Z0-9_]{2,})$/;

function mayWrite(file: FileMethods, name: string, member: string, depth: number, seen: Set<string>, imports: MethodImports): boolean {
  const info = file.methods.get(name);
  if (!info) {
    if (file.free.has(name) || NOT_METHODS.test(name) || imports.notMethods?.has(name)) return false;
    imports.unknown?.add(name);
    return !(imports.constMethods?.has(name) && !file.mutable.has(member));
  }
  if (info.allConst && !file.mutable.has(member)) return false;
  if (info.bodies.length === 0 || depth > MAX_DEPTH) return true;
  const key = `${name}\u0000${member}`;
  const memo = memoFor(file, imports);
  const known = memo.get(key);
  if (known !== undefined) return known;
  if (seen.has(name)) return false;
  seen.add(name);
  const word = new RegExp(`\\b${member}\\b`);
  let out = false;
  for (const { body, own } of info.bodies) {
    // Every name the body calls that the file does not know, not only the first that may write: the run is asked
    // about them all at once (cli/cross-file.ts notMethods).
    if (imports.unknown) noteUnknownCallees(file, body, imports.unknown);
    if (word.test(body.text) && mayWriteIn(body, member)) out = true;
    for (const call of out ? [] : body.descendantsOfType('call_expression')) {
      const callee = thisCallee(call);
      // A plain name the class (without bases) declares no method of is a function elsewhere: no `this` there.
      const notMethod = callee !== undefined && own !== null && !own.has(callee) && call.childForFieldName('function')?.type === 'identifier';
      if (callee !== undefined && !notMethod && mayWrite(file, callee, member, depth + 1, seen, imports)) {
        out = true;
        break;
      }
    }
    if (out) break;
  }
  seen.delete(name);
  if (depth === 0) memo.set(key, out);
  return out;
}

function noteUnknownCallees(file: FileMethods, body: SyntaxNode, unknown: Set<string>): void {
  for (const call of body.descendantsOfType('call_expression')) {
    const callee = thisCallee(call);
    if (callee !== undefined && !file.methods.has(callee) && !file.free.has(callee) && !NOT_METHODS.test(callee)) unknown.add(callee);
  }
}

/**
 * Whether a body that names `member` may write it: any mention but a plain read (a test, an operand, a value passed
 * on). Assigned, incremented, its address taken, handed to a call (a reference parameter), a method called on it,
 * a reference bound to it — or named where the syntax is not understood — is a write.
 */
function mayWriteIn(body: SyntaxNode, member: string): boolean {
  const ids = namesIn(body).get(member) ?? [];
  // The name in a macro's text or a string the tree does not hold as an identifier: not understood.
  if (ids.length === 0) return true;
  return ids.some((id) => !plainRead(id));
}

const names = new WeakMap<SyntaxNode, Map<string, SyntaxNode[]>>();

/** A body's identifiers by text, read once per body (every tested member of every caller asks). */
function namesIn(body: SyntaxNode): Map<string, SyntaxNode[]> {
  let m = names.get(body);
  if (m) return m;
  m = new Map();
  for (const id of [...body.descendantsOfType('identifier'), ...body.descendantsOfType('field_identifier')]) {
    const list = m.get(id.text);
    if (list) list.push(id);
    else m.set(id.text, [id]);
  }
  names.set(body, m);
  return m;
}

function plainRead(id: SyntaxNode): boolean {
  let n = id;
  // `this->m_x`, `m_x.a.b`, `m_x[i]`: the whole lvalue the mention is the root of.
  for (;;) {
    const p = n.parent;
    if (p?.type === 'field_expression' && (p.childForFieldName('field') === n || p.childForFieldName('argument') === n)) n = p;
    else if (p?.type === 'subscript_expression' && p.childForFieldName('argument') === n) n = p;
    else if (p?.type === 'parenthesized_expression') n = p;
    else break;
  }
  const p = n.parent;
  if (!p) return false;
  switch (p.type) {
    case 'assignment_expression': return p.childForFieldName('left') !== n;
    case 'update_expression': return false;
    case 'pointer_expression': return p.child(0)?.type !== '&';
    case 'argument_list': return false;
    case 'call_expression': return false;
    case 'init_declarator': return !p.childForFieldName('declarator')?.text.includes('&');
    case 'condition_clause': case 'conditional_expression': case 'binary_expression': case 'unary_expression':
    case 'return_statement': case 'expression_statement': case 'subscript_expression': case 'field_expression':
    case 'initializer_list': case 'cast_expression':
      return true;
    default: return false;
  }
}

/**
 * Whether a call through `this` to the method `name` (from a node of the file `at` belongs to) may write the
 * member rooted at `member`.
 */
export function methodMayWriteMember(name: string, member: string, at: SyntaxNode, imports: MethodImports = {}, index = indexFile(rootOf(at))): boolean {
  return mayWrite(index, name, member, 0, new Set(), imports);
}

/** The methods of the file `root` is the mirror of (read once per root). */
export function methodIndex(root: SyntaxNode): FileMethods {
  return indexFile(root);
}

/** The methods the file declares or defines (not its free functions), each with whether every declaration is `const`. */
export function methodConstness(root: SyntaxNode): [string, boolean][] {
  const file = indexFile(root);
  return [...file.methods].filter(([name]) => !file.free.has(name)).map(([name, m]) => [name, m.allConst]);
}

function memoFor(file: FileMethods, imports: MethodImports): Map<string, boolean> {
  // Another run's imports give other answers: one memo per set of imports.
  const c = imports.constMethods || imports.notMethods ? imports : undefined;
  if (!c) return file.memo;
  let m = file.importMemo.get(c);
  if (!m) file.importMemo.set(c, (m = new Map()));
  return m;
}

function rootOf(n: SyntaxNode): SyntaxNode {
  let root = n;
  while (root.parent) root = root.parent;
  return root;
}
