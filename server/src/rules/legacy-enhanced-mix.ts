// legacy-enhanced-mix — eb-rules.md EB-INTEROP-04 (EB § Interop with legacy ResourceBarrier).
// Legacy ResourceBarrier and enhanced Barrier() keep separate state for a resource: the legacy state and the
// enhanced layout/access. Moving one resource with both models is legal only through COMMON (legacy barrier to
// STATE_COMMON, then enhanced barriers; or an enhanced barrier to LAYOUT_COMMON, then legacy barriers), and every
// switch makes the runtime and the driver reconcile the two trackers, with full flushes at the hand-over. The spec
// advises against mixing on one subresource, above all inside one ExecuteCommandLists scope. Advice (W*, no
// debug-layer message): reported only where the hand-over itself is legal — a hand-over from a non-COMMON legacy
// state or enhanced layout is interop-legacy-state's or interop-enhanced-layout's error, one finding per mistake.
// With legacyBarrierTranslation false on Xbox Series the mix is xbox-legacy-enhanced-mix's error instead.
import type { Possible } from '../track/state';
import type { TrackContext } from '../track/visitors';
import type { BarrierFact } from '../extract/facts';
import { defineRule } from './define-rule';
import { fingerprintOf, resourceName } from './support/rule-helpers';

/** The other model's error rule fires: the state is known and none of its values is COMMON (0). */
function handOverIsError(p: Possible): boolean {
  return !p.unknown && p.values.size > 0 && ![...p.values.keys()].some((v) => v === 0);
}

export const rule = defineRule({
  meta: {
    id: 'legacy-enhanced-mix',
    description: 'One resource moved by both legacy ResourceBarrier and enhanced Barrier() calls in one recording.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    platforms: ['pc', 'xbox-series'],
    catalog: ['EB-INTEROP-04'],
    messages: {
      toEnhanced: "Enhanced barrier on '{{resource}}', which was last transitioned by a legacy ResourceBarrier: mixing "
        + 'legacy and enhanced barriers on one resource makes the runtime hand its state over between the two models '
        + 'with a full flush; move this resource with one barrier model.',
      toLegacy: "Legacy ResourceBarrier on '{{resource}}', which was last moved by an enhanced barrier (or created "
        + 'with an initial layout): mixing legacy and enhanced barriers on one resource makes the runtime hand its '
        + 'state over between the two models with a full flush; move this resource with one barrier model.',
    },
  },
  create(ctx) {
    // Xbox Series with the translation layer off: xbox-legacy-enhanced-mix reports the mix as an error.
    if (ctx.platform === 'xbox-series' && !ctx.legacyBarrierTranslation) return {};
    const report = (key: 'toEnhanced' | 'toLegacy', b: BarrierFact, from: Possible, tctx: TrackContext) => {
      const origin = [...from.values.values()][0];
      ctx.report({
        messageKey: key, data: { resource: resourceName(b) }, range: tctx.range, resource: resourceName(b),
        ...(key === 'toLegacy' ? { api: 'ID3D12CommandList::ResourceBarrier' } : {}),
        related: [...tctx.related, ...(origin ? [{ uri: origin.uri, range: origin.range, message: origin.note }] : [])],
        fingerprintText: `${key}|${fingerprintOf(b)}`, barrier: b, position: tctx,
      });
    };
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const { met } = meeting;
          if (met.lastModel !== 'legacy' || met.legacyFromCreation || handOverIsError(met.legacy)) return;
          report('toEnhanced', b, met.legacy, tctx);
        },
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'legacy-transition') return;
          const { met } = meeting;
          if (met.lastModel !== 'enhanced' || handOverIsError(met.layout)) return;
          report('toLegacy', b, met.layout, tctx);
        },
      },
    };
  },
});
