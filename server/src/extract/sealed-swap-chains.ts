// Swap-chain buffer arrays the file alone can move (issue 10, hist42): `m_backBuffers[i]` filled by `GetBuffer`, a
// private field of a class the file defines (no friend), and every mention of its name in the file is one of:
//  - its declaration, or an argument of the `GetBuffer` call that fills it;
//  - an element (`m_backBuffers[i]`, `m_backBuffers[i].Get()`, through parentheses, casts and `&`) handed to a call
//    as an argument (the tracker decides at each call whether it follows the call: track/back-buffer-entry.ts), put
//    in a `…pResource =` assignment or a D3D12 struct's brace initializer, tested, or reset (`.Reset()`, `.Release()`);
//  - the array's size (`_countof(m)`, `ARRAYSIZE(m)`, `std::size(m)`, `m.size()`).
// Anything else — an element returned (a getter), stored under another name, a range-for over the array, an element
// of another object's array, the array handed whole to a call — and the array is not sealed: its elements may be
// moved where the file does not show it. A sealed array's states are the ones the file's barriers give it.
// The file is read on the extractor's mirror or, in a focused extraction (the CLI's single-file lint), on tree-sitter's
// own nodes (extract/extract.ts sealedSwapChainsIn): a second, whole mirror of the tree made only for this cost about
// 100 ms on bgfx's renderer. Texts are read from the document's text by range, as the mirror reads
// them (the tree is parsed from a text with some spans blanked), and nodes are compared by range: a node and its
// parent's child in a field are the same node when their ranges are (siblings never overlap, and every node compared
// holds a name).
import { ownerClass, type ClassTreeNode } from './header-frame-members';

/** What this module reads of a tree: the mirror or tree-sitter's own nodes (see the header). */
export interface SwapTreeNode extends ClassTreeNode {
  readonly parent: SwapTreeNode | null;
  readonly namedChildren: readonly SwapTreeNode[];
  childForFieldName(field: string): SwapTreeNode | null;
  descendantsOfType(types: string[]): SwapTreeNode[];
}

/**
 * How tree-sitter's own nodes are read as the mirror: `hidden`, the nodes the mirror leaves out (extract/node.ts
 * outsideMirror); `at`, the smallest node spanning a range (tree-sitter's descendantForIndex), so that the mentions of
 * a few names are found from the text (every identifier's range holds its name) without a node object made for
 * every identifier of the file.
 */
export interface NativeReading {
  hidden(n: SwapTreeNode): boolean;
  at(start: number, end: number): SwapTreeNode | null;
}

/** The tree as this module reads it: its text, and how to read tree-sitter's own nodes (none: the mirror). */
interface Reading {
  text: string;
  native?: NativeReading;
}

const textOf = (n: SwapTreeNode, r: Reading): string => r.text.slice(n.startIndex, n.endIndex);
const same = (a: SwapTreeNode | null | undefined, b: SwapTreeNode): boolean => !!a && a.startIndex === b.startIndex && a.endIndex === b.endIndex;

/** The tokens (identifiers) of the given types in the whole tree `root` whose text is one of `names`, in document order. */
function tokensNamed(root: SwapTreeNode, types: string[], names: ReadonlySet<string>, r: Reading): SwapTreeNode[] {
  const native = r.native;
  if (!native) return root.descendantsOfType(types).filter((n) => names.has(textOf(n, r)));
  const out: SwapTreeNode[] = [];
  for (const name of names) {
    for (let i = r.text.indexOf(name); i >= 0; i = r.text.indexOf(name, i + 1)) {
      const n = native.at(i, i + name.length);
      if (n && n.startIndex === i && n.endIndex === i + name.length && types.includes(n.type) && !native.hidden(n)) out.push(n);
    }
  }
  return out.sort((a, b) => a.startIndex - b.startIndex);
}

/** The name a callee names last (extract/syntax.ts calleeName, on this module's nodes). */
function calleeOf(fn: SwapTreeNode, r: Reading): string | undefined {
  switch (fn.type) {
    case 'identifier': return textOf(fn, r);
    case 'field_expression':
    case 'template_function': {
      const name = fn.childForFieldName(fn.type === 'field_expression' ? 'field' : 'name');
      return name ? textOf(name, r) : undefined;
    }
    case 'qualified_identifier': {
      const name = fn.childForFieldName('name');
      return name ? calleeOf(name, r) : undefined;
    }
    default: return undefined;
  }
}

const THROUGH = new Set(['parenthesized_expression', 'cast_expression', 'pointer_expression']);
const FILLS = /^(?:IID_PPV_ARGS\s*\(\s*)?(?:\(\s*void\s*\*\*\s*\)\s*)?&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[[^\]]+\]\s*\)?$|^(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[[^\]]+\]\s*\.\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\)$/;
const SIZES = /^(?:_countof|ARRAYSIZE|ARRAY_SIZE|size|std::size|std::ssize)$/;
const OWN = new Set(['Reset', 'Release', 'reset', 'GetDesc', 'GetDesc1', 'SetName', 'GetGPUVirtualAddress']);
const SIZE_METHODS = new Set(['size', 'empty', 'max_size']);
const GET_BUFFER: ReadonlySet<string> = new Set(['GetBuffer']);

/** The roots of the arrays `GetBuffer` fills (`GetBuffer(i, IID_PPV_ARGS(&m_rt[i]))`, `&m_rt[i]`, `m_rt[i].GetAddressOf()`). */
function filledRoots(root: SwapTreeNode, r: Reading): Set<string> {
  const out = new Set<string>();
  const seen = new Set<string>();
  // Every call whose callee names GetBuffer holds a GetBuffer token in its callee (calleeOf reads a token's text):
  // the calls around the file's GetBuffer tokens.
  for (const token of tokensNamed(root, ['identifier', 'field_identifier'], GET_BUFFER, r)) {
    for (let call = token.parent; call; call = call.parent) {
      const key = `${call.startIndex}:${call.endIndex}`;
      if (call.type !== 'call_expression' || seen.has(key)) continue;
      const f = call.childForFieldName('function');
      if (!f || calleeOf(f, r) !== 'GetBuffer') continue;
      seen.add(key);
      const args = call.childForFieldName('arguments')?.namedChildren ?? [];
      const last = args[args.length - 1];
      const m = last ? FILLS.exec(textOf(last, r).trim()) : null;
      const name = m?.[1] ?? m?.[2];
      if (name) out.add(name);
    }
  }
  return out;
}

/** Whether `n` lies in the argument list of a `GetBuffer` call. */
function inGetBuffer(n: SwapTreeNode, r: Reading): boolean {
  for (let p = n.parent; p && !/statement$|^declaration$|^function_definition$/.test(p.type); p = p.parent) {
    if (p.type === 'call_expression' && calleeOf(p.childForFieldName('function')!, r) === 'GetBuffer') return true;
  }
  return false;
}

const CLASS_TYPES: ReadonlySet<string> = new Set(['class_specifier', 'struct_specifier']);

/**
 * Of `names`, the private fields (no `friend` in the class) of the class bodies the file defines, declared once: a name
 * in one private, non-static member declaration of one class body, once. `fieldTokens`: the file's `field_identifier`
 * tokens named one of `names` (tokensNamed). NOTE (issue 12): read from those tokens up, not from every class body of
 * the file down (on tree-sitter's nodes, every class and struct of a 40,000-line file asked whether the mirror holds
 * it cost 4 % of its lint); the same answer for every name of `names` (a class the mirror leaves out holds only tokens
 * it leaves out, extract/node.ts outsideMirror).
 */
function privateFields(fieldTokens: readonly SwapTreeNode[], r: Reading): Set<string> {
  const count = new Map<string, number>();
  for (const id of fieldTokens) {
    if (!id.parent || id.parent.type === 'field_expression') continue;
    const name = textOf(id, r);
    for (let m: SwapTreeNode | null = id.parent; m; m = m.parent) {
      if (m.type !== 'field_declaration') continue;
      const body = m.parent;
      const c = body?.parent;
      if (!body || !c || !CLASS_TYPES.has(c.type) || !same(c.childForFieldName('body'), body)) continue;
      if (privateMember(c, body, m, r)) count.set(name, (count.get(name) ?? 0) + 1);
    }
  }
  return new Set([...count].filter(([, n]) => n === 1).map(([name]) => name));
}

/** Whether member declaration `m` of class `c`'s body is private and not static, and the class names no friend. */
function privateMember(c: SwapTreeNode, body: SwapTreeNode, m: SwapTreeNode, r: Reading): boolean {
  let priv = c.type === 'class_specifier';
  let privAtM: boolean | undefined;
  for (const x of body.namedChildren) {
    if (x.type === 'friend_declaration') return false;
    if (x.type === 'access_specifier') priv = textOf(x, r).trim() === 'private';
    else if (privAtM === undefined && x.type === 'field_declaration' && same(x, m)) privAtM = priv;
  }
  return privAtM === true && !/^\s*static\b/.test(textOf(m, r));
}

/** Whether a value (an element, or its `.Get()`) goes where nothing but the call or struct it fills sees it. */
function valueGoesQuietly(v: SwapTreeNode, r: Reading): boolean {
  let n = v;
  while (n.parent && THROUGH.has(n.parent.type)) n = n.parent;
  const p = n.parent;
  if (!p) return false;
  switch (p.type) {
    case 'argument_list': return p.parent?.type === 'call_expression';
    case 'condition_clause': return true;
    case 'unary_expression': return opText(p, r) === '!';
    case 'binary_expression': return /^(?:==|!=|&&|\|\|)$/.test(opText(p, r) ?? '');
    case 'assignment_expression': {
      const left = p.childForFieldName('left');
      return same(p.childForFieldName('right'), n) && /(?:\.|->)\s*pResource\w*$/.test(left ? textOf(left, r) : '');
    }
    case 'initializer_list': {
      // `D3D12_TEXTURE_COPY_LOCATION dst = { m_rt[i].Get(), … }`: a D3D12 struct the tracker reads.
      let d: SwapTreeNode | null = p.parent;
      while (d && d.type === 'initializer_list') d = d.parent;
      const decl = d?.type === 'init_declarator' ? d.parent : null;
      const type = decl?.childForFieldName('type');
      return !!decl && /^(?:const\s+)?(?:D3D12_|CD3DX12_)\w+$/.test(type ? textOf(type, r).trim() : '');
    }
    default: return false;
  }
}

/** The text of an expression's operator (a token of the `operator` field). */
function opText(p: SwapTreeNode, r: Reading): string | undefined {
  const op = p.childForFieldName('operator');
  return op ? textOf(op, r) : undefined;
}

/** Whether one mention of the array's name is one of the kinds the header allows. */
function quietMention(id: SwapTreeNode, r: Reading): boolean {
  let n: SwapTreeNode = id;
  const p0 = id.parent;
  if (!p0) return false;
  if (id.type === 'field_identifier') {
    if (p0.type === 'field_expression' && same(p0.childForFieldName('field'), id)) {
      if (p0.childForFieldName('argument')?.type !== 'this') return false;
      n = p0;
    } else return /declarator$|^field_declaration$/.test(p0.type) && !!id.parent;
  }
  if (inGetBuffer(n, r)) return true;
  const p = n.parent;
  if (!p) return false;
  if (p.type === 'subscript_expression' && same(p.childForFieldName('argument'), n)) {
    const up = p.parent;
    if (up?.type === 'field_expression' && same(up.childForFieldName('argument'), p)) {
      const field = up.childForFieldName('field');
      const method = field ? textOf(field, r) : '';
      const call = up.parent?.type === 'call_expression' && same(up.parent.childForFieldName('function'), up) ? up.parent : undefined;
      if (!call) return false;
      if (OWN.has(method)) return true;
      if (method === 'Get' || method === 'get') return valueGoesQuietly(call, r);
      return false;
    }
    return valueGoesQuietly(p, r);
  }
  if (p.type === 'field_expression' && same(p.childForFieldName('argument'), n)) {
    const call = p.parent?.type === 'call_expression' ? p.parent : undefined;
    const field = p.childForFieldName('field');
    return !!call && SIZE_METHODS.has(field ? textOf(field, r) : '');
  }
  let v = n;
  while (v.parent && THROUGH.has(v.parent.type)) v = v.parent;
  if (v.parent?.type === 'argument_list') {
    const f = v.parent.parent?.childForFieldName('function');
    return !!f && SIZES.test(textOf(f, r).replace(/\s+/g, ''));
  }
  if (v.parent?.type === 'sizeof_expression') return true;
  return false;
}

/** The function declarator of a definition (extract/syntax.ts definitionDeclarator, on this module's nodes). */
function declaratorOf(def: SwapTreeNode): SwapTreeNode | null {
  let d = def.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator') ?? d.namedChildren[0] ?? null;
  return d;
}

/** The class whose out-of-class method definition holds `n` (`void C::M() { … }`), or undefined. */
function methodClassOf(n: SwapTreeNode, r: Reading): string | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'lambda_expression') return undefined;
    if (p.type === 'function_definition') return ownerClass(declaratorOf(p)?.childForFieldName('declarator'), r.text);
  }
  return undefined;
}

/** The arrays of the file: sealed (see the header), asked of a header, and filled by `GetBuffer`. */
export interface SwapChainArrays {
  sealed: string[];
  /**
   * Arrays the file does not declare, every mention of them sealed and in out-of-class methods of one class `cls`:
   * sealed when the run's header declaring that class makes the array a private field only its methods reach
   * (extract/header-frame-members.ts, asked as a pending member).
   */
  pending: { name: string; cls: string }[];
  /** What the editor watches (lsp/frame-scope.ts). */
  filled: string[];
}

/**
 * The file's swap-chain arrays (see SwapChainArrays), sorted. `root`: the whole tree (the mirror, or tree-sitter's
 * root node, read as `native` says), parsed from `text`.
 */
export function sealedSwapChainsOf(root: SwapTreeNode, text: string, native?: NativeReading): SwapChainArrays {
  const none: SwapChainArrays = { sealed: [], pending: [], filled: [] };
  if (!/\bGetBuffer\b/.test(text)) return none;
  const r: Reading = { text, native };
  const filled = filledRoots(root, r);
  if (filled.size === 0) return none;
  const fieldTokens = tokensNamed(root, ['field_identifier'], filled, r);
  const fields = privateFields(fieldTokens, r);
  const declared = declaredFields(fieldTokens, r);
  const ok = new Set([...filled].filter((f) => fields.has(f) || !declared.has(f)));
  const owner = new Map<string, string | null>();
  if (ok.size) {
    for (const id of tokensNamed(root, ['identifier', 'field_identifier'], new Set(ok), r)) {
      const name = textOf(id, r);
      if (!ok.has(name)) continue;
      if (!quietMention(id, r)) ok.delete(name);
      else if (!fields.has(name)) {
        const cls = methodClassOf(id, r) ?? null;
        const prior = owner.get(name);
        owner.set(name, prior === undefined || prior === cls ? cls : null);
      }
    }
  }
  const pending = [...ok].filter((f) => !fields.has(f) && owner.get(f)).map((name) => ({ name, cls: owner.get(name)! }));
  return { sealed: [...ok].filter((f) => fields.has(f)).sort(), pending: pending.sort((a, b) => a.name.localeCompare(b.name)), filled: [...filled].sort() };
}

/**
 * The names of `fieldTokens` (the file's `field_identifier` tokens named one of some names, tokensNamed) that a class
 * or struct body of the file declares as fields: a field name inside a member declaration (on tree-sitter's nodes,
 * asking only the names' own mentions for their declaration is far cheaper than every declaration for its names).
 */
function declaredFields(fieldTokens: readonly SwapTreeNode[], r: Reading): Set<string> {
  const out = new Set<string>();
  for (const id of fieldTokens) {
    let p = id.parent;
    while (p && p.type !== 'field_declaration') p = p.parent;
    if (p) out.add(textOf(id, r));
  }
  return out;
}
