// buffer-barrier-offset-size — eb-rules.md EB-BUF-03, EB-BUF-04 (EB § Buffer Barriers, § D3D12_BUFFER_BARRIER).
// Buffer barriers always cover the whole buffer: Offset must be 0 and Size UINT64_MAX (or exactly the width).
// CD3DX12_BUFFER_BARRIER sets both; a raw `D3D12_BUFFER_BARRIER b = {}` leaves Size at 0, a barrier over
// nothing, so the writes it was meant to flush stay in the caches. ~1340 BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS
// (likely id; text is barrierlint's). A Size that is neither 0 nor UINT64_MAX is checked against the buffer's width
// from its creation (in the function, or a member created in another method); without the creation it is a warning.
import { UINT64_MAX_VALUE } from '../model/enums';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fieldRange, fingerprintOf, known, positionSuffix, reportOnce, resourceName } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'buffer-barrier-offset-size',
    description: 'Buffer barriers must have Offset 0 and Size UINT64_MAX (or exactly the buffer width); Size 0 is an error.',
    defaultSeverity: 'error',
    messageId: 'BUFFER_BARRIER_SUBREGION_OUT_OF_BOUNDS', messageNumber: 1340, category: 'STATE_SETTING',
    api: 'ID3D12CommandList::Barrier',
    catalog: ['EB-BUF-03', 'EB-BUF-04'],
    messages: {
      offset: 'Offset is {{offset}}{{position}}; buffer barriers cover the whole buffer, Offset must be 0.',
      zero: 'Size is 0{{position}}; it must be UINT64_MAX (or the buffer\'s width). A value-initialised D3D12_BUFFER_BARRIER leaves Size at 0.',
      width: 'Size is {{size}}{{position}}, but \'{{name}}\' is {{width}} bytes wide; Size must be UINT64_MAX or exactly the buffer\'s width.',
      unverified: 'Size is {{size}}{{position}}; it must be exactly the buffer\'s width, which barrierlint cannot see here. UINT64_MAX always covers the whole buffer.',
    },
  },
  create(ctx) {
    const report = reportOnce(ctx);
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        enhancedBarrier(b, meeting, tctx) {
          if (b.kind !== 'buffer') return;
          const size = known(b.fields.Size);
          if (size === undefined || size === 0 || size >= UINT64_MAX_VALUE) return;
          const position = positionSuffix(b, { group: tctx.group, index: tctx.index, listType: tctx.listType });
          const common = { resource: resourceName(b), fingerprintText: fingerprintOf(b), range: fieldRange(b, 'Size') };
          const created = meeting ? creations.of(meeting, tctx) : undefined;
          const width = created?.creation.dimension === 'buffer' ? created.creation.width ?? null : null;
          if (width === null) {
            report({ ...common, messageKey: 'unverified', data: { size: String(size), position }, severity: 'warning' });
          } else if (width !== size) {
            report({
              ...common, messageKey: 'width', data: { size: String(size), position, name: resourceName(b), width: String(width) },
              related: [...tctx.related, createdHere(created!)],
            });
          }
        },
      },
      barrier(b, pos) {
        if (b.kind !== 'buffer') return;
        const common = { resource: resourceName(b), fingerprintText: fingerprintOf(b) };
        const position = positionSuffix(b, pos);
        const offset = known(b.fields.Offset);
        if (offset !== undefined && offset !== 0) {
          report({ ...common, messageKey: 'offset', data: { offset: String(offset), position }, range: fieldRange(b, 'Offset') });
        }
        const size = known(b.fields.Size);
        if (size === undefined || size >= UINT64_MAX_VALUE) return;
        if (size === 0) report({ ...common, messageKey: 'zero', data: { position }, range: fieldRange(b, 'Size') });
      },
    };
  },
});
