// aliased-barrier-batch — eb-rules.md EB-SEQ-05, EB-DISCARD-04, EB-ALIAS-05 (EB § Resource Aliasing; § Barrier
// Ordering). Barriers of one Barrier() call are not ordered against each other when they name different
// resources. On resources that share memory (placed on one heap at one offset) that matters:
// - a DISCARD on the resource being activated while a barrier on another alias in the same call still transitions
//   a layout or flushes writes: the discard's metadata initialisation may run before (and be overwritten by) that
//   work — an error (EB-DISCARD-04);
// - otherwise, two barriers in one call that both change the memory (layout transitions or DISCARD) on aliased
//   resources race — a warning (EB-SEQ-05).
// Put the deactivation of the old alias in an earlier Barrier() call than the activation of the new one.
// Aliasing is known only for placed resources created in the file on the same heap expression with the same
// constant offset; unknown placements (and different offsets, whose sizes are not known) are not reported.
import { declaresName, type BarrierFact, type ResourceCreation } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { LAYOUT_UNDEFINED } from '../model/enums';
import type { Range } from '../types';
import { defineRule } from './define-rule';
import { known, resourceName } from './support/rule-helpers';
import { rangeContains } from '../ranges';

const DISCARD = 0x1;
const NO_ACCESS = 0x80000000;

/** The barrier changes the memory: a layout transition (not from UNDEFINED) or a DISCARD. */
function changesLayout(b: BarrierFact): boolean {
  const before = known(b.fields.LayoutBefore);
  const after = known(b.fields.LayoutAfter);
  return before !== undefined && after !== undefined && before !== after && before !== LAYOUT_UNDEFINED;
}
function flushesWrites(b: BarrierFact): boolean {
  const access = known(b.fields.AccessBefore);
  const sync = known(b.fields.SyncBefore);
  return access !== undefined && access !== NO_ACCESS && sync !== undefined && sync !== 0;
}
const discards = (b: BarrierFact): boolean => ((known(b.fields.Flags) ?? 0) & DISCARD) !== 0;

export const rule = defineRule({
  meta: {
    id: 'aliased-barrier-batch',
    description: 'Barriers on aliased placed resources in one Barrier() call, which are not ordered against each other.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SEQ-05', 'EB-DISCARD-04', 'EB-ALIAS-05'],
    messages: {
      discard: "DISCARD on '{{after}}' in the same Barrier() call as a barrier that {{what}} '{{before}}', which shares its memory (heap '{{heap}}', offset {{offset}}): barriers in one call are not ordered, so the discard may be undone; deactivate '{{before}}' in an earlier Barrier() call.",
      batch: "'{{a}}' and '{{b}}' share memory (heap '{{heap}}', offset {{offset}}) and both change it in one Barrier() call (layout transitions or DISCARD): barriers in one call are not ordered; move one into an earlier call.",
    },
  },
  create(ctx) {
    let local: { range: Range; byKey: Map<string, ResourceCreation> }[] = [];
    const placementOf = (b: BarrierFact, at: Range): { heap: string; offset: number } | undefined => {
      const key = b.resource?.key;
      if (!key) return undefined;
      const p = local.find((f) => rangeContains(f.range, at))?.byKey.get(key)?.placement;
      return p && p.heap && p.offset !== null ? { heap: p.heap, offset: p.offset } : undefined;
    };
    return {
      file(facts) {
        // Placements by resource key, per function and file-wide (members created in another method); a key placed
        // differently twice is unknown.
        const fileWide = new Map<string, ResourceCreation | null>();
        const perFn = facts.functions.map((fn) => {
          const byKey = new Map<string, ResourceCreation>();
          forEachEvent(fn.body, (e) => {
            if (e.kind !== 'resource-creation' || !e.creation.resource.key || !e.creation.placement) return;
            const k = e.creation.resource.key;
            const prior = fileWide.get(k);
            const same = prior && prior.placement?.heap === e.creation.placement.heap && prior.placement?.offset === e.creation.placement.offset;
            fileWide.set(k, prior === undefined || same ? e.creation : null);
            byKey.set(k, e.creation);
          });
          return { fn, byKey };
        });
        local = perFn.map(({ fn, byKey }) => {
          const merged = new Map<string, ResourceCreation>();
          for (const [k, c] of fileWide) if (c && !declaresName(fn, k)) merged.set(k, c);
          for (const [k, c] of byKey) merged.set(k, c);
          return { range: fn.range, byKey: merged };
        });
        // A file without placed resources (most files) has nothing to find: no scan of its functions per barrier call.
        if (local.every((l) => l.byKey.size === 0)) local = [];
      },
      barrierCall(e) {
        const all = (e.groups ?? []).flatMap((g) => (g.barriers ?? []).filter((b) => b.kind === 'texture'));
        const placed = all.map((b) => ({ b, p: placementOf(b, e.range) })).filter((x): x is { b: BarrierFact; p: { heap: string; offset: number } } => !!x.p);
        const seen = new Set<string>();
        placed.forEach((x, i) => placed.slice(i + 1).forEach((y) => {
          if (x.b.resource?.key === y.b.resource?.key || x.p.heap !== y.p.heap || x.p.offset !== y.p.offset) return;
          const pair = [x.b.resource?.key, y.b.resource?.key].sort().join('|');
          if (seen.has(pair)) return;
          const where = { heap: x.p.heap, offset: x.p.offset };
          // The discarded (activated) alias and the other one, whichever order the call lists them in.
          const [after, before] = discards(y.b) && (changesLayout(x.b) || flushesWrites(x.b)) ? [y.b, x.b]
            : discards(x.b) && (changesLayout(y.b) || flushesWrites(y.b)) ? [x.b, y.b] : [null, null];
          if (after && before) {
            seen.add(pair);
            ctx.report({
              messageKey: 'discard', severity: 'error', range: e.range, resource: resourceName(after), barrier: after,
              data: { after: resourceName(after), before: resourceName(before), what: changesLayout(before) ? 'transitions the layout of' : 'flushes the writes of', ...where },
              fingerprintText: `alias-discard|${pair}`,
            });
          } else if ((changesLayout(x.b) || discards(x.b)) && (changesLayout(y.b) || discards(y.b))) {
            seen.add(pair);
            ctx.report({
              messageKey: 'batch', range: e.range, resource: resourceName(x.b), barrier: x.b,
              data: { a: resourceName(x.b), b: resourceName(y.b), ...where }, fingerprintText: `alias-batch|${pair}`,
            });
          }
        }));
      },
    };
  },
});
