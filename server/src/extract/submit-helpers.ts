// Helpers of the file that only submit barriers the caller hands them: `void Submit(cl, const D3D12_RESOURCE_BARRIER*
// b, UINT n) { cl->ResourceBarrier(n, b); }`, `void FlushOne(cl, const D3D12_RESOURCE_BARRIER& b) {
// cl->ResourceBarrier(1, &b); }`, `Flush(cl, const std::vector<D3D12_RESOURCE_BARRIER>& v) { if (!v.empty())
// cl->ResourceBarrier(UINT(v.size()), v.data()); }`. Inside such a helper the barriers cannot be read (they are the
// caller's); at each call the submission is recorded in the caller instead (api-calls.ts), with the caller's barriers,
// list and count, so they are checked against the caller's tracked states and positioned like a direct call.
// A helper qualifies only when the submission is all it does: no loop, no other call than accessors (`size()`,
// `data()`, `Get()`) and assertions, and no test but of the count or of the barrier pointer (a helper that submits
// under another condition would make the submission conditional, which a call site cannot show).
import type { SyntaxNode } from './node';
import type { HelperCandidate, SubmitHelper } from './context';
import { calleeName, unwrapValue } from './syntax';

/** `ID3D12GraphicsCommandList7_Barrier(list, n, groups)`, `ID3D12GraphicsCommandList_ResourceBarrier(list, n, b)`. */
const C_SUBMIT = /^ID3D12\w*CommandList\d*_(Barrier|ResourceBarrier)$/;
/** Calls a submit helper may make besides the submission: accessors and assertions. */
const PURE_CALL = /^(?:size|data|begin|empty|Get|_countof|assert|static_assert|\w*ASSERT\w*|\w*_CHECK|UINT|uint32_t|static_cast|CD3DX12_BARRIER_GROUP)$/;
/** A parameter holding the caller's enhanced barrier(s), for helpers that wrap them into a group of their own. */
const BARRIER_PARAM = /\b(?:D3D12|CD3DX12)_(?:TEXTURE|BUFFER|GLOBAL)_BARRIER\b/;
const LOOPS = new Set(['for_statement', 'for_range_loop', 'while_statement', 'do_statement', 'goto_statement']);
const PAYLOAD_TYPE = { Barrier: /\bD3D12_BARRIER_GROUP\b|\bCD3DX12_BARRIER_GROUP\b/, ResourceBarrier: /\bD3D12_RESOURCE_BARRIER\b|\bCD3DX12_RESOURCE_BARRIER\b/ };

/** The file's submit helpers by name (a name defined twice is not followed). */
export function readSubmitHelpers(candidates: HelperCandidate[]): Map<string, SubmitHelper> | undefined {
  const byName = new Map<string, SubmitHelper | null>();
  for (const c of candidates) byName.set(c.name, byName.has(c.name) ? null : submitHelperOf(c) ?? null);
  const out = new Map([...byName].filter((e): e is [string, SubmitHelper] => e[1] !== null));
  return out.size ? out : undefined;
}

function submitHelperOf(c: HelperCandidate): SubmitHelper | undefined {
  if (c.body.descendantsOfType([...LOOPS]).length) return undefined;
  let submit: { method: 'Barrier' | 'ResourceBarrier'; object: SyntaxNode; args: SyntaxNode[] } | undefined;
  for (const call of c.body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a.type !== 'comment') ?? [];
    const macro = f?.type === 'identifier' && name ? C_SUBMIT.exec(name) : null;
    const method = macro ? macro[1] : f?.type === 'field_expression' ? name : undefined;
    if ((method === 'Barrier' || method === 'ResourceBarrier') && args.length === (macro ? 3 : 2)) {
      if (submit) return undefined;
      submit = { method, object: macro ? args[0] : f!.childForFieldName('argument')!, args: macro ? args.slice(1) : args };
    } else if (!name || !PURE_CALL.test(name)) return undefined;
  }
  if (!submit) return undefined;
  const wrapped = submit.method === 'Barrier' ? wrapOf(submit.args, c) : undefined;
  if (wrapped) {
    const object = unwrapValue(submit.object);
    const listParam = object.type === 'identifier' ? c.params.indexOf(object.text) : -1;
    const guards = new Set([c.params[wrapped.payload.param], ...(typeof wrapped.count === 'number' ? [c.params[wrapped.count]] : [])]);
    for (const s of c.body.descendantsOfType(['if_statement', 'conditional_expression', 'switch_statement'])) {
      const cond = s.childForFieldName('condition');
      const names = cond?.descendantsOfType(['identifier', 'field_identifier']).map((n) => n.text) ?? ['?'];
      if (!names.every((n) => guards.has(n) || PURE_CALL.test(n) || n === 'nullptr' || n === 'NULL')) return undefined;
    }
    return { params: c.params.length, method: 'Barrier', list: listParam >= 0 ? listParam : object, count: submit.args[0], payload: wrapped.payload, wrap: { count: wrapped.count } };
  }
  const payload = payloadOf(submit.args[1], c);
  if (!payload || !PAYLOAD_TYPE[submit.method].test(c.paramTypes[payload.param] ?? '')) return undefined;
  const count = countOf(submit.args[0], c, payload.param);
  if (count === undefined) return undefined;
  const object = unwrapValue(submit.object);
  const listParam = object.type === 'identifier' ? c.params.indexOf(object.text) : -1;
  // Tests guard the submission only when they read the count or the barrier pointer.
  const guards = new Set([c.params[payload.param], ...(typeof count === 'number' ? [c.params[count]] : [])]);
  for (const s of c.body.descendantsOfType(['if_statement', 'conditional_expression', 'switch_statement'])) {
    const cond = s.childForFieldName('condition');
    const names = cond?.descendantsOfType(['identifier', 'field_identifier']).map((n) => n.text) ?? ['?'];
    if (!names.every((n) => guards.has(n) || PURE_CALL.test(n) || n === 'nullptr' || n === 'NULL')) return undefined;
  }
  return { params: c.params.length, method: submit.method, list: listParam >= 0 ? listParam : object, count, payload };
}

/**
 * `Barrier(1, &g)` on a local group the helper builds around its barrier parameter and never changes afterwards:
 * `D3D12_BARRIER_GROUP g = { TYPE, n, &t };`, `{ TYPE, n, p }` (p a pointer), `CD3DX12_BARRIER_GROUP g(n, &t);`,
 * `= CD3DX12_BARRIER_GROUP(n, &t)`. The caller's barrier parameter and the group's count are returned.
 */
function wrapOf(args: SyntaxNode[], c: HelperCandidate): { payload: SubmitHelper['payload']; count: number | SyntaxNode } | undefined {
  const groups = unwrapValue(args[0]);
  const pay = unwrapValue(args[1]);
  if (groups.type !== 'number_literal' || groups.text !== '1') return undefined;
  if (pay.type !== 'pointer_expression' || pay.child(0)?.type !== '&') return undefined;
  const g = unwrapValue(pay.childForFieldName('argument')!);
  if (g.type !== 'identifier' || c.params.includes(g.text)) return undefined;
  // The group is never written after its declaration (no `g = …`), or only member by member right after it.
  const writes = c.body.descendantsOfType(['assignment_expression', 'update_expression']).filter((a) => {
    const left = a.childForFieldName('left') ?? a.childForFieldName('argument');
    return left && /^\w+/.exec(left.text)?.[0] === g.text;
  });
  let parts: SyntaxNode[] | undefined;
  for (const d of c.body.descendantsOfType('init_declarator')) {
    const name = d.childForFieldName('declarator');
    if (name?.type !== 'identifier' || name.text !== g.text) continue;
    if (parts) return undefined;
    const v = d.childForFieldName('value');
    const type = d.parent?.childForFieldName('type')?.text ?? '';
    const inner = v?.type === 'call_expression' && calleeName(v.childForFieldName('function')!) === 'CD3DX12_BARRIER_GROUP' ? v.childForFieldName('arguments') : v;
    const items = inner?.namedChildren.filter((x) => x.type !== 'comment') ?? [];
    if (writes.length) parts = inner?.type === 'initializer_list' && items.length === 0 && /\bD3D12_BARRIER_GROUP\b/.test(type) ? memberParts(writes, c) : undefined;
    else if (inner?.type === 'initializer_list' && /\bD3D12_BARRIER_GROUP\b/.test(type) && items.length === 3) parts = items.slice(1);
    else if (inner?.type === 'argument_list' && /\bCD3DX12_BARRIER_GROUP\b|\bD3D12_BARRIER_GROUP\b|\bauto\b/.test(type) && items.length === 2) parts = items;
    if (!parts) return undefined;
  }
  if (!parts) return writes.length ? undefined : vexingWrap(g.text, c);
  const [n, ptr] = parts.map(unwrapValue);
  const count = n.type === 'number_literal' ? n : n.type === 'identifier' ? c.params.indexOf(n.text) : -1;
  if (count === -1) return undefined;
  const isAddress = ptr.type === 'pointer_expression' && ptr.child(0)?.type === '&';
  const target = isAddress ? unwrapValue(ptr.childForFieldName('argument')!) : ptr;
  const param = target.type === 'identifier' ? c.params.indexOf(target.text) : -1;
  const type = c.paramTypes[param] ?? '';
  if (param < 0 || !BARRIER_PARAM.test(type)) return undefined;
  if (isAddress === /\*|\[\]/.test(type)) return undefined;
  return { payload: { param, via: isAddress ? 'address' : 'pointer' }, count };
}

/** The barrier arrays a group names, by its type: `g.pTextureBarriers = t;` goes with `g.Type = …TEXTURE`. */
const GROUP_ARRAYS = new Set(['pTextureBarriers', 'pBufferBarriers', 'pGlobalBarriers']);

/**
 * `D3D12_BARRIER_GROUP g = {}; g.Type = D3D12_BARRIER_TYPE_TEXTURE; g.NumBarriers = n; g.pTextureBarriers = t;`: a
 * group filled member by member in statements of the helper's own block (no test or loop around them), each member
 * once, the type a constant. The count and the barrier pointer, as a group initialiser would give them.
 */
function memberParts(writes: SyntaxNode[], c: HelperCandidate): SyntaxNode[] | undefined {
  const values = new Map<string, SyntaxNode>();
  for (const w of writes) {
    const left = w.childForFieldName('left');
    const right = w.childForFieldName('right');
    if (w.type !== 'assignment_expression' || w.childForFieldName('operator')?.text !== '=' || left?.type !== 'field_expression' || !right) return undefined;
    if (w.parent?.type !== 'expression_statement' || w.parent.parent !== c.body) return undefined;
    const field = left.childForFieldName('field')?.text ?? '';
    if (values.has(field) || (field !== 'Type' && field !== 'NumBarriers' && !GROUP_ARRAYS.has(field))) return undefined;
    values.set(field, right);
  }
  const arrays = [...values.keys()].filter((f) => GROUP_ARRAYS.has(f));
  const type = values.get('Type');
  if (arrays.length !== 1 || !values.has('NumBarriers') || (type && !/^D3D12_BARRIER_TYPE_(?:TEXTURE|BUFFER|GLOBAL)$/.test(unwrapValue(type).text))) return undefined;
  return [values.get('NumBarriers')!, values.get(arrays[0])!];
}

/** `CD3DX12_BARRIER_GROUP g(n, t);` with identifiers only parses as a function declaration (most vexing parse). */
function vexingWrap(group: string, c: HelperCandidate): { payload: SubmitHelper['payload']; count: number | SyntaxNode } | undefined {
  for (const d of c.body.descendantsOfType('function_declarator')) {
    if (d.childForFieldName('declarator')?.text !== group || !/\bCD3DX12_BARRIER_GROUP\b/.test(d.parent?.childForFieldName('type')?.text ?? '')) continue;
    const names = d.childForFieldName('parameters')?.namedChildren.filter((x) => x.type !== 'comment').map((x) => x.text.trim()) ?? [];
    if (names.length !== 2) return undefined;
    const count = c.params.indexOf(names[0]);
    const param = c.params.indexOf(names[1]);
    const type = c.paramTypes[param] ?? '';
    if (count < 0 || param < 0 || !BARRIER_PARAM.test(type) || !/\*|\[\]/.test(type)) return undefined;
    return { payload: { param, via: 'pointer' }, count };
  }
  return undefined;
}

/** `b` (pointer or array parameter), `&b`, `b.data()`, `&b[0]`: the barrier parameter handed to the API. */
function payloadOf(arg: SyntaxNode, c: HelperCandidate): SubmitHelper['payload'] | undefined {
  const n = unwrapValue(arg);
  const param = (x: SyntaxNode | null | undefined) => (x && unwrapValue(x).type === 'identifier' ? c.params.indexOf(unwrapValue(x).text) : -1);
  if (n.type === 'identifier') {
    const i = param(n);
    return i >= 0 && /\*|\[\]/.test(c.paramTypes[i] ?? '') ? { param: i, via: 'pointer' } : undefined;
  }
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') {
    const inner = unwrapValue(n.childForFieldName('argument')!);
    if (inner.type === 'subscript_expression') {
      const index = inner.childForFieldName('indices')?.namedChildren[0] ?? inner.childForFieldName('index');
      const i = param(inner.childForFieldName('argument'));
      return i >= 0 && index?.text === '0' ? { param: i, via: 'data' } : undefined;
    }
    const i = param(inner);
    return i >= 0 && !/\*/.test(c.paramTypes[i] ?? '') ? { param: i, via: 'address' } : undefined;
  }
  if (n.type === 'call_expression') {
    const f = n.childForFieldName('function');
    // `v.data()`; `list.begin()` of a std::initializer_list (it has no data()).
    const i = f?.type === 'field_expression' && /^(?:data|begin)$/.test(f.childForFieldName('field')?.text ?? '') ? param(f.childForFieldName('argument')) : -1;
    return i >= 0 ? { param: i, via: 'data' } : undefined;
  }
  return undefined;
}

/** A count parameter, a literal, or the submitted container's `size()` (possibly cast). */
function countOf(arg: SyntaxNode, c: HelperCandidate, payload: number): SubmitHelper['count'] | undefined {
  let n = unwrapValue(arg);
  // `UINT(v.size())`, `static_cast<UINT>(v.size())`: a cast written as a call.
  if (n.type === 'call_expression' && /^(?:UINT|uint32_t|static_cast<\w+>)$/.test(n.childForFieldName('function')?.text ?? '')) {
    const inner = n.childForFieldName('arguments')?.namedChildren[0];
    if (inner) n = unwrapValue(inner);
  }
  if (n.type === 'number_literal') return n;
  if (n.type === 'identifier') {
    const i = c.params.indexOf(n.text);
    return i >= 0 ? i : undefined;
  }
  const f = n.type === 'call_expression' ? n.childForFieldName('function') : null;
  if (f?.type === 'field_expression' && f.childForFieldName('field')?.text === 'size' && f.childForFieldName('argument')?.text === c.params[payload]) return 'size';
  return undefined;
}
