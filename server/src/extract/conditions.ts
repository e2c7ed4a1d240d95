// Conditions the tracker can decide once a helper's parameters are bound: `before != after`, `res == nullptr`,
// a bit test (`flags & kMapped`), and `&&`/`||`/`!` over them. Engines guard their transition helpers with `if (StateBefore != StateAfter)`;
// evaluated at a call site with constant arguments, the guard picks one branch. Anything else (calls, other
// operators, values that do not fold) is left undecided, and both branches are followed as before.
import type { SyntaxNode } from './node';
import type { Condition, Field } from './facts';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { bitViewSym, CONSTANT_NAME, pathSyms, symOf } from './path-facts';
import { rangeOf } from './syntax';
import { heapReadResult, resourceProperty } from './desc-reads';
import { sizeQuery } from './container-sizes';
import { evalField, noteUnfoldedName } from './constant-fold';
import { COMMANDS } from '../model/api';
import { escapeRegExp } from '../regexp-literal';

const LEAVES = new Set([
  'identifier', 'field_expression', 'number_literal', 'qualified_identifier', 'nullptr', 'null', 'true', 'false',
]);

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

export function conditionOf(node: SyntaxNode | null, fn: FnCtx): Condition | undefined {
  if (!node) return undefined;
  const n = node.type === 'condition_clause' ? node.childForFieldName('value') : node;
  if (!n) return undefined;
  // A bare value tested for truth (`if (useCompute)`, `if (p)`): `!= 0`.
  const tested = pathSyms(fn)?.tested;
  const symIn = (x: SyntaxNode): string | undefined => {
    const sym = symOf(x, true) ?? sizeCall(x)?.sym;
    return sym !== undefined && tested?.has(sym) ? sym : undefined;
  };
  // `v.size()` tested for truth, `v.empty()`: the container's size against 0 (path-facts.ts follows it).
  const size = sizeCall(n);
  if (size) {
    const f = leaf(n, fn);
    const ls = symIn(n);
    const zero = { value: 0, text: '0', range: rangeOf(n) };
    return f && { op: size.empty ? '==' : '!=', left: f, right: zero, ...(ls !== undefined ? { ls } : {}) };
  }
  // `const bool needTransition = (state & COPY_DEST) == 0; … if (needTransition)`: the test it was initialised with.
  const named = n.type === 'identifier' ? singleInitializer(n, fn) : undefined;
  if (named) return conditionOf(named, fn);
  // An element (`if (m_meshes[m].valid)`) only when the path facts follow it.
  if ((symOf(n) !== undefined || (symOf(n, true) !== undefined && symIn(n) !== undefined)) && n.type !== 'parenthesized_expression') {
    const f = leaf(n, fn);
    const ls = symIn(n);
    return f && { op: '!=', left: f, right: { value: 0, text: '0', range: rangeOf(n) }, ...(ls !== undefined ? { ls } : {}), truthy: true };
  }
  // `SUCCEEDED(hr)` of a heap-properties read: whether the resource has a heap the run saw (desc-reads.ts).
  const heapRead = heapReadResult(n, fn);
  if (heapRead) return { op: heapRead.failed ? '!=' : '==', left: heapRead.field, right: { value: 1, text: '1', range: rangeOf(n) } };
  switch (n.type) {
    // A constant tested for truth (`if (true || mirror)`, `if (0)`): the branch is decided on every path.
    case 'true': case 'false': case 'number_literal': {
      const f = leaf(n, fn);
      return f && f.value !== null ? { op: '!=', left: f, right: { value: 0, text: '0', range: rangeOf(n) }, truthy: true } : undefined;
    }
    case 'parenthesized_expression':
      return n.namedChildCount === 1 ? conditionOf(n.namedChild(0), fn) : undefined;
    case 'unary_expression': {
      if (n.childForFieldName('operator')?.type !== '!') return undefined;
      const arg = conditionOf(n.childForFieldName('argument'), fn);
      return arg && { op: '!', args: [arg] };
    }
    case 'binary_expression': {
      const op = n.childForFieldName('operator')?.type;
      const l = n.childForFieldName('left');
      const r = n.childForFieldName('right');
      if (!l || !r) return undefined;
      if (op === '&&' || op === '||') {
        // A side that cannot be decided (a call) still lets the other side's facts hold: `if (x && Ready())`.
        const a = conditionOf(l, fn) ?? { op: 'opaque' };
        const b = conditionOf(r, fn) ?? { op: 'opaque' };
        return a.op === 'opaque' && b.op === 'opaque' ? undefined : { op, args: [a, b], text: n.text.replace(/\s+/g, '') };
      }
      // `if (flags & Flag::Download)`, `!!(flags & kMapped)`: a bit test for truth, `(flags & mask) != 0`.
      if (op === '&') {
        const f = leaf(n, fn);
        // The mask may be an enumerator of a header (`flags & EBufFlag::Readback`): a multi-file run gives its value.
        if (!f || (!f.masked && f.value === null)) for (const side of [l, r]) if (evalField(side, fn.file, fn).value === null) noteUnfolded(side, fn);
        // The same bit tested again agrees with this test (path-facts.ts bitViewSym).
        const bit = bitViewSym(n);
        const ls = bit !== undefined && tested?.has(bit) ? bit : undefined;
        const zero = { value: 0, text: '0', range: rangeOf(n) };
        if (f && (f.masked || f.value !== null)) return { op: '!=', left: f, right: zero, truthy: true, ...(ls !== undefined ? { ls } : {}) };
        return ls !== undefined ? { op: '!=', left: { value: null, text: n.text, range: rangeOf(n) }, right: zero, ls, truthy: true } : undefined;
      }
      if (!op || !COMPARISONS.has(op)) return undefined;
      // `(flags & kUav) != 0`, `(flags & kUav) == 0`: the bit test, or its negation.
      if ((op === '==' || op === '!=') && /^0[uUlL]*$/.test(r.text.trim()) && bitViewSym(l) !== undefined) {
        const bit = conditionOf(unparen(l), fn);
        if (bit) return op === '!=' ? bit : { op: '!', args: [bit] };
      }
      const a = leaf(l, fn);
      // `j == levels - 1`: an offset of other names is read on the right of a followed value only (its last-value test).
      const b = leaf(r, fn, (op === '==' || op === '!=') && symIn(l) !== undefined);
      if (!a || !b) return undefined;
      // A side whose writes cannot be seen (its address is taken) tells nothing lasting about the other.
      const hidden = (x: SyntaxNode) => {
        const sym = symOf(x);
        return sym !== undefined && !tested?.has(sym) && !CONSTANT_NAME.test(sym);
      };
      const ls = symIn(l);
      const rs = symIn(r);
      // Only a comparison the path facts follow, or a helper's parameter against it, can use another file's value.
      if (ls !== undefined || rs !== undefined || a.param !== undefined || b.param !== undefined) {
        if (a.value === null) noteUnfolded(l, fn);
        if (b.value === null) noteUnfolded(r, fn);
      }
      if (hidden(l) || hidden(r)) return { op: op as '==', left: a, right: b };
      return { op: op as '==', left: a, right: b, ...(ls !== undefined ? { ls } : {}), ...(rs !== undefined ? { rs } : {}) };
    }
    default: return undefined;
  }
}

/**
 * The comparison a local `bool` was initialised with, when the function never writes the local again and the
 * comparison names only parameters and constants (so it means at the test what it meant at the declaration).
 */
function singleInitializer(id: SyntaxNode, fn: FnCtx): SyntaxNode | undefined {
  const type = fn.types.get(id.text);
  if (!type || !/^(?:const\s+)?(?:bool|BOOL)$/.test(type.trim())) return undefined;
  let body: SyntaxNode | null = id.parent;
  while (body && body.type !== 'function_definition') body = body.parent;
  const init = body ? onceInitialised(body).get(id.text) : undefined;
  if (!init || (init.type !== 'binary_expression' && init.type !== 'parenthesized_expression')) return undefined;
  if (init.descendantsOfType('call_expression').length > 0) return undefined;
  const names = init.descendantsOfType('identifier').map((x) => x.text);
  return names.every((x) => fn.params.includes(x) || CONSTANT_NAME.test(x)) ? init : undefined;
}

// NOTE: a function's tests of its locals are read one by one: its declarations and writes are gathered once per body.
const initialisedOnce = new WeakMap<SyntaxNode, ReadonlyMap<string, SyntaxNode>>();

/** A function's names declared with an initializer and never written again, to that initializer. */
function onceInitialised(body: SyntaxNode): ReadonlyMap<string, SyntaxNode> {
  let out = initialisedOnce.get(body);
  if (out) return out;
  const writes = new Map<string, number>();
  const inits = new Map<string, SyntaxNode>();
  const write = (name: string | undefined) => { if (name !== undefined) writes.set(name, (writes.get(name) ?? 0) + 1); };
  for (const d of body.descendantsOfType('init_declarator')) {
    const name = d.childForFieldName('declarator')?.text;
    const value = d.childForFieldName('value');
    write(name);
    if (name !== undefined && value) inits.set(name, value);
  }
  for (const a of body.descendantsOfType(['assignment_expression', 'update_expression'])) {
    write(a.childForFieldName(a.type === 'assignment_expression' ? 'left' : 'argument')?.text);
  }
  out = new Map([...inits].filter(([name]) => writes.get(name) === 1));
  initialisedOnce.set(body, out);
  return out;
}

/**
 * A name compared in a condition (or a switch's case label) that the file cannot fold and does not declare
 * (`copy_type == kCopyTypeRead`, `case Mode::Blur:` with the enum in a header): a multi-file run gives it the value
 * another file's enumerator has, and the enum's count of enumerators (cli/cross-file.ts, exhaustive-switch.ts).
 */
export function noteUnfolded(node: SyntaxNode, fn: FnCtx): void {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
  const id = n.type === 'qualified_identifier' ? n.childForFieldName('name') : n;
  const name = id?.type === 'identifier' ? id.text : undefined;
  const unfolded = name === undefined ? undefined : noteUnfoldedName(name, fn);
  if (!unfolded) return;
  // `flags & EBufFlag::Readback` with the enum in a header: its scoped spelling, and every enumerator of that enum
  // (`EBufFlag::*`): a caller's argument `EBufFlag::CPUAccess` folds by its scoped spelling when two enums of the
  // run share the bare name (cli/cross-file.ts).
  const parts = n.type === 'qualified_identifier' ? n.text.replace(/\s+/g, '').split('::') : [];
  if (parts.length >= 2 && parts.every((p) => /^\w+$/.test(p))) {
    // Two statements: `add` of the recording view returns the plain set (constant-fold.ts noteUnfoldedName).
    unfolded.add(parts.slice(-2).join('::'));
    unfolded.add(`${parts[parts.length - 2]}::*`);
  }
}

/**
 * A name declared as a pointer to a D3D12 resource or command list (`ID3D12Resource* resource`,
 * `ID3D12GraphicsCommandList* cl`, `ComPtr<ID3D12Resource>`): when it is null, a helper records nothing on it.
 */
function isObjectPointer(n: SyntaxNode, fn: FnCtx): boolean {
  const t = n.type === 'identifier' ? fn.types.get(n.text) : undefined;
  return t !== undefined && /\b(?:ID3D12Resource|ID3D12GraphicsCommandList|ID3D12CommandList)\d*\s*\*|\bComPtr\s*<\s*ID3D12(?:Resource|GraphicsCommandList)\d*\s*>/.test(t) && !/\*\s*\*|\[/.test(t);
}

/**
 * `ctx.cl` / `ctx->list`: a member of a parameter that the function records commands on (`ctx.cl->ResourceBarrier(…)`
 * in its body): the parameter's index. Its null test guards the helper like a list parameter's does (isObjectPointer):
 * when it is null the helper records nothing on it.
 */
function listMemberOf(n: SyntaxNode, fn: FnCtx): number | undefined {
  if (n.type !== 'field_expression') return undefined;
  const base = n.childForFieldName('argument');
  const param = base?.type === 'identifier' ? fn.params.indexOf(base.text) : -1;
  if (param < 0 || n.childForFieldName('field')?.type !== 'field_identifier') return undefined;
  let body: SyntaxNode | null = n.parent;
  while (body && body.type !== 'function_definition') body = body.parent;
  const text = n.text.replace(/\s+/g, '');
  const name = escapeRegExp(text).replace(/->/g, '\\s*->\\s*').replace(/\\\./g, '\\s*\\.\\s*');
  const records = new RegExp(`(?<![\\w.>])${name}\\s*->\\s*(?:${RECORDING_METHODS})\\s*\\(`);
  return body && records.test(body.text) ? param : undefined;
}

const RECORDING_METHODS = ['ResourceBarrier', 'Barrier', ...Object.keys(COMMANDS)].join('|');

/** A comparison operand without side effects, as a Field (a constant, a parameter, or unknown). */
function unparen(node: SyntaxNode): SyntaxNode {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
  return n;
}

function leaf(node: SyntaxNode, fn: FnCtx, offsetOk = false): Field | undefined {
  let n = node;
  while (n.type === 'parenthesized_expression' && n.namedChildCount === 1) n = n.namedChild(0)!;
  const size = sizeCall(n);
  if (size) {
    // The size (of `v.empty()` too: the caller compares it with 0), when the container's length is known here.
    const v = size.empty ? undefined : evalValue(n, 'num', fn);
    return v?.t === 'num' && v.f.param === undefined ? v.f : { value: null, text: n.text, range: rangeOf(n) };
  }
  // `(state & D3D12_RESOURCE_STATE_COPY_DEST) == 0` of a parameter `state`: decided with the caller's argument.
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.type === '&') {
    const f = evalField(n, fn.file, fn);
    if (f.masked || f.value !== null) return f;
  }
  const arithmetic = offsetOk && offsetOperand(n);
  if ((!LEAVES.has(n.type) && !arithmetic) || n.descendantsOfType('call_expression').length > 0) return undefined;
  const prop = arithmetic ? undefined : resourceProperty(n, fn);
  if (prop) return prop;
  const v = evalValue(n, 'num', fn);
  const owner = arithmetic ? undefined : listMemberOf(n, fn);
  if (owner !== undefined) return { value: null, text: n.text, range: rangeOf(n), pointer: true, memberOf: owner };
  if (v.t === 'num') return v.f.param !== undefined && !arithmetic && isObjectPointer(n, fn) ? { ...v.f, pointer: true } : v.f;
  if (v.t === 'res' && !arithmetic) {
    return { value: v.ref.key === null ? 0 : null, text: n.text, range: rangeOf(n), param: v.ref.param, ...(v.ref.param !== undefined ? { pointer: true as const } : {}) };
  }
  // `levels - 1`, `desc.MipLevels - 1` that do not fold: known by their text (a loop's last-iteration test).
  return arithmetic ? { value: null, text: n.text, range: rangeOf(n) } : undefined;
}

/**
 * `x - 1`, `a.b + 2`, `m_mips[i] - 1`: a value plus or minus a number, of names, members and elements indexed by a
 * name or a number (no calls or assignment).
 */
function offsetOperand(n: SyntaxNode): boolean {
  if (n.type !== 'binary_expression') return false;
  const op = n.childForFieldName('operator')?.type;
  const l = n.childForFieldName('left');
  const r = n.childForFieldName('right');
  return (op === '+' || op === '-') && r?.type === 'number_literal' && !!l && plainOperand(l);
}

function plainOperand(n: SyntaxNode): boolean {
  if (n.type === 'identifier' || n.type === 'field_expression') return true;
  if (n.type !== 'subscript_expression') return false;
  const base = n.childForFieldName('argument');
  const index = n.childForFieldName('indices')?.namedChildren ?? [n.childForFieldName('index')].filter((c): c is SyntaxNode => !!c);
  return !!base && (base.type === 'identifier' || base.type === 'field_expression') && index.length === 1
    && (index[0].type === 'identifier' || index[0].type === 'number_literal');
}

/** `v.size()` / `v.empty()` of a container named by a path symbol: the symbol of its size (`v.size`), and which. */
function sizeCall(n: SyntaxNode): { sym: string; empty: boolean } | undefined {
  const q = sizeQuery(n);
  const base = q ? symOf(q.container) : undefined;
  return base === undefined ? undefined : { sym: `${base}.size`, empty: q!.empty };
}
