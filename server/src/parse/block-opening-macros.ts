// Statement macros that open a block: `#define m_scoped_temp for (arena_t *temp = begin(); temp; end(temp), temp = 0)`
// then `m_scoped_temp { … barriers … }` (scoped arenas, profiler zones, defer loops), defined in the file or in a
// header the run may not hold. A name alone in statement position followed by a block is no C or C++ the grammar
// reads: it is a syntax error that hides the barriers inside. The parser reads the name as spaces (same length,
// newlines kept, so every position stays true), which leaves the block as a plain block run once: what a scope
// macro does; a loop macro's body is then read as one iteration. Keywords (`else`, `do`, `try`, `namespace`,
// `__asm`, …) and names continuing an expression, an initializer list or a declaration (the character before is not
// `;`, `{`, `}` or `)`) are left alone.

const KEYWORDS = new Set([
  'else', 'do', 'try', '__try', '__finally', 'namespace', 'struct', 'class', 'union', 'enum', 'asm', '__asm', '_asm',
  'noexcept', 'override', 'final', 'const', 'volatile', 'mutable', 'static', 'inline', 'extern', 'default', 'return',
  'typedef', 'template', 'operator', 'throw', 'public', 'private', 'protected', 'case', 'goto', 'break', 'continue',
  'requires', 'concept', 'export', 'module', 'import',
]);

/** A line holding only a name, optionally followed by the block's `{` (and whatever the block starts with). */
const LONE_NAME = /^([ \t]*)([A-Za-z_]\w*)[ \t]*(?:(\{.*)|(?:\/\/.*)?)\r?$/;

/** The last character before `line` that is not blank, inside a `//` comment or on a preprocessor line. */
function previousSignificant(lines: readonly string[], line: number): string | undefined {
  for (let i = line - 1; i >= 0; i--) {
    const l = lines[i].replace(/\/\/.*$/, '').trimEnd();
    if (l.length === 0 || /^\s*#/.test(l) || (i > 0 && /\\\r?$/.test(lines[i - 1]))) continue;
    return l[l.length - 1];
  }
  return undefined;
}

/** Whether the next line that is not blank or a `//` comment starts with `{`. */
function blockFollows(lines: readonly string[], line: number): boolean {
  for (let i = line + 1; i < lines.length && i <= line + 3; i++) {
    const l = lines[i].trim();
    if (l.length === 0 || l.startsWith('//')) continue;
    return l.startsWith('{');
  }
  return false;
}

export function blankBlockOpeningMacros(text: string): string {
  if (!/^[ \t]*[A-Za-z_]\w*[ \t]*(?:\{|\r?$)/m.test(text)) return text;
  const lines = text.split('\n');
  let changed = false;
  for (let i = 1; i < lines.length; i++) {
    const m = LONE_NAME.exec(lines[i]);
    if (!m || KEYWORDS.has(m[2]) || /\\\r?$/.test(lines[i - 1])) continue;
    if (m[3] === undefined && !blockFollows(lines, i)) continue;
    const before = previousSignificant(lines, i);
    if (before !== ';' && before !== '{' && before !== '}' && before !== ')') continue;
    lines[i] = m[1] + ' '.repeat(m[2].length) + lines[i].slice(m[1].length + m[2].length);
    changed = true;
  }
  return changed ? lines.join('\n') : text;
}
