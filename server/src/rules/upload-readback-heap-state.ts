// upload-readback-heap-state — eb-rules.md LB-17 (RB § Initial states for resources). Under legacy state tracking,
// a resource on an UPLOAD heap must be created in and stay in GENERIC_READ, and one on a READBACK heap in
// COPY_DEST: the CPU maps that memory, so the GPU cannot move it into another state. A legacy transition out of
// (or into something other than) that state is an error, and so is a creation in a state every runtime rejects:
// the debug layer reports it at creation (#741/#742 "Certain heaps are restricted to certain D3D12_RESOURCE_STATES")
// and CreateCommittedResource fails with E_INVALIDARG — unlike a DEFAULT-heap buffer, whose initial state is only
// ignored (#1328). Since Agility SDK 1.606 an UPLOAD heap also accepts COMMON and any part of GENERIC_READ (and
// RESOLVE_SOURCE), a READBACK heap COMMON: those are warnings (older runtimes fail), unless the creation is made through
// ID3D12Device10+ or the application exports D3D12SDKVersion 606 or later (it loads that runtime; the CLI drops the
// warnings of the files in an exporting file's directory tree, cli/cross-file.ts). Unknown heap types are silent; an
// initial state set differently on the paths of an if/else or switch is reported only when it is wrong on every path.
// A creation in a helper whose state or heap type is a parameter is checked with the caller's arguments, at the call.
import type { ResourceCreation } from '../extract/facts';
import type { HeapRestriction } from '../model/heaps';
import type { Range, RelatedLocation } from '../types';
import { HEAP_RESTRICTIONS } from '../model/heaps';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { ruleCreations } from './support/file-creations';
import { fingerprintOf, known, positionSuffix, resourceName, SIDES } from './support/rule-helpers';

export const rule = defineRule({
  meta: {
    id: 'upload-readback-heap-state',
    description: 'A resource on an UPLOAD (READBACK) heap created in, or transitioned to, a state other than GENERIC_READ (COPY_DEST).',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-17'],
    messages: {
      transition: "{{field}} ({{state}}) of resource ('{{name}}') in a D3D12_HEAP_TYPE_{{heap}} heap: such resources must stay in {{required}}{{position}}.",
      creation: "Resource '{{name}}' is created in a D3D12_HEAP_TYPE_{{heap}} heap with InitialState ({{state}}); such resources must be created in {{required}}.",
      creationOlder: "Resource '{{name}}' is created in a D3D12_HEAP_TYPE_{{heap}} heap with InitialState ({{state}}); runtimes before Agility SDK 1.606 reject it: such resources must be created in {{required}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    let newerRuntimeExport = false;
    const reportCreation = (c: ResourceCreation, at?: { range: Range; related: RelatedLocation[] }) => {
      const r = c.heapType === null ? undefined : HEAP_RESTRICTIONS.get(c.heapType);
      // A state written differently on the paths of an if/else or switch is reported when every path's is wrong.
      const state = known(c.initialState);
      const states = state !== undefined ? [state] : c.initialState?.oneOf ?? [];
      if (!r || states.length === 0 || states.some((s) => creationAllowed(r, s)) || !c.initialState) return;
      const shown = states.length === 1 ? formatLegacyState(states[0]) : `one of ${states.map(formatLegacyState).join(', ')} by path`;
      // Rejected by every runtime: an error; accepted since Agility SDK 1.606 (COMMON, part of GENERIC_READ on an
      // UPLOAD heap; COMMON on a READBACK heap) but rejected before it: a warning.
      const everywhere = states.some((s) => ((s >>> 0) & ~r.newerRuntimes) !== 0);
      // Made through ID3D12Device10+, or by an application that loads Agility SDK 1.606+: never on an older runtime.
      if (!everywhere && (c.newerRuntime || newerRuntimeExport)) return;
      ctx.report({
        messageKey: everywhere ? 'creation' : 'creationOlder', severity: everywhere ? 'error' : 'warning', api: `ID3D12Device::${c.api}`,
        // A helper's out-parameter bound to the caller's `&buffer` names the buffer.
        data: { name: c.resource.text.replace(/^&\s*/, ''), heap: r.name, state: shown, required: formatLegacyState(r.state) },
        range: at?.range ?? c.initialState.range, ...(at ? { related: at.related } : {}),
        resource: c.resource.text, fingerprintText: `heapstate|create|${c.resource.key ?? c.resource.text}|${states.join('/')}`,
      });
    };
    return {
      file(facts) {
        creations.file(facts);
        newerRuntimeExport = facts.newerRuntimeExport === true;
      },
      creation(e) {
        reportCreation(e.creation);
      },
      tracked: {
        helperCreation(c, tctx, from) {
          // Only the desc is the caller's: the heap and state were the helper's own, reported by the creation hook.
          if (!from.state && !from.heap) return;
          // At the outermost call, as creation-state-ignored: the creation's own frame is a note.
          const frames = tctx.related;
          reportCreation(c, { range: tctx.range, related: frames.map((r, i) => (i === frames.length - 1 ? { ...r, kind: 'note' as const } : r)) });
        },
        legacyBarrier(b, meeting, tctx) {
          if (!meeting || b.kind !== 'legacy-transition') return;
          const created = creations.of(meeting, tctx);
          const heap = created?.creation.heapType;
          const r = heap === null || heap === undefined ? undefined : HEAP_RESTRICTIONS.get(heap);
          if (!created || !r) return;
          const position = positionSuffix(b, { group: null, index: tctx.index, listType: tctx.listType });
          for (const side of SIDES) {
            const state = known(b.fields[`State${side}`]);
            if (state === undefined || (state >>> 0) === (r.state >>> 0)) continue;
            ctx.report({
              messageKey: 'transition',
              data: { field: `State${side}`, state: formatLegacyState(state), name: resourceName(b), heap: r.name, required: formatLegacyState(r.state), position },
              range: tctx.range, resource: resourceName(b), fingerprintText: `heapstate|${side}|${fingerprintOf(b)}`,
              related: [...tctx.related, { uri: created.uri, range: created.creation.resource.range, message: `'${created.creation.resource.text}' was created here` }],
              barrier: b, position: { group: null, index: tctx.index, listType: tctx.listType },
            });
            return;
          }
        },
      },
    };
  },
});

/** The creation states a restricted heap accepts: its one state, and on an UPLOAD heap RESOLVE_SOURCE too (#741). */
function creationAllowed(r: HeapRestriction, state: number): boolean {
  return (state >>> 0) === (r.state >>> 0) || (r.creationAlso !== undefined && (state >>> 0) === (r.creationAlso >>> 0));
}
