// resource-barrier-aliasing-resource — eb-rules.md LB-15 (RBAPI § Remarks, § Runtime validation). A legacy aliasing
// barrier's pResourceBefore / pResourceAfter may be NULL (any placed or reserved resource may alias), but a resource
// it names must be placed (CreatePlacedResource*) or reserved (CreateReservedResource*): a committed resource owns its
// heap and aliases nothing, and the runtime rejects the barrier (likely #741 RESOURCE_BARRIER_INVALID_HEAP).
// Reported only when the named resource's creation is seen (this function, or a member created in another method).
import type { ResourceCreation, ResourceRef } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { CREATION_APIS } from '../model/api';
import type { Range } from '../types';
import { defineRule } from './define-rule';
import { fileCreations } from './support/file-creations';
import type { FileCreations } from './support/file-creations';
import { rangeContains } from '../ranges';

function before_(a: Range, b: Range): boolean {
  return a.startLine < b.startLine || (a.startLine === b.startLine && a.startColumn < b.startColumn);
}

/** `rt[0]` is created by a creation of `rt[0]`, or maybe by one of `rt[i]` (some element of the same array). */
function sameObject(created: string, key: string): boolean {
  if (created === key) return true;
  const m = /^(.*)\[([^\]]*)\]$/.exec(created);
  const k = /^(.*)\[([^\]]*)\]$/.exec(key);
  return !!m && !!k && m[1] === k[1] && (!/^\d+$/.test(m[2]) || !/^\d+$/.test(k[2]));
}

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-aliasing-resource',
    description: 'A legacy aliasing barrier names a committed resource, which cannot alias.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_HEAP', messageNumber: 741, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-15'],
    messages: {
      committed: "Aliasing barrier {{field}} '{{name}}' was created by {{api}}: a committed resource has its own heap and aliases nothing; an aliasing barrier may name only placed or reserved resources (or NULL).",
    },
  },
  create(ctx) {
    let index: FileCreations | null = null;
    let local: { range: Range; creations: ResourceCreation[] }[] = [];
    const creationOf = (ref: ResourceRef, at: Range): ResourceCreation | undefined => {
      if (!ref.key) return undefined;
      const fn = local.find((f) => rangeContains(f.range, at));
      const mine = fn?.creations.filter((c) => sameObject(c.resource.key!, ref.key!));
      if (!mine?.length) return index?.lookup(ref.key, at)?.creation;
      // The creation the barrier meets is the last one before it: a later one (the array element re-created by
      // another API further down) is another object, and one of "some element" (`rt[i]` in a loop) is not known.
      const before = mine.filter((c) => before_(c.resource.range, at));
      const last = before[before.length - 1];
      return last && last.resource.key === ref.key ? last : undefined;
    };
    return {
      file(facts) {
        index = fileCreations(facts, ctx.uri);
        local = facts.functions.map((fn) => {
          const creations: ResourceCreation[] = [];
          forEachEvent(fn.body, (e) => {
            if (e.kind === 'resource-creation' && e.creation.resource.key) creations.push(e.creation);
          });
          creations.sort((a, b) => (before_(a.resource.range, b.resource.range) ? -1 : 1));
          return { range: fn.range, creations };
        });
      },
      tracked: {
        legacyBarrier(b, _meeting, tctx) {
          if (b.kind !== 'legacy-aliasing') return;
          for (const [field, ref] of [['pResourceBefore', b.resource], ['pResourceAfter', b.resourceAfter]] as const) {
            if (!ref?.key || ref.param !== undefined) continue;
            const c = creationOf(ref, tctx.range);
            const spec = c ? CREATION_APIS[c.api] : undefined;
            if (!c || !spec || spec.placed || spec.reserved) continue;
            ctx.report({
              messageKey: 'committed', data: { field, name: ref.text, api: c.api }, range: tctx.range, resource: ref.text,
              related: [...tctx.related, { uri: ctx.uri, range: c.resource.range, message: `'${c.resource.text}' was created here` }],
              fingerprintText: `alias-committed|${field}|${ref.key}`,
            });
          }
        },
      },
    };
  },
});
