// xbox-indirect-argument-buffer — xbox-platform.md § 7 (DIFF "Resource creation"). On Xbox,
// D3D12_RESOURCE_STATE_GENERIC_READ does not include INDIRECT_ARGUMENT (it is VERTEX_AND_CONSTANT_BUFFER |
// INDEX_BUFFER | COPY_SOURCE | NON_PIXEL_SHADER_RESOURCE | PIXEL_SHADER_RESOURCE), so an ExecuteIndirect argument
// or count buffer left in GENERIC_READ — fine on PC — is not readable by the command processor. And indirect
// argument buffers must be created with D3D12XBOX_RESOURCE_FLAG_ALLOW_INDIRECT_BUFFER.
import { RESOURCE_STATES, XBOX_RESOURCE_FLAGS } from '../model/enums';
import { defineRule } from './define-rule';
import { compareTracked, pathNote, relatedFor } from './support/tracked-helpers';
import { xfmt } from './support/xbox-helpers';

const GENERIC_READ = RESOURCE_STATES.GENERIC_READ >>> 0;
const ROLES = new Set(['indirect-argument', 'indirect-count']);

export const rule = defineRule({
  meta: {
    id: 'xbox-indirect-argument-buffer',
    description: 'ExecuteIndirect buffers need INDIRECT_ARGUMENT (not GENERIC_READ) and ALLOW_INDIRECT_BUFFER on Xbox.',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    platforms: ['xbox-series', 'xbox-one'],
    messages: {
      genericRead: 'ExecuteIndirect reads \'{{resource}}\' as {{use}} while it is in D3D12_RESOURCE_STATE_GENERIC_READ'
        + '{{path}}: on Xbox GENERIC_READ does not include INDIRECT_ARGUMENT. Transition it to '
        + 'D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT.',
      flag: '\'{{resource}}\' is used as {{use}} but was created without D3D12XBOX_RESOURCE_FLAG_ALLOW_INDIRECT_BUFFER '
        + '(flags: {{flags}}); Xbox requires the flag on indirect argument resources.',
    },
  },
  create(ctx) {
    return {
      tracked: {
        command(e, uses, tctx) {
          if (e.method !== 'ExecuteIndirect') return;
          for (const u of uses) {
            if (!ROLES.has(u.role)) continue;
            const use = u.role === 'indirect-count' ? 'the count buffer' : 'the argument buffer';
            const c = compareTracked(u.met.legacy, (v) => v !== GENERIC_READ);
            if (c.severity) {
              ctx.report({
                messageKey: 'genericRead', severity: c.severity, range: tctx.range, related: relatedFor(tctx, c),
                data: { resource: u.ref.text, use, path: pathNote(c, (v) => xfmt('state', v)) },
                resource: u.ref.text, fingerprintText: `generic-read|${u.role}|${u.key}`,
                position: { group: null, index: null, listType: tctx.listType },
              });
            }
            const created = u.resource?.creation;
            if (created && created.flags !== null && (created.flags & XBOX_RESOURCE_FLAGS.ALLOW_INDIRECT_BUFFER) === 0) {
              ctx.report({
                messageKey: 'flag', range: tctx.range, data: { resource: u.ref.text, use, flags: xfmt('resource-flags', created.flags) },
                related: [...tctx.related, { uri: u.resource!.uri, range: created.resource.range, message: `'${u.ref.text}' was created here` }],
                resource: u.ref.text, fingerprintText: `flag|${u.key}`,
                position: { group: null, index: null, listType: tctx.listType },
              });
            }
          }
        },
      },
    };
  },
});
