// split-barrier-access — eb-rules.md EB-SPLIT-04 (EB § Split Barriers; RB § Split Barriers). Between a begin-split
// barrier and its end the resource is in transition: the begin's SyncAfter (SPLIT) blocks nothing, so a copy,
// clear, draw or dispatch that uses the resource in between races with the transition (legacy: between BEGIN_ONLY
// and END_ONLY the resource may not be used). Reported for uses on the command list the split began on.
import type { ResState } from '../track/state';
import type { TrackContext } from '../track/visitors';
import type { Range, RelatedLocation } from '../types';
import { defineRule } from './define-rule';

const CALL_NAME: Readonly<Record<string, string>> = { Draw: 'DrawInstanced', DrawIndexed: 'DrawIndexedInstanced' };

export const rule = defineRule({
  meta: {
    id: 'split-barrier-access',
    description: 'A resource used by a command between the begin and the end of its split barrier.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::CopyResource',
    catalog: ['EB-SPLIT-04'],
    messages: {
      use: "'{{name}}' is used by {{method}} while its split barrier is pending (begun, not yet ended): the transition may still be in flight; end the split barrier before this use, or use the resource only after it.",
    },
  },
  create(ctx) {
    const check = (met: ResState, name: string, key: string, method: string, tctx: TrackContext) => {
      const p = met.split;
      if (!p || !p.list || p.list !== tctx.list) return;
      const related: RelatedLocation[] = [...tctx.related, { uri: p.origin.uri, range: p.origin.range as Range, message: p.origin.note }];
      ctx.report({
        messageKey: 'use', data: { name, method }, range: tctx.range, related, resource: name,
        api: `ID3D12CommandList::${CALL_NAME[method] ?? method}`, fingerprintText: `split-use|${method}|${key}`,
      });
    };
    return {
      tracked: {
        command(e, uses, tctx) {
          for (const u of uses) check(u.met, u.ref.text, u.key, e.method, tctx);
        },
        gpuUse(e, uses, tctx) {
          if (e.present) return;
          for (const u of uses) if (!u.unseen && !u.viaTable) check(u.met, u.ref.text.replace(/\s+/g, ' '), u.key, e.method, tctx);
        },
      },
    };
  },
});
