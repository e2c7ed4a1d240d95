// no-access-combined — eb-rules.md EB-ACCESS-02 (EB § D3D12_BARRIER_ACCESS_NO_ACCESS).
// NO_ACCESS says the subresource is not accessed on that side of the barrier (deactivated before, or not used
// until the next barrier after); it must be the only bit. OR-ed with real access bits it contradicts itself, and
// the driver may skip the flush or invalidation those bits ask for. ~1331 INCOMPATIBLE_BARRIER_VALUES (likely).
import { ACCESS } from '../model/enums';
import { formatAccess } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;

export const rule = defineRule({
  meta: {
    id: 'no-access-combined',
    description: 'ACCESS_NO_ACCESS must not be combined with other access bits.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_VALUES', messageNumber: 1331, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-02'],
    messages: {
      combined: '{{accessField}} bits {{access}} combine D3D12_BARRIER_ACCESS_NO_ACCESS with other access bits{{position}}; NO_ACCESS must be the only bit.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const access = known(b.fields[`Access${side}`]);
          if (access === undefined || (access & NO_ACCESS) === 0 || access >>> 0 === NO_ACCESS) continue;
          report({
            messageKey: 'combined',
            data: { accessField: `Access${side}`, access: formatAccess(access), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Access${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
