// Findings → LSP diagnostics: code = rule id, codeDescription = the rule's documentation, related locations, and
// the finding's fixes in `data` so code actions need no re-analysis. Ranges are already 0-based UTF-16 (types.ts).
import type { Diagnostic, Range as LspRange } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { ruleDocsUrl } from '../rules/define-rule';
import type { Fix, Finding, Range, Severity } from '../types';

export const DIAGNOSTIC_SOURCE = 'barrierlint';

/** What a barrierlint diagnostic carries in `data` (round-tripped by the client into code-action requests). */
export interface DiagnosticData {
  rule: string;
  messageId: string | null;
  fixes: Fix[];
  /** Source expression of the resource the finding is about, when it has one. */
  resource?: string;
  /**
   * The document version the finding (and its fixes) was computed for. Code actions offer edits only for a
   * diagnostic of the document's current version: a fix computed for older text must not land in newer text.
   */
  version?: number;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

export function toLspRange(range: Range): LspRange {
  return {
    start: { line: range.startLine, character: range.startColumn },
    end: { line: range.endLine, character: range.endColumn },
  };
}

export function fromLspRange(range: LspRange): Range {
  return {
    startLine: range.start.line,
    startColumn: range.start.character,
    endLine: range.end.line,
    endColumn: range.end.character,
  };
}

export function findingToDiagnostic(finding: Finding, version?: number): Diagnostic {
  const data: DiagnosticData = { rule: finding.rule, messageId: finding.messageId, fixes: finding.fixes, resource: finding.resource };
  if (version !== undefined) data.version = version;
  const diagnostic: Diagnostic = {
    range: toLspRange(finding.focus ?? finding.range),
    severity: SEVERITY[finding.severity],
    code: finding.rule,
    codeDescription: { href: ruleDocsUrl(finding.rule) },
    source: DIAGNOSTIC_SOURCE,
    message: finding.message,
    data,
  };
  if (finding.related.length > 0) {
    diagnostic.relatedInformation = finding.related.map((r) => ({
      location: { uri: r.uri, range: toLspRange(r.range) },
      message: r.message,
    }));
  }
  return diagnostic;
}

/** Reads back `data` from a diagnostic a client returned; anything malformed yields undefined. */
export function diagnosticData(diagnostic: Diagnostic): DiagnosticData | undefined {
  if (diagnostic.source !== DIAGNOSTIC_SOURCE) return undefined;
  const data = diagnostic.data as Partial<DiagnosticData> | undefined;
  const rule = typeof data?.rule === 'string' ? data.rule : typeof diagnostic.code === 'string' ? diagnostic.code : '';
  if (!rule) return undefined;
  const fixes = Array.isArray(data?.fixes) ? data.fixes.filter(isFix) : [];
  const resource = typeof data?.resource === 'string' ? data.resource : undefined;
  const version = Number.isInteger(data?.version) ? data?.version : undefined;
  return { rule, messageId: typeof data?.messageId === 'string' ? data.messageId : null, fixes, resource, version };
}

function isFix(value: unknown): value is Fix {
  const fix = value as Partial<Fix> | null;
  return !!fix && typeof fix.title === 'string' && Array.isArray(fix.edits) &&
    fix.edits.every((e) => !!e && typeof e.newText === 'string' && isRange(e.range));
}

function isRange(value: unknown): value is Range {
  const r = value as Partial<Range> | null;
  return !!r && [r.startLine, r.startColumn, r.endLine, r.endColumn].every((n) => Number.isInteger(n));
}

/** The info diagnostic for a document the server does not analyse (binary or over the size cap). */
export function skippedFileDiagnostic(reason: string): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    code: 'file-skipped',
    message: `barrierlint: file skipped (${reason}).`,
  };
}

/**
 * The info diagnostic that replaces a document's diagnostics when its analysis failed (the language server's
 * memory cap, a crashed worker): the document is not analysed at this version; the next edit tries again.
 */
export function analysisFailedDiagnostic(reason: string): Diagnostic {
  const firstLine = reason.split('\n')[0].slice(0, 300);
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: DIAGNOSTIC_SOURCE,
    code: 'analysis-failed',
    message: `barrierlint: this version of the file was not analysed (${firstLine}); earlier diagnostics were removed, the next edit analyses it again.`,
  };
}
