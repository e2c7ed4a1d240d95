// xbox-copy-list-interface — xbox-platform.md § 7 (DIFF, PC vs GDK Game OS). On Xbox a command list of type
// D3D12_COMMAND_LIST_TYPE_COPY cannot be used through the standard ID3D12GraphicsCommandList interface: copy work
// is recorded on an ID3D12XboxDmaCommandList. A port that keeps the PC's CreateCommandList(…COPY…,
// IID_PPV_ARGS(&graphicsList)) fails at creation (or records nothing) on the console.
// Reported where the requested interface is written in the file: the riid (`__uuidof(ID3D12GraphicsCommandList)`)
// or the declared type of the object IID_PPV_ARGS fills; a list whose type or interface is unknown stays silent.
import { forEachEvent } from '../extract/events';
import { defineRule } from './define-rule';

const GRAPHICS_LIST = /^ID3D12GraphicsCommandList\d*$/;

export const rule = defineRule({
  meta: {
    id: 'xbox-copy-list-interface',
    description: 'A COPY command list created through ID3D12GraphicsCommandList, which Xbox does not support.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12Device::CreateCommandList',
    platforms: ['xbox-series', 'xbox-one'],
    messages: {
      copy: "'{{list}}' is created as D3D12_COMMAND_LIST_TYPE_COPY through {{iface}}: on Xbox copy work is recorded on an "
        + 'ID3D12XboxDmaCommandList; request that interface for the copy list (or record the copies on a direct or '
        + 'compute list).',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        for (const fn of facts.functions) {
          forEachEvent(fn.body, (e) => {
            if (e.kind !== 'command-list-creation' || e.listType !== 'copy' || !e.iface || !GRAPHICS_LIST.test(e.iface)) return;
            const list = e.list?.text ?? 'the list';
            ctx.report({
              messageKey: 'copy', data: { list, iface: e.iface }, range: e.range, resource: list, api: `ID3D12Device::${e.api}`,
              fingerprintText: `xbox-copy-list|${e.list?.key ?? list}|${e.iface}`, position: { group: null, index: null, listType: 'copy' },
            });
          });
        }
      },
    };
  },
});
