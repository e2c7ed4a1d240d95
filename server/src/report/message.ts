// Rule reports → message text in the debug layer's format (eb-rules.md D.1):
//   D3D12 ERROR: ID3D12CommandList::Barrier: <body> [ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES]
// Checks the debug layer does not make keep the same shape but name the rule instead of a message id:
//   barrierlint WARNING: ID3D12CommandList::Barrier: <body> [ barrierlint: access-common-before]
import type { RuleMeta } from '../rules/rule';
import type { Severity } from '../types';

const SEVERITY_WORD: Record<Severity, string> = { error: 'ERROR', warning: 'WARNING', info: 'INFO' };

/** Fill `{{name}}` placeholders; a missing value is left visible rather than silently dropped. */
export function fillTemplate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

export function renderMessage(meta: RuleMeta, severity: Severity, messageKey: string, data?: Record<string, string | number>): string {
  const template = meta.messages[messageKey] ?? messageKey;
  const body = fillTemplate(template, data);
  const word = SEVERITY_WORD[severity];
  const api = meta.api ? `${meta.api}: ` : '';
  if (meta.messageId && meta.category && meta.messageNumber !== null) {
    return `D3D12 ${word}: ${api}${body} [ ${meta.category} ${word} #${meta.messageNumber}: ${meta.messageId}]`;
  }
  return `barrierlint ${word}: ${api}${body} [ barrierlint: ${meta.id}]`;
}
