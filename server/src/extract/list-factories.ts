// Functions of the file that create a command list of a fixed type and return it: `ComPtr<…> MakeComputeList(…)
// { …CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, …, IID_PPV_ARGS(&list)); return list; }`. A local
// initialised by a call of one (`auto cl = MakeComputeList(device, alloc);`) is a list of that type, as if created
// there (declarations.ts), so the list-type rules see it. The type may be the factory's parameter (read at each call),
// and the list a member of the returned local (`CommandList out = {}; …IID_PPV_ARGS(&out.list); return out;`): the
// caller's `cmd.list` is then the list (declarators.ts factoryList). Also a function that creates the list into its out-parameter
// (`bool CreateList(ID3D12Device* d, D3D12_COMMAND_LIST_TYPE type, …, ID3D12GraphicsCommandList** list)`): a call
// `CreateList(device, D3D12_COMMAND_LIST_TYPE_COPY, &alloc, &cl)` creates `cl`, of the type given or fixed inside.
import type { CommandListType } from '../types';
import { LIST_CREATION, LIST_TYPE_NAMES } from '../model/api';
import type { FileCtx, FnCtx, ListFactory, OutListFactory } from './context';
import { fold, toNumber } from './constant-fold';
import type { SyntaxNode } from './node';
import { argumentNodes, calleeName, definitionDeclarator, rangeOf, unwrapValue } from './syntax';
import { declaredName } from './types';

/** The list type an argument names (`D3D12_COMMAND_LIST_TYPE_COPY`, a constant of the file), else undefined. */
function listTypeOf(arg: SyntaxNode, file: FileCtx): CommandListType | undefined {
  const folded = fold(arg, file);
  return folded ? LIST_TYPE_NAMES[toNumber(folded)] : undefined;
}

/** The name `IID_PPV_ARGS(&list)`, `(void**)&list`, `&list` fills, and the member of it (`&out.list`). */
function filledName(arg: SyntaxNode): { name: string; member?: string } | undefined {
  const m = /&\s*([A-Za-z_]\w*)(?:\s*\.\s*([A-Za-z_]\w*))?\s*\)?\s*$/.exec(arg.text);
  return m ? { name: m[1], ...(m[2] ? { member: m[2] } : {}) } : undefined;
}

/** The list a function body creates and returns (its type or the parameter giving it), or undefined (no single such creation). */
function factoryType(body: SyntaxNode, file: FileCtx): ListFactory | undefined {
  const params = parameterNames(body);
  let found: { name: string; factory: ListFactory; call: SyntaxNode } | undefined;
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    const name = f ? calleeName(f) : undefined;
    const spec = name ? LIST_CREATION[name] : undefined;
    const args = argumentNodes(call);
    if (!spec || !spec.argc.includes(args.length)) continue;
    const typeArg = unwrapValue(args[spec.typeArg]);
    const type = listTypeOf(typeArg, file);
    const typeParam = !type && typeArg.type === 'identifier' ? params.indexOf(typeArg.text) : -1;
    const filled = filledName(args[args.length - 1]);
    if ((!type && typeParam < 0) || !filled) return undefined;
    if (found) {
      // A second creation into the same name under another value of a parameter (paramTypeCases).
      const cases = found.factory.byValue ?? startCases(found.call, found.factory.type, params, file);
      const more = cases && type && found.name === filled.name && found.factory.member === filled.member ? addCase(cases, call, type, params, file) : undefined;
      if (!more) return undefined;
      found = { ...found, factory: { params: params.length, byValue: more, ...(filled.member ? { member: filled.member } : {}) } };
      continue;
    }
    const factory: ListFactory = { params: params.length, ...(type ? { type } : { typeParam }), ...(filled.member ? { member: filled.member } : {}) };
    found = { name: filled.name, factory, call };
  }
  if (!found) return undefined;
  const returned = body.descendantsOfType('return_statement').map((r) => r.namedChild(0)).filter((v): v is SyntaxNode => !!v);
  // `if (FAILED(hr)) return nullptr;` beside `return list;`: a factory that gives nothing when the creation fails.
  const isList = (v: SyntaxNode) => /^([A-Za-z_]\w*)(?:\s*\.\s*(?:Get|Detach)\s*\(\s*\))?$/.exec(unwrapValue(v).text)?.[1] === found!.name;
  const isNull = (v: SyntaxNode) => /^(?:nullptr|NULL|0|\{\s*\})$/.test(unwrapValue(v).text);
  const returnsIt = returned.some(isList) && returned.every((v) => isList(v) || isNull(v));
  return returnsIt ? found.factory : undefined;
}

type ByValue = NonNullable<ListFactory['byValue']>;

/**
 * Which value of a parameter a creation runs for: inside `case V:` of a `switch (param)` (`default:`: the rest), or
 * the branch of `if (param == V)` (its else: the rest). Undefined elsewhere.
 */
function guardOf(call: SyntaxNode, params: readonly (string | null)[], file: FileCtx): { param: number; value: number | null } | undefined {
  for (let n: SyntaxNode | null = call.parent; n; n = n.parent) {
    if (n.type === 'case_statement') {
      const sw = n.parent?.parent;
      const c = sw?.type === 'switch_statement' ? sw.childForFieldName('condition') : null;
      const tested = c?.type === 'condition_clause' ? c.childForFieldName('value') : c;
      const subject = tested ? unwrapValue(tested) : undefined;
      const param = subject?.type === 'identifier' ? params.indexOf(subject.text) : -1;
      if (param < 0) return undefined;
      const label = n.childForFieldName('value');
      if (!label) return { param, value: null };
      const folded = fold(label, file);
      return folded ? { param, value: toNumber(folded) } : undefined;
    }
    if (n.type === 'if_statement') {
      const c = n.childForFieldName('condition');
      const v = c?.type === 'condition_clause' ? c.childForFieldName('value') : c;
      const test = v ? unwrapValue(v) : undefined;
      if (test?.type !== 'binary_expression' || test.childForFieldName('operator')?.type !== '==') return undefined;
      const [l, r] = [test.childForFieldName('left'), test.childForFieldName('right')];
      const param = l?.type === 'identifier' ? params.indexOf(l.text) : -1;
      const folded = r ? fold(r, file) : null;
      if (param < 0 || !folded) return undefined;
      const inThen = n.childForFieldName('consequence')!;
      const mine = call.startIndex >= inThen.startIndex && call.endIndex <= inThen.endIndex;
      return { param, value: mine ? toNumber(folded) : null };
    }
    if (n.type === 'function_definition' || n.type === 'compound_statement' && n.parent?.type === 'function_definition') return undefined;
  }
  return undefined;
}

function startCases(call: SyntaxNode, type: CommandListType | undefined, params: readonly (string | null)[], file: FileCtx): ByValue | undefined {
  const g = type ? guardOf(call, params, file) : undefined;
  if (!g || !type) return undefined;
  return g.value === null ? { param: g.param, cases: [], otherwise: type } : { param: g.param, cases: [{ value: g.value, type }] };
}

function addCase(cases: ByValue, call: SyntaxNode, type: CommandListType, params: readonly (string | null)[], file: FileCtx): ByValue | undefined {
  const g = guardOf(call, params, file);
  if (!g || g.param !== cases.param) return undefined;
  if (g.value === null) return cases.otherwise ? undefined : { ...cases, otherwise: type };
  if (cases.cases.some((c) => c.value === g.value)) return undefined;
  return { ...cases, cases: [...cases.cases, { value: g.value, type }] };
}

/** The file's list factories, by simple function name (a name defined twice is left out). */
export function collectListFactories(defs: readonly { name: string; body: SyntaxNode }[], file: FileCtx): Map<string, ListFactory> {
  return byUniqueName(defs, (body) => factoryType(body, file));
}

/** What `of` reads from each definition that creates a list, by simple function name (one defined twice: none). */
function byUniqueName<T>(defs: readonly { name: string; body: SyntaxNode }[], of: (body: SyntaxNode) => T | undefined): Map<string, T> {
  const out = new Map<string, T>();
  const seen = new Set<string>();
  for (const { name, body } of defs) {
    if (seen.has(name)) {
      out.delete(name);
      continue;
    }
    seen.add(name);
    const found = body.text.includes('CommandList') ? of(body) : undefined;
    if (found) out.set(name, found);
  }
  return out;
}

/** The names of a definition's parameters (null where one has none: `void`, `...`). */
function parameterNames(body: SyntaxNode): (string | null)[] {
  const list = body.parent ? definitionDeclarator(body.parent)?.childForFieldName('parameters') : undefined;
  return (list?.namedChildren ?? []).filter((p) => p.type === 'parameter_declaration' || p.type === 'optional_parameter_declaration')
    .map((p) => declaredName(p.childForFieldName('declarator')) ?? null);
}

/** The one list creation of a body that fills a pointer parameter (`IID_PPV_ARGS(list)`, `(void**)list`). */
function outFactory(body: SyntaxNode, file: FileCtx): OutListFactory | undefined {
  const params = parameterNames(body);
  let found: OutListFactory | undefined;
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    const spec = f ? LIST_CREATION[calleeName(f) ?? ''] : undefined;
    const args = argumentNodes(call);
    if (!spec || !spec.argc.includes(args.length)) continue;
    if (found) return undefined;
    const out = args[args.length - 1].text;
    const named = params.flatMap((p, i) => (p && new RegExp(`\\b${p}\\b`).test(out) ? [i] : []));
    if (named.length !== 1 || /&/.test(out)) return undefined;
    const typeArg = unwrapValue(args[spec.typeArg]);
    const type = listTypeOf(typeArg, file);
    const typeParam = typeArg.type === 'identifier' ? params.indexOf(typeArg.text) : -1;
    if (!type && typeParam < 0) return undefined;
    found = { params: params.length, listParam: named[0], ...(type ? { type } : { typeParam }) };
  }
  return found;
}

/** The file's out-parameter list factories, by simple function name (a name defined twice is left out). */
export function collectOutListFactories(defs: readonly { name: string; body: SyntaxNode }[], file: FileCtx): Map<string, OutListFactory> {
  return byUniqueName(defs, (body) => outFactory(body, file));
}

/**
 * `auto cl = MakeList(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);` of a list factory (`call`, `name` its callee): the
 * list's type at this call (the factory's own, or the argument its type parameter is given), else undefined.
 */
export function factoryCallType(factory: ListFactory, call: SyntaxNode, fn: FnCtx): CommandListType | undefined {
  if (factory.type) return factory.type;
  const args = argumentNodes(call);
  if (factory.byValue) {
    const { param, cases, otherwise } = factory.byValue;
    const v = args.length === factory.params ? fold(unwrapValue(args[param]), fn.file) : null;
    if (!v) return undefined;
    return cases.find((c) => c.value === toNumber(v))?.type ?? otherwise;
  }
  return factory.typeParam !== undefined && args.length === factory.params ? listTypeOf(unwrapValue(args[factory.typeParam]), fn.file) : undefined;
}

/** `CreateList(device, D3D12_COMMAND_LIST_TYPE_COPY, &alloc, &cl)`: the creation of `cl` at the call. */
export function outParamFactoryList(call: SyntaxNode, name: string, args: SyntaxNode[], fn: FnCtx): void {
  const factory = fn.file.outListFactories?.get(name);
  if (!factory || factory.params !== args.length) return;
  const listType = factory.type ?? (factory.typeParam !== undefined ? listTypeOf(unwrapValue(args[factory.typeParam]), fn.file) : undefined);
  const target = unwrapValue(args[factory.listParam]);
  const list = target.type === 'pointer_expression' && target.child(0)?.type === '&' ? target.childForFieldName('argument') : null;
  if (!listType || !list) return;
  const key = list.text.replace(/\s+/g, '').replace(/^this->/, '');
  fn.events.push({ kind: 'command-list-creation', site: -1, range: rangeOf(call), list: { key, text: list.text, range: rangeOf(list) }, listType, api: name });
}
