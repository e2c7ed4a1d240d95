// UAV hazards through bindings: a resource written through a UAV (a clear, or a draw/dispatch that binds it as a
// UAV) and then accessed by the next draw/dispatch with no barrier in between. Whether a shader really writes a
// UAV it is given is not known: the decision (uav-write-hazard.md) is to assume it writes at least one of the UAVs it
// is given (a later use must meet all of them), to compare two
// shader writes only through the same view (another view may cover other subresources or ranges) bound anew for
// the second one, and to leave reads the tracked state already judges to invalid-subresource-state.
import type { GpuWorkEvent } from '../../extract/descriptor-facts';
import type { UseKind } from '../../model/uses';
import type { GpuUse, TrackContext } from '../../track/visitors';
import type { RelatedLocation } from '../../types';
import type { ReportDescriptor } from '../define-rule';
import { meetsGroup, stateDecides } from './hazard-helpers';
import { metByCommand } from '../../track/list-promotions';

const HOW: Readonly<Record<UseKind, string>> = {
  'unordered-access': 'accessed again through a UAV', 'shader-resource': 'read as a shader resource',
  'non-pixel-shader-resource': 'read as a shader resource', 'pixel-shader-resource': 'read as a shader resource',
  'constant-buffer': 'read as a constant buffer', 'vertex-buffer': 'read as a vertex buffer', 'index-buffer': 'read as an index buffer',
  'render-target': 'written as a render target', 'depth-write': 'written as depth', 'depth-read': 'read as depth',
  'depth-bound': 'used as depth', 'stream-output': 'written as a stream output buffer',
  'raytracing-acceleration-structure': 'read as an acceleration structure', present: 'presented',
  'copy-dest': 'written by WriteBufferImmediate',
};

// The call's own name where the debug layer's "Using Draw" shortens it (extract/descriptor-events.ts).
const CALL_NAME: Readonly<Record<string, string>> = { Draw: 'DrawInstanced', DrawIndexed: 'DrawIndexedInstanced' };

/** `ID3D12CommandList::DrawInstanced`: the interface and method a use-time finding is attributed to (D.1). */
export function commandApi(e: GpuWorkEvent): string {
  return e.present ? 'IDXGISwapChain::Present' : `ID3D12CommandList::${CALL_NAME[e.method] ?? e.method}`;
}

/** The dispatch `e` comes right after the dispatch at `first`, in the analysed function itself (not in a helper). */
function repeatedAtOnce(e: GpuWorkEvent, first: RelatedLocation['range'], tctx: TrackContext): boolean {
  const a = e.afterDispatch;
  return !!a && tctx.related.length === 0 && a.startLine === first.startLine && a.startColumn === first.startColumn;
}

/**
 * Whether invalid-subresource-state judges this use from its state (then it, not the hazard, reports a wrong one): as
 * for commands, and also a state known from the creation (gpu-use-helpers' `legacyKnown`), met as this list meets it —
 * a buffer this list promoted to UNORDERED_ACCESS by a dispatch is in that state for the next draw or dispatch, not
 * also in COMMON (list-promotions' metByCommand), so a read through an SRV is #538, reported once.
 */
function gpuStateDecides(u: GpuUse, list: string | null): boolean {
  const m = u.met;
  if (m.lastModel === null && m.legacyFromCreation && !m.legacy.unknown) {
    const legacy = metByCommand(m.legacy, list);
    return legacy.values.size > 0 && !legacy.values.has(0);
  }
  if (m.lastModel === 'legacy') return stateDecides({ ...u, met: { ...m, legacy: metByCommand(m.legacy, list) } });
  return stateDecides(u);
}

export function gpuHazardReports(e: GpuWorkEvent, uses: GpuUse[], tctx: TrackContext, writers: ReadonlySet<string>): ReportDescriptor[] {
  const out: ReportDescriptor[] = [];
  for (const u of uses) {
    const w = u.met.pendingWrite;
    if (!w || !writers.has(w.role) || u.unseen) continue;
    if (w.list && tctx.list && w.list !== tctx.list) continue;
    const uav = u.use === 'unordered-access';
    if (!uav && (gpuStateDecides(u, tctx.list) || u.viaTable)) continue;
    // Partial clears may not overlap what the dispatch touches; two shader writes are compared through one view,
    // and only when the second binding was made after the first write (a binding left in place across dispatches
    // is taken as work split on purpose, e.g. disjoint tiles).
    // Two Dispatch calls in a row with nothing between them are not split work: they see the same root arguments
    // (no constant, table or pipeline changed), so their threads write the same indices. Not through a UAV with a
    // counter (append/consume): there each thread takes the next index the counter hands out.
    const leftInPlace = !!w.boundAt && w.boundAt === u.bound?.range && (!!u.counterView || !repeatedAtOnce(e, w.origin.range, tctx));
    if (uav && (w.partial || (w.role === 'uav-bound' && (w.view !== u.viewId || leftInPlace)))) continue;
    if (!meetsGroup(w.group, uses)) continue;
    const related: RelatedLocation[] = [...tctx.related, { uri: w.origin.uri, range: w.origin.range, message: w.origin.note }];
    if (u.bound) related.push({ uri: u.bound.uri, range: u.bound.range, message: u.bound.note });
    const name = u.ref.text.replace(/\s+/g, ' ');
    out.push({
      messageKey: 'hazard', api: commandApi(e), data: { name, writer: w.method, how: HOW[u.use], method: e.method },
      range: tctx.range, related, resource: name, fingerprintText: `hazard|${w.method}|${e.method}|${u.key}`,
    });
  }
  return out;
}
