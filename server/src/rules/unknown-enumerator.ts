// unknown-enumerator — an identifier with a D3D12 enumeration prefix that is not a member of it
// (`D3D12_BARRIER_SYNC_COMPUTE`, `D3D12_BARRIER_LAYOUT_SHADER_READ`). The code does not compile against the real
// headers — or a project macro shadows the name — and every rule that needs the value stays silent, so say so.
// Xbox-only names (D3D12XBOX_*, xbox-platform.md § 7) are unknown identifiers on `pc` and known on the Xbox profiles.
import { isXboxIdentifier } from '../model/enums';
import { defineRule } from './define-rule';

const SOURCE_FILE = /\.(?:c|cc|cpp|cxx|c\+\+)$/i;

export const rule = defineRule({
  meta: {
    id: 'unknown-enumerator',
    description: 'A D3D12_* enumerator name that does not exist in d3d12.h.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    messages: {
      unknown: '{{detail}}; the value is treated as unknown.',
      xbox: '\'{{name}}\' is an Xbox-only identifier (d3d12_x.h), unknown on PC; lint this code with --platform '
        + 'xbox-series or xbox-one, or keep it out of the PC build.',
    },
  },
  create(ctx) {
    return {
      problem(p) {
        if (p.kind !== 'unknown-enumerator') return;
        // A macro of a source file that the file never expands (`#define VALID_COPY_STATES (… | D3D12_RESOURCE_STATE_SOURCE)`
        // left over): its body is in no code, and no other file can include it. A header's macros are for includers.
        if (p.unusedMacro && SOURCE_FILE.test(ctx.uri)) return;
        // D3D12XBOX_* names: known on the Xbox profiles (the GDK header has members the documents do not name, so
        // none is reported there), unknown identifiers on PC.
        if (isXboxIdentifier(p.text)) {
          if (ctx.platform === 'pc') ctx.report({ messageKey: 'xbox', data: { name: p.text }, range: p.range, fingerprintText: p.text });
          return;
        }
        ctx.report({ messageKey: 'unknown', data: { detail: p.detail }, range: p.range, fingerprintText: p.text });
      },
    };
  },
});
