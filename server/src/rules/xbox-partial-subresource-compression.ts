// xbox-partial-subresource-compression — xbox-platform.md § 4.2 and § 1.3 (EBX "Differences with the PC spec" 2,
// layout → compression table). Xbox Series X|S tracks compression per resource (depth and stencil separately), not
// per subresource. A barrier on some but not all subresources that crosses the compressed/uncompressed line:
// - compressed → uncompressed layout: the WHOLE resource is decompressed, the subresources left behind included;
// - uncompressed → compressed layout: the resource stays uncompressed; the range gains no compression.
// Either way the cost differs from what the range suggests. Legacy transitions are checked through the driver's
// translation. The compression table (TC or not) and the metadata come from the resource's creation when visible.
import type { BarrierFact, ResourceCreation } from '../extract/facts';
import { applicableTables, compressionStates, translateLegacy, type CompressionTable } from '../model/xbox-costs';
import type { CompressionState } from '../model/xbox-cost-tables';
import { LAYOUT, LAYOUT_UNDEFINED } from '../model/enums';
import { type BarrierPosition, defineRule } from './define-rule';
import { fieldRange, fingerprintOf, isLegacyTransition, known, resourceName } from './support/rule-helpers';
import {
  KnownCreations, type PlaneSelection, type RangeExtent, hasMetadataFlags, legacyInput, subresourceExtent,
  textureRangeExtent, traitsOf, xfmt,
} from './support/xbox-helpers';

const METADATA_LAYOUTS = new Set([LAYOUT.RENDER_TARGET, LAYOUT.DEPTH_STENCIL_WRITE, LAYOUT.DEPTH_STENCIL_READ]);

function planeStates(states: CompressionState[], plane: PlaneSelection): CompressionState[] {
  if (plane === 'all' || plane === undefined) return states;
  return plane === 0 ? states.filter((s) => s !== 'CompressedStencil') : states.filter((s) => s === 'CompressedStencil');
}

interface Crossing {
  kind: 'decompressAll' | 'noCompression';
  tables: CompressionTable[];
  states: CompressionState[];
}

/** The crossing under the applicable tables (both when the TC flag is unknown), or undefined. */
function crossing(before: number, after: number, c: ResourceCreation | undefined, plane: PlaneSelection): Crossing | undefined {
  const traits = traitsOf(c);
  let found: Crossing | undefined;
  for (const table of applicableTables(traits)) {
    const from = compressionStates(before, table, traits);
    const to = compressionStates(after, table, traits);
    if (!from || !to) return undefined;
    const f = planeStates(from, plane);
    const t = planeStates(to, plane);
    const kind = f.length > 0 && t.length === 0 ? 'decompressAll' : f.length === 0 && t.length > 0 ? 'noCompression' : null;
    if (!kind) continue;
    if (found && found.kind !== kind) return undefined;
    found = { kind, tables: [...(found?.tables ?? []), table], states: kind === 'decompressAll' ? f : t };
  }
  return found;
}

export const rule = defineRule({
  meta: {
    id: 'xbox-partial-subresource-compression',
    description: 'A partial-range barrier crossing the compressed/uncompressed line affects the whole resource on Xbox Series.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      decompressAll: 'Barrier on {{range}} of \'{{resource}}\' moves it from {{before}} (compressed: {{states}}) to '
        + '{{after}} (uncompressed{{table}}): Xbox Series X|S tracks compression per resource, so the WHOLE resource is '
        + 'decompressed, including the subresources left in {{before}}. A whole-resource barrier would decompress the '
        + 'same data; keep the subresources that must stay compressed in a separate resource.',
      noCompression: 'Barrier on {{range}} of \'{{resource}}\' moves it from {{before}} (uncompressed) to {{after}} '
        + '(compressed: {{states}}{{table}}): Xbox Series X|S tracks compression per resource, so the resource stays '
        + 'uncompressed and this range gains no compression. A whole-resource barrier to {{after}} would compress the '
        + 'whole resource.',
    },
  },
  create(ctx) {
    const creations = new KnownCreations();
    const check = (b: BarrierFact, pos: BarrierPosition, layouts: { before: number; after: number }, extent: RangeExtent, range = b.range) => {
      const c = creations.of(b);
      const { before, after } = layouts;
      if (extent.partial !== true || before === LAYOUT_UNDEFINED || after === LAYOUT_UNDEFINED) return;
      // Without the creation, only a render-target/depth layout proves the resource has compression metadata.
      const metadata = hasMetadataFlags(c) ?? (METADATA_LAYOUTS.has(before) || METADATA_LAYOUTS.has(after));
      if (!metadata) return;
      const x = crossing(before, after, c, extent.plane);
      if (!x) return;
      const table = x.tables.length === 1 && (c?.flags ?? null) === null ? ` for a ${x.tables[0]} resource` : '';
      ctx.report({
        messageKey: x.kind,
        data: { range: extent.text, resource: resourceName(b), before: xfmt('layout', before), after: xfmt('layout', after),
          states: x.states.join(', '), table },
        range, resource: resourceName(b), fingerprintText: fingerprintOf(b), barrier: b, position: pos,
      });
    };
    return {
      creation(e) {
        creations.add(e);
      },
      barrier(b, pos) {
        if (b.kind === 'texture') {
          const before = known(b.fields.LayoutBefore);
          const after = known(b.fields.LayoutAfter);
          if (before === undefined || after === undefined) return;
          check(b, pos, { before, after }, textureRangeExtent(b, creations.of(b)), fieldRange(b, 'Subresources.IndexOrFirstMipLevel'));
        } else if (isLegacyTransition(b) && ctx.legacyBarrierTranslation) {
          const sub = b.fields.Subresource ? known(b.fields.Subresource) : 0xffffffff;
          const c = creations.of(b);
          if (sub === undefined || c?.dimension === 'buffer') return;
          const t = translateLegacy(legacyInput(b), { flags: null, isTexture: true });
          if (t?.layoutBefore == null || t.layoutAfter == null) return;
          check(b, pos, { before: t.layoutBefore, after: t.layoutAfter }, subresourceExtent(sub, c), fieldRange(b, 'Subresource'));
        }
      },
    };
  },
});
