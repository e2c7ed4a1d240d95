// Strings kept longer than the analysis that cut them out of a text: bounded caches that outlive a file (a
// long-lived language server analyses a new text on every keystroke) and the language server's stored results.
//
// NOTE: V8 keeps a substring of 13 or more characters (`text.slice(a, b)`, a regex match, a syntax node's text) as a
// view into the string it was cut from, so a 15-character name kept in a cache holds the whole document text of that
// analysis alive. On bgfx's renderer_d3d12.cpp (300 KB) the language server's analysis worker held 81 old copies of
// the document after 120 keystrokes (heap after a full collection 16 → 48 MiB), through cached type texts, the call
// graph's names and the signatures of the function-only re-analysis.

const SLICED_MIN = 13;

/** `s` as a string of its own (a copy when it may be a view into a longer text). */
export function detached(s: string): string {
  // Flattening the concatenation copies the characters; the slice then views that short copy.
  return s.length < SLICED_MIN ? s : (' ' + s).slice(1);
}
