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

/** Whether `text` may hold a block-opening macro call (false: it certainly holds none). */
export function mayOpenBlocks(text: string): boolean {
  return MAY_OPEN_BLOCK.test(text);
}

/**
 * `text` (the text `tree` was parsed from) with the calls of block-opening function-like macros blanked, or
 * undefined when the tree holds none.
 */
export function blankBlockOpeningCalls(tree: Parser.Tree, text: string): string | undefined {
  if (!mayOpenBlocks(text)) return undefined;
  const defs = tree.rootNode.descendantsOfType('function_definition').filter(isMacroBlock);
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
