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

/** The texts of the file's getters the collectors accepted, by name (the file's export to other files of a run). */
export function getterDefinitions(bodies: readonly GetterCandidate[], accepted: ReadonlyArray<ReadonlyMap<string, unknown> | undefined>): [string, string][] {
  const names = new Set(accepted.flatMap((m) => (m ? [...m.keys()] : [])));
  if (names.size === 0) return [];
  const out: [string, string][] = [];
  for (const b of bodies) {
    if (!names.has(b.name) || b.node.text.length > MAX_DEFINITION) continue;
    names.delete(b.name);
    out.push([b.name, b.node.text]);
  }
  return out;
}

/**
 * The imported definitions the file does not define itself, parsed as one small translation unit: candidates for the
 * getter collectors (never functions of the file). `candidates` reads a parsed root's function definitions.
 */
export function importedGetterBodies(defs: ReadonlyMap<string, string> | undefined, own: readonly GetterCandidate[], candidates: (root: SyntaxNode) => GetterCandidate[]): GetterCandidate[] {
  if (!defs?.size) return [];
  const ownNames = new Set(own.map((b) => b.name));
  const texts = [...defs].filter(([name, text]) => !ownNames.has(name) && text.length <= MAX_DEFINITION).map(([, text]) => text);
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
