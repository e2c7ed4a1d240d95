// `--format text`: compiler-style blocks, `path:line:col: severity: message`, then one
// `  path:line:col: note: ...` line per related location (clang-tidy's "move occurred here" notes).
import type { Finding, Severity } from '../types';
import { type ReportInput, oneBased, sortFindings } from './output-model';

const ANSI = { reset: '\u001b[0m', bold: '\u001b[1m', red: '\u001b[31m', yellow: '\u001b[33m', cyan: '\u001b[36m', gray: '\u001b[90m' };
const SEVERITY_COLOR: Record<Severity, string> = { error: ANSI.red, warning: ANSI.yellow, info: ANSI.cyan };

export function renderText(input: ReportInput, options: { color: boolean }): string {
  const paint = (code: string, s: string): string => (options.color ? `${code}${s}${ANSI.reset}` : s);
  const out: string[] = [];
  for (const file of input.files) {
    for (const finding of sortFindings(file.result.findings)) {
      out.push(renderFinding(finding, input, paint));
    }
  }
  return out.length > 0 ? `${out.join('\n')}\n` : '';
}

function renderFinding(finding: Finding, input: ReportInput, paint: (code: string, s: string) => string): string {
  const at = oneBased(finding.range);
  const location = paint(ANSI.bold, `${input.pathOf(finding.uri)}:${at.line}:${at.column}:`);
  const severity = paint(SEVERITY_COLOR[finding.severity] + ANSI.bold, `${finding.severity}:`);
  const lines = [`${location} ${severity} ${finding.message}`];
  for (const related of finding.related) {
    const r = oneBased(related.range);
    const where = `${input.pathOf(related.uri)}:${r.line}:${r.column}:`;
    lines.push(`  ${paint(ANSI.bold, where)} ${paint(ANSI.gray, 'note:')} ${related.message}`);
  }
  return lines.join('\n');
}

/** The one-line summary the CLI prints on stderr ("2 errors, 1 warning"), or '' when there is nothing. */
export function summaryLine(counts: { errors: number; warnings: number; infos: number }): string {
  const parts: string[] = [];
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (counts.errors > 0) parts.push(plural(counts.errors, 'error'));
  if (counts.warnings > 0) parts.push(plural(counts.warnings, 'warning'));
  if (counts.infos > 0) parts.push(`${counts.infos} info`);
  return parts.join(', ');
}
