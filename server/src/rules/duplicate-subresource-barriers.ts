// duplicate-subresource-barriers — the enhanced counterpart of LB-14 (eb-rules.md EB-CALL-07, EB-SEQ-04; EB §
// Barrier Ordering). Two texture barriers on overlapping subresources, or two buffer barriers on one buffer, in a
// single Barrier call are legal — they complete in group/index order — but the driver then performs two
// transitions (two waits, two cache flushes, possibly two decompressions) where one barrier from the first
// barrier's Before values to the last one's After values would do. The debug layer has no message for it.
import { describeSelection, selectionsOverlap } from '../model/subresource-ranges';
import { submittedBarriers, subresourceSelection } from './support/call-helpers';
import type { PlacedBarrier } from './support/call-helpers';
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

const SPLIT = 0x80000000;

interface Shared {
  /** Both barriers name exactly the same subresources (or the same buffer). */
  same: boolean;
  /** "all subresources of " / "mip 1, array slice 0, plane 0 of " ('' for a buffer), or both selections. */
  what: string;
}

/** Whether two barriers of one call apply to a common subresource of one resource, and how to say so. */
function shared(a: PlacedBarrier, b: PlacedBarrier): Shared | undefined {
  if (a.b.kind !== b.b.kind || a.b.resource!.key !== b.b.resource!.key) return undefined;
  if (a.b.kind === 'buffer') return { same: true, what: '' };
  const sa = subresourceSelection(a.b);
  const sb = subresourceSelection(b.b);
  if (!sa || !sb || selectionsOverlap(sa, sb) !== true) return undefined;
  const [da, db] = [describeSelection(sa), describeSelection(sb)];
  return da === db ? { same: true, what: `${da} of ` } : { same: false, what: `${da} and ${db}` };
}

/** An end-split barrier followed by the next begin-split on the same subresources is a pipeline, not a duplicate. */
function endThenBegin(first: PlacedBarrier, second: PlacedBarrier): boolean {
  const end = known(first.b.fields.SyncBefore);
  const begin = known(second.b.fields.SyncAfter);
  return end !== undefined && begin !== undefined && (end & SPLIT) !== 0 && (begin & SPLIT) !== 0;
}

const where = (p: PlacedBarrier): string => `group [${p.group}], index [${p.index}]`;

export const rule = defineRule({
  meta: {
    id: 'duplicate-subresource-barriers',
    description: 'One Barrier call has two barriers on the same subresource(s) (or the same buffer).',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-CALL-07', 'EB-SEQ-04'],
    messages: {
      same: "The {{noun}} barriers at {{first}} and {{second}} both apply to {{what}}'{{name}}'; they run one after the other, so one barrier from the first one's Before values to the second one's After values does the same with one wait and one cache flush.",
      overlap: "The texture barriers at {{first}} and {{second}} apply to overlapping subresources of '{{name}}' ({{what}}); the shared subresources are transitioned twice, one after the other. Give each subresource one barrier.",
    },
  },
  create(ctx) {
    return {
      barrierCall(e, listType) {
        if (listType === 'bundle') return;
        // Loop-filled entries stand for "some element" (maybe a different resource each iteration): left out.
        const placed = (submittedBarriers(e) ?? []).filter((p) => (p.b.kind === 'texture' || p.b.kind === 'buffer') && !p.b.fromLoop && p.b.resource?.key);
        for (const [j, second] of placed.entries()) {
          let common: Shared | undefined;
          const first = placed.slice(0, j).find((p) => !endThenBegin(p, second) && (common = shared(p, second)) !== undefined);
          if (!first || !common) continue;
          ctx.report({
            messageKey: common.same ? 'same' : 'overlap',
            data: { noun: second.b.kind, first: where(first), second: where(second), what: common.what, name: resourceName(second.b) },
            range: e.range,
            related: [
              { uri: ctx.uri, range: first.b.range, message: `the barrier at ${where(first)} is built here` },
              { uri: ctx.uri, range: second.b.range, message: `the barrier at ${where(second)} is built here` },
            ],
            resource: resourceName(second.b), fingerprintText: `dup|${fingerprintOf(first.b)}|${fingerprintOf(second.b)}`,
            barrier: second.b, position: { group: second.group, index: second.index, listType },
          });
        }
      },
    };
  },
});
