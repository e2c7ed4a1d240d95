// Preprocessor conditionals in the middle of an expression: an argument only a debug build passes
// (`make(device.Get()⏎#ifdef _DEBUG⏎, Level::Debug⏎#endif⏎)`), a state mask with one more bit on some platforms
// (`A | B⏎#if !CONSOLE⏎| C⏎#endif⏎;`), an element of an initializer list, an `else` whose statement differs per build.
// The grammar reads `#if` only where a statement, a declaration, a member or an enumerator may stand; there it is a
// syntax error that can swallow the whole function, and a parse problem is reported on the barrier code that follows.
// The parser reads such a group as one build sees it: the directive lines and every branch but the first (`#elif`,
// `#else`) become spaces (same length, newlines kept, so every position and every incremental edit stays true). A
// group where a statement or declaration may start (the code before ends in `;`, `{` or `}` outside brackets) is left
// to the grammar, and so is a group that tests a platform or holds Xbox code (see platformGroup).
//
// Which group sits in an expression: the code before it is inside an open `(` or `[`, or ends in `,`, an operator or
// the word `else` / `return`, or its first branch goes on with an operator (`| C`, `, b`, `&& c`). Only the first
// branch of every group counts when the brackets are counted, as the compiler sees one build
// (`#if A⏎f(a,⏎#else⏎f(b,⏎#endif⏎c);` opens one bracket).

import { DIRECTIVE, blankLine, quotedEnd } from './directive-lines';

const IF_LINE = /^[ \t]*#[ \t]*if(?:n?def)?\b/;
const PREPROCESSOR = /^[ \t]*#/;
/** The code of a branch that goes on with a binary operator: the group continues an expression. */
const CONTINUATION = /^(?:\|\|?|&&|\^|,|\?|\+(?!\+)|\/(?![/*])|%|\.(?!\.\.)|->|==|!=|<|>|=(?!=)|:(?!:))/;
const OPERATOR = new Set([',', '=', '|', '&', '^', '+', '-', '*', '/', '%', '<', '>', '?', '!', '~', '(', '[']);
const EXPRESSION_WORDS = new Set(['else', 'return']);
const PLATFORM = /XBOX|GAMING|DURANGO|SCARLETT|GDK|WINAPI_FAMILY/i;
const XBOX_NEGATED = /!\s*(?:defined\s*\(?\s*)?\w*XBOX/i;


interface Group {
  /** The group sits in an expression: its directives and later branches are blanked. */
  inExpression: boolean;
  /** 0 in the first branch, then one more at each `#elif` / `#else`. */
  branch: number;
}

/** Lexical state carried from line to line over the code the compiler of the first-branch build sees. */
interface Scan {
  /** Open `(` and `[` in the innermost braces; the depth outside each open `{` waits on `outer`. */
  depth: number;
  outer: number[];
  /** Per open `{`: whether it opens an initializer list (`= {`, `f({`, `a[] {`) rather than a block. */
  initializer: boolean[];
  /** Per open `[`: whether it opens a lambda's captures (not a subscript or an array's size). */
  captures: boolean[];
  /** The last `]` closed a lambda's captures. */
  closedCaptures: boolean;
  last: string | undefined;
  lastWord: string;
  inBlockComment: boolean;
  rawEnd: string | null;
}

export function blankExpressionConditionals(text: string): string {
  if (!/#[ \t]*if/.test(text)) return text;
  const lines = text.split('\n');
  // NOTE: most files open every group after `;`, `}`, a block's `{` or a preprocessor line: they are not scanned at
  // all. A group in an argument list right after a braced initializer (`f({1, 2}⏎#if …`) is left to the grammar.
  if (!lines.some((l, i) => IF_LINE.test(l) && mayBeInExpression(lines, i))) return text;
  const scan: Scan = { depth: 0, outer: [], initializer: [], captures: [], closedCaptures: false, last: undefined, lastWord: '', inBlockComment: false, rawEnd: null };
  const groups: Group[] = [];
  let changed = false;
  let continued = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const blanking = groups.some((g) => g.inExpression && g.branch > 0);
    const counting = !groups.some((g) => g.branch > 0);
    const wasContinued: boolean = continued;
    continued = LINE_CONTINUED.test(line) && (wasContinued || PREPROCESSOR.test(line));
    if (wasContinued || (PREPROCESSOR.test(line) && !DIRECTIVE.test(line))) {
      if (blanking) lines[i] = blankLine(line);
      continue;
    }
    const directive = DIRECTIVE.exec(line)?.[1];
    if (directive === undefined) {
      if (blanking) lines[i] = blankLine(line);
      else if (counting) scanLine(line, scan);
      continue;
    }
    if (directive.startsWith('if')) {
      const inExpression = blanking || (counting && inExpressionAt(lines, i, scan) && !platformGroup(lines, i));
      groups.push({ inExpression, branch: 0 });
      if (inExpression) lines[i] = blankLine(line);
    } else if (directive === 'endif') {
      const group = groups.pop();
      if (group?.inExpression || blanking) lines[i] = blankLine(line);
    } else {
      const group = groups[groups.length - 1];
      if (group) group.branch++;
      if (group?.inExpression || blanking) lines[i] = blankLine(line);
    }
    changed ||= lines[i] !== line;
  }
  return changed ? lines.join('\n') : text;
}

/** Whether the group opened on line `at` sits in an expression (see the top of the file). */
function inExpressionAt(lines: readonly string[], at: number, scan: Scan): boolean {
  const last = scan.last;
  if (last === undefined || last === ';') return false;
  if (last === '{') return scan.initializer[scan.initializer.length - 1] === true;
  if (scan.depth > 0) return true;
  if (last === '}' || last === ':') return false;
  if (OPERATOR.has(last) || EXPRESSION_WORDS.has(scan.lastWord)) return true;
  const next = firstBranchCode(lines, at);
  return next !== undefined && CONTINUATION.test(next);
}

/**
 * Whether the group opened on line `at` is left to the grammar for its platform: which branch a build takes depends
 * on the platform the run lints for, and an Xbox name read outside its conditional would be taken for code every PC
 * build compiles. A test that excludes Xbox (`#if !_TARGET_XBOXONE`, `#ifndef _GAMING_XBOX`) is read as its first
 * branch, the PC build's, unless that branch itself names Xbox; any other test of a platform
 * (`#ifdef _GAMING_XBOX … #else`, `#if _GXDK_VER >= …`) is left to the grammar.
 */
function platformGroup(lines: readonly string[], at: number): boolean {
  const head = lines[at];
  if (PLATFORM.test(head) && !(/^[ \t]*#[ \t]*ifndef\b/.test(head) || XBOX_NEGATED.test(head))) return true;
  let depth = 0;
  for (let i = at; i < lines.length; i++) {
    const directive = DIRECTIVE.exec(lines[i])?.[1];
    if (directive?.startsWith('if')) depth++;
    else if (directive === 'endif' && --depth === 0) return false;
    else if (depth === 1 && directive !== undefined) return false;
    if (i > at && PLATFORM.test(lines[i])) return true;
  }
  return false;
}

/** The first code of the branch opened on line `at` (blank and `//` lines skipped), or undefined. */
function firstBranchCode(lines: readonly string[], at: number): string | undefined {
  for (let i = at + 1; i < lines.length && i <= at + 12; i++) {
    if (PREPROCESSOR.test(lines[i])) return undefined;
    const code = lines[i].replace(/\/\/.*$/, '').trim();
    if (code.length > 0) return code;
  }
  return undefined;
}

/** The line before `at` that holds code (blank, `//` and preprocessor lines skipped), without its comment. */
function codeLineBefore(lines: readonly string[], at: number): { line: number; code: string } | undefined {
  for (let i = at - 1; i >= 0 && i >= at - 40; i--) {
    const code = lines[i].replace(/\/\/.*$/, '').trimEnd();
    if (code.length === 0 || PREPROCESSOR.test(code) || (i > 0 && /\\\r?$/.test(lines[i - 1]))) continue;
    return { line: i, code };
  }
  return undefined;
}

/** A cheap first look: the code before line `at` does not end a statement or open a block. */
function mayBeInExpression(lines: readonly string[], at: number): boolean {
  const before = codeLineBefore(lines, at);
  if (!before) return false;
  const last = before.code[before.code.length - 1];
  if (last === ';' || last === '}') return false;
  if (last !== '{') return true;
  const rest = before.code.slice(0, -1).trimEnd();
  const prior = rest.length > 0 ? rest : codeLineBefore(lines, before.line)?.code;
  return prior !== undefined && /[=\](,]$|\breturn$/.test(prior);
}

// NOTE: one object each, made once: a regular expression literal is a new object every time it is evaluated, and
// these are tested at every character (and line) the scan reads — the editor's reduced document at every keystroke.
const WORD_START = /[A-Za-z_0-9]/;
const WORD_PART = /[\w']/;
const DIGIT_START = /^[0-9]/;
const LINE_CONTINUED = /\\\r?$/;

/** Carries the bracket depth, the last code character and the last word over one line of code. */
function scanLine(line: string, s: Scan): void {
  let i = 0;
  const n = line.length;
  while (i < n) {
    if (s.rawEnd !== null) {
      const end = line.indexOf(s.rawEnd, i);
      if (end < 0) return;
      i = end + s.rawEnd.length;
      s.rawEnd = null;
      s.last = '"';
      s.lastWord = '';
      continue;
    }
    if (s.inBlockComment) {
      const end = line.indexOf('*/', i);
      if (end < 0) return;
      i = end + 2;
      s.inBlockComment = false;
      continue;
    }
    const c = line[i];
    if (c === '/' && line[i + 1] === '/') return;
    if (c === '/' && line[i + 1] === '*') {
      s.inBlockComment = true;
      i += 2;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (WORD_START.test(c)) {
      let j = i;
      while (j < n && WORD_PART.test(line[j]) && !(line[j] === "'" && !DIGIT_START.test(line.slice(i, j)))) j++;
      const word = line.slice(i, j);
      if (line[j] === '"' && /^(?:u8|[uUL])?R$/.test(word)) {
        const open = line.indexOf('(', j);
        if (open < 0) return;
        s.rawEnd = `)${line.slice(j + 1, open)}"`;
        i = open + 1;
        continue;
      }
      s.last = line[j - 1];
      s.lastWord = word;
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      i = quotedEnd(line, i);
      s.last = c;
      s.lastWord = '';
      continue;
    }
    if (c === '(' || c === '[') {
      s.depth++;
      if (c === '[') s.captures.push(s.last === undefined || !/[\w)\]]/.test(s.last));
    } else if ((c === ')' || c === ']') && s.depth > 0) {
      s.depth--;
      if (c === ']') s.closedCaptures = s.captures.pop() ?? false;
    } else if (c === '{') openBrace(s);
    else if (c === '}') {
      s.depth = s.outer.pop() ?? 0;
      s.initializer.pop();
    }
    s.last = c;
    s.lastWord = '';
    i++;
  }
}

/**
 * A block (a lambda's body in an argument list) counts its own brackets, so a count gone wrong inside one braced
 * block does not leak past its `}`. The brace opens an initializer list after `=`, `(`, `,`, `return`, an array's
 * `[]` or inside another initializer list; after a name or `)` it is taken for a block.
 */
function openBrace(s: Scan): void {
  const last = s.last;
  const initializer =
    s.lastWord === 'return' ||
    last === '=' || last === '(' || last === ',' || last === '?' ||
    (last === ']' && !s.closedCaptures) ||
    (last === '{' && s.initializer[s.initializer.length - 1] === true);
  s.outer.push(s.depth);
  s.initializer.push(initializer);
  s.depth = 0;
}

/** The index after the string or character literal that opens at `start` (the line's end when unterminated). */
