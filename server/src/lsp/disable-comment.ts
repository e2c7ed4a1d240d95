// The text edit behind "Disable <rule> for this line": add the rule to an existing `barrierlint-disable-line`
// comment on the line (or a `barrierlint-disable-next-line` comment just above), otherwise append a new
// `// barrierlint-disable-line <rule>` comment; when the line already ends in a comment, put a
// `// barrierlint-disable-next-line <rule>` line above it instead, indented like the line.

export interface LineEdit {
  line: number;
  character: number;
  /** Characters replaced from `character` on (0 = pure insertion). */
  length: number;
  newText: string;
}

const DIRECTIVE = /\/\/\s*barrierlint-disable-(line|next-line)\b/;

/** Position just after the id list of a directive comment (before ` -- reason`), and the ids it names. */
function directiveIds(lineText: string): { end: number; ids: string[] } | undefined {
  const match = DIRECTIVE.exec(lineText);
  if (!match) return undefined;
  const listStart = match.index + match[0].length;
  const reason = lineText.indexOf(' --', listStart);
  let end = reason < 0 ? lineText.length : reason;
  while (end > listStart && /\s/.test(lineText[end - 1])) end--;
  const ids = lineText.slice(listStart, end).split(',').map((s) => s.trim()).filter(Boolean);
  return { end, ids };
}

function appendId(lineText: string, line: number, rule: string, kind: 'line' | 'next-line'): LineEdit | null {
  const match = DIRECTIVE.exec(lineText);
  if (!match || match[1] !== kind) return null;
  const found = directiveIds(lineText);
  if (!found) return null;
  if (found.ids.includes(rule)) return null;
  return { line, character: found.end, length: 0, newText: found.ids.length > 0 ? `, ${rule}` : ` ${rule}` };
}

/** True when the line ends inside a comment: a `//` comment, or a `/*` not closed on the line. */
function endsInComment(lineText: string): boolean {
  // NOTE: a rough scan (skips string and char literals); enough to avoid appending a comment inside a comment.
  let quote: string | null = null;
  for (let i = 0; i < lineText.length; i++) {
    const ch = lineText[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '/' && lineText[i + 1] === '/') {
      return true;
    } else if (ch === '/' && lineText[i + 1] === '*') {
      const close = lineText.indexOf('*/', i + 2);
      if (close < 0) return true;
      i = close + 1;
    }
  }
  return false;
}

export interface DisableRequest {
  /** The document's lines, without line breaks. */
  lines: readonly string[];
  line: number;
  rule: string;
  /** The document's line break, for a comment inserted on its own line. */
  eol?: string;
}

/**
 * The edit that suppresses `rule` on `line`, or null when it is already suppressed there or the line cannot take
 * a comment (a macro continuation line ending in a backslash).
 */
export function disableRuleEdit(request: DisableRequest): LineEdit | null {
  const { lines, line, rule, eol = '\n' } = request;
  const text = lines[line];
  if (text === undefined) return null;
  if (DIRECTIVE.test(text)) {
    const edit = appendId(text, line, rule, 'line');
    if (edit || directiveIds(text)?.ids.includes(rule)) return edit;
  }
  if (line > 0 && DIRECTIVE.test(lines[line - 1])) {
    const above = lines[line - 1];
    if (directiveIds(above)?.ids.includes(rule) && DIRECTIVE.exec(above)?.[1] === 'next-line') return null;
    const edit = appendId(above, line - 1, rule, 'next-line');
    if (edit) return edit;
  }
  if (/\\\s*$/.test(text)) return null;
  if (endsInComment(text)) {
    const indent = /^\s*/.exec(text)?.[0] ?? '';
    return { line, character: 0, length: 0, newText: `${indent}// barrierlint-disable-next-line ${rule}${eol}` };
  }
  const trimmedEnd = text.replace(/\s+$/, '').length;
  return {
    line,
    character: trimmedEnd,
    length: text.length - trimmedEnd,
    newText: `  // barrierlint-disable-line ${rule}`,
  };
}
