// Which functions of a document each function really reaches through its calls, as the tracker resolves them
// (track/workspace.ts functionIndex: name, arity, receiver class), so the reduced document of a function-only
// analysis (function-spans.ts) keeps the helpers the edited function can enter, not every function that shares a
// name with one of its calls. On a 9,400-line engine backend (`m_x.resolve(…)`, `m_y.create(…)` in every class)
// the by-name closure kept 31 % of the file for an edit in any function; the resolved one keeps a few helpers.
//
// A call keeps one helper only when the tracker resolves it to exactly one function of the document; every other
// call (ambiguous, unresolved, another file's, a lambda's, a call the extraction reads itself: a barrier template
// or fill helper, which leave no call event) keeps every function of its name, as before. The graph of a function
// is read from an analysis in which every function of those names was present, so a uniquely resolved call
// resolves the same in any reduced document that keeps its target (fewer candidates never make one ambiguous).
import type { FileFacts, FunctionFacts, Stmt, UserCallEvent } from '../extract/facts';
import { functionIndex, type WorkspaceIndex } from '../track/workspace';
import { eventlessCall } from '../track/helper-frames';
import type { Range } from '../types';
import { detached } from '../detached-string';
import { namesCalledIn, type FunctionSpan, type SpanCalls } from './function-spans';

function userCalls(s: Stmt, out: UserCallEvent[]): void {
  switch (s.k) {
    case 'seq': for (const c of s.body) userCalls(c, out); return;
    case 'if': userCalls(s.then, out); if (s.else) userCalls(s.else, out); return;
    case 'loop': userCalls(s.body, out); return;
    case 'switch': for (const c of s.cases) userCalls(c, out); return;
    case 'event': if (s.event.kind === 'user-call') out.push(s.event); return;
    default: return;
  }
}

const classOf = (fn: FunctionFacts): string | undefined => {
  const parts = fn.qualifiedName.split('::');
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
};

const startsBefore = (a: Range, line: number, column: number): boolean => a.startLine < line || (a.startLine === line && a.startColumn <= column);

/** The span (index) holding a range, by binary search over the spans in document order; -1 when none does. */
function spanIndexAt(spans: readonly { range: Range }[], r: Range): number {
  let lo = 0;
  let hi = spans.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (startsBefore(spans[mid].range, r.startLine, r.startColumn)) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const s = found >= 0 ? spans[found].range : undefined;
  const inside = s && (r.endLine < s.endLine || (r.endLine === s.endLine && r.endColumn <= s.endColumn));
  return inside ? found : -1;
}

/**
 * The calls of the spans `which` (indices into `spans`, ranges of the analysed text) from the facts of an analysis
 * that kept them: `textOf` gives a span's text (for the calls that left no event).
 */
export function callGraph(
  facts: Pick<FileFacts, 'functions' | 'fillHelpers' | 'classBases'>,
  context: { uri: string; workspace?: WorkspaceIndex; spans: readonly FunctionSpan[]; which: Iterable<number>; textOf: (r: Range) => string },
): Map<number, SpanCalls> {
  const { spans, uri } = context;
  const index = functionIndex(facts, uri, context.workspace);
  const spanAt = (r: Range): number => spanIndexAt(spans, r);
  const wanted = new Set(context.which);
  const events = new Map<number, { fn: FunctionFacts; calls: UserCallEvent[] }[]>();
  for (const fn of facts.functions) {
    const at = spanAt(fn.range);
    if (at < 0 || !wanted.has(at)) continue;
    const calls: UserCallEvent[] = [];
    userCalls(fn.body, calls);
    events.set(at, [...(events.get(at) ?? []), { fn, calls }]);
  }
  const graph = new Map<number, SpanCalls>();
  for (const at of wanted) {
    const resolved = new Set<number>();
    const byName = new Set<string>();
    const named = new Set<string>();
    const evented = new Set<string>();
    for (const { fn, calls } of events.get(at) ?? []) {
      for (const e of calls) {
        evented.add(e.callee);
        // A lambda's implicit calls are resolved in its enclosing method's class: followed by name.
        if (fn.lambda) {
          byName.add(e.callee);
          continue;
        }
        const cls = e.receiverClass ?? (e.ownClass ? classOf(fn) : undefined);
        // NOTE: `obj.F()` is looked up in obj's class (receiver), and the tracker also asks the lookup without it, to
        // tell an F of another class from none (track/env.ts resolveCallee): the reduced document shows both.
        const found = index.resolve(e.callee, e.args.length, cls);
        const own = e.receiverClass ? index.resolve(e.callee, e.args.length, cls, true) : undefined;
        if (own && own.uri === uri && spanAt(own.fn.range) >= 0) resolved.add(spanAt(own.fn.range));
        const target = found && found.uri === uri ? spanAt(found.fn.range) : -1;
        if (target >= 0) resolved.add(target);
        // A function of the document that records nothing: the tracker keeps the list's states across its call only
        // where the reduced document shows its body (track/helper-frames.ts idleCallee), so it is kept by name.
        else if (eventlessCall(index, e, cls)) byName.add(e.callee);
        else named.add(e.callee);
      }
    }
    // Calls the extraction read itself (templates, fill helpers, getters) left no event: followed by name.
    const span = spans[at];
    for (const name of namesCalledIn(span, context.textOf(span.range), { line: span.range.startLine, column: span.range.startColumn })) {
      if (!evented.has(name)) byName.add(name);
    }
    resolved.delete(at);
    for (const name of byName) named.delete(name);
    // Kept across keystrokes: the names are copied out of this analysis's text (detached-string.ts).
    graph.set(at, { resolved: [...resolved], byName: [...byName].map(detached), named: [...named].map(detached) });
  }
  return graph;
}

/**
 * What the tracker's resolution reads of a function (track/workspace.ts functionIndex), kept for every function a
 * call can resolve to (the relevant ones) with the span holding it: a function-only analysis checks against them
 * that the edited function's calls resolve in its reduced document as they would in the whole file.
 */
export interface Signature {
  span: number;
  name: string;
  qualifiedName: string;
  params: number;
  required?: number;
}

/** The signatures of the relevant functions in the spans `which`. */
export function signaturesOf(facts: Pick<FileFacts, 'functions'>, spans: readonly { range: Range }[], which: (span: number) => boolean): Signature[] {
  return facts.functions.flatMap((fn) => {
    const span = fn.relevant ? spanIndexAt(spans, fn.range) : -1;
    if (span < 0 || !which(span)) return [];
    return [{ span, name: detached(fn.name), qualifiedName: detached(fn.qualifiedName), params: fn.params.length, ...(fn.required !== undefined ? { required: fn.required } : {}) }];
  });
}

/** A function that resolution can find (name, class, arity) and nothing else: its body records nothing. */
function stubOf(s: Signature, range: Range): FunctionFacts {
  return {
    name: s.name, qualifiedName: s.qualifiedName, params: Array.from({ length: s.params }, (_, i) => `p${i}`), range,
    body: { k: 'seq', body: [] }, lambda: false, relevant: true, locals: [], ...(s.required !== undefined ? { required: s.required } : {}),
  };
}

/**
 * True when every call of the span `at`, as `facts` (a reduced document's analysis) extracted it, resolves among the
 * document's functions (`all`, their signatures) to the function it resolved to in the reduced document: what the
 * tracker entered there is what it would enter in the whole file.
 */
export function resolvesAsWhole(
  facts: Pick<FileFacts, 'functions' | 'fillHelpers' | 'classBases'>,
  context: { uri: string; workspace?: WorkspaceIndex; spans: readonly { range: Range }[]; at: number; all: readonly Signature[] },
): boolean {
  const { uri, workspace, spans, at } = context;
  const inSpan = facts.functions.filter((fn) => spanIndexAt(spans, fn.range) === at);
  const events = inSpan.map((fn) => {
    const calls: UserCallEvent[] = [];
    userCalls(fn.body, calls);
    return { fn, calls };
  });
  // A call resolves among the functions of its name only: the others' signatures are not read (a large file has
  // thousands, and this runs on every keystroke).
  const names = new Set(events.flatMap((e) => e.calls.map((c) => c.callee)));
  if (names.size === 0) return true;
  const reduced = functionIndex(facts, uri, workspace);
  const stubs = new Map<FunctionFacts, number>(context.all.filter((s) => names.has(s.name)).map((s) => [stubOf(s, spans[s.span].range), s.span]));
  const whole = functionIndex({ functions: [...stubs.keys()], fillHelpers: facts.fillHelpers, classBases: facts.classBases }, uri, workspace);
  // A lambda's calls may be resolved in its own class or its enclosing method's: each must agree.
  const classes = [undefined, ...inSpan.filter((fn) => !fn.lambda).map(classOf)];
  const target = (found: { fn: FunctionFacts; uri: string } | undefined, mine: (fn: FunctionFacts) => number): string =>
    !found ? 'none' : found.uri === uri ? `span ${mine(found.fn)}` : found.fn.qualifiedName;
  for (const { fn, calls } of events) {
    for (const e of calls) {
      const own = e.receiverClass ?? (e.ownClass ? classOf(fn) : undefined);
      for (const cls of fn.lambda ? [own, ...classes] : [own]) {
        // `obj.F()` is resolved in obj's class and, failing that, asked without it (track/env.ts resolveCallee).
        for (const receiver of e.receiverClass && cls === own ? [true, false] : [false]) {
          const here = target(reduced.resolve(e.callee, e.args.length, cls, receiver), (g) => spanIndexAt(spans, g.range));
          const there = target(whole.resolve(e.callee, e.args.length, cls, receiver), (g) => stubs.get(g) ?? -1);
          if (here !== there) return false;
        }
      }
    }
  }
  return true;
}
