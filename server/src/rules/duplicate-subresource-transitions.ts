// duplicate-subresource-transitions — eb-rules.md LB-14 (D.2 E10; microsoft/DirectX-Graphics-Samples#221).
// Two transition descs of one ResourceBarrier call on the same subresource(s): the driver performs both
// transitions back to back — two decompress/flush passes where one transition from the first StateBefore to the
// last StateAfter would do — and a chain like A→B, B→C in one call usually means a state was lost track of. The
// debug layer warns (#1008, logged as #1015 by 2016 runtimes).
import { RESOURCE_BARRIER_FLAGS } from '../model/enums';
import { selectionsOverlap } from '../model/subresource-ranges';
import { submittedBarriers, subresourceSelection } from './support/call-helpers';
import type { PlacedBarrier } from './support/call-helpers';
import { defineRule } from './define-rule';
import { fingerprintOf, isLegacyTransition, known, resourceName } from './support/rule-helpers';

/** The later desc of a split pair (END_ONLY of one transition, then BEGIN_ONLY of the next) is not a duplicate. */
function endThenBegin(first: PlacedBarrier, second: PlacedBarrier): boolean {
  return known(first.b.fields.Flags) === RESOURCE_BARRIER_FLAGS.END_ONLY && known(second.b.fields.Flags) === RESOURCE_BARRIER_FLAGS.BEGIN_ONLY;
}

export const rule = defineRule({
  meta: {
    id: 'duplicate-subresource-transitions',
    description: 'One ResourceBarrier call transitions the same subresource in two descs.',
    defaultSeverity: 'warning',
    messageId: 'RESOURCE_BARRIER_DUPLICATE_SUBRESOURCE_TRANSITIONS', messageNumber: 1008, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-14'],
    messages: {
      // E10 verbatim shape (the pointer is dropped; the resource's source expression is its debug name).
      duplicate: "Called on the same subresource(s) of Resource('{{name}}') in separate Barrier Descs which is inefficient and likely unintentional. Desc[{{first}}] on (subresource : {{firstSub}}) and Desc[{{second}}] on (subresource : {{secondSub}}).",
    },
  },
  create(ctx) {
    return {
      tracked: {
        // A batch container filled by an engine's own Add/Transition method and submitted later: the barriers the
        // submit applies, in the order the path added them. One addition repeated by a loop is not a pair.
        batchSubmit(items, tctx) {
          if (tctx.listType === 'bundle') return;
          // Only plain transitions (Flags known to be NONE): the engine's split halves are chosen at run time by its
          // own bookkeeping (`Flags = END_ONLY` when the resource is already transitioning), which a path may not fold.
          const descs = items.map((p, index) => ({ ...p, index }))
            .filter((p) => isLegacyTransition(p.barrier) && !p.barrier.fromLoop && p.barrier.resource?.key && known(p.barrier.fields.Flags) === 0);
          for (const [j, second] of descs.entries()) {
            const sub2 = subresourceSelection(second.barrier);
            const first = descs.slice(0, j).find((p) => {
              const sub1 = subresourceSelection(p.barrier);
              return p.barrier.resource!.key === second.barrier.resource!.key && (p.site === undefined || p.site !== second.site)
                && sub1 && sub2 && selectionsOverlap(sub1, sub2) === true;
            });
            if (!first) continue;
            const b = second.barrier;
            ctx.report({
              messageKey: 'duplicate',
              data: {
                name: resourceName(b), first: first.index, second: second.index,
                firstSub: known(first.barrier.fields.Subresource)! >>> 0, secondSub: known(b.fields.Subresource)! >>> 0,
              },
              range: tctx.range,
              related: [
                ...tctx.related,
                { uri: first.note.uri, range: first.note.range, message: `Desc[${first.index}] transitions '${resourceName(first.barrier)}' (added to the batch here)` },
                { uri: second.note.uri, range: second.note.range, message: `Desc[${second.index}] transitions it again (added here)` },
              ],
              resource: resourceName(b), fingerprintText: `dup|${fingerprintOf(first.barrier)}|${fingerprintOf(b)}`,
              barrier: b, position: { group: null, index: second.index, listType: tctx.listType },
            });
          }
        },
      },
      resourceBarrierCall(e, listType) {
        if (listType === 'bundle') return;
        // Loop-filled entries stand for "some element" (maybe a different resource each iteration): left out.
        const descs = (submittedBarriers(e) ?? []).filter((p) => isLegacyTransition(p.b) && !p.b.fromLoop && p.b.resource?.key);
        for (const [j, second] of descs.entries()) {
          const sub2 = subresourceSelection(second.b);
          const first = descs.slice(0, j).find((p) => {
            const sub1 = subresourceSelection(p.b);
            return p.b.resource!.key === second.b.resource!.key && sub1 && sub2 && selectionsOverlap(sub1, sub2) === true && !endThenBegin(p, second);
          });
          if (!first) continue;
          ctx.report({
            messageKey: 'duplicate',
            data: {
              name: resourceName(second.b), first: first.index, second: second.index,
              firstSub: known(first.b.fields.Subresource)! >>> 0, secondSub: known(second.b.fields.Subresource)! >>> 0,
            },
            range: e.range,
            related: [
              { uri: ctx.uri, range: first.b.range, message: `Desc[${first.index}] transitions '${resourceName(first.b)}' here` },
              { uri: ctx.uri, range: second.b.range, message: `Desc[${second.index}] transitions it again here` },
            ],
            resource: resourceName(second.b), fingerprintText: `dup|${fingerprintOf(first.b)}|${fingerprintOf(second.b)}`,
            barrier: second.b, position: { group: null, index: second.index, listType },
          });
        }
      },
    };
  },
});
