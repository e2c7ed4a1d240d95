// Where the typing bench types in a real file (bench-lsp-typing.ts `--file`): one position per function body,
// split into the two kinds of edit whose latency differs (issue 13): in a function nothing else in the file calls,
// and in a function that is called elsewhere (a caller, a member call `x->Name(`). The functions are those the
// language server itself sees (outermost function spans of the analysis); a position is the first non-blank
// character of a body line that is code (not a preprocessor line, a comment or a brace alone).
import { analyze } from '../../server/src/analyze';
import { outermostSpans, type FunctionSpan } from '../../server/src/lsp/function-spans';
import { parseCpp } from '../../server/src/parse/parser';

export interface TypingPosition {
  line: number;
  character: number;
  fn: string;
}

export interface TypingEdits {
  called: TypingPosition[];
  uncalled: TypingPosition[];
}

function calledElsewhere(lines: readonly string[], span: FunctionSpan): boolean {
  const short = span.name.replace(/^.*::/, '').replace(/^~/, '');
  if (!/^[A-Za-z_]\w*$/.test(short)) return false;
  const call = new RegExp(`(^|[^\\w~])${short}\\s*\\(`);
  return lines.some((l, i) => (i < span.range.startLine || i > span.range.endLine) && call.test(l));
}

function bodyPosition(lines: readonly string[], span: FunctionSpan): TypingPosition | undefined {
  for (let line = span.bodyStart.line + 1; line < span.range.endLine; line++) {
    const text = lines[line] ?? '';
    const character = text.search(/\S/);
    if (character < 0 || /^\s*(#|\/\/|\/\*|\*|[{}]\s*$)/.test(text)) continue;
    return { line, character, fn: span.name };
  }
  return undefined;
}

/** Up to `perKind` positions of each kind, spread over the file (every k-th function of the kind). */
export function typingEdits(text: string, perKind: number): TypingEdits {
  const tree = parseCpp(text);
  const facts = analyze(text, 'file:///bench/real.cpp', { tree }).facts;
  const spans = facts ? outermostSpans(facts.functions, text, tree) : [];
  const lines = text.split('\n');
  const called: TypingPosition[] = [];
  const uncalled: TypingPosition[] = [];
  for (const span of spans) {
    const at = bodyPosition(lines, span);
    if (at) (calledElsewhere(lines, span) ? called : uncalled).push(at);
  }
  const spread = (xs: TypingPosition[]): TypingPosition[] => {
    const step = Math.max(1, Math.floor(xs.length / perKind));
    return xs.filter((_, i) => i % step === 0).slice(0, perKind);
  };
  return { called: spread(called), uncalled: spread(uncalled) };
}
