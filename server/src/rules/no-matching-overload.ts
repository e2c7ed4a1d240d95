// no-matching-overload — a d3dx12 helper call whose arguments match no constructor/factory overload (wrong
// count, or an enumerator of the wrong type where a resource or another enum is expected). Such a call does not
// compile; barrierlint reports it instead of guessing which fields were meant (eb-rules.md section B).
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'no-matching-overload',
    description: 'A d3dx12 barrier helper called with arguments that match none of its overloads.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    messages: { none: '{{detail}}; the barrier is not analysed.' },
  },
  create(ctx) {
    return {
      problem(p) {
        if (p.kind !== 'no-matching-overload') return;
        ctx.report({ messageKey: 'none', data: { detail: p.detail }, range: p.range, fingerprintText: p.text });
      },
    };
  },
});
