// File-level constants: `#define NAME value` and `const`/`constexpr` scalar declarations outside functions
// (and in namespaces/classes), folded once so barrier fields that use them resolve.
import { parseCpp } from '../parse/parser';
import type { FileCtx } from './context';
import { NodeDoc } from './node';
import type { SyntaxNode } from './node';
import type { Captures } from './structure';
import { fold, parseNumber, provablyPc, toNumber } from './constant-fold';
import { isXboxIdentifier } from '../model/enums';
import { rangeOf } from './syntax';

export function collectConstants(matches: readonly Captures[], file: FileCtx): void {
  for (const m of matches) {
    const get = (name: string) => m.get(name);
    const defName = get('define.name');
    const defValue = get('define.value');
    if (defName && defValue) {
      noteDefined(file, defName.text);
      noteOwn(file, defName.text);
      noteSwitch(file, defName.text, defValue.text);
      defineConstant(file, defName.text, defValue.text, rangeOf(defValue), provablyPc(defValue));
      continue;
    }
    const name = get('const.name');
    const value = get('const.value');
    if (!name || !value || insideFunction(name)) continue;
    // `static const UINT FrameCount = 2;` in a class is its own declaration; a namespace-scope one wraps an init_declarator.
    const decl = name.parent?.type === 'field_declaration' ? name.parent : name.parent?.parent;
    const qualifiers = decl?.namedChildren.filter((c) => c.type === 'type_qualifier').map((c) => c.text) ?? [];
    if (!qualifiers.some((q) => q === 'const' || q === 'constexpr')) continue;
    if (decl?.type === 'field_declaration' && !decl.namedChildren.some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) continue;
    noteDefined(file, name.text);
    noteOwn(file, name.text);
    const folded = fold(value, file);
    if (!folded) continue;
    file.constants.set(name.text, { t: 'num', f: { value: toNumber(folded), text: value.text, range: rangeOf(value) } });
    if (decl?.type === 'declaration') (file.constantDecls ??= new Map()).set(name.text, decl);
  }
}

/**
 * The `const`/`constexpr` numbers another file of the run defines (a header's `constexpr Flags kUsageStorage = 0x4;`)
 * that the file imported with the functions naming them (imported-functions.ts): known where the file has none.
 */
export function collectImportedConstants(matches: readonly Captures[], file: FileCtx): void {
  const scratch: FileCtx = { ...file, constants: new Map(file.constants), definedNames: undefined, switchMacros: undefined, constantDecls: undefined, ownConstants: undefined };
  collectConstants(matches, scratch);
  for (const [name, c] of scratch.constants) if (!file.constants.has(name)) file.constants.set(name, c);
}

/** One more definition of `name` outside functions by the file itself (context.ts `ownConstants`). */
function noteOwn(file: FileCtx, name: string): void {
  const own = file.ownConstants;
  if (own) own.set(name, (own.get(name) ?? 0) + 1);
}

/** Names with an SDK enumeration's prefix: a project's sentinel of that spelling stays unknown in other files. */
const SDK_PREFIX = /^(?:D3D12|D3D|DXGI)_/;

/**
 * The file's scalar constants outside functions that it defines exactly once, with their folded values (for a
 * header: what the files including it see, `for (UINT n = 0; n < FrameCount; n++)` in the .cpp of a sample whose
 * class declares `static const UINT FrameCount = 2;`). A name defined twice (`#ifdef` variants), an SDK-prefixed
 * name and a value that does not fold stay with the file.
 */
export function exportedConstants(file: FileCtx): [string, number][] {
  const out: [string, number][] = [];
  for (const [name, times] of file.ownConstants ?? []) {
    const c = file.constants.get(name);
    if (times !== 1 || SDK_PREFIX.test(name) || file.enumerators?.has(name)) continue;
    if (c?.t === 'num' && c.f.value !== null && c.f.value <= 0xffffffff) out.push([name, c.f.value]);
  }
  return out;
}

/** `#define NAME 0` / `#define NAME 1`: a compile-time switch the file sets (context.ts `switchMacros`). */
function noteSwitch(file: FileCtx, name: string, body: string): void {
  const m = /^\s*\(?\s*(\d+)[uUlL]*\s*\)?\s*(?:\/\/.*)?$/.exec(body);
  const switches = (file.switchMacros ??= new Map());
  const value = m ? Number(m[1]) : null;
  switches.set(name, switches.has(name) && switches.get(name) !== value ? null : value);
}

/**
 * A project constant named like an enumerator (`constexpr D3D12_RESOURCE_STATES D3D12_RESOURCE_STATE_UNKNOWN = ...`
 * in a header): another file that uses the name is not misspelling an enumerator (cli/cross-file.ts).
 */
function noteDefined(file: FileCtx, name: string): void {
  if (!name.startsWith('D3D12')) return;
  (file.definedNames ??= new Set()).add(name);
}

/**
 * The file's enumerators outside functions (`enum CopyType { kCopyTypeRead, kCopyTypeWrite }`, `enum class Mode`),
 * with their values (implicit ones count up from the previous), so that a helper's `copy_type == kCopyTypeRead` is
 * decided for a caller passing `kCopyTypeWrite` as it is for `#define`/`constexpr` constants. A name that is
 * already a constant or a member/global variable, or that two enums define (scoped enums are folded by the
 * enumerator's own name), is left out, and a function's own parameter or local of that name hides it
 * (constant-fold.ts); an enum whose values stop folding stops there.
 */
export function collectEnumerators(root: SyntaxNode, file: FileCtx, external?: ReadonlyMap<string, number>, importedRoot?: SyntaxNode): void {
  const scoped = new Map<string, { value: number; at: SyntaxNode }>();
  const values = enumeratorValues(root, (value) => {
    const folded = fold(value, file);
    return folded ? toNumber(folded) : null;
  }, insideFunction, scoped);
  // `Layout::ShaderResource` where two enums share a bare name: the scoped spelling alone (constant-fold.ts).
  for (const [name, { value, at }] of scoped) {
    if (file.constants.has(name) || value > 0xffffffff) continue;
    file.constants.set(name, { t: 'num', f: { value, text: name, range: rangeOf(at) } });
    // Exported by the scoped spelling too: another file's `Flags::CPUAccess` folds when two enums share `CPUAccess`.
    (file.enumerators ??= new Set()).add(name);
  }
  // How many enumerators each named enum has, by syntax (`Scope::*`): another file of the run tells from it that an
  // if/else-if chain naming every enumerator it imported names the whole enum (exhaustive-switch.ts).
  for (const e of root.descendantsOfType('enum_specifier')) {
    const scope = e.childForFieldName('name')?.text.replace(/\s+/g, '').split('::').pop();
    const body = e.childForFieldName('body');
    if (!scope || !body || insideFunction(e)) continue;
    const key = `${scope}::*`;
    const count = body.namedChildren.filter((c) => c.type === 'enumerator').length;
    if (file.constants.has(key)) file.constants.set(key, { t: 'unknown', text: key, range: rangeOf(e) });
    else file.constants.set(key, { t: 'num', f: { value: count, text: key, range: rangeOf(e) } });
    (file.enumerators ??= new Set()).add(key);
  }
  const own = (name: string) => file.constants.has(name) || file.classMembers?.has(name) || file.globals?.has(name);
  for (const [name, { value, at }] of values) {
    if (own(name) || value > 0xffffffff) continue;
    (file.enumerators ??= new Set()).add(name);
    file.constants.set(name, { t: 'num', f: { value, text: name, range: rangeOf(at) } });
  }
  // The enums another file of the run defines that the file imported with the functions naming them
  // (imported-functions.ts: `enum ResourceState` of the header a translation helper converts from).
  const fromImports = importedRoot ? enumeratorValues(importedRoot, (value) => {
    const folded = fold(value, file);
    return folded ? toNumber(folded) : null;
  }, insideFunction, scoped) : undefined;
  for (const [name, { value, at }] of importedRoot ? scoped : []) {
    if (!file.constants.has(name) && value <= 0xffffffff) file.constants.set(name, { t: 'num', f: { value, text: name, range: rangeOf(at) } });
  }
  const outside = fromImports ? new Map([...[...fromImports].map(([n, v]): [string, number] => [n, v.value]), ...(external ?? [])]) : external;
  // Enumerators of the run's other files (a header's `enum CopyType`, cli/cross-file.ts), named where they are used.
  for (const [name, value] of outside ?? []) {
    if (own(name) || values.has(name)) continue;
    (file.enumerators ??= new Set()).add(name);
    (file.importedEnumerators ??= new Set()).add(name);
    // NOTE: the range is only a placeholder; a constant's range is never read, only its value (constant-fold.ts).
    file.constants.set(name, { t: 'num', f: { value, text: name, range: { startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } } });
  }
}

/** The file's enumerators outside functions with their values, for the other files of a run (cli/cross-file.ts). */
export function exportedEnumerators(file: FileCtx): [string, number][] {
  const out: [string, number][] = [];
  for (const name of file.enumerators ?? []) {
    const c = file.constants.get(name);
    if (c?.t === 'num' && c.f.value !== null && !file.importedEnumerators?.has(name)) out.push([name, c.f.value]);
  }
  return out;
}

/**
 * Enumerators with their values, file-wide (implicit ones count up from the previous; `valueOf` folds an explicit
 * value and sees the enumerators met so far). A name defined twice, or whose value does not fold, is dropped, and
 * its enum stops there. `skip` leaves whole enums out.
 */
export function enumeratorValues(
  root: SyntaxNode, valueOf: (value: SyntaxNode, known: ReadonlyMap<string, number>) => number | null, skip?: (list: SyntaxNode) => boolean,
  qualified?: Map<string, { value: number; at: SyntaxNode }>,
): Map<string, { value: number; at: SyntaxNode }> {
  const out = new Map<string, { value: number; at: SyntaxNode }>();
  const twiceQualified = new Set<string>();
  const known = new Map<string, number>();
  const twice = new Set<string>();
  for (const list of root.descendantsOfType('enumerator_list')) {
    if (skip?.(list)) continue;
    let next = 0;
    for (const e of list.namedChildren) {
      if (e.type !== 'enumerator') continue;
      const at = e.childForFieldName('name');
      if (!at) continue;
      const valueNode = e.childForFieldName('value');
      const v = valueNode ? valueOf(valueNode, known) : next;
      if (out.has(at.text)) twice.add(at.text);
      if (v === null) {
        twice.add(at.text);
        break;
      }
      out.set(at.text, { value: v, at });
      known.set(at.text, v);
      const scope = enumScope(list);
      if (scope && qualified) {
        const key = `${scope}::${at.text}`;
        if (qualified.has(key)) twiceQualified.add(key);
        qualified.set(key, { value: v, at });
      }
      next = v + 1;
    }
  }
  for (const n of twice) out.delete(n);
  for (const n of twiceQualified) qualified?.delete(n);
  return out;
}

/**
 * The name an enumerator is spelt with when its bare name is not enough: the enum's (`Layout::ShaderResource`), or
 * for an unnamed enum the namespace's around it (`namespace AccessBits { enum : uint16_t { … }; }`).
 */
function enumScope(list: SyntaxNode): string | undefined {
  const named = list.parent?.type === 'enum_specifier' ? list.parent.childForFieldName('name')?.text : undefined;
  if (named) return named.replace(/\s+/g, '').split('::').pop();
  for (let p = list.parent; p; p = p.parent) {
    if (p.type === 'namespace_definition') return p.childForFieldName('name')?.text;
    if (p.type !== 'enum_specifier' && p.type !== 'declaration' && p.type !== 'declaration_list' && p.type !== 'type_definition') return undefined;
  }
  return undefined;
}

/** Whether a node stands inside a function or lambda body (a local, not the file's). */
export function insideFunction(n: SyntaxNode): boolean {
  for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition' || p.type === 'lambda_expression') return true;
  return false;
}

/**
 * Whether the file names the macro anywhere but in preprocessor directives (`#ifndef NAME` / `#define NAME …`): a
 * macro nothing expands puts its body in no code, so an unknown name in it breaks nothing in this file.
 */
function usedOutsideDirectives(text: string, name: string): boolean {
  const word = new RegExp(`\\b${name.replace(/[^\w]/g, '')}\\b`);
  // The directive a line belongs to (continued by a trailing backslash): the macro another `#define` defines, if any.
  let directive: { defines: string | null } | null = null;
  for (const line of text.split(/\r?\n|\r/)) {
    const starts = !directive && /^\s*#/.test(line);
    if (starts) directive = { defines: /^\s*#\s*define\s+(\w+)/.exec(line)?.[1] ?? null };
    const body = starts && directive?.defines ? line.replace(/^\s*#\s*define\s+\w+/, '') : line;
    // Code, or the body of another macro (which may be expanded in code).
    if ((!directive || (directive.defines !== null && directive.defines !== name)) && word.test(body)) return true;
    if (directive && !/\\\s*$/.test(line)) directive = null;
  }
  return false;
}

/**
 * A body that is one integer literal the grammar reads as a `number_literal` without error: hexadecimal, octal (no 8
 * or 9: `09` is an error) or decimal digits with a C suffix (`u`, `l`, `ll` and their combinations; other letter runs
 * are user-defined literals). NOTE: kept to forms checked against the parser (test/unit/define-literals.test.ts).
 */
export const INTEGER_LITERAL = /^(?:0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)(?:[uU](?:ll|LL|[lL])?|(?:ll|LL|[lL])[uU]?)?$/;

/** `BARRIERLINT_DEFINE_LITERALS=0` parses every #define body (the equality test of test/unit/define-literals.test.ts). */
export const DEFINE_LITERALS_ENV = 'BARRIERLINT_DEFINE_LITERALS';

function defineLiteralsOn(): boolean {
  return process.env[DEFINE_LITERALS_ENV] !== '0';
}

/** A #define body is folded as an expression; function-like macros and non-constant bodies are skipped. */
function defineConstant(file: FileCtx, name: string, body: string, range: ReturnType<typeof rangeOf>, pc: boolean): void {
  const text = body.replace(/\/\/.*$/, '').replace(/\\\n/g, ' ').trim();
  if (!text || text.length > 200) return;
  if (defineLiteralsOn() && INTEGER_LITERAL.test(text)) {
    // What the probe below gives for one integer literal (its tree is that number_literal, folded by parseNumber),
    // without parsing it: a header like glew.h has ~10,000 of them (test/unit/define-literals.test.ts).
    const folded = parseNumber(text);
    if (folded) file.constants.set(name, { t: 'num', f: { value: toNumber(folded), text, range } });
    return;
  }
  const source = `auto __bl = ${text};`;
  const tree = parseCpp(source);
  const root = new NodeDoc(source).root(tree);
  const value = root.descendantsOfType('init_declarator')[0]?.childForFieldName('value');
  if (!value || root.hasError) return;
  // Problems found inside the probe tree are re-anchored on the #define body. The probe has no preprocessor context:
  // an Xbox-only name in a #define that not every PC build compiles (`#ifdef _GAMING_XBOX`, `#ifndef
  // D3D12_TEXTURE_DATA_PITCH_ALIGNMENT` — a fallback for headers that lack the PC name) is no PC error (provablyPc).
  const scratch: FileCtx = { ...file, problems: [], reported: new Set() };
  const folded = fold(value, scratch);
  if (!pc) scratch.problems = scratch.problems.filter((p) => !isXboxIdentifier(p.text));
  const unused = scratch.problems.length > 0 && !usedOutsideDirectives(file.text, name);
  for (const p of scratch.problems) file.problems.push({ ...p, range, definition: true, ...(unused ? { unusedMacro: true } : {}) });
  if (folded) file.constants.set(name, { t: 'num', f: { value: toNumber(folded), text, range } });
}
