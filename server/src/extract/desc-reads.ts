// Resource descs read back: `D3D12_RESOURCE_DESC desc = res->GetDesc();` (or `ID3D12Resource_GetDesc(res)`), then a
// test of `desc.SampleDesc.Count`. A readback helper resolves a multisampled texture and copies any other one; its
// branch is decided by the resource it is handed, whose creation the run may show (track/interpreter.ts gives the
// field that value). Only a local written once, by GetDesc of a parameter or local resource, is read so. The same
// for heap properties read back (`res->GetHeapProperties(&props, nullptr)`, then `props.Type`): a readback helper
// copies a buffer into a readback buffer unless it already is one.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import type { Field } from './facts';
import { resourceRef } from './resources';
import { argumentNodes, calleeName, rangeOf, unwrapValue } from './syntax';

const PROPERTY = /^([A-Za-z_]\w*)\.(SampleDesc\.Count|Type)$/;
const GET_DESC = /^(?:ID3D12Resource\d*_)?GetDesc1?$/;
const GET_HEAP_PROPERTIES = /^(?:ID3D12Resource\d*_)?GetHeapProperties$/;

/** What a desc member read stands for, by the kind of local it is read from. */
const PROPS = { desc: { 'SampleDesc.Count': 'sampleCount' }, heap: { Type: 'heapType' } } as const;

/** `desc.SampleDesc.Count` of a desc read from a resource: a Field standing for the resource's sample count. */
export function resourceProperty(n: SyntaxNode, fn: FnCtx): Field | undefined {
  const m = PROPERTY.exec(n.text.replace(/\s+/g, ''));
  if (!m) return undefined;
  const body = enclosingFunction(n);
  const found = body ? descSources(body).get(m[1]) : undefined;
  const prop = found ? (PROPS[found.kind] as Record<string, 'sampleCount' | 'heapType'>)[m[2]] : undefined;
  if (!found || !prop) return undefined;
  // `desc.SampleDesc.Count = 1;` or `&desc` before the test (or in a loop around it): it may hold another value. Heap
  // properties are read by a call before the test.
  const loop = enclosingLoop(n, body!);
  const inLoop = (w: SyntaxNode) => !!loop && w.startIndex >= loop.startIndex && w.endIndex <= loop.endIndex;
  if (found.memberWrites.some((w) => w.startIndex < n.startIndex || inLoop(w))) return undefined;
  if (found.readAt && (found.readAt.startIndex > n.startIndex || inLoop(found.readAt))) return undefined;
  const source = found.resource;
  return { value: null, text: n.text, range: rangeOf(n), ofResource: { ref: resourceRef(source, fn.file, fn), prop } };
}

const LOOPS = new Set(['for_statement', 'while_statement', 'do_statement', 'for_range_loop']);

function enclosingLoop(n: SyntaxNode, top: SyntaxNode): SyntaxNode | null {
  let p = n.parent;
  while (p && p !== top && !LOOPS.has(p.type)) p = p.parent;
  return p && p !== top ? p : null;
}

function enclosingFunction(n: SyntaxNode): SyntaxNode | null {
  let p = n.parent;
  while (p && p.type !== 'function_definition') p = p.parent;
  return p;
}

interface DescSource {
  resource: SyntaxNode;
  /** A resource desc (GetDesc) or heap properties (GetHeapProperties, read at `readAt`). */
  kind: 'desc' | 'heap';
  readAt?: SyntaxNode;
  /** Writes of the desc's SampleDesc members (`desc.SampleDesc.Count = 1;`), and where its address is taken. */
  memberWrites: SyntaxNode[];
}

/**
 * `SUCCEEDED(hr)` / `FAILED(hr)` of the one HRESULT a heap-properties read returned (`hr =
 * ID3D12Resource_GetHeapProperties(buffer, &heap_properties, NULL); if (SUCCEEDED(hr) && heap_properties.Type ==
 * D3D12_HEAP_TYPE_READBACK)`, vkd3d-proton's buffer readback helper): a Field standing for whether the read succeeded
 * (1), which the tracker knows when the resource's creation shows its heap; and whether the test is FAILED.
 */
export function heapReadResult(n: SyntaxNode, fn: FnCtx): { field: Field; failed: boolean } | undefined {
  if (n.type !== 'call_expression') return undefined;
  const f = n.childForFieldName('function');
  const macro = f?.type === 'identifier' ? f.text : '';
  const args = argumentNodes(n);
  if ((macro !== 'SUCCEEDED' && macro !== 'FAILED') || args.length !== 1) return undefined;
  const hr = unwrapValue(args[0]);
  const body = hr.type === 'identifier' ? enclosingFunction(n) : null;
  const found = body ? lastWriteBefore(body, hr.text, n) : undefined;
  const read = found ? heapPropertiesOf(found) : null;
  if (!read) return undefined;
  const field: Field = { value: null, text: n.text, range: rangeOf(n), ofResource: { ref: resourceRef(read.resource, fn.file, fn), prop: 'heapRead' } };
  return { field, failed: macro === 'FAILED' };
}

const results = new WeakMap<SyntaxNode, Map<string, { at: SyntaxNode; value: SyntaxNode | null }[]>>();

/**
 * The call a local was last set to before `use` (`hr = ID3D12Resource_GetHeapProperties(…);`), when that write is a
 * statement of a block that holds `use` (no branch or loop between them can change it) and no write of the local
 * (an `=`, an update, its address taken) comes between.
 */
function lastWriteBefore(fnNode: SyntaxNode, name: string, use: SyntaxNode): SyntaxNode | undefined {
  const writes = writesOf(fnNode).get(name) ?? [];
  const before = writes.filter((w) => w.at.endIndex <= use.startIndex);
  const last = before[before.length - 1];
  const value = last?.value ? unwrapValue(last.value) : null;
  if (!last || value?.type !== 'call_expression') return undefined;
  const statement = last.at.parent?.type === 'expression_statement' ? last.at.parent : last.at.parent?.type === 'declaration' ? last.at.parent : null;
  const block = statement?.parent;
  for (let p = use.parent; p; p = p.parent) if (p === block) return value;
  return undefined;
}

/** Every write of each local of a function, in source order: where, and the value of a plain `=` (null otherwise). */
function writesOf(fnNode: SyntaxNode): Map<string, { at: SyntaxNode; value: SyntaxNode | null }[]> {
  const known = results.get(fnNode);
  if (known) return known;
  const out = new Map<string, { at: SyntaxNode; value: SyntaxNode | null }[]>();
  const note = (name: string, at: SyntaxNode, value: SyntaxNode | null) => {
    const list = out.get(name);
    if (list) list.push({ at, value });
    else out.set(name, [{ at, value }]);
  };
  for (const a of fnNode.descendantsOfType(['assignment_expression', 'init_declarator', 'update_expression', 'pointer_expression'])) {
    if (a.type === 'pointer_expression') {
      const arg = a.child(0)?.type === '&' ? a.childForFieldName('argument') : null;
      if (arg?.type === 'identifier') note(arg.text, a, null);
      continue;
    }
    const left = a.type === 'assignment_expression' ? a.childForFieldName('left') : a.type === 'init_declarator' ? a.childForFieldName('declarator') : a.childForFieldName('argument');
    const l = left ? unwrapValue(left) : null;
    if (l?.type !== 'identifier') continue;
    const plain = a.type === 'init_declarator' || (a.type === 'assignment_expression' && a.child(1)?.type === '=');
    note(l.text, a, plain ? a.childForFieldName(a.type === 'init_declarator' ? 'value' : 'right') : null);
  }
  for (const list of out.values()) list.sort((x, y) => x.at.startIndex - y.at.startIndex);
  results.set(fnNode, out);
  return out;
}

const cache = new WeakMap<SyntaxNode, Map<string, DescSource>>();

/** Locals of a function written whole exactly once, by `GetDesc` of a resource, by local name. */
function descSources(fnNode: SyntaxNode): Map<string, DescSource> {
  const known = cache.get(fnNode);
  if (known) return known;
  const writes = new Map<string, (SyntaxNode | null)[]>();
  const members = new Map<string, SyntaxNode[]>();
  const note = (name: string, value: SyntaxNode | null) => writes.set(name, [...(writes.get(name) ?? []), value]);
  for (const a of fnNode.descendantsOfType(['assignment_expression', 'init_declarator'])) {
    const left = a.type === 'assignment_expression' ? a.childForFieldName('left') : a.childForFieldName('declarator');
    const right = a.type === 'assignment_expression' ? a.childForFieldName('right') : a.childForFieldName('value');
    const l = left ? unwrapValue(left) : null;
    if (l?.type === 'identifier') note(l.text, a.type === 'assignment_expression' && a.child(1)?.type !== '=' ? null : right);
    const member = l?.type === 'field_expression' ? /^([A-Za-z_]\w*)\.SampleDesc\b/.exec(l.text.replace(/\s+/g, '')) : null;
    if (member) members.set(member[1], [...(members.get(member[1]) ?? []), a]);
  }
  // Heap properties read into a local by address: that address is the read, not a write.
  const heapReads = new Map<string, { resource: SyntaxNode; at: SyntaxNode; address: SyntaxNode }[]>();
  for (const c of fnNode.descendantsOfType('call_expression')) {
    const read = heapPropertiesOf(c);
    if (read) heapReads.set(read.name, [...(heapReads.get(read.name) ?? []), { resource: read.resource, at: c, address: read.address }]);
  }
  const heapAddresses = new Set([...heapReads.values()].flat().map((r) => r.address.startIndex));
  // A desc whose address is taken may be written through it from there on.
  for (const p of fnNode.descendantsOfType('pointer_expression')) {
    const arg = p.child(0)?.type === '&' ? p.childForFieldName('argument') : null;
    if (arg?.type === 'identifier' && !heapAddresses.has(p.startIndex)) members.set(arg.text, [...(members.get(arg.text) ?? []), p]);
  }
  const out = new Map<string, DescSource>();
  for (const [name, values] of writes) {
    const v = values.length === 1 && values[0] ? unwrapValue(values[0]) : null;
    const res = v ? getDescOf(v) : null;
    if (res && !heapReads.has(name)) out.set(name, { resource: res, kind: 'desc', memberWrites: members.get(name) ?? [] });
  }
  for (const [name, reads] of heapReads) {
    if (reads.length !== 1 || writes.has(name)) continue;
    out.set(name, { resource: reads[0].resource, kind: 'heap', readAt: reads[0].at, memberWrites: members.get(name) ?? [] });
  }
  cache.set(fnNode, out);
  return out;
}

/** `res->GetHeapProperties(&props, …)` / `ID3D12Resource_GetHeapProperties(res, &props, …)`: resource, local, `&props`. */
function heapPropertiesOf(c: SyntaxNode): { resource: SyntaxNode; name: string; address: SyntaxNode } | null {
  const f = c.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || !GET_HEAP_PROPERTIES.test(name)) return null;
  const args = argumentNodes(c);
  const [resource, out] = f.type === 'field_expression' ? [f.childForFieldName('argument'), args[0]] : name.startsWith('ID3D12Resource') ? [args[0], args[1]] : [null, null];
  const address = out ? unwrapValue(out) : null;
  const local = address?.type === 'pointer_expression' && address.child(0)?.type === '&' ? address.childForFieldName('argument') : null;
  return resource && address && local?.type === 'identifier' ? { resource, name: local.text, address } : null;
}

/** `res->GetDesc()` / `ID3D12Resource_GetDesc(res)`: the resource expression. */
function getDescOf(v: SyntaxNode): SyntaxNode | null {
  if (v.type !== 'call_expression') return null;
  const f = v.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || !GET_DESC.test(name)) return null;
  const args = argumentNodes(v);
  if (f.type === 'field_expression' && args.length === 0) return f.childForFieldName('argument');
  return f.type === 'identifier' && args.length === 1 && name.startsWith('ID3D12Resource') ? args[0] : null;
}
