// resource-barrier-invalid-subresource — eb-rules.md LB-03 (RBAPI § Runtime validation: `Subresource` is
// ALL_SUBRESOURCES or a valid index). A legacy transition whose Subresource is at or past MipLevels x ArraySize x
// PlaneCount names nothing: the runtime rejects the command list at Close (E_INVALIDARG) and the debug layer reports
// ~521 RESOURCE_BARRIER_INVALID_SUBRESOURCE (likely id; the text is barrierlint's). Needs the creation: in the
// function, or a member created in another method of the file. Enhanced barriers are subresource-out-of-bounds'.
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fingerprintOf, resourceName } from './support/rule-helpers';
import { outOfBounds } from './support/subresource-bounds';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-invalid-subresource',
    description: "A legacy transition's Subresource index lies outside the resource.",
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_SUBRESOURCE', messageNumber: 521, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-03'],
    messages: { bounds: "Transition barrier on '{{name}}' names {{what}}: Subresource must be D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES or a valid subresource index." },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        legacyBarrier(b, meeting, tctx) {
          const found = b.kind === 'legacy-transition' ? outOfBounds(creations, b, meeting, tctx) : undefined;
          if (!found) return;
          ctx.report({
            messageKey: 'bounds', data: { name: resourceName(b), what: found.what }, range: tctx.range,
            related: [...tctx.related, createdHere(found.created)],
            resource: resourceName(b), fingerprintText: `legacy-bounds|${fingerprintOf(b)}`,
            barrier: b, position: { group: null, index: tctx.index, listType: tctx.listType },
          });
        },
      },
    };
  },
});
