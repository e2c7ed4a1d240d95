// The Xbox Series X|S cost of each barrier site, from the site facts every surface already has (`--format facts`,
// the hover, `--explain`): field values are enumerator names or numbers, the resource's creation is the
// resource-creation site naming the same resource. The cost itself is model/xbox-costs.ts.
import type { SiteFact } from './analysis-result';
import { lookupEnumIdentifier } from '../model/enums';
import {
  type BarrierCost, type EnhancedBarrierInput, type ResourceTraits, enhancedBarrierCost, legacyBarrierCost,
} from '../model/xbox-costs';
import { xboxEnumName } from '../model/xbox-messages';
import type { Platform } from '../types';
import { UNWRAPPING_ACCESSORS } from '../model/smart-pointers';

const UNWRAPPED = new RegExp(String.raw`(?:\.|->)(?:${UNWRAPPING_ACCESSORS})\(\)$`);

const ENHANCED: Record<string, EnhancedBarrierInput['kind']> = {
  'texture-barrier': 'texture', 'buffer-barrier': 'buffer', 'global-barrier': 'global',
};
const LEGACY = new Set(['legacy-transition', 'legacy-uav', 'legacy-aliasing']);

export function isBarrierSite(site: Pick<SiteFact, 'kind'>): boolean {
  return site.kind in ENHANCED || LEGACY.has(site.kind);
}

/** `D3D12_A|D3D12_B|0x40` or a number → its value; null when any part is unknown. */
export function siteValue(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  let total = 0;
  for (const part of value.split('|').map((p) => p.trim())) {
    const v = /^0x[0-9a-f]+$/i.test(part) ? parseInt(part, 16) : /^\d+$/.test(part) ? Number(part) : lookupEnumIdentifier(part)?.value;
    if (v === undefined || Number.isNaN(v)) return null;
    total = (total | v) >>> 0;
  }
  return total;
}

/** `m_tex.Get()`, `&m_tex`, `IID_PPV_ARGS(&m_tex)`, `m_tex` → `m_tex`: how sites name the same resource. */
export function resourceIdentity(text: string | null): string | null {
  if (!text) return null;
  let t = text.replace(/\s+/g, '');
  const iid = /^IID_(?:GRAPHICS_)?PPV_ARGS\((.*)\)$/.exec(t);
  if (iid) t = iid[1];
  return t.replace(/^&/, '').replace(UNWRAPPED, '');
}

const creationIndex = new WeakMap<readonly SiteFact[], Map<string, SiteFact>>();

/** Creation facts of the resource a barrier site names, from the file's creation sites (the first one wins). */
export function traitsFor(site: SiteFact, sites: readonly SiteFact[]): ResourceTraits {
  let index = creationIndex.get(sites);
  if (!index) {
    index = new Map();
    for (const s of sites) {
      const key = s.kind === 'resource-creation' ? resourceIdentity(s.resource) : null;
      if (key && !index.has(key)) index.set(key, s);
    }
    creationIndex.set(sites, index);
  }
  const id = resourceIdentity(site.resource);
  const created = id ? index.get(id) : undefined;
  if (!created) return { flags: null, isTexture: null };
  const dimension = created.fields.dimension;
  return {
    flags: siteValue(created.fields.flags),
    sampleCount: typeof created.fields.sampleCount === 'number' ? created.fields.sampleCount : null,
    isTexture: typeof dimension === 'string' ? dimension !== 'buffer' : null,
  };
}

export interface CostReport {
  platform: 'xbox-series';
  /** For legacy barriers: the enhanced barrier the driver translates it to (enumerator names; null = unknown). */
  translated?: Record<string, string | null>;
  /** Present for split barriers: 'begin' is made immediate (CE and PFP blocked), 'end' is ignored. */
  split?: 'begin' | 'end';
  drained: string[] | null;
  blocked: string[] | null;
  writeBack: string[] | null;
  invalidate: string[] | null;
  decompress: { table: string; states: string[] }[] | null;
  derived: string[];
  notes: string[];
}

function report(cost: BarrierCost, translated?: EnhancedBarrierInput | null): CostReport {
  const name = (family: string, v: number | null | undefined): string | null => (v === null || v === undefined ? null : xboxEnumName(family, v));
  return {
    platform: 'xbox-series',
    ...(translated !== undefined ? {
      translated: translated === null ? {} : {
        SyncBefore: name('sync', translated.syncBefore), SyncAfter: name('sync', translated.syncAfter),
        AccessBefore: name('access', translated.accessBefore), AccessAfter: name('access', translated.accessAfter),
        ...(translated.kind === 'texture' ? { LayoutBefore: name('layout', translated.layoutBefore), LayoutAfter: name('layout', translated.layoutAfter) } : {}),
      },
    } : {}),
    ...(cost.split ? { split: cost.split } : {}), drained: cost.drained, blocked: cost.blocked, writeBack: cost.writeBack, invalidate: cost.invalidate,
    decompress: cost.decompress?.map((d) => ({ table: d.table, states: d.lost })) ?? null,
    derived: cost.derived, notes: cost.notes,
  };
}

/** The cost of a barrier site on Xbox Series X|S, or undefined for other sites. */
export function siteCost(site: SiteFact, sites: readonly SiteFact[]): CostReport | undefined {
  const traits = traitsFor(site, sites);
  const f = site.fields;
  const kind = ENHANCED[site.kind];
  if (kind) {
    const flags = siteValue(f.Flags);
    return report(enhancedBarrierCost({
      kind, syncBefore: siteValue(f.SyncBefore), syncAfter: siteValue(f.SyncAfter), accessBefore: siteValue(f.AccessBefore),
      accessAfter: siteValue(f.AccessAfter), layoutBefore: siteValue(f.LayoutBefore), layoutAfter: siteValue(f.LayoutAfter),
      discard: flags !== null && (flags & 1) !== 0,
    }, traits));
  }
  if (!LEGACY.has(site.kind)) return undefined;
  const { cost, translated } = legacyBarrierCost({
    kind: site.kind as 'legacy-transition' | 'legacy-uav' | 'legacy-aliasing',
    stateBefore: siteValue(f.StateBefore), stateAfter: siteValue(f.StateAfter), flags: 'Flags' in f ? siteValue(f.Flags) : 0,
  }, traits);
  return report(cost, translated);
}

/** Sites with a `cost` on each barrier site when the platform is Xbox Series (other platforms: unchanged). */
export function withCosts(sites: readonly SiteFact[], platform: Platform | string): SiteFact[] {
  if (platform !== 'xbox-series') return [...sites];
  return sites.map((s) => {
    const cost = siteCost(s, sites);
    return cost ? { ...s, cost } : s;
  });
}
