// Functions another file of a run defines that a file's extraction uses at its calls: an RHI's barrier translation
// helper (`CommandList::Barrier(descs, n)` in d3d12_command_list.cpp, walked in place: inline-helpers.ts) and the
// conversions it and its callers use (`ToD3D12State(s)`: conversion-calls.ts), called from renderer.cpp. Each file
// exports the texts of the helpers it could walk in place, of its conversions that return barrier values (inside
// their namespaces), of its records, enums and namespace-scope constants, and the names it calls without defining
// them; the CLI's cross-file pass (cli/cross-file.ts) and the editor's workspace index (track/workspace.ts) give a
// file the definitions it calls and what they reach (function-imports.ts), parsed here into one small tree. The file's
// own definition of a name wins (even one that is no helper). While such a body is walked at a call, every range read
// from its document is the call's (NodeDoc.anchor): nothing the walk records points into text the file does not have.
import { parseCpp } from '../parse/parser';
import { NodeDoc } from './node';
import type { SyntaxNode } from './node';
import type { Range } from '../types';
import { calledIn, CLASS, CONSTANT, ENUM, RECORD } from './function-imports';
import { insideFunction } from './constants';

/** Exported definitions longer than this are no translation helpers or conversions (inline-helpers/conversion-calls bound them lower). */
const MAX_DEFINITION = 6000;
/**
 * The D3D12 types whose values barrier rules read: a conversion returning one is exported on its own (a blend or
 * filter conversion is not; one a helper calls goes with the helper whatever it returns).
 */
const BARRIER_VALUE_TYPE = /\bD3D12_(?:RESOURCE_STATES|BARRIER_(?:SYNC|ACCESS|LAYOUT)|RESOURCE_BARRIER_FLAGS|TEXTURE_BARRIER_FLAGS|COMMAND_LIST_TYPE|HEAP_TYPE)\b/;
/** What one file exports at most (characters of definition text). */
const MAX_EXPORT = 60000;

interface Imported {
  root: SyntaxNode;
  doc: NodeDoc;
}

/** A file's root → the tree of the functions it imported; an imported root → its document. */
const importedOf = new WeakMap<SyntaxNode, Imported>();
const docOf = new WeakMap<SyntaxNode, NodeDoc>();

/** Parses the definitions a file imports (by name: their text) as one unit seen from the file's root. */
export function importFunctions(root: SyntaxNode, defs: ReadonlyMap<string, string> | undefined): void {
  if (!defs?.size) return;
  // A class's lifetime (`class Name` → its flags) is no definition to parse (importedClasses).
  const source = [...defs].filter(([k, t]) => !k.startsWith(CLASS) && t.length <= MAX_DEFINITION).map(([, t]) => t).join('\n');
  const doc = new NodeDoc(source);
  const imported = doc.root(parseCpp(source));
  importedOf.set(root, { root: imported, doc });
  docOf.set(imported, doc);
}

/** The lifetimes of classes other files of the run define that a file imported (`class Name` entries), by class name. */
export function importedClasses(defs: ReadonlyMap<string, string> | undefined): Map<string, string> | undefined {
  const out = new Map<string, string>();
  for (const [key, text] of defs ?? []) if (key.startsWith(CLASS)) out.set(key.slice(CLASS.length), text);
  return out.size ? out : undefined;
}

/** `name` as `table` reads it in the file of `root`, else in the functions the file imported. */
export function ownOrImported<T>(root: SyntaxNode, table: (r: SyntaxNode) => ReadonlyMap<string, T | null>, name: string): T | null | undefined {
  const own = table(root);
  if (own.has(name)) return own.get(name);
  const other = importedOf.get(root);
  return other ? table(other.root).get(name) : undefined;
}

/**
 * Runs `walk` with the ranges of `root`'s document standing at `at` when `root` is an imported tree. The anchor
 * stays at the last call afterwards: a range read later from a value still points into the caller's file.
 */
export function anchoredAt<T>(root: SyntaxNode, at: Range, walk: () => T): T {
  const doc = docOf.get(root);
  if (!doc) return walk();
  const outer = doc.anchor;
  doc.anchor = at;
  try {
    return walk();
  } finally {
    if (outer) doc.anchor = outer;
  }
}

/** The records the file imported (with the functions: `struct Name` entries), parsed with them. */
export function importedRecordRoot(root: SyntaxNode): SyntaxNode | undefined {
  return importedOf.get(root)?.root;
}


/**
 * What a file exports to the other files of a run: its helpers walked in place (`helpers`), the conversions they call
 * and its conversions returning a D3D12 value (`conversions`), its helpers building barriers for their callers
 * (`barrierHelpers`), by name with their definition's text; bounded.
 */
export function exportedDefinitions(
  helpers: ReadonlyMap<string, SyntaxNode>, conversions: ReadonlyMap<string, SyntaxNode>, records: ReadonlyMap<string, SyntaxNode>, enums: ReadonlyMap<string, SyntaxNode>,
  constants: ReadonlyMap<string, SyntaxNode> = new Map(), barrierHelpers: ReadonlyMap<string, SyntaxNode> = new Map(),
): [string, string][] {
  const out = new Map<string, string>();
  let size = 0;
  const fits = (name: string, text: string) => !out.has(name) && text.length <= MAX_DEFINITION && size + text.length <= MAX_EXPORT;
  // The records (`struct ResourceBarrierDesc { … }`) a caller fills for the helpers, under `struct Name`, and the enums
  // (`enum class ResourceState { … }`) the conversions switch over, under `enum Name`.
  // and the numbers (`constexpr Flags kUsageStorage = 0x4;`) they test, under `const name`.
  for (const [prefix, specs] of [[RECORD, records], [ENUM, enums], [CONSTANT, constants]] as const) {
    for (const [name, spec] of specs) {
      const text = spec.type === 'declaration' ? spec.text : `${spec.text};`;
      if (!fits(`${prefix}${name}`, text)) continue;
      out.set(`${prefix}${name}`, text);
      size += text.length;
    }
  }
  const add = (name: string, def: SyntaxNode) => {
    const text = inNamespaces(def);
    if (!fits(name, text)) return;
    out.set(name, text);
    size += text.length;
    for (const called of calledIn(def.childForFieldName('body')?.text ?? '')) {
      const c = conversions.get(called);
      if (c) add(called, c);
    }
  };
  for (const [name, def] of helpers) add(name, def);
  // The helpers building barriers for their callers (`Make_Barrier(res, from, to)`, `Fill(&b, …)`): imported-helpers.ts.
  for (const [name, def] of barrierHelpers) add(name, def);
  for (const [name, def] of conversions) if (BARRIER_VALUE_TYPE.test(def.childForFieldName('type')?.text ?? '')) add(name, def);
  return [...out];
}

/** The names the file calls that it does not define (sorted): candidates for other files' definitions. */
export function calledElsewhere(text: string, own: ReadonlySet<string>): string[] {
  return [...calledIn(text)].filter((n) => !own.has(n)).sort();
}

/** The named enums of the file outside functions (a name defined twice is left out), by name: their specifiers. */
export function enumSpecifiers(root: SyntaxNode): Map<string, SyntaxNode> {
  const out = new Map<string, SyntaxNode>();
  const twice = new Set<string>();
  for (const spec of root.descendantsOfType('enum_specifier')) {
    const name = spec.childForFieldName('name')?.text;
    if (!name || !spec.childForFieldName('body') || insideFunction(spec)) continue;
    if (out.has(name)) twice.add(name);
    out.set(name, spec);
  }
  for (const n of twice) out.delete(n);
  return out;
}

/** A definition's text inside the namespaces around it (`gfx::UsageToState(…)` still names it where it is imported). */
function inNamespaces(def: SyntaxNode): string {
  let text = def.text;
  for (let p = def.parent; p; p = p.parent) {
    const name = p.type === 'namespace_definition' ? p.childForFieldName('name')?.text : undefined;
    if (name) text = `namespace ${name} {\n${text}\n}`;
  }
  return text;
}
