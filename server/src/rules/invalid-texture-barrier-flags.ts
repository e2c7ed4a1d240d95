// invalid-texture-barrier-flags — eb-rules.md EB-TEX-03 (EB § D3D12_TEXTURE_BARRIER_FLAGS).
// D3D12_TEXTURE_BARRIER::Flags may only be NONE or DISCARD. Other bits (an engine flag passed through, a legacy
// D3D12_RESOURCE_BARRIER_FLAG_* value put in the wrong struct) request behaviour the driver does not have.
// Debug-layer id ~1436 TEXTURE_BARRIER_INVALID_FLAGS (likely, not observed); message text is barrierlint's.
import { TEXTURE_BARRIER_FLAGS_DEFINED_MASK } from '../model/enums';
import { formatEnumValue } from '../model/format-values';
import { defineRule } from './define-rule';
import { fieldRange, fingerprintOf, hex, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'invalid-texture-barrier-flags',
    description: 'Texture barrier Flags must be D3D12_TEXTURE_BARRIER_FLAG_NONE or _DISCARD.',
    defaultSeverity: 'error',
    messageId: 'TEXTURE_BARRIER_INVALID_FLAGS', messageNumber: 1436, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-TEX-03'],
    messages: { undefined: 'Flags ({{value}}) has bits that are not D3D12_TEXTURE_BARRIER_FLAGS ({{bits}}){{position}}.' },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (b.kind !== 'texture') return;
        const flags = known(b.fields.Flags);
        if (flags === undefined) return;
        const bad = (flags & ~TEXTURE_BARRIER_FLAGS_DEFINED_MASK) >>> 0;
        if (bad === 0) return;
        report({
          messageKey: 'undefined',
          data: { value: formatEnumValue('texture-flags', flags), bits: hex(bad), position: positionSuffix(b, pos) },
          range: fieldRange(b, 'Flags'),
          resource: resourceName(b), fingerprintText: fingerprintOf(b),
        });
      },
    };
  },
});
