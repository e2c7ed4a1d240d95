// xbox-split-barrier — xbox-platform.md § 4.3 (EBX "Differences with the PC spec" 3). Xbox Series X|S does not
// implement split barriers: the driver turns the begin barrier into an immediate barrier and ignores the end.
// Without the after-scope it must be pessimistic and block both CE and PFP, so a split barrier can be SLOWER than an
// immediate one. Applies to enhanced splits (SyncAfter SPLIT) and to legacy BEGIN_ONLY barriers, which the driver
// translates to enhanced ones (not with legacyBarrierTranslation false: the old legacy path then runs).
import { RESOURCE_BARRIER_FLAGS, SYNC } from '../model/enums';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, isEnhanced, known, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'xbox-split-barrier',
    description: 'Split barriers become immediate barriers at the begin point on Xbox Series X|S and block CE and PFP.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      split: 'Split barrier on \'{{resource}}\': Xbox Series X|S makes it an immediate barrier here (the end barrier is '
        + 'ignored) and, without the after-scope, blocks CE and PFP, which can be slower than an immediate barrier. '
        + 'Record one immediate barrier where the {{endName}} barrier is instead.',
    },
  },
  create(ctx) {
    return {
      barrier(b, pos) {
        let begins = false;
        let range = b.range;
        if (isEnhanced(b)) {
          const after = known(b.fields.SyncAfter);
          begins = after !== undefined && (after & SYNC.SPLIT) !== 0;
          range = fieldRange(b, 'SyncAfter');
        } else if (ctx.legacyBarrierTranslation && b.kind !== 'legacy-aliasing') {
          const flags = known(b.fields.Flags);
          begins = flags !== undefined && (flags & RESOURCE_BARRIER_FLAGS.BEGIN_ONLY) !== 0;
          range = fieldRange(b, 'Flags');
        }
        if (!begins) return;
        ctx.report({
          messageKey: 'split', data: { resource: resourceName(b), endName: isEnhanced(b) ? 'SyncBefore SPLIT' : 'END_ONLY' },
          range, resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b, position: pos,
        });
      },
    };
  },
});
