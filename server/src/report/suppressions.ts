// Applies suppression comments to findings and reports the suppressions that suppressed nothing
// (`unused-suppression`). Shared by the CLI and the language server through analyze() → finalizeFindings().
import { rule as unusedSuppression } from '../rules/unused-suppression';
import type { Fix, Platform, ReportedFinding } from '../types';
import { LineIndex } from '../parse/positions';
import { isKnownRuleOrMessage, runsOnPlatform } from './rule-registry';
import type { SuppressionEntry } from './suppression-parse';

const UNUSED_ID = unusedSuppression.meta.id;

function names(entry: SuppressionEntry, finding: ReportedFinding): boolean {
  return entry.id === null || entry.id === finding.rule || (finding.messageId !== null && entry.id === finding.messageId);
}

/** Removes suppressed findings, marking the entries that suppressed something as used. */
export function applySuppressions(findings: readonly ReportedFinding[], entries: readonly SuppressionEntry[]): ReportedFinding[] {
  if (entries.length === 0) return [...findings];
  return findings.filter((finding) => {
    if (finding.rule === UNUSED_ID) return true;
    const line = finding.range.startLine;
    let suppressed = false;
    for (const entry of entries) {
      if (line >= entry.firstLine && line <= entry.lastLine && names(entry, finding)) {
        entry.used = true;
        suppressed = true;
      }
    }
    return !suppressed;
  });
}

const WHERE: Record<SuppressionEntry['kind'], string> = {
  'disable-line': 'on this line',
  'disable-next-line': 'on the next line',
  disable: 'in this block',
};

/**
 * One `unused-suppression` finding per unused entry. Ids of rules that do not run on `platform` are not
 * reported, so code shared between platforms keeps its suppressions.
 */
export function unusedSuppressionFindings(input: {
  text: string;
  uri: string;
  entries: readonly SuppressionEntry[];
  platform: Platform;
}): ReportedFinding[] {
  const { meta } = unusedSuppression;
  const lines = new LineIndex(input.text);
  const out: ReportedFinding[] = [];
  for (const entry of input.entries) {
    if (entry.used) continue;
    const known = entry.id === null || isKnownRuleOrMessage(entry.id);
    if (known && entry.id !== null && !runsOnPlatform(entry.id, input.platform)) continue;
    const what = entry.id === null ? 'any rule' : `'${entry.id}'`;
    out.push({
      rule: meta.id, messageId: null, messageNumber: null, category: null, severity: meta.defaultSeverity,
      ...(known ? { messageKey: 'unused', data: { what, where: WHERE[entry.kind] } } : { messageKey: 'unknown', data: { id: entry.id ?? '' } }),
      uri: input.uri, range: entry.range, related: [],
      fixes: [removalFix(input.text, lines, entry)],
      fingerprintText: `${entry.kind} ${entry.id ?? '*'}`,
    });
  }
  return out;
}

/** Removes the whole comment when it names only this id, else just the id and one adjacent comma. */
function removalFix(text: string, lines: LineIndex, entry: SuppressionEntry): Fix {
  const title = entry.idCount <= 1 ? 'Remove unused suppression comment' : `Remove '${entry.id}' from suppression`;
  let start: number;
  let end: number;
  if (entry.idCount <= 1) {
    ({ start, end } = commentRemoval(text, lines, entry.comment.start, entry.comment.end));
  } else {
    start = entry.idStart;
    end = entry.idEnd;
    const after = /^\s*,\s*/.exec(text.slice(end));
    const before = /\s*,\s*$/.exec(text.slice(entry.comment.bodyStart, start));
    if (after) end += after[0].length;
    else if (before) start -= before[0].length;
  }
  const s = lines.position(start);
  const e = lines.position(end);
  const range = { startLine: s.line, startColumn: s.column, endLine: e.line, endColumn: e.column };
  return { title, edits: [{ range, newText: '' }] };
}

function commentRemoval(text: string, lines: LineIndex, start: number, end: number): { start: number; end: number } {
  const lineStart = lines.lineStart(lines.position(start).line);
  const before = text.slice(lineStart, start);
  const endLine = lines.position(end).line;
  const nextLineStart = endLine + 1 < lines.lineCount ? lines.lineStart(endLine + 1) : text.length;
  const after = text.slice(end, nextLineStart);
  if (before.trim() === '' && after.trim() === '') return { start: lineStart, end: nextLineStart };
  return { start: start - (before.length - before.trimEnd().length), end };
}
