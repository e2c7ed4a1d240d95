// Findings → message text in the debug layer's format (eb-rules.md D.1), rendered last, after rule levels:
//   D3D12 ERROR: ID3D12CommandList::Barrier: <body> [ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES]
// Checks the debug layer does not make keep the same shape but name the rule instead of a message id:
//   barrierlint WARNING: ID3D12CommandList::Barrier: <body> [ barrierlint: access-common-before]
// With an Xbox platform: the Xbox layer's multi-line shape instead (report/xbox-format.ts).
import type { RuleMeta } from '../rules/define-rule';
import type { Finding, MessageData, ReportedFinding, Severity, XboxMessageData } from '../types';
import { findRuleMeta } from './rule-registry';
import { renderXboxMessage } from './xbox-format';

const SEVERITY_WORD: Record<Severity, string> = { error: 'ERROR', warning: 'WARNING', info: 'INFO' };

/** Fill `{{name}}` placeholders; a missing value is left visible rather than silently dropped. */
export function fillTemplate(template: string, data: MessageData = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

export function renderMessage(meta: RuleMeta, severity: Severity, messageKey: string, data?: MessageData, xbox?: XboxMessageData): string {
  const template = meta.messages[messageKey] ?? messageKey;
  const body = fillTemplate(template, data);
  if (meta.format === 'plain') return body;
  if (xbox) return renderXboxMessage(meta, severity, body, xbox);
  const word = SEVERITY_WORD[severity];
  const api = meta.api ? `${meta.api}: ` : '';
  if (meta.messageId && meta.category && meta.messageNumber !== null) {
    return `D3D12 ${word}: ${api}${body} [ ${meta.category} ${word} #${meta.messageNumber}: ${meta.messageId}]`;
  }
  return `barrierlint ${word}: ${api}${body} [ barrierlint: ${meta.id}]`;
}

/** The finding with its text, at its final severity. A rule outside the registry gets its template text alone. */
export function renderFinding(f: ReportedFinding): Finding {
  const rule = findRuleMeta(f.rule);
  const meta = rule && f.api ? { ...rule, api: f.api } : rule;
  const message = meta ? renderMessage(meta, f.severity, f.messageKey, f.data, f.xbox) : fillTemplate(f.messageKey, f.data);
  return { ...f, message };
}
