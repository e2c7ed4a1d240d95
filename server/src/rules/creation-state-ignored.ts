// creation-state-ignored — eb-rules.md EB-CREATE-03 (EB § Initial Resource State; RB § Implicit state
// transitions). On PC a buffer has no initial state of its own: whatever InitialState a legacy creation call
// passes, the buffer starts in COMMON and is promoted on first use. A DEFAULT-heap buffer created in
// COPY_DEST / UNORDERED_ACCESS / ... therefore is not in that state, and the debug layer warns (#1328
// CREATERESOURCE_STATE_IGNORED). The states the heap requires (UPLOAD: GENERIC_READ, READBACK: COPY_DEST) and
// the acceleration-structure state are not ignored. Creations in a helper whose state is a parameter are checked
// with the caller's argument, at the call, and so are creations whose heap type is the caller's argument and
// creations whose resource desc is (a helper handed a `CD3DX12_RESOURCE_DESC::Buffer(n)` makes a buffer there). Xbox does not promote from COMMON by default, so the state there is
// honoured: the rule runs on PC only.
import { HEAP_TYPE, RESOURCE_STATES } from '../model/enums';
import { formatEnumValue } from '../model/format-values';
import type { ResourceCreation } from '../extract/facts';
import type { Range, RelatedLocation } from '../types';
import { defineRule } from './define-rule';
import { known } from './support/rule-helpers';

/** States a buffer keeps: COMMON itself and the acceleration-structure state. */
const KEPT = new Set([0, RESOURCE_STATES.RAYTRACING_ACCELERATION_STRUCTURE]);
/** States an UPLOAD (READBACK) heap requires: silent when the heap type is not known to be DEFAULT. */
const HEAP_PINNED = new Set([RESOURCE_STATES.GENERIC_READ, RESOURCE_STATES.COPY_DEST]);

/** The runtime names the state as the source spells it; GENERIC_READ is one enumerator, not its six bits. */
function stateName(state: number): string {
  return state === RESOURCE_STATES.GENERIC_READ ? 'D3D12_RESOURCE_STATE_GENERIC_READ' : formatEnumValue('state', state);
}

/** The ignored state of a legacy buffer creation, or undefined. */
function ignoredState(c: ResourceCreation): number | undefined {
  if (c.dimension !== 'buffer' || c.swapChain) return undefined;
  const state = known(c.initialState) ?? stateOnSomePath(c);
  if (state === undefined || KEPT.has(state >>> 0)) return undefined;
  // UPLOAD/READBACK heaps pin the state: another one is upload-readback-heap-state's finding.
  if (c.heapType === HEAP_TYPE.UPLOAD || c.heapType === HEAP_TYPE.READBACK) return undefined;
  if (c.heapType !== HEAP_TYPE.DEFAULT && HEAP_PINNED.has(state >>> 0) && !defaultOnSomePath(c)) return undefined;
  return state >>> 0;
}

/**
 * The heap type is DEFAULT on some of the paths to the creation (`props.Type = mappable ? UPLOAD : DEFAULT`), and the
 * state is one every path passes: on that path the state is ignored, whatever the others' heaps pin.
 */
function defaultOnSomePath(c: ResourceCreation): boolean {
  return c.heapType === null && !!c.heapTypeOneOf?.includes(HEAP_TYPE.DEFAULT);
}

/**
 * On a DEFAULT heap every path reaches, the paths choose the state (`state = hasData ? COPY_DEST : COMMON`): the first
 * chosen state a buffer does not keep is ignored on the paths that pass it. Not when the heap is chosen too (the two
 * may be chosen together: `cpu ? UPLOAD : DEFAULT` with `cpu ? GENERIC_READ : COMMON`).
 */
function stateOnSomePath(c: ResourceCreation): number | undefined {
  if (c.heapType !== HEAP_TYPE.DEFAULT || !c.initialStateOneOf) return undefined;
  return c.initialStateOneOf.find((s) => !KEPT.has(s >>> 0));
}

export const rule = defineRule({
  meta: {
    id: 'creation-state-ignored',
    description: 'A buffer created with an InitialState other than COMMON: the state is ignored, buffers start in COMMON (PC).',
    defaultSeverity: 'warning',
    messageId: 'CREATERESOURCE_STATE_IGNORED', messageNumber: 1328, category: 'STATE_CREATION',
    api: 'ID3D12Device::CreateCommittedResource',
    platforms: ['pc'],
    catalog: ['EB-CREATE-03'],
    messages: {
      ignored: 'Ignoring InitialState {{state}}. Buffers are effectively created in state D3D12_RESOURCE_STATE_COMMON.',
      ignoredStateOnPath: 'Ignoring InitialState {{state}} on the paths that pass it (the paths choose one of {{states}}). Buffers are effectively created in state D3D12_RESOURCE_STATE_COMMON.',
      ignoredOnPath: 'Ignoring InitialState {{state}} on the paths where the heap type is D3D12_HEAP_TYPE_DEFAULT (the paths choose one of {{heaps}}). Buffers are effectively created in state D3D12_RESOURCE_STATE_COMMON.',
    },
  },
  create(ctx) {
    const report = (c: ResourceCreation, range: Range, related: RelatedLocation[]) => {
      const state = ignoredState(c);
      if (state === undefined) return;
      const onPath = c.heapType !== HEAP_TYPE.DEFAULT && defaultOnSomePath(c);
      const statePath = known(c.initialState) === undefined;
      ctx.report({
        messageKey: onPath ? 'ignoredOnPath' : statePath ? 'ignoredStateOnPath' : 'ignored', api: `ID3D12Device::${c.api}`,
        data: {
          state: stateName(state),
          ...(onPath ? { heaps: (c.heapTypeOneOf ?? []).map((h) => formatEnumValue('heap-type', h)).join(', ') } : {}),
          ...(statePath ? { states: (c.initialStateOneOf ?? []).map(stateName).join(', ') } : {}),
        },
        range, related, resource: c.resource.text, fingerprintText: `ignored|${c.resource.key ?? c.resource.text}|${state}`,
      });
    };
    return {
      creation(e) {
        if (e.creation.initialState) report(e.creation, e.creation.initialState.range, []);
      },
      tracked: {
        helperCreation(c, tctx, from) {
          // A state written in the helper that is ignored whatever the heap: the creation hook reported it there
          // (unless the helper did not know it made a buffer: the caller's desc says so).
          if (!from.state && !from.desc && ignoredState({ ...c, heapType: null }) !== undefined) return;
          // At the outermost call: the state argument may be a default of the helper, in another file.
          // NOTE: the creation's own frame is a note, not a helper frame: the finding is the argument of the call into
          // the creating helper, so two calls passing the same state are two findings (analyze.ts dedupe keys a finding
          // by its innermost helper frame, which would otherwise be the one creation line both calls reach).
          const frames = tctx.related;
          report(c, tctx.range, frames.map((r, i) => (i === frames.length - 1 ? { ...r, kind: 'note' as const } : r)));
        },
      },
    };
  },
});
