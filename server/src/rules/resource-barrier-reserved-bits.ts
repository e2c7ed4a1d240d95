// resource-barrier-reserved-bits — eb-rules.md LB-06 (A.6 RESERVED_INTERNAL_*; RBAPI § Runtime validation).
// D3D12_RESOURCE_STATES bits 0x4000, 0x8000, 0x100000, 0x40000000 and 0x80000000 are reserved for internal use,
// and other bits are not states at all: a transition naming them asks for an arrangement no driver has. The
// runtime rejects the barrier (~522 RESOURCE_BARRIER_RESERVED_BITS; text is barrierlint's). On Xbox profiles the
// D3D12XBOX_RESOURCE_STATE_PRESERVE_* bits (some of which PC reserves, e.g. 0x4000, 0x8000) are real states.
import { XBOX_RESOURCE_STATE_MASK } from '../model/enums';
import { invalidStateCombination } from '../model/legacy-states';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, hex, isLegacyTransition, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-reserved-bits',
    description: 'Legacy states must not use reserved or undefined D3D12_RESOURCE_STATES bits.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_RESERVED_BITS', messageNumber: 522, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-06'],
    messages: {
      reserved: '{{field}} ({{state}}) uses reserved or undefined D3D12_RESOURCE_STATES bits ({{bits}}){{position}}.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    const allowed = ctx.platform === 'pc' ? 0 : XBOX_RESOURCE_STATE_MASK;
    return {
      barrier(b, pos) {
        if (!isLegacyTransition(b)) return;
        for (const side of SIDES) {
          const state = known(b.fields[`State${side}`]);
          if (state === undefined) continue;
          // On PC a D3D12XBOX_* name folds to barrierlint's own encoding of it (enums.ts), not to a value the PC
          // runtime would see: unknown-enumerator reports the name itself (or it is in code the PC build skips).
          if (ctx.platform === 'pc' && /\bD3D12XBOX_/.test(b.fields[`State${side}`]?.text ?? '')) continue;
          const problem = invalidStateCombination(state, { allowed });
          if (problem?.kind !== 'reserved-bits' && problem?.kind !== 'undefined-bits') continue;
          report({
            messageKey: 'reserved',
            data: { field: `State${side}`, state: formatLegacyState(state), bits: hex(problem.bits), position: positionSuffix(b, pos) },
            range: fieldRange(b, `State${side}`),
            resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          });
        }
      },
    };
  },
});
