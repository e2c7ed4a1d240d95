// sync-none-non-texture — eb-rules.md EB-SYNC-11 (EB § Barrier Sync Examples, the NONE/NONE row). SyncBefore =
// SyncAfter = NONE waits for nothing and blocks nothing: it is only meaningful on a texture barrier, where it still
// performs a layout transition. On a buffer or global barrier there is no layout, so the barrier does nothing at all
// — usually a barrier whose sync fields were never filled in.
import { ACCESS } from '../model/enums';
import { defineRule } from './define-rule';
import { barrierNoun, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const NO_ACCESS = ACCESS.NO_ACCESS;

export const rule = defineRule({
  meta: {
    id: 'sync-none-non-texture',
    description: 'A buffer or global barrier with SyncBefore and SyncAfter both NONE does nothing.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-11'],
    messages: { none: 'SyncBefore and SyncAfter are both D3D12_BARRIER_SYNC_NONE{{position}}: a {{noun}} has no layout to transition, so it does nothing.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'buffer' && b.kind !== 'global') return;
        if (known(b.fields.SyncBefore) !== 0 || known(b.fields.SyncAfter) !== 0) return;
        // NONE with an access other than NO_ACCESS is sync-none-access-mismatch's error (often a zero-filled struct).
        if (known(b.fields.AccessBefore) !== NO_ACCESS || known(b.fields.AccessAfter) !== NO_ACCESS) return;
        report({
          messageKey: 'none', data: { noun: barrierNoun(b), position: positionSuffix(b, pos) },
          range: b.range, resource: resourceName(b), fingerprintText: `nonenone|${fingerprintOf(b)}`, barrier: b, position: pos,
        });
      },
    };
  },
});
