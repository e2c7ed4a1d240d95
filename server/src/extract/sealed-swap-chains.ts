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
import type { SyntaxNode } from './node';
import { calleeName, definitionDeclarator } from './syntax';
import { ownerClass } from './header-frame-members';

const THROUGH = new Set(['parenthesized_expression', 'cast_expression', 'pointer_expression']);
const FILLS = /^(?:IID_PPV_ARGS\s*\(\s*)?(?:\(\s*void\s*\*\*\s*\)\s*)?&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[[^\]]+\]\s*\)?$|^(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[[^\]]+\]\s*\.\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\)$/;
const SIZES = /^(?:_countof|ARRAYSIZE|ARRAY_SIZE|size|std::size|std::ssize)$/;
const OWN = new Set(['Reset', 'Release', 'reset', 'GetDesc', 'GetDesc1', 'SetName', 'GetGPUVirtualAddress']);
const SIZE_METHODS = new Set(['size', 'empty', 'max_size']);

/** The roots of the arrays `GetBuffer` fills (`GetBuffer(i, IID_PPV_ARGS(&m_rt[i]))`, `&m_rt[i]`, `m_rt[i].GetAddressOf()`). */
function filledRoots(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const call of root.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (!f || calleeName(f) !== 'GetBuffer') continue;
    const args = call.childForFieldName('arguments')?.namedChildren ?? [];
    const last = args[args.length - 1];
    const m = last ? FILLS.exec(last.text.trim()) : null;
    const name = m?.[1] ?? m?.[2];
    if (name) out.add(name);
  }
  return out;
}

/** Whether `n` lies in the argument list of a `GetBuffer` call. */
function inGetBuffer(n: SyntaxNode): boolean {
  for (let p = n.parent; p && !/statement$|^declaration$|^function_definition$/.test(p.type); p = p.parent) {
    if (p.type === 'call_expression' && calleeName(p.childForFieldName('function')!) === 'GetBuffer') return true;
  }
  return false;
}

/** The private fields (no `friend` in the class) of the class bodies the file defines. */
function privateFields(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  const twice = new Set<string>();
  for (const c of root.descendantsOfType(['class_specifier', 'struct_specifier'])) {
    const body = c.childForFieldName('body');
    if (!body) continue;
    let priv = c.type === 'class_specifier';
    const fields: string[] = [];
    let friend = false;
    for (const m of body.namedChildren) {
      if (m.type === 'access_specifier') priv = m.text.trim() === 'private';
      else if (m.type === 'friend_declaration') friend = true;
      else if (m.type === 'field_declaration' && priv && !/^\s*static\b/.test(m.text)) {
        for (const id of m.descendantsOfType('field_identifier')) if (!id.parent || id.parent.type !== 'field_expression') fields.push(id.text);
      }
    }
    if (friend) continue;
    for (const f of fields) (out.has(f) ? twice : out).add(f);
  }
  for (const f of twice) out.delete(f);
  return out;
}

/** Whether a value (an element, or its `.Get()`) goes where nothing but the call or struct it fills sees it. */
function valueGoesQuietly(v: SyntaxNode): boolean {
  let n = v;
  while (n.parent && THROUGH.has(n.parent.type)) n = n.parent;
  const p = n.parent;
  if (!p) return false;
  switch (p.type) {
    case 'argument_list': return p.parent?.type === 'call_expression';
    case 'condition_clause': return true;
    case 'unary_expression': return p.childForFieldName('operator')?.text === '!';
    case 'binary_expression': return /^(?:==|!=|&&|\|\|)$/.test(p.childForFieldName('operator')?.text ?? '');
    case 'assignment_expression':
      return p.childForFieldName('right') === n && /(?:\.|->)\s*pResource\w*$/.test(p.childForFieldName('left')?.text ?? '');
    case 'initializer_list': {
      // `D3D12_TEXTURE_COPY_LOCATION dst = { m_rt[i].Get(), … }`: a D3D12 struct the tracker reads.
      let d: SyntaxNode | null = p.parent;
      while (d && d.type === 'initializer_list') d = d.parent;
      const decl = d?.type === 'init_declarator' ? d.parent : null;
      return !!decl && /^(?:const\s+)?(?:D3D12_|CD3DX12_)\w+$/.test(decl.childForFieldName('type')?.text.trim() ?? '');
    }
    default: return false;
  }
}

/** Whether one mention of the array's name is one of the kinds the header allows. */
function quietMention(id: SyntaxNode): boolean {
  let n: SyntaxNode = id;
  const p0 = id.parent;
  if (!p0) return false;
  if (id.type === 'field_identifier') {
    if (p0.type === 'field_expression' && p0.childForFieldName('field') === id) {
      if (p0.childForFieldName('argument')?.type !== 'this') return false;
      n = p0;
    } else return /declarator$|^field_declaration$/.test(p0.type) && !!id.parent;
  }
  if (inGetBuffer(n)) return true;
  const p = n.parent;
  if (!p) return false;
  if (p.type === 'subscript_expression' && p.childForFieldName('argument') === n) {
    const up = p.parent;
    if (up?.type === 'field_expression' && up.childForFieldName('argument') === p) {
      const method = up.childForFieldName('field')?.text ?? '';
      const call = up.parent?.type === 'call_expression' && up.parent.childForFieldName('function') === up ? up.parent : undefined;
      if (!call) return false;
      if (OWN.has(method)) return true;
      if (method === 'Get' || method === 'get') return valueGoesQuietly(call);
      return false;
    }
    return valueGoesQuietly(p);
  }
  if (p.type === 'field_expression' && p.childForFieldName('argument') === n) {
    const call = p.parent?.type === 'call_expression' ? p.parent : undefined;
    return !!call && SIZE_METHODS.has(p.childForFieldName('field')?.text ?? '');
  }
  let v = n;
  while (v.parent && THROUGH.has(v.parent.type)) v = v.parent;
  if (v.parent?.type === 'argument_list') {
    const f = v.parent.parent?.childForFieldName('function');
    return !!f && SIZES.test(f.text.replace(/\s+/g, ''));
  }
  if (v.parent?.type === 'sizeof_expression') return true;
  return false;
}

/** The class whose out-of-class method definition holds `n` (`void C::M() { … }`), or undefined. */
function methodClassOf(n: SyntaxNode): string | undefined {
  for (let p = n.parent; p; p = p.parent) {
    if (p.type === 'lambda_expression') return undefined;
    if (p.type === 'function_definition') return ownerClass(definitionDeclarator(p)?.childForFieldName('declarator'));
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

/** The file's swap-chain arrays (see SwapChainArrays), sorted. */
export function sealedSwapChainsOf(root: SyntaxNode, text: string): SwapChainArrays {
  const none: SwapChainArrays = { sealed: [], pending: [], filled: [] };
  if (!/\bGetBuffer\b/.test(text)) return none;
  const filled = filledRoots(root);
  if (filled.size === 0) return none;
  const fields = privateFields(root);
  const declared = declaredFields(root);
  const ok = new Set([...filled].filter((r) => fields.has(r) || !declared.has(r)));
  const owner = new Map<string, string | null>();
  if (ok.size) {
    for (const id of root.descendantsOfType(['identifier', 'field_identifier'])) {
      if (!ok.has(id.text)) continue;
      if (!quietMention(id)) ok.delete(id.text);
      else if (!fields.has(id.text)) {
        const cls = methodClassOf(id) ?? null;
        const prior = owner.get(id.text);
        owner.set(id.text, prior === undefined || prior === cls ? cls : null);
      }
    }
  }
  const pending = [...ok].filter((r) => !fields.has(r) && owner.get(r)).map((name) => ({ name, cls: owner.get(name)! }));
  return { sealed: [...ok].filter((r) => fields.has(r)).sort(), pending: pending.sort((a, b) => a.name.localeCompare(b.name)), filled: [...filled].sort() };
}

/** Every field name a class or struct body of the file declares. */
function declaredFields(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const fd of root.descendantsOfType('field_declaration')) for (const id of fd.descendantsOfType('field_identifier')) out.add(id.text);
  return out;
}
