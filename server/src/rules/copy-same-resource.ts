// copy-same-resource — eb-rules.md EB-MISC-01 (EB § Self Resource Copy; #998 COPY_ON_SAME_SUBRESOURCE). A copy
// whose source and destination are the same memory is undefined where the regions intersect. CopyResource copies
// the whole resource onto itself: always an intersection. (Region copies within one subresource are allowed when
// the regions are disjoint; their boxes and offsets are not followed, so they are not reported.)
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'copy-same-resource',
    description: 'CopyResource with the same resource as source and destination (the copy overlaps itself).',
    defaultSeverity: 'error',
    messageId: 'COPY_ON_SAME_SUBRESOURCE', messageNumber: 998, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::CopyResource',
    catalog: ['EB-MISC-01'],
    messages: { same: "Source and destination of CopyResource are the same resource ('{{name}}'); a copy onto overlapping memory is undefined." },
  },
  create(ctx) {
    return {
      tracked: {
        command(e, uses, tctx) {
          if (e.method !== 'CopyResource') return;
          const dest = uses.find((u) => u.role === 'copy-dest');
          const source = uses.find((u) => u.role === 'copy-source');
          if (!dest || !source || !dest.ref.key || dest.ref.unknown || source.ref.unknown || dest.key !== source.key) return;
          ctx.report({ messageKey: 'same', data: { name: dest.ref.text }, range: tctx.range, related: tctx.related, resource: dest.ref.text, fingerprintText: `selfcopy|${dest.key}` });
        },
      },
    };
  },
});
