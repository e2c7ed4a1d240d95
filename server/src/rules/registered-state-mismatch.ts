// registered-state-mismatch — issue 10's state-tracking wrappers at their start: engines with a tracker of their own
// tell it each new resource's state right after creating it (`Tracker::AddGlobalResourceState(res.Get(),
// D3D12_RESOURCE_STATE_COMMON)`, `RegisterResource(res, state)`), and every later wrapper call records its barrier
// from that bookkeeping. When the state handed to the tracker is not the creation's, every one of those barriers has a
// wrong StateBefore (#527 at run time) — a mistake no barrier in the file shows, because the wrapper's before-value is
// its bookkeeping. The tracker's body is usually in another file; the rule reads the call by how the file uses it: at
// its other creations, the same call (same callee, arity and argument position) is handed exactly the creation state
// of the resource just created, so that argument says what state the resource is in. A call that hands a resource a
// different constant state right after its creation deviates. In a run, the other files' calls count too, and a
// callee another file defines as a barrier helper is a transition (support/bookkeeping.ts, cli/cross-file.ts).
import { defineRule } from './define-rule';
import { deviates, eventsByFunction, handedStates, othersOf, transitioningNames, transitionsElsewhere } from './support/bookkeeping';

export const rule = defineRule({
  meta: {
    id: 'registered-state-mismatch',
    description: "A resource's creation state differs from the state handed to the code base's tracker right after it, where the tracker is handed the creation state elsewhere.",
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12Device::CreateCommittedResource',
    catalog: [],
    messages: {
      mismatch: "'{{name}}' is created in {{created}}, but {{callee}}() is then handed {{handed}} for it; at {{agree}} other creation(s) "
        + 'of this file {{callee}}() is handed exactly the creation state, so the barriers recorded from that bookkeeping will '
        + 'start from the wrong state.',
      mismatchRun: "'{{name}}' is created in {{created}}, but {{callee}}() is then handed {{handed}} for it; at {{agree}} other creation(s) "
        + "of the run's files ({{here}} in this file) {{callee}}() is handed exactly the creation state, so the barriers recorded from "
        + 'that bookkeeping will start from the wrong state.',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        // The run's other files: their calls of the same tracker, and the barrier helpers they define (the helper
        // index: a call of one right after a creation is a transition, not a registration).
        const others = othersOf(ctx.conventions?.bookkeeping, ctx.uri);
        const events = eventsByFunction(facts);
        const lookup = (name: string, argc: number) => ctx.otherFileFunction?.(name, argc)?.fn;
        const elsewhere = (callee: string, argc: number): boolean => {
          const fn = lookup(callee, argc);
          return !!fn && transitionsElsewhere(fn, lookup);
        };
        const handed = handedStates(facts, events, transitioningNames(facts, events), elsewhere);
        const own = handed.map((h) => ({ callee: h.callee, argc: h.argc, position: h.position, agrees: h.handed === h.created }));
        const theirs = others.flatMap((o) => o.registrations ?? []);
        for (const [i, h] of handed.entries()) {
          const rest = own.filter((_, j) => j !== i);
          const agree = deviates(own[i], [...rest, ...theirs]);
          if (agree === 0) continue;
          const here = deviates(own[i], rest);
          const data = { name: h.resource, created: h.createdText, callee: h.callee, handed: h.handedText, agree: String(agree) };
          ctx.report({
            // The file alone makes the convention: its own message (as before the run's files were counted).
            ...(here === agree ? { messageKey: 'mismatch', data } : { messageKey: 'mismatchRun', data: { ...data, here: String(rest.filter((o) => o.agrees && o.callee === h.callee && o.argc === h.argc && o.position === h.position).length) } }),
            range: h.range, api: 'ID3D12Device::CreateCommittedResource', resource: h.resource,
            fingerprintText: `registered-state-mismatch|${h.callee}|${h.resource}|${h.handedText}`,
          });
        }
      },
    };
  },
});
