// registered-state-mismatch — issue 10's state-tracking wrappers at their start: engines with a tracker of their own
// tell it each new resource's state right after creating it (`Tracker::AddGlobalResourceState(res.Get(),
// D3D12_RESOURCE_STATE_COMMON)`, `RegisterResource(res, state)`), and every later wrapper call records its barrier
// from that bookkeeping. When the state handed to the tracker is not the creation's, every one of those barriers has a
// wrong StateBefore (#527 at run time) — a mistake no barrier in the file shows, because the wrapper's before-value is
// its bookkeeping. The tracker's body is usually in another file; the rule reads the call by how the file uses it: at
// its other creations, the same call (same callee, arity and argument position) is handed exactly the creation state
// of the resource just created, so that argument says what state the resource is in. A call that hands a resource a
// different constant state right after its creation deviates.
import type { Event, FileFacts, FunctionFacts, Stmt } from '../extract/facts';
import type { Range } from '../types';
import { forEachEvent } from '../extract/events';
import { defineRule } from './define-rule';
import { rangeContains } from '../ranges';

/** One call that hands a resource just created a constant legacy state. */
interface Handed {
  callee: string;
  argc: number;
  position: number;
  created: number;
  createdText: string;
  handed: number;
  handedText: string;
  resource: string;
  range: Range;
}

const STATE_NAME = /^D3D12_RESOURCE_STATE_\w+$/;

/** Each function's events in source order, collected once per file (both passes below read them). */
function eventsByFunction(facts: FileFacts): Map<FunctionFacts, Event[]> {
  return new Map(facts.functions.map((fn) => {
    const out: Event[] = [];
    forEachEvent(fn.body, (e) => out.push(e));
    return [fn, out];
  }));
}

/**
 * The functions of the file whose body records a barrier or tests a state-tracking guard, or calls one that does:
 * transitions, not records. So are the functions that build a barrier from their parameters — fill helpers
 * (`init_transition_barrier(&barriers[0], texture, COPY_DEST, COPY_SOURCE)`) and barrier makers: the state they are
 * handed becomes a barrier's, which the tracker checks against the creation where it is submitted.
 */
function transitioningNames(facts: FileFacts, events: ReadonlyMap<FunctionFacts, Event[]>): Set<string> {
  const out = new Set<string>(facts.fillHelpers?.map((h) => h.name) ?? []);
  const built = facts.barriers.filter((b) => Object.values(b.fields).some((f) => f?.param !== undefined));
  for (const fn of facts.functions) if (built.some((b) => rangeContains(fn.range, b.range))) out.add(fn.name);
  const guarded = (s: Stmt): boolean => {
    switch (s.k) {
      case 'seq': return s.body.some(guarded);
      case 'if': return !!s.guard || guarded(s.then) || (!!s.else && guarded(s.else));
      case 'loop': return guarded(s.body);
      case 'switch': return s.cases.some(guarded);
      default: return false;
    }
  };
  for (const fn of facts.functions) {
    if (guarded(fn.body) || events.get(fn)!.some((e) => e.kind === 'resource-barrier-call' || e.kind === 'barrier-call')) out.add(fn.name);
  }
  // And the functions that call one of them (a forwarding `Impl::Transition` → `TransitionResource`), to a fixpoint.
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of facts.functions) {
      if (out.has(fn.name) || !events.get(fn)!.some((e) => e.kind === 'user-call' && out.has(e.callee))) continue;
      out.add(fn.name);
      grew = true;
    }
  }
  return out;
}

/**
 * Per function, in source order: after a creation with one known legacy state, the first call handed that resource
 * and a constant D3D12_RESOURCE_STATE_* (before any barrier is recorded in the function), and the position of that
 * state among its arguments.
 */
function handedStates(facts: FileFacts, events: ReadonlyMap<FunctionFacts, Event[]>, skip: ReadonlySet<string>): Handed[] {
  const out: Handed[] = [];
  for (const fn of facts.functions) {
    const open = new Map<string, { value: number; text: string }>();
    for (const e of events.get(fn)!) {
      if (e.kind === 'resource-barrier-call' || e.kind === 'barrier-call') break;
      if (e.kind === 'resource-creation') {
        const key = e.creation.resource.key;
        const state = e.creation.initialState;
        if (!key) continue;
        if (state && state.value !== null && state.param === undefined && !e.creation.initialStateOneOf) open.set(key, { value: state.value >>> 0, text: state.text });
        else open.delete(key);
        continue;
      }
      if (e.kind !== 'user-call' || skip.has(e.callee)) continue;
      const key = e.args.map((a) => a.resource.key).find((k) => !!k && open.has(k));
      if (!key) continue;
      const position = e.args.findIndex((a) => a.field.value !== null && a.field.param === undefined && STATE_NAME.test(a.field.text.trim()));
      if (position < 0) continue;
      const created = open.get(key)!;
      open.delete(key);
      const a = e.args[position].field;
      out.push({ callee: e.callee, argc: e.args.length, position, created: created.value, createdText: created.text, handed: a.value! >>> 0, handedText: a.text.trim(), resource: key, range: e.range });
    }
  }
  return out;
}

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
    },
  },
  create(ctx) {
    return {
      file(facts) {
        const events = eventsByFunction(facts);
        const handed = handedStates(facts, events, transitioningNames(facts, events));
        for (const h of handed) {
          if (h.handed === h.created) continue;
          const same = handed.filter((o) => o !== h && o.callee === h.callee && o.argc === h.argc && o.position === h.position);
          const agree = same.filter((o) => o.handed === o.created).length;
          // A convention: other calls hand the creation state, at least twice as many as hand another one.
          if (agree === 0 || agree < 2 * (same.length - agree)) continue;
          ctx.report({
            messageKey: 'mismatch', range: h.range, api: 'ID3D12Device::CreateCommittedResource', resource: h.resource,
            data: { name: h.resource, created: h.createdText, callee: h.callee, handed: h.handedText, agree: String(agree) },
            fingerprintText: `registered-state-mismatch|${h.callee}|${h.resource}|${h.handedText}`,
          });
        }
      },
    };
  },
});
