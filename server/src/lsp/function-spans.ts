// Where the functions of an open document are, kept in step with the edits, so an edit inside one function body
// can be re-analysed on that function alone: a reduced copy of the document keeps every line of the edited
// function, of the helpers it calls and of the code outside functions, and empties the other functions' lines.
// Line numbers and columns stay those of the real document, so findings and sites need no translation.
import type { TreeEdit } from '../parse/document-store';
import { detached } from '../detached-string';
import { splitLines } from '../parse/positions';
import type { Tree } from '../parse/parser';
import type { Range } from '../types';
import { creatorsNamed, type SpanCreations } from './span-creations';
import { stubLines, type SpanStubs } from './span-stubs';

export interface Point {
  line: number;
  column: number;
}

export interface FunctionSpan {
  name: string;
  range: Range;
  /** Just after the body's opening brace. */
  bodyStart: Point;
}

export const sameRange = (a: Range, b: Range): boolean =>
  a.startLine === b.startLine && a.startColumn === b.startColumn && a.endLine === b.endLine && a.endColumn === b.endColumn;

/** The same functions at the same places (the spans of two results of one text: a function-only one, a whole-file one). */
export const sameSpans = (a: readonly FunctionSpan[], b: readonly FunctionSpan[]): boolean =>
  a === b || (a.length === b.length && a.every((s, i) => s.name === b[i].name && sameRange(s.range, b[i].range) &&
    s.bodyStart.line === b[i].bodyStart.line && s.bodyStart.column === b[i].bodyStart.column));

const before = (a: Point, b: Point): boolean => a.line < b.line || (a.line === b.line && a.column < b.column);
const start = (r: Range): Point => ({ line: r.startLine, column: r.startColumn });
const end = (r: Range): Point => ({ line: r.endLine, column: r.endColumn });

/** Where a point that is not inside the edited region moves to. */
export function shiftPoint(p: Point, edit: TreeEdit): Point {
  const oldEnd = { line: edit.oldEndPosition.row, column: edit.oldEndPosition.column };
  if (before(p, oldEnd)) return p;
  const newEnd = edit.newEndPosition;
  if (p.line === oldEnd.line) return { line: newEnd.row, column: newEnd.column + (p.column - oldEnd.column) };
  return { line: p.line + newEnd.row - oldEnd.line, column: p.column };
}

export function shiftRange(r: Range, edit: TreeEdit): Range {
  const s = shiftPoint(start(r), edit);
  const e = shiftPoint(end(r), edit);
  return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
}


/**
 * Outermost functions (lambdas and local classes' methods are part of the function around them). With the tree the
 * functions were read from, a body starts where its `body` node does: the first `{` of a constructor can be a member
 * initializer's (`Base{ a, b }`, `count_{ 0 }`), which made the "body" unbalanced (always the whole file) and took
 * edits in the initializer list for edits in the body.
 */
export function outermostSpans(functions: readonly { name: string; range: Range; lambda: boolean }[], text: string, tree?: Tree): FunctionSpan[] {
  const lines = splitLines(text);
  const bodies = tree ? bodyStarts(tree, lines) : undefined;
  const spans: FunctionSpan[] = [];
  const inner = strictlyInside(functions.map((f) => f.range));
  for (const [i, f] of functions.entries()) {
    if (f.lambda || f.name.startsWith('<')) continue;
    if (inner[i]) continue;
    const brace = bodies?.get(`${f.range.startLine}:${f.range.endLine}`) ?? findBrace(lines, f.range);
    if (brace) spans.push({ name: detached(f.name), range: f.range, bodyStart: brace });
  }
  return spans;
}

const comparePoints = (l1: number, c1: number, l2: number, c2: number): number => l1 - l2 || c1 - c2;

/**
 * Per range, whether another of `ranges` strictly holds it (holds it and is not the same range: rangeWithin one way
 * only). NOTE (issue 12): one sort and a sweep, not every range against every other (a 40,000-line file's thousands
 * of functions cost 2 % of its whole-file editor analysis). In the order start first, then the longer range first,
 * every range that holds another one comes before it; ranges equal to it are neighbours and skipped.
 */
export function strictlyInside(ranges: readonly Range[]): boolean[] {
  const order = ranges.map((_r, i) => i).sort((a, b) => {
    const x = ranges[a];
    const y = ranges[b];
    return comparePoints(x.startLine, x.startColumn, y.startLine, y.startColumn) || comparePoints(y.endLine, y.endColumn, x.endLine, x.endColumn);
  });
  const out = ranges.map(() => false);
  // The furthest end of the ranges before the current group of equal ranges.
  let endLine = -1;
  let endColumn = -1;
  for (let k = 0; k < order.length;) {
    const r = ranges[order[k]];
    let next = k;
    while (next < order.length && sameRange(ranges[order[next]], r)) next++;
    const held = endLine >= 0 && comparePoints(endLine, endColumn, r.endLine, r.endColumn) >= 0;
    for (let j = k; j < next; j++) out[order[j]] = held;
    if (endLine < 0 || comparePoints(r.endLine, r.endColumn, endLine, endColumn) > 0) {
      endLine = r.endLine;
      endColumn = r.endColumn;
    }
    k = next;
  }
  return out;
}

/**
 * Just after the opening brace of each function definition's body, by the rows its definition starts and ends on
 * (columns in UTF-16 code units, as ranges are); a key two definitions share is left out (the text decides there).
 */
function bodyStarts(tree: Tree, lines: readonly string[]): Map<string, Point> {
  const found = new Map<string, Point | undefined>();
  for (const fn of tree.rootNode.descendantsOfType('function_definition')) {
    const body = fn.childForFieldName('body');
    if (body?.type !== 'compound_statement') continue;
    const key = `${fn.startPosition.row}:${fn.endPosition.row}`;
    const { row, column } = body.startPosition;
    const line = lines[row] ?? '';
    // NOTE: tree-sitter columns count UTF-8 bytes.
    const units = /^[\x00-\x7f]*$/.test(line) ? column : Buffer.from(line, 'utf8').subarray(0, column).toString('utf8').length;
    found.set(key, found.has(key) ? undefined : { line: row, column: units + 1 });
  }
  const starts = new Map<string, Point>();
  for (const [key, at] of found) if (at) starts.set(key, at);
  return starts;
}

function findBrace(lines: string[], r: Range): Point | undefined {
  for (let line = r.startLine; line <= r.endLine; line++) {
    const from = line === r.startLine ? r.startColumn : 0;
    const column = (lines[line] ?? '').indexOf('{', from);
    if (column >= 0) return { line, column: column + 1 };
  }
  return undefined;
}

/** The span whose body strictly contains the edit (not its braces), if any. */
function spanOfEdit(spans: readonly FunctionSpan[], edit: TreeEdit): FunctionSpan | undefined {
  const editStart = { line: edit.startPosition.row, column: edit.startPosition.column };
  const editEnd = { line: edit.oldEndPosition.row, column: edit.oldEndPosition.column };
  const closing = (s: FunctionSpan): Point => ({ line: s.range.endLine, column: s.range.endColumn - 1 });
  return spans.find((s) => !before(editStart, s.bodyStart) && !before(closing(s), editEnd));
}

/**
 * Applies edits to the spans. Returns the shifted spans and the one function all edits fell inside, or
 * `edited: undefined` when an edit touched code outside a single function body.
 */
export function applyEdits(spans: readonly FunctionSpan[], edits: readonly TreeEdit[]): { spans: FunctionSpan[]; edited?: FunctionSpan } {
  let current = [...spans];
  let editedIndex: number | undefined;
  let outside = edits.length === 0;
  for (const edit of edits) {
    const hit = spanOfEdit(current, edit);
    const index = hit ? current.indexOf(hit) : -1;
    if (index < 0 || (editedIndex !== undefined && editedIndex !== index)) outside = true;
    editedIndex = index;
    current = current.map((s) => ({ name: s.name, range: shiftRange(s.range, edit), bodyStart: shiftPoint(s.bodyStart, edit) }));
  }
  const edited = outside || editedIndex === undefined || editedIndex < 0 ? undefined : current[editedIndex];
  return { spans: current, edited };
}

/**
 * True when the braces, parentheses and brackets of `code` balance once comments, strings and character literals
 * are skipped: an edit that leaves a body unbalanced changes how the rest of the file parses.
 */
export function balanced(code: string): boolean {
  const stack: string[] = [];
  const closing: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '/' && code[i + 1] === '/') {
      const eol = code.indexOf('\n', i);
      i = eol < 0 ? code.length : eol;
    } else if (ch === '/' && code[i + 1] === '*') {
      const close = code.indexOf('*/', i + 2);
      if (close < 0) return false;
      i = close + 1;
    } else if (ch === "'" && digitSeparator(code, i)) {
      continue;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < code.length && code[j] !== ch && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      if (code[j] !== ch) return false;
      i = j;
    } else if (ch === '(' || ch === '[' || ch === '{') {
      stack.push(ch);
    } else if (closing[ch]) {
      if (stack.pop() !== closing[ch]) return false;
    }
  }
  return stack.length === 0;
}

/** `'` inside a number (`0xffff'ffff`, `1'000`): the word it ends starts with a digit (`u8'a'`, `L'a'` do not). */
function digitSeparator(code: string, at: number): boolean {
  let from = at;
  while (from > 0 && /[\w']/.test(code[from - 1])) from--;
  return from < at && /[0-9]/.test(code[from]) && /[0-9A-Za-z]/.test(code[at + 1] ?? '');
}

function textBetween(lines: readonly string[], from: Point, to: Point): string {
  if (from.line === to.line) return (lines[from.line] ?? '').slice(from.column, to.column);
  const middle = lines.slice(from.line + 1, to.line);
  return [(lines[from.line] ?? '').slice(from.column), ...middle, (lines[to.line] ?? '').slice(0, to.column)].join('\n');
}

/**
 * What a function's calls reach: `resolved`, the spans (indices) the tracker resolves them to; `byName`, names of
 * calls the extraction reads itself (no call event), whose functions are followed like the edited one's; `named`,
 * names of calls the tracker resolves to no function of the document (ambiguous, another file's, unknown): it
 * enters none of them, so those functions are kept (the call stays as ambiguous) but what they call is not.
 */
export interface SpanCalls {
  resolved: number[];
  byName: string[];
  named: string[];
}

/** Per span index, its calls; a span without an entry is followed by name (its text's calls). */
export type CallGraph = ReadonlyMap<number, SpanCalls>;

// NOTE: `\b` first: without it the search restarts inside every identifier (4-5x slower on a 40,000-line file).
export const CALLED = /\b([A-Za-z_]\w*)\s*\(/g;

/**
 * The names `name(` spelled in a function's text (`text` starts at `from`, the span's start or its line's start),
 * without the function's own name in its signature (`void Renderer::createUniform(…)` declares, it does not call):
 * followed by name, that one kept every function of the same name in each reduced document, with their helpers
 * (a 13-line bgfx method kept 58 functions). A call of its own name in the body (recursion, an overload) still counts.
 */
export function namesCalledIn(span: FunctionSpan, text: string, from: Point): string[] {
  let head = 0;
  for (let line = from.line; line < span.bodyStart.line; line++) {
    const next = text.indexOf('\n', head);
    if (next < 0) return [...text.matchAll(CALLED)].map((m) => m[1]);
    head = next + 1;
  }
  head += span.bodyStart.column - (span.bodyStart.line === from.line ? from.column : 0);
  const out: string[] = [];
  for (const m of text.matchAll(CALLED)) if (m.index >= head || m[1] !== span.name) out.push(m[1]);
  return out;
}

/** True when `name(` occurs outside the function itself (a caller, a prototype, a pointer taken). */
function calledElsewhere(text: string, focus: FunctionSpan): boolean {
  const call = new RegExp(`^\\s*\\(`);
  const lineOf = (offset: number): number => {
    let line = 0;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    return line;
  };
  const isIdent = (ch: string | undefined): boolean => !!ch && /\w/.test(ch);
  for (let at = text.indexOf(focus.name); at >= 0; at = text.indexOf(focus.name, at + 1)) {
    if (isIdent(text[at - 1]) || isIdent(text[at + focus.name.length])) continue;
    if (!call.test(text.slice(at + focus.name.length, at + focus.name.length + 200))) continue;
    const line = lineOf(at);
    if (line < focus.range.startLine || line > focus.range.endLine) return true;
  }
  return false;
}

/** A line that is only a template header (`template <typename T>`, `template<>`), with an optional line comment. */
const TEMPLATE_HEAD = /^\s*template\s*<[^;{}]*>\s*(\/\/.*)?$/;
/** The same before a function on its first line (`template <typename T> T* Get(…)`). */
const TEMPLATE_PREFIX = /^\s*(template\s*<[^;{}]*>\s*)+$/;

/**
 * The first line of a function's lines as a reduced document empties them: the function's own first line, or the
 * template header lines just above it (`template <typename T>` alone on a line: the function's range starts at its
 * declarator), which would otherwise be left to bind to whatever declaration follows the emptied lines.
 */
export function firstLineOf(span: FunctionSpan, lineAt: (line: number) => string): number {
  const head = lineAt(span.range.startLine).slice(0, span.range.startColumn);
  if (head.trim() !== '' && !TEMPLATE_PREFIX.test(head)) return span.range.startLine;
  let line = span.range.startLine;
  while (line > 0 && TEMPLATE_HEAD.test(lineAt(line - 1))) line--;
  return line;
}

/**
 * Whether a function's lines can be emptied: nothing but a template header before it on its first line, and
 * nothing but a `;` (`TEST_CLASS(Name) { … };`, a macro read as a function) and a line comment after it on its last.
 */
export function droppable(head: string, tail: string): boolean {
  return (head.trim() === '' || TEMPLATE_PREFIX.test(head)) && /^\s*;?\s*(\/\/.*)?$/.test(tail);
}

export interface ReducedDocument {
  text: string;
  /** The edited function's range in the (real and reduced) document. */
  focus: Range;
  /**
   * The helpers kept because the function calls them (their findings may depend on the call); not those kept only
   * so a call stays ambiguous (their own findings, from an incomplete reach, are not this analysis's).
   */
  helpers: Range[];
  /** Indices of the kept spans (keptSpansKey). */
  kept: string;
  /** Offset in `text` of the focus's first line. */
  focusStart: number;
  /** Indices of the kept spans whose calls were followed by name (call-reach.ts reads their graph from this analysis). */
  byName: number[];
  /** Indices of the kept spans kept as stubs (span-stubs.ts). */
  stubbed: number[];
}

/**
 * The reduced document for re-analysing `focus` alone (with `also`: those functions too), or undefined when that would not be faithful: the function
 * is called from elsewhere in the file (its callers' findings could change; ignored with `ignoreCallers`), its brackets
 * do not balance, or a function to drop shares a line with code that stays.
 */
export function reducedDocument(
  text: string,
  spans: readonly FunctionSpan[],
  focus: FunctionSpan,
  options: { ignoreCallers?: boolean; also?: readonly FunctionSpan[]; calls?: CallGraph; rootCalls?: boolean; creations?: SpanCreations; stubs?: SpanStubs } = {},
): ReducedDocument | undefined {
  const lines = splitLines(text);
  const textOf = (r: Range): string => lines.slice(r.startLine, r.endLine + 1).join('\n');
  const kept = keptSpans(spans, [focus, ...(options.also ?? [])].map((r) => spans.indexOf(r)), textOf, options.calls, options.rootCalls, options.creations, options.stubs);
  const keep = new Set([...kept.keep].map((i) => spans[i]));
  const shallow = new Set([...kept.shallow].map((i) => spans[i]));
  const closingBrace = { line: focus.range.endLine, column: focus.range.endColumn - 1 };
  if (!balanced(textBetween(lines, focus.bodyStart, closingBrace))) return undefined;
  // Callers elsewhere matter for findings (theirs may change), not for what the function itself contains.
  if (!options.ignoreCallers && calledElsewhere(text, focus)) return undefined;
  const dropped = spans.filter((s) => !keep.has(s));
  const lineAt = (line: number): string => lines[line] ?? '';
  const firstLines = dropped.map((s) => firstLineOf(s, lineAt));
  for (const [n, s] of dropped.entries()) {
    const head = (lines[s.range.startLine] ?? '').slice(0, s.range.startColumn);
    const tail = (lines[s.range.endLine] ?? '').slice(s.range.endColumn);
    if (!droppable(head, tail)) return undefined;
    const first = firstLines[n];
    if ([...keep].some((k) => k.range.startLine <= s.range.endLine && first <= k.range.endLine)) return undefined;
    for (let line = first; line <= s.range.endLine; line++) lines[line] = '';
  }
  // NOTE: the stubbed spans' lines are replaced after the dropped ones' checks read the kept lines as they are.
  for (const i of kept.stubbed) {
    const s = spans[i];
    const first = firstLineOf(s, lineAt);
    stubLines(lineAt, s, first, options.stubs!.get(i)!).forEach((l, k) => (lines[first + k] = l));
  }
  const helpers = [...keep].filter((k) => k !== focus && !shallow.has(k)).map((k) => k.range);
  let focusStart = 0;
  for (let line = 0; line < focus.range.startLine; line++) focusStart += lines[line].length + 1;
  return { text: lines.join('\n'), focus: focus.range, helpers, kept: keptKey(spans, keep), focusStart, byName: [...kept.byName], stubbed: [...kept.stubbed] };
}

/** Which spans a reduced document keeps (by index): two reduced documents with the same key differ only in focus. */
function keptKey(spans: readonly FunctionSpan[], keep: ReadonlySet<FunctionSpan>): string {
  return spans.flatMap((s, i) => (keep.has(s) ? [i] : [])).join(',');
}

/**
 * Which spans (indices) a reduced document keeps: `byName`, those whose calls were followed by name; `shallow`, those
 * kept unfollowed; `stubbed`, those of `shallow` kept as a stub (span-stubs.ts).
 */
export interface KeptSpans {
  keep: Set<number>;
  byName: Set<number>;
  shallow: Set<number>;
  stubbed: Set<number>;
}

/**
 * Indices of the spans a reduced document for `focus` keeps, from the focus's and its helpers' text and their call
 * graph (call-reach.ts).
 */
export function keptSpanIndices(
  spans: readonly FunctionSpan[], focus: FunctionSpan, textOf: (r: Range) => string, calls?: CallGraph, focusCalls = false, creations?: SpanCreations,
  stubs?: SpanStubs,
): KeptSpans {
  return keptSpans(spans, [spans.indexOf(focus)], textOf, calls, focusCalls, creations, stubs);
}

/** Where a span's text from `textOf` starts: its first line's start (textOf gives whole lines). */
const lineStart = (s: FunctionSpan): Point => ({ line: s.range.startLine, column: 0 });

/**
 * The roots and the functions they call, directly or through each other (indices into `spans`): the roots' calls by
 * name (the edited text was not analysed yet), a helper's as its call graph resolves them when `calls` has it, else
 * by name. A function the graph names only for a call the tracker enters no function at (call-reach.ts `named`) is
 * kept, unfollowed. With `rootCalls`, a root's calls of a name its (older) graph knows are taken as they resolved
 * then (the analysis must then check that they still do: call-reach.ts resolvesAsWhole); a name it does not know,
 * by name.
 */
function keptSpans(
  spans: readonly FunctionSpan[], roots: readonly number[], textOf: (r: Range) => string, calls?: CallGraph, rootCalls = false,
  creations?: SpanCreations, stubs?: SpanStubs,
): KeptSpans {
  const byName = new Map<string, number[]>();
  spans.forEach((s, i) => {
    const list = byName.get(s.name);
    if (list) list.push(i);
    else byName.set(s.name, [i]);
  });
  const keep = new Set<number>(roots);
  const followedByName = new Set<number>();
  const queue = [...roots];
  const add = (i: number): void => {
    if (keep.has(i)) return;
    keep.add(i);
    queue.push(i);
  };
  const named: number[] = [];
  const follow = (): void => {
    while (queue.length > 0) {
      const i = queue.pop()!;
      const root = roots.includes(i);
      const graph = calls?.get(i);
      if (root && rootCalls && graph) {
        followedByName.add(i);
        const resolved = new Map<string, number[]>();
        for (const t of graph.resolved) resolved.set(spans[t].name, [...(resolved.get(spans[t].name) ?? []), t]);
        const shallowNames = new Set(graph.named);
        // NOTE: a name can be both: `m_query.flush(cl)` resolves to Query::flush, `pass.batch.flush(cl)` to none.
        // Taken as unresolved only, Query::flush was kept unfollowed (its helpers dropped: a mismatch it reports lost).
        for (const name of namesCalledIn(spans[i], textOf(spans[i].range), lineStart(spans[i]))) {
          const targets = resolved.get(name);
          for (const t of targets ?? []) add(t);
          if (shallowNames.has(name)) named.push(...(byName.get(name) ?? []));
          else if (!targets) for (const t of byName.get(name) ?? []) add(t);
        }
        continue;
      }
      if (graph && !root) {
        for (const t of graph.resolved) add(t);
        for (const name of graph.byName) for (const t of byName.get(name) ?? []) add(t);
        for (const name of graph.named) named.push(...(byName.get(name) ?? []));
        continue;
      }
      followedByName.add(i);
      for (const name of namesCalledIn(spans[i], textOf(spans[i].range), lineStart(spans[i]))) for (const t of byName.get(name) ?? []) add(t);
    }
  };
  follow();
  // The functions creating what the kept code names are kept with their helpers (span-creations.ts), and so on.
  const creators = (): number[] => (creations ? creatorsNamed(creations, keep, spans, (s) => textOf(s.range)) : []);
  for (let more = creators(); more.length > 0; more = creators()) {
    for (const i of more) add(i);
    follow();
  }
  const shallow = new Set<number>();
  // Kept only for the ambiguity of a call: as a stub where its signature says all resolution reads (span-stubs.ts).
  const stubbed = new Set<number>();
  for (const i of named) {
    if (keep.has(i)) continue;
    keep.add(i);
    shallow.add(i);
    if (stubs?.has(i)) stubbed.add(i);
  }
  // A function that cannot be emptied (it shares its first or last line with code outside it: `struct closer { void
  // operator()(HANDLE h) { … } };` on one line) is kept, unfollowed, instead of refusing the reduced document (every
  // keystroke in such a file was a whole-file analysis). `textOf` gives whole lines.
  const emptiable = (i: number): boolean => {
    const r = spans[i].range;
    return droppable(textOf({ ...r, endLine: r.startLine }).slice(0, r.startColumn), textOf({ ...r, startLine: r.endLine }).slice(r.endColumn));
  };
  spans.forEach((_s, i) => {
    if (keep.has(i) || emptiable(i)) return;
    keep.add(i);
    shallow.add(i);
  });
  // NOTE: a stub shares its lines with nothing, as a dropped function: one that does stays whole.
  for (const i of stubbed) if (!emptiable(i)) stubbed.delete(i);
  return { keep, byName: followedByName, shallow, stubbed };
}

/**
 * Indices of the spans that call one of `changed` (by name), directly or through each other: the functions whose
 * findings an edit in `changed` can change, as the tracker follows calls into helpers.
 */
export function callersOf(spans: readonly FunctionSpan[], changed: readonly number[], textOf: (r: Range) => string): number[] {
  // The body's lines from the opening brace's: the signature (`void Name(…)`) is not a call.
  const body = (s: FunctionSpan): Range => ({ ...s.range, startLine: s.bodyStart.line, startColumn: s.bodyStart.column });
  const calls = spans.map((s) => new Set([...textOf(body(s)).matchAll(CALLED)].map((m) => m[1])));
  const targets = new Set(changed.map((i) => spans[i].name));
  const callers = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    spans.forEach((s, i) => {
      if (callers.has(i) || ![...targets].some((name) => calls[i].has(name))) return;
      callers.add(i);
      targets.add(s.name);
      grew = true;
    });
  }
  return [...callers].sort((a, b) => a - b);
}
