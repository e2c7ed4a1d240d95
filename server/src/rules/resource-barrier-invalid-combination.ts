// resource-barrier-invalid-combination — eb-rules.md LB-06 (RBAPI § Remarks, § Runtime validation; RB § Read/write
// resource state restrictions). A legacy state is either one write state, or any number of read states: the
// hardware cannot keep a resource in two write arrangements (RENDER_TARGET|COPY_DEST), nor readable and writable
// at once (PIXEL_SHADER_RESOURCE|UNORDERED_ACCESS). RAYTRACING_ACCELERATION_STRUCTURE stands alone. The runtime
// rejects such states (#526 RESOURCE_BARRIER_INVALID_COMBINATION; message text is barrierlint's). Reserved and
// undefined bits are resource-barrier-reserved-bits's finding; the combination is judged on the defined bits.
import type { InvalidStateKind } from '../model/legacy-states';
import { LEGACY_DEFINED_STATES, invalidStateCombination } from '../model/legacy-states';
import { formatLegacyState } from '../model/messages';
import { XBOX_COPY_SOURCE_DEST } from '../model/xbox-costs';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, isLegacyTransition, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

const WHY: Partial<Record<InvalidStateKind, string>> = {
  'multiple-writes': 'combines more than one write state',
  'read-and-write': 'combines read states with a write state',
  'rtas-combined': 'combines D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE with other states',
};

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-invalid-combination',
    description: 'A legacy state must be one write state or only read states (RTAS alone).',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_COMBINATION', messageNumber: 526, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-06'],
    messages: { invalid: '{{field}} ({{state}}) {{why}}{{position}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isLegacyTransition(b)) return;
        for (const side of SIDES) {
          const state = known(b.fields[`State${side}`]);
          if (state === undefined) continue;
          const defined = (state & LEGACY_DEFINED_STATES) >>> 0;
          // xbox-platform.md § 7 (DIFF): Xbox's ResourceBarrier accepts COPY_SOURCE|COPY_DEST (intra-resource copies).
          if (ctx.platform !== 'pc' && defined === XBOX_COPY_SOURCE_DEST) continue;
          const problem = invalidStateCombination(defined);
          const why = problem && WHY[problem.kind];
          if (!why) continue;
          report({
            messageKey: 'invalid',
            data: { field: `State${side}`, state: formatLegacyState(state), why, position: positionSuffix(b, pos) },
            range: fieldRange(b, `State${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
