// access-common-before — eb-rules.md EB-ACCESS-03 (EB § Access Transitions, § D3D12_BARRIER_ACCESS_COMMON).
// AccessBefore = ACCESS_COMMON means "any access the layout allows may have happened", which implies every write
// access type: the driver must wait for and flush everything (render targets, depth, UAVs, copies) even when
// only one kind of access took place. The debug layer warns. AccessAfter = COMMON is allowed and not reported.
// Not reported when SyncBefore is NONE (sync-none-access-mismatch's error) or LayoutBefore is a one-sided
// UNDEFINED (undefined-layout-access's error): one finding per mistake.
import { LAYOUT_UNDEFINED } from '../model/enums';
import { isSyncNone } from '../model/sync-access';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'access-common-before',
    description: 'AccessBefore = D3D12_BARRIER_ACCESS_COMMON implies every write access and forces a full cache flush.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-03'],
    messages: {
      common: 'AccessBefore is D3D12_BARRIER_ACCESS_COMMON{{position}}, which implies every write access type and makes the driver flush all caches; name the accesses made since the previous barrier (or NO_ACCESS).',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b) || known(b.fields.AccessBefore) !== 0) return;
        const syncBefore = known(b.fields.SyncBefore);
        if (syncBefore !== undefined && isSyncNone(syncBefore)) return;
        if (b.kind === 'texture') {
          const before = known(b.fields.LayoutBefore);
          const after = known(b.fields.LayoutAfter);
          if (before !== undefined && before >>> 0 === LAYOUT_UNDEFINED && after !== undefined && after >>> 0 !== LAYOUT_UNDEFINED) return;
        }
        report({
          messageKey: 'common', data: { position: positionSuffix(b, pos) },
          range: fieldRange(b, 'AccessBefore'),
          resource: resourceName(b), fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
