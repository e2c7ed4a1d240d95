// xbox-command-queue-per-type — xbox-platform.md § 7 (DIFF, PC vs GDK Game OS). On Xbox the standard
// CreateCommandQueue creates only one queue of each type, and only one graphics (DIRECT) queue in any case; more
// queues need CreateCommandQueueX. A PC setup that creates two queues of one type (two compute queues for async
// work, a second direct queue for uploads) fails on the console.
// Reported when one function calls CreateCommandQueue twice for the same known type, both calls on the straight
// path of the function (not under an if, a switch or a loop: a platform branch or a retry is not two queues).
import type { Stmt } from '../extract/facts';
import type { QueueCreationEvent } from '../extract/facts';
import { formatCommandListType } from '../model/messages';
import { defineRule } from './define-rule';

/** Queue creations on the function's straight path (nested `{ }` blocks included, branches and loops not). */
function straightCreations(s: Stmt, out: QueueCreationEvent[]): void {
  if (s.k === 'seq') s.body.forEach((c) => straightCreations(c, out));
  else if (s.k === 'event' && s.event.kind === 'queue-creation') out.push(s.event);
}

export const rule = defineRule({
  meta: {
    id: 'xbox-command-queue-per-type',
    description: 'Two command queues of one type created through the standard API, which Xbox allows once per type.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12Device::CreateCommandQueue',
    platforms: ['xbox-series', 'xbox-one'],
    messages: {
      twice: "A second {{type}} queue ('{{queue}}') through CreateCommandQueue: on Xbox the standard API creates one "
        + 'queue of each type (and one graphics queue in all); create further queues with CreateCommandQueueX, or share '
        + "'{{first}}'.",
    },
  },
  create(ctx) {
    return {
      file(facts) {
        for (const fn of facts.functions) {
          const creations: QueueCreationEvent[] = [];
          straightCreations(fn.body, creations);
          const first = new Map<string, QueueCreationEvent>();
          for (const e of creations) {
            if (!e.listType) continue;
            const earlier = first.get(e.listType);
            if (!earlier) { first.set(e.listType, e); continue; }
            ctx.report({
              messageKey: 'twice', range: e.range, resource: e.queue.text,
              data: { type: formatCommandListType(e.listType), queue: e.queue.text, first: earlier.queue.text },
              related: [{ uri: ctx.uri, range: earlier.range, message: `the first ${formatCommandListType(e.listType)} queue, '${earlier.queue.text}'` }],
              fingerprintText: `xbox-queue|${e.listType}|${e.queue.key ?? e.queue.text}`,
            });
          }
        }
      },
    };
  },
});
