// uav-counter-heap — eb-rules.md EB-BUF-05, EB-BUF-06, LB-17 (EB § Upload Heap Resources, § Readback Heap
// Resources; RB § Initial states for resources). A UAV's counter is incremented by the GPU through unordered
// access, and so is the resource of any UAV. A resource on an UPLOAD heap stays in GENERIC_READ (READBACK: COPY_DEST)
// and allows no unordered access: `CreateUnorderedAccessView(buf, counterInUploadHeap, ...)` gives the shader a
// counter it cannot write (DirectX-Graphics-Samples D3D12ExecuteIndirect moved its counters out of an UPLOAD heap
// for this). Reported at the view creation, from the creation facts of the same file; unknown heaps are silent.
import { HEAP_RESTRICTIONS } from '../model/heaps';
import { formatLegacyState } from '../model/messages';
import type { FileFacts, ResourceCreation, ResourceRef } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { Range } from '../types';
import { defineRule } from './define-rule';
import { fileCreations } from './support/file-creations';
import { rangeContains } from '../ranges';

function earlier(a: Range, b: Range): boolean {
  return a.startLine < b.startLine || (a.startLine === b.startLine && a.startColumn < b.startColumn);
}

/** The creation of `ref` seen from the view at `at`: the file-wide index, or a creation earlier in the same function. */
function creationOf(facts: FileFacts, uri: string, ref: ResourceRef, at: Range): ResourceCreation | undefined {
  if (!ref.key) return undefined;
  const wide = fileCreations(facts, uri).lookup(ref.key, at);
  if (wide) return wide.creation;
  let found: ResourceCreation | undefined;
  let many = false;
  for (const fn of facts.functions) {
    if (!rangeContains(fn.range, at)) continue;
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'resource-creation' || e.creation.resource.key !== ref.key || !earlier(e.range, at)) return;
      if (found && found.heapType !== e.creation.heapType) many = true;
      found = e.creation;
    });
  }
  return many ? undefined : found;
}

export const rule = defineRule({
  meta: {
    id: 'uav-counter-heap',
    description: 'A UAV (or its counter resource) on an UPLOAD or READBACK heap: such resources allow no unordered access.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12Device::CreateUnorderedAccessView',
    catalog: ['EB-BUF-05', 'EB-BUF-06', 'LB-17'],
    messages: {
      counter: "The counter resource ('{{name}}') of the UAV of ('{{resource}}') is in a D3D12_HEAP_TYPE_{{heap}} heap: the GPU writes a UAV counter through unordered access, which a resource on that heap does not allow (it stays in {{required}}).",
      resource: "A UAV of resource ('{{name}}') in a D3D12_HEAP_TYPE_{{heap}} heap: a resource on that heap allows no unordered access (it stays in {{required}}).",
    },
  },
  create(ctx) {
    return {
      file(facts) {
        for (const u of facts.descriptors?.uavCounters ?? []) {
          const check = (ref: ResourceRef, key: 'counter' | 'resource') => {
            const c = creationOf(facts, ctx.uri, ref, u.range);
            const r = c?.heapType === null || c?.heapType === undefined ? undefined : HEAP_RESTRICTIONS.get(c.heapType);
            if (!c || !r) return false;
            ctx.report({
              messageKey: key, range: u.range, resource: ref.text,
              data: { name: ref.text, resource: u.resource?.text ?? '?', heap: r.name, required: formatLegacyState(r.state) },
              related: [{ uri: ctx.uri, range: c.resource.range, message: `'${c.resource.text}' was created here` }],
              fingerprintText: `uavheap|${key}|${ref.key}`,
            });
            return true;
          };
          if (u.resource && check(u.resource, 'resource')) continue;
          check(u.counter, 'counter');
        }
      },
    };
  },
});
