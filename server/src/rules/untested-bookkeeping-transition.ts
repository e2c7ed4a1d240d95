// untested-bookkeeping-transition — issue 10's state-tracking wrappers, seen from the other side: a barrier recorded
// outside the code base's wrapper that reads the wrapper's bookkeeping as its before-value. The wrapper
// (`if (m_state != s) { barrier(m_state → s); m_state = s; }`, or `if (before == after) return false;` after
// `before = currentState`) tests the bookkeeping against the new state because the resource is often already there;
// a barrier that takes `tex.currentState` as StateBefore and a constant StateAfter without that test is a transition
// from a state to itself whenever the bookkeeping already holds the after-state — #525
// RESOURCE_BARRIER_MATCHING_STATES at run time. The bookkeeping's value is not known statically, so this is a
// warning, and only where the file's own wrapper tests that same member (the code base says it can be equal).
import type { BarrierFact, FileFacts, FunctionFacts, ResourceBarrierCallEvent, Stmt, UserCallEvent } from '../extract/facts';
import type { Field } from '../extract/operands';
import type { Range } from '../types';
import { rangeContains } from '../ranges';
import { defineRule } from './define-rule';

const norm = (t: string): string => t.replace(/\s+/g, '').replace(/^this->/, '').replace(/^\(\*this\)\./, '');

/** The member a bookkeeping expression names (`tex.currentState`, `res->m_state`: the last member), if it is one. */
const memberOf = (text: string): string | undefined => /(?:\.|->)(\w+)$/.exec(norm(text))?.[1];

/**
 * A member of the function's own class named bare (`m_state` in `Texture::Transition`), keyed with the class: another
 * class's member of the same name is another piece of bookkeeping.
 */
const ownMember = (fn: FunctionFacts, name: string): string => `${fn.qualifiedName.slice(0, Math.max(0, fn.qualifiedName.lastIndexOf('::')))}::${name}`;

/** The bookkeeping names of the 'then'/'skip' guards of a function body. */
function guardNames(s: Stmt, out: string[]): string[] {
  switch (s.k) {
    case 'seq': s.body.forEach((b) => guardNames(b, out)); break;
    case 'if': out.push(...(s.bookkeeping ?? [])); guardNames(s.then, out); if (s.else) guardNames(s.else, out); break;
    case 'loop': guardNames(s.body, out); break;
    case 'switch': s.cases.forEach((c) => guardNames(c, out)); break;
    default: break;
  }
  return out;
}

/**
 * The members the file's state-tracking wrappers keep as bookkeeping: a tested member (`Resource.m_UsageState`), a
 * member of the wrapper's own class (`m_state`: `bare`), or the member a call of the wrapper hands to the tested
 * parameter (`SetBarrier(texture.currentState, …)` for `SetBarrier(D3D12_RESOURCE_STATES& currentState, …)`).
 */
function bookkeepingMembers(facts: FileFacts): { members: Map<string, FunctionFacts>; wrappers: Set<FunctionFacts> } {
  const members = new Map<string, FunctionFacts>();
  const wrappers = new Set<FunctionFacts>();
  const byParam: { index: number; wrapper: FunctionFacts; order: number }[] = [];
  // The member's wrapper named in the message: the first one of the file that tests it, one with a name first.
  const orders = new Map<string, number>();
  const keep = (member: string, wrapper: FunctionFacts, at: number): void => {
    const order = wrapper.name === '<anonymous>' ? at + facts.functions.length : at;
    if ((orders.get(member) ?? Infinity) <= order) return;
    orders.set(member, order);
    members.set(member, wrapper);
  };
  for (const [order, fn] of facts.functions.entries()) {
    const names = guardNames(fn.body, []);
    if (names.length === 0) continue;
    wrappers.add(fn);
    for (const name of names) {
      const m = memberOf(name);
      if (m) { keep(m, fn, order); continue; }
      if (!/^\w+$/.test(name)) continue;
      const index = fn.params.indexOf(name);
      if (index >= 0) byParam.push({ index, wrapper: fn, order });
      else if (!(fn.locals ?? []).includes(name)) keep(ownMember(fn, name), fn, order);
    }
  }
  if (byParam.length === 0) return { members, wrappers };
  for (const fn of facts.functions) {
    visitStmts(fn.body, (s) => {
      if (s.k !== 'event' || s.event.kind !== 'user-call') return;
      const e = s.event;
      for (const p of byParam) {
        const arg = p.wrapper.name === e.callee ? e.args[p.index] : undefined;
        const m = arg && memberOf(arg.field.text);
        if (m) keep(m, p.wrapper, p.order);
      }
    });
  }
  return { members, wrappers };
}

/** Whether a branch leaves the function or the iteration. */
function exits(s: Stmt): boolean {
  switch (s.k) {
    case 'seq': return s.body.some(exits);
    case 'if': return exits(s.then) || (!!s.else && exits(s.else));
    case 'switch': return s.cases.some(exits);
    case 'return': case 'break': case 'continue': return true;
    default: return false;
  }
}

function visitStmts(s: Stmt, visit: (s: Stmt, tested: boolean) => void, tested = false): void {
  visit(s, tested);
  switch (s.k) {
    case 'seq': s.body.forEach((b) => visitStmts(b, visit, tested)); break;
    case 'if': visitStmts(s.then, visit, true); if (s.else) visitStmts(s.else, visit, true); break;
    case 'loop': visitStmts(s.body, visit, tested); break;
    case 'switch': s.cases.forEach((c) => visitStmts(c, visit, true)); break;
    default: break;
  }
}

/**
 * The legacy transitions a function records at an untested position — not inside an `if` or `switch`, and after no
 * earlier test that leaves the function or the iteration (`if (t.state == want) return;` may be the wrapper's test
 * written out) — and, at such positions, its calls of other functions.
 */
function untestedTransitions(fn: FunctionFacts, barrier: (b: BarrierFact, call: ResourceBarrierCallEvent) => void, call?: (c: UserCallEvent) => void): void {
  let exited = false;
  visitStmts(fn.body, (s, tested) => {
    if (s.k === 'if' && (exits(s.then) || (s.else && exits(s.else)))) exited = true;
    if (tested || exited || s.k !== 'event') return;
    const e = s.event;
    if (e.kind === 'user-call') { call?.(e); return; }
    if (e.kind !== 'resource-barrier-call') return;
    for (const b of e.barriers ?? []) if (b.kind === 'legacy-transition' && !b.fromLoop) barrier(b, e);
  });
}

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
        const { members, wrappers } = bookkeepingMembers(facts);
        if (members.size === 0) return;
        // Helpers of the file that record, untested, a transition from one parameter to another (`Transition(cl, res,
        // before, after)`): a call handing them the bookkeeping and a constant records that barrier.
        const helpers = new Map<string, { before: number; after: number; resource?: number }[]>();
        for (const fn of facts.functions) {
          if (wrappers.has(fn)) continue;
          untestedTransitions(fn, (b) => {
            const before = b.fields.StateBefore?.param;
            const after = b.fields.StateAfter?.param;
            if (before === undefined || after === undefined) return;
            const forms = helpers.get(fn.name) ?? [];
            forms.push({ before, after, ...(b.resource?.param !== undefined ? { resource: b.resource.param } : {}) });
            helpers.set(fn.name, forms);
          });
        }
        const report = (fn: FunctionFacts, before: Field, after: Field, range: Range, name: string | undefined): void => {
          // Only a before-value written here reads the bookkeeping here: a barrier a wrapper returned or filled is its own.
          if (!rangeContains(fn.range, before.range)) return;
          if (before.value !== null || before.param !== undefined || before.oneOf || before.origin) return;
          if (after.value === null || after.param !== undefined || after.origin || after.perPath) return;
          const text = norm(before.text);
          const m = memberOf(text) ?? (/^\w+$/.test(text) && !(fn.locals ?? []).includes(text) && !fn.params.includes(text) ? ownMember(fn, text) : undefined);
          const wrapper = m !== undefined ? members.get(m) : undefined;
          if (!wrapper || wrapper === fn) return;
          const afterName = /^D3D12_RESOURCE_STATE_\w+$/.test(norm(after.text)) ? norm(after.text) : `0x${(after.value >>> 0).toString(16)}`;
          ctx.report({
            messageKey: 'untested', range,
            data: { bookkeeping: text, wrapper: wrapper.name, after: afterName, name: name ?? 'the resource' },
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
            for (const form of helpers.get(call.callee) ?? []) {
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
