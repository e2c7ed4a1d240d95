// Base classes another file of a run declares. A wrapper's barrier-returning method is often defined once for a base
// class (`D3D12_RESOURCE_BARRIER ResourceBase::Transition(D3D12_RESOURCE_STATES to)` in resource.cpp) and called on a
// member of a derived class that a header declares (`class Texture2D : public ResourceBase` in texture.h,
// `Texture2D m_output;` in the app): the file calling it declares no base for `Texture2D`, so the method's template
// (helper-templates.ts instantiateOnReceiver) did not apply and the transition was unknown. The run (cli/cross-file.ts)
// and the editor's workspace (track/workspace.ts) give a file the bases other files declare for the classes its text
// names, with their own bases in turn; the file's own declaration of a class's bases wins.
import { basesOf } from './types';

/** The identifiers of a text (every word that could name a class). */
function identifiersOf(text: string): Set<string> {
  return new Set(text.match(/[A-Za-z_]\w*/g) ?? []);
}

/**
 * The bases `entries` (class → its direct bases, from other files) declare for the classes `text` names, with the
 * entries of those bases in turn; undefined when the text names none of them.
 */
export function basesNamedIn(text: string, entries: Iterable<readonly [string, readonly string[]]>): Map<string, string[]> | undefined {
  const all = new Map<string, string[]>();
  for (const [c, bs] of entries) all.set(c, [...new Set([...all.get(c) ?? [], ...bs])]);
  if (all.size === 0) return undefined;
  const out = new Map<string, string[]>();
  for (const word of identifiersOf(text)) {
    if (!all.has(word) || out.has(word)) continue;
    for (const c of [word, ...basesOf(word, all)]) if (all.has(c) && !out.has(c)) out.set(c, all.get(c)!);
  }
  return out.size ? out : undefined;
}

/** A class's bases, transitively: as the file declares them, and for a class it declares none of, as the run does. */
export function receiverBasesOf(cls: string, file: { classBases?: ReadonlyMap<string, readonly string[]>; importedBases?: ReadonlyMap<string, readonly string[]> }): string[] {
  if (!file.importedBases?.size) return basesOf(cls, file.classBases);
  const merged = new Map(file.importedBases);
  for (const [c, bs] of file.classBases ?? []) merged.set(c, bs);
  return basesOf(cls, merged);
}
