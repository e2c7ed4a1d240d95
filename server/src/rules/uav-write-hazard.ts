// uav-write-hazard — eb-rules.md EB-FREE-05 (EB § Barrier-Free Access, § UAV Barriers). Not a debug-layer check:
// a resource written through a UAV (ClearUnorderedAccessView*, or a draw/dispatch that binds it as a UAV) and then
// read or written again by another command, draw or dispatch with no barrier in between. UAV writes are unordered; without a UAV barrier the next command may see the old
// data or race with the clear. Users lose days to this because nothing reports it.
import { defineRule } from './define-rule';
import { reportHazards } from './support/hazard-helpers';
import { gpuHazardReports } from './support/gpu-hazard-helpers';

const WRITERS = new Set(['clear-uav', 'uav-bound']);

export const rule = defineRule({
  meta: {
    id: 'uav-write-hazard',
    description: 'A UAV write followed by another use of the resource with no barrier in between.',
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::Dispatch',
    catalog: ['EB-FREE-05'],
    messages: { hazard: "'{{name}}' was written by {{writer}} and is {{how}} by {{method}} with no barrier in between; add a UAV barrier (or a barrier to the new access)." },
  },
  create(ctx) {
    return {
      tracked: {
        command: (e, uses, tctx) => reportHazards(ctx, e, uses, tctx, WRITERS),
        gpuUse: (e, uses, tctx) => {
          for (const d of gpuHazardReports(e, uses, tctx, WRITERS)) ctx.report(d);
        },
      },
    };
  },
});
