// Line-level pieces shared by the preprocessing passes that read `#if` groups as text (disabled-blocks.ts,
// chain-directives.ts, expression-conditionals.ts): each keeps the text's length and its line breaks.

/** A conditional directive line and its kind (`if`, `ifdef`, …, `else`, `endif`). */
export const DIRECTIVE = /^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b/;

/** The line read as spaces, a CRLF line's `\r` kept. */
export const blankLine = (line: string): string => line.replace(/[^\r]/g, ' ');

/** The index after the string or character literal that opens at `start` (the line's end if it does not close). */
export function quotedEnd(line: string, start: number): number {
  const quote = line[start];
  for (let i = start + 1; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === quote) return i + 1;
  }
  return line.length;
}
