// The two text questions constructor-calls.ts asks about a class, answered from one pass over the file's text
// instead of one regular-expression scan of the whole text per class (issue 12: on a 40,000-line file with a few
// hundred classes those scans were a fifth of a cold lint):
// - the bodies of `class Cls … { … }` / `struct Cls … { … }` (every class head of the file, read once);
// - the out-of-class constructor and destructor definitions `Cls::Cls(` / `Cls::~Cls(` (every `A::B(` of the file,
//   read once), and whether such a constructor has a member-initializer list (`Cls::Cls(a, b) : m_a(a)`).
// The answers are the ones the per-class expressions gave, match for match (see the NOTEs); a name that is not one
// plain word is answered by those expressions.
import type { FileCtx } from './context';
import { escapeRegExp } from '../regexp-literal';

interface ClassTexts {
  text: string;
  /** Per class name: the positions of the `{` opening each of its bodies, in text order, each once. */
  heads?: Map<string, number[]>;
  /** Body text by the position of its `{`. */
  bodies: Map<number, string>;
  /** Per class name: its `Cls::Cls(` (ctor) and `Cls::~Cls(` (dtor) definitions, and one with an initializer list. */
  defined?: Map<string, { ctor: boolean; dtor: boolean; initList: boolean }>;
}

const byFile = new WeakMap<FileCtx, ClassTexts>();
const WORD = /^\w+$/;

function of(file: FileCtx): ClassTexts {
  let t = byFile.get(file);
  if (!t || t.text !== file.text) byFile.set(file, (t = { text: file.text, bodies: new Map() }));
  return t;
}

/**
 * Every class head of the text. NOTE: the per-class expression was `\b(?:class|struct)\s+(?:\w+\s+)*Cls\b[^;{]*\{`
 * with the g flag. At one keyword its name can be any word of the run of words (separated by white space) after
 * it, and the body then opens at the first `;` or `{` after that run, whichever word it is (the run holds neither),
 * when that is a `{`. A later keyword before that `{` opens the same body, which the g scan (resuming after the
 * `{`) did not report twice: each body is kept once per name.
 */
function heads(t: ClassTexts): Map<string, number[]> {
  if (t.heads) return t.heads;
  const out = new Map<string, number[]>();
  const text = t.text;
  const keyword = /\b(?:class|struct)\s+/g;
  const word = /\w+/y;
  const space = /\s+/y;
  const stop = /[;{]/g;
  for (let k = keyword.exec(text); k; k = keyword.exec(text)) {
    const names: string[] = [];
    let at = k.index + k[0].length;
    for (;;) {
      word.lastIndex = at;
      const w = word.exec(text);
      if (!w) break;
      names.push(w[0]);
      at = w.index + w[0].length;
      space.lastIndex = at;
      const s = space.exec(text);
      if (!s) break;
      at = s.index + s[0].length;
    }
    if (!names.length) continue;
    stop.lastIndex = at;
    const m = stop.exec(text);
    if (!m || m[0] !== '{') continue;
    for (const name of names) {
      const list = out.get(name);
      if (!list) out.set(name, [m.index]);
      else if (list[list.length - 1] !== m.index) list.push(m.index);
    }
  }
  return (t.heads = out);
}

/** The body after the `{` at `open`: to its matching `}` (included), or to the end of the text. */
function bodyAt(t: ClassTexts, open: number): string {
  let b = t.bodies.get(open);
  if (b !== undefined) return b;
  const text = t.text;
  let depth = 1;
  let i = open + 1;
  for (; i < text.length && depth > 0; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth--;
  }
  t.bodies.set(open, (b = text.slice(open + 1, i)));
  return b;
}

/** The text of each `class Cls … { … }` / `struct Cls … { … }` body of the file (braces balanced, comments kept). */
export function classBodyTexts(cls: string, file: FileCtx): string[] {
  if (!WORD.test(cls)) return bodiesByExpression(cls, file.text);
  const t = of(file);
  return (heads(t).get(cls) ?? []).map((open) => bodyAt(t, open));
}

function bodiesByExpression(cls: string, text: string): string[] {
  const out: string[] = [];
  const head = new RegExp(`\\b(?:class|struct)\\s+(?:\\w+\\s+)*${escapeRegExp(cls)}\\b[^;{]*\\{`, 'g');
  for (let m = head.exec(text); m; m = head.exec(text)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '{') depth++;
      else if (text[i] === '}') depth--;
    }
    out.push(text.slice(m.index + m[0].length, i));
  }
  return out;
}

/** `Cls(a, b) : m_a(a)` after the name: the parameter list (one level of nested parentheses), then `:` not `::`. */
export const INIT_LIST_PARAMS = `\\s*\\((?:[^()]|\\([^()]*\\))*\\)\\s*:(?!:)`;

/**
 * Whether the file defines `Cls::Cls(` and `Cls::~Cls(` out of the class, and a `Cls::Cls(…) :` with an initializer
 * list. NOTE: every such match of the per-class expressions (`\bCls\s*::\s*~?Cls\s*\(`) is a match of
 * `\b(\w+)\s*::\s*(~?)(\w+)\s*\(`, and no match of that one can hide another (a match could only start again at its
 * second word, which a `(` follows, not a `::`); the initializer list is then read from the second word on.
 */
export function outOfClassDefinitions(cls: string, file: FileCtx): { ctor: boolean; dtor: boolean; initList: boolean } {
  if (!WORD.test(cls)) {
    const name = escapeRegExp(cls);
    const outOfClass = (tilde: string) => new RegExp(`\\b${name}\\s*::\\s*${tilde}${name}\\s*\\(`).test(file.text);
    return { ctor: outOfClass(''), dtor: outOfClass('~'), initList: new RegExp(`\\b${name}\\s*::\\s*${name}${INIT_LIST_PARAMS}`).test(file.text) };
  }
  const t = of(file);
  if (!t.defined) {
    const out = new Map<string, { ctor: boolean; dtor: boolean; initList: boolean }>();
    const text = t.text;
    const scope = /\b(\w+)\s*::\s*(~?)(\w+)(\s*)\(/g;
    const params = new RegExp(INIT_LIST_PARAMS, 'y');
    for (let m = scope.exec(text); m; m = scope.exec(text)) {
      if (m[1] !== m[3]) continue;
      let d = out.get(m[1]);
      if (!d) out.set(m[1], (d = { ctor: false, dtor: false, initList: false }));
      if (m[2]) {
        d.dtor = true;
        continue;
      }
      d.ctor = true;
      if (d.initList) continue;
      params.lastIndex = scope.lastIndex - 1 - m[4].length;
      if (params.test(text)) d.initList = true;
    }
    t.defined = out;
  }
  return t.defined.get(cls) ?? { ctor: false, dtor: false, initList: false };
}
