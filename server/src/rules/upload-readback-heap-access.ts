// upload-readback-heap-access — eb-rules.md EB-BUF-05, EB-BUF-06 (EB § Upload Heap Resources, § Readback Heap
// Resources). A buffer on an UPLOAD heap lives in CPU-written memory the GPU may only read (vertex, constant, index,
// shader-resource, indirect-argument, copy/resolve source); a buffer on a READBACK heap may only be written by
// copies and resolves for the CPU to read. A barrier granting any other access asks the GPU to write (or read
// through caches) memory it cannot. The heap type comes from the creation (committed resources); placed resources
// and unknown heap types are silent.
import { accessNotAllowedOnHeap, HEAP_RESTRICTIONS } from '../model/heaps';
import { defineRule } from './define-rule';
import { ruleCreations } from './support/file-creations';
import { fingerprintOf, fmt, known, positionSuffix, resourceName, SIDES } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'upload-readback-heap-access',
    description: 'A barrier on a buffer of an UPLOAD or READBACK heap grants an access that heap does not allow.',
    defaultSeverity: 'error',
    messageId: 'INVALID_BARRIER_ACCESS', messageNumber: 1417, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-BUF-05', 'EB-BUF-06'],
    messages: {
      access: "{{field}} bits {{bits}} are not allowed on resource '{{name}}' in a D3D12_HEAP_TYPE_{{heap}} heap (allowed: {{allowed}}){{position}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'buffer' && b.kind !== 'texture')) return;
          const created = creations.of(meeting, tctx);
          const heap = created?.creation.heapType;
          const restriction = heap === null || heap === undefined ? undefined : HEAP_RESTRICTIONS.get(heap);
          if (!created || !restriction || heap === null || heap === undefined) return;
          const position = positionSuffix(b, { group: tctx.group, index: tctx.index, listType: tctx.listType });
          for (const side of SIDES) {
            const access = known(b.fields[`Access${side}`]);
            const bad = access === undefined ? 0 : accessNotAllowedOnHeap(heap, access);
            if (!bad) continue;
            ctx.report({
              messageKey: 'access',
              data: { field: `Access${side}`, bits: fmt('access', bad), name: resourceName(b), heap: restriction.name, allowed: fmt('access', restriction.access), position },
              range: tctx.range, resource: resourceName(b), fingerprintText: `heap|${side}|${fingerprintOf(b)}`,
              related: [...tctx.related, { uri: created.uri, range: created.creation.resource.range, message: `'${created.creation.resource.text}' was created here` }],
              barrier: b, position: { group: tctx.group, index: tctx.index, listType: tctx.listType },
            });
          }
        },
      },
    };
  },
});
