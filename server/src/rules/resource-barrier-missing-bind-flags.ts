// resource-barrier-missing-bind-flags — eb-rules.md LB-08, LB-16 (RBAPI § Runtime validation; RF). A legacy
// transition into or out of RENDER_TARGET, DEPTH_WRITE/DEPTH_READ or UNORDERED_ACCESS needs the matching ALLOW_*
// creation flag, (NON_)PIXEL_SHADER_RESOURCE is invalid with DENY_SHADER_RESOURCE, and a UAV barrier on a named
// resource needs ALLOW_UNORDERED_ACCESS. The runtime rejects such barriers (Close fails with E_INVALIDARG).
// Flags come from the resource's creation (same function or a member created in another method); otherwise silent.
import { legacyStateFlagProblems } from '../model/layouts';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { ruleCreations } from './support/file-creations';
import { fingerprintOf, fmt, known, positionSuffix, resourceName, SIDES } from './support/rule-helpers';

const ALLOW_UNORDERED_ACCESS = 0x4;

export const rule = defineRule({
  meta: {
    id: 'resource-barrier-missing-bind-flags',
    description: 'A legacy barrier state (or UAV barrier) the resource was not created for (missing ALLOW_* flag, or DENY_SHADER_RESOURCE).',
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_MISSING_BIND_FLAGS', messageNumber: 523, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-08', 'LB-16'],
    messages: {
      missing: "{{field}} ({{state}}) of resource ('{{name}}') requires resource flags {{flags}}, which the resource was not created with{{position}}.",
      present: "{{field}} ({{state}}) of resource ('{{name}}') is not allowed on a resource created with {{flags}}{{position}}.",
      uav: "UAV barrier on resource ('{{name}}') requires D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, which the resource was not created with{{position}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || (b.kind !== 'legacy-transition' && b.kind !== 'legacy-uav')) return;
          const created = creations.of(meeting, tctx);
          const flags = created?.creation.flags;
          if (!created || flags === null || flags === undefined) return;
          const position = positionSuffix(b, { group: null, index: tctx.index, listType: tctx.listType });
          const base = {
            range: tctx.range, resource: resourceName(b),
            related: [...tctx.related, { uri: created.uri, range: created.creation.resource.range, message: `'${created.creation.resource.text}' was created here` }],
            barrier: b, position: { group: null, index: tctx.index, listType: tctx.listType },
          };
          if (b.kind === 'legacy-uav') {
            if (flags & ALLOW_UNORDERED_ACCESS) return;
            ctx.report({ ...base, messageKey: 'uav', data: { name: resourceName(b), position }, fingerprintText: `bind|uav|${fingerprintOf(b)}` });
            return;
          }
          const seen = new Set<string>();
          for (const side of SIDES) {
            const state = known(b.fields[`State${side}`]);
            if (state === undefined) continue;
            const problems = legacyStateFlagProblems(flags, state);
            for (const kind of ['missing', 'present'] as const) {
              const bits = problems[kind];
              if (!bits || seen.has(`${kind}${bits}`)) continue;
              seen.add(`${kind}${bits}`);
              ctx.report({
                ...base, messageKey: kind,
                data: { field: `State${side}`, state: formatLegacyState(state), name: resourceName(b), flags: fmt('resource-flags', bits), position },
                fingerprintText: `bind|${kind}|${bits}|${fingerprintOf(b)}`,
              });
            }
          }
        },
      },
    };
  },
});
