// Code the preprocessor never compiles: `#if 0 … #endif` (and the `#if 0` half of `#if 0 … #else … #endif`).
// Such blocks hold shader source (HLSL kept beside its bytecode array in test suites), old code and notes; the C++
// grammar reads them as code, and HLSL attributes or declarations there (`[numthreads(1, 1, 1)] void main()`
// inside an array initializer) are syntax errors that hide the function around them. The parser reads them as
// spaces (same length, newlines kept, so every position and every incremental edit stays true). Only a literal 0
// condition counts; `#elif` after `#if 0` leaves the block as it is.

import { blankLine } from './directive-lines';

const IF = /^[ \t]*#[ \t]*if(?:def|ndef)?\b/;
// A CRLF file's lines end in `\r` (the text is split at `\n`): `#if 0\r` is a disabled block too.
const IF_ZERO = /^[ \t]*#[ \t]*if[ \t]+0[ \t]*(?:\/[/*].*)?\r?$/;
const ELSE = /^[ \t]*#[ \t]*else\b/;
const ELIF = /^[ \t]*#[ \t]*elif/;
const ENDIF = /^[ \t]*#[ \t]*endif\b/;

export function blankDisabledBlocks(text: string): string {
  if (!/#[ \t]*if[ \t]+0/.test(text)) return text;
  const lines = text.split('\n');
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    if (!IF_ZERO.test(lines[i])) continue;
    const end = blockEnd(lines, i);
    if (!end) continue;
    for (let j = i; j <= end.disabledTo; j++) lines[j] = blankLine(lines[j]);
    if (end.endif !== end.disabledTo) lines[end.endif] = blankLine(lines[end.endif]);
    changed = true;
    i = end.disabledTo;
  }
  return changed ? lines.join('\n') : text;
}

/** The last disabled line (the `#endif`, or the `#else` that ends the disabled half) and the block's `#endif`. */
function blockEnd(lines: string[], start: number): { disabledTo: number; endif: number } | null {
  let depth = 0;
  let elseAt = -1;
  for (let j = start + 1; j < lines.length; j++) {
    const l = lines[j];
    if (IF.test(l)) depth++;
    else if (ENDIF.test(l)) {
      if (depth === 0) return { disabledTo: elseAt >= 0 ? elseAt : j, endif: j };
      depth--;
    } else if (depth === 0 && ELIF.test(l)) return null;
    else if (depth === 0 && ELSE.test(l) && elseAt < 0) elseAt = j;
  }
  return null;
}
