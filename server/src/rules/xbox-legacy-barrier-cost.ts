// xbox-legacy-barrier-cost — xbox-platform.md § 3 and § 5 (EBX "Enhanced barrier examples": transition and UAV
// resource barriers). On Xbox Series X|S legacy barriers are translated into enhanced barriers with the widest
// scopes the legacy state implies: a legacy UAV barrier drains PS, VS and CS; a transition out of
// NON_PIXEL_SHADER_RESOURCE drains VS and CS; out of UNORDERED_ACCESS, PS, VS and CS. When only compute work
// touched the resource, the enhanced barrier with SYNC_COMPUTE_SHADING drains CS alone. Stage lists come from the
// cost tables (model/xbox-cost-tables.ts), so the advice and the cost report agree.
import type { BarrierFact } from '../extract/facts';
import { ACCESS, LAYOUT, RESOURCE_BARRIER_FLAGS, RESOURCE_STATES, SYNC } from '../model/enums';
import { enhancedBarrierCost, legacyBarrierCost, translateLegacy } from '../model/xbox-costs';
import { defineRule } from './define-rule';
import { fingerprintOf, isLegacyTransition, known, resourceName } from './support/rule-helpers';
import { legacyInput, xfmt } from './support/xbox-helpers';

/** Legacy states whose translated SyncBefore covers more shader stages than compute alone. */
const WIDE_STATES = new Set([RESOURCE_STATES.NON_PIXEL_SHADER_RESOURCE, RESOURCE_STATES.UNORDERED_ACCESS]);

function suggestion(b: BarrierFact, syncAfter: number, access: [number, number], layouts?: [number, number]): string {
  const res = resourceName(b);
  const s = `${xfmt('sync', SYNC.COMPUTE_SHADING)}, ${xfmt('sync', syncAfter)}, ${xfmt('access', access[0])}, ${xfmt('access', access[1])}`;
  if (!layouts) return `CD3DX12_BUFFER_BARRIER(${s}, ${res})`;
  return `CD3DX12_TEXTURE_BARRIER(${s}, ${xfmt('layout', layouts[0])}, ${xfmt('layout', layouts[1])}, ${res}, `
    + 'CD3DX12_BARRIER_SUBRESOURCE_RANGE(0xffffffff))';
}

export const rule = defineRule({
  meta: {
    id: 'xbox-legacy-barrier-cost',
    description: 'A legacy barrier whose translation drains more shader stages than an equivalent enhanced barrier.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      uav: 'Legacy UAV barrier on \'{{resource}}\': the driver translates it with ALL_SHADING scopes and drains '
        + '{{drained}}. If only compute work wrote it, an enhanced barrier with SyncBefore/SyncAfter '
        + 'D3D12_BARRIER_SYNC_COMPUTE_SHADING drains {{cheaper}} only: {{suggestion}}.',
      transition: 'Legacy transition of \'{{resource}}\' from {{before}}: the driver drains {{drained}} because it '
        + 'cannot know which stages used the resource. If only compute work did, the enhanced barrier drains '
        + '{{cheaper}} only: {{suggestion}}.',
    },
  },
  create(ctx) {
    return {
      barrier(b, pos) {
        // Mixing in an enhanced barrier is unsupported without the translation layer; compute lists run CS only.
        if (!ctx.legacyBarrierTranslation || pos.listType === 'compute') return;
        const input = legacyInput(b);
        if (b.kind === 'legacy-uav') {
          // The driver ignores the END_ONLY half of a split (xbox-platform.md § 4.3): it costs nothing to advise on.
          if (((known(b.fields.Flags) ?? 0) & RESOURCE_BARRIER_FLAGS.END_ONLY) !== 0) return;
          const { cost } = legacyBarrierCost(input);
          if (!cost.drained?.length) return;
          const uav = ACCESS.UNORDERED_ACCESS;
          const cheaper = enhancedBarrierCost({ kind: 'texture', syncBefore: SYNC.COMPUTE_SHADING, syncAfter: SYNC.COMPUTE_SHADING,
            accessBefore: uav, accessAfter: uav });
          ctx.report({
            messageKey: 'uav', range: b.range, resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b, position: pos,
            data: { resource: resourceName(b), drained: (cost.drained ?? []).join(', '), cheaper: (cheaper.drained ?? []).join(', '),
              suggestion: `${suggestion(b, SYNC.COMPUTE_SHADING, [uav, uav], [LAYOUT.UNORDERED_ACCESS, LAYOUT.UNORDERED_ACCESS])} `
                + '(for a buffer, CD3DX12_BUFFER_BARRIER with the same scopes and accesses)' },
          });
          return;
        }
        const flags = b.fields.Flags ? known(b.fields.Flags) : 0;
        if (!isLegacyTransition(b) || flags !== 0) return;
        const before = known(b.fields.StateBefore);
        if (before === undefined || !WIDE_STATES.has(before)) return;
        const t = translateLegacy(input);
        if (!t || t.syncAfter === null || t.accessBefore === null || t.accessAfter === null) return;
        const { cost } = legacyBarrierCost(input);
        const cheaper = enhancedBarrierCost({ ...t, syncBefore: SYNC.COMPUTE_SHADING });
        const layouts: [number, number] | undefined = t.layoutBefore != null && t.layoutAfter != null
          ? [t.layoutBefore, t.layoutAfter] : undefined;
        ctx.report({
          messageKey: 'transition', range: b.range, resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b,
          position: pos,
          data: { resource: resourceName(b), before: xfmt('state', before), drained: (cost.drained ?? []).join(', '),
            cheaper: (cheaper.drained ?? []).join(', '), suggestion: suggestion(b, t.syncAfter, [t.accessBefore, t.accessAfter], layouts) },
        });
      },
    };
  },
});
