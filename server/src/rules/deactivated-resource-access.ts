// deactivated-resource-access — eb-rules.md EB-ACCESS-07 / EB-ALIAS-01 (EB § Resource Aliasing). After a barrier
// with AccessAfter = NO_ACCESS the resource is deactivated (typically because an aliased resource takes over its
// memory): it may not be accessed, and the next barrier on it must re-activate it with AccessBefore = NO_ACCESS.
import { defineRule } from './define-rule';
import { fingerprintOf, fmt, known, resourceName } from './support/rule-helpers';

const NO_ACCESS = 0x80000000;

/**
 * Accesses are per command list: another list recorded after the deactivating one may run before it, or in a
 * later ExecuteCommandLists scope where accesses start over (EB-ECL-01). Only a use on the same list is certain.
 */
function sameList(deactivatedOn: string | null | undefined, usedOn: string | null): boolean {
  return (deactivatedOn ?? null) === usedOn;
}

export const rule = defineRule({
  meta: {
    id: 'deactivated-resource-access',
    description: 'A resource deactivated with AccessAfter NO_ACCESS is used or barriered without re-activation.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_ACCESS', messageNumber: 1332, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-07', 'EB-ALIAS-01'],
    messages: {
      barrier: "'{{name}}' was deactivated (AccessAfter D3D12_BARRIER_ACCESS_NO_ACCESS); this barrier's AccessBefore must be D3D12_BARRIER_ACCESS_NO_ACCESS, not {{before}}.",
      command: "'{{name}}' was deactivated (AccessAfter D3D12_BARRIER_ACCESS_NO_ACCESS) and is used by {{method}} without a barrier re-activating it.",
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          const d = meeting?.met.deactivated;
          const before = known(b.fields.AccessBefore);
          if (!d || !sameList(d.list, tctx.list) || before === undefined || before === NO_ACCESS) return;
          ctx.report({
            messageKey: 'barrier', data: { name: resourceName(b), before: fmt('access', before) }, range: tctx.range,
            related: [...tctx.related, { uri: d.uri, range: d.range, message: d.note }], resource: resourceName(b),
            fingerprintText: `deact|${fingerprintOf(b)}`,
          });
        },
        command(e, uses, tctx) {
          for (const u of uses) {
            const d = u.met.deactivated;
            if (!d || !sameList(d.list, tctx.list)) continue;
            ctx.report({
              messageKey: 'command', api: `ID3D12CommandList::${e.method}`, data: { name: u.ref.text, method: e.method }, range: tctx.range,
              related: [...tctx.related, { uri: d.uri, range: d.range, message: d.note }], resource: u.ref.text,
              fingerprintText: `deact|${e.method}|${u.key}`,
            });
          }
        },
      },
    };
  },
});
