// discard-resource-state — eb-rules.md LB-26, EB-MISC-05 (RB § Discarding resources; EB § D3D12_TEXTURE_BARRIER_
// FLAG_DISCARD). The legacy DiscardResource still needs the resource in the state its discard writes through: a
// render target in RENDER_TARGET, a depth-stencil in DEPTH_WRITE on direct lists, and on compute lists a UAV
// (ALLOW_UNORDERED_ACCESS) in UNORDERED_ACCESS. Enhanced layouts: RENDER_TARGET, DEPTH_STENCIL_WRITE, a UAV layout.
// The discard initialises compression metadata through that engine; in another state it writes garbage metadata.
// Needs the resource's flags (creation) and its tracked state; otherwise silent. Prefer the barrier DISCARD flag.
import { formatLegacyState } from '../model/messages';
import type { ResState } from '../track/state';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fmt } from './support/rule-helpers';
import { compareTracked, pathNote, relatedFor, deactivatedOn } from './support/tracked-helpers';

const F = { RT: 0x1, DS: 0x2, UAV: 0x4 };
const UAV_LAYOUTS = new Set([3, 20, 26]);

interface Needs { states: number[]; layouts: Set<number> }

/** What a discard accepts; with an unknown list type, the union of the direct and compute requirements. */
function needsFor(flags: number, listType: string | null): Needs | null {
  const compute = flags & F.UAV ? { states: [0x8], layouts: UAV_LAYOUTS } : null;
  const direct = flags & F.RT ? { states: [0x4], layouts: new Set([2]) } : flags & F.DS ? { states: [0x10], layouts: new Set([4]) } : null;
  if (listType === 'compute') return compute;
  if (listType === 'direct' || !compute || !direct) return listType === 'direct' ? direct : direct ?? compute;
  return { states: [...direct.states, ...compute.states], layouts: new Set([...direct.layouts, ...compute.layouts]) };
}

/**
 * What a discard accepts for a resource whose creation is not in view, from the states it was put in: a state or
 * layout that only a render target (RENDER_TARGET) or a depth-stencil (DEPTH_WRITE/READ, DEPTH_STENCIL_WRITE/READ)
 * may be in says which it is — a barrier into it on another resource is itself invalid (#1308 missing bind flags),
 * and neither is ever a buffer. Whether it also allows UAVs is not known, so on a list of unknown type
 * UNORDERED_ACCESS is accepted too, and a compute list's discard (which needs that flag) is not judged.
 */
function impliedNeeds(met: ResState, listType: string | null): Needs | null {
  if (listType !== null && listType !== 'direct') return null;
  const legacy = [...met.legacy.values.keys()];
  const layouts = [...met.layout.values.keys()];
  const depth = legacy.some((v) => (v & 0x30) !== 0) || layouts.some((v) => v === 4 || v === 5);
  const target = legacy.some((v) => (v & 0x4) !== 0) || layouts.some((v) => v === 2);
  if (depth === target) return null;
  const direct = depth ? { states: [0x10], layouts: new Set([4]) } : { states: [0x4], layouts: new Set([2]) };
  return listType === 'direct' ? direct : { states: [...direct.states, 0x8], layouts: new Set([...direct.layouts, ...UAV_LAYOUTS]) };
}

export const rule = defineRule({
  meta: {
    id: 'discard-resource-state',
    description: 'DiscardResource on a render target, depth-stencil or (compute) UAV that is not in the matching state or layout.',
    defaultSeverity: 'error',
    messageId: 'INVALID_SUBRESOURCE_STATE', messageNumber: 538, category: 'EXECUTION',
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['LB-26', 'EB-MISC-05'],
    messages: {
      state: "Using DiscardResource: Resource state ({{actual}}) of resource ('{{name}}') is invalid for a discard; the resource must be in {{expected}}{{note}}.",
      layout: "Using DiscardResource: Resource layout ({{actual}}) of resource ('{{name}}') is invalid for a discard; the resource must be in {{expected}}{{note}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    return {
      file: creations.file,
      tracked: {
        command(e, uses, tctx) {
          if (e.method !== 'DiscardResource' || (tctx.listType !== null && tctx.listType !== 'direct' && tctx.listType !== 'compute')) return;
          for (const u of uses) {
            if (u.role !== 'discard' || deactivatedOn(u.met, tctx.list)) continue;
            const created = creations.of(u, tctx);
            const flags = created?.creation.flags;
            const known = !!created && flags !== null && flags !== undefined;
            if (created?.creation.dimension === 'buffer') continue;
            const need = known ? needsFor(flags, tctx.listType) : impliedNeeds(u.met, tctx.listType);
            if (!need) continue;
            const base = { range: tctx.range, resource: u.ref.text, fingerprintText: `discard|${u.key}` };
            if (u.met.lastModel === 'legacy') {
              const c = compareTracked(u.met.legacy, (v) => need.states.some((st) => (v & st) === st));
              if (!c.severity) continue;
              ctx.report({ ...base, messageKey: 'state', severity: c.severity, related: [...relatedFor(tctx, c), ...(created ? [createdHere(created)] : [])],
                data: { actual: formatLegacyState(c.mismatches[0][0]), name: u.ref.text, expected: need.states.map(formatLegacyState).join(' or '), note: pathNote(c, formatLegacyState) } });
            } else if (u.met.lastModel === 'enhanced') {
              const c = compareTracked(u.met.layout, (v) => need.layouts.has(v));
              if (!c.severity) continue;
              ctx.report({ ...base, messageKey: 'layout', severity: c.severity, related: [...relatedFor(tctx, c), ...(created ? [createdHere(created)] : [])],
                data: { actual: fmt('layout', c.mismatches[0][0]), name: u.ref.text, expected: [...need.layouts].map((l) => fmt('layout', l)).join(' or '), note: pathNote(c, (v) => fmt('layout', v)) } });
            }
          }
        },
      },
    };
  },
});
