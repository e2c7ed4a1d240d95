// `--format json` and `--format facts`, exactly the shapes of contracts.md (1-based lines and UTF-16 columns).
import type { Finding, Fix } from '../types';
import { TOOL_NAME, type ReportInput, oneBased, sortFindings, toolVersion } from './output-model';
import { withCosts } from './site-cost';

export function renderJson(input: ReportInput): string {
  const document = {
    tool: TOOL_NAME,
    version: toolVersion(),
    platform: input.platform,
    files: input.files.map((file) => ({
      path: file.path,
      diagnostics: sortFindings(file.result.findings).map((f) => diagnostic(f, input)),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function diagnostic(finding: Finding, input: ReportInput): Record<string, unknown> {
  return {
    rule: finding.rule,
    messageId: finding.messageId,
    messageNumber: finding.messageNumber,
    category: finding.category,
    severity: finding.severity,
    message: finding.message,
    ...oneBased(finding.range),
    related: finding.related.map((r) => {
      const { line, column } = oneBased(r.range);
      return { path: input.pathOf(r.uri), line, column, message: r.message };
    }),
    fixes: finding.fixes.map(fix),
  };
}

function fix(f: Fix): Record<string, unknown> {
  return { title: f.title, edits: f.edits.map((e) => ({ ...oneBased(e.range), newText: e.newText })) };
}

export function renderFacts(input: ReportInput): string {
  const document = {
    files: input.files.map((file) => ({
      path: file.path,
      parseErrors: file.result.parseErrors,
      // With --platform xbox-series each barrier site carries its cost (report/site-cost.ts).
      sites: withCosts(file.result.sites, input.platform),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
