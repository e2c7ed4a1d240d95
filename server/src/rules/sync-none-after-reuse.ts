// sync-none-after-reuse — eb-rules.md EB-SYNC-06 (EB § Synchronization, § D3D12_BARRIER_SYNC_NONE,
// § D3D12_BARRIER_ACCESS_NO_ACCESS). SyncAfter = NONE says that nothing after the barrier touches the subresource
// in the same ExecuteCommandLists scope: the driver need not block any later work on it, and a NONE/NONE texture
// barrier is the scope's final act on that subresource. A later barrier on it in the same command list (always the
// same scope) therefore orders against nothing, and whatever it transitions races with the pending one.
// Reported for a later barrier on the same list whose AccessBefore is NO_ACCESS — the shape that re-activates a
// deactivated resource; any other AccessBefore is deactivated-resource-access's error, and a later command using
// the subresource is that rule's error too (SyncAfter NONE needs AccessAfter NO_ACCESS, which deactivates).
// Only the same list is certain: another list may run in a later scope. A warning, as the catalog's E* (the spec
// requires it; no debug-layer message is documented).
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';

const NO_ACCESS = 0x80000000;

export const rule = defineRule({
  meta: {
    id: 'sync-none-after-reuse',
    description: 'A barrier on a subresource that an earlier barrier in the same command list ended with SyncAfter NONE.',
    defaultSeverity: 'warning',
    messageId: 'INCOMPATIBLE_BARRIER_SYNC', messageNumber: 1333, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-SYNC-06'],
    messages: {
      reuse: "'{{name}}' is barriered again after a barrier with SyncAfter D3D12_BARRIER_SYNC_NONE in the same command "
        + 'list: SyncAfter NONE means no later barrier or access on it in this ExecuteCommandLists scope, so nothing '
        + 'orders this barrier after the earlier one. Give the earlier barrier a SyncAfter that covers this work, or '
        + 'record this barrier in a later submission.',
    },
  },
  create(ctx) {
    return {
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const { met } = meeting;
          const d = met.deactivated;
          if (!d || (d.list ?? null) !== tctx.list) return;
          if (known(b.fields.AccessBefore) !== NO_ACCESS) return;
          const after = met.syncAfter;
          if (after.unknown || after.values.size === 0) return;
          const values = [...after.values.entries()];
          // Every path ended the subresource with SyncAfter NONE, none of them through a loop's back edge.
          if (!values.every(([v, o]) => v === 0 && !o.loop)) return;
          ctx.report({
            messageKey: 'reuse', data: { name: resourceName(b) }, range: tctx.range,
            related: [...tctx.related, { uri: d.uri, range: d.range, message: "SyncAfter D3D12_BARRIER_SYNC_NONE ended its use in this scope here" }],
            resource: resourceName(b), fingerprintText: `sync-none-reuse|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});
