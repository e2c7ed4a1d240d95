// Function-like statement macros that open a block: `#define FOR_EACH(i, n) for (int i = 0; i < n; ++i)` used as
// `FOR_EACH(i, count) { … barriers … }` (loop macros, profiler scopes with a label, lock guards), defined in the file
// or in a header the run may not hold. The grammar reads `NAME(args) { … }` inside a function body as a nested
// function definition without a return type, which hides the block from the function that holds it (its barriers,
// its counters, its commands). No C or C++ declares a function there without a type (GNU C nested functions have
// one; constructors live in class bodies), so such a definition is the macro and its block. The parser reads the
// macro call as spaces (newlines kept, so every position stays true), which leaves the block as a plain block run
// once, as parse/block-opening-macros.ts does for the object-like form: a loop macro's body is read as one iteration,
// and the names the macro declares (`i`) are unknown inside it.
import type Parser from 'tree-sitter';

/** Whether `def` is `NAME(args) { … }` directly in a block: a macro call opening a block, not a definition. */
function isMacroBlock(def: Parser.SyntaxNode): boolean {
  if (def.parent?.type !== 'compound_statement' || def.childForFieldName('type')) return false;
  const declarator = def.childForFieldName('declarator');
  return declarator?.type === 'function_declarator' && declarator.childForFieldName('declarator')?.type === 'identifier'
    && def.childForFieldName('body')?.type === 'compound_statement';
}

/**
 * A name opening a statement (after a line start, a brace, `;`, a label's `:` or a comment's `/`), not a keyword, then
 * `(` and a `{` before any `;`: the least a block-opening macro call's text has. Most files have none, and then the
 * tree is not searched (that search cost about a tenth of a parse, on every parse).
 */
const MAY_OPEN_BLOCK = /(?:^|[{};:/])[ \t]*(?!(?:if|for|while|switch|catch|return|sizeof|else|do|case|throw|co_return|co_await|co_yield|new|delete|decltype|alignof|noexcept|static_assert)\b)[A-Za-z_]\w*\s*\([^;]*?\{/m;

/**
 * A name followed by `(` (spaces, line continuations or comments between): where the name of a function declarator
 * can stand. Keywords that take parentheses are left out.
 */
const CALLED_NAME = /(?<![\w$\u0080-\uffff])[A-Za-z_$\u0080-\uffff][\w$\u0080-\uffff]*(?=(?:\s|\\\r?\n|\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/|\/\/[^\n]*\n)*\()/g;
const KEYWORDS: ReadonlySet<string> = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'sizeof', 'do', 'case', 'throw', 'co_return', 'co_await',
  'co_yield', 'new', 'delete', 'decltype', 'alignof', 'alignas', 'noexcept', 'static_assert', 'defined', 'typeid', 'else', 'operator']);

/** Whether `text` may hold a block-opening macro call (false: it certainly holds none). */
export function mayOpenBlocks(text: string): boolean {
  return MAY_OPEN_BLOCK.test(text);
}

/**
 * Where the name of a block-opening macro call may stand in `text` ([start, end) in UTF-16 units, in order): every
 * name followed by `(` whose next `{` or `;` (outside comments and literals) is a `{`. In a tree without errors a
 * nested definition's name is always such a name: between it and its body stand its parameters, specifiers and
 * member initializers, where a `;` only comes inside braces (a lambda's body) or inside comments and literals.
 */
export function blockNames(text: string): [number, number][] {
  const marks = braceAndSemicolonMarks(text);
  const out: [number, number][] = [];
  // Only the text before a `{` (back to the `{` or `;` before it) is searched: most text lies before a `;`. NOTE: the
  // search stays inside that text (a search of the whole text from there went on to the next name wherever it was:
  // quadratic in a table of thousands of braces).
  for (let k = 0; k < marks.length; k++) {
    if (text.charCodeAt(marks[k]) !== BRACE) continue;
    const from = k === 0 ? 0 : marks[k - 1] + 1;
    if (from === marks[k]) continue;
    for (const m of text.slice(from, marks[k]).matchAll(CALLED_NAME)) {
      if (!KEYWORDS.has(m[0])) out.push([from + m.index, from + m.index + m[0].length]);
    }
  }
  return out;
}

const BRACE = 0x7b;

/**
 * The offsets of `{` and `;` outside comments, string and character literals (raw strings included), in order.
 * NOTE: `'` after a digit inside a number (`1'000`) separates digits; after a prefix (`L';'`, `u8'x'`) it opens a
 * character literal.
 */
function braceAndSemicolonMarks(text: string): number[] {
  const out: number[] = [];
  const n = text.length;
  const next = /[{;/"']/g;
  for (let m = next.exec(text); m; m = next.exec(text)) {
    const i = m.index;
    const c = text.charCodeAt(i);
    let to = i + 1;
    if (c === 0x7b /* { */ || c === 0x3b /* ; */) out.push(i);
    else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      // A line comment goes on past a line continuation.
      to = i + 2;
      while (to < n && text.charCodeAt(to) !== 0x0a) to += text.charCodeAt(to) === 0x5c /* \ */ ? 2 : 1;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const close = text.indexOf('*/', i + 2);
      to = close < 0 ? n : close + 2;
    } else if (c === 0x22 /* " */) to = rawStringEnd(text, i) ?? literalEnd(text, i, 0x22);
    else if (c === 0x27 /* ' */ && !digitSeparator(text, i)) to = literalEnd(text, i, 0x27);
    next.lastIndex = to;
  }
  return out;
}

/** The end of the literal opened by the quote at `at` (past its closing quote, or at the line's end). */
function literalEnd(text: string, at: number, quote: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === 0x5c /* \ */) i += 2;
    else if (c === 0x0a) return i;
    else i++;
  }
  return i;
}

/** For `R"delim(…)delim"` (any prefix) opened by the quote at `at`: the offset past it; else undefined. */
function rawStringEnd(text: string, at: number): number | undefined {
  if (text.charCodeAt(at - 1) !== 0x52 /* R */) return undefined;
  const open = text.indexOf('(', at);
  if (open < 0 || open - at > 17) return undefined;
  const delim = text.slice(at + 1, open);
  if (/[\s\\)"]/.test(delim)) return undefined;
  const close = text.indexOf(`)${delim}"`, open + 1);
  return close < 0 ? text.length : close + delim.length + 2;
}

/** Whether the `'` at `at` separates digits of a number (`1'000`, `0xFF'FF`): the token before it starts with a digit. */
function digitSeparator(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /[\w.']/.test(text[i])) i--;
  return i + 1 < at && /[0-9]/.test(text[i + 1]);
}

/**
 * The macro blocks whose names stand at `names` (in order). NOTE: one cursor moves from name to name (asking the
 * root for each name went through the root's children every time: as slow as searching the whole tree).
 */
function namedBlocks(tree: Parser.Tree, names: readonly [number, number][]): Parser.SyntaxNode[] {
  const defs: Parser.SyntaxNode[] = [];
  const cursor = tree.walk();
  for (const [start, end] of names) {
    // NOTE: each answer of the cursor is a call into the binding: its offsets are read once per move.
    let from = cursor.startIndex;
    let to = cursor.endIndex;
    // On to the next node holding the name: along the siblings while they end before it (names come in order, so
    // each sibling is passed once), else up.
    while (from > start || to < end) {
      if (!(to <= start && cursor.gotoNextSibling()) && !cursor.gotoParent()) break;
      from = cursor.startIndex;
      to = cursor.endIndex;
    }
    // Down to the smallest node holding the name. NOTE: the binding answers the child's index (0 for the first), or
    // null when no child reaches past `start`.
    while (!(from === start && to === end && cursor.nodeType === 'identifier')) {
      if ((cursor.gotoFirstChildForIndex(start) as unknown) === null) break;
      from = cursor.startIndex;
      to = cursor.endIndex;
      if (from > start || to < end) break;
    }
    if (from !== start || to !== end || cursor.nodeType !== 'identifier') continue;
    // The name of a function declarator, of a definition: only then is the node asked for.
    if (!cursor.gotoParent() || (cursor.nodeType as string) !== 'function_declarator' || !cursor.gotoParent() || (cursor.nodeType as string) !== 'function_definition') continue;
    const def = cursor.currentNode;
    if (isMacroBlock(def) && def.childForFieldName('declarator')?.childForFieldName('declarator')?.startIndex === start) defs.push(def);
  }
  return defs;
}

/**
 * `text` (the text `tree` was parsed from) with the calls of block-opening function-like macros blanked, or
 * undefined when the tree holds none.
 */
export function blankBlockOpeningCalls(tree: Parser.Tree, text: string): string | undefined {
  if (!mayOpenBlocks(text)) return undefined;
  // NOTE: in a tree without errors the tree is asked only at the names that may open a block (about one per
  // function): a search of the whole tree cost about a fifth of the parse of a 40,000-line file. A tree with errors
  // is searched whole: error recovery can make a nested definition of any text.
  const defs = tree.rootNode.hasError ? tree.rootNode.descendantsOfType('function_definition').filter(isMacroBlock) : namedBlocks(tree, blockNames(text));
  if (defs.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const def of defs) {
    const declarator = def.childForFieldName('declarator');
    if (!declarator || declarator.startIndex < at) continue;
    // NOTE: indices are UTF-16 code units, as are the string's; each unit but a line break becomes one space.
    out += text.slice(at, declarator.startIndex) + text.slice(declarator.startIndex, declarator.endIndex).replace(/[^\r\n]/g, ' ');
    at = declarator.endIndex;
  }
  return out + text.slice(at);
}
