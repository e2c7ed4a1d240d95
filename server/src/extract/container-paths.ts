// Containers of barriers filled differently on the branches of an if/else, then submitted after the join:
//
//   std::vector<CD3DX12_RESOURCE_BARRIER> v;
//   if (msaa) { v.push_back(A); v.push_back(B); } else { v.push_back(C); }
//   cl->ResourceBarrier((UINT)v.size(), v.data());
//
// Each path submits its own list, never the concatenation of both (which would transition a resource twice in one
// call and report a mismatch no path has). The branch merge (FnCtx.branches) keeps one element list per branch; the
// submission becomes an `if` on the branch's condition with one call per list (walker.ts), so the tracker follows
// each path with its own barriers, correlated with later tests of the same value.
import type { BarrierFact, Condition, Event, Stmt, SubmittedChoice } from './facts';
import type { SyntaxNode } from './node';
import type { ArrayVal, AVal, PathChoice } from './values';
import type { Range } from '../types';
import { barriersOf } from './barrier-facts';

/** What a container holds at one point: a copy of the element list and its loop/size marks. */
export function snapshotOf(a: ArrayVal): ArrayVal {
  return { ...a, elems: [...a.elems], ...(a.paths ? { paths: { ...a.paths, lists: a.paths.lists.map((l) => [...l]) } } : {}) };
}

/** Put a container back as a snapshot had it (in place: values point at the container object). */
export function restoreContainer(a: ArrayVal, s: ArrayVal): void {
  a.elems.length = 0;
  a.elems.push(...s.elems);
  a.loopElem = s.loopElem;
  a.unsized = s.unsized;
  a.paths = s.paths ? { ...s.paths, lists: s.paths.lists.map((l) => [...l]) } : undefined;
}

const sameList = (x: readonly AVal[], y: readonly AVal[]): boolean => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * The container after an if/else whose branches left it as `byRun` (one snapshot per branch, in order). Equal lists
 * stay one list; different ones become per-path lists (`cond` kept for exactly a then/else pair of plain lists). A
 * branch that filled it in a loop or to an unknown size gives up per-path lists, and so do other alternatives (a loop
 * body, switch cases: `perPath` false): the elements of every branch are kept together, as before.
 */
export function mergeContainer(a: ArrayVal, byRun: ArrayVal[], opts: { cond?: Condition; end?: number; perPath: boolean }): boolean {
  const first = byRun[0];
  if (byRun.every((s) => sameList(s.elems, first.elems) && s.loopElem === first.loopElem && !!s.unsized === !!first.unsized && !s.paths && !first.paths)) {
    restoreContainer(a, first);
    return false;
  }
  const union: AVal[] = [];
  for (const s of byRun) for (const e of s.elems) if (!union.includes(e)) union.push(e);
  restoreContainer(a, { ...first, elems: union, paths: undefined });
  if (!opts.perPath || byRun.some((s) => s.loopElem || s.unsized)) {
    a.loopElem = byRun.find((s) => s.loopElem)?.loopElem;
    a.unsized = byRun.some((s) => s.unsized);
    return false;
  }
  const lists = byRun.flatMap((s) => (s.paths ? s.paths.lists : [s.elems]));
  const choice = byRun.length === 2 && opts.cond && opts.end !== undefined ? choiceOf(byRun, opts.cond, opts.end) : undefined;
  a.paths = { lists, ...(choice ? { choice } : {}) };
  return !!choice;
}

/** The prefix of a branch label's name (never a source name: the tracker's facts and path notes tell them apart). */
/** Where a part of the source text is read (context.ts FnCtx.textBetween: the function's own text when it can). */
export interface TextSource {
  textBetween(from: number, to: number): string;
}

export const LABEL_PREFIX = '#branch ';

/**
 * A label for if statement `n` when its branches write a value its condition reads (`if (buf->state != S) {
 * v.push_back(…); buf->state = S; }`): a container filled there and submitted after the if is chosen by the branch
 * the path took, which a test of the condition at the submission no longer tells (it reads the rewritten value).
 * Undefined when the branches leave the condition's values alone (the condition is tested again, as before).
 */
export function branchLabel(n: SyntaxNode, cond: Condition, text: TextSource, fnName: string, id: number): { cond: Condition; sym: string } | undefined {
  const then = n.childForFieldName('consequence');
  if (!then) return undefined;
  const syms = conditionSyms(cond);
  if (!syms.length || !writtenBetween(text, syms, then.startIndex, n.endIndex)) return undefined;
  const sym = `${LABEL_PREFIX}${fnName}:${id}`;
  const range = { startLine: n.range.startLine, startColumn: n.range.startColumn, endLine: n.range.startLine, endColumn: n.range.startColumn };
  return { cond: { op: '==', left: { value: null, text: sym, range }, right: { value: 1, text: '1', range }, ls: sym }, sym };
}

/** Whether a condition tests a branch label (branchLabel), which no source text writes. */
function isLabel(c: Condition): boolean {
  return 'ls' in c && !!c.ls?.startsWith(LABEL_PREFIX);
}

/**
 * The if that chose between a then/else pair of runs, over the choices each run already carried (an earlier if on
 * another condition that filled the container per path: `if (a) v.push_back(A); if (b) v.push_back(B);` is four
 * lists, each tied to both tests). Undefined when a run's lists are not tied to their ifs.
 */
function choiceOf(byRun: ArrayVal[], cond: Condition, end: number): PathChoice | undefined {
  const sub: PathChoice[] = [];
  let offset = 0;
  for (const s of byRun) {
    if (!s.paths) sub.push({ list: offset++ });
    else if (s.paths.choice) {
      sub.push(shifted(s.paths.choice, offset));
      offset += s.paths.lists.length;
    } else return undefined;
  }
  return { cond, end, then: sub[0], else: sub[1] };
}

function shifted(c: PathChoice, by: number): PathChoice {
  return 'list' in c ? { list: c.list + by } : { ...c, then: shifted(c.then, by), else: shifted(c.else, by) };
}

/** Every value a condition reads (the path-fact names of its sides). */
export function conditionSyms(c: Condition): string[] {
  if (c.op === 'opaque') return [];
  if ('args' in c) return c.args.flatMap(conditionSyms);
  return [c.ls, c.rs].filter((s): s is string => s !== undefined);
}

/**
 * A container's per-path lists as the barriers each path submits (null when it has none). `written`: whether source
 * text between the branch and the submission may write a value the condition reads — then the lists stay per path
 * but are no longer tied to that condition.
 */
export function submittedPaths(payload: AVal, count: number | null, written: (syms: string[], from: number) => boolean): ContainerSubmission | undefined {
  const target = payload.t === 'ptr' ? payload.target : payload;
  if (target.t !== 'array' || !target.paths || (payload.t === 'ptr' && (payload.index ?? 0) !== 0)) return undefined;
  const { lists, choice } = target.paths;
  const barriers = lists.map((elems) => barriersOf({ ...target, elems, paths: undefined }, count) ?? []);
  return { barriers, ...(choice ? { choice: submittedChoice(choice, written) } : {}) };
}

function submittedChoice(c: PathChoice, written: (syms: string[], from: number) => boolean): SubmittedChoice {
  if ('list' in c) return c;
  const [then, other] = [submittedChoice(c.then, written), submittedChoice(c.else, written)];
  return !isLabel(c.cond) && written(conditionSyms(c.cond), c.end) ? { then, else: other } : { cond: c.cond, then, else: other };
}

/**
 * Whether the text from `from` to `to` may write one of `syms` (an assignment, `++`/`--`, its address taken): then a
 * test of it after that point is not the test the branch made.
 */
export function writtenBetween(text: TextSource, syms: string[], from: number, to: number): boolean {
  const between = text.textBetween(from, to);
  return syms.some((sym) => {
    const last = sym.slice(sym.lastIndexOf('.') + 1).replace(/[^\w]/g, '');
    const name = `\\b${last}\\b`;
    return new RegExp(`${name}\\s*(?:[-+*/%&|^]?=(?!=)|\\+\\+|--)|(?:\\+\\+|--)\\s*${name}|&\\s*${name}`).test(between);
  });
}

export interface ContainerSubmission {
  choice?: SubmittedChoice;
  barriers: BarrierFact[][];
}

/** The statement a submission of per-path lists stands for: one call per list, on the branch's condition. */
export function submissionStmt(event: Event): Stmt {
  if (event.kind !== 'resource-barrier-call' || !event.paths) return { k: 'event', event };
  const { paths, ...base } = event;
  const calls: Stmt[] = paths.barriers.map((barriers) => ({ k: 'event', event: { ...base, barriers } }));
  if (calls.length === 1) return calls[0];
  if (paths.choice) return choiceStmt(paths.choice, calls, event.range);
  let out = calls[calls.length - 1];
  for (let i = calls.length - 2; i >= 0; i--) out = { k: 'if', then: calls[i], else: out, range: event.range };
  return out;
}

/** One call per list, under the ifs that chose the lists. */
function choiceStmt(c: SubmittedChoice, calls: readonly Stmt[], range: Range): Stmt {
  if ('list' in c) return calls[c.list];
  return { k: 'if', then: choiceStmt(c.then, calls, range), else: choiceStmt(c.else, calls, range), range, ...(c.cond ? { cond: c.cond } : {}) };
}

const APPENDED = /\b(\w+)\s*(?:\.|->)\s*(?:push_back|emplace_back)\s*\(/g;

/**
 * The first statement after the if statement `st` (in its block or an enclosing one, up to `body`) that names a
 * container the branches of `st` append to and do not declare: where a per-path list is submitted, which tests the
 * if's condition again (path-facts.ts keeps the condition's facts alive until there).
 */
export function laterContainerUse(st: SyntaxNode, body: SyntaxNode): SyntaxNode | undefined {
  const names = new Set<string>();
  for (const m of st.text.matchAll(APPENDED)) names.add(m[1]);
  if (names.size === 0) return undefined;
  for (const d of st.descendantsOfType('init_declarator')) names.delete(d.childForFieldName('declarator')?.text ?? '');
  for (const d of st.descendantsOfType('declaration')) for (const c of d.childrenForFieldName('declarator')) names.delete(c.text);
  if (names.size === 0) return undefined;
  const mentions = new RegExp(`\\b(?:${[...names].join('|')})\\b`);
  for (let n: SyntaxNode | null = st; n?.parent && n.startIndex !== body.startIndex; n = n.parent) {
    const after = n.parent.namedChildren.filter((s) => s.startIndex >= n!.endIndex);
    // A later if that only appends more (`if (b) v.push_back(B);`) is not the submission: it is further on.
    const found = after.find((s) => mentions.test(s.text) && !onlyAppends(s, names));
    if (found) return found;
  }
  return undefined;
}

/** An if statement that names the containers only to append to them. */
function onlyAppends(s: SyntaxNode, names: ReadonlySet<string>): boolean {
  if (s.type !== 'if_statement') return false;
  const named = [...s.text.matchAll(/\b\w+\b/g)].filter((m) => names.has(m[0])).length;
  const appended = [...s.text.matchAll(APPENDED)].filter((m) => names.has(m[1])).length;
  return named === appended;
}
