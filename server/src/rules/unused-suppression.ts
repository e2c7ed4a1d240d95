// unused-suppression: a `barrierlint-disable…` comment that suppressed nothing.
// A stale suppression hides the next real error on that line, so it is reported like ESLint's
// --report-unused-disable-directives. The rule has no visitors: report/suppressions.ts emits its findings
// after every other rule ran (it is the only place that knows which suppressions were used).
import type { RuleContext, RuleMeta } from './define-rule';

const meta: RuleMeta = {
  id: 'unused-suppression',
  description: 'A barrierlint-disable comment names a rule that reported nothing there, or names no known rule.',
  defaultSeverity: 'warning',
  messageId: null,
  messageNumber: null,
  category: null,
  format: 'plain',
  messages: {
    unused: 'Unused suppression: {{what}} reported nothing {{where}}.',
    unknown: "Unknown rule '{{id}}' in suppression: expected a rule id or a debug-layer message name.",
  },
};

export const rule = {
  meta,
  create(_ctx: RuleContext): Record<string, never> {
    return {};
  },
};
