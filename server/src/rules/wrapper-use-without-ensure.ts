// wrapper-use-without-ensure — issue 10's "bugs as deviant behaviour" check (no catalog row: a convention of the code
// base, not an API rule). Engines that keep each resource's state in their own bookkeeping record barriers only
// through a state-tracking wrapper (`tex.setState(cl, D3D12_RESOURCE_STATE_COPY_DEST)`, MiniEngine's
// `ctx.TransitionResource(buf, ...)`): a copy, resolve or indirect command whose resource was not handed to the
// wrapper first runs in whatever state the last user left it in — the barrier the debug layer would report at
// ExecuteCommandLists (#538) when that state is wrong, which a static tracker cannot see because the state lives
// in the engine's bookkeeping. Where the code base itself calls its wrapper on the command's resource before at
// least 90 % of the uses of that command and role (at least 8 uses, over every file of a run), a use without it
// is reported, naming the convention and its count. Silent when the resource is on an UPLOAD/READBACK heap (its
// state is fixed), when the object is a parameter or a member (a caller may have called the wrapper), and when
// another call was handed the object before the command (it may call the wrapper itself).
import { ROLE_NEEDS } from '../model/api';
import { defineRule } from './define-rule';
import { deviation, runConventions, wrapperFacts } from './support/wrapper-conventions';

export const rule = defineRule({
  meta: {
    id: 'wrapper-use-without-ensure',
    description: "A command whose resource is not handed to the code base's state-tracking wrapper first, where the code base does so before nearly every such command.",
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12GraphicsCommandList::CopyTextureRegion',
    catalog: [],
    messages: {
      deviation: "'{{name}}' is used as {{use}} by {{method}} without a {{wrapper}}() call on it before, while this code base calls "
        + '{{wrapper}}() on the resource before {{ensured}} of {{total}} such uses ({{method}}, {{use}}); its state here is whatever '
        + 'the last user left it in.',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        const own = wrapperFacts(facts);
        if (!own) return;
        // In a run, every file's wrappers and uses make the convention (cli/cross-file.ts); alone, the file's own.
        const run = ctx.conventions ?? runConventions([own]);
        for (const use of own.uses) {
          const c = deviation(use, run);
          if (!c) continue;
          ctx.report({
            messageKey: 'deviation', api: `ID3D12GraphicsCommandList::${use.method}`, range: use.range,
            data: { name: use.resource, use: ROLE_NEEDS[use.role]?.use ?? `the ${use.role} argument`, method: use.method, wrapper: c.wrapper, ensured: c.ensured, total: c.total },
            fingerprintText: `wrapper-use-without-ensure|${use.method}|${use.role}|${use.resource}`,
          });
        }
      },
    };
  },
});
