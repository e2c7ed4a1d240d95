// untested-bookkeeping-transition — issue 10's state-tracking wrappers, seen from the other side: a barrier recorded
// outside the code base's wrapper that reads the wrapper's bookkeeping as its before-value. The wrapper
// (`if (m_state != s) { barrier(m_state → s); m_state = s; }`, or `if (before == after) return false;` after
// `before = currentState`) tests the bookkeeping against the new state because the resource is often already there;
// a barrier that takes `tex.currentState` as StateBefore and a constant StateAfter without that test is a transition
// from a state to itself whenever the bookkeeping already holds the after-state — #525
// RESOURCE_BARRIER_MATCHING_STATES at run time. The bookkeeping's value is not known statically, so this is a
// warning, and only where a wrapper of the file tests that same member (the code base says it can be equal), or a
// wrapper of another file of the run tests it on an object of the same declared class (support/bookkeeping.ts).
import type { Field } from '../extract/operands';
import type { FunctionFacts } from '../extract/facts';
import type { Range } from '../types';
import { defineRule } from './define-rule';
import { bookkeepingMembers, classKey, memberOf, norm, othersOf, ownMember, readsHere, sameBookkeeping, transitionForms, untestedTransitions, type TransitionForm } from './support/bookkeeping';

export const rule = defineRule({
  meta: {
    id: 'untested-bookkeeping-transition',
    description: "A transition whose before-state is the state-tracking wrapper's bookkeeping, recorded without the wrapper's test against the after-state.",
    defaultSeverity: 'warning',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12GraphicsCommandList::ResourceBarrier',
    catalog: [],
    messages: {
      untested: "StateBefore is the bookkeeping '{{bookkeeping}}', which {{wrapper}}() compares with the new state before it records a "
        + "transition; this barrier to {{after}} is recorded without that test: when '{{name}}' is already in {{after}} it is a "
        + 'transition from a state to itself.',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        const own = bookkeepingMembers(facts);
        const { members, wrappers } = own;
        // The run's other files: the members their wrappers test, by declared class, and their transition helpers.
        const others = othersOf(ctx.conventions?.bookkeeping, ctx.uri);
        const elsewhere = new Map<string, string>();
        // The wrapper a message names: a method of the member's class first (`Texture::Transition`), else the first.
        for (const o of others) for (const [key, wrapper, method] of o.members ?? []) if (method && !elsewhere.has(key)) elsewhere.set(key, wrapper);
        for (const o of others) for (const [key, wrapper] of o.members ?? []) if (!elsewhere.has(key)) elsewhere.set(key, wrapper);
        const otherForms = others.flatMap((o) => o.forms ?? []);
        if (members.size === 0 && elsewhere.size === 0) return;
        // Helpers of the file that record, untested, a transition from one parameter to another (`Transition(cl, res,
        // before, after)`): a call handing them the bookkeeping and a constant records that barrier. A helper of
        // another file of the run counts where the call matches its arity.
        const helpers = new Map<string, Omit<TransitionForm, 'name'>[]>();
        for (const { name, ...form } of transitionForms(facts, wrappers)) helpers.set(name, [...(helpers.get(name) ?? []), form]);
        const formsOf = (call: { callee: string; args: readonly unknown[] }): Omit<TransitionForm, 'name'>[] =>
          helpers.get(call.callee) ?? otherForms.filter((f) => f.name === call.callee && f.argc === call.args.length);
        const report = (fn: FunctionFacts, before: Field, after: Field, range: Range, name: string | undefined): void => {
          // Only a before-value written here reads the bookkeeping here: a barrier a wrapper returned or filled is its own.
          if (!readsHere(fn, before, after)) return;
          const text = norm(before.text);
          const m = memberOf(text) ?? (/^\w+$/.test(text) && !(fn.locals ?? []).includes(text) && !fn.params.includes(text) ? ownMember(fn, text) : undefined);
          const mine = m !== undefined && sameBookkeeping(own, fn, text, m) ? members.get(m) : undefined;
          if (mine === fn) return;
          const byClass = mine ? undefined : classKey(fn, text);
          const wrapper = mine?.name ?? (byClass !== undefined ? elsewhere.get(byClass) : undefined);
          if (!wrapper) return;
          const afterName = /^D3D12_RESOURCE_STATE_\w+$/.test(norm(after.text)) ? norm(after.text) : `0x${(after.value! >>> 0).toString(16)}`;
          ctx.report({
            messageKey: 'untested', range,
            data: { bookkeeping: text, wrapper, after: afterName, name: name ?? 'the resource' },
            ...(name ? { resource: name } : {}),
            fingerprintText: `untested-bookkeeping-transition|${text}|${afterName}`,
          });
        };
        for (const fn of facts.functions) {
          if (wrappers.has(fn)) continue;
          untestedTransitions(fn, (b, call) => {
            const before = b.fields.StateBefore;
            const after = b.fields.StateAfter;
            if (before && after) report(fn, before, after, call.range, b.resource?.text);
          }, (call) => {
            for (const form of formsOf(call)) {
              const before = call.args[form.before]?.field;
              const after = call.args[form.after]?.field;
              const res = form.resource !== undefined ? call.args[form.resource]?.resource.text : undefined;
              if (before && after) report(fn, before, after, call.range, res);
            }
          });
        }
      },
    };
  },
});
