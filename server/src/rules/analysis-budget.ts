// analysis-budget — a function barrierlint stopped analysing: it needed more work than the per-function budget
// (call chains that multiply, huge generated bodies), or its analysis hit an internal error. Its state is unknown
// from that point, so mistakes after it may be missed; nothing is invented. Not a D3D12 rule: it says where the
// analysis is incomplete, so "no findings" is never read as "checked".
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'analysis-budget',
    description: 'A function whose analysis stopped (work budget or internal error); later barriers in it are unchecked.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    messages: {
      budget: "the analysis of '{{name}}' stopped: {{detail}}; barriers after that point are not checked.",
      internal: "the analysis of '{{name}}' stopped on an internal error ({{detail}}); barriers after that point are not checked.",
    },
  },
  create(ctx) {
    return {
      problem(p) {
        if (p.kind !== 'analysis-budget' && p.kind !== 'analysis-error') return;
        ctx.report({
          messageKey: p.kind === 'analysis-budget' ? 'budget' : 'internal',
          data: { name: p.text, detail: p.detail },
          range: p.range,
          fingerprintText: p.text,
        });
      },
    };
  },
});
