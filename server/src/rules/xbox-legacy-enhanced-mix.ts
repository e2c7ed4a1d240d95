// xbox-legacy-enhanced-mix — xbox-platform.md § 3 (EBX "Setting things up", testing with legacy resource barriers).
// A deployment file named D3D__DisableLegacyResourceBarrierTranslation switches the Xbox Series driver back to its
// old legacy-barrier implementation; in that mode mixing legacy and enhanced barriers is not supported. A project
// declares the mode with "legacyBarrierTranslation": false; then a resource moved by one model and next by the
// other is an error (with the translation on, the interop rules of the PC spec apply instead).
import type { Possible } from '../track/state';
import type { TrackContext } from '../track/visitors';
import type { BarrierFact } from '../extract/facts';
import { defineRule } from './define-rule';
import { fingerprintOf, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'xbox-legacy-enhanced-mix',
    description: 'Legacy and enhanced barriers on one resource with the legacy translation layer disabled.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      toEnhanced: 'Enhanced barrier on \'{{resource}}\', which was last transitioned by a legacy barrier: with '
        + 'legacyBarrierTranslation false (D3D__DisableLegacyResourceBarrierTranslation) the driver does not support '
        + 'mixing legacy and enhanced barriers. Use one model for this resource.',
      toLegacy: 'Legacy barrier on \'{{resource}}\', which was last set up with the enhanced API (an enhanced barrier or '
        + 'a creation with an initial layout): with legacyBarrierTranslation false '
        + '(D3D__DisableLegacyResourceBarrierTranslation) the driver does not support mixing legacy and enhanced '
        + 'barriers. Use one model for this resource.',
    },
  },
  create(ctx) {
    const report = (key: 'toEnhanced' | 'toLegacy', b: BarrierFact, from: Possible, tctx: TrackContext) => {
      const origin = [...from.values.values()][0];
      ctx.report({
        messageKey: key, data: { resource: resourceName(b) }, range: tctx.range, resource: resourceName(b),
        related: [...tctx.related, ...(origin ? [{ uri: origin.uri, range: origin.range, message: origin.note }] : [])],
        fingerprintText: `${key}|${fingerprintOf(b)}`, barrier: b, position: tctx,
      });
    };
    if (ctx.legacyBarrierTranslation) return {};
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (meeting?.met.lastModel === 'legacy' && !meeting.met.legacyFromCreation) report('toEnhanced', b, meeting.met.legacy, tctx);
        },
        legacyBarrier(b, meeting, tctx) {
          if (meeting?.met.lastModel === 'enhanced') report('toLegacy', b, meeting.met.layout, tctx);
        },
      },
    };
  },
});
