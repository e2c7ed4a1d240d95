// Declarations inside function bodies: each declarator bound to its value (declared-values.ts) — barrier structs,
// arrays and containers of them, records of the file, structured bindings, resource aliases and scalar locals —
// and the forms that parse as something else (`T x(a, b)` as a function declaration, the most vexing parse).
import type { SyntaxNode } from './node';
import type { FnCtx } from './context';
import { evalValue, visitCalls } from './context';
import { constructHelper } from './d3dx12-helpers';
import { deref } from './elements';
import { isResourceLike, typeOfExpr, typeText } from './types';
import { declaredRecord, recordValue, tupleParts, unfilledRecord, type StructRecord } from './records';
import { argumentNodes, rangeOf } from './syntax';
import type { AVal } from './values';
import { numVal } from './values';
import type { DeclShape, DeclaredType } from './declarators';
import { arrayLiteral, declShape, declaredType, deducedArray, deducedType, factoryList } from './declarators';
import { declaredValue, listOfElements, sizedArray, sizedContainer } from './declared-values';
import { isResourceType, resourceRef } from './resources';
import { markResult } from './returned-locals';
import { constructObject, constructOwned } from './constructor-calls';
import { onlyWritten } from './write-mentions';

/**
 * `auto* p = tex.Get();`, `auto& ref = tex;`, `const auto& r = m_targets[0];`: `auto` deduces the initializer's type,
 * and when that is a resource (a resource local, member or its pointer accessor) the local is declared as one — an
 * alias of that resource, as with `ID3D12Resource* p = tex.Get();`. Otherwise the declared type as written.
 */
function deducedResource(typeNode: SyntaxNode | null, value: SyntaxNode, outer: DeclaredType, fn: FnCtx): DeclaredType {
  if (outer.resource || !/^(?:const\s+)?auto$/.test(typeNode?.text.trim() ?? '')) return outer;
  return isResourceType(typeOfExpr(value, fn) ?? '') ? { ...outer, resource: true } : outer;
}

export function handleDeclaration(decl: SyntaxNode, fn: FnCtx, forInit = false): void {
  const declType = decl.childForFieldName('type');
  const declaredOuter = declaredType(declType?.text ?? '', fn);
  for (const d of decl.childrenForFieldName('declarator')) {
    if (d.type === 'function_declarator') {
      vexingParse(d, declaredOuter, declType, fn);
      continue;
    }
    const target = d.type === 'init_declarator' ? d.childForFieldName('declarator') : d;
    const written = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
    if (target?.type === 'structured_binding_declarator') {
      bindStructured(target, written, fn);
      continue;
    }
    // `const auto b = std::array{ … };`: declared as the literal's type with its braces (`std::array b{ … }`).
    const literal = written ? arrayLiteral(declType, written) : undefined;
    const typeNode = literal?.type ?? declType;
    const outer = literal ? declaredType(literal.type.text, fn) : declaredOuter;
    const value = literal?.braces ?? written;
    // `ScopedTransition t(cl, tex.Get(), A, B);`, `T t{cl, tex, A, B};`: a call of the class's constructor.
    if (value && !literal && constructObject(d, typeNode, outer, fn)) continue;
    const shape = target ? declShape(target) : null;
    // `auto tex = std::make_unique<Texture>(dev, …)`, `Texture* t = new Texture(…)`: the constructor runs on `*tex`.
    if (value && shape && !shape.array && !shape.reference && ownedName(target!) && constructOwned(ownedName(target!)!, value, fn)) {
      if (typeNode) fn.types.set(shape.name, deducedType(typeNode, value, fn) ?? typeText(typeNode, target!));
      fn.bind(shape.name, { t: 'unknown', text: shape.name, range: rangeOf(d) });
      continue;
    }
    const type = value && !outer.kind && !outer.container ? deducedArray(typeNode?.text ?? '', value) ?? deducedResource(typeNode, value, outer, fn) : outer;
    if (!shape) {
      if (value) visitCalls(value, fn);
      continue;
    }
    if (typeNode) fn.types.set(shape.name, deducedType(typeNode, value, fn) ?? typeText(typeNode, target));
    if (value) factoryList(shape.name, target!, value, fn);
    if (!value && fn.builtRecord && !type.kind && !shape.array && !shape.pointer && !shape.reference && declaredRecord(typeNode, fn) === fn.builtRecord) {
      fn.bind(shape.name, unfilledRecord(fn.builtRecord, rangeOf(d), fn));
      continue;
    }
    // `ResourceBarrierDesc desc;` then `desc.before = …`: a record whose members are unknown until written.
    const plain = !value && !type.kind && !shape.array && !shape.pointer && !shape.reference ? declaredRecord(typeNode, fn) : undefined;
    if (plain) {
      fn.bind(shape.name, unfilledRecord(plain, rangeOf(d), fn));
      continue;
    }
    const rec = value?.type === 'initializer_list' && !type.kind ? declaredRecord(typeNode, fn) : undefined;
    const rows = !rec && value?.type === 'initializer_list' && !type.kind ? stdArrayRecord(typeNode, fn) : undefined;
    const v = rec ? recordDecl(rec, shape, value!, fn)
      : rows ? recordDecl(rows, { ...shape, array: { size: null } }, listOfElements(value!), fn) : declaredValue(shape, type, value, d, fn);
    if (v.t === 'struct' && v.site >= 0 && type.kind && !shape.array && !shape.reference && !shape.pointer
      && fn.file.sites[v.site]?.live === v && neverRead(shape.name, target!, decl)) fn.file.sites[v.site].unread = true;
    fn.bind(shape.name, forInit && v.t === 'num' ? numVal({ value: null, text: shape.name, range: v.f.range }) : v);
    // `auto tex = CreateTexture(…);`: the call hands its returned local to `tex` (returned-locals.ts).
    const declared = fn.types.get(shape.name) ?? '';
    // `Texture* t = CreateTexture(…);` of a factory returning a record it made: its members are the target's.
    const recordPointer = /^(?:struct\s+|class\s+)?[A-Za-z_][\w:]*\s*\*$/.test(declared.trim()) && !/^(?:void|char|wchar_t|u?int\w*|float|double|bool)\b/.test(declared.trim());
    if (value && !shape.array && !shape.reference && (isResourceType(declared) || recordPointer || /^auto\s*\*?$/.test(declared.trim()))) {
      let named = target!;
      while (named.type === 'pointer_declarator' && named.childForFieldName('declarator')) named = named.childForFieldName('declarator')!;
      const ref = resourceRef(named, fn.file, fn);
      // The local names the call's result (`MakeTexture(device,64)` is its key: declared-values.ts) or itself.
      if (ref.key === shape.name || ref.key === value.text.replace(/\s+/g, '')) markResult(value, ref, fn);
    }
  }
}

/** `const Step steps[] = {{…}, {…}}` or `constexpr Step kPass{…}`: records (records.ts), one per braced element. */
function recordDecl(rec: StructRecord, shape: DeclShape, value: SyntaxNode, fn: FnCtx): AVal {
  const evaluate = (n: SyntaxNode, resource: boolean) => evalValue(n, resource ? 'res' : 'any', fn);
  if (!shape.array) return recordValue(rec, value, fn, evaluate);
  const elems = argumentNodes(value).map((item): AVal => {
    // `Hop{ A, B }`: a row spelled with its record's name.
    const braces = item.type === 'compound_literal_expression' && declaredRecord(item.childForFieldName('type'), fn) === rec ? item.childForFieldName('value') : item;
    if (braces?.type === 'initializer_list') return recordValue(rec, braces, fn, evaluate);
    // `GPUBarrier::Buffer(res, from, to)`: a factory of the file returning the record (a template, extract.ts).
    const made = item.type === 'call_expression' ? evaluate(item, false) : undefined;
    return made?.t === 'array' && made.fields === rec.fields ? made : { t: 'unknown', text: item.text, range: rangeOf(item) };
  });
  return fn.created({ t: 'array', elemKind: null, elems, length: elems.length, zeroInit: true, range: rangeOf(value), container: false });
}

/** `std::array<Step, 3>`: the file's record `Step` its elements are. */
function stdArrayRecord(typeNode: SyntaxNode | null, fn: FnCtx): StructRecord | undefined {
  const m = typeNode ? /^(?:std::)?array\s*<\s*([\w:]+)\s*,/.exec(typeNode.text) : null;
  return m ? fn.file.records?.get(m[1]) ?? fn.file.records?.get(m[1].split('::').pop()!) : undefined;
}

/**
 * `auto [before, after] = kPass;`, `= std::make_pair(A, B);`, `= arr;`: each name is the member, part or element at
 * its position; a name with nothing we can read at its position is unknown.
 */
function bindStructured(target: SyntaxNode, value: SyntaxNode | null, fn: FnCtx): void {
  const names = target.namedChildren.filter((c) => c.type === 'identifier');
  const nodes = value ? tupleParts(value) : undefined;
  let parts: AVal[] | undefined;
  if (nodes) parts = nodes.map((n) => evalValue(n, isResourceLike(n, fn) ? 'res' : 'any', fn));
  else if (value) {
    const v = evalValue(value, 'any', fn);
    const a = v.t === 'ptr' ? deref(v) : v;
    if (a.t === 'array' && (a.fields || !a.container)) parts = a.elems;
  }
  names.forEach((id, i) => fn.bind(id.text, parts?.[i] ?? { t: 'unknown', text: id.text, range: rangeOf(id) }));
}

/**
 * A barrier local that its scope only writes (`b.Transition.StateBefore = …;`, `memset(&b, 0, sizeof(b))`) and never
 * reads: it is never recorded, returned or copied anywhere, so the debug layer never sees its values (a barrier
 * prepared and then forgotten, with a comment saying the transition is a no-op). Any other mention is a read.
 */
function neverRead(name: string, declarator: SyntaxNode, decl: SyntaxNode): boolean {
  let scope: SyntaxNode | null = decl.parent;
  while (scope && scope.type !== 'compound_statement') scope = scope.parent;
  if (!scope) return false;
  for (const id of scope.descendantsOfType('identifier')) {
    if (id.text !== name || id === declarator || (declarator.startIndex <= id.startIndex && id.endIndex <= declarator.endIndex)) continue;
    if (!onlyWritten(id)) return false;
  }
  return true;
}

/**
 * `CD3DX12_TEXTURE_BARRIER b(x, y, R(z))` with only identifiers and `Name(identifiers)` as arguments parses as a
 * function declaration (the most vexing parse). Each "parameter" is then a bare type_identifier, or a type with an
 * abstract function declarator: evalValue reads them back as the identifier and the call they are.
 */
function vexingParse(d: SyntaxNode, type: DeclaredType, typeNode: SyntaxNode | null, fn: FnCtx): void {
  const name = d.childForFieldName('declarator');
  const params = d.childForFieldName('parameters');
  if (!name || name.type !== 'identifier' || !params) return;
  const args = params.namedChildren.filter((p) => p.type !== 'comment');
  // `std::vector<D3D12_TEXTURE_BARRIER> barriers(count);` parses the same way: the size constructor.
  const c = type.container;
  if (c?.elemKind && args.length === 1 && args[0].type === 'parameter_declaration' && args[0].namedChildCount === 1) {
    const sized = sizedContainer([args[0].childForFieldName('type')!], fn);
    // `std::vector<D3D12_RESOURCE_BARRIER> copy(pending);`: a copy of another container, whose contents are not known.
    if (!sized) return fn.bind(name.text, { t: 'unknown', text: name.text, range: rangeOf(d) });
    fn.bind(name.text, sizedArray(c, sized.length, rangeOf(d), fn));
    if (typeNode) fn.types.set(name.text, typeText(typeNode, name));
    return;
  }
  if (!args.every(isArgumentLike)) return;
  // `BlurApp app(hInstance);`: an object of a class constructed with arguments, whose declared type names the class
  // its methods are called on (`app.Run()`).
  if (!type.kind && typeNode?.type === 'type_identifier' && args.length > 0) fn.types.set(name.text, typeText(typeNode, name));
  if (constructObject(d, typeNode, type, fn, args)) return;
  if (!type.kind || !type.helper) return;
  fn.bind(name.text, constructHelper(d, type.helper, args, fn));
}

/** A parameter that can only be an argument in disguise: `x` or `Name(x, ...)` (recursively). */
function isArgumentLike(p: SyntaxNode): boolean {
  const t = p.childForFieldName('type');
  if (p.type !== 'parameter_declaration' || t?.type !== 'type_identifier') return false;
  const d = p.childForFieldName('declarator');
  if (!d) return p.namedChildCount === 1;
  if (d.type !== 'abstract_function_declarator' || p.namedChildCount !== 2) return false;
  return (d.childForFieldName('parameters')?.namedChildren ?? []).every(isArgumentLike);
}

/** The name a declarator declares (`t`, `*t`), as the node `std::make_unique`'s object is known by. */
function ownedName(target: SyntaxNode): SyntaxNode | null {
  let n: SyntaxNode | null = target;
  while (n?.type === 'pointer_declarator') n = n.childForFieldName('declarator');
  return n?.type === 'identifier' ? n : null;
}
