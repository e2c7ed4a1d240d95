// Getters another file of a run defines — most often inline in a class's header: `ID3D12Resource* GetResource()
// const { return m_pResource; }`, `D3D12_CPU_DESCRIPTOR_HANDLE GetRTV() const { return m_RTVHandle; }` (MiniEngine's
// GpuResource.h and ColorBuffer.h). A .cpp that calls them through an object (`Resource.GetResource()` in a context's
// TransitionResource, `Target.GetRTV()` in its ClearColor) names the object's member only when it knows the getter's
// one return expression. Each file exports the text of the one-return getters the collectors accepted
// (resource-getters.ts, descriptors.ts handleGetters) and the names it calls that it does not define as getters;
// the CLI's cross-file pass (cli/cross-file.ts) extracts a file again with the definitions it lacked, parsed here
// into a small tree of their own. The file's own definitions win over imported ones of the same name.
import { parseCpp } from '../parse/parser';
import { NodeDoc } from './node';
import type { SyntaxNode } from './node';
import type { GetterCandidate } from './resource-getters';

/** Imported definitions longer than this are not getters worth parsing (one return statement). */
const MAX_DEFINITION = 400;

/**
 * The texts of the file's getters the collectors accepted, by name (the file's export to other files of a run), and
 * by class (`Texture::Native`): two classes of a run with getters of one name and different bodies give nothing by
 * name, and the importing file chooses by its receiver's class (resources.ts).
 */
export function getterDefinitions(bodies: readonly GetterCandidate[], accepted: ReadonlyArray<ReadonlyMap<string, unknown> | undefined>): [string, string][] {
  const names = new Set(accepted.flatMap((m) => (m ? [...m.keys()] : [])));
  if (names.size === 0) return [];
  const out: [string, string][] = [];
  const classed = new Set<string>();
  for (const b of bodies) {
    if (!names.has(b.name) || b.node.text.length > MAX_DEFINITION) continue;
    const cls = getterClass(b);
    if (cls && !classed.has(`${cls}::${b.name}`)) {
      classed.add(`${cls}::${b.name}`);
      out.push([`${cls}::${b.name}`, b.node.text]);
    }
    if (out.some(([n]) => n === b.name)) continue;
    out.push([b.name, b.node.text]);
  }
  return out;
}

/** The class (last name of its scope) a getter is a method of: `Texture` for `Texture::Native` or `gfx::Texture::Native`. */
function getterClass(b: GetterCandidate): string | undefined {
  const parts = b.qualified?.split('::') ?? [];
  return parts.length >= 2 && /^[A-Za-z_]\w*$/.test(parts[parts.length - 2]) ? parts[parts.length - 2] : undefined;
}

/** `Texture::Native` → ['Texture', 'Native']; undefined for a bare name. */
export function classGetterKey(key: string): [string, string] | undefined {
  const at = key.lastIndexOf('::');
  return at > 0 ? [key.slice(0, at), key.slice(at + 2)] : undefined;
}

/**
 * The imported definitions the file does not define itself, parsed as one small translation unit: candidates for the
 * getter collectors (never functions of the file). `candidates` reads a parsed root's function definitions.
 */
export function importedGetterBodies(defs: ReadonlyMap<string, string> | undefined, own: readonly GetterCandidate[], candidates: (root: SyntaxNode) => GetterCandidate[]): GetterCandidate[] {
  if (!defs?.size) return [];
  const ownNames = new Set(own.map((b) => b.name));
  const texts = [...defs].filter(([name, text]) => !name.includes('::') && !ownNames.has(name) && text.length <= MAX_DEFINITION).map(([, text]) => text);
  if (texts.length === 0) return [];
  const source = texts.join('\n');
  const root = new NodeDoc(source).root(parseCpp(source));
  return candidates(root).filter((c) => !ownNames.has(c.name) && defs.has(c.name));
}

/** A method called on an object (`x.Name(`, `x->Name(`) or a parameterless call (`Name()`, `Name(void)`). */
const CALLED = /(?:\.|->)\s*([A-Za-z_]\w*)\s*\(|\b([A-Za-z_]\w*)\s*\(\s*(?:void\s*)?\)/g;

/**
 * The names the file calls the way a getter is called that the file does not define as one (sorted): read from the
 * text, not from the extraction, so that a function whose facts came from the function cache counts the same.
 */
export function calledGetterNames(text: string, own: ReadonlyArray<ReadonlyMap<string, unknown> | undefined>): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(CALLED)) names.add(m[1] ?? m[2]);
  for (const map of own) for (const name of map?.keys() ?? []) names.delete(name);
  return [...names].sort();
}

/**
 * The imported definitions keyed by class (`Texture::Native`) whose name the file does not define, each parsed on its
 * own: candidates for the getter collectors, by class (the importing file chooses by its receiver's class).
 */
export function importedClassGetterBodies(defs: ReadonlyMap<string, string> | undefined, own: readonly GetterCandidate[], candidates: (root: SyntaxNode) => GetterCandidate[]): Map<string, GetterCandidate[]> {
  const out = new Map<string, GetterCandidate[]>();
  const ownNames = new Set(own.map((b) => b.name));
  for (const [key, text] of defs ?? []) {
    const k = classGetterKey(key);
    if (!k || ownNames.has(k[1]) || text.length > MAX_DEFINITION) continue;
    const root = new NodeDoc(text).root(parseCpp(text));
    const found = candidates(root).filter((c) => c.name === k[1]);
    if (found.length) out.set(k[0], [...out.get(k[0]) ?? [], ...found]);
  }
  return out;
}
