// Resource factories: `ComPtr<ID3D12Resource> CreateRenderTexture(…) { ComPtr<ID3D12Resource> r; device->
// CreateCommittedResource(…, IID_PPV_ARGS(&r)); return r; }` — the course engines' `CreateBufferResource`, an RHI's
// `MakeTexture`. The object a function's every `return` hands back is one of its own locals (FunctionFacts.returnsLocal),
// and a call whose result is stored in a resource pointer (`m_tex = Create…(…)`, `auto t = Create…(…)`) names that
// target on its event (UserCallEvent.resultTo): the tracker gives the target what the callee's local was left in at its
// exit — its creation state included — instead of forgetting it with the callee's other locals (track/interpreter.ts).
import type { ResourceRef, UserCallEvent } from './facts';
import type { FnCtx } from './context';
import type { SyntaxNode } from './node';
import { POINTER_ACCESSORS, resourceRef } from './resources';
import { argumentNodes, calleeName, rangeOf, unwrapValue } from './syntax';

/** Calls that hand back the object they are given: `std::move(r)`, `r.Detach()`, `r.Get()`. */
const HANDS_BACK: ReadonlySet<string> = new Set(['move', 'Detach', 'detach', ...POINTER_ACCESSORS]);

/** Returned values that are no object. */
const NO_OBJECT: ReadonlySet<string> = new Set(['nullptr', 'NULL', '0', '{}']);

/** The local a returned expression names (`r`, `r.Get()`, `std::move(r)`, `r.Detach()`), or undefined. */
function returnedName(value: SyntaxNode): string | undefined {
  const v = unwrapValue(value);
  if (v.type === 'identifier') return v.text;
  if (v.type !== 'call_expression') return undefined;
  const f = v.childForFieldName('function');
  const name = f ? calleeName(f) : undefined;
  if (!f || !name || !HANDS_BACK.has(name)) return undefined;
  const args = argumentNodes(v);
  if (name === 'move') return args.length === 1 && f.type !== 'field_expression' ? returnedName(args[0]) : undefined;
  const object = f.type === 'field_expression' ? f.childForFieldName('argument') : null;
  return object && args.length === 0 && f.child(1)?.type === '.' ? returnedName(object) : undefined;
}

/**
 * The local a forwarding factory's result is held in: `return create_buffer_(line, device, DEFAULT, size, …);`
 * (vkd3d-proton's create_default_buffer_) hands back what the other factory returns, as if it were stored in a local
 * and returned. The name is reserved to the implementation in C and C++ (two leading underscores), so it is no name
 * of the program; it must still read as one name (track/key-names.ts rootNames), or the helper frame never hides,
 * forgets or restores it and one forwarding chain's result leaks into the next (vkd3d-proton: a readback buffer
 * took a test texture's creation state when its own factory call was beyond the call-depth limit).
 */
export const FORWARDED = '__barrierlint_returned';

/** The call every `return` of `body` hands back, when the body has exactly one (a failure exit's `return NULL;` aside). */
export function forwardedCall(body: SyntaxNode): SyntaxNode | undefined {
  const values = ownReturns(body).map((r) => r.namedChild(0)).filter((v) => !v || !NO_OBJECT.has(unwrapValue(v).text));
  if (values.length !== 1 || !values[0]) return undefined;
  const call = unwrapValue(values[0]);
  const callee = call.type === 'call_expression' ? call.childForFieldName('function') : null;
  return callee?.type === 'identifier' ? call : undefined;
}

/** The return statements of `body` that belong to it (not to a lambda inside it). */
function ownReturns(body: SyntaxNode): SyntaxNode[] {
  return body.descendantsOfType('return_statement').filter((r) => {
    for (let p = r.parent; p && p !== body; p = p.parent) if (p.type === 'lambda_expression') return false;
    return true;
  });
}

/**
 * The local every `return` of the function hands back (`return resource;`; a failure exit's `return nullptr;` aside),
 * as the reference its object is tracked under, or undefined: no return, a return of something else (a member, a parameter, a call, another local) — then the
 * result is not one object the body made.
 */
export function returnedLocal(body: SyntaxNode, locals: readonly string[], fn: FnCtx): ResourceRef | undefined {
  const returns = ownReturns(body);
  if (returns.length === 0) return undefined;
  const forwarded = forwardedCall(body);
  if (forwarded) return { key: FORWARDED, text: FORWARDED, range: rangeOf(forwarded) };
  let name: string | undefined;
  let at: SyntaxNode | undefined;
  for (const r of returns) {
    const value = r.namedChild(0);
    // `if (FAILED(hr)) return nullptr;`: a failure exit hands back no object.
    if (value && NO_OBJECT.has(unwrapValue(value).text)) continue;
    const n = value ? returnedName(value) : undefined;
    if (!n || (name !== undefined && n !== name)) return undefined;
    name = n;
    at ??= [value!, ...value!.descendantsOfType('identifier')].find((i) => i.type === 'identifier' && i.text === n);
  }
  if (name === undefined || !at || !locals.includes(name)) return undefined;
  // The key the local's object is tracked under: its name, or what it aliases (`T* b = CreateBuffer(…)` names the
  // call's result: declared-values.ts).
  const ref = resourceRef(at, fn.file, fn);
  return ref.key && !ref.unknown && ref.param === undefined && !ref.base ? { key: ref.key, text: name, range: ref.range } : undefined;
}

/**
 * `target = Make(…)` / `T target = Make(…)`: the call's event (the last user call of the statement at the call's
 * place) names `target` as where its result goes. Returns that event's index in the statement's events, or -1 (no
 * such event: an API call, a getter, a call the extraction reads itself).
 */
export function markResult(value: SyntaxNode, target: ResourceRef, fn: FnCtx): number {
  const call = unwrapValue(value);
  if (call.type !== 'call_expression' || !target.key || target.unknown) return -1;
  const at = rangeOf(call);
  for (let i = fn.events.length - 1; i >= 0; i--) {
    const e = fn.events[i];
    if (e.kind !== 'user-call' || e.range.startLine !== at.startLine || e.range.startColumn !== at.startColumn) continue;
    (e as UserCallEvent).resultTo = target;
    return i;
  }
  return -1;
}
