// xbox-barrier-free-access — xbox-platform.md § 4.1 (EBX "Differences with the PC spec" 1). Xbox does not flush
// caches at ExecuteCommandLists boundaries, so the PC's barrier-free accesses are not supported there: a command
// that uses a resource relying on legacy implicit promotion from COMMON (the state the resource decays to at the
// boundary), or on a COMMON layout with no barrier since the boundary, may read stale data or race earlier work.
// The tracker gives the state the command meets; unknown states (a resource the function never saw) are silent, and
// so is the first use of a resource created in COMMON with nothing recorded since (see the rule doc's decision).
import type { Possible } from '../track/state';
import type { CommandUse } from '../track/visitors';
import { ROLE_NEEDS } from '../model/api';
import { LAYOUT } from '../model/enums';
import { HEAP_RESTRICTIONS } from '../model/heaps';
import { defineRule } from './define-rule';

const COMMON_LAYOUTS = new Set([LAYOUT.COMMON, LAYOUT.DIRECT_QUEUE_COMMON, LAYOUT.COMPUTE_QUEUE_COMMON]);

/** Exactly these values on every path (no unknown path). */
function onlyValues(p: Possible, accept: (v: number) => boolean): boolean {
  return !p.unknown && p.values.size > 0 && [...p.values.keys()].every(accept);
}

type Reliance = 'promotion' | 'common-layout' | 'buffer';

function reliance(u: CommandUse): Reliance | undefined {
  const { met } = u;
  // The first use of a resource created in COMMON with nothing recorded since: no earlier work on it to race or flush.
  if (u.fresh) return undefined;
  // A resource of an UPLOAD or READBACK heap keeps the state its heap fixes: no barrier can move it, so no barrier is
  // missing (its creation in COMMON is upload-readback-heap-state's).
  const heap = u.resource?.creation.heapType;
  if (heap !== null && heap !== undefined && HEAP_RESTRICTIONS.has(heap)) return undefined;
  if (met.access.values.size > 0 || met.split) return undefined; // an enhanced barrier already set the access
  if (onlyValues(met.legacy, (v) => v === 0)) return 'promotion';
  if (met.lastModel === 'legacy') return undefined;
  if (onlyValues(met.layout, (v) => COMMON_LAYOUTS.has(v))) return 'common-layout';
  const created = u.resource?.creation;
  if (created?.dimension === 'buffer' && met.lastModel === 'enhanced' && met.legacy.values.size === 0) return 'buffer';
  return undefined;
}

export const rule = defineRule({
  meta: {
    id: 'xbox-barrier-free-access',
    description: 'A command relies on implicit promotion/decay or barrier-free COMMON access, which Xbox does not support.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series'],
    messages: {
      promotion: '{{method}} uses \'{{resource}}\' as {{use}} while it is in D3D12_RESOURCE_STATE_COMMON, relying on '
        + 'implicit promotion: Xbox does not flush at ExecuteCommandLists boundaries, so barrier-free access is not '
        + 'supported. Transition it to D3D12_RESOURCE_STATE_{{state}} with a barrier first.',
      'common-layout': '{{method}} uses \'{{resource}}\' as {{use}} in D3D12_BARRIER_LAYOUT_COMMON with no barrier since '
        + 'the last ExecuteCommandLists boundary: Xbox does not flush at the boundary, so barrier-free access is not '
        + 'supported. Record a barrier with the access this command needs first.',
      buffer: '{{method}} uses buffer \'{{resource}}\' as {{use}} with no barrier since it was created or since the last '
        + 'ExecuteCommandLists boundary: Xbox does not flush at the boundary, so barrier-free buffer access is not '
        + 'supported. Record a buffer barrier first.',
    },
  },
  create(ctx) {
    return {
      tracked: {
        command(e, uses, tctx) {
          for (const u of uses) {
            const need = ROLE_NEEDS[u.role];
            const why = need ? reliance(u) : undefined;
            if (!need || !why) continue;
            const origins = [...(why === 'promotion' ? u.met.legacy : u.met.layout).values.values()];
            ctx.report({
              messageKey: why,
              data: { method: e.method, resource: u.ref.text, use: need.use, state: need.stateName },
              range: tctx.range, resource: u.ref.text, fingerprintText: `${e.method}|${u.role}|${u.key}`,
              related: [...tctx.related, ...origins.slice(0, 1).map((o) => ({ uri: o.uri, range: o.range, message: o.note }))],
              position: { group: null, index: null, listType: tctx.listType },
            });
          }
        },
      },
    };
  },
});
