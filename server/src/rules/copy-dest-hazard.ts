// copy-dest-hazard — eb-rules.md EB-FREE-05 (EB § Barrier-Free Access; RB § implicit promotion: one write state).
// Not a debug-layer check when the state looks valid: a copy or resolve destination read (as a copy source,
// indirect arguments, ...) or written again before any barrier. The copy engine's writes are not visible to the
// next command without a barrier; on buffers and promoted COMMON resources the debug layer says nothing.
import { defineRule } from './define-rule';
import { reportHazards } from './support/hazard-helpers';

const WRITERS = new Set(['copy-dest', 'resolve-dest']);

export const rule = defineRule({
  meta: {
    id: 'copy-dest-hazard',
    description: 'A copy/resolve destination used again before a barrier.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::CopyResource',
    catalog: ['EB-FREE-05'],
    messages: { hazard: "'{{name}}' was written by {{writer}} and is {{how}} by {{method}} with no barrier in between; add a barrier from COPY_DEST to the new access." },
  },
  create(ctx) {
    return { tracked: { command: (e, uses, tctx) => reportHazards(ctx, e, uses, tctx, WRITERS) } };
  },
});
