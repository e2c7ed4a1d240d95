// Preprocessor conditionals inside an if/else chain: `if (a) { … }` `#if FEATURE` `else if (b) { … }` `#endif`
// `else { … }`. The grammar reads a `#if` group in statement position as a block of statements of its own, and an
// `else` that starts a group, or follows one, belongs to no `if`: a syntax error that hides the rest of the function
// (and, recovered badly, puts the `else` branch after the `if` instead of beside it). When a line after one of the
// group's directives starts with `else`, and every half of the group holds whole statements (braces and parentheses
// balanced), the directive lines are read as spaces (same length, newlines kept, so every position stays true): the
// chain then holds the branches of every configuration, a superset of the paths of any one build. Groups whose
// halves split a statement (`#if A` `if (x) {` `#else` `if (y) {` `#endif`) are left alone.

import { DIRECTIVE, blankLine, quotedEnd } from './directive-lines';

// Each line has one way to match (`[^\r\n]` leaves a CRLF's `\r` to `\r?`): no backtracking over runs of comment lines.
const QUICK = /^[ \t]*#[ \t]*(?:if|elif|else|endif)[^\n]*\n(?:[ \t]*(?:\/\/[^\r\n]*)?\r?\n)*[ \t]*else\b/m;
const ELSE_START = /^[ \t]*else\b/;
const BARE_ELSE = /^[ \t]*else\b(?![ \t]*if\b)/;

interface Group {
  /** Line indexes of `#if…`, each `#elif`/`#else`, and `#endif`, in order. */
  directives: number[];
}

export function blankChainDirectives(text: string): string {
  if (!QUICK.test(text)) return text;
  const lines = text.split('\n');
  let changed = false;
  for (const group of directiveGroups(lines)) {
    if (!chainGroup(lines, group)) continue;
    for (const at of group.directives) lines[at] = blankLine(lines[at]);
    changed = true;
  }
  return changed ? lines.join('\n') : text;
}

function directiveGroups(lines: readonly string[]): Group[] {
  const groups: Group[] = [];
  const open: Group[] = [];
  for (let i = 0; i < lines.length; i++) {
    const kind = DIRECTIVE.exec(lines[i])?.[1];
    if (!kind) continue;
    if (kind.startsWith('if')) open.push({ directives: [i] });
    else if (kind === 'endif') {
      const group = open.pop();
      if (group) {
        group.directives.push(i);
        groups.push(group);
      }
    } else open[open.length - 1]?.directives.push(i);
  }
  return groups;
}

/** Whether some directive of the group is followed by an `else`, and the group's halves are whole statements. */
function chainGroup(lines: readonly string[], group: Group): boolean {
  const { directives } = group;
  // A continued directive line (`#if A && \`) would leave its second line behind as code.
  if (directives.some((at) => /\\\r?$/.test(lines[at]))) return false;
  const starts = directives.map((at) => nextSignificant(lines, at));
  if (!starts.some((l) => l !== undefined && ELSE_START.test(lines[l]))) return false;
  // Halves read one after the other: an `else { … }` half followed by another half is no C++.
  for (let h = 0; h + 2 < directives.length; h++) {
    const first = starts[h];
    if (first !== undefined && first < directives[h + 1] && BARE_ELSE.test(lines[first])) return false;
  }
  for (let h = 0; h + 1 < directives.length; h++) {
    if (!balanced(lines, directives[h] + 1, directives[h + 1])) return false;
  }
  return true;
}

/** The first line after `at` that is not blank, a `//` comment or a preprocessor line. */
function nextSignificant(lines: readonly string[], at: number): number | undefined {
  for (let i = at + 1; i < lines.length; i++) {
    const l = lines[i].trim();
    if (l.length === 0 || l.startsWith('//') || l.startsWith('#')) continue;
    return i;
  }
  return undefined;
}

/** Braces and parentheses of lines [from, to) balance, outside strings, characters and comments. */
function balanced(lines: readonly string[], from: number, to: number): boolean {
  let braces = 0;
  let parens = 0;
  let inBlockComment = false;
  for (let i = from; i < to; i++) {
    const line = lines[i];
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (inBlockComment) {
        if (ch === '*' && line[c + 1] === '/') {
          inBlockComment = false;
          c++;
        }
        continue;
      }
      if (ch === '/' && line[c + 1] === '/') break;
      if (ch === '/' && line[c + 1] === '*') {
        inBlockComment = true;
        c++;
      } else if (ch === '"' || ch === "'") c = quotedEnd(line, c) - 1;
      else if (ch === '{') braces++;
      else if (ch === '}') braces--;
      else if (ch === '(') parens++;
      else if (ch === ')') parens--;
      if (braces < 0 || parens < 0) return false;
    }
  }
  return braces === 0 && parens === 0 && !inBlockComment;
}
