// Edits inside function bodies that keep a file parsable (issue 13's equality test on real code): random keystrokes
// break the syntax of most real files at once, and a function that no longer parses is analysed with the whole
// file, so they hardly test the function path. These change what the code does while the grammar still reads it:
// a number or an enumerator of the same family replaced, an identifier swapped for another of the function's, a
// statement line deleted, commented out or repeated after another statement.
import type { FunctionSpan } from '../../server/src/lsp/function-spans';

export type EditKind = 'number' | 'enumerator' | 'identifier' | 'delete-statement' | 'comment-statement' | 'repeat-statement';

/** One replacement of the text between two offsets. */
export interface TextEdit {
  kind: EditKind;
  from: number;
  to: number;
  text: string;
}

/** A small deterministic generator (mulberry32): the same seed gives the same edits. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENUMERATOR = /\bD3D12_(RESOURCE_STATE|BARRIER_LAYOUT|BARRIER_ACCESS|BARRIER_SYNC|RESOURCE_BARRIER_TYPE|RESOURCE_BARRIER_FLAG)_[A-Z0-9_]+\b/g;
const NUMBER = /(?<![\w.])\d+(?![\w.'])/g;
const IDENTIFIER = /\b[A-Za-z_]\w*\b/g;
const KEYWORDS = new Set(['if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'return', 'break', 'continue', 'const', 'auto',
  'static', 'struct', 'class', 'sizeof', 'nullptr', 'true', 'false', 'void', 'int', 'unsigned', 'this', 'new', 'delete', 'goto',
  'typename', 'template', 'constexpr', 'using', 'namespace', 'operator', 'decltype', 'static_cast', 'reinterpret_cast', 'const_cast', 'dynamic_cast']);

/** A line that is one whole statement: ends with `;`, no braces, brackets balanced, not a directive or a label. */
function statementLine(line: string, previous: string): boolean {
  const t = line.trim();
  if (!t.endsWith(';') || /[{}]/.test(t) || t.startsWith('#') || t.startsWith('//') || /^(case\b|default\b|\w+\s*:[^:])/.test(t)) return false;
  if (t.includes('/*') || t.includes('*/') || t.includes('"') || t.includes("'") || t.includes('\\')) return false;
  const p = previous.trim();
  // The previous line must end a statement or open a block: otherwise this line continues it (an argument list).
  if (!(p === '' || p.endsWith(';') || p.endsWith('{') || p.endsWith('}') || p.startsWith('//') || p.startsWith('#'))) return false;
  if (/^(if|for|while|else|do|switch)\b/.test(p)) return false;
  let depth = 0;
  for (const ch of t) {
    if (ch === '(' || ch === '[') depth++;
    if (ch === ')' || ch === ']') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

interface Line {
  start: number;
  end: number;
  text: string;
}

/** The body lines of a function (between the line of its opening brace and the line of its closing one). */
function bodyLines(text: string, lineStarts: readonly number[], span: FunctionSpan): Line[] {
  const out: Line[] = [];
  for (let line = span.bodyStart.line + 1; line < span.range.endLine; line++) {
    const start = lineStarts[line];
    let end = lineStarts[line + 1] - 1;
    if (text[end - 1] === '\r') end--;
    out.push({ start, end, text: text.slice(start, end) });
  }
  return out;
}

/** Every offset range of `re`'s matches inside the lines, outside line comments. */
function matchesIn(lines: readonly Line[], re: RegExp): { from: number; to: number; text: string }[] {
  const out: { from: number; to: number; text: string }[] = [];
  for (const l of lines) {
    const code = l.text.split('//')[0];
    if (code.trim().startsWith('#') || code.includes('"')) continue;
    for (const m of code.matchAll(re)) out.push({ from: l.start + m.index!, to: l.start + m.index! + m[0].length, text: m[0] });
  }
  return out;
}

/** One edit of `kind` inside the function, or undefined when the function has nothing of that kind. */
export function parsableEdit(
  text: string, lineStarts: readonly number[], span: FunctionSpan, kind: EditKind, random: () => number,
): TextEdit | undefined {
  const lines = bodyLines(text, lineStarts, span);
  const pick = <T>(xs: readonly T[]): T | undefined => (xs.length ? xs[Math.floor(random() * xs.length)] : undefined);
  const statements = lines.filter((l, i) => statementLine(l.text, i > 0 ? lines[i - 1].text : '{'));
  switch (kind) {
    case 'number': {
      const m = pick(matchesIn(lines, NUMBER));
      return m && { kind, from: m.from, to: m.to, text: String(Number(m.text) === 0 ? 1 : Number(m.text) - 1) };
    }
    case 'enumerator': {
      const all = matchesIn(lines, ENUMERATOR);
      const m = pick(all);
      if (!m) return undefined;
      const family = m.text.replace(ENUMERATOR, '$1');
      const others = [...new Set(text.match(ENUMERATOR) ?? [])].filter((e) => e !== m.text && e.startsWith(`D3D12_${family}_`) && !e.startsWith(`${m.text}_`));
      const other = pick(others);
      return other ? { kind, from: m.from, to: m.to, text: other } : undefined;
    }
    case 'identifier': {
      const ids = matchesIn(lines, IDENTIFIER).filter((m) => !KEYWORDS.has(m.text) && !/^D3D12_/.test(m.text) && text[m.to] !== '(');
      const m = pick(ids);
      const other = m && pick([...new Set(ids.map((i) => i.text))].filter((t) => t !== m.text));
      return m && other ? { kind, from: m.from, to: m.to, text: other } : undefined;
    }
    case 'delete-statement': {
      const l = pick(statements);
      return l && { kind, from: l.start, to: l.end, text: '' };
    }
    case 'comment-statement': {
      const l = pick(statements);
      const indent = l ? l.text.length - l.text.trimStart().length : 0;
      return l && { kind, from: l.start + indent, to: l.start + indent, text: '// ' };
    }
    case 'repeat-statement': {
      const l = pick(statements);
      const at = pick(statements);
      if (!l || !at) return undefined;
      // On the same line half the time, else on a line of its own (the lines after it move).
      const eol = text[at.end] === '\r' ? '\r\n' : '\n';
      const indent = at.text.slice(0, at.text.length - at.text.trimStart().length);
      return { kind, from: at.end, to: at.end, text: random() < 0.5 ? ` ${l.text.trim()}` : `${eol}${indent}${l.text.trim()}` };
    }
  }
}

export const EDIT_KINDS: readonly EditKind[] = ['number', 'enumerator', 'identifier', 'delete-statement', 'comment-statement', 'repeat-statement'];
