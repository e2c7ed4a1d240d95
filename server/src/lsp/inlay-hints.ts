// Inlay hints (off by default; `barrierlint.inlayHints.enabled`): the tracked layout of the resource after each
// barrier, shown at the end of the barrier construction. Only sites the tracker annotated get a hint.
import type { InlayHint, Range as LspRange } from 'vscode-languageserver';
import { InlayHintKind } from 'vscode-languageserver';
import type { SiteFact } from '../analyze';
import { siteRange } from './hover';

const LAYOUT_PREFIX = 'D3D12_BARRIER_LAYOUT_';

/** The tracked layout after a site (`X` or `X or Y` when paths disagree), when the tracker knows it. */
export function trackedLayoutAfter(site: SiteFact): string | undefined {
  const value = site.tracked?.after.layout;
  return value && value !== 'unknown' ? value : undefined;
}

function overlaps(a: LspRange, b: LspRange): boolean {
  return !(a.end.line < b.start.line || a.start.line > b.end.line);
}

export function inlayHints(sites: readonly SiteFact[], visible: LspRange): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const site of sites) {
    const layout = trackedLayoutAfter(site);
    const range = siteRange(site);
    if (!layout || !overlaps(range, visible)) continue;
    const short = layout.split(LAYOUT_PREFIX).join('');
    hints.push({
      position: range.end,
      label: `→ ${short}`,
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: `${site.tracked?.resource ?? site.resource ?? 'the resource'} is in ${layout} after this barrier`,
    });
  }
  return hints;
}
