// The GPU virtual addresses written into the descs of BuildRaytracingAccelerationStructure and DispatchRays, for the
// descriptor walker (descriptors.ts): `build.ScratchAccelerationStructureData = scratch->GetGPUVirtualAddress()`
// is recorded under the key `build.ScratchAccelerationStructureData`; a struct assigned whole (`build.Inputs =
// inputs`, `inputs.pGeometryDescs = &geometryDesc`) carries its recorded fields along; at the call, the desc's
// fields named in model/uses.ts RAYTRACING_DESC_USES are read back as the call's annotation. Unknown stays unknown.
import { DESC_ARGUMENT, RAYTRACING_ADDRESS_FIELDS, RAYTRACING_DESC_USES } from '../model/uses';
import type { SyntaxNode } from './node';
import type { DScope, DVal } from './descriptor-values';
import { vaOf } from './descriptor-values';
import type { ResourceRef } from './facts';
import { resourceRef } from './resources';
import { gpuAddressReceiver, unwrapValue } from './syntax';

/** The normalized text of a struct expression: `this->m_desc` → `m_desc`, `&geometryDesc` → `geometryDesc`. */
function structKey(node: SyntaxNode): string | null {
  let n = unwrapValue(node);
  if (n.type === 'pointer_expression' && n.child(0)?.type === '&') n = unwrapValue(n.childForFieldName('argument')!);
  const key = n.text.replace(/\s+/g, '').replace(/^this->/, '').replace(/->/g, '.');
  return /^[A-Za-z_][\w.[\]]*$/.test(key) ? key : null;
}

/** Where each recorded address was written (the expression), per function walk: the evaluator names it at the call. */
const written = new WeakMap<DScope, Map<string, SyntaxNode>>();

function writtenIn(s: DScope): Map<string, SyntaxNode> {
  let m = written.get(s);
  if (!m) written.set(s, (m = new Map()));
  return m;
}

/** `res->GetGPUVirtualAddress()` (plus offsets): the receiver as the walker names it, or the plain expression. */
function addressOf(node: SyntaxNode, s: DScope): ResourceRef | null {
  const va = vaOf(node, s);
  if (va) return va;
  let n = unwrapValue(node);
  while (n.type === 'binary_expression' && /^[+-]$/.test(n.childForFieldName('operator')?.type ?? '')) n = unwrapValue(n.childForFieldName('left')!);
  const receiver = gpuAddressReceiver(n);
  if (!receiver) return null;
  const ref = resourceRef(receiver, s.file);
  return ref.key ? ref : null;
}

/** Whether the walker holds a recorded field of the struct `key`. */
function hasFields(key: string, s: DScope): boolean {
  const prefix = `${key}.`;
  for (const k of s.env.keys()) if (k.startsWith(prefix)) return true;
  return false;
}

function dropFields(key: string, s: DScope): void {
  const prefix = `${key}.`;
  for (const k of [...s.env.keys()]) if (k.startsWith(prefix)) s.env.delete(k);
}

/**
 * An assignment `left = right` the raytracing descs care about: a GPU virtual address written to one of their
 * address fields, or a struct (or a pointer to one) whose fields were recorded. True when it was one of these.
 */
export function raytracingAssignment(left: SyntaxNode, right: SyntaxNode, s: DScope): boolean {
  const l = unwrapValue(left);
  const target = structKey(l);
  if (!target) return false;
  const field = l.type === 'field_expression' ? l.childForFieldName('field')?.text : undefined;
  if (field && RAYTRACING_ADDRESS_FIELDS.has(field)) {
    const va = addressOf(right, s);
    s.env.set(target, va ? { t: 'va', ref: va } : { t: 'unknown' });
    writtenIn(s).set(target, right);
    return true;
  }
  const source = structKey(right);
  if (!source || !hasFields(source, s)) {
    if (hasFields(target, s)) dropFields(target, s);
    return false;
  }
  dropFields(target, s);
  const prefix = `${source}.`;
  const nodes = writtenIn(s);
  for (const [k, v] of [...s.env]) {
    if (!k.startsWith(prefix)) continue;
    const to = `${target}.${k.slice(prefix.length)}`;
    s.env.set(to, v);
    const at = nodes.get(k);
    if (at) nodes.set(to, at);
  }
  return true;
}

/** A desc declared (again): what was recorded under its name belongs to an earlier variable. */
export function raytracingDeclaration(name: string, s: DScope, type = '', value: SyntaxNode | null = null): void {
  dropFields(name, s);
  if (value?.type !== 'initializer_list') return;
  // `D3D12_WRITEBUFFERIMMEDIATE_PARAMETER p{ .Dest = buf->GetGPUVirtualAddress(), .Value = 0 }`, or positionally
  // `{ buf->GetGPUVirtualAddress(), 0 }` for a struct whose field order is known: the address fields it writes.
  const order = POSITIONAL_FIELDS[type.replace(/^(?:const\s+|struct\s+)+/, '').trim()];
  value.namedChildren.filter((c) => c.type !== 'comment').forEach((e, i) => {
    const designated = e.type === 'initializer_pair' ? e.childForFieldName('designator')?.text.replace(/^\./, '') : undefined;
    const field = e.type === 'initializer_pair' ? designated : order?.[i];
    const v = e.type === 'initializer_pair' ? e.childForFieldName('value') : e;
    if (!field || !v || !RAYTRACING_ADDRESS_FIELDS.has(field)) return;
    const va = addressOf(v, s);
    s.env.set(`${name}.${field}`, va ? { t: 'va', ref: va } : { t: 'unknown' });
    writtenIn(s).set(`${name}.${field}`, v);
  });
}

/** Structs whose address fields a positional initializer fills, in declaration order (d3d12.h). */
const POSITIONAL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  D3D12_WRITEBUFFERIMMEDIATE_PARAMETER: ['Dest', 'Value'],
};

/**
 * The address fields of `BuildRaytracingAccelerationStructure(&desc, …)` / `DispatchRays(&desc)`, in the order of
 * RAYTRACING_DESC_USES: the walker's values, and the expressions that wrote them.
 */
export function raytracingCallArgs(method: string, args: SyntaxNode[], s: DScope): { args: DVal[]; nodes: (SyntaxNode | null)[] } | undefined {
  const fields = Object.hasOwn(RAYTRACING_DESC_USES, method) ? RAYTRACING_DESC_USES[method] : undefined;
  const at = Object.hasOwn(DESC_ARGUMENT, method) ? DESC_ARGUMENT[method] : 0;
  if (!fields || args.length <= at) return undefined;
  const key = structKey(args[at]);
  if (!key) return undefined;
  const paths = Object.keys(fields).map((path) => `${key}.${path}`);
  const values = paths.map((k): DVal => s.env.get(k) ?? { t: 'unknown' });
  return { args: values, nodes: paths.map((k, i) => (values[i].t === 'va' ? written.get(s)?.get(k) ?? null : null)) };
}
