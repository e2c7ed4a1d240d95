// Shared by the two hazard rules: a command meets a resource another command wrote with no barrier in between.
import type { CommandEvent } from '../../extract/facts';
import type { CommandUse, TrackContext } from '../../track/visitors';
import type { RuleContext } from '../define-rule';

const READ_USE: Record<string, string> = {
  'copy-source': 'read as a copy source', 'resolve-source': 'read as a resolve source',
  'indirect-argument': 'read as indirect arguments', 'indirect-count': 'read as an indirect count',
  predication: 'read as a predicate',
};
const WRITE_USE: Record<string, string> = {
  'copy-dest': 'written again as a copy destination', 'resolve-dest': 'written again as a resolve destination',
  'clear-uav': 'written again by a UAV clear', discard: 'discarded',
};

/**
 * When the tracked state or layout is explicit, invalid-subresource-state already judges the use (#538); the
 * hazard rules speak only where the state allows it: buffers, simultaneous access, promoted COMMON resources.
 */
export function stateDecides(u: Pick<CommandUse, 'met' | 'resource'>): boolean {
  const m = u.met;
  if (m.lastModel === 'legacy') return !m.legacy.unknown && m.legacy.values.size > 0 && !m.legacy.values.has(0);
  if (m.lastModel === 'enhanced') return !m.layout.unknown && m.layout.values.size > 0 && u.resource?.creation.dimension !== 'buffer';
  return false;
}

const COPY_WRITES = new Set(['copy-dest', 'resolve-dest']);

/**
 * Two copy/resolve writes into one resource race only where they cover the same bytes. Region and subresource copies
 * (d3dx12's UpdateSubresources writes one subresource per iteration; upload code fills a buffer at successive
 * offsets) usually do not, and a legacy transition cannot even express COPY_DEST → COPY_DEST (#525). Only two
 * whole-resource copies are known to overlap.
 */
function disjointCopyWrites(writer: string, writerRole: string, e: CommandEvent, role: string): boolean {
  return COPY_WRITES.has(writerRole) && COPY_WRITES.has(role) && !(writer === 'CopyResource' && e.method === 'CopyResource');
}

function sameStart(a: { startLine: number; startColumn: number }, b: { startLine: number; startColumn: number }): boolean {
  return a.startLine === b.startLine && a.startColumn === b.startColumn;
}

/** Whether `r` lies in the loop at `loop` (a write tagged as carried around that loop's back edge). */
function inLoop(r: { startLine: number; endLine: number }, loop: { startLine: number; endLine: number } | undefined): boolean {
  return !!loop && r.startLine >= loop.startLine && r.endLine <= loop.endLine;
}

/**
 * A draw/dispatch wrote at least one of the resources it bound as UAVs (`group`), not known which: a later use is a
 * hazard only when it meets all of them (one bound UAV; or a ping-pong that binds both buffers again).
 */
export function meetsGroup(group: readonly string[] | undefined, uses: readonly { ref: { key: string | null } }[]): boolean {
  return !group || group.every((k) => uses.some((x) => x.ref.key === k));
}

/** Report uses of resources whose pending write came from one of `writerRoles`. */
export function reportHazards(ctx: RuleContext, e: CommandEvent, uses: CommandUse[], tctx: TrackContext, writerRoles: Set<string>): void {
  for (const u of uses) {
    const w = u.met.pendingWrite;
    if (!w || !writerRoles.has(w.role)) continue;
    const how = READ_USE[u.role] ?? WRITE_USE[u.role];
    if (!how || stateDecides(u) || disjointCopyWrites(w.method, w.role, e, u.role)) continue;
    if (!meetsGroup(w.group, uses)) continue;
    // Two writes of which one covers only part of the resource (UAV clears of rectangles) may well not overlap.
    if (WRITE_USE[u.role] && (w.partial || u.partial)) continue;
    // The same UAV clear again, repeated by a loop (nvrhi's per-mip clears): each iteration clears the view it is
    // given, one mip or slice, which the clear's resource argument does not show.
    // Likewise a UAV clear left pending by an earlier iteration of the loop this clear is in (the float and the uint
    // clear of one per-range loop): each iteration is given its own range's view.
    if (w.role === 'clear-uav' && u.role === 'clear-uav' && ((w.method === e.method && sameStart(w.origin.range, e.range)) || inLoop(e.range, w.origin.loop))) continue;
    // Recorded on two different command lists: nothing orders them within one list, and across lists the
    // submission (ExecuteCommandLists, fences) does.
    if (w.list && tctx.list && w.list !== tctx.list) continue;
    ctx.report({
      messageKey: 'hazard', api: `ID3D12CommandList::${e.method}`,
      data: { name: u.ref.text, writer: w.method, how, method: e.method },
      range: tctx.range,
      related: [...tctx.related, { uri: w.origin.uri, range: w.origin.range, message: w.origin.note }],
      resource: u.ref.text, fingerprintText: `hazard|${w.method}|${e.method}|${u.key}`,
    });
  }
}
