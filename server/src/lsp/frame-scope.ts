// The frame invariant (track/frame-invariant.ts) decides on the whole file: which members one method alone moves
// (extract/frame-members.ts), whether that method and the functions creating them run every frame (their callers),
// and what the method's run does. The editor's function-only analysis re-runs the edited function in a reduced
// document and keeps the other functions' findings, so it must give the whole file's answer:
//  - an edited frame method is run with what the whole file decided of it (FrameWatch.carry: the members it alone
//    moves, given it and their creating functions run as they did); its own text, what its calls reach and the
//    creations are read again from the reduced document (frame-invariant.ts frameEntryCandidates);
//  - a helper a frame method calls is re-checked through its callers (caller-recheck.ts), with the same carry;
//  - the analysis declines (the whole file is analysed instead) where an edit could change what was carried: the
//    edited function mentions, after the edit, a word of another frame method (its name: a new caller; the names of
//    the functions creating its members), creates other names than before, or mentions a created member nothing
//    moved; or, as its reduced document reads it, it holds moving mentions of other created members than before
//    (movedAsBefore: a member may have gained or lost its one mover); or it is one a first-call finding depends on
//    (the frame method, a function it reaches, a function creating its member: FrameWatch.firsts).
// Decided partly on text, so a function that merely spells a name declines too.
import type { FileFacts } from '../extract/facts';
import { CREATION_TEXT } from '../extract/settled-members';
import { firstCallScope, frameCarryOf, soleMoverCandidates, type FrameCarry } from '../track/frame-invariant';
import type { FunctionSpan } from './function-spans';
import type { Range } from '../types';

/** What the whole-file analysis leaves for the next function-only analyses to check. */
export interface FrameWatch {
  /**
   * Per frame method (its span): the words whose mention elsewhere can change its answer (its name: a new caller;
   * the functions creating its members: a new caller of those). An edit of a helper it calls changes its run: the
   * callers' re-check (caller-recheck.ts) runs it again, with what it carries (FrameWatch.carry).
   */
  groups: { span: number; words: string[] }[];
  /** Per span, the created members it holds a moving mention of (sorted, joined). */
  movers: Record<number, string>;
  /** The created members nothing moves. */
  unmoved: string[];
  /** Per span index, the names its text creates (creationTargets), for spans that create any. */
  makes: Record<number, string>;
  /** Per span (a method itself), what its function-only analysis needs to decide its frame members (FrameCarry). */
  carry: Record<number, string[]>;
  /**
   * The spans whose edit can change a first-call finding (frame-invariant.ts firstCallScope: the frame method, what
   * its calls reach, the functions creating its members): their edits are analysed with the whole file.
   */
  firsts?: number[];
}

const TARGET = /IID_PPV_ARGS\s*\(\s*&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)|(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\.\s*(?:GetAddressOf|ReleaseAndGetAddressOf|put)\s*\(\s*\)/g;

/** The names a text hands to resource creations, sorted and joined ('' when it has no creation call). */
function creationTargets(text: string): string {
  if (!CREATION_TEXT.test(text)) return '';
  return [...new Set([...text.matchAll(TARGET)].map((m) => m[1] ?? m[2]))].sort().join(',');
}

const IDENTIFIER = /^[A-Za-z_]\w*$/;
const patternOf = (words: readonly string[]): RegExp | null => {
  const ok = words.filter((w) => IDENTIFIER.test(w));
  return ok.length ? new RegExp(`\\b(?:${ok.join('|')})\\b`) : null;
};

const before = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 <= c2);
/** `inner` lies within `outer`. */
const within = (inner: Range, outer: Range): boolean =>
  before(outer.startLine, outer.startColumn, inner.startLine, inner.startColumn) && before(inner.endLine, inner.endColumn, outer.endLine, outer.endColumn);
const sameStart = (a: Range, b: Range): boolean => a.startLine === b.startLine && a.startColumn === b.startColumn;

/** The created members the definitions inside `range` hold moving mentions of, sorted and joined. */
export function moverNamesIn(facts: FileFacts | undefined, range: Range): string {
  const names = (facts?.frameScope?.movers ?? []).filter((m) => within(m.range, range)).flatMap((m) => m.names);
  return [...new Set(names)].sort().join(',');
}

/** The watch of a whole-file analysis: `textOf` gives a span's text. */
export function frameWatchOf(facts: FileFacts, spans: readonly FunctionSpan[], textOf: (r: Range) => string): FrameWatch {
  const scope = facts.frameScope;
  const texts = spans.map((s) => textOf(s.range));
  const makes: Record<number, string> = {};
  const movers: Record<number, string> = {};
  texts.forEach((t, i) => {
    const names = creationTargets(t);
    if (names) makes[i] = names;
    const moved = moverNamesIn(facts, spans[i].range);
    if (moved) movers[i] = moved;
  });
  const groups: FrameWatch['groups'] = [];
  // Every method that alone moves a member, per frame or not: the first call needs no frame (firstCallMembers).
  for (const [fn, members] of soleMoverCandidates(facts)) {
    const span = spans.findIndex((s) => within(fn.range, s.range));
    if (span < 0) continue;
    const words = [fn.name, ...members.flatMap((m) => scope?.makers[m] ?? [])];
    groups.push({ span, words: [...new Set(words)].sort() });
  }
  const carry: Record<number, string[]> = {};
  for (const c of frameCarryOf(facts)) {
    const span = spans.findIndex((s) => sameStart(s.range, c.range));
    if (span >= 0) carry[span] = c.members;
  }
  const firsts = [...new Set(firstCallScope(facts).map((r) => spans.findIndex((s) => within(r, s.range))).filter((i) => i >= 0))].sort((a, b) => a - b);
  return { groups, movers, unmoved: scope?.unmoved ?? [], makes, carry, ...(firsts.length ? { firsts } : {}) };
}

/**
 * Whether the function-only analysis of span `focus` (named `name`), whose text is now `text`, must give way to the
 * whole file before it runs (see the header; movedAsBefore is the check after it runs).
 */
export function frameDeclines(watch: FrameWatch | undefined, focus: number, name: string, text: string): boolean {
  if (!watch || watch.firsts?.includes(focus)) return true;
  for (const g of watch.groups) {
    if (g.span === focus) continue;
    if (patternOf(g.words.filter((w) => w !== name))?.test(text)) return true;
  }
  const made = creationTargets(text);
  if (made !== (watch.makes[focus] ?? '')) return true;
  const own = new Set(made.split(','));
  return patternOf(watch.unmoved.filter((n) => !own.has(n)))?.test(text) ?? false;
}

/** Whether the edited function, as its reduced document reads it, moves the same created members as before. */
export function movedAsBefore(watch: FrameWatch, focus: number, facts: FileFacts | undefined, range: Range): boolean {
  return moverNamesIn(facts, range) === (watch.movers[focus] ?? '');
}

/** The carried frame members of span `focus`, at `range` (its place now). */
export function frameCarryFor(watch: FrameWatch | undefined, focus: number, range: Range): FrameCarry[] {
  const members = watch?.carry[focus];
  return members?.length ? [{ range, members }] : [];
}
