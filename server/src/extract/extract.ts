// Extraction entry point: a parsed file → FileFacts (functions with statement trees, sites, problems).
// Helper functions that return a barrier are read first so their callers can instantiate them.
import { PER_RESOURCE_FEATURES } from '../model/api';
import { collectSharedHeapTypes } from './shared-heap-properties';
import { collectClassKinds } from './plain-types';
import { collectConstantTables } from './constant-tables';
import { collectListFactories, collectOutListFactories } from './list-factories';
import { FORWARDED, forwardedCall, returnedLocal } from './returned-locals';
import { alignmentConstantUses } from './platform-constants';
import { throwIfCancelled, type CancelCheck } from '../cancel';
import type { HandleHelper, MemberView } from './descriptor-facts';
import { classViewsOf, type RunClassViews } from './class-views';
import type { SyntaxNode as TsNode, Tree } from '../parse/parser';
import { rangeWithin, splitLines } from '../parse/positions';
import { NodeDoc, outsideMirror } from './node';
import type { FocusOptions } from './focus';
import { chooseBodies } from './focus';
import type { PackedMirror, SyntaxNode } from './node';
import type { Captures } from './structure';
import { structureMatches } from './structure';
import type { BarrierFact, ExtractProblem, FileFacts, FunctionFacts, MethodUses, Stmt } from './facts';
import type { FileCtx, HelperCandidate, OutParam } from './context';
import type { Range } from '../types';
import { evalValue, FnCtx, resetObjectIds } from './context';
import { describeSite, barrierFromStruct } from './barrier-facts';
import { collectConstants, collectEnumerators, collectImportedConstants, exportedConstants, exportedEnumerators } from './constants';
import { structKindOfType } from './expect';
import { bracedContainer, containerElementKind } from './declared-values';
import { expressionCore } from './expression-core';
import { problemsThatMatter } from './problem-scope';
import { classBodies, definedName, parameterNodes, rangeOf, treeRoot } from './syntax';
import { importedDefinitions } from './imported-helpers';
import { evalField, provablyPc } from './constant-fold';
import { paramNoops } from './noop-tests';
import { finalizeBatches } from './batches';
import { readFillHelpers, scratchFile } from './fill-helpers';
import type { FillRunner } from './fill-helpers';
import { inlinableBody, inlinableDefinitions } from './inline-helpers';
import { objectClasses } from './object-classes';
import { rangeElements } from './range-elements';
import { outParamPrototypes } from './out-param-prototypes';
import { importedQueueMethods, queueMethodDefinitions, queueMethodText } from './queue-methods';
import { conversionDefinitions, conversionText } from './conversion-calls';
import { readSubmitHelpers } from './submit-helpers';
import { collectForwarders, type Forwarder } from './forwarding-macros';
import { blockMacroFunctions, declaredParamType } from './block-macros';
import { valueMacroFunctions } from './value-macros';
import { collectRecords, recordSpecifiers, recordValue, type StructRecord } from './records';
import { arrowMembers, arrowTargets, interfaceAliases } from './type-aliases';
import { classOfType, collectMemberTypes, collectReturnTypes, declaredName, graphicsMembers, typeText } from './types';
import { methodConstness, methodIndex } from './member-writes';
import { markPreparedMembers } from './member-barriers';
import { subscriptNamesIn } from './rebinds';
import { collectPathSyms, followedMembers, stableParams } from './path-facts';
import { reboundParams, rewrittenParams } from './rebound-params';
import { memberUses, methodUses, pointerMember, sharedMembers, withImportedUses } from './member-facts';
import { declaredNames, walkStatement } from './walker';
import { baseInitializerStmts, constructedClass } from './base-initializers';
import { descriptorPass, handleGetters } from './descriptors';
import { backBufferIndexNames } from './back-buffer-indices';
import { settledMemberNames } from './settled-members';
import { frameMembersOf } from './frame-members';
import { sealedSwapChainsOf, type SwapChainArrays } from './sealed-swap-chains';
import { unmovedMemberNames } from './unmoved-members';
import { type FrameClass, frameClassesOf, quotedIncludes } from './header-frame-members';
import { addressGetters, containerGetters, indexedGetters, resourceGetters } from './resource-getters';
import { calledGetterNames, getterDefinitions, importedClassGetterBodies, importedGetterBodies } from './imported-getters';
import { calledElsewhere, enumSpecifiers, exportedDefinitions, importedClasses, importedRecordRoot, importFunctions } from './imported-functions';
import { CLASS, declaredRecordKeys } from './function-imports';
import { lambdaFunctionName, lambdaVariable } from './local-lambdas';
import { tableSpan } from './table-spans';
import { declaredNamespaces, scopeKindOf, type ScopeKind } from './scope-kinds';
import { cachedFacts, functionCacheOn, functionKey, keepFacts, sameReuseAs, turnOf, worthRecording } from './function-cache';
import { FileRecorder } from './file-reads';
import { keptSubtrees, subtreeReuseOn } from './subtree-reuse';
import { exportedLifetimes, Lifetimes } from './constructor-calls';

interface FunctionNode {
  node: SyntaxNode;
  body: SyntaxNode;
  declarator: SyntaxNode | null;
  lambda: boolean;
  /** The type a value macro read as a function returns (value-macros.ts), where its head can only say `auto`. */
  returns?: string;
}

function functionNodes(matches: readonly Captures[]): FunctionNode[] {
  const out: FunctionNode[] = [];
  for (const m of matches) {
    const get = (name: string) => m.get(name);
    const fnNode = get('function') ?? get('lambda');
    const body = get('function.body') ?? get('lambda.body');
    if (fnNode && body) out.push({ node: fnNode, body, declarator: get('function.declarator') ?? null, lambda: !!get('lambda') });
  }
  return out;
}

interface Signature {
  name: string;
  qualified: string;
  params: string[];
  /** Declared type text of each parameter ('' when unnamed or variadic). */
  paramTypes: string[];
  /** Each parameter's default argument (`after = D3D12_RESOURCE_STATE_COMMON`), or null. */
  defaults?: (SyntaxNode | null)[];
  /** Defined inside a class body (its qualified name came from that class). */
  inClass?: boolean;
}

/** The class whose body defines a function (an inline method), by name. */
function enclosingClass(node: SyntaxNode): string | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'class_specifier' || p.type === 'struct_specifier') return p.childForFieldName('name')?.text;
    if (p.type === 'function_definition' || p.type === 'translation_unit') return undefined;
  }
  return undefined;
}

function parameterDecls(f: FunctionNode): SyntaxNode[] {
  if (f.node.type === 'ERROR') return [];
  let d: SyntaxNode | null = f.lambda ? f.node.childForFieldName('declarator') : f.declarator;
  while (d && d.type !== 'function_declarator' && d.type !== 'abstract_function_declarator' && d.type !== 'lambda_declarator') {
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.includes('declarator')) ?? null;
  }
  return parameterNodes(d?.childForFieldName('parameters'));
}

const signatures = new WeakMap<FunctionNode, Signature>();

/** The texts of the functions the file being extracted imported (part of every function's cache key: they change its walk). */
let importedKey = '';

/** The function definitions of a root (another file's getters, parsed apart: imported-getters.ts) as getter candidates. */
function definedBodies(root: SyntaxNode): { name: string; params: string[]; paramTypes: string[]; node: SyntaxNode; body: SyntaxNode }[] {
  return functionNodes(structureMatches(root).functions).filter((f) => !f.lambda).map((f) => ({ ...nameAndParams(f), node: f.node, body: f.body }));
}

/** The function's signature, read once per function node (four passes ask for it). */
function nameAndParams(f: FunctionNode): Signature {
  let sig = signatures.get(f);
  if (!sig) signatures.set(f, (sig = readSignature(f)));
  return sig;
}

function readSignature(f: FunctionNode): Signature {
  if (f.node.type === 'ERROR') return { name: `<recovered:${f.node.startPosition.row + 1}>`, qualified: '<recovered>', params: [], paramTypes: [] };
  let d: SyntaxNode | null = f.lambda ? f.node.childForFieldName('declarator') : f.declarator;
  while (d && d.type !== 'function_declarator' && d.type !== 'abstract_function_declarator' && d.type !== 'lambda_declarator') {
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.includes('declarator')) ?? null;
  }
  const decls = parameterDecls(f);
  // The declarator names the parameter (`UINT n = kDefault`: n, not the default's identifier).
  const params = decls.map((p) => declaredName(p.childForFieldName('declarator')) ?? '');
  const paramTypes = decls.map((p, i) => (params[i] && declaredParamType(f.node, params[i])) ?? typeText(p.childForFieldName('type'), p.childForFieldName('declarator')));
  if (f.lambda) return { name: lambdaFunctionName(f.node), qualified: '<lambda>', params, paramTypes };
  const declared = d?.childForFieldName('declarator')?.text.replace(/\s+/g, '') ?? '<anonymous>';
  // An inline method is qualified by its class (`struct Texture { void Transition(...) {...} }` → Texture::Transition).
  const cls = declared.includes('::') ? undefined : enclosingClass(f.node);
  const qualified = cls ? `${cls}::${declared}` : declared;
  const defaults = decls.map((p) => p.type === 'optional_parameter_declaration' ? p.childForFieldName('default_value') ?? null : null);
  return { name: qualified.split('::').pop() ?? qualified, qualified, params, paramTypes, defaults, ...(cls ? { inClass: true } : {}) };
}

/**
 * `void Fill(D3D12_RESOURCE_BARRIER& out)`, `void to_d3d12(..., D3D12_BARRIER_SYNC& r_sync)`: the parameters a
 * function may write (non-const references and pointers), for every function the file defines or declares.
 */
function collectOutParams(fns: FunctionNode[], root: SyntaxNode, file: FileCtx): void {
  const add = (name: string, params: SyntaxNode[]) => {
    const flags = params.map(writableParam);
    file.outParams.set(name, [...(file.outParams.get(name) ?? []), flags]);
  };
  const free = (file.freeFunctions ??= new Set());
  for (const f of fns) {
    if (f.lambda || f.node.type === 'ERROR') continue;
    const sig = nameAndParams(f);
    add(sig.name, parameterDecls(f));
    if (!sig.qualified.includes('::') && !insideClass(f.node)) free.add(sig.name);
  }
  // Prototypes (`void to_d3d12(...);` at file scope or as a class member).
  for (const d of root.descendantsOfType('function_declarator')) {
    const owner = d.parent;
    if (owner?.type !== 'declaration' && owner?.type !== 'field_declaration') continue;
    const declared = d.childForFieldName('declarator')?.text.replace(/\s+/g, '');
    const name = declared?.split('::').pop();
    const params = parameterNodes(d.childForFieldName('parameters'));
    if (name) add(name, params);
    if (name && owner.type === 'declaration' && !declared?.includes('::') && !enclosingClass(d)) free.add(name);
    // Default arguments are written on the declaration (`void F(..., bool flush = false);`), not the definition.
    if (name && params.some((p) => p.type === 'optional_parameter_declaration')) {
      const defaults = params.map((p) => (p.type === 'optional_parameter_declaration' ? p.childForFieldName('default_value') ?? null : null));
      prototypeDefaults.set(`${name}/${params.length}`, defaults);
      const cls = enclosingClass(d);
      exportedDefaults.push({ key: `${cls ? `${cls}::` : ''}${name}/${params.length}`, nodes: defaults });
    }
  }
}

/**
 * The out-parameters of functions another file of the run defines (out-param-prototypes.ts, imported with the run's
 * definitions): a barrier the file hands one of them by name is the callee's to write. The file's own declarations win.
 */
function collectImportedOutParams(imported: SyntaxNode | undefined, file: FileCtx): void {
  if (!imported) return;
  const seen = new Map<string, OutParam[][]>();
  for (const d of imported.descendantsOfType('function_declarator')) {
    const name = d.childForFieldName('declarator')?.text.replace(/\s+/g, '').split('::').pop();
    if (!name || file.outParams.has(name)) continue;
    const params = parameterNodes(d.childForFieldName('parameters'));
    seen.set(name, [...(seen.get(name) ?? []), params.map(writableParam)]);
  }
  for (const [name, flags] of seen) file.outParams.set(name, flags);
}

/** Default arguments of prototypes, by `name/parameter count` (the file's, per extraction). */
const prototypeDefaults = new Map<string, (SyntaxNode | null)[]>();
/** The same, keyed `Class::name/parameter count` for a member prototype, for the definitions of other files. */
const exportedDefaults: { key: string; nodes: (SyntaxNode | null)[] }[] = [];


/** 'ref' for a non-const reference, 'ptr' for a pointer to non-const, false for anything passed by value or const. */
function writableParam(p: SyntaxNode): OutParam {
  let d = p.childForFieldName('declarator');
  let kind: OutParam = false;
  while (d) {
    if (d.type === 'reference_declarator') kind = 'ref';
    else if (d.type === 'pointer_declarator' && !kind) kind = 'ptr';
    d = d.childForFieldName('declarator') ?? (d.type === 'reference_declarator' ? d.namedChildren[0] ?? null : null);
  }
  const constant = p.children.some((c) => c.type === 'type_qualifier' && c.text === 'const');
  return constant ? false : kind;
}

function newFnCtx(file: FileCtx, sig: Signature, node?: SyntaxNode): FnCtx {
  const ctx = new FnCtx(file, sig.params, sig.name, expressionCore);
  ctx.node = node;
  ctx.method = sig.qualified.includes('::') || (!!node && insideClass(node));
  const owner = sig.qualified.split('::').slice(-2, -1)[0];
  ctx.foreignClass = !!owner && !!node && membersElsewhere(owner, file);
  const cls = owner ?? (node && ctx.method ? enclosingClass(node)?.split('::').pop() : undefined);
  ctx.plainClass = !!cls && !!file.plainClasses?.has(cls);
  sig.params.forEach((p, i) => p && sig.paramTypes[i] && ctx.types.set(p, sig.paramTypes[i]));
  return ctx;
}

/** Some of the class's members may be declared in another file: its body, or a base class's, is not in this one. */
function membersElsewhere(cls: string, file: FileCtx, seen = new Set<string>()): boolean {
  if (seen.has(cls)) return false;
  seen.add(cls);
  if (!file.classBodies?.has(cls)) return true;
  return (file.classBases?.get(cls) ?? []).some((base) => membersElsewhere(base, file, seen));
}


/** Each class's base classes (by simple name), as the file declares them. */
function classBases(root: SyntaxNode): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const clause of root.descendantsOfType('base_class_clause')) {
    const cls = clause.parent?.childForFieldName('name')?.text;
    if (!cls) continue;
    const names = clause.namedChildren.map((c) => (c.type === 'template_type' ? c.childForFieldName('name')?.text : c.type === 'access_specifier' ? undefined : c.text))
      .filter((n): n is string => !!n).map((n) => n.split('::').pop()!.trim());
    out.set(cls, [...(out.get(cls) ?? []), ...names]);
  }
  // `using TextureHandle = struct Texture*;`, `typedef struct Buffer* BufferHandle;` (LumixEngine's gpu.h): a method
  // called on the alias is the class's, as if the alias were derived from it.
  for (const a of root.descendantsOfType(['alias_declaration', 'type_definition'])) {
    const target = aliasTarget(a.childForFieldName('type'));
    if (!target) continue;
    const names = a.type === 'alias_declaration' ? [a.childForFieldName('name')] : a.childrenForFieldName('declarator');
    for (const n of names) {
      const alias = n && declaredTypeName(n);
      if (alias && alias !== target) out.set(alias, [...(out.get(alias) ?? []), target]);
    }
  }
  return out;
}

/** The class an alias names: `struct Texture*`, `Texture`, `const Texture&` (no templates, no qualified names). */
function aliasTarget(t: SyntaxNode | null): string | undefined {
  // NOTE: a type descriptor is mirrored as a leaf (node.ts OPAQUE): it is read from its text.
  if (t?.type === 'type_descriptor') return /^(?:const\s+)?(?:(?:struct|class)\s+)?(\w+)\s*[*&]*\s*$/.exec(t.text)?.[1];
  if (t?.type === 'type_identifier') return t.text;
  if (t?.type === 'struct_specifier' || t?.type === 'class_specifier') {
    const name = t.childForFieldName('name');
    return name?.type === 'type_identifier' ? name.text : undefined;
  }
  return undefined;
}

/** `BufferHandle` in `typedef struct Buffer* BufferHandle;`: the declared name under pointers and references. */
function declaredTypeName(n: SyntaxNode): string | undefined {
  let d: SyntaxNode | null = n;
  while (d && (d.type === 'pointer_declarator' || d.type === 'reference_declarator')) d = d.childForFieldName('declarator') ?? d.namedChildren[d.namedChildren.length - 1] ?? null;
  return d?.type === 'type_identifier' ? d.text : undefined;
}

/** A function defined in a class body (an inline method). */
function insideClass(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'field_declaration_list') return true;
    if (p.type === 'function_definition' || p.type === 'translation_unit') return false;
  }
  return false;
}

const BARRIER_WORD = /Barrier|^D3D12_BARRIER|^D3D12_RESOURCE_STATE|^CD3DX12_/;

/** The first barrier-looking name inside an ERROR node: where a user should look. */
function barrierAnchor(n: SyntaxNode, lineAt: (row: number) => string): SyntaxNode | undefined {
  for (const id of n.descendantsOfType(['identifier', 'field_identifier', 'namespace_identifier', 'type_identifier'])) {
    // A statement that starts with `virtual` declares a method (the error may have misread its shape).
    if (BARRIER_WORD.test(id.text) && !declaredOnly(id, n) && !VIRTUAL_LINE.test(lineAt(statementStart(id.startPosition.row, lineAt)))) return id;
  }
  return undefined;
}

/** The first line of the statement line `row` belongs to: back to the line after one that ends a statement, a block or a label (`public:`). */
function statementStart(row: number, lineAt: (row: number) => string): number {
  let start = row;
  for (let r = row - 1; r >= 0 && row - r <= 20; r--) {
    const t = lineAt(r).trim();
    if (t === '' || t.startsWith('#') || /[;{}]$|(?<!:):$/.test(t)) break;
    start = r;
  }
  return start;
}

const VIRTUAL_LINE = /^\s*virtual\b/;

/**
 * Whether a barrier word inside an error is only declared there: a function's name or parameter in a prototype (an
 * SDK header's `virtual void ResourceBarrier(UINT, const D3D12_RESOURCE_BARRIER*) = 0;`, a default argument
 * `D3D12_RESOURCE_STATES after = D3D12_RESOURCE_STATE_RENDER_TARGET`) or a macro's name or parameter, with no body
 * in between.
 * A declaration records no barrier, so an error around it hides none.
 */
function declaredOnly(id: SyntaxNode, error: SyntaxNode): boolean {
  for (let p = id.parent; p && p !== error; p = p.parent) {
    if (p.type === 'compound_statement' || p.type === 'argument_list' || p.type === 'initializer_list') return false;
    if (p.type === 'function_declarator') return true;
    // A macro definition's identifiers are its name and parameters (its body is unparsed text).
    if (p.type === 'preproc_function_def' || p.type === 'preproc_def') return true;
  }
  return false;
}

/** The statement (or declaration) a node belongs to, for reporting where code does not parse. */
function enclosingStatement(n: SyntaxNode): SyntaxNode {
  for (let p: SyntaxNode | null = n; p; p = p.parent) {
    if (p.type.endsWith('_statement') || p.type === 'declaration' || p.type === 'field_declaration') return p;
    if (p.type === 'function_definition' || p.type === 'translation_unit') break;
  }
  return n.parent ?? n;
}

const BARRIER_CALLEE = /^(?:Barrier|ResourceBarrier|\w*_(?:Barrier|ResourceBarrier))$|^CD3DX12_\w*BARRIER/;

/**
 * Whether a syntax error can hide barrier code: it is inside a function body (half-typed code), it swallowed a
 * body (`{`), or a barrier call. Errors in declarations (an export macro before a prototype, COM interface macros
 * in SDK headers) hide no barrier and are not reported.
 */
function mayHideBarriers(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'compound_statement') return true;
  if (n.children.some((c) => c.type === '{' || c.type === 'compound_statement')) return true;
  // Every name BARRIER_CALLEE matches spells Barrier or BARRIER: a node whose text spells neither holds no such call
  // (bgfx's unreadable table: its calls were listed on every keystroke).
  if (!/Barrier|BARRIER/.test(n.text)) return false;
  return n.descendantsOfType('call_expression').some((c) => {
    const f = c.childForFieldName('function');
    const name = f?.type === 'field_expression' ? f.childForFieldName('field')?.text : f?.text.split('::')[0];
    return !!name && BARRIER_CALLEE.test(name);
  });
}

function countErrors(root: SyntaxNode, text: string): { count: number; problems: ExtractProblem[]; errorNodes: SyntaxNode[] } {
  const problems: ExtractProblem[] = [];
  const errorNodes: SyntaxNode[] = [];
  if (!root.hasError) return { count: 0, problems, errorNodes };
  // The lines are split only when a problem is reported (a file whose only errors hide no barrier needs none).
  let lines: string[] | undefined;
  const lineAt = (row: number): string => (lines ??= splitLines(text))[row] ?? '';
  const visit = (n: SyntaxNode) => {
    if (n.type === 'ERROR' || n.isMissing) {
      errorNodes.push(n);
      if (!mayHideBarriers(n)) return;
      if (n.isMissing) {
        // A missing token: the statement it belongs to is what did not parse; report there, with its text.
        const stmt = enclosingStatement(n);
        const r = rangeOf(stmt);
        const firstLine = lineAt(r.startLine);
        // A method's declaration (`virtual void __stdcall ResourceBarrier(UINT, const D3D12_RESOURCE_BARRIER*) = 0;`).
        if (VIRTUAL_LINE.test(firstLine)) return;
        problems.push({
          kind: 'parse-error', range: { ...r, endLine: r.startLine, endColumn: r.startLine === r.endLine ? r.endColumn : firstLine.length },
          text: stmt.text.replace(/\s+/g, ' ').slice(0, 120), detail: `missing ${n.type}`,
        });
        return;
      }
      const anchor = barrierAnchor(n, lineAt) ?? n;
      const lineText = lineAt(anchor.startPosition.row);
      problems.push({ kind: 'parse-error', range: rangeOf(anchor), text: lineText.trim().slice(0, 120), detail: 'syntax error' });
      return;
    }
    if (n.hasError) for (let i = n.children.length - 1; i >= 0; i--) pending.push(n.children[i]);
  };
  // NOTE: an explicit stack in source order (half-typed code can nest error nodes thousands deep).
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) visit(pending.pop()!);
  return { count: problems.length, problems, errorNodes };
}

function relevant(s: Stmt): boolean {
  switch (s.k) {
    case 'seq': return s.body.some(relevant);
    case 'if': return relevant(s.then) || (s.else !== null && relevant(s.else));
    case 'loop': return relevant(s.body);
    case 'switch': return s.cases.some(relevant);
    case 'event': return s.event.kind === 'rebind' || s.event.kind === 'reindex' ? false : s.event.kind !== 'command' || s.event.resources.length > 0;
    default: return false;
  }
}

/**
 * `isCancelled` is consulted between functions (cancel.ts): the editor abandons a long extraction for a keystroke.
 * With `focus`, only the functions that can matter are mirrored and extracted (focus.ts): the facts then hold
 * every finding and site of the file, but not its other functions (helpers and unresolved calls are partial).
 */
/**
 * The application's Agility SDK export (`extern "C" __declspec(dllexport) const UINT D3D12SDKVersion = 613;`): it loads
 * that runtime, so creation states accepted since Agility SDK 1.606 are accepted (rules/upload-readback-heap-state.ts).
 * `D3D12SDKVersion = D3D12_SDK_VERSION` is the version of the Agility headers the application is built with. The
 * number may carry an integer suffix (`= 714u;`) and the constant may be brace-initialised (`D3D12SDKVersion{ 714 }`).
 */
const AGILITY_SDK_EXPORT = /\bD3D12SDKVersion\s*(?:=|\{)\s*(\d+|D3D12_SDK_VERSION)(?:[uUlL]{1,3})?\b/;
const FIRST_LENIENT_HEAP_STATES_SDK = 606;

function exportsNewerRuntime(text: string): boolean {
  const m = AGILITY_SDK_EXPORT.exec(text);
  return !!m && (m[1] === 'D3D12_SDK_VERSION' || Number(m[1]) >= FIRST_LENIENT_HEAP_STATES_SDK);
}

/** Names only code that queries enhanced-barrier support spells (EB-CALL-01; rules/enhanced-barriers-support.ts). */
const ENHANCED_SUPPORT_QUERY = /\b(?:D3D12_FEATURE_D3D12_OPTIONS12|EnhancedBarriersSupported)\b/;
/** Where device features are decided: the device is created or its features are checked in this file. */
// NOTE: `CheckFeatureSupport(` anywhere is the same test as `\b\w*CheckFeatureSupport\s*\(` (a word run before it
// starts at a boundary), without retrying `\w*` at every word of the file (1 % of a bgfx keystroke's extraction).
const DEVICE_SETUP = /\bD3D12CreateDevice\s*\(|CheckFeatureSupport\s*\(/;
/** A `CheckFeatureSupport(` call and its first argument when that is a plain name (`D3D12_FEATURE_FORMAT_INFO`). */
const FEATURE_QUERY = /CheckFeatureSupport\s*\(\s*(\w*)/g;

/**
 * The file creates the device or checks a device feature. A file whose only checks ask about one format or one
 * resource desc (`D3D12_FEATURE_FORMAT_INFO` in a resource service) is not where the device's features are decided.
 */
function setsDeviceUp(text: string): boolean {
  if (!DEVICE_SETUP.test(text)) return false;
  if (/\bD3D12CreateDevice\s*\(/.test(text)) return true;
  for (const m of text.matchAll(FEATURE_QUERY)) if (!PER_RESOURCE_FEATURES.has(m[1])) return true;
  return false;
}
/** A queue or list type other than DIRECT/BUNDLE (rules/prefer-queue-specific-layout.ts). */
const OTHER_QUEUE_TYPES = /\bD3D12_COMMAND_LIST_TYPE_(?:COMPUTE|COPY|VIDEO_\w+)\b/;

/** What other files of a run define and this file uses (cli/cross-file.ts): folded or applied where it uses them. */
export interface ImportedDefinitions {
  enumerators?: ReadonlyMap<string, number>;
  handleHelpers?: readonly HandleHelper[];
  memberViews?: readonly MemberView[];
  /** What methods of the file's classes wrote about members in other files of the run (class-views.ts). */
  classViews?: RunClassViews;
  forwarders?: ReadonlyMap<string, Forwarder>;
  /** Class members another file of the run (the class's header) declares as another API's objects, by name. */
  memberTypes?: ReadonlyMap<string, string>;
  /** Methods another file of the run declares, every time, `const` (member-writes.ts). */
  constMethods?: ReadonlySet<string>;
  /** Names called through `this` that no file of the run declares as a method (member-writes.ts): free functions. */
  notMethods?: ReadonlySet<string>;
  /** Methods another file of the run declares without `const` (track/getter-aliases.ts receiverGetters). */
  mutatingMethods?: ReadonlySet<string>;
  /** One-return getters another file of the run defines, by name: their text (imported-getters.ts). */
  getters?: ReadonlyMap<string, string>;
  /** Translation helpers and conversions another file of the run defines, by name: their text (imported-functions.ts). */
  functions?: ReadonlyMap<string, string>;
  /** Bases other files of the run declare for the classes the file names, by class (imported-bases.ts). */
  classBases?: ReadonlyMap<string, readonly string[]>;
  /** What the methods of the file's classes that other files of the run define do with members (member-facts.ts). */
  memberUses?: readonly MethodUses[];
}

/** A packed mirror (node.ts PackedMirror), not a tree. */
function isPacked(tree: Tree | PackedMirror): tree is PackedMirror {
  return (tree as PackedMirror).nodes instanceof Int32Array;
}

/**
 * `lineStarts`: the text's line starts (parse/positions.ts lineStartsOf) when the caller has them. `edited`: the
 * ranges of the functions being edited (the editor's entries): the function cache neither looks them up nor records
 * them, since their text changes with every keystroke and recording a walk costs more than the walk. `cache`: use
 * the function cache (function-cache.ts) for this extraction unless BARRIERLINT_FN_CACHE=0 (the language server's
 * keystrokes typed on in one function: lsp/incremental-analysis.ts). `tree` may be a packed mirror of this exact text
 * (node.ts PackedMirror) instead of its parse; `keepMirror` receives the packed mirror of a complete extraction.
 */
export function extractFacts(
  tree: Tree | PackedMirror, text: string, isCancelled?: CancelCheck, focus?: FocusOptions, imports: ImportedDefinitions = {}, lineStarts?: readonly number[],
  edited?: readonly Range[], cache?: boolean, keepMirror?: (packed: PackedMirror) => void,
): FileFacts {
  resetObjectIds();
  const doc = new NodeDoc(text, subtreeReuseOn() ? keptSubtrees : undefined, lineStarts);
  const root = isPacked(tree) ? doc.unpacked(tree) : focus ? doc.focusedRoot(tree, (r, bodies) => chooseBodies(r, bodies, text, focus)) : doc.root(tree);
  // Before anything is read from it (a token's range is located when first read): the mirror as the tree gives it.
  if (keepMirror && !focus) keepMirror(doc.packed()!);
  const errors = countErrors(root, text);
  const matches = structureMatches(root);
  importFunctions(root, imports.functions);
  const importedParts = [...imports.functions ?? [], ...imports.classBases?.size ? [['\0bases', [...imports.classBases]]] : []];
  importedKey = imports.functions || imports.classBases?.size ? functionKey(importedParts) : '';
  const file: FileCtx = {
    text, constants: new Map(), sites: [], problems: [], templates: new Map(), reported: new Set(), memberTypes: new Map(),
    outParams: new Map(), heapTypes: new Map(), ownConstants: new Map(), methodImports: { unknown: new Set(), ...(imports.constMethods ? { constMethods: imports.constMethods } : {}), ...(imports.notMethods ? { notMethods: imports.notMethods } : {}) },
  };
  collectConstants(matches.constants, file);
  const importedTree = importedRecordRoot(root);
  if (importedTree) collectImportedConstants(structureMatches(importedTree).constants, file);
  collectSharedHeapTypes(root, file);
  const aliases = interfaceAliases(root);
  if (aliases.size) file.typeAliases = aliases;
  const arrows = arrowTargets(root, aliases);
  if (arrows.size) file.arrowTargets = arrows;
  const arrowReturned = arrows.size ? arrowMembers(root, aliases) : undefined;
  if (arrowReturned?.size) file.arrowMembers = arrowReturned;
  // The file's own declarations win over a header's of the same name.
  for (const [name, type] of imports.memberTypes ?? []) file.memberTypes.set(name, type);
  collectMemberTypes(matches.declarations, file);
  collectEnumerators(root, file, imports.enumerators, importedRecordRoot(root));
  // Read through FileCtx only for the function cache (which records it by key); otherwise built when first asked.
  const cacheOn = functionCacheOn(cache);
  if (cacheOn) {
    file.methodIndex = methodIndex(root);
    file.subscriptNames = subscriptNamesIn(text);
    file.memberUses = memberUses(root, (sym) => pointerMember(sym, file));
  }
  // Methods of the file's classes defined in other files of the run count as methods of the file (member-facts.ts).
  if (imports.memberUses?.length) {
    file.recordingMethods = new Set(imports.memberUses.filter((u) => u.records).map((u) => u.name));
    file.memberUses = withImportedUses(memberUses(root, (sym) => pointerMember(sym, file), file.recordingMethods), imports.memberUses);
  }
  file.declaredMethods = new Set([...methodIndex(root).methods.keys(), ...(imports.memberUses ?? []).map((u) => u.name)]);
  file.classBases = classBases(root);
  if (imports.classBases?.size) file.importedBases = imports.classBases;
  file.classBodies = classBodies(root);
  file.importedClasses = importedClasses(imports.functions);
  file.lifetimes = new Lifetimes(file);
  const kinds = collectClassKinds(root, aliases);
  file.plainClasses = kinds.plain;
  file.listHolders = kinds.holders;
  file.returnTypes = collectReturnTypes(root);
  file.records = collectRecords(root);
  // Records another file of the run defines (imported with the functions that read them) where the file has none.
  const importedRecords = importedRecordRoot(root);
  for (const [name, rec] of importedRecords ? collectRecords(importedRecords) : []) if (!file.records.has(name)) file.records.set(name, rec);
  collectConstantTables(root, file, () => new FnCtx(file, [], '<namespace scope>', expressionCore));
  // A forwarding macro of the file wins over one of the same name another file of the run defines.
  const ownForwarders = collectForwarders(root);
  file.forwarders = new Map([...(imports.forwarders ?? []), ...ownForwarders]);
  const fns = functionNodes(matches.functions);
  for (const node of blockMacroFunctions(root, text)) {
    const body = node.childForFieldName('body');
    if (body) fns.push({ node, body, declarator: node.childForFieldName('declarator'), lambda: false });
  }
  for (const { node, returns } of valueMacroFunctions(root, text)) {
    const body = node.childForFieldName('body');
    if (body) fns.push({ node, body, declarator: node.childForFieldName('declarator'), lambda: false, returns });
  }
  prototypeDefaults.clear();
  exportedDefaults.length = 0;
  collectOutParams(fns, root, file);
  collectImportedOutParams(importedRecordRoot(root), file);
  readTemplates(fns, file);
  // Barrier helpers another file of the run defines, read as the file's own (imported-helpers.ts).
  const foreignFns = importedTree ? importedDefinitions(functionNodes(structureMatches(importedTree).functions), new Set(fns.flatMap((f) => definedName(f.node) ?? []))) : [];
  readTemplates(foreignFns, file, true);
  const candidates = helperCandidates(fns);
  file.submitHelpers = readSubmitHelpers(candidates);
  const runner: FillRunner = {
    context: (scratch, c) => newFnCtx(scratch, { name: c.name, qualified: c.qualified, params: c.params, paramTypes: c.paramTypes }),
    walk: (body, ctx) => void walkStatement(body, ctx),
  };
  readFillHelpers(candidates, file, runner);
  if (foreignFns.length) {
    const foreign = helperCandidates(foreignFns);
    readFillHelpers(foreign, file, runner, true);
    for (const [name, h] of readSubmitHelpers(foreign) ?? []) if (!file.submitHelpers?.has(name)) (file.submitHelpers ??= new Map()).set(name, { ...h, from: importedTree! });
  }
  const bodies = fns.filter((f) => !f.lambda).map((f) => ({ ...nameAndParams(f), node: f.node, body: f.body }));
  // Other files' getters the file called without knowing them are read as its own getters (imported-getters.ts).
  const foreign = importedGetterBodies(imports.getters, bodies, definedBodies);
  const getterBodies = foreign.length ? [...bodies, ...foreign] : bodies;
  const queues = importedQueueMethods(foreign);
  if (queues) file.importedQueueMethods = queues;
  file.resourceGetters = resourceGetters(getterBodies, file, new Set(foreign));
  // A getter name two classes of the run define differently: each class's, chosen by the receiver's class (resources.ts).
  for (const [cls, found] of importedClassGetterBodies(imports.getters, bodies, definedBodies)) {
    for (const [name, expr] of resourceGetters(found, file, new Set(found))) {
      (file.classResourceGetters ??= new Map()).set(`${cls}::${name}`, expr);
      (file.classResourceGetterNames ??= new Set()).add(name);
    }
  }
  if (file.classResourceGetters) file.receiverClass = classOfType;
  file.addressGetters = addressGetters(getterBodies, file);
  file.containerGetters = containerGetters(getterBodies, file);
  file.indexedGetters = indexedGetters(getterBodies, file);
  file.lambdaNames = new Set(fns.flatMap((f) => (f.lambda ? lambdaVariable(f.node) ?? [] : [])));
  file.listFactories = collectListFactories(bodies, file);
  file.outListFactories = collectOutListFactories(bodies, file);
  file.descriptors = descriptorPass(bodies, file, root, imports.handleHelpers, imports.memberViews, foreign, imports.classViews);
  const ownGetters = [file.resourceGetters, file.addressGetters, file.indexedGetters, handleGetters(bodies)];
  // A barrier queue's add method travels with the getters: its callers in other files call it as `ctx.Queue(b)`.
  const getterTexts = [...getterDefinitions(bodies, ownGetters), ...queueMethodDefinitions(bodies)];
  const called = calledGetterNames(text, ownGetters);
  const functions: FunctionFacts[] = [];
  const scopes = { namespaces: declaredNamespaces(root), classes: file.classBodies ?? new Set<string>() };
  // Code inside ERROR nodes (outside any recognized function) is walked as statements so half-typed code still
  // yields what it can.
  for (const err of errors.errorNodes) {
    if (err.isMissing || fns.some((f) => f.node.startIndex <= err.startIndex && err.endIndex <= f.node.endIndex)) continue;
    fns.push({ node: err, body: err, declarator: null, lambda: false });
  }
  for (const f of fns) {
    throwIfCancelled(isCancelled);
    const sig = nameAndParams(f);
    const { name, qualified, params } = sig;
    // NOTE: a function nested deeper than MAX_SYNTAX_DEPTH is not analysed (it stays out of `functions`, so a
    // call to it is an unknown call): every pass over syntax and statements is recursive, and this bound keeps
    // them far from the stack limit whatever the thread, so --jobs 1 and --jobs N agree.
    if (tooDeep(f.body)) {
      file.problems.push(stoppedAt(f, name, `its code nests deeper than ${MAX_SYNTAX_DEPTH} levels (the nesting limit); it is not analysed`, 'analysis-budget'));
      continue;
    }
    try {
      const own = sig.defaults?.some((v) => v) ? sig.defaults : prototypeDefaults.get(`${name}/${params.length}`);
      const key = cacheOn && !edited?.some((r) => rangeWithin(f.node.range, r)) ? cacheKey(f, sig, own, file) : undefined;
      const kept = key ? cachedFacts(key, file) : undefined;
      // NOTE: the kind of the function's scope is the file's (scope-kinds.ts), not the function text's: set apart
      // from the cached facts.
      const scopeKind = scopeKindOf(f.node, qualified, !!sig.inClass, scopes);
      if (kept) {
        functions.push(withScopeKind(kept, scopeKind));
        continue;
      }
      const turn = turnOf(file);
      const recorder = key && worthRecording(key) ? new FileRecorder(file, file.sites.length) : undefined;
      const ctx = newFnCtx(recorder?.file ?? file, sig, f.node);
      // A forwarding factory's result is held in a local of its own (returned-locals.ts FORWARDED).
      const locals = [...declaredNames(f.body)].filter((n) => !params.includes(n)).concat(forwardedCall(f.body) ? [FORWARDED] : []);
      const declared = new Set([...params, ...locals]);
      collectPathSyms(ctx, f.body, params, locals, sharedMembers(ctx, f.node, f.body, declared, (sym) => pointerMember(sym, ctx.file)));
      // A constructor's base-class initializers (`Staging(…) : Buffer(dev, UPLOAD, …)`) run before its body.
      const bases = baseInitializerStmts(f.node, constructedClass(qualified, name), ctx);
      const walked = walkStatement(f.body, ctx);
      const body: Stmt = bases.length ? { k: 'seq', body: [...bases, walked] } : walked;
      markPreparedMembers(ctx, f.body);
      const { stable, followed } = stableParams(ctx, f.body, params);
      const members = followedMembers(ctx, declared);
      finalizeBatches(body);
      paramNoops(body);
      const defaults = own?.map((v) => (v ? evalField(v, ctx.file, ctx) : null));
      const required = defaults ? defaults.findIndex((v) => v !== null) : -1;
      const span = tableSpan(f.body, ctx);
      const returned = f.lambda ? undefined : returnedLocal(f.body, locals, ctx);
      const ownNames = locals.concat(reboundParams(body, params, stable));
      const rewritten = rewrittenParams(f.body, params, ctx);
      const classes = objectClasses(params, sig.paramTypes, locals, ctx);
      const elements = rangeElements(f.body, declared);
      const facts: FunctionFacts = {
        name, qualifiedName: qualified, params, range: rangeOf(f.node), body, lambda: f.lambda, relevant: relevant(body), locals: ownNames,
        ...(required >= 0 && defaults ? { defaults: defaults.map((v) => v ?? undefined), required } : {}),
        ...(stable.length ? { stableParams: stable } : {}), ...(followed.length ? { factParams: followed } : {}),
        ...(members.length ? { factMembers: members } : {}),
        ...(span !== undefined ? { tableSpan: span } : {}), ...(returned ? { returnsLocal: returned } : {}),
        ...(f.body.hasError ? { unparsed: true as const } : {}), ...(classes ? { objectClasses: classes } : {}),
        ...(rewritten.length ? { rewrittenParams: rewritten } : {}), ...(elements ? { rangeElements: elements } : {}),
      };
      functions.push(withScopeKind(facts, scopeKind));
      if (key && recorder) keepFacts(key, facts, recorder, turn);
    } catch (error) {
      if (process.env.BARRIERLINT_INTERNAL_ERRORS_FATAL) throw error;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      file.problems.push(stoppedAt(f, name, message.slice(0, 200), 'analysis-error'));
    }
  }
  const alignment = alignmentConstantUses(root, text);
  const barriers: BarrierFact[] = [];
  // Barrier locals the function never reads are no barriers anyone records (declarations.ts neverRead); their
  // values still show where a misspelt enumerator is a barrier value.
  const unread = new Set<BarrierFact>();
  for (const rec of file.sites) {
    // A stand-in (a loop's element spread over its array, elements.ts) is no barrier of its own.
    const fact = rec.live && !rec.live.standIn ? barrierFromStruct(rec.live) : undefined;
    if (fact) barriers.push(fact);
    if (fact && rec.unread) unread.add(fact);
    describeSite(rec.site, fact);
    if (rec.live?.kind === 'group') {
      const n = rec.live.members.get('NumBarriers');
      rec.site.fields.NumBarriers = n?.t === 'num' ? n.f.value : null;
    }
  }
  const members = graphicsMembers(file);
  const constness = methodConstness(root);
  const uses = methodUses(root, (sym) => pointerMember(sym, file));
  const ownRecords = recordSpecifiers(root);
  const exported = exportedDefinitions(inlinableDefinitions(root), conversionDefinitions(root), ownRecords, enumSpecifiers(root), file.constantDecls, barrierHelperDefinitions(fns, file));
  const definitions = [...exported, ...outParamPrototypes(root, new Set(exported.map(([name]) => name))), ...exportedLifetimes(file).map(([cls, life]): [string, string] => [`${CLASS}${cls}`, life])];
  // The functions it calls and the records it declares values of that other files may define (function-imports.ts).
  const calledNames = [...calledElsewhere(text, new Set(fns.map((f) => nameAndParams(f).name))), ...declaredRecordKeys(text, new Set(ownRecords.keys()), file.classBodies)];
  return {
    functions, barriers: unread.size ? barriers.filter((b) => !unread.has(b)) : barriers, sites: file.sites.map((s) => s.site),
    problems: [...errors.problems, ...problemsThatMatter(file.problems, functions, barriers)],
    parseErrors: errors.count,
    ...(exportedDefaults.length ? { prototypeDefaults: exportedDefaults.map(({ key, nodes }) => ({ key, defaults: nodes.map((v) => (v ? evalField(v, file) : null)) })) } : {}),
    ...(file.descriptors ? { descriptors: file.descriptors.facts } : {}),
    ...(file.descriptors?.handleHelpers.length ? { handleHelpers: file.descriptors.handleHelpers } : {}),
    ...(file.descriptors?.unresolvedHandleCalls.length ? { unresolvedHandleCalls: file.descriptors.unresolvedHandleCalls } : {}),
    ...(file.descriptors?.memberViews.length ? { memberViews: file.descriptors.memberViews } : {}),
    ...(file.descriptors?.unresolvedMembers.length ? { unresolvedMembers: file.descriptors.unresolvedMembers } : {}),
    ...classViewsOf(file.descriptors?.classViews, functions),
    ...(file.definedNames ? { definedNames: [...file.definedNames] } : {}),
    ...(ownForwarders.size ? { forwarders: [...ownForwarders] } : {}),
    ...(file.enumerators ? { enumerators: exportedEnumerators(file) } : {}),
    ...(file.ownConstants?.size ? { constants: exportedConstants(file) } : {}),
    ...(file.unfolded ? { unfolded: [...file.unfolded] } : {}),
    ...(members.length ? { graphicsMembers: members } : {}),
    ...(file.untyped ? { untyped: [...file.untyped] } : {}),
    ...(constness.length ? { methodConstness: constness } : {}), ...(uses.length ? { methodUses: uses } : {}),
    ...(file.methodImports?.unknown?.size ? { unknownMethods: [...file.methodImports.unknown] } : {}),
    ...(imports.mutatingMethods?.size ? { mutatingMethods: [...imports.mutatingMethods] } : {}),
    ...(getterTexts.length ? { getterDefinitions: getterTexts } : {}), ...(called.length ? { missedGetters: called } : {}),
    ...(definitions.length ? { functionDefinitions: definitions } : {}), ...(calledNames.length ? { calledNames } : {}),
    ...(file.fills ? { fillHelpers: [...file.fills].map(([name, t]) => ({ name, params: t.params.length })) } : {}),
    ...(alignment.length ? { alignmentConstants: alignment } : {}),
    ...(ENHANCED_SUPPORT_QUERY.test(text) ? { enhancedSupportQuery: true as const } : {}),
    ...(exportsNewerRuntime(text) ? { newerRuntimeExport: true as const } : {}),
    ...backBufferIndicesOf(root, text),
    ...settledMembersOf(root, text),
    ...withSwapChains(frameMembersIn(root, tree, text, !!focus && !isPacked(tree)), sealedSwapChainsIn(root, tree, text, !!focus && !isPacked(tree)), root),
    ...unmovedMembersIn(root, text, !!focus && !isPacked(tree)),
    ...frameClassesIn(root, tree, text, !!focus && !isPacked(tree)),
    ...(setsDeviceUp(text) ? { deviceSetup: true as const } : {}),
    ...(OTHER_QUEUE_TYPES.test(text) ? { otherQueueTypes: true as const } : {}),
    ...(file.classBases?.size ? { classBases: [...file.classBases] } : {}),
  };
}

/**
 * What a function's extraction depends on besides the file-wide tables (function-cache.ts checks those read by
 * read): its text and place (positions in its facts are absolute), its signature as read with its declaration
 * (class, default arguments of a prototype), and what its walk reads above it (the enclosing classes and
 * namespaces; whether the preprocessor conditionals around it are a PC build's, constant-fold.ts provablyPc).
 * Lambdas (walked with their enclosing function's statements in sight) and recovered code are not kept, nor a function
 * whose tree has a syntax error: the parser's recovery depends on the text around it, so the same text may stand for
 * another tree in another document. Whether the file has a syntax error anywhere is part of the key: the mirror
 * keeps exact token positions only in a tree with errors (node.ts), so a block's closing `}` is placed only there
 * (a destructor event at a block's end stands at the `}` or at the last statement).
 */
function cacheKey(f: FunctionNode, sig: Signature, defaults: readonly (SyntaxNode | null)[] | undefined, file: FileCtx): string | undefined {
  if (f.lambda || f.node.type === 'ERROR' || f.node.hasError) return undefined;
  const r = rangeOf(f.node);
  const above: string[] = [];
  for (let p = f.node.parent; p; p = p.parent) above.push(p.type, p.childForFieldName('name')?.text ?? '');
  return functionKey([
    f.node.text, r.startLine, r.startColumn, f.body.height, treeRoot(f.node).hasError, sig.name, sig.qualified, sig.params, sig.paramTypes,
    defaults?.map((d) => (d ? [d.range, d.text] : null)) ?? null, insideClass(f.node), provablyPc(f.node), above,
    ...calledDefinitionTexts(f.body, file), importedKey,
  ]);
}

/**
 * The bodies of the helpers walked in place, queue methods and conversions a function calls, in three lists, from one
 * walk of its calls (the key is computed for every function of every extraction, keystrokes included).
 */
function calledDefinitionTexts(body: SyntaxNode, file: FileCtx): [string[], string[], string[]] {
  const root = treeRoot(body);
  const inlined: string[] = [];
  const queued: string[] = [];
  const converted: string[] = [];
  // A helper walked in place walks its own calls at the caller: the conversions and helpers it calls are the
  // caller's inputs too (`cmd.Barrier(g)` whose body folds `ToAccess(…)`; an edit of ToAccess changes the caller's facts).
  const bodies = [body];
  const seen = new Set<SyntaxNode>(bodies);
  for (let i = 0; i < bodies.length && i < 64; i++) {
    for (const c of bodies[i].descendantsOfType('call_expression')) {
      const h = inlinableBody(c, root);
      if (h !== undefined) {
        // With its parameter list: a parameter's type decides what the body's calls are (`cl->ResourceBarrier` on a
        // command list, or on something else), so an edit of the signature alone changes the caller's facts too.
        inlined.push(h.parent?.type === 'function_definition' || h.parent?.type === 'lambda_expression' ? h.parent.text : h.text);
        if (!seen.has(h)) { seen.add(h); bodies.push(h); }
      }
      const q = queueMethodText(c, root, file);
      if (q !== undefined) queued.push(q);
      const v = conversionText(c);
      if (v !== undefined) converted.push(v);
    }
  }
  return [inlined, queued, converted];
}

/**
 * Syntax nesting beyond which a function is not analysed (an `else if` level is two, an `if` block three).
 * NOTE: the statement walker and the tracker recurse per nested statement; generated nests of 1,341 syntax levels
 * already exhausted the main thread's default stack, so the limit keeps a margin below that. The margin is measured
 * in a fresh process, before the JIT has optimised the walker (its frames are larger then): at 1024 a nest of 455
 * `if` blocks (about 920 levels) still overflowed there, so the limit was 768; in session 43 the walker's loop frame
 * grew (a loop's count parameter) and 382 nested `for` loops (764 levels, under 768) overflowed a fresh process at
 * 381, so the limit is 640 (about 320 nested loops; no real function nests near it).
 */
export const MAX_SYNTAX_DEPTH = 640;

/** True when `root` nests deeper than MAX_SYNTAX_DEPTH (the mirror measured every node's height once). */
function tooDeep(root: SyntaxNode): boolean {
  return root.height > MAX_SYNTAX_DEPTH;
}

function stoppedAt(f: FunctionNode, name: string, detail: string, kind: 'analysis-budget' | 'analysis-error'): ExtractProblem {
  const start = rangeOf(f.node);
  return { kind, range: { ...start, endLine: start.startLine, endColumn: start.startColumn + 1 }, text: name, detail };
}

/**
 * The file's functions and the lambdas a local names (`auto set = [](…) {…}`), with how each parameter may be written
 * and the struct kind its type names: the candidates for fill and submit helpers (fill-helpers.ts, submit-helpers.ts).
 */
function helperCandidates(fns: FunctionNode[]): HelperCandidate[] {
  const out: HelperCandidate[] = [];
  for (const f of fns) {
    if (f.node.type === 'ERROR' || tooDeep(f.body)) continue;
    const sig = nameAndParams(f);
    const name = f.lambda ? lambdaVariable(f.node) : sig.name;
    if (!name) continue;
    const decls = parameterDecls(f);
    out.push({
      name, qualified: sig.qualified, params: sig.params, paramTypes: sig.paramTypes, body: f.body,
      writable: sig.params.map((_, i) => (decls[i] ? writableParam(decls[i]) : false)),
      kinds: sig.params.map((_, i) => structKindOfType(sig.paramTypes[i] ?? '')),
    });
  }
  return out;
}


/**
 * Functions returning a barrier struct: walk them once with symbolic parameters and keep the returned value. A lambda
 * a local names (`auto to = [](ID3D12Resource* r, …) { return CD3DX12_…; };`) is one too, for the calls after it in
 * its block (its kind read from the value it returns when it declares no return type).
 */
function readTemplates(fns: FunctionNode[], file: FileCtx, imported = false): void {
  const from = imported ? { imported: true as const } : {};
  for (const f of fns) {
    if (tooDeep(f.body)) continue;
    const scope = f.lambda ? lambdaScope(f.node) : undefined;
    if (f.lambda && !scope) continue;
    const typeText = f.returns ?? returnTypeText(f);
    const kind = structKindOfType(typeText);
    // `std::vector<D3D12_RESOURCE_BARRIER> MakeTransitions(…)`: the container it builds and returns.
    const elemKind = kind || f.lambda ? undefined : containerElementKind(typeText);
    // `static BarrierDesc Transition(tex, from, to) { BarrierDesc d; …; return d; }`: a record of the file it builds.
    const record = kind || elemKind || f.lambda ? undefined : returnedRecord(typeText, file);
    if (!kind && !f.lambda && !(elemKind && BARRIER_KINDS.has(elemKind)) && !record) continue;
    const sig = nameAndParams(f);
    const ctx = newFnCtx(scratchFile(file), sig);
    ctx.readsTemplate = true;
    if (record) ctx.builtRecord = record;
    let returned: ReturnType<typeof evalValue> | undefined;
    walkStatement(f.body, ctx, (value) => {
      // `static GPUBarrier Buffer(r, b, a) { return { Type::BUFFER, r, b, a }; }`: the record it returns, braced.
      if (record && value.type === 'initializer_list') returned = recordValue(record, value, ctx, (n, resource) => evalValue(n, resource ? 'res' : 'any', ctx));
      else returned = elemKind && value.type === 'initializer_list' ? bracedContainer(value, elemKind, ctx) : evalValue(value, kind ?? 'any', ctx);
    });
    if (record) {
      if (returned?.t === 'array' && returned.fields === record.fields) file.templates.set(sig.name, { params: sig.params, value: returned, ...templateScope(f, sig), ...from });
      continue;
    }
    if (elemKind) {
      if (returned?.t !== 'array' || returned.unsized || returned.loopElem || returned.paths || !returned.elems.every((e) => e.t === 'struct')) continue;
      for (const e of returned.elems) if (e.t === 'struct') e.site = e.site >= 0 ? 0 : -1;
      file.templates.set(sig.name, { params: sig.params, value: returned, ...from });
      continue;
    }
    if (returned?.t !== 'struct' || (!kind && !BARRIER_KINDS.has(returned.kind))) continue;
    returned.site = returned.site >= 0 ? 0 : -1;
    const name = scope?.name ?? sig.name;
    if (scope && file.templates.has(name)) continue;
    const defaults = sig.defaults?.some((v) => v) ? { defaults: sig.defaults } : {};
    file.templates.set(name, { params: sig.params, value: returned, ...(scope ? { within: scope.within } : f.lambda ? {} : templateScope(f, sig)), ...from, ...defaults });
  }
}

/**
 * The file's own helpers that build barriers for their callers (the functions returning one, the fill helpers, the
 * submit helpers), by name: exported to the run's other files (imported-helpers.ts). A method defined in its class
 * body is left out (its text alone would read as a free function).
 */
function barrierHelperDefinitions(fns: FunctionNode[], file: FileCtx): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  for (const f of importedDefinitions(fns, new Set())) {
    const name = definedName(f.node)!;
    const t = file.templates.get(name);
    const helper = (t && !t.within && !t.imported) || (file.fills?.has(name) && !file.fills.get(name)!.imported) || file.submitHelpers?.has(name);
    if (helper && f.node.parent?.type !== 'field_declaration_list') out.set(name, f.node);
  }
  return out;
}

/**
 * The type a function or lambda declares it returns; for `auto f(…) -> D3D12_RESOURCE_BARRIER`, the trailing one.
 */
function returnTypeText(f: FunctionNode): string {
  const type = f.lambda ? f.node.childForFieldName('declarator')?.childForFieldName('type') : f.node.childForFieldName('type');
  if (f.lambda || type?.type !== 'placeholder_type_specifier') return type?.text ?? '';
  const trailing = f.declarator?.namedChildren.find((c) => c.type === 'trailing_return_type');
  return trailing?.namedChildren[0]?.text ?? type.text;
}

/** A method's class (`Texture::Make` → Texture) and the namespace a function is defined in: what a qualified call names. */
function templateScope(f: FunctionNode, sig: Signature): { owner?: string; namespace?: string } {
  const owner = sig.qualified.includes('::') ? sig.qualified.slice(0, sig.qualified.lastIndexOf('::')).split('::').pop() : undefined;
  let ns: string | undefined;
  for (let p = f.node.parent; p && !ns; p = p.parent) if (p.type === 'namespace_definition') ns = p.childForFieldName('name')?.text.split('::').pop();
  return { ...(owner ? { owner } : {}), ...(ns ? { namespace: ns } : {}) };
}

/** The file's record a function's declared return type names (`static BarrierDesc Make(…)`), when it is one. */
function returnedRecord(typeText: string, file: FileCtx): StructRecord | undefined {
  const name = typeText.replace(/\b(?:static|inline|constexpr|struct|const)\b/g, '').trim();
  if (!/^[\w:]+$/.test(name)) return undefined;
  return file.records?.get(name) ?? file.records?.get(name.split('::').pop()!);
}

const BARRIER_KINDS: ReadonlySet<string> = new Set(['legacy', 'legacy-transition', 'legacy-uav', 'legacy-aliasing', 'texture', 'buffer', 'global']);

/** A lambda a local names: that name, and the rest of the block that declares it (where calls name it). */
function lambdaScope(lambda: SyntaxNode): { name: string; within: { start: number; end: number } } | undefined {
  const name = lambdaVariable(lambda);
  const decl = lambda.parent?.parent;
  const block = decl?.parent;
  if (!name || decl?.type !== 'declaration' || !block) return undefined;
  return { name, within: { start: decl.endIndex, end: block.endIndex } };
}

/** The file's swap-chain back-buffer index names (extract/back-buffer-indices.ts), when it asks for the index. */
function backBufferIndicesOf(root: SyntaxNode, text: string): { backBufferIndices?: string[] } {
  if (!text.includes('GetCurrentBackBufferIndex')) return {};
  const names = backBufferIndexNames(root);
  return names.length ? { backBufferIndices: names } : {};
}

/** The members the file creates and never moves (extract/unmoved-members.ts); none from a focused root, which leaves out bodies. */
function unmovedMembersIn(root: SyntaxNode, text: string, focused: boolean): { unmovedMembers?: string[] } {
  const names = focused ? [] : unmovedMemberNames(root, text);
  return names.length ? { unmovedMembers: names } : {};
}

/**
 * The file's frame members (extract/frame-members.ts). A focused root leaves out bodies whose mentions can only take
 * members away (every body naming a barrier or a creation is kept): when it finds some, the whole tree decides.
 */
function frameMembersIn(root: SyntaxNode, tree: Tree | PackedMirror, text: string, focused: boolean): ReturnType<typeof frameMembersOf> {
  const first = frameMembersOf(root, text);
  if (!focused || !(first.frameMembers?.length || first.frameHeader) || isPacked(tree)) return first;
  return frameMembersOf(new NodeDoc(text).root(tree), text);
}

/**
 * The file's class bodies with the fields only their own methods reach (extract/header-frame-members.ts), read on the
 * whole tree: a focused root leaves out function bodies, and the classes declared in them. NOTE: read on
 * tree-sitter's own nodes then, not on a second, whole mirror of the tree made only for this.
 */
function frameClassesIn(root: SyntaxNode, tree: Tree | PackedMirror, text: string, focused: boolean): { frameClasses?: FrameClass[] } {
  if (!/\bclass\b/.test(text)) return {};
  const classes = frameClassesOf(focused && !isPacked(tree) ? tree.rootNode : root, text);
  return classes.length ? { frameClasses: classes } : {};
}

/**
 * The file's sealed swap-chain arrays (extract/sealed-swap-chains.ts), read on the whole tree: a focused root leaves
 * out bodies whose mentions can take an array away, or fill it. NOTE: read on tree-sitter's own nodes then (those the
 * whole mirror holds: outsideMirror; a tree with errors is mirrored whole), not on a second, whole mirror made only
 * for this: on bgfx's renderer (a file naming `GetBuffer`) that mirror cost 55-100 ms of a single-file lint.
 */
function sealedSwapChainsIn(root: SyntaxNode, tree: Tree | PackedMirror, text: string, focused: boolean): SwapChainArrays | undefined {
  if (!/\bGetBuffer\b/.test(text)) return undefined;
  if (!focused || isPacked(tree)) return sealedSwapChainsOf(root, text);
  const whole = tree.rootNode;
  const hasError = whole.hasError;
  return sealedSwapChainsOf(whole, text, {
    hidden: (n) => !hasError && outsideMirror(n as unknown as TsNode),
    at: (start, end) => whole.descendantForIndex(start, end),
  });
}

/** Nowhere in the file: the method of a pending member that is an array to seal, not a frame member's mover. */
const NO_METHOD = { startLine: -1, startColumn: -1, endLine: -1, endColumn: -1 };

/**
 * The frame-member answers with the swap-chain arrays: sealed ones, the filled ones, and those asked of a header as
 * pending members of their class (header-frame-members.ts answers them as frame members of no method).
 */
function withSwapChains(frame: ReturnType<typeof frameMembersOf>, arrays: SwapChainArrays | undefined, root: SyntaxNode): ReturnType<typeof frameMembersOf> & Pick<FileFacts, 'sealedSwapChains' | 'filledSwapChains' | 'headerSwapChains'> {
  if (!arrays) return frame;
  const asked = arrays.pending.map((p) => ({ name: p.name, method: NO_METHOD, cls: p.cls, sealing: true as const }));
  const frameHeader = asked.length
    ? { pending: [...frame.frameHeader?.pending ?? [], ...asked].sort((a, b) => a.name.localeCompare(b.name)), includes: frame.frameHeader?.includes ?? quotedIncludes(root) }
    : frame.frameHeader;
  return {
    ...frame, ...(frameHeader ? { frameHeader } : {}),
    ...(arrays.sealed.length ? { sealedSwapChains: arrays.sealed } : {}),
    ...(arrays.filled.length ? { filledSwapChains: arrays.filled } : {}),
    ...(asked.length ? { headerSwapChains: asked.map((a) => a.name) } : {}),
  };
}

/** The file's resource pointers that nothing moves (extract/settled-members.ts). */
function settledMembersOf(root: SyntaxNode, text: string): { settledMembers?: string[] } {
  const names = settledMemberNames(root, text);
  return names.length ? { settledMembers: names } : {};
}

/** `fn` with the kind of the scope its qualified name names last (scope-kinds.ts), or without one. */
function withScopeKind(fn: FunctionFacts, kind: ScopeKind | undefined): FunctionFacts {
  if (fn.scopeKind === kind) return fn;
  const out = { ...fn, scopeKind: kind };
  if (!kind) delete out.scopeKind;
  sameReuseAs(out, fn);
  return out;
}
