// buffer-barrier-access — eb-rules.md EB-ACCESS-08, EB-ACCESS-09 (EB § Equivalent D3D12_BARRIER_ACCESS bit for each
// D3D12_RESOURCE_STATES bit; § D3D12_BARRIER_ACCESS_RAYTRACING_ACCELERATION_STRUCTURE_READ/_WRITE). Buffers have no
// depth-stencil access (depth and stencil are texture planes), and the two acceleration-structure accesses belong to
// buffers created as acceleration structures (D3D12_RESOURCE_FLAG_RAYTRACING_ACCELERATION_STRUCTURE or the legacy
// initial state RAYTRACING_ACCELERATION_STRUCTURE). The RTAS check needs the buffer's creation; otherwise silent.
import { ACCESS } from '../model/enums';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fieldRange, fingerprintOf, fmt, known, positionSuffix, reportOnce, resourceName, SIDES } from './support/rule-helpers';

const DEPTH = (ACCESS.DEPTH_STENCIL_READ | ACCESS.DEPTH_STENCIL_WRITE) >>> 0;
const RTAS = (ACCESS.RAYTRACING_ACCELERATION_STRUCTURE_READ | ACCESS.RAYTRACING_ACCELERATION_STRUCTURE_WRITE) >>> 0;
const NO_ACCESS = ACCESS.NO_ACCESS >>> 0;
const RTAS_FLAG = 0x100;
const RTAS_STATE = 0x400000;

export const rule = defineRule({
  meta: {
    id: 'buffer-barrier-access',
    description: 'A buffer barrier with depth-stencil access, or acceleration-structure access on a buffer not created as one.',
    defaultSeverity: 'error',
    messageId: 'INVALID_BARRIER_ACCESS', messageNumber: 1417, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-ACCESS-08', 'EB-ACCESS-09'],
    messages: {
      depth: '{{field}} bits {{bits}} are texture-only{{position}}; a buffer has no depth-stencil access.',
      rtas: "{{field}} bits {{bits}} need a raytracing acceleration structure buffer, but '{{name}}' was not created as one{{position}}.",
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      barrier(b, pos) {
        if (b.kind !== 'buffer') return;
        for (const side of SIDES) {
          const access = known(b.fields[`Access${side}`]);
          if (access === undefined || (access >>> 0) === NO_ACCESS || !(access & DEPTH)) continue;
          report({
            messageKey: 'depth', data: { field: `Access${side}`, bits: fmt('access', access & DEPTH), position: positionSuffix(b, pos) },
            range: fieldRange(b, `Access${side}`), resource: resourceName(b), fingerprintText: `bufdepth|${side}|${fingerprintOf(b)}`, barrier: b, position: pos,
          });
        }
      },
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'buffer') return;
          const created = creations.of(meeting, tctx);
          const c = created?.creation;
          if (!created || !c || c.dimension !== 'buffer' || c.flags === null) return;
          const state = c.initialState ? known(c.initialState) : undefined;
          if (c.initialState && state === undefined) return;
          if ((c.flags & RTAS_FLAG) || state === RTAS_STATE) return;
          for (const side of SIDES) {
            const access = known(b.fields[`Access${side}`]);
            if (access === undefined || (access >>> 0) === NO_ACCESS || !(access & RTAS)) continue;
            ctx.report({
              messageKey: 'rtas',
              data: { field: `Access${side}`, bits: fmt('access', access & RTAS), name: resourceName(b), position: positionSuffix(b, { group: tctx.group, index: tctx.index, listType: tctx.listType }) },
              range: tctx.range, resource: resourceName(b), related: [...tctx.related, createdHere(created)],
              fingerprintText: `bufrtas|${side}|${fingerprintOf(b)}`, barrier: b, position: { group: tctx.group, index: tctx.index, listType: tctx.listType },
            });
            return;
          }
        },
      },
    };
  },
});
