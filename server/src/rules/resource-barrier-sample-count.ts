// resource-barrier-sample-count — eb-rules.md LB-24 (RBAPI § Runtime validation). RESOLVE_DEST is a state only a
// single-sampled resource can be in; the runtime rejects the transition. RESOLVE_SOURCE is not checked: sampler
// feedback puts single-sampled resources in it (the feedback map decoded, the R8_UINT source of an encode), so a
// single-sampled RESOLVE_SOURCE is legal code. The sample count comes from the creation (same function or a member
// created in another method); unknown sample counts are silent.
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fingerprintOf, known, positionSuffix, resourceName, SIDES } from './support/rule-helpers';

const RESOLVE_DEST = 0x1000;

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-sample-count',
    description: 'RESOLVE_DEST needs a single-sampled resource.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_SAMPLE_COUNT', messageNumber: 529, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-24'],
    messages: { samples: "{{field}} ({{state}}) of resource ('{{name}}') requires {{need}}, but the resource has SampleCount {{count}}{{position}}." },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'legacy-transition') return;
          const created = creations.of(meeting, tctx);
          const count = created?.creation.dimension === 'buffer' ? 1 : created?.creation.sampleCount;
          if (!created || count === null || count === undefined) return;
          for (const side of SIDES) {
            const state = known(b.fields[`State${side}`]);
            if (state === undefined) continue;
            const need = (state & RESOLVE_DEST) && count > 1 ? 'SampleCount 1' : null;
            if (!need) continue;
            ctx.report({
              messageKey: 'samples',
              data: { field: `State${side}`, state: formatLegacyState(state), name: resourceName(b), need, count, position: positionSuffix(b, { group: null, index: tctx.index, listType: tctx.listType }) },
              range: tctx.range, resource: resourceName(b), related: [...tctx.related, createdHere(created)],
              fingerprintText: `samples|${side}|${fingerprintOf(b)}`, barrier: b, position: { group: null, index: tctx.index, listType: tctx.listType },
            });
            return;
          }
        },
      },
    };
  },
});
