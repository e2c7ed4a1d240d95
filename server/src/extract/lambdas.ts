// A lambda is analysed as a function of its own, but what it writes through a by-reference capture changes the
// enclosing function's locals: `std::for_each(..., [&](auto& r) { barrier.Transition.pResource = r; ... })` fills
// `barrier` on every call. Where the lambda appears, the enclosing function forgets the values of the locals the
// lambda assigns through references (it may run any number of times, now or later).
import type { FnCtx } from './context';
import type { SyntaxNode } from './node';
import { rangeOf, rootName } from './syntax';
import type { AVal, StructVal } from './values';
import { getMember, numVal } from './values';
import { STRUCT_LAYOUTS } from '../model/structs';

/** Names the lambda captures by reference; `all` for a `[&]` default (minus names captured by copy). */
function referenceCaptures(lambda: SyntaxNode): { all: boolean; names: Set<string>; copies: Set<string> } {
  // NOTE: the capture list is mirrored as text only (node.ts keeps lambda_capture_specifier opaque).
  const spec = lambda.childForFieldName('captures') ?? lambda.namedChildren.find((c) => c.type === 'lambda_capture_specifier');
  const out = { all: false, names: new Set<string>(), copies: new Set<string>() };
  for (const raw of spec?.text.replace(/^\[|\]$/g, '').split(',') ?? []) {
    const item = raw.trim();
    const m = /^(&)?\s*([A-Za-z_]\w*)\s*(?:=.*)?$/.exec(item);
    if (item === '&') out.all = true;
    else if (m && m[2] !== 'this') (m[1] ? out.names : out.copies).add(m[2]);
  }
  return out;
}

export function forgetCapturedWrites(lambda: SyntaxNode, fn: FnCtx): void {
  const caps = referenceCaptures(lambda);
  if (!caps.all && caps.names.size === 0) return;
  const body = lambda.childForFieldName('body');
  if (!body) return;
  const written = new Set<string>();
  const captured = (name: string | undefined): name is string =>
    !!name && (caps.names.has(name) || (caps.all && !caps.copies.has(name)));
  for (const u of body.descendantsOfType(['assignment_expression', 'update_expression', 'call_expression'])) {
    let target: SyntaxNode | null;
    if (u.type === 'update_expression') target = u.childForFieldName('argument');
    else if (u.type === 'assignment_expression') target = u.childForFieldName('left');
    else {
      // `list.push_back(b)`, `barriers.emplace_back(...)`: a method call may change a captured container.
      const f = u.childForFieldName('function');
      target = f?.type === 'field_expression' ? f.childForFieldName('argument') : null;
    }
    const name = rootName(target);
    if (captured(name)) written.add(name);
    // `synchronize(state, barriers)`, `Collect(&out)`: a container handed to a call by name, or anything by address,
    // may be filled by it (a callee taking it by reference).
    if (u.type === 'call_expression') for (const a of handedOver(u, fn)) if (captured(a)) written.add(a);
  }
  for (const name of written) {
    const v = fn.env.get(name);
    if (v) forgetValue(name, v, lambda, fn);
  }
}

/** The locals a call may write through its arguments: a container named whole, or any local whose address it takes. */
function handedOver(call: SyntaxNode, fn: FnCtx): string[] {
  const out: string[] = [];
  for (const a of call.childForFieldName('arguments')?.namedChildren ?? []) {
    const addressed = a.type === 'pointer_expression' && a.child(0)?.type === '&' ? a.childForFieldName('argument') : null;
    if (addressed?.type === 'identifier') out.push(addressed.text);
    else if (a.type === 'identifier') {
      const v = fn.env.get(a.text);
      if (v?.t === 'array' && v.container) out.push(a.text);
    }
  }
  return out;
}

function forgetValue(name: string, v: AVal, at: SyntaxNode, fn: FnCtx): void {
  const range = rangeOf(at);
  if (v.t === 'struct') forgetStruct(v, fn);
  else if (v.t === 'array') {
    for (const e of [...v.elems, ...(v.loopElem ? [v.loopElem] : [])]) if (e.t === 'struct') forgetStruct(e, fn);
    // Elements the lambda may add: the length is unknown from here on.
    if (v.container && !v.loopElem) v.loopElem = { t: 'unknown', text: `${name} (filled by a lambda)`, range };
  } else if (v.t === 'num') fn.bind(name, numVal({ value: null, text: `${name} (written by a lambda)`, range }));
  else if (v.t === 'res') fn.bind(name, { t: 'unknown', text: name, range });
}

export function forgetStruct(s: StructVal, fn: FnCtx): void {
  for (const member of STRUCT_LAYOUTS[s.kind].members) {
    const prior = getMember(s, member);
    if (prior.t === 'struct') forgetStruct(prior, fn);
    else fn.setMember(s, member, { t: 'unknown', text: `${member} (written elsewhere)`, range: s.range }, prior);
  }
}
