// legacy-broad-sync — performance advice (issue 3; eb-rules.md A.6, EB-INTEROP-05, EB-MISC-03; EB § Equivalent
// D3D12_BARRIER_SYNC bit for each D3D12_RESOURCE_STATES bit, § UAV Barriers). The runtime translates a legacy
// barrier with the sync scopes its states imply, and a legacy state does not say which shader stage used the
// resource: NON_PIXEL_SHADER_RESOURCE waits for (or blocks) every non-pixel stage — vertex, hull, domain,
// geometry, mesh, amplification and compute —, UNORDERED_ACCESS and a legacy UAV barrier every shader stage and
// acceleration-structure work. When only compute shaders touch the resource, the enhanced barrier names
// COMPUTE_SHADING alone and the graphics stages keep running. The advice shows that barrier.
import type { BarrierFact } from '../extract/facts';
import { ACCESS, LAYOUT, RESOURCE_STATES, SYNC } from '../model/enums';
import { computeOnlySync, invalidStateCombination, legacyToEnhanced } from '../model/legacy-states';
import { formatAccess, formatLayout, formatLegacyState, formatSync } from '../model/messages';
import { defineRule } from './define-rule';
import { fingerprintOf, isNullResource, isLegacyTransition, known, reportOnce, resourceName } from './support/rule-helpers';
import { KnownCreations } from './support/xbox-helpers';

const UAV_STATE = RESOURCE_STATES.UNORDERED_ACCESS >>> 0;
/** States only textures can be in (render target, depth): no buffer alternative is shown next to them. */
const TEXTURE_ONLY_STATES = (RESOURCE_STATES.RENDER_TARGET | RESOURCE_STATES.DEPTH_WRITE | RESOURCE_STATES.DEPTH_READ) >>> 0;

interface Suggested {
  syncBefore: number; syncAfter: number; accessBefore: number; accessAfter: number;
  layoutBefore: number | null; layoutAfter: number | null;
}

/** The enhanced barrier as d3dx12 code; texture form when both layouts exist and the resource may be a texture. */
function suggestion(b: BarrierFact, s: Suggested, isTexture: boolean | undefined): string {
  const res = !b.resource || isNullResource(b.resource) ? null : resourceName(b);
  const common = `${formatSync(s.syncBefore)}, ${formatSync(s.syncAfter)}, ${formatAccess(s.accessBefore)}, ${formatAccess(s.accessAfter)}`;
  if (res === null) return `CD3DX12_GLOBAL_BARRIER(${common})`;
  const buffer = `CD3DX12_BUFFER_BARRIER(${common}, ${res})`;
  if (isTexture === false || s.layoutBefore === null || s.layoutAfter === null) return buffer;
  const sub = known(b.fields.Subresource);
  const range = `CD3DX12_BARRIER_SUBRESOURCE_RANGE(${sub === undefined || sub >>> 0 === 0xffffffff ? '0xffffffff' : sub})`;
  const texture = `CD3DX12_TEXTURE_BARRIER(${common}, ${formatLayout(s.layoutBefore)}, ${formatLayout(s.layoutAfter)}, ${res}, ${range})`;
  return isTexture ? texture : `${texture} (for a buffer, ${buffer})`;
}

export const rule = defineRule({
  meta: {
    id: 'legacy-broad-sync',
    description: 'A legacy barrier whose enhanced translation waits for or blocks whole groups of shader stages.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::ResourceBarrier',
    // Xbox Series has its own cost-based advice (xbox-legacy-barrier-cost); Xbox One has no enhanced barriers.
    platforms: ['pc'],
    catalog: ['EB-INTEROP-05', 'EB-MISC-03'],
    messages: {
      transition: "The transition of '{{name}}' from {{before}} to {{after}} translates to {{translated}}: a legacy state does not say which shader stage used the resource, so every stage in that scope is waited for or blocked. If only {{stages}} use '{{name}}' there, the enhanced barrier names less: {{suggestion}}.",
      uav: "The UAV barrier {{target}} translates to SyncBefore and SyncAfter {{translated}}: it waits for and blocks every shader stage and acceleration-structure work. If only compute shaders write and read {{it}} on both sides, the enhanced barrier names less: {{suggestion}}.",
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    const creations = new KnownCreations();
    return {
      creation(e) { creations.add(e); },
      barrier(b, pos) {
        // Only direct lists run graphics stages next to compute, so only there does the wide scope cost anything: a
        // compute list runs compute shaders alone, other types cannot use these states (legacy-state-list-type-
        // incompatible), and on a list of unknown type the advice may be moot — it stays silent (see the doc).
        if (pos.listType !== 'direct') return;
        const created = creations.of(b);
        const isTexture = created?.dimension ? created.dimension !== 'buffer' : undefined;
        const name = resourceName(b);
        if (b.kind === 'legacy-uav') {
          const global = !b.resource || isNullResource(b.resource);
          const uav = computeOnlySync(UAV_STATE)!;
          const layout = LAYOUT.UNORDERED_ACCESS >>> 0;
          report({
            messageKey: 'uav', range: b.range, resource: name, fingerprintText: `uav|${fingerprintOf(b)}`, barrier: b, position: pos,
            data: {
              target: global ? 'with a null pResource (every UAV access)' : `on '${name}'`, it: global ? 'the UAVs' : `'${name}'`,
              translated: formatSync(uav.translated),
              suggestion: suggestion(b, { syncBefore: uav.computeOnly, syncAfter: uav.computeOnly, accessBefore: ACCESS.UNORDERED_ACCESS,
                accessAfter: ACCESS.UNORDERED_ACCESS, layoutBefore: layout, layoutAfter: layout }, isTexture),
            },
          });
          return;
        }
        // Split halves translate to SYNC_SPLIT on one side: not this advice.
        const flags = b.fields.Flags ? known(b.fields.Flags) : 0;
        if (!isLegacyTransition(b) || flags !== 0) return;
        const before = known(b.fields.StateBefore);
        const after = known(b.fields.StateAfter);
        if (before === undefined || after === undefined || invalidStateCombination(before) || invalidStateCombination(after)) return;
        const [nb, na] = [computeOnlySync(before), computeOnlySync(after)];
        if (!nb && !na) return;
        const [eb, ea] = [legacyToEnhanced(before, isTexture ?? true), legacyToEnhanced(after, isTexture ?? true)];
        const translated = [nb && `SyncBefore ${formatSync(nb.translated)}`, na && `SyncAfter ${formatSync(na.translated)}`]
          .filter(Boolean).join(' and ');
        const keepsPixel = [nb, na].some((n) => n && (n.computeOnly & SYNC.PIXEL_SHADING) !== 0);
        const textureOnly = ((before | after) & TEXTURE_ONLY_STATES) !== 0;
        report({
          messageKey: 'transition', range: b.range, resource: name, fingerprintText: `transition|${fingerprintOf(b)}`, barrier: b, position: pos,
          data: {
            name, before: formatLegacyState(before), after: formatLegacyState(after), translated,
            stages: keepsPixel ? 'pixel and compute shaders' : 'compute shaders',
            suggestion: suggestion(b, {
              syncBefore: nb?.computeOnly ?? eb.sync, syncAfter: na?.computeOnly ?? ea.sync, accessBefore: eb.access,
              accessAfter: ea.access, layoutBefore: eb.layout, layoutAfter: ea.layout,
            }, textureOnly ? true : isTexture),
          },
        });
      },
    };
  },
});
