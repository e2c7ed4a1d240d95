// The frame invariant (track/frame-invariant.ts) runs in whole-file analyses only: its answer depends on every
// method that mentions a member, on who calls the frame method, and on what the helpers it calls do. The editor's
// function-only analysis keeps the other functions' findings and re-runs the edited one in a reduced document, so
// it must decline (the whole file is analysed instead) wherever an edit could change a frame finding or a frame
// member (extract/frame-members.ts: a created member all of whose moving mentions, outside its creating functions,
// lie in one method):
//  - the file has frame members, and the edited function, before the edit, mentions one of their words (the member,
//    its method, the functions creating it) or is reached by the calls of one that does (its body is then part of
//    that method's run), or mentions one after the edit;
//  - before the edit, it was one of at most two movers of a created member (the edit may leave one, whose
//    properties then decide);
//  - after the edit, it mentions a created member nothing moved (it may have become its one mover), or it creates
//    other names than before (a member may become created, or its creating functions change).
// A member with more movers can only lose movers' mentions one edit at a time: it keeps two or more. Decided on
// text, so a function that merely spells a name declines too.
import type { FileFacts } from '../extract/facts';
import { CALLED, type FunctionSpan } from './function-spans';
import type { Range } from '../types';

/** What the whole-file analysis leaves for the next function-only analyses to check. */
export interface FrameWatch {
  /** The frame members' words, as one word pattern (null: none). */
  words: string | null;
  /** Indices of the spans that mention one, and of every span their calls reach by name. */
  spans: number[];
  /** Indices of the spans that are one of at most two movers of a created member. */
  movers: number[];
  /** The created members nothing moves. */
  unmoved: string[];
  /** Per span index, the names its text creates (creationTargets), for spans that create any. */
  makes: Record<number, string>;
}

const CREATION_CALL = /Create(?:Committed|Placed|Reserved)Resource/;
const TARGET = /IID_PPV_ARGS\s*\(\s*&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)|(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\.\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\)/g;

/** The names a text hands to resource creations, sorted and joined ('' when it has no creation call). */
function creationTargets(text: string): string {
  if (!CREATION_CALL.test(text)) return '';
  return [...new Set([...text.matchAll(TARGET)].map((m) => m[1] ?? m[2]))].sort().join(',');
}

const IDENTIFIER = /^[A-Za-z_]\w*$/;
const patternOf = (words: readonly string[]): RegExp | null => {
  const ok = words.filter((w) => IDENTIFIER.test(w));
  return ok.length ? new RegExp(`\\b(?:${ok.join('|')})\\b`) : null;
};

const before = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 <= c2);
/** `inner` lies within `outer` (a method defined in a class body is inside the class's span, if that is the span). */
const within = (inner: Range, outer: Range): boolean =>
  before(outer.startLine, outer.startColumn, inner.startLine, inner.startColumn) && before(inner.endLine, inner.endColumn, outer.endLine, outer.endColumn);

/** The watch of a whole-file analysis: `textOf` gives a span's text. */
export function frameWatchOf(facts: FileFacts, spans: readonly FunctionSpan[], textOf: (r: Range) => string): FrameWatch {
  const scope = facts.frameScope;
  const texts = spans.map((s) => textOf(s.range));
  const makes: Record<number, string> = {};
  texts.forEach((t, i) => {
    const names = creationTargets(t);
    if (names) makes[i] = names;
  });
  const movers = scope ? spans.flatMap((s, i) => (scope.movers.some((m) => m.fragile && within(m.range, s.range)) ? [i] : [])) : [];
  const words = scope && facts.frameMembers?.length ? scope.candidateWords.filter((w) => IDENTIFIER.test(w)) : [];
  const pattern = patternOf(words);
  const seen = new Set<number>();
  if (pattern) {
    const byName = new Map<string, number[]>();
    spans.forEach((s, i) => byName.set(s.name, [...(byName.get(s.name) ?? []), i]));
    const todo = texts.flatMap((t, i) => (pattern.test(t) ? [i] : []));
    for (const i of todo) seen.add(i);
    while (todo.length) {
      const i = todo.pop()!;
      for (const m of texts[i].matchAll(CALLED)) {
        for (const j of byName.get(m[1]) ?? []) if (!seen.has(j)) { seen.add(j); todo.push(j); }
      }
    }
  }
  return {
    words: words.length ? words.join('|') : null, spans: [...seen].sort((a, b) => a - b), movers, unmoved: scope?.unmoved ?? [], makes,
  };
}

/** Whether the function-only analysis of span `focus`, whose text is now `text`, must give way to the whole file. */
export function frameDeclines(watch: FrameWatch | undefined, focus: number, text: string): boolean {
  if (!watch) return true;
  if (watch.spans.includes(focus) || watch.movers.includes(focus)) return true;
  if (watch.words && patternOf(watch.words.split('|'))?.test(text)) return true;
  const made = creationTargets(text);
  if (made !== (watch.makes[focus] ?? '')) return true;
  const own = new Set(made.split(','));
  return patternOf(watch.unmoved.filter((n) => !own.has(n)))?.test(text) ?? false;
}
