// invalid-access-bits — eb-rules.md EB-ACCESS-01, EB-ACCESS-04 (EB § D3D12_BARRIER_ACCESS, § D3D12_BARRIER_ACCESS_GLOBAL).
// AccessBefore/AccessAfter may only contain D3D12_BARRIER_ACCESS bits (mask 0x807FFFFF): other bits name no cache
// to flush or invalidate. D3D12_BARRIER_ACCESS_GLOBAL (0x40000000, fence-barrier preview headers) describes
// dependencies outside the GPU queue and is only meaningful in SignalBarrier/WaitBarrier, never in Barrier().
// The debug layer rejects both (~1417 INVALID_BARRIER_ACCESS, likely id; message text is barrierlint's, D.4).
import { ACCESS_DEFINED_MASK, ACCESS_GLOBAL } from '../model/enums';
import { formatAccess } from '../model/messages';
import { defineRule } from './define-rule';
import { SIDES, fieldRange, fingerprintOf, hex, isEnhanced, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'invalid-access-bits',
    description: 'AccessBefore/AccessAfter must contain only defined D3D12_BARRIER_ACCESS bits, and no ACCESS_GLOBAL in Barrier().',
    defaultSeverity: 'error',
    messageId: 'INVALID_BARRIER_ACCESS', messageNumber: 1417, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-01', 'EB-ACCESS-04'],
    messages: {
      undefined: '{{accessField}} ({{value}}) has bits that are not D3D12_BARRIER_ACCESS flags ({{bits}}){{position}}.',
      global: '{{accessField}} contains D3D12_BARRIER_ACCESS_GLOBAL{{position}}; GLOBAL is only valid in fence barriers (SignalBarrier/WaitBarrier), not in Barrier().',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!isEnhanced(b)) return;
        for (const side of SIDES) {
          const access = known(b.fields[`Access${side}`]);
          if (access === undefined) continue;
          const base = {
            range: fieldRange(b, `Access${side}`), resource: resourceName(b), fingerprintText: `${side}|${fingerprintOf(b)}`,
          };
          const undefinedBits = (access & ~ACCESS_DEFINED_MASK & ~ACCESS_GLOBAL) >>> 0;
          if (undefinedBits !== 0) {
            report({
              ...base, messageKey: 'undefined',
              data: { accessField: `Access${side}`, value: formatAccess(access), bits: hex(undefinedBits), position: positionSuffix(b, pos) },
            });
          }
          // NOTE: only for barriers seen reaching Barrier(): a barrier whose use is not visible may feed a fence
          // barrier (preview API, not modelled), where GLOBAL is legal.
          if ((access & ACCESS_GLOBAL) !== 0 && pos.call?.kind === 'barrier-call') {
            report({ ...base, messageKey: 'global', data: { accessField: `Access${side}`, position: positionSuffix(b, pos) } });
          }
        }
      },
    };
  },
});
