// barrier-resource-flags — eb-rules.md EB-FLAGS-01..04 (RF; EB § Equivalent D3D12_BARRIER_LAYOUT / ACCESS bits).
// A layout or access needs the resource to be created for it: RENDER_TARGET needs ALLOW_RENDER_TARGET (the driver
// allocates color metadata only then), DEPTH_STENCIL_* needs ALLOW_DEPTH_STENCIL, UNORDERED_ACCESS needs
// ALLOW_UNORDERED_ACCESS, and SHADER_RESOURCE is invalid with DENY_SHADER_RESOURCE. The flags come from the
// resource's creation — in the same function, or a member created in another method of the file; without it the
// rule is silent (unknown flags are never an error).
import { resourceFlagProblems } from '../model/layouts';
import { LAYOUT_UNDEFINED } from '../model/enums';
import { defineRule } from './define-rule';
import { ruleCreations } from './support/file-creations';
import { fingerprintOf, fmt, known, positionSuffix, resourceName, SIDES } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'barrier-resource-flags',
    description: 'A barrier layout or access the resource was not created for (missing ALLOW_* flag, or DENY_SHADER_RESOURCE).',
    defaultSeverity: 'error',
    messageId: 'INVALID_BARRIER_ACCESS', messageNumber: 1417, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-FLAGS-01', 'EB-FLAGS-02', 'EB-FLAGS-03', 'EB-FLAGS-04', 'EB-DISCARD-02'],
    messages: {
      missing: "{{field}} {{value}} requires resource flags {{flags}}, which resource '{{name}}' was not created with{{position}}.",
      present: "{{field}} {{value}} is not allowed on resource '{{name}}', created with {{flags}}{{position}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'texture' && b.kind !== 'buffer')) return;
          const known_ = creations.of(meeting, tctx);
          const flags = known_?.creation.flags;
          if (!known_ || flags === null || flags === undefined) return;
          const position = positionSuffix(b, { group: tctx.group, index: tctx.index, listType: tctx.listType });
          const uses: { field: string; value: string; problems: { missing: number; present: number } }[] = [];
          for (const side of SIDES) {
            const layout = b.kind === 'texture' ? known(b.fields[`Layout${side}`]) : undefined;
            if (layout !== undefined && layout !== LAYOUT_UNDEFINED) {
              uses.push({ field: `Layout${side}`, value: fmt('layout', layout), problems: resourceFlagProblems(flags, { layout }) });
            }
            const access = known(b.fields[`Access${side}`]);
            if (access !== undefined && access !== 0x80000000) {
              uses.push({ field: `Access${side} bits`, value: fmt('access', access), problems: resourceFlagProblems(flags, { access }) });
            }
          }
          const related = [...tctx.related, { uri: known_.uri, range: known_.creation.resource.range, message: `'${known_.creation.resource.text}' was created here` }];
          const reported = new Set<number>();
          for (const u of uses) {
            for (const kind of ['missing', 'present'] as const) {
              const bits = u.problems[kind];
              // One report per flag per barrier: LayoutAfter RENDER_TARGET and AccessAfter RENDER_TARGET are one mistake.
              if (!bits || reported.has(bits + (kind === 'present' ? 0x100000000 : 0))) continue;
              reported.add(bits + (kind === 'present' ? 0x100000000 : 0));
              ctx.report({
                messageKey: kind, data: { field: u.field, value: u.value, flags: fmt('resource-flags', bits), name: resourceName(b), position },
                range: tctx.range, related, resource: resourceName(b), fingerprintText: `flags|${kind}|${bits}|${fingerprintOf(b)}`,
                barrier: b, position: { group: tctx.group, index: tctx.index, listType: tctx.listType },
              });
            }
          }
        },
      },
    };
  },
});
