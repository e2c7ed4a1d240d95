// Resource pointers the file creates and never lets anything move: every mention of the name is its declaration,
// its creation, a view or copy command that takes it (a d3dx12 upload helper too, in a file that makes no COPY
// command list), a method of its own (GetDesc, SetName, Release, WriteToSubresource, …), a test,
// a reset to null or a release. No barrier names it, no function of the file is handed it, nothing returns it,
// stores it elsewhere or takes its address outside the creation. Such a resource stays in its creation state for
// the whole life the file can see, so a method that uses it without a barrier meets that state at its entry
// (track/settled-entry.ts judges those uses against it).
// NOTE: by the name as written: `obj->m_tex` of another object, `m_tex[i]`, `m_tex.Get()` handed to a helper,
// a barrier through a local alias — each is a mention outside the list, and the name is not settled.
import type { SyntaxNode } from './node';
import { calleeName } from './syntax';
import { RESOURCE_CPU_METHODS } from '../model/inert-calls';
import { FILLING_ACCESSORS } from '../model/smart-pointers';

/** The member a creation's last argument fills: `&m`, `IID_PPV_ARGS(&m)`, `m.GetAddressOf()`…: group 1 or 2. */
const FILLED_ARGUMENT = new RegExp(String.raw`^(?:IID_PPV_ARGS\s*\(\s*)?&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\)?$|^(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\.\s*(?:${FILLING_ACCESSORS})\s*\(\s*\)$`);
const FILLING_METHOD = new RegExp(`^(?:${FILLING_ACCESSORS})$`);

const CREATIONS = /^Create(?:Committed|Placed|Reserved)Resource\d?$/;
/** Text that may hold a resource creation: the quick test before any walk (here, frame-members.ts, lsp/frame-scope.ts). */
export const CREATION_TEXT = /Create(?:Committed|Placed|Reserved)Resource/;
/** D3D12 calls that take a resource without changing its state (the state they need is what is judged). */
const TAKES = new Set([
  'CopyResource', 'CopyBufferRegion', 'CopyTextureRegion', 'ResolveSubresource', 'CreateShaderResourceView', 'CreateRenderTargetView',
  'CreateDepthStencilView', 'CreateUnorderedAccessView', 'CD3DX12_TEXTURE_COPY_LOCATION',
]);
/**
 * The d3dx12 upload helpers: `UpdateSubresources(list, dst, upload, …)` records copies into `dst` (which need it in
 * COPY_DEST) and no barrier; `GetRequiredIntermediateSize(dst, …)` only reads its desc. Quiet only for the settled
 * names of a file that makes no COPY command list: copies on a copy queue leave the texture in COMMON when the
 * queue's ExecuteCommandLists ends (it decays), so its state at a later method's entry is not the creation's.
 */
const UPLOAD_HELPERS = new Set(['UpdateSubresources', 'GetRequiredIntermediateSize']);
/** Text that makes a COPY command list or queue. */
const COPY_LIST_TEXT = /\bD3D12_COMMAND_LIST_TYPE_COPY\b/;
/** Methods of the resource itself (or of its smart pointer) that neither move nor hand it out. */
const OWN_METHODS = new Set(['GetDesc', 'GetDesc1', 'GetGPUVirtualAddress', 'SetName', 'SetPrivateData', 'Release', 'Reset', 'GetDevice', 'GetHeapProperties', ...RESOURCE_CPU_METHODS]);
/** Nodes a value passes through unchanged on its way to the call that takes it. */
const THROUGH = new Set(['parenthesized_expression', 'cast_expression', 'pointer_expression']);
const RELEASE = /^(?:SAFE_?RELEASE|SafeRelease|safe_release|ReleaseCom|RELEASE)$/i;
const NULLS = new Set(['nullptr', 'NULL', '0']);

/** The names the file passes by address to a resource creation (`IID_PPV_ARGS(&m_tex)`, `&this->m_tex`, `m_tex.GetAddressOf()`). */
export function createdNames(root: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const call of root.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (!f || !CREATIONS.test(calleeName(f) ?? '')) continue;
    const args = call.childForFieldName('arguments')?.namedChildren ?? [];
    const last = args[args.length - 1];
    if (!last) continue;
    const m = FILLED_ARGUMENT.exec(last.text);
    const name = m?.[1] ?? m?.[2];
    if (name) out.add(name);
  }
  return out;
}

/** The call whose argument list holds `n` (through parentheses, casts and `&`), or undefined. */
function takingCall(n: SyntaxNode): SyntaxNode | undefined {
  let p: SyntaxNode | null = n.parent;
  while (p && THROUGH.has(p.type)) p = p.parent;
  if (p?.type !== 'argument_list') return undefined;
  const call = p.parent;
  return call?.type === 'call_expression' || call?.type === 'init_declarator' ? call : undefined;
}

function callName(call: SyntaxNode): string | undefined {
  if (call.type === 'init_declarator') return call.parent?.childForFieldName('type')?.text;
  const f = call.childForFieldName('function');
  return f ? calleeName(f) : undefined;
}

/** Whether a value of the resource (the name, or its `.Get()`) is used where nothing can move it. */
function valueUseIsQuiet(v: SyntaxNode, uploads: boolean): boolean {
  const p = v.parent;
  if (!p) return false;
  const call = takingCall(v);
  if (call) {
    const name = callName(call) ?? '';
    if (TAKES.has(name) || RELEASE.test(name) || CREATIONS.test(name) || (uploads && UPLOAD_HELPERS.has(name))) return true;
    // `IID_PPV_ARGS(&m_tex)` only as a creation's argument (not GetBuffer's or QueryInterface's: another object).
    const outer = name === 'IID_PPV_ARGS' ? takingCall(call) : undefined;
    return !!outer && CREATIONS.test(callName(outer) ?? '');
  }
  switch (p.type) {
    case 'condition_clause': case 'unary_expression': return true;
    case 'binary_expression': return /^(?:==|!=|&&|\|\|)$/.test(p.childForFieldName('operator')?.text ?? '');
    case 'delete_expression': return true;
    case 'assignment_expression': {
      const left = p.childForFieldName('left');
      const right = p.childForFieldName('right');
      // `m_tex = nullptr`: a reset; `loc.pResource = m_tex`: a copy location (not a barrier's Transition/Aliasing/UAV).
      if (left === v) return NULLS.has(right?.text ?? '');
      return right === v && /(?:\.|->)\s*pResource$/.test(left?.text ?? '') && !/Transition|Aliasing|UAV/.test(left?.text ?? '');
    }
    default: return false;
  }
}

/**
 * Whether one mention of a created name is one of the quiet kinds the header lists; `uploads`: the d3dx12 upload
 * helpers taking it are quiet too (UPLOAD_HELPERS).
 */
export function quietMention(id: SyntaxNode, uploads = false): boolean {
  let n = id;
  const p0 = id.parent;
  if (id.type === 'field_identifier') {
    // `this->m_tex` is the name; `obj.m_tex` of another object, or a declaration in a class body.
    if (p0?.type === 'field_expression' && p0.childForFieldName('field') === id) {
      if (p0.childForFieldName('argument')?.type !== 'this') return false;
      n = p0;
    } else return !!p0 && /declarator|field_declaration/.test(p0.type);
  }
  const p = n.parent;
  if (!p) return false;
  if (p.type === 'field_expression' && p.childForFieldName('argument') === n) {
    const method = p.childForFieldName('field')?.text ?? '';
    const call = p.parent?.type === 'call_expression' ? p.parent : undefined;
    if (!call) return false;
    if (OWN_METHODS.has(method)) return true;
    if (method === 'Get' || method === 'get') return valueUseIsQuiet(call, uploads);
    if (FILLING_METHOD.test(method)) return CREATIONS.test(callName(takingCall(call) ?? call) ?? '');
    return false;
  }
  return valueUseIsQuiet(n, uploads);
}

/** The settled names of the file (see the header), sorted. */
export function settledMemberNames(root: SyntaxNode, text: string): string[] {
  if (!CREATION_TEXT.test(text)) return [];
  const created = createdNames(root);
  if (created.size === 0) return [];
  const moved = new Set<string>();
  const uploads = !COPY_LIST_TEXT.test(text);
  for (const id of root.descendantsOfType(['identifier', 'field_identifier'])) {
    if (!created.has(id.text) || moved.has(id.text)) continue;
    if (!quietMention(id, uploads)) moved.add(id.text);
  }
  return [...created].filter((n) => !moved.has(n)).sort();
}
