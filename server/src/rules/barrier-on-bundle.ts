// barrier-on-bundle — eb-rules.md EB-CALL-02, LB-23 (EB § Barrier API Call Validation; CLB § Bundle
// restrictions). A bundle is a small command list replayed inside a direct list; it inherits the caller's state
// and may not record barriers of either kind. The runtime drops the call, so the transition or synchronization the
// code relies on never happens on the GPU. The list type comes from CreateCommandList(1) with
// D3D12_COMMAND_LIST_TYPE_BUNDLE or from `commandLists` in the configuration.
import { formatCommandListType } from '../model/messages';
import type { Range } from '../types';
import { defineRule } from './define-rule';

export const rule = defineRule({
  meta: {
    id: 'barrier-on-bundle',
    description: 'Barrier and ResourceBarrier cannot be recorded on a bundle.',
    defaultSeverity: 'error',
    // NOTE: EB-CALL-02 has no documented id; the legacy analog #537 is used for both APIs (see the doc).
    messageId: 'RESOURCE_BARRIER_INVALID_COMMAND_LIST_TYPE', messageNumber: 537, category: 'RESOURCE_MANIPULATION',
    catalog: ['EB-CALL-02', 'LB-23'],
    messages: {
      bundle: '{{api}}: {{what}} cannot be recorded on a {{type}} command list{{name}}; the call is dropped. Record it on the direct command list that executes the bundle, before ExecuteBundle.',
    },
  },
  create(ctx) {
    const report = (api: string, what: string, range: Range, list: { text: string } | undefined): void => ctx.report({
      messageKey: 'bundle',
      data: { api, what, type: formatCommandListType('bundle'), name: list ? ` ('${list.text.replace(/\s+/g, ' ')}')` : '' },
      range, fingerprintText: `${api}|${list?.text ?? ''}`, position: { group: null, index: null, listType: 'bundle' },
    });
    return {
      barrierCall(e, listType) {
        if (listType === 'bundle') report('ID3D12CommandList::Barrier', 'Barrier', e.range, e.list);
      },
      resourceBarrierCall(e, listType) {
        if (listType === 'bundle') report('ID3D12CommandList::ResourceBarrier', 'ResourceBarrier', e.range, e.list);
      },
    };
  },
});
