// prefer-queue-specific-layout — eb-rules.md EB-LAYOUT-12 (EB § Queue type specific layouts, § COMMON Layout).
// A texture moved into a generic layout (SHADER_RESOURCE, GENERIC_READ, UNORDERED_ACCESS, COPY_SOURCE, COPY_DEST)
// must stay readable by every queue type, so the driver may have to decompress or flush it for queues that never
// touch it. An application that uses only the direct queue loses nothing by naming the DIRECT_QUEUE_* twin of the
// layout, and lets the driver keep the 3D engine's form. Advice (W*, info): reported only where the file creates a
// DIRECT command queue and nothing in it names another queue or list type (COMPUTE, COPY, video); the CLI drops the
// advice when any file of the run does (cli/cross-file.ts). COMMON is not advised against: Present needs it.
// Once per file and layout.
import { defineRule } from './define-rule';
import { forEachEvent } from '../extract/events';
import { fieldRange, fmt, known, resourceName } from './support/rule-helpers';

/** Generic layout → its DIRECT_QUEUE_* twin (D3D12_BARRIER_LAYOUT values). */
const DIRECT_TWIN: ReadonlyMap<number, number> = new Map([[1, 19], [3, 20], [6, 21], [7, 22], [8, 23]]);

export const rule = defineRule({
  meta: {
    id: 'prefer-queue-specific-layout',
    description: 'A generic layout where the application creates only a direct queue: the DIRECT_QUEUE_* layout is cheaper.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Barrier',
    platforms: ['pc'],
    catalog: ['EB-LAYOUT-12'],
    messages: {
      direct: "'{{name}}' moves to {{layout}}, a layout every queue type must be able to read, where only a DIRECT "
        + 'command queue is created; {{twin}} allows the same accesses on the direct queue and lets the driver keep '
        + "the 3D engine's form of the texture.",
    },
  },
  create(ctx) {
    let singleDirect = false;
    const reported = new Set<number>();
    return {
      file(facts) {
        let direct = false;
        let other = facts.otherQueueTypes === true;
        for (const fn of facts.functions) {
          forEachEvent(fn.body, (e) => {
            if (e.kind !== 'queue-creation') return;
            if (e.listType === 'direct') direct = true;
            else other = true;
          });
        }
        singleDirect = direct && !other;
      },
      barrier(b, pos) {
        if (!singleDirect || b.kind !== 'texture' || (pos.listType !== null && pos.listType !== 'direct')) return;
        const after = known(b.fields.LayoutAfter);
        const twin = after === undefined ? undefined : DIRECT_TWIN.get(after >>> 0);
        if (after === undefined || twin === undefined || reported.has(after)) return;
        reported.add(after);
        ctx.report({
          messageKey: 'direct', range: fieldRange(b, 'LayoutAfter'), resource: resourceName(b),
          data: { name: resourceName(b), layout: fmt('layout', after), twin: fmt('layout', twin) },
          fingerprintText: `direct-queue-layout|${after}`,
        });
      },
    };
  },
});
