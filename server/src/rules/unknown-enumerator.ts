// unknown-enumerator — an identifier with a D3D12 enumeration prefix that is not a member of it
// (`D3D12_BARRIER_SYNC_COMPUTE`, `D3D12_BARRIER_LAYOUT_SHADER_READ`). The code does not compile against the real
// headers — or a project macro shadows the name — and every rule that needs the value stays silent, so say so.
import { defineRule } from './rule';

export const rule = defineRule({
  meta: {
    id: 'unknown-enumerator',
    description: 'A D3D12_* enumerator name that does not exist in d3d12.h.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    messages: { unknown: '{{detail}}; the value is treated as unknown.' },
  },
  create(ctx) {
    return {
      problem(p) {
        if (p.kind !== 'unknown-enumerator') return;
        ctx.report({ messageKey: 'unknown', data: { detail: p.detail }, range: p.range, fingerprintText: p.text });
      },
    };
  },
});
