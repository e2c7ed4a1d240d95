// resource-barrier-invalid-flags — eb-rules.md LB-04 (d3d12.h D3D12_RESOURCE_BARRIER_FLAGS; RB § Split Barriers).
// D3D12_RESOURCE_BARRIER::Flags may only hold BEGIN_ONLY / END_ONLY, and those split a *transition* into its two
// halves: a UAV or aliasing barrier has no state change to split, so the flags make no sense there. The runtime
// rejects both (~530 RESOURCE_BARRIER_INVALID_FLAGS, likely id; text is barrierlint's). BEGIN_ONLY|END_ONLY
// together is resource-barrier-combined-split-flags's finding.
import { RESOURCE_BARRIER_FLAGS_DEFINED_MASK } from '../model/enums';
import { formatEnumValue } from '../model/format-values';
import { defineRule } from './define-rule';
import { barrierNoun, fieldRange, fingerprintOf, hex, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-invalid-flags',
    description: 'Legacy barrier Flags must be NONE/BEGIN_ONLY/END_ONLY, and split flags only on transition barriers.',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_INVALID_FLAGS', messageNumber: 530, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-04'],
    messages: {
      undefined: 'Flags ({{flags}}) has bits that are not D3D12_RESOURCE_BARRIER_FLAGS ({{bits}}){{position}}.',
      notTransition: 'Flags ({{flags}}){{position}}: split barriers (BEGIN_ONLY/END_ONLY) are only defined for transition barriers, not for {{noun}}s.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    return {
      barrier(b, pos) {
        if (!b.kind.startsWith('legacy')) return;
        const flags = known(b.fields.Flags);
        if (flags === undefined || flags === 0) return;
        const common = { range: fieldRange(b, 'Flags'), resource: resourceName(b), fingerprintText: fingerprintOf(b) };
        const shown = formatEnumValue('resource-barrier-flags', flags);
        const position = positionSuffix(b, pos);
        const undefinedBits = (flags & ~RESOURCE_BARRIER_FLAGS_DEFINED_MASK) >>> 0;
        if (undefinedBits !== 0) {
          report({ ...common, messageKey: 'undefined', data: { flags: shown, bits: hex(undefinedBits), position } });
        }
        const type = known(b.declaredType);
        // Xbox Series X|S accepts BEGIN_ONLY/END_ONLY on legacy UAV barriers (the GDK's PC-differences guidance
        // recommends split UAV barriers; the driver turns the begin into an immediate barrier, § 4.3).
        const xboxUavSplit = type === 2 && ctx.platform === 'xbox-series';
        if ((type === 1 || type === 2) && !xboxUavSplit && (flags & RESOURCE_BARRIER_FLAGS_DEFINED_MASK) !== 0) {
          report({ ...common, messageKey: 'notTransition', data: { flags: shown, noun: barrierNoun(b), position } });
        }
      },
    };
  },
});
