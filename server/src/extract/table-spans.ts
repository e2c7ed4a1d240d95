// How many descriptors a descriptor table of a function may span, read from the root-signature descriptor ranges the
// function itself declares (D3D12 § Descriptor Tables: a table reads OffsetInDescriptorsFromTableStart +
// NumDescriptors slots of each range from its base handle). Used only to bound which later slots of a heap a bound
// table can reach (track/descriptor-table.ts laterViewsOf). The bound is given only when it is certain for every table
// the function binds: each root signature the function sets on a list is one it creates itself, every range it
// writes has a constant count, and none is unbounded (NumDescriptors = UINT_MAX: bindless). Anything else: undefined.
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { argumentNodes, calleeName } from './syntax';
import { UNWRAPPING_ACCESSORS } from '../model/smart-pointers';

const UNWRAPPED = new RegExp(String.raw`(?:\.|->)(?:${UNWRAPPING_ACCESSORS})\(\)$`);

/** NumDescriptors at or above this is an unbounded (bindless) range; D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND is 0xffffffff. */
const UNBOUNDED = 0x7fffffff;
const RANGE_TYPE = /^(?:\w+::)?D3D12_DESCRIPTOR_RANGE_TYPE_\w+$/;
const SET_ROOT_SIGNATURE = /^(?:ID3D12GraphicsCommandList\d*_)?Set(?:Graphics|Compute)RootSignature$/;
const CREATES_ROOT_SIGNATURE = /create_?root_?signature/i;

/** The descriptor count a table bound in this function spans at most, or undefined when that is not certain. */
export function tableSpan(body: SyntaxNode, fn: FnCtx): number | undefined {
  const text = body.text;
  if (!text.includes('RootSignature') || !text.includes('D3D12_DESCRIPTOR_RANGE')) return undefined;
  if (!rootSignaturesOwn(body)) return undefined;
  const counts: number[] = [];
  const offsets: number[] = [];
  const num = (n: SyntaxNode | undefined): number | null => {
    if (!n) return null;
    const v = evalValue(n, 'num', fn);
    return v.t === 'num' && v.f.value !== null ? v.f.value >>> 0 : null;
  };
  // Ranges given as arguments or braces: (type, count, base register, space[, flags], offset).
  for (const list of body.descendantsOfType(['argument_list', 'initializer_list'])) {
    const args = argumentNodes(list);
    if (!args.length || !RANGE_TYPE.test(args[0].text.replace(/\s+/g, ''))) continue;
    const count = num(args[1]);
    if (count === null) return undefined;
    counts.push(count);
    for (const a of args.slice(4)) offsets.push(num(a) ?? UNBOUNDED);
  }
  // Ranges written member by member (`range.NumDescriptors = 1;`, designated initializers).
  for (const field of body.descendantsOfType('field_identifier')) {
    if (field.text !== 'NumDescriptors' && field.text !== 'OffsetInDescriptorsFromTableStart') continue;
    const value = writtenValue(field);
    if (value === undefined) return undefined;
    const v = num(value);
    if (field.text === 'NumDescriptors') {
      if (v === null) return undefined;
      counts.push(v);
    } else offsets.push(v ?? UNBOUNDED);
  }
  if (!counts.length || counts.some((c) => c >= UNBOUNDED)) return undefined;
  // Appended ranges follow each other: every range of the function laid end to end, after the largest explicit offset.
  const explicit = offsets.filter((o) => o < UNBOUNDED);
  const span = counts.reduce((a, b) => a + b, 0) + (explicit.length ? Math.max(...explicit) : 0);
  return span < UNBOUNDED ? span : undefined;
}

/** The value written to a range member: `x.NumDescriptors = v` or `.NumDescriptors = v` in braces; undefined otherwise. */
function writtenValue(field: SyntaxNode): SyntaxNode | undefined {
  const parent = field.parent;
  if (parent?.type === 'field_designator') {
    const pair = parent.parent;
    return pair?.type === 'initializer_pair' ? pair.childForFieldName('value') ?? undefined : undefined;
  }
  const assign = parent?.type === 'field_expression' ? parent.parent : null;
  if (assign?.type !== 'assignment_expression' || assign.childForFieldName('left') !== parent) return undefined;
  if (assign.childForFieldName('operator')?.text !== '=') return undefined;
  return assign.childForFieldName('right') ?? undefined;
}

/** Whether the function sets root signatures on its lists, and each one it sets is one it creates. */
function rootSignaturesOwn(body: SyntaxNode): boolean {
  const created = new Set<string>();
  const set: string[] = [];
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    if (!name) continue;
    const args = argumentNodes(call);
    if (SET_ROOT_SIGNATURE.test(name) && args.length) set.push(objectName(args[args.length - 1]));
    else if (CREATES_ROOT_SIGNATURE.test(name)) for (const a of args) created.add(objectName(a));
  }
  return set.length > 0 && set.every((s) => s !== '' && created.has(s));
}

/** `&rs`, `rs.Get()`, `IID_PPV_ARGS(&rs)`, `rs.GetAddressOf()`, `(void **)&rs` → "rs"; '' when it is no plain name. */
function objectName(n: SyntaxNode): string {
  const t = n.text.replace(/\s+/g, '')
    .replace(/^IID_PPV_ARGS\((.*)\)$/, '$1').replace(/^\([^()]*\)/, '').replace(/^&/, '')
    .replace(UNWRAPPED, '');
  return /^[\w.>-]+$/.test(t) ? t : '';
}
