// barrier-group-type-mismatch — eb-rules.md EB-CALL-05 (EB § D3D12_BARRIER_GROUP, § D3D12_BARRIER_TYPE).
// D3D12_BARRIER_GROUP::Type tells the runtime which union member to read: with Type BUFFER the array is read as
// D3D12_BUFFER_BARRIER structures whatever it really holds, so texture barriers become garbage buffer barriers
// (different size and layout). CD3DX12_BARRIER_GROUP derives Type from the pointer; raw structs must set it by
// hand. ~1335 INCOMPATIBLE_BARRIER_TYPE (likely id; text is barrierlint's, eb-rules.md D.4).
import type { BarrierGroupFact } from '../extract/facts';
import { BARRIER_TYPE } from '../model/enums';
import { formatEnumValue } from '../model/format-values';
import { defineRule } from './define-rule';
import { known, reportOnce } from './support/rule-helpers';

const STRUCT_OF: Record<string, string> = {
  global: 'D3D12_GLOBAL_BARRIER', texture: 'D3D12_TEXTURE_BARRIER', buffer: 'D3D12_BUFFER_BARRIER',
};
const TYPE_OF: Record<string, number> = {
  global: BARRIER_TYPE.GLOBAL, texture: BARRIER_TYPE.TEXTURE, buffer: BARRIER_TYPE.BUFFER,
};

/** The group's Type expression when written in the source, else the group. */
function typeRange(g: BarrierGroupFact) {
  const t = g.declaredType;
  return t && t.origin !== 'group-type' && t.origin !== 'value-init' && t.origin !== 'helper-default' ? t.range : g.range;
}

export const rule = defineRule({
  meta: {
    id: 'barrier-group-type-mismatch',
    description: 'D3D12_BARRIER_GROUP::Type must be a D3D12_BARRIER_TYPE matching the barrier array it points to.',
    defaultSeverity: 'error',
    messageId: 'INCOMPATIBLE_BARRIER_TYPE', messageNumber: 1335, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-CALL-05'],
    messages: {
      mismatch: 'Barrier group [{{group}}] has Type {{type}} but points to {{struct}} structures; they are read as {{readAs}}.',
      invalid: 'Barrier group [{{group}}] has Type {{type}}, which is not a D3D12_BARRIER_TYPE.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrierCall(e) {
        e.groups?.forEach((g, group) => {
          const type = known(g.declaredType);
          if (type === undefined) return;
          const typeName = formatEnumValue('barrier-type', type);
          const readAs = Object.keys(TYPE_OF).find((k) => TYPE_OF[k] === type);
          if (readAs === undefined) {
            report({ messageKey: 'invalid', data: { group, type: typeName }, range: typeRange(g), fingerprintText: `group|${type}` });
          } else if (g.elementType !== null && TYPE_OF[g.elementType] !== type) {
            report({
              messageKey: 'mismatch',
              data: { group, type: typeName, struct: STRUCT_OF[g.elementType], readAs: STRUCT_OF[readAs] },
              range: typeRange(g), fingerprintText: `group|${type}|${g.elementType}`,
            });
          }
        });
      },
    };
  },
});
