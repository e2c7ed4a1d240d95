// legacy-state-mismatch — eb-rules.md LB-09 (RBAPI § Debug layer; RB). A legacy transition's StateBefore must be
// the subresource's current state: the last StateAfter, the creation InitialState, or (from COMMON) a state the
// resource was implicitly promoted to. A wrong StateBefore makes the driver flush/decompress the wrong way.
import { legacyStateAccepts } from '../model/legacy-states-compat';
import { promotableFromCommon } from '../model/legacy-states';
import { USE_NEEDS } from '../model/uses';
import { formatLegacyState } from '../model/messages';
import type { BarrierFact } from '../extract/facts';
import type { Origin, ResState } from '../track/state';
import type { BarrierMeeting, TrackContext } from '../track/visitors';
import { defineRule } from './define-rule';
import { fingerprintOf, known, resourceName } from './support/rule-helpers';
import { alternativesNote, compareAlternatives, compareTracked, focusOn, pathNote, relatedFor, restsOnHelperChoices } from './support/tracked-helpers';

/**
 * ` (subresource: N)`: the barrier's own index, or the tracked part's; for ALL_SUBRESOURCES against one state of the
 * whole resource the debug layer checks subresource 0 first and reports it (E1–E5 all print 0).
 */
function subresourceText(b: BarrierFact, key: string): string {
  const sub = known(b.fields.Subresource);
  const part = /\|sub(\d+)$/.exec(key);
  if (part) return ` (subresource: ${part[1]})`;
  if (sub === undefined) return '';
  return ` (subresource: ${sub === 0xffffffff ? 0 : sub})`;
}

/**
 * An ALL_SUBRESOURCES barrier after per-subresource transitions: the whole-resource state is that of the
 * subresources no barrier named since. When every named subresource is in the before-state, the mismatch is only
 * the rest's — and the rest may be empty (three array slices, each transitioned): it is reported only when the
 * creation shows more subresources than were named. Unknown is never a mismatch, so a named part unknown on some path
 * counts as in the before-state there.
 */
function onlyTheRest(meeting: BarrierMeeting, accepts: (v: number) => boolean): boolean {
  if (meeting.parts.length === 0) return false;
  // A part unknown on some path (a call there forgot it, and with it the rest) is judged by its known values only.
  if (!meeting.parts.every((p) => [...p.met.legacy.values.keys()].every(accepts))) return false;
  const c = meeting.resource?.creation;
  const atLeast = c && c.mipLevels && c.arraySize ? c.mipLevels * c.arraySize : null;
  return atLeast === null || meeting.parts.length >= atLeast;
}

export const rule = defineRule({
  meta: {
    id: 'legacy-state-mismatch',
    description: "A legacy transition's StateBefore differs from the state the resource is in.",
    defaultSeverity: 'error',
    messageId: 'RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH', messageNumber: 527, category: 'RESOURCE_MANIPULATION',
    api: 'ID3D12CommandList::ResourceBarrier',
    catalog: ['LB-09', 'LB-10'],
    // The debug layer's three shapes (eb-rules.md D.2): a state set by an earlier barrier of the list (E2, E5),
    // a state assumed at first use (E3, E4), and an InitialState, which only the submit-time check knows (E1).
    messages: {
      mismatch: "Before state ({{before}}) of resource ('{{name}}'){{sub}} specified by transition barrier does not match with the state ({{expected}}) specified in the previous call to ResourceBarrier{{note}}",
      assumed: "Before state ({{before}}) of resource ('{{name}}'){{sub}} specified by transition barrier does not match with the current resource state ({{expected}}) (assumed at first use){{note}}",
      promoted: "Before state ({{before}}) of resource ('{{name}}') specified by transition barrier does not match with the current resource state ({{expected}}): {{method}} earlier in this command list used it as {{use}}, and a resource in COMMON is implicitly promoted to that state until the command list's execution ends",
      initial: "Using ResourceBarrier on Command List{{list}}: Before state ({{before}}) of resource ('{{name}}'){{sub}} specified by transition barrier does not match with the state ({{expected}}) specified in preceding ResourceBarrier or as InitialState{{note}}",
    },
  },
  create(ctx) {
    /** A GPU write met before the resource's first barrier, which names COMMON (see promotedBefore): reported there. */
    const promoted = (method: string, u: { met: ResState; ref: { text: string }; key: string; resource?: PromotionFacts }, need: { states: readonly number[]; use: string }, tctx: TrackContext) => {
      const p = promotedBefore(u, need.states);
      if (!p || p.uri !== ctx.uri || tctx.uri !== ctx.uri) return;
      ctx.report({
        messageKey: 'promoted', severity: 'warning',
        data: { before: formatLegacyState(0), name: u.ref.text, expected: formatLegacyState(need.states[0]), method, use: need.use },
        range: p.range, resource: u.ref.text, fingerprintText: `legacy|promoted|${u.key}|${p.range.startLine}`,
        related: [{ uri: tctx.uri, range: tctx.range, message: `'${u.ref.text}' was used as ${need.use} here, before the barrier` }],
      });
    };
    /**
     * An ALL_SUBRESOURCES transition after per-subresource ones: the rest of the resource agrees with StateBefore,
     * but a subresource a barrier named since is in another state (the last mip a mip loop left in UNORDERED_ACCESS,
     * the cube face whose way back was skipped). The debug layer checks each subresource (#527 names it).
     */
    const reportPart = (b: BarrierFact, meeting: BarrierMeeting, tctx: TrackContext, before: number, accepts: (v: number) => boolean) => {
      const whole = known(b.fields.Subresource);
      if (meeting.key.includes('|') || whole === undefined || (whole >>> 0) !== 0xffffffff) return;
      for (const part of meeting.parts) {
        const sub = /\|sub(\d+)$/.exec(part.key);
        if (!sub) continue;
        const c = compareTracked(part.met.legacy, accepts);
        if (!c.severity || restsOnHelperChoices(c, part.met.legacy, tctx)) continue;
        const assumed = c.mismatches.some(([, o]) => o.assumed);
        ctx.report({
          messageKey: assumed ? 'assumed' : 'mismatch', severity: c.severity,
          data: {
            before: formatLegacyState(before), name: resourceName(b), sub: ` (subresource: ${sub[1]})`, list: '',
            expected: c.mismatches.map(([v]) => formatLegacyState(v)).join(' or '),
            note: pathNote(c, formatLegacyState),
          },
          range: tctx.range, focus: focusOn(b.fields.StateBefore, tctx), related: relatedFor(tctx, c), resource: resourceName(b),
          fingerprintText: `legacy|part|${fingerprintOf(b)}`,
        });
        return;
      }
    };
    return {
      tracked: {
        gpuUse(e, uses, tctx) {
          for (const u of uses) {
            const need = USE_NEEDS[u.use];
            // Render targets and depth are textures: COMMON met there is invalid-subresource-state's finding at the use.
            if (u.atFirstBarrier && need.writes && !need.textureOnly && !u.viaTable) promoted(e.method, u, { states: need.anyOf, use: need.use }, tctx);
          }
        },
        legacyBarrier(b, meeting, tctx) {
          if (b.kind !== 'legacy-transition' || !meeting) return;
          const simultaneous = meeting.resource ? meeting.resource.creation.dimension === 'buffer'
            || ((meeting.resource.creation.flags ?? 0) & 0x30) !== 0 : true;
          const before = known(b.fields.StateBefore);
          if (before === undefined) {
            // One barrier, per-path values: each path's StateBefore against the state tracked there.
            const a = compareAlternatives(b.fields.StateBefore, meeting.met.legacy, (v) => (t) => legacyStateAccepts(t, v, simultaneous));
            // Inside a helper the caller's arguments may decide the path: only the analysed function's own branches,
            // or every alternative wrong (`MoveTo(cl, r, resting, COPY_SOURCE)` with `resting` one of two states
            // the resource is in neither of: wrong whichever path chose it).
            if (!a || meeting.parts.length > 0 || (tctx.related.length > 0 && a.severity !== 'error')) return;
            const c = a.comparison;
            const assumed = c.mismatches.some(([, o]) => o.assumed);
            ctx.report({
              messageKey: assumed ? 'assumed' : 'mismatch', severity: a.severity,
              data: {
                before: a.wrong.map(formatLegacyState).join(' or '), name: resourceName(b), sub: subresourceText(b, meeting.key), list: '',
                expected: c.mismatches.map(([v]) => formatLegacyState(v)).join(' or '),
                note: alternativesNote(a, b.fields.StateBefore, formatLegacyState),
              },
              range: tctx.range, related: relatedFor(tctx, c), resource: resourceName(b), fingerprintText: `legacy|${fingerprintOf(b)}`,
            });
            return;
          }
          // From COMMON a promoted state is accepted, unless nothing was recorded since the barrier that set COMMON.
          const accepts = (v: number) => (v === 0 && meeting.idleCommon ? (before >>> 0) === 0 : legacyStateAccepts(v, before, simultaneous));
          const c = compareTracked(meeting.met.legacy, accepts);
          if (!c.severity || onlyTheRest(meeting, accepts) || restsOnHelperChoices(c, meeting.met.legacy, tctx)) {
            if (!c.severity) reportPart(b, meeting, tctx, before, accepts);
            return;
          }
          const assumed = c.mismatches.some(([, o]) => o.assumed);
          const initial = !assumed && meeting.met.legacyFromCreation;
          ctx.report({
            messageKey: assumed ? 'assumed' : initial ? 'initial' : 'mismatch', severity: c.severity,
            ...(initial ? { api: 'ID3D12CommandQueue::ExecuteCommandLists' } : {}),
            data: {
              before: formatLegacyState(before), name: resourceName(b), sub: subresourceText(b, meeting.key),
              list: tctx.list ? ` ('${tctx.list}')` : '',
              expected: c.mismatches.map(([v]) => formatLegacyState(v)).join(' or '),
              note: pathNote(c, formatLegacyState),
            },
            range: tctx.range, focus: focusOn(b.fields.StateBefore, tctx), related: relatedFor(tctx, c), resource: resourceName(b), fingerprintText: `legacy|${fingerprintOf(b)}`,
          });
        },
      },
    };
  },
});

interface PromotionFacts {
  creation: { dimension: string | null; flags?: number | null };
}

/**
 * A write by GPU work (a UAV bound at a draw or dispatch) met before the resource's first barrier, judged against
 * that barrier's COMMON before-state: the work found the resource in the state it needs or promoted it there from
 * COMMON (buffers, simultaneous-access textures), and the promoted state lasts until the list's execution ends — so
 * COMMON is not the state the barrier meets, as when the resource is known to be in COMMON at the dispatch. Only an
 * assumed COMMON known on every path; a use COMMON cannot be promoted to is invalid-subresource-state's finding at
 * the use. Copies are left as before (see the rule doc). Where the barrier is.
 */
function promotedBefore(u: { met: ResState; resource?: PromotionFacts }, needs: readonly number[]): Origin | null {
  const l = u.met.legacy;
  if (u.met.lastModel === 'enhanced' || l.unknown || l.values.size !== 1) return null;
  const [[state, origin]] = [...l.values];
  if ((state >>> 0) !== 0 || !origin.assumed || origin.loop || origin.aroundLoop) return null;
  const c = u.resource?.creation;
  const simultaneous = !c || c.dimension === 'buffer' || ((c.flags ?? 0) & 0x30) !== 0;
  return needs.some((n) => n !== 0 && promotableFromCommon(n, { isBufferOrSimultaneous: simultaneous })) ? origin : null;
}
