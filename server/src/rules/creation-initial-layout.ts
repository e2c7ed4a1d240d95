// creation-initial-layout — eb-rules.md EB-CREATE-01, EB-CREATE-02 (EB § New Resource Creation API's). The
// ID3D12Device10 creation calls take an initial D3D12_BARRIER_LAYOUT: a buffer has no layout and must be created
// with LAYOUT_UNDEFINED; a texture's initial layout must be one its flags allow (RENDER_TARGET needs
// ALLOW_RENDER_TARGET, ...), and a simultaneous-access texture's layout is always COMMON. A wrong initial layout
// makes creation fail or seeds every later barrier with a layout the driver never set up.
import { LAYOUT_UNDEFINED } from '../model/enums';
import { isValidLayout, resourceFlagProblems } from '../model/layouts';
import { defineRule } from './define-rule';
import { fmt, known } from './support/rule-helpers';

const SIMULTANEOUS_FLAGS = 0x20 | 0x10;

export const rule = defineRule({
  meta: {
    id: 'creation-initial-layout',
    description: 'An InitialLayout a buffer (must be UNDEFINED) or the texture\'s flags (ALLOW_*, simultaneous access) do not allow.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12Device::CreateCommittedResource3',
    catalog: ['EB-CREATE-01', 'EB-CREATE-02'],
    messages: {
      buffer: "Buffer '{{name}}' is created with InitialLayout {{layout}}; buffers have no layout and must use D3D12_BARRIER_LAYOUT_UNDEFINED.",
      flags: "Texture '{{name}}' is created with InitialLayout {{layout}}, which requires resource flags {{flags}} it is not created with.",
      denied: "Texture '{{name}}' is created with InitialLayout {{layout}}, which is not allowed with {{flags}}.",
      simultaneous: "Texture '{{name}}' is created with simultaneous access and InitialLayout {{layout}}; its layout is always D3D12_BARRIER_LAYOUT_COMMON.",
    },
  },
  create(ctx) {
    return {
      creation(e) {
        const c = e.creation;
        const layout = known(c.initialLayout);
        if (!c.initialLayout || layout === undefined || !isValidLayout(layout)) return;
        const base = { range: c.initialLayout.range, resource: c.resource.text, api: `ID3D12Device::${c.api}`, fingerprintText: `initial|${c.resource.key ?? c.resource.text}|${layout}` };
        const data = { name: c.resource.text, layout: fmt('layout', layout) };
        if (c.dimension === 'buffer') {
          if (layout !== LAYOUT_UNDEFINED) ctx.report({ ...base, messageKey: 'buffer', data });
          return;
        }
        if (c.dimension === null || c.flags === null || layout === LAYOUT_UNDEFINED) return;
        if ((c.flags & SIMULTANEOUS_FLAGS) !== 0 && layout !== 0) {
          ctx.report({ ...base, messageKey: 'simultaneous', data });
          return;
        }
        const p = resourceFlagProblems(c.flags, { layout });
        if (p.missing) ctx.report({ ...base, messageKey: 'flags', data: { ...data, flags: fmt('resource-flags', p.missing) } });
        if (p.present) ctx.report({ ...base, messageKey: 'denied', data: { ...data, flags: fmt('resource-flags', p.present) } });
      },
    };
  },
});
