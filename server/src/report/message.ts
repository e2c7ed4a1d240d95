// Rule reports → message text in the debug layer's format (eb-rules.md D.1):
//   D3D12 ERROR: ID3D12CommandList::Barrier: <body> [ STATE_SETTING ERROR #1331: INCOMPATIBLE_BARRIER_VALUES]
// Checks the debug layer does not make keep the same shape but name the rule instead of a message id:
//   barrierlint WARNING: ID3D12CommandList::Barrier: <body> [ barrierlint: access-common-before]
// With an Xbox platform: the Xbox layer's multi-line shape instead (report/xbox-format.ts).
import { XBOX_MESSAGE_DATA_KEY, type RuleMeta, type XboxMessageData } from '../rules/define-rule';
import type { Severity } from '../types';
import { renderXboxMessage } from './xbox-format';

const SEVERITY_WORD: Record<Severity, string> = { error: 'ERROR', warning: 'WARNING', info: 'INFO' };

/** Fill `{{name}}` placeholders; a missing value is left visible rather than silently dropped. */
export function fillTemplate(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

export function renderMessage(meta: RuleMeta, severity: Severity, messageKey: string, data?: Record<string, string | number>): string {
  const template = meta.messages[messageKey] ?? messageKey;
  const body = fillTemplate(template, data);
  // With an Xbox platform the rule context adds the Xbox layer's data (rules/rule.ts defineRule): its shape.
  const xbox = data?.[XBOX_MESSAGE_DATA_KEY];
  if (typeof xbox === 'string') return renderXboxMessage(meta, severity, body, JSON.parse(xbox) as XboxMessageData);
  const word = SEVERITY_WORD[severity];
  const api = meta.api ? `${meta.api}: ` : '';
  if (meta.messageId && meta.category && meta.messageNumber !== null) {
    return `D3D12 ${word}: ${api}${body} [ ${meta.category} ${word} #${meta.messageNumber}: ${meta.messageId}]`;
  }
  return `barrierlint ${word}: ${api}${body} [ barrierlint: ${meta.id}]`;
}
