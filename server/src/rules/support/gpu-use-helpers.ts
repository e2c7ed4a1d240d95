// Judging a resource used by GPU work through a view or binding (track/bindings.ts) against its tracked state:
// the legacy state must hold the use's bits (COMMON promotes where D3D12 allows it), an enhanced texture's
// layout must allow the use's access, and Present needs COMMON/PRESENT. Shared by invalid-subresource-state.
import type { GpuWorkEvent } from '../../extract/descriptor-facts';
import { isAccessAllowedByLayout } from '../../model/layouts';
import { LEGACY_READ_STATES, promotableFromCommon } from '../../model/legacy-states';
import { createdInCommonForRuntime } from '../../model/heaps';
import { formatLegacyState } from '../../model/messages';
import { USE_NEEDS, expectedBits, legacyStateAllows } from '../../model/uses';
import type { Possible } from '../../track/state';
import type { GpuUse, TrackContext } from '../../track/visitors';
import type { Range, RelatedLocation } from '../../types';
import type { ReportDescriptor } from '../define-rule';
import { fmt } from './rule-helpers';
import { assumedNote, compareTracked, pathNote, relatedFor, restsOnSkippedAssumption } from './tracked-helpers';
import { metByCommand } from '../../track/list-promotions';

const SIMULTANEOUS_FLAGS = 0x30;

/** The use's access bits one at a time: a layout allows the use when it allows one of them. */
function accessBits(access: number): number[] {
  const bits: number[] = [];
  for (let b = 1; b !== 0 && b <= access; b <<= 1) if (access & b) bits.push(b);
  return bits;
}

function repeated(seen: Set<string>, u: GpuUse, setAt: Range): boolean {
  const r = (x: Range | undefined) => (x ? `${x.startLine}:${x.startColumn}` : '-');
  const key = `${u.use}|${u.key}|${r(u.bound?.range)}|${r(setAt)}`;
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

function notes(u: GpuUse): RelatedLocation[] {
  const out: RelatedLocation[] = [];
  if (u.bound) out.push({ uri: u.bound.uri, range: u.bound.range, message: u.bound.note });
  if (u.viewAt) out.push({ uri: u.viewAt.uri, range: u.viewAt.range, message: u.viewAt.note });
  return out;
}

/** Through a descriptor table the shader may not read the descriptor: a mismatch is a warning, said so. */
function tableNote(u: GpuUse): string {
  return u.viaTable ? ' (bound through a descriptor table: if the shader reads it)' : '';
}

/** The debug layer's ` (promoted from COMMON state)` after a state a command on the list promoted the resource to. */
export function promotedNote(legacy: Possible, state: number): string {
  return legacy.values.get(state >>> 0)?.promotedOn !== undefined ? ' (promoted from COMMON state)' : '';
}

/**
 * The #538 reports for the uses of one clear/draw/dispatch/Present (nothing for unknown states). `seen` drops the
 * repeats of one mistake: the same binding and state met by every draw of a pass is reported at the first draw.
 */
export function invalidUseReports(e: GpuWorkEvent, uses: GpuUse[], tctx: TrackContext, seen: Set<string>): ReportDescriptor[] {
  const out: ReportDescriptor[] = [];
  for (const u of uses) {
    if (u.met.deactivated) continue;
    const need = USE_NEEDS[u.use];
    const dim = u.resource?.creation.dimension;
    const buffer = dim === 'buffer';
    const simultaneous = buffer || ((u.resource?.creation.flags ?? 0) & SIMULTANEOUS_FLAGS) !== 0;
    const name = u.ref.text.replace(/\s+/g, ' ');
    const sub = u.subresource === null ? '' : ` (subresource: ${u.subresource})`;
    const base = { range: tctx.range, resource: name, fingerprintText: `use|${e.method}|${u.use}|${u.key}` };
    // A legacy state set by a barrier, or by the creation when no barrier has moved the resource since.
    const legacyKnown = u.met.lastModel === 'legacy' || (u.met.lastModel === null && u.met.legacyFromCreation && !u.met.legacy.unknown);
    if (legacyKnown) {
      // Promotion from COMMON needs the resource's kind: an unknown resource may be a buffer (promotable). A use only
      // textures have (render target, depth) rules the buffer out: only a simultaneous-access texture could be
      // promoted then (to RENDER_TARGET, never to a depth state), so COMMON there is reported — a warning, as the
      // texture's flags are not known.
      // A buffer still in the state it was created in is in COMMON for the runtime (its initial state is ignored, #1328).
      // (A state a command promoted it to since is not its creation state.)
      const legacy = metByCommand(u.met.legacy, tctx.list);
      // A read state a command promoted it to may be promoted to more read states (LB-10), as from COMMON.
      const promotedTo = (v: number) => legacy.values.get(v)?.promotedOn !== undefined;
      const common = (v: number) => v === 0 || (promotedTo(v) ? !need.writes && ((v >>> 0) & ~LEGACY_READ_STATES) === 0
        : !!u.resource && createdInCommonForRuntime(u.resource.creation) && u.met.legacyFromCreation && u.met.lastModel === null);
      // An acceleration structure is never promoted: it lives in RAYTRACING_ACCELERATION_STRUCTURE from its creation
      // (DXR spec, "Acceleration structure memory restrictions"); a buffer spelt COMMON cannot be built into or read
      // as one. (A state the runtime ignores at creation is not judged: the fallback layer's structures are UAVs.)
      const promotes = (v: number) => common(v) && u.use !== 'present' && !(u.use === 'raytracing-acceleration-structure' && v >>> 0 === 0)
        && (u.resource ? need.anyOf.some((bits) => promotableFromCommon(bits, { isBufferOrSimultaneous: simultaneous })) : !need.textureOnly);
      const c = compareTracked(legacy, (v) => legacyStateAllows(need, v) || promotes(v));
      // On a path that skipped the barrier its state was assumed from, the use may meet a resource the use promotes
      // from COMMON (tracked-helpers.ts restsOnSkippedAssumption): not reported when a promotion could serve the use.
      const promotable = need.anyOf.some((bits) => promotableFromCommon(bits, { isBufferOrSimultaneous: true }));
      if (!c.severity || (u.use !== 'present' && promotable && restsOnSkippedAssumption(c, !!u.resource)) || repeated(seen, u, c.mismatches[0][1].range)) continue;
      const mayPromote = !u.resource && c.mismatches.every(([v]) => v === 0) && need.anyOf.some((bits) => promotableFromCommon(bits, { isBufferOrSimultaneous: true }));
      const actual = c.mismatches[0][0];
      const expected = expectedBits(need);
      out.push({
        ...base, messageKey: 'boundState', severity: u.viaTable || mayPromote ? 'warning' : c.severity, related: [...relatedFor(tctx, c), ...notes(u)],
        data: {
          method: e.method, actual: formatLegacyState(actual), promoted: promotedNote(legacy, actual), name, sub, use: need.use, how: need.expected,
          expected: formatLegacyState(expected), missing: formatLegacyState(expected & ~actual),
          note: `${pathNote(c, formatLegacyState)}${assumedNote(c)}${tableNote(u)}`,
        },
      });
    } else if (u.met.lastModel === 'enhanced' && !buffer) {
      const allows = (l: number) => (need.access === 0 ? l >>> 0 === 0 : accessBits(need.access).some((b) => isAccessAllowedByLayout(l, b, { simultaneous })));
      const c = compareTracked(u.met.layout, allows);
      if (!c.severity || (u.use !== 'present' && restsOnSkippedAssumption(c, !!u.resource)) || repeated(seen, u, c.mismatches[0][1].range)) continue;
      out.push({
        ...base, messageKey: 'boundLayout', severity: u.viaTable ? 'warning' : c.severity, related: [...relatedFor(tctx, c), ...notes(u)],
        data: {
          method: e.method, actual: fmt('layout', c.mismatches[0][0]), name, sub, use: need.use,
          access: need.access === 0 ? 'presentation (D3D12_BARRIER_LAYOUT_PRESENT)' : fmt('access', need.access),
          note: `${pathNote(c, (v) => fmt('layout', v))}${tableNote(u)}`,
        },
      });
    }
  }
  return out;
}
