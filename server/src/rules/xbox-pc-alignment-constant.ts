// xbox-pc-alignment-constant — xbox-platform.md § 7 (PC vs GDK: "Alignment"). The texture row pitch alignment is
// 1024 bytes on Xbox (D3D12XBOX_TEXTURE_DATA_PITCH_ALIGNMENT) against 512 on PC. Upload code that pads rows with the
// PC constant under an Xbox profile lays out rows the Xbox copy reads misaligned. Advice (info): a use inside a
// platform-conditional block (`#if defined(_GAMING_XBOX)` … `#else`) is platform code and is not reported
// (extract/platform-constants.ts). The constant-buffer placement difference (16 vs 256) is not reported: the PC
// value is valid on Xbox (model/xbox-alignment.ts).
import { PC_ALIGNMENT_CONSTANTS } from '../model/xbox-alignment';
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'xbox-pc-alignment-constant',
    description: 'The PC texture row pitch alignment (D3D12_TEXTURE_DATA_PITCH_ALIGNMENT, 512) used under an Xbox profile, where it is 1024.',
    defaultSeverity: 'info',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series', 'xbox-one'],
    messages: {
      pitch: '{{name}} is the PC {{what}} alignment ({{pc}} bytes); on Xbox it is {{xbox}} bytes ({{xboxName}}): {{consequence}}.',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        for (const use of facts.alignmentConstants ?? []) {
          const c = PC_ALIGNMENT_CONSTANTS[use.name];
          ctx.report({
            messageKey: 'pitch',
            data: { name: use.name, what: c.what, pc: c.pc, xbox: c.xbox, xboxName: c.xboxName, consequence: c.consequence },
            range: use.range, fingerprintText: use.name,
          });
        }
      },
    };
  },
});
