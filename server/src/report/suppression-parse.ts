// Parses suppression comments into entries, one per named id (or one "every rule" entry when none is named):
//   code(); // barrierlint-disable-line ID[, ID] [-- reason]
//   // barrierlint-disable-next-line ID[, ID] [-- reason]
//   // barrierlint-disable [ID, ...]   …   // barrierlint-enable [ID, ...]
// `barrierlint-enable` without ids closes every open block; with ids it closes those ids' blocks only.
// An unterminated block lasts to the end of the file.
import type { Range } from '../types';
import { LineIndex } from '../parse/positions';
import { type Comment, scanComments } from './comments';

export type SuppressionKind = 'disable-line' | 'disable-next-line' | 'disable';

export interface SuppressionEntry {
  kind: SuppressionKind;
  /** Rule id or message name; null suppresses every rule. */
  id: string | null;
  /** 0-based lines covered, inclusive. */
  firstLine: number;
  lastLine: number;
  /** Where the id is written (or the directive word, for an id-less directive). */
  range: Range;
  /** Offsets of the id in the source (for removal fixes); equal to the directive word's for null. */
  idStart: number;
  idEnd: number;
  comment: Comment;
  /** How many ids the directive names (a fix removes the whole comment when this is 1). */
  idCount: number;
  used: boolean;
}

const DIRECTIVE = /^(\s*)barrierlint-(disable-next-line|disable-line|disable|enable)(?=\s|$)/;
const REASON = /\s--(\s|$)/;

interface NamedId {
  id: string;
  start: number;
  end: number;
}

export function parseSuppressions(text: string, lines: LineIndex = new LineIndex(text)): SuppressionEntry[] {
  const entries: SuppressionEntry[] = [];
  const open = new Map<string, SuppressionEntry>();
  for (const comment of scanComments(text)) {
    if (!comment.body.includes('barrierlint-')) continue;
    const match = DIRECTIVE.exec(comment.body);
    if (!match) continue;
    const word = match[2];
    const wordStart = comment.bodyStart + match[1].length;
    const wordEnd = wordStart + 'barrierlint-'.length + word.length;
    const ids = namedIds(comment, wordEnd - comment.bodyStart);
    const line = lines.position(comment.start).line;
    if (word === 'enable') {
      closeBlocks(open, ids, line - 1);
      continue;
    }
    const kind = word as SuppressionKind;
    const commentEndLine = lines.position(comment.end).line;
    const firstLine = kind === 'disable-next-line' ? commentEndLine + 1 : line;
    const lastLine = kind === 'disable' ? Number.MAX_SAFE_INTEGER : kind === 'disable-line' ? line : firstLine;
    const named: (NamedId | null)[] = ids.length > 0 ? ids : [null];
    for (const id of named) {
      const start = id ? id.start : wordStart;
      const end = id ? id.end : wordEnd;
      const entry: SuppressionEntry = {
        kind, id: id ? id.id : null, firstLine, lastLine, idStart: start, idEnd: end, comment,
        range: toRange(lines, start, end), idCount: ids.length, used: false,
      };
      const key = entry.id ?? '*';
      if (kind === 'disable') {
        if (open.has(key)) continue; // already disabled: the earlier block stays in force
        open.set(key, entry);
      }
      entries.push(entry);
    }
  }
  return entries;
}

function namedIds(comment: Comment, from: number): NamedId[] {
  const reason = REASON.exec(comment.body.slice(from));
  const listEnd = reason ? from + reason.index : comment.body.length;
  const ids: NamedId[] = [];
  const token = /[^\s,]+/g;
  const list = comment.body.slice(from, listEnd);
  for (let m = token.exec(list); m; m = token.exec(list)) {
    const start = comment.bodyStart + from + m.index;
    ids.push({ id: m[0], start, end: start + m[0].length });
  }
  return ids;
}

function closeBlocks(open: Map<string, SuppressionEntry>, ids: NamedId[], lastLine: number): void {
  const keys = ids.length > 0 ? ids.map((i) => i.id) : [...open.keys()];
  for (const key of keys) {
    const entry = open.get(key);
    if (!entry) continue;
    entry.lastLine = Math.max(entry.firstLine, lastLine);
    open.delete(key);
  }
}

function toRange(lines: LineIndex, start: number, end: number): Range {
  const s = lines.position(start);
  const e = lines.position(end);
  return { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
}
