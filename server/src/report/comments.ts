// A small C/C++ lexer that finds comments (skipping string, character and raw-string literals), so suppression
// comments are found without a parse tree. report/ must not touch tree-sitter (conventions.md), and suppressions
// must work even where tree-sitter produced ERROR nodes, so this is a character scan rather than a query.

export interface Comment {
  /** Text between the delimiters (`//` or `/*` … `*\/` excluded). */
  body: string;
  /** UTF-16 offsets of the whole comment including delimiters; end is exclusive. */
  start: number;
  end: number;
  /** Offset of `body` within the source. */
  bodyStart: number;
  block: boolean;
}

const IDENT = /[A-Za-z0-9_]/;

export function scanComments(text: string): Comment[] {
  const comments: Comment[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      i = lineComment(text, i, comments);
    } else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : close + 2;
      comments.push({ body: text.slice(i + 2, close < 0 ? end : close), start: i, end, bodyStart: i + 2, block: true });
      i = end;
    } else if (c === '"') {
      i = isRawStringStart(text, i) ? skipRawString(text, i) : skipQuoted(text, i, '"');
    } else if (c === "'" && !/[0-9]/.test(text[i - 1] ?? '')) {
      i = skipQuoted(text, i, "'");
    } else {
      i++;
    }
  }
  return comments;
}

function lineComment(text: string, start: number, out: Comment[]): number {
  let end = start + 2;
  for (;;) {
    // NOTE: `\r\n`, `\n` and a lone `\r` end the line (parse/positions.ts).
    const match = /\r\n?|\n/g;
    match.lastIndex = end;
    const found = match.exec(text);
    if (!found) {
      end = text.length;
      break;
    }
    // A backslash before the newline continues the comment onto the next line.
    const lineEnd = found.index;
    if (text[lineEnd - 1] !== '\\') {
      end = lineEnd;
      break;
    }
    end = lineEnd + found[0].length;
  }
  out.push({ body: text.slice(start + 2, end), start, end, bodyStart: start + 2, block: false });
  return end;
}

function skipQuoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i; // unterminated literal: stop at the end of the line
    else i++;
  }
  return i;
}

/** `R"delim(` with an optional encoding prefix (L, u, U, u8) and no identifier character before it. */
function isRawStringStart(text: string, quote: number): boolean {
  if (text[quote - 1] !== 'R') return false;
  let p = quote - 2;
  const prefix = text.slice(Math.max(0, p - 1), p + 1);
  if (prefix === 'u8') p -= 2;
  else if (p >= 0 && 'LuU'.includes(text[p])) p -= 1;
  return p < 0 || !IDENT.test(text[p]);
}

function skipRawString(text: string, quote: number): number {
  const open = text.indexOf('(', quote);
  if (open < 0 || open - quote > 17) return skipQuoted(text, quote, '"');
  const terminator = `)${text.slice(quote + 1, open)}"`;
  const close = text.indexOf(terminator, open + 1);
  return close < 0 ? text.length : close + terminator.length;
}

