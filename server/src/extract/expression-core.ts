// The recursive core of the extractor: expression → abstract value, directed by what the context expects (a number,
// a resource, a struct kind). It handles names, pointers, members and elements itself and hands the constructs it
// recognises to their modules: brace initializers, d3dx12 helpers and desc factories, the file's helper templates,
// size queries and the D3D12 API calls (api-calls.ts, so their events are recorded in evaluation order). Those
// modules evaluate their own sub-expressions through the Evaluator interface (context.ts), never by importing this.
import { forcedBranch } from './ternary-branches';
import type { SyntaxNode } from './node';
import { recordConstructorCall, tryApiCall } from './api-calls';
import { containerCall } from './container-calls';
import { handleAssignment } from './assignments';
import type { Evaluator, FnCtx, ReturnTemplate } from './context';
import { evalField, fold, toNumber } from './constant-fold';
import { constructHelper, descFactoryCall, helperNameOf } from './d3dx12-helpers';
import { arrayElement, deref, elementSlot, indexValue } from './elements';
import { type Expect, isStructKind, memberExpect, structKindOfType } from './expect';
import { STRUCT_LAYOUTS, type StructKind } from '../model/structs';
import { aggregateInit } from './brace-initializers';
import { memberBarrier } from './member-barriers';
import { batchContainer } from './batches';
import { instantiateOnReceiver, instantiateTemplate } from './helper-templates';
import { forgetCapturedWrites } from './lambdas';
import { fillCount } from './fill-counts';
import { inlinedAtCalls } from './inline-lambdas';
import { resourceRef } from './resources';
import { sizeCall } from './size-calls';
import { DATA_METHODS } from './container-sizes';
import { recordMember } from './records';
import { conversionTable, convertedValue, mayConvert, pureConversion } from './conversion-calls';
import { argumentNodes, calleeName, isCppCast, rangeOf, unwrapValue } from './syntax';
import type { AVal } from './values';
import { getMember, makeStruct, numVal } from './values';
import { conditionOf } from './conditions';
import { addressedArgument } from './address-helpers';
import type { Field, ResourceRef } from './facts';

/** `c ? a : b` naming a resource on each side: a reference that is `a` where `c` holds and `b` where it does not. */
function choiceOfResources(n: SyntaxNode, c: SyntaxNode, fn: FnCtx): AVal | undefined {
  const side = (name: string): ResourceRef | null => {
    const x = n.childForFieldName(name);
    const v = x ? evalValue(x, 'res', fn) : null;
    return v?.t === 'res' && v.ref.key !== null && !v.ref.unknown && !v.ref.choice ? v.ref : null;
  };
  const cond = conditionOf(c, fn);
  const then = side('consequence');
  const otherwise = side('alternative');
  if (!cond || (!then && !otherwise)) return undefined;
  return { t: 'res', ref: { key: null, text: n.text, range: rangeOf(n), unknown: true, choice: { cond, then, else: otherwise } } };
}

function evalValue(node: SyntaxNode, expect: Expect, fn: FnCtx): AVal {
  const n = unwrapValue(node);
  const range = rangeOf(n);
  switch (n.type) {
    case 'call_expression': return evalCall(n, expect, fn);
    case 'compound_literal_expression': {
      const kind = structKindOfType(n.childForFieldName('type')?.text ?? '');
      const value = n.childForFieldName('value');
      if (kind && value) return aggregateInit(value, kind, fn, helperNameOf(n.childForFieldName('type')!.text));
      break;
    }
    case 'initializer_list':
      if (isStructKind(expect)) return aggregateInit(n, expect, fn);
      break;
    case 'parameter_declaration': {
      // Most vexing parse: `Name(x, ...)` read as a parameter with an abstract function declarator.
      const callee = n.childForFieldName('type');
      const params = n.childForFieldName('declarator')?.childForFieldName('parameters');
      const helper = callee && helperNameOf(callee.text);
      if (helper && params) return constructHelper(n, helper, params.namedChildren.filter((c) => c.type !== 'comment'), fn);
      break;
    }
    case 'identifier': case 'type_identifier': {
      const bound = fn.env.get(n.text) ?? constantTable(n.text, fn);
      // A resource pointer declared without a known value is named by its identifier.
      if (bound && !(bound.t === 'unknown' && expect === 'res')) return bound;
      if (!bound && isStructKind(expect)) return structOfParam(n, expect, fn) ?? { t: 'unknown', text: n.text, range };
      break;
    }
    case 'qualified_identifier': {
      const table = fn.file.constants.get(n.text.replace(/^::/, '').replace(/\s+/g, ''));
      if (table?.t === 'array') return table;
      break;
    }
    case 'pointer_expression': {
      const arg = n.childForFieldName('argument');
      if (!arg) break;
      if (n.child(0)?.type === '&') {
        // `&arr[k]`: a pointer into the array, so `ResourceBarrier(2, &arr[0])` sees both elements.
        // NOTE: the index is evaluated once (`&barriers[count++]` increments count once).
        const slot = unwrapValue(arg).type === 'subscript_expression' ? elementSlot(unwrapValue(arg), fn) : undefined;
        if (slot) {
          // `&arr[start]` with a start we cannot fold and no element written in a loop: which elements it points at
          // is unknown (a fresh zero element would read as a null, matching-states barrier).
          if (slot.index === null && !slot.arr.loopElem) return { t: 'unknown', text: n.text, range: rangeOf(n) };
          const el = arrayElement(slot.arr, slot.index, rangeOf(arg), fn);
          return slot.index !== null ? { t: 'ptr', target: slot.arr, index: slot.index } : { t: 'ptr', target: el, index: null };
        }
        // `ResourceBarrier(1, &barrier_)` of a barrier struct a class member holds (member-barriers.ts).
        if (arg.type === 'identifier') memberBarrier(arg, fn, false);
        const target = evalValue(arg, isStructKind(expect) ? expect : 'any', fn);
        if (target.t === 'struct' || target.t === 'array') return { t: 'ptr', target, index: target.t === 'array' ? 0 : null };
        if (expect === 'res' || target.t === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
        return target;
      }
      const target = evalValue(arg, 'any', fn);
      if (target.t === 'ptr') return deref(target);
      break;
    }
    case 'conditional_expression': {
      // `i ? c : b` with `i` known (an iteration of an unrolled loop, a constant): the branch taken.
      const forced = forcedBranch(n, fn);
      if (forced) return evalValue(forced, expect, fn);
      const c = n.childForFieldName('condition');
      const folded = c && c.descendantsOfType(['call_expression', 'assignment_expression', 'update_expression']).length === 0 ? fold(c, fn.file, fn) : null;
      const taken = folded ? n.childForFieldName(toNumber(folded) !== 0 ? 'consequence' : 'alternative') : null;
      if (taken) return evalValue(taken, expect, fn);
      // `cull ? processed : commands` as a barrier's resource: each branch's resource, taken per path where the
      // tracker decides the condition (ResourceRef.choice); a resource of its own name on no path.
      if (expect === 'res' && c) return choiceOfResources(n, c, fn) ?? { t: 'res', ref: { key: null, text: n.text, range: rangeOf(n), unknown: true } };
      break;
    }
    case 'subscript_expression': {
      const el = elementOf(n, fn);
      // An element of an array of resource pointers that holds nothing the function knows (`ID3D12Resource *rt[6];`
      // filled by `Create…(…, (void **)&rt[0])`) is the resource stored there: named by the element.
      if (el && !(expect === 'res' && el.t === 'unknown')) return el;
      break;
    }
    case 'field_expression': {
      const obj = n.childForFieldName('argument');
      const field = n.childForFieldName('field')?.text;
      if (obj && field) {
        const base = evalValue(obj, 'any', fn);
        const s = base.t === 'ptr' ? deref(base) : base;
        if (s.t === 'struct') return getMember(s, field);
        const member = recordMember(s, field);
        // A resource member of a record nothing has filled (`RenderContext ctx;` then `Setup(&ctx)`) is the resource
        // stored there, named by the member as for an object the function does not know (`ctx.target`).
        if (member && !(member.t === 'unknown' && expect === 'res')) return member;
      }
      if (expect !== 'res' && !isStructKind(expect)) {
        const f = evalField(n, fn.file, fn);
        const pm = f.value === null && f.param === undefined && !f.oneOf ? paramMemberOf(n, fn) : undefined;
        return numVal(pm ? { ...f, paramMember: pm } : f);
      }
      break;
    }
    default:
      visitCalls(n, fn);
  }
  if (expect === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  if (isStructKind(expect)) return { t: 'unknown', text: n.text, range };
  return numVal(evalField(n, fn.file, fn));
}

/** A namespace-scope table of values (constant-tables.ts), unless a parameter or local hides its name. */
function constantTable(name: string, fn: FnCtx): AVal | undefined {
  const c = fn.file.constants.get(name);
  return c?.t === 'array' && !fn.params.includes(name) && !fn.types.has(name) ? c : undefined;
}

function elementOf(n: SyntaxNode, fn: FnCtx): AVal | undefined {
  const slot = elementSlot(n, fn);
  if (!slot) return undefined;
  const el = arrayElement(slot.arr, slot.index, rangeOf(n), fn);
  // `textures[i - 1]` of an array filled in a loop: "some element", and `textures[32 + i]` is another one. Each
  // index expression names its own resource rather than all sharing the loop's representative.
  if (slot.index === null && el.t === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  return el;
}

/** A call as the call recognisers see it: the callee, its simple name and its arguments, read once. */
export interface CallSite {
  node: SyntaxNode;
  callee: SyntaxNode;
  name: string | undefined;
  args: SyntaxNode[];
}

/** A construct recognised in a call: its value, or undefined when the call is not that construct. */
type CallRecognizer = (call: CallSite, fn: FnCtx) => AVal | undefined;

/**
 * `v.data()` (or `list.begin()`) of an array or container the function built: a pointer to its first element. Of a container the function
 * does not hold (a batch class's member): unknown, naming the batch (a group pointing at it submits what was added).
 */
function containerData(call: CallSite, fn: FnCtx): AVal | undefined {
  const data = DATA_METHODS.has(call.name ?? '');
  if (call.callee.type !== 'field_expression' || (!data && call.name !== 'begin') || call.args.length !== 0) return undefined;
  const objNode = call.callee.childForFieldName('argument')!;
  const obj = evalValue(objNode, 'any', fn);
  // `batch.begin()` of a std::initializer_list the function holds is a pointer to its first element too.
  if (obj.t === 'array') return { t: 'ptr', target: obj, index: 0 };
  if (call.name !== 'data') return undefined;
  const batch = batchContainer(objNode, fn);
  return batch ? { t: 'unknown', text: call.node.text, range: rangeOf(call.node), batch } : undefined;
}

/** Arguments read twice without a difference: no call (but a cast), assignment or increment in them. */
function pureArgument(a: SyntaxNode): boolean {
  return a.descendantsOfType(['assignment_expression', 'update_expression', 'call_expression', 'lambda_expression'])
    .every((d) => d.type === 'call_expression' && isCppCast(d));
}

/** `ToD3D12State(Usage::Sampled)`: a conversion function of the file called with known numbers (conversion-calls.ts). */
function conversionCall(call: CallSite, fn: FnCtx): AVal | undefined {
  if (call.args.length === 0 || !mayConvert(call.node)) return undefined;
  // A conversion that only computes (conversion-calls.ts pureConversion) changes nothing: with an argument it cannot
  // fold, its value is unknown — not a call that may have changed what its arguments reach.
  const unknown = (): AVal | undefined => pureConversion(call.node) ? numVal({ value: null, text: call.node.text, range: rangeOf(call.node) }) : undefined;
  if (!call.args.every(pureArgument)) return undefined;
  const args: bigint[] = [];
  for (const a of call.args) {
    const v = evalValue(a, 'any', fn);
    if (v.t === 'num' && v.f.value === null && call.args.length === 1) return fromCaller(call, v.f, fn) ?? unknown();
    if (v.t !== 'num' || v.f.value === null) return unknown();
    args.push(BigInt(v.f.value));
  }
  const value = convertedValue(call.node, args, fn.file);
  return value === undefined ? unknown() : numVal({ value: Number(value), text: call.node.text, range: rangeOf(call.node) });
}

/**
 * `util_to_dx12_resource_state(pTrans->mNewState)` / `ToD3D12(state)`: a conversion of the file applied to what the
 * caller hands (a parameter, or a record member read through one): the conversion's table over its enum's
 * enumerators (conversion-calls.ts conversionTable), for the call to pick from.
 */
function fromCaller(call: CallSite, arg: Field, fn: FnCtx): AVal | undefined {
  const source = arg.paramMember ? arg.paramMember.param : arg.param;
  if (source === undefined || (arg.param !== undefined && arg.paramMember)) return undefined;
  const table = conversionTable(call.node, fn.file);
  if (!table) return undefined;
  return numVal({
    value: null, text: call.node.text, range: rangeOf(call.node), byParamCases: { ...table, param: source },
    ...(arg.paramMember ? { paramMember: arg.paramMember } : {}),
  });
}

/** Barrier parts a helper takes whole from its caller (`const D3D12_RESOURCE_TRANSITION_BARRIER& t`): no nested structs. */
const PARAM_STRUCTS: ReadonlySet<StructKind> = new Set<StructKind>(['legacy-transition', 'legacy-aliasing', 'legacy-uav', 'global', 'buffer']);

/**
 * `barrierDesc.Transition = transitionBarrier;` of a parameter the body has not written: a struct whose members are
 * the caller's (a resource through the parameter's member path, a number as `Field.paramMember`), so a call handing
 * a local struct whose members it knows gets them (track/env.ts).
 */
function structOfParam(n: SyntaxNode, kind: StructKind, fn: FnCtx): AVal | undefined {
  const param = fn.params.indexOf(n.text);
  if (param < 0 || fn.env.has(n.text) || !PARAM_STRUCTS.has(kind)) return undefined;
  const range = rangeOf(n);
  const s = makeStruct(kind, range, -1, false);
  for (const m of STRUCT_LAYOUTS[kind].members) {
    const text = `${n.text}.${m}`;
    const path = `.${m}`;
    s.members.set(m, memberExpect(kind, m) === 'res'
      ? { t: 'res', ref: { key: text, text, range, base: { param, path } } }
      : numVal({ value: null, text, range, paramMember: { param, path } }));
  }
  return s;
}

const MEMBER_PATH = /^(?:\[[^[\]]*\])?(?:(?:\.|->)\w+)+$/;

/**
 * `pTrans->mNewState`, `barrier.state` read through a parameter (directly, or through a pointer local bound to an
 * element of one: `TextureBarrier* pTrans = &pBarriers[i];`): the parameter and the member path, as the object's
 * name resolves (resources.ts); undefined for anything else.
 */
function paramMemberOf(n: SyntaxNode, fn: FnCtx): Field['paramMember'] {
  const ref = resourceRef(n, fn.file, fn);
  const base = ref.unknown || ref.choice ? undefined : ref.base;
  return base && MEMBER_PATH.test(base.path) ? { param: base.param, path: base.path } : undefined;
}

/**
 * The chain of call recognisers, first match wins: d3dx12 helper constructors, CD3DX12_RESOURCE_DESC factories,
 * the file's own barrier-returning helpers, `.data()`, size queries, then the D3D12 API calls (which record events).
 */
const CALL_RECOGNIZERS: readonly CallRecognizer[] = [
  addressOfArgument,
  (c, fn) => { const helper = helperNameOf(c.callee.text); return helper ? constructHelper(c.node, helper, c.args, fn) : undefined; },
  (c, fn) => descFactoryCall(c.node, c.callee, fn),
  (c, fn) => {
    const t = c.name && namesTemplate(c.callee) ? fn.file.templates.get(c.name) : undefined;
    const inScope = !t?.within || (c.node.startIndex >= t.within.start && c.node.endIndex <= t.within.end);
    return t && inScope && qualifiedAsDefined(c.callee, t) ? instantiateTemplate(c.node, t, c.args, fn) : undefined;
  },
  (c, fn) => instantiateOnReceiver(c.node, c.callee, c.name, c.args, fn),
  containerData,
  (c, fn) => containerCall(c.node, fn),
  (c, fn) => sizeCall(c.node, fn),
  conversionCall,
  (c, fn) => tryApiCall(c.node, c.callee, c.name, c.args, fn),
];

/** `get_rvalue_ptr(CD3DX12_RESOURCE_BARRIER::Transition(…))`, `std::addressof(b)`: the address of the argument (address-helpers.ts). */
function addressOfArgument(call: CallSite, fn: FnCtx): AVal | undefined {
  const arg = addressedArgument(call.node, call.callee);
  if (!arg) return undefined;
  const target = evalValue(arg, 'any', fn);
  // Anything else is an unknown pointer (the argument is evaluated once: its calls' events are recorded here).
  return target.t === 'struct' || target.t === 'array' ? { t: 'ptr', target, index: target.t === 'array' ? 0 : null } : { t: 'unknown', text: call.node.text, range: rangeOf(call.node) };
}

/** A call naming a function directly: `Make(…)`, `gfx::Make(…)`, `Barrier::Make(…)` (not through an object). */
function namesTemplate(callee: SyntaxNode): boolean {
  return callee.type === 'identifier' || (callee.type === 'qualified_identifier' && callee.childForFieldName('name')?.type === 'identifier');
}

/** `gfx::Make(…)` / `Barrier::Make(…)`: the qualifier names the namespace or class the template was defined in. */
function qualifiedAsDefined(callee: SyntaxNode, t: ReturnTemplate): boolean {
  if (callee.type !== 'qualified_identifier') return true;
  const scope = callee.childForFieldName('scope')?.text.replace(/\s+/g, '').replace(/<.*>$/, '').split('::').pop();
  return !!scope && (scope === t.owner || scope === t.namespace);
}

function evalCall(n: SyntaxNode, expect: Expect, fn: FnCtx): AVal {
  const f = n.childForFieldName('function');
  if (!f) return { t: 'unknown', text: n.text, range: rangeOf(n) };
  const call: CallSite = { node: n, callee: f, name: calleeName(f), args: argumentNodes(n) };
  for (const recognize of CALL_RECOGNIZERS) {
    const v = recognize(call, fn);
    if (v) return v;
  }
  if (expect === 'res') return { t: 'res', ref: resourceRef(n, fn.file, fn) };
  // `n += AppendTransition(&b[n], …)`: the count a fill helper returns (it filled the element above).
  const count = fillCount(n, call.name, fn);
  if (count !== undefined) return numVal({ value: count, text: n.text, range: rangeOf(n) });
  const folded = fold(n, fn.file, fn);
  if (folded) return numVal({ value: toNumber(folded), text: n.text, range: rangeOf(n) });
  // `D3D12CalcSubresource(mip, slice, 0, mips, size)` of the helper's parameters: the index each call computes.
  if (call.name === 'D3D12CalcSubresource') {
    const f = evalField(n, fn.file, fn);
    if (f.calcSubresource) return numVal(f);
  }
  return { t: 'unknown', text: n.text, range: rangeOf(n) };
}

/**
 * Evaluate every call inside an expression we do not otherwise understand, so their events are recorded, and apply
 * the side effects on locals it makes (`n++`, `x = ...`).
 */
function visitCalls(n: SyntaxNode, fn: FnCtx): void {
  switch (n.type) {
    case 'lambda_expression': if (!inlinedAtCalls(n)) forgetCapturedWrites(n, fn); return;
    // A definition inside what is visited for its calls (a class body the parser could not close swallowed the
    // file's next definitions; a local class's methods) is analysed as a function of its own: its calls never run
    // here, in sequence with its neighbours'.
    case 'function_definition': return;
    case 'identifier': case 'number_literal': case 'string_literal': case 'field_identifier':
      return;
    case 'call_expression': evalCall(n, 'any', fn); return;
    case 'update_expression': indexValue(n, fn); return;
    case 'assignment_expression': handleAssignment(n, fn); return;
    default: for (const c of n.namedChildren) visitCalls(c, fn);
  }
}

/** The expression core, handed to every function context (extract.ts) and reached through context.ts. */
export const expressionCore: Evaluator = { value: evalValue, effects: visitCalls, construct: recordConstructorCall };
