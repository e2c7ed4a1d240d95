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
//    (movedAsBefore: a member may have gained or lost its one mover); or it creates a member one method alone moves and
//    names other resource states than before (the first call's state: FrameWatch.firsts).
// Decided partly on text, so a function that merely spells a name declines too.
import type { FileFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { CREATION_TEXT } from '../extract/settled-members';
import { firstCallScope, frameCarryOf, soleMoverCandidates, type FrameCarry } from '../track/frame-invariant';
import { replayedLists } from '../track/replayed-lists';
import type { FunctionSpan } from './function-spans';
import type { Range } from '../types';
import { FILLING_ACCESSORS } from '../model/smart-pointers';

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
  /** Per span (a method itself), the members whose first call the whole file checks there (FrameCarry.firsts). */
  carryFirsts?: Record<number, string[]>;
  /**
   * Per span creating a member that one method alone moves (frame-invariant.ts firstCallScope), the state names its
   * text holds: an edit that changes them can change that method's first-call finding, and is analysed with the
   * whole file.
   */
  firsts?: Record<number, string>;
  /**
   * The arrays `GetBuffer` fills and the functions of the file handed elements of the sealed ones
   * (track/back-buffer-entry.ts, whole-file only), set in a file with a sealed array: a function naming one, or
   * `GetBuffer`, is analysed with the file.
   */
  swapChains?: string[];
  /**
   * The command lists recorded once and executed by a presenting function (track/replayed-lists.ts, whole-file only),
   * with the names of those functions and of the functions recording the lists: a function naming one is analysed
   * with the file.
   */
  replayed?: string[];
}

const STATE_NAMES = /\bD3D12_RESOURCE_STATE_\w+/g;
const COMMENTS = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
/** The resource-state names and creation targets of a text outside its comments, in order, joined. */
const stateNames = (text: string): string => {
  const code = text.replace(COMMENTS, ' ');
  return `${(code.match(STATE_NAMES) ?? []).join(',')}|${creationTargets(code)}`;
};

const TARGET = new RegExp(String.raw`IID_PPV_ARGS\s*\(\s*&\s*(?:this\s*->\s*)?([A-Za-z_]\w*)|(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\.\s*(?:${FILLING_ACCESSORS})\s*\(\s*\)`, 'g');

/** The names a text hands to resource creations, sorted and joined ('' when it has no creation call). */
function creationTargets(text: string): string {
  if (!CREATION_TEXT.test(text)) return '';
  return [...new Set([...text.matchAll(TARGET)].map((m) => m[1] ?? m[2]))].sort().join(',');
}

const IDENTIFIER = /^[A-Za-z_]\w*$/;
const GET_BUFFER = /\bGetBuffer\b/;
const lastName = (callee: string): string => /([A-Za-z_~]\w*)\s*$/.exec(callee)?.[1] ?? callee;
const ELEMENT_ROOT = /^(?:this\s*->\s*)?([A-Za-z_]\w*)\s*\[/;

/**
 * The arrays `GetBuffer` fills, and the callees handed elements of the sealed ones (FrameWatch.swapChains), sorted —
 * only in a file with a sealed array (or one its header may seal): elsewhere the whole-file check has nothing to
 * report, and a function naming a swap-chain array (a renderer's frame function) keeps the function path.
 */
function swapChainWords(facts: FileFacts): string[] {
  const sealed = new Set(facts.sealedSwapChains ?? []);
  if (!sealed.size && !facts.headerSwapChains?.length) return [];
  const out = new Set(facts.filledSwapChains ?? []);
  if (sealed.size) {
    for (const fn of facts.functions) {
      forEachEvent(fn.body, (e) => {
        if (e.kind !== 'user-call') return;
        if (e.args.some((a) => sealed.has(ELEMENT_ROOT.exec(a.resource?.key ?? '')?.[1] ?? ''))) out.add(lastName(e.callee));
      });
    }
  }
  return [...out].sort();
}
/**
 * The pattern of any of `words` as a whole word, or null for none. NOTE (issue 12): asked at every keystroke with the
 * same words (the watch changes with whole-file analyses): made once per word list.
 */
const patternOf = (words: readonly string[]): RegExp | null => {
  const ok = words.filter((w) => IDENTIFIER.test(w));
  if (!ok.length) return null;
  const source = `\\b(?:${ok.join('|')})\\b`;
  let re = patterns.get(source);
  if (!re) {
    if (patterns.size >= 256) patterns.clear();
    patterns.set(source, (re = new RegExp(source)));
  }
  return re;
};
const patterns = new Map<string, RegExp>();

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
  const carryFirsts: Record<number, string[]> = {};
  for (const c of frameCarryOf(facts)) {
    const span = spans.findIndex((s) => sameStart(s.range, c.range));
    if (span >= 0 && c.members.length) carry[span] = c.members;
    if (span >= 0 && c.firsts?.length) carryFirsts[span] = c.firsts;
  }
  const firsts: Record<number, string> = {};
  for (const r of firstCallScope(facts)) {
    const i = spans.findIndex((s) => within(r, s.range));
    if (i >= 0) firsts[i] = stateNames(texts[i]);
  }
  const swapChains = swapChainWords(facts);
  const replayed = [...new Set(replayedLists(facts).flatMap((l) => [l.root, l.presenter.name, ...l.recorders.map((r) => r.name)]))].sort();
  return {
    ...(swapChains.length ? { swapChains } : {}),
    ...(replayed.length ? { replayed } : {}),
    groups, movers, unmoved: scope?.unmoved ?? [], makes, carry,
    ...(Object.keys(firsts).length ? { firsts } : {}), ...(Object.keys(carryFirsts).length ? { carryFirsts } : {}),
  };
}

/**
 * Whether the function-only analysis of span `focus` (named `name`), whose text is now `text`, must give way to the
 * whole file before it runs (see the header; movedAsBefore is the check after it runs).
 */
export function frameDeclines(watch: FrameWatch | undefined, focus: number, name: string, text: string): boolean {
  if (!watch) return true;
  if (watch.swapChains && (GET_BUFFER.test(text) || patternOf(watch.swapChains)?.test(text))) return true;
  if (watch.replayed && patternOf(watch.replayed)?.test(text)) return true;
  const states = watch.firsts?.[focus];
  if (states !== undefined && states !== stateNames(text)) return true;
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
  const members = watch?.carry[focus] ?? [];
  const firsts = watch?.carryFirsts?.[focus];
  return members.length || firsts?.length ? [{ range, members, ...(firsts?.length ? { firsts } : {}) }] : [];
}
