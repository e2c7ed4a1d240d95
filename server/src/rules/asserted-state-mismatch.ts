// asserted-state-mismatch — eb-rules.md EB-MISC-04 (EB § ID3D12DebugCommandList3 AssertTextureLayout /
// AssertResourceAccess; ID3D12DebugCommandList::AssertResourceState). A debug command list's assertion is the code
// saying what state a resource is in at that point of the list; the debug layer raises an error when the list
// executes and it is not. Where the barriers before it (or the creation) already decide the state, a contradiction
// is found without running: AssertTextureLayout against the layout an enhanced barrier or InitialLayout set,
// AssertResourceAccess against what that layout permits (Table C.5.1) and the creation flags allow (C.15), and the
// legacy AssertResourceState against the state a ResourceBarrier set. Silent when the state is unknown, when it
// was last set by the other barrier model (the layer's legacy layouts are not the public ones), on buffers for
// layouts (AssertTextureLayout does nothing there), and for legacy states that promotion may have changed (COMMON).
import { RESOURCE_FLAGS } from '../model/enums';
import { isAccessAllowedByLayout, resourceFlagProblems } from '../model/layouts';
import { formatLegacyState } from '../model/messages';
import type { ResState } from '../track/state';
import type { AssertMeeting, TrackContext } from '../track/visitors';
import { defineRule } from './define-rule';
import { createdHere, ruleCreations } from './support/file-creations';
import { fmt } from './support/rule-helpers';
import type { Comparison } from './support/tracked-helpers';
import { compareTracked, pathNote, relatedFor } from './support/tracked-helpers';

const API: Readonly<Record<AssertMeeting['asserts'], string>> = {
  layout: 'ID3D12DebugCommandList3::AssertTextureLayout',
  access: 'ID3D12DebugCommandList3::AssertResourceAccess',
  state: 'ID3D12DebugCommandList::AssertResourceState',
};
const SIMULTANEOUS = RESOURCE_FLAGS.ALLOW_SIMULTANEOUS_ACCESS | RESOURCE_FLAGS.ALLOW_CROSS_ADAPTER;

/** Legacy: the asserted state is contradicted when it shares no bit with the tracked one (COMMON: any other state). */
function legacyAgrees(asserted: number): (tracked: number) => boolean {
  return (tracked) => (asserted === 0 ? tracked === 0 : (tracked & asserted) !== 0);
}

interface Check { comparison: Comparison; key: 'layout' | 'layoutAccess' | 'state'; describe: (v: number) => string }

function check(m: AssertMeeting, met: ResState, simultaneous: boolean): Check | null {
  if (m.asserts === 'state') {
    if (met.lastModel !== 'legacy' || met.legacy.unknown || met.legacy.values.has(0)) return null;
    if (met.legacyFromCreation && m.resource?.creation.dimension !== 'texture2d' && m.resource?.creation.dimension !== 'texture1d' && m.resource?.creation.dimension !== 'texture3d') return null;
    return { comparison: compareTracked(met.legacy, legacyAgrees(m.value)), key: 'state', describe: formatLegacyState };
  }
  if (met.lastModel !== 'enhanced' || m.resource?.creation.dimension === 'buffer') return null;
  const describe = (v: number) => fmt('layout', v);
  if (m.asserts === 'layout') return { comparison: compareTracked(met.layout, (l) => l === m.value), key: 'layout', describe };
  return { comparison: compareTracked(met.layout, (l) => isAccessAllowedByLayout(l, m.value, { simultaneous })), key: 'layoutAccess', describe };
}

export const rule = defineRule({
  meta: {
    id: 'asserted-state-mismatch',
    description: 'A debug command list assertion (AssertTextureLayout, AssertResourceAccess, AssertResourceState) that the tracked state contradicts.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: 'EXECUTION',
    api: API.layout,
    catalog: ['EB-MISC-04'],
    messages: {
      layout: "Resource ('{{name}}'){{sub}} is in layout {{actual}}, not the asserted {{expected}}{{note}}.",
      layoutAccess: "Resource ('{{name}}'){{sub}} is in layout {{actual}}, which does not support the asserted access {{expected}}{{note}}.",
      state: "Resource ('{{name}}'){{sub}} is in state {{actual}}, not the asserted {{expected}}{{note}}.",
      flags: "Resource ('{{name}}') does not support the asserted access {{expected}}: it was created {{flags}}.",
    },
  },
  create(ctx) {
    const creations = ruleCreations(ctx.uri);
    const report = (m: AssertMeeting, tctx: TrackContext, c: Check) => {
      const [actual] = c.comparison.mismatches[0];
      ctx.report({
        messageKey: c.key, severity: c.comparison.severity!, api: API[m.asserts], range: tctx.range, resource: m.ref.text,
        related: relatedFor(tctx, c.comparison),
        data: {
          name: m.ref.text, sub: m.subresource === 0xffffffff ? '' : ` (subresource: ${m.subresource})`, actual: c.describe(actual),
          expected: m.asserts === 'state' ? formatLegacyState(m.value) : fmt(m.asserts === 'layout' ? 'layout' : 'access', m.value),
          note: pathNote(c.comparison, c.describe),
        },
        fingerprintText: `assert|${m.method}|${m.key}|${m.value}`,
      });
    };
    return {
      file: creations.file,
      tracked: {
        stateAssert(m, tctx) {
          const created = creations.of(m, tctx);
          const flags = created?.creation.flags;
          if (m.asserts === 'access' && created && flags !== null && flags !== undefined && m.value !== 0x80000000) {
            const p = resourceFlagProblems(flags, { access: m.value });
            if (p.missing || p.present) {
              ctx.report({
                messageKey: 'flags', severity: 'error', api: API.access, range: tctx.range, resource: m.ref.text, related: [...tctx.related, createdHere(created)],
                data: { name: m.ref.text, expected: fmt('access', m.value), flags: p.missing ? `without ${fmt('resource-flags', p.missing)}` : `with ${fmt('resource-flags', p.present)}` },
                fingerprintText: `assert-flags|${m.key}|${m.value}`,
              });
              return;
            }
          }
          const simultaneous = flags === null || flags === undefined || (flags & SIMULTANEOUS) !== 0;
          for (const part of m.parts) {
            const c = check({ ...m, resource: m.resource ?? created }, part.met, simultaneous);
            if (c?.comparison.severity) { report(m, tctx, c); return; }
          }
        },
      },
    };
  },
});
