// The frame invariant (track/frame-invariant.ts) runs in whole-file analyses only: its answer depends on every
// method that mentions a member, on who calls the frame method, and on what the helpers it calls do. The editor's
// function-only analysis keeps the other functions' findings and re-runs the edited one in a reduced document, so
// it must decline (the whole file is analysed instead) wherever an edit could change a frame finding:
//  - the edited function, before the edit, mentions a watched name, or is reached by the calls of one that does
//    (its body then is part of that method's run);
//  - after the edit, it mentions a watched name, or creates a resource (a member may become created).
// Watched names (extract/frame-members.ts FrameScope): the members the file creates, the functions that name a
// barrier, the functions that create a member. Decided on text, so a function that merely spells one declines too.
import type { FileFacts } from '../extract/facts';
import { CALLED, type FunctionSpan } from './function-spans';
import type { Range } from '../types';

/** What the whole-file analysis leaves for the next function-only analyses to check. */
export interface FrameWatch {
  /** The watched names, as one word pattern (null: none). */
  words: string | null;
  /** Indices of the spans that mention one, and of every span their calls reach by name. */
  spans: number[];
}

const CREATION_CALL = /Create(?:Committed|Placed|Reserved)Resource/;

const wordsOf = (facts: FileFacts): string[] => {
  const s = facts.frameScope;
  return s ? [...new Set([...s.created, ...s.movers, ...s.creators])].filter((n) => /^[A-Za-z_]\w*$/.test(n)) : [];
};

const patternOf = (words: string | null): RegExp | null => (words ? new RegExp(`\\b(?:${words})\\b`) : null);

/** The watch of a whole-file analysis: `textOf` gives a span's text. */
export function frameWatchOf(facts: FileFacts, spans: readonly FunctionSpan[], textOf: (r: Range) => string): FrameWatch {
  const names = wordsOf(facts);
  const words = names.length ? names.join('|') : null;
  const pattern = patternOf(words);
  if (!pattern) return { words, spans: [] };
  const texts = spans.map((s) => textOf(s.range));
  const byName = new Map<string, number[]>();
  spans.forEach((s, i) => byName.set(s.name, [...(byName.get(s.name) ?? []), i]));
  const seen = new Set<number>();
  const todo = texts.flatMap((t, i) => (pattern.test(t) ? [i] : []));
  for (const i of todo) seen.add(i);
  while (todo.length) {
    const i = todo.pop()!;
    for (const m of texts[i].matchAll(CALLED)) {
      for (const j of byName.get(m[1]) ?? []) if (!seen.has(j)) { seen.add(j); todo.push(j); }
    }
  }
  return { words, spans: [...seen].sort((a, b) => a - b) };
}

/** Whether the function-only analysis of span `focus`, whose text is now `text`, must give way to the whole file. */
export function frameDeclines(watch: FrameWatch | undefined, focus: number, text: string): boolean {
  if (!watch) return true;
  if (watch.spans.includes(focus) || CREATION_CALL.test(text)) return true;
  return patternOf(watch.words)?.test(text) ?? false;
}
