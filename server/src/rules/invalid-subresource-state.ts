// invalid-subresource-state — eb-rules.md LB-21, EB-FREE-02/07 (RB § Implicit state transitions;
// EB § Barrier-Free Access). A command that uses a resource as a copy/resolve source or destination, an indirect
// argument buffer or a UAV to clear needs the resource in a state (legacy) or layout
// (enhanced) that allows that access; otherwise the GPU reads compressed/stale data or writes through the wrong
// caches. Legacy COMMON resources are implicitly promoted where D3D12 allows it (LB-10). The same holds for
// resources that clears, draws, dispatches and Present use through views, bindings and GPU virtual addresses
// (render targets, depth, index/vertex/constant buffers, UAVs, shader resources, the presented back buffer).
import { ROLE_NEEDS } from '../model/api';
import { isAccessAllowedByLayout } from '../model/layouts';
import { promotableFromCommon } from '../model/legacy-states';
import { formatLegacyState } from '../model/messages';
import { defineRule } from './define-rule';
import { fmt } from './support/rule-helpers';
import { compareTracked, pathNote, relatedFor, restsOnHelperChoices, restsOnSkippedAssumption, deactivatedOn } from './support/tracked-helpers';
import { invalidUseReports, promotedNote } from './support/gpu-use-helpers';
import { metByCommand } from '../track/list-promotions';
import type { CommandEvent } from '../extract/facts';
import type { CommandUse, TrackContext } from '../track/visitors';

/** ` on Command List ('cl')` as the submit-time message names the list (E12); nothing when the list is unknown. */
function onList(list: string | null): string {
  return list ? ` on Command List ('${list}')` : '';
}

/** A use while the resource's split barrier is pending on this list is split-barrier-access's finding. */
function splitPending(met: { split: { list: string | null } | null }, list: string | null): boolean {
  return !!met.split && !!list && met.split.list === list;
}

export const rule = defineRule({
  meta: {
    id: 'invalid-subresource-state',
    description: 'A command uses a resource in a state or layout that does not allow that use.',
    defaultSeverity: 'error',
    messageId: 'INVALID_SUBRESOURCE_STATE', messageNumber: 538, category: 'EXECUTION',
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['LB-21', 'LB-22', 'EB-LAYOUT-09', 'EB-LAYOUT-11', 'EB-GLOBAL-01', 'EB-FREE-02', 'EB-FREE-07'],
    messages: {
      state: "{{using}}Resource state ({{actual}}){{promoted}} of resource ('{{name}}'){{sub}} is invalid for use as {{use}}.  Expected State Bits (all): {{expected}}, Actual State: {{actual}}, Missing State: {{expected}}{{note}}.",
      layout: "{{using}}Resource layout ({{actual}}) of resource ('{{name}}'){{sub}} is invalid for use as {{use}}; the layout does not allow {{access}}{{note}}.",
      boundState: "{{using}}Resource state ({{actual}}){{promoted}} of resource ('{{name}}'){{sub}} is invalid for use as {{use}}.  Expected State Bits ({{how}}): {{expected}}, Actual State: {{actual}}, Missing State: {{missing}}{{note}}.",
      boundLayout: "{{using}}Resource layout ({{actual}}) of resource ('{{name}}'){{sub}} is invalid for use as {{use}}; the layout does not allow {{access}}{{note}}.",
    },
  },
  create(ctx) {
    const seen = new Set<string>();
    return {
      tracked: {
        gpuUse(e, uses, tctx) {
          for (const d of invalidUseReports(e, uses.filter((u) => !splitPending(u.met, tctx.list)), tctx, seen)) {
            // Present is checked by the queue's Present, whose message names no command (E14's
            // ID3D12CommandQueue::Present); a back buffer not in PRESENT there is a warning (LB-22, EB-LAYOUT-09).
            if (e.present) ctx.report({ ...d, api: 'ID3D12CommandQueue::Present', severity: 'warning', data: { ...d.data, using: '' } });
            else ctx.report({ ...d, data: { ...d.data, using: `Using ${e.method}${onList(tctx.list)}: ` } });
          }
        },
        command(e, uses, tctx) {
          judgeCommand(e, uses, tctx);
        },
        // Copied into (from) before its first barrier: judged against the state that barrier assumed at entry.
        deferredCommand(e, uses, tctx) {
          judgeCommand(e, uses, tctx);
        },
      },
    };
    function judgeCommand(e: CommandEvent, uses: CommandUse[], tctx: TrackContext): void {
      for (const u of uses) {
        const need = ROLE_NEEDS[u.role];
        // A deactivated resource is deactivated-resource-access's finding (one root cause, one report).
        if (!need || deactivatedOn(u.met, tctx.list) || splitPending(u.met, tctx.list)) continue;
        const simultaneous = u.resource ? u.resource.creation.dimension === 'buffer' || ((u.resource.creation.flags ?? 0) & 0x30) !== 0 : false;
        const base = { range: tctx.range, resource: u.ref.text, fingerprintText: `use|${e.method}|${u.role}|${u.key}` };
        const where = { using: `Using ${e.method}${onList(tctx.list)}: `, sub: ` (subresource: ${u.subresource ?? 0})` };
        if (u.met.lastModel === 'legacy') {
          const legacy = metByCommand(u.met.legacy, tctx.list);
          const c = compareTracked(legacy, (v) => (v & need.state) === need.state
            || (v === 0 && (!u.resource || promotableFromCommon(need.state, { isBufferOrSimultaneous: simultaneous }))));
          if (!c.severity || restsOnSkippedAssumption(c, !!u.resource) || restsOnHelperChoices(c, u.met.legacy, tctx)) continue;
          ctx.report({
            ...base, messageKey: 'state', severity: c.severity, related: relatedFor(tctx, c),
            data: { ...where, method: e.method, actual: formatLegacyState(c.mismatches[0][0]), promoted: promotedNote(legacy, c.mismatches[0][0]), name: u.ref.text, use: need.use, expected: formatLegacyState(need.state), note: pathNote(c, formatLegacyState) },
          });
        } else if (u.met.lastModel === 'enhanced' && u.resource?.creation.dimension !== 'buffer') {
          const c = compareTracked(u.met.layout, (v) => isAccessAllowedByLayout(v, need.access, { simultaneous }));
          if (!c.severity || restsOnSkippedAssumption(c, !!u.resource) || restsOnHelperChoices(c, u.met.layout, tctx)) continue;
          ctx.report({
            ...base, messageKey: 'layout', severity: c.severity, related: relatedFor(tctx, c),
            data: { ...where, method: e.method, actual: fmt('layout', c.mismatches[0][0]), name: u.ref.text, use: need.use, access: fmt('access', need.access), note: pathNote(c, (v) => fmt('layout', v)) },
          });
        }
      }
    }
  },
});
