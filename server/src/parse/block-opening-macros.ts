// Statement macros that open a block: `#define m_scoped_temp for (arena_t *temp = begin(); temp; end(temp), temp = 0)`
// then `m_scoped_temp { … barriers … }` (scoped arenas, profiler zones, defer loops), defined in the file or in a
// header the run may not hold. A name alone in statement position followed by a block is no C or C++ the grammar
// reads: it is a syntax error that hides the barriers inside. The parser reads the name as spaces (same length,
// newlines kept, so every position stays true), which leaves the block as a plain block run once: what a scope
// macro does; a loop macro's body is then read as one iteration. Keywords (`else`, `do`, `try`, `namespace`,
// `__asm`, …), names continuing an expression, an initializer list or a declaration (the character before is not
// `;`, `{`, `}` or `)`), and names before a block that holds no statement (a braced initializer) are left alone.

const KEYWORDS = new Set([
  'else', 'do', 'try', '__try', '__finally', 'namespace', 'struct', 'class', 'union', 'enum', 'asm', '__asm', '_asm',
  'noexcept', 'override', 'final', 'const', 'volatile', 'mutable', 'static', 'inline', 'extern', 'default', 'return',
  'typedef', 'template', 'operator', 'throw', 'public', 'private', 'protected', 'case', 'goto', 'break', 'continue',
  'requires', 'concept', 'export', 'module', 'import',
]);

/** A line holding only a name, optionally followed by the block's `{` (then nothing but a comment). */
const LONE_NAME = /^([ \t]*)([A-Za-z_]\w*)[ \t]*(\{)?[ \t]*(?:\/\/.*)?\r?$/;

/** Longest block looked into for a statement (a braced initializer holds none). */
const MAX_BLOCK = 20_000;

/** The last character before `line` that is not blank, inside a `//` comment or on a preprocessor line. */
function previousSignificant(lines: readonly string[], line: number): string | undefined {
  for (let i = line - 1; i >= 0; i--) {
    const l = lines[i].replace(/\/\/.*$/, '').trimEnd();
    if (l.length === 0 || /^\s*#/.test(l) || (i > 0 && /\\\r?$/.test(lines[i - 1]))) continue;
    return l[l.length - 1];
  }
  return undefined;
}

/** The line of the block's `{`: `line` itself, or the next line that is not blank or a `//` comment when it starts with one. */
function blockLine(lines: readonly string[], line: number, sameLine: boolean): number | undefined {
  if (sameLine) return line;
  for (let i = line + 1; i < lines.length && i <= line + 3; i++) {
    const l = lines[i].trim();
    if (l.length === 0 || l.startsWith('//')) continue;
    return l.startsWith('{') ? i : undefined;
  }
  return undefined;
}

/**
 * Whether the block opened on `line` holds a statement (a `;` directly in it) before it closes: a braced initializer
 * (`LayoutElement{ … },` in a list, `Desc{` … `}` after a `{`) holds expressions only.
 */
function holdsStatement(lines: readonly string[], line: number): boolean {
  let depth = 0;
  let seen = 0;
  for (let i = line; i < lines.length && seen < MAX_BLOCK; i++) {
    const l = lines[i].replace(/\/\/.*$/, '');
    seen += l.length + 1;
    for (const ch of l) {
      if (ch === '{') depth++;
      else if (ch === '}' && --depth === 0) return false;
      else if (ch === ';' && depth === 1) return true;
    }
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
    const open = blockLine(lines, i, m[3] !== undefined);
    if (open === undefined) continue;
    const before = previousSignificant(lines, i);
    if (before !== ';' && before !== '{' && before !== '}' && before !== ')') continue;
    if (!holdsStatement(lines, open)) continue;
    lines[i] = m[1] + ' '.repeat(m[2].length) + lines[i].slice(m[1].length + m[2].length);
    changed = true;
  }
  return changed ? lines.join('\n') : text;
}
