// Functions a reduced document keeps only so that a call stays as ambiguous as in the whole file (function-spans.ts
// `named`: `m_batch.flush(…)` when several classes define a `flush` and the receiver's class is unknown) keep their
// signature and lose their body. What the tracker's resolution reads of a function (track/workspace.ts
// functionIndex: name, qualified name, parameters and defaults, whether it is relevant) is in its signature and in
// one fact of its body, relevance: a stub's body is empty when the function was not relevant, else one call of a
// name no code spells (a call is relevant), so the stub resolves as the function. The tracker never enters such a
// function (the calls naming it resolve to none), so its body's own facts are no more this analysis's than a
// dropped function's. On bgfx's renderer_d3d12.cpp these bodies were 44 % of the lines the 192 reduced documents
// kept (`createVertexBuffer`, 4 lines, kept 904 lines of `update`/`create`/`destroy` methods of other classes).
import type { Range } from '../types';

/** What of a function span (function-spans.ts) a stub reads. */
interface Span {
  name: string;
  range: Range;
  bodyStart: { line: number; column: number };
}

/** How a kept-for-ambiguity span is stubbed: `empty`, a body `{}`; `relevant`, a body with one call. */
export type StubKind = 'empty' | 'relevant';

/** Per span index, how it may be stubbed; a span missing is kept whole. */
export type SpanStubs = ReadonlyMap<number, StubKind>;

/** The call a relevant stub's body makes: a name no code spells, resolving to nothing. */
export const STUB_CALL = '__barrierlint_stub_body();';

/**
 * How each span may be stubbed, from the relevant functions' signatures (call-reach.ts, kept in step with the
 * edits): a span holding no relevant function, `empty`; one whose only relevant function is itself (the same name),
 * `relevant`; a span holding several (a local class's methods) is kept whole.
 */
export function spanStubs(spans: readonly Span[], signatures: readonly { span: number; name: string }[]): Map<number, StubKind> {
  const relevant = new Map<number, { name: string }[]>();
  for (const s of signatures) relevant.set(s.span, [...(relevant.get(s.span) ?? []), s]);
  const out = new Map<number, StubKind>();
  spans.forEach((span, i) => {
    const own = relevant.get(i);
    if (!own) out.set(i, 'empty');
    else if (own.length === 1 && own[0].name === span.name) out.set(i, 'relevant');
  });
  return out;
}

/**
 * The lines `first`..`span.range.endLine` of a stubbed span (`lineAt` gives a document line): the lines up to
 * the body's opening brace as they are (template header, signature, member initializers), the body emptied line
 * for line, the closing brace and what follows it on its line where they were.
 */
export function stubLines(lineAt: (line: number) => string, span: Span, first: number, kind: StubKind): string[] {
  const { bodyStart, range } = span;
  const body = kind === 'relevant' ? ` ${STUB_CALL} ` : ' ';
  const closeAt = range.endColumn - 1;
  const out: string[] = [];
  for (let line = first; line < bodyStart.line; line++) out.push(lineAt(line));
  const open = lineAt(bodyStart.line).slice(0, bodyStart.column);
  if (bodyStart.line === range.endLine) {
    out.push(open + body + lineAt(range.endLine).slice(closeAt));
    return out;
  }
  out.push(open + body);
  for (let line = bodyStart.line + 1; line < range.endLine; line++) out.push('');
  const last = lineAt(range.endLine);
  out.push(' '.repeat(closeAt) + last.slice(closeAt));
  return out;
}
