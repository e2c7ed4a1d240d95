// xbox-one-split-advice — xbox-platform.md § 7 (DIFF "Barriers that transition between usage states with and
// without write access"). On Xbox One the recommended way to transition a whole resource from a state that writes
// to one that only reads is a split barrier: BEGIN_ONLY right after the writes, independent GPU work, END_ONLY
// before the first read — the decompression/flush then overlaps that work. A hint, as only the programmer knows
// whether independent work exists. Xbox One only: on Xbox Series splits are slower (xbox-split-barrier).
import { ALL_SUBRESOURCES } from '../model/enums';
import { stateClass } from '../model/legacy-states';
import { defineRule } from './define-rule';
import { fingerprintOf, isLegacyTransition, known, resourceName } from './support/rule-helpers';
import { xfmt } from './support/xbox-helpers';

export const rule = defineRule({
  meta: {
    id: 'xbox-one-split-advice',
    description: 'On Xbox One, split write→read transitions of all subresources around independent GPU work.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-one'],
    messages: {
      split: 'Write→read transition of all subresources of \'{{resource}}\' ({{before}} → {{after}}): on Xbox One, when '
        + 'independent GPU work can run before the first read, split it — D3D12_RESOURCE_BARRIER_FLAG_BEGIN_ONLY here, '
        + 'the independent work, then END_ONLY before the read — so the flush and decompression overlap that work.',
    },
  },
  create(ctx) {
    return {
      barrier(b, pos) {
        if (!isLegacyTransition(b)) return;
        const flags = b.fields.Flags ? known(b.fields.Flags) : 0;
        const sub = b.fields.Subresource ? known(b.fields.Subresource) : ALL_SUBRESOURCES;
        const before = known(b.fields.StateBefore);
        const after = known(b.fields.StateAfter);
        if (flags !== 0 || sub === undefined || sub >>> 0 !== ALL_SUBRESOURCES || before === undefined || after === undefined) return;
        const from = stateClass(before);
        if ((from !== 'write' && from !== 'read-write') || stateClass(after) !== 'read') return;
        ctx.report({
          messageKey: 'split',
          data: { resource: resourceName(b), before: xfmt('state', before), after: xfmt('state', after) },
          range: b.range, resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b, position: pos,
        });
      },
    };
  },
});
