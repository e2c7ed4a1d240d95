// Fill functions of the file that write scalars through out-parameters: `ToD3D12(State::CopyDst, b.SyncBefore,
// b.AccessBefore)` with `void ToD3D12(State s, D3D12_BARRIER_SYNC& sync, D3D12_BARRIER_ACCESS& access)` (a switch or
// if/else chain over the engine state), or `Convert(s, &tb.SyncBefore, &tb.AccessBefore, &tb.LayoutBefore)` through
// pointers. When every value argument the run reads is a known number, the function is run (conversion-calls.ts) and
// each out-argument takes what it left there; otherwise the out-arguments stay unknown (api-calls.ts forgets them).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue } from './context';
import { calledFill, filledOutputs } from './conversion-calls';
import { deref } from './elements';
import { rangeOf, unwrapValue } from './syntax';
import type { AVal, StructVal } from './values';
import { getMember, numVal } from './values';

/**
 * After a call's out-arguments were forgotten: write what the fill function leaves into them. `evaluated`: the
 * arguments the caller already evaluated (their effects happened once); the others are leaves, read here.
 */
export function applyScalarFills(call: SyntaxNode, args: SyntaxNode[], evaluated: readonly (AVal | undefined)[], fn: FnCtx): void {
  const fill = calledFill(call);
  if (!fill) return;
  // The fill function's body is read from the syntax tree, which the file context does not record: reading the
  // file's text marks this function's extraction as not reusable (function-cache.ts), as an edit of the fill function
  // changes what it writes here.
  void fn.file.text;
  const values = args.map((a, i): bigint | undefined => {
    if (fill.passing[i] !== 'value') return undefined;
    const v = evaluated[i] ?? evalValue(a, 'any', fn);
    return v.t === 'num' && v.f.value !== null && v.f.param === undefined ? BigInt(v.f.value) : undefined;
  });
  const out = filledOutputs(call, values, fn.file);
  if (!out) return;
  for (const [i, value] of out) {
    const a = unwrapValue(args[i]);
    const target = fill.passing[i] === 'ptr' ? addressed(a) : a;
    if (target) writeScalar(target, numVal({ value: Number(value), text: `${args[i].text} (set by ${call.childForFieldName('function')?.text})`, range: rangeOf(call) }), fn);
  }
}

/** `&x` → x; anything else (a pointer variable: what it points at is not followed) → undefined. */
function addressed(n: SyntaxNode): SyntaxNode | undefined {
  const arg = n.type === 'pointer_expression' && n.child(0)?.type === '&' ? n.childForFieldName('argument') : null;
  return arg ? unwrapValue(arg) : undefined;
}

/** `b.SyncBefore`, `b.Transition.StateBefore`, `p->AccessAfter`, a scalar local: the value is written there. */
function writeScalar(target: SyntaxNode, value: AVal, fn: FnCtx): void {
  if (target.type === 'identifier') {
    const prior = fn.env.get(target.text);
    if (prior && prior.t !== 'num' && prior.t !== 'unknown') return;
    if (prior || fn.types.has(target.text)) fn.bind(target.text, value, true);
    return;
  }
  const path: string[] = [];
  let root: SyntaxNode = target;
  while (root.type === 'field_expression') {
    const field = root.childForFieldName('field')?.text;
    const arg = root.childForFieldName('argument');
    if (!field || !arg) return;
    path.unshift(field);
    root = unwrapValue(arg);
  }
  if (!path.length || (root.type !== 'identifier' && root.type !== 'subscript_expression')) return;
  const base = evalValue(root, 'any', fn);
  let s: AVal = base.t === 'ptr' ? deref(base) : base;
  for (const part of path.slice(0, -1)) s = s.t === 'struct' ? getMember(s, part) : s;
  if (s.t !== 'struct') return;
  const holder: StructVal = s;
  const member = path[path.length - 1];
  fn.setMember(holder, member, value, holder.members.get(member) ?? numVal({ value: null, text: member, range: holder.range }));
}
