// C++20 designated initializers with a braced value and no `=` (`{ .Type {T}, .Transition { .pResource = r } }`,
// [dcl.init.general] designated-initializer-clause: designator brace-or-equal-initializer) are valid C++ that the
// grammar only knows in the `.Type = {T}` form: each one is a syntax error that hides the barrier around it. The
// whitespace before the brace becomes the `=` (same length, newlines kept, so every position and every incremental
// edit stays true). A designator written `.Transition{`, with no blank between name and brace, takes the blank after
// its brace instead: `.Transition{ x` → `.Transition={x`, and at a line end `.Transition{⏎    x` → `.Transition=⏎{   x`
// (the brace moves to the next line's first column; every line keeps its break). With no blank after the brace
// either (`.Type{T}`) it stays a syntax error.

/** `{` or `,`, then a designator, then blanks before its brace (the brace is left to the next designator's lead). */
const BRACED_DESIGNATOR = /([{,]\s*)(\.[A-Za-z_]\w*)(\s+)(?=\{)/g;

/** `{` or `,`, a designator with its brace right after the name, then a blank (or a line break and a blank). */
const TIGHT_DESIGNATOR = /([{,]\s*\.[A-Za-z_]\w*)\{([ \t]|\r?\n[ \t])/g;

export function equalsBeforeBracedDesignators(text: string): string {
  if (!text.includes('.')) return text;
  // The blank taken is a space or tab, so a line break (and every row) stays where it was.
  return text.replace(BRACED_DESIGNATOR, (m: string, lead: string, name: string, blanks: string) => {
    const at = blanks.search(/[ \t]/);
    return at < 0 ? m : `${lead}${name}${blanks.slice(0, at)}=${blanks.slice(at + 1)}`;
  }).replace(TIGHT_DESIGNATOR, (_m: string, lead: string, after: string) => (after.length === 1 ? `${lead}={` : `${lead}=${after.slice(0, -1)}{`));
}
