// recording-after-close — D3D12 command-list life cycle (ID3D12GraphicsCommandList::Close / Reset). After Close() a
// command list records nothing until Reset(): a barrier, copy, draw or state call made in between is invalid (the
// debug layer reports it and the call is dropped), so the barrier the code relies on never reaches the GPU. Usually
// a barrier appended after the list was closed for submission, or a Reset() forgotten on one path.
// Reported when, on every path to the call within one function, the list was closed and not reset since. A call
// to another function forgets a closed list it may reset: not an error-check wrapper such as ThrowIfFailed, not a
// call that cannot reach the list (support/list-resets.ts: a local or parameter list it is not handed), not a helper
// of the file it is handed to whose body resets it nowhere (`exec_command_list(queue, list)`); a helper of the file
// whose body certainly records on the list first (support/list-first-use.ts) is reported at the call; a helper of the
// file that certainly closes the list (`Finish()` closing the member `m_list` of the same object, or the list it is
// handed) closes it for the caller. Loops are entered once (a Close at the end of the body is not carried to the next
// iteration).
import type { Event, FileFacts, FunctionFacts, Stmt, UserCallEvent } from '../extract/facts';
import type { Range } from '../types';
import { defineRule } from './define-rule';
import { calleeOf, classOf, firstRecording, keyInCallee } from './support/list-first-use';
import { mayResetList } from './support/list-resets';

/** Calls that only check a result: `ThrowIfFailed(cl->Close())` does not reset anything. */
const CHECKS: ReadonlySet<string> = new Set([
  'ThrowIfFailed', 'ThrowIfFailedEx', 'VERIFY', 'V', 'V_RETURN', 'CHECK', 'CHECK_HR', 'HR', 'HRESULT_CHECK', 'assert',
  'SUCCEEDED', 'FAILED', 'D3D_CHECK', 'VERIFYD3D12RESULT', 'ASSERT_SUCCEEDED', 'ASSERT',
]);
/** List methods that record (state, work), named by prefix; SetName / SetPrivateData* record nothing. */
const RECORDING = /^(?:Set(?!Name$|PrivateData)|IASet|OMSet|RSSet|SOSet|Draw|Dispatch|Clear|Copy|Resolve|ExecuteIndirect|ExecuteBundle|BeginEvent|EndEvent|BeginQuery|EndQuery|BeginRenderPass|EndRenderPass|Discard|Build|Emit|Write|Atomic)/;
const CALL_NAME: Readonly<Record<string, string>> = { Draw: 'DrawInstanced', DrawIndexed: 'DrawIndexedInstanced' };

/** The method a recording event calls on its list, or null when the event records nothing on a list. */
function recordedMethod(e: Event): string | null {
  switch (e.kind) {
    case 'barrier-call': return 'Barrier';
    case 'resource-barrier-call': return 'ResourceBarrier';
    case 'command': case 'bind': return e.method;
    case 'gpu-work': return e.present ? null : CALL_NAME[e.method] ?? e.method;
    case 'user-call': return e.onCommandList && RECORDING.test(e.callee) ? e.callee : null;
    default: return null;
  }
}

type Closed = Map<string, Range>;

const MAX_HELPER_DEPTH = 3;

/** A `return` anywhere but as the body's last statement: some path leaves the helper before its end. */
function exitsEarly(body: Stmt): boolean {
  const inner = (s: Stmt): boolean => {
    switch (s.k) {
      case 'return': return true;
      case 'seq': return s.body.some(inner);
      case 'if': return inner(s.then) || (!!s.else && inner(s.else));
      case 'loop': return inner(s.body);
      case 'switch': return s.cases.some(inner);
      default: return false;
    }
  };
  if (body.k !== 'seq') return inner(body);
  const last = body.body.length - 1;
  return body.body.some((c, i) => !(i === last && c.k === 'return') && inner(c));
}

/** `Finish()` called without an object inside a method of the class that defines it: members name the same object's. */
function sameObjectMember(e: UserCallEvent, callee: FunctionFacts, caller: FunctionFacts): boolean {
  return !e.receiverOp && !!classOf(caller) && classOf(callee) === classOf(caller);
}

function intersect(states: (Closed | null)[]): Closed | null {
  const live = states.filter((s): s is Closed => s !== null);
  if (live.length === 0) return null;
  const [first, ...rest] = live;
  return new Map([...first].filter(([k]) => rest.every((s) => s.has(k))));
}

export const rule = defineRule({
  meta: {
    id: 'recording-after-close',
    description: 'A barrier or command recorded on a command list after Close() and before Reset().',
    defaultSeverity: 'error',
    messageId: null, messageNumber: null, category: null,
    api: 'ID3D12CommandList::ResourceBarrier',
    messages: {
      closed: "'{{list}}' was closed by Close() and not reset since: {{method}} on a closed command list is invalid and records nothing; record it before Close() or after Reset().",
      helper: "'{{list}}' was closed by Close() and not reset since: {{callee}}() records {{method}} on it first, which is invalid on a closed command list and records nothing; call it before Close() or after Reset().",
    },
  },
  create(ctx) {
    const report = (e: Event, method: string, at: Range) => {
      const list = e.list?.text ?? '';
      ctx.report({
        messageKey: 'closed', data: { list, method }, range: e.range, resource: list, api: `ID3D12CommandList::${method}`,
        related: [{ uri: ctx.uri, range: at, message: `'${list}' was closed here` }],
        fingerprintText: `closed|${e.list?.key ?? ''}|${method}`,
      });
    };
    const isCheck = (e: UserCallEvent) => CHECKS.has(e.callee) || !!e.checksResult;
    /**
     * The helper a call names: one of the file, else (a name the file does not define) one another file of the run
     * defines (`D3DUtil::ChangeResourceState(res, list, …)` of D3DUtil.cpp), read alone: what it calls is not followed.
     */
    const helperOf = (e: UserCallEvent, facts: FileFacts): { fn: FunctionFacts; uri: string; facts: FileFacts } | undefined => {
      const own = calleeOf(e, facts);
      if (own) return { fn: own, uri: ctx.uri, facts };
      if (!ctx.otherFileFunction || facts.functions.some((f) => f.name === e.callee)) return undefined;
      const other = ctx.otherFileFunction(e.callee, e.args.length, e.receiverClass ?? e.qualifier, !!e.receiverClass);
      return other && { fn: other.fn, uri: other.uri, facts: { ...facts, functions: [] } };
    };
    /** A call of a helper that records on a closed list first: reported at the call, the recording as a note. */
    const throughHelper = (e: Event, closed: Closed, facts: FileFacts, caller: FunctionFacts) => {
      if (e.kind !== 'user-call' || e.onCommandList || isCheck(e)) return;
      const found = helperOf(e, facts);
      if (!found) return;
      const { fn: callee, uri, facts: calleeFacts } = found;
      for (const [key, at] of closed) {
        // Another file's helper reaches the list only as the argument it is handed (its members are another object's).
        const inner = uri === ctx.uri ? keyInCallee(e, callee, key, caller) : callee.params[e.args.findIndex((a) => a.resource.key === key)];
        const r = inner ? firstRecording({ fn: callee, key: inner, facts: calleeFacts, recorded: recordedMethod, isCheck }) : 'unknown';
        if (r === 'unknown') continue;
        const list = e.args.find((a) => a.resource.key === key)?.resource.text ?? key;
        const last = r.trail[r.trail.length - 1];
        ctx.report({
          messageKey: 'helper', data: { list, callee: e.callee, method: r.method }, range: e.range, resource: list, api: `ID3D12CommandList::${r.method}`,
          related: [{ uri: ctx.uri, range: at, message: `'${list}' was closed here` }, ...r.trail.slice(0, -1).map((t) => ({ uri, range: t.range, message: `${t.callee}() passes it on here` })),
            { uri, range: last.range, message: `${last.callee}() records ${r.method} here` }],
          fingerprintText: `closed-helper|${key}|${e.callee}|${r.method}`,
        });
      }
    };
    /** Walking a helper's body for what it leaves closed (`quiet`: nothing is reported there) and how deep. */
    type Walk = { facts: FileFacts; fn: FunctionFacts; quiet: boolean; depth: number };
    /** The lists certainly closed after `s`, given those closed before; null when no path gets past `s`. */
    const walk = (s: Stmt, closed: Closed, w: Walk): Closed | null => {
      switch (s.k) {
        case 'seq': {
          let cur: Closed | null = closed;
          for (const c of s.body) { if (!cur) return null; cur = walk(c, cur, w); }
          return cur;
        }
        case 'if': return intersect([walk(s.then, new Map(closed), w), s.else ? walk(s.else, new Map(closed), w) : closed]);
        case 'loop': return intersect([closed, walk(s.body, new Map(closed), w)]);
        case 'switch': return intersect([...s.cases.map((c) => walk(c, new Map(closed), w)), ...(s.hasDefault ? [] : [closed])]);
        case 'return': case 'break': case 'continue': return null;
        case 'event': {
          const e = s.event;
          const key = e.list?.key;
          if (e.kind === 'close') { if (key) closed.set(key, e.range); return closed; }
          if (e.kind === 'reset') { if (key) closed.delete(key); else closed.clear(); return closed; }
          const method = recordedMethod(e);
          if (method && key && closed.has(key)) { if (!w.quiet) report(e, method, closed.get(key)!); }
          else if (e.kind === 'user-call' && !e.onCommandList && !isCheck(e)) {
            if (!w.quiet) throughHelper(e, closed, w.facts, w.fn);
            for (const k of [...closed.keys()]) if (mayResetList(e, k, w.facts, w.fn, isCheck)) closed.delete(k);
            for (const [k, at] of closedByHelper(e, w)) closed.set(k, at);
          }
          return closed;
        }
        default: return closed;
      }
    };
    /**
     * The lists a helper of the file certainly leaves closed, as the caller names them: `End()` of the caller's own
     * class closing the member `m_list` (the same object's member), or a helper closing the list it is handed. Only a
     * helper without an early return (a path that skips the Close would otherwise be dropped), a few calls deep.
     */
    const helperCloses = new WeakMap<FunctionFacts, Closed>();
    const closedByHelper = (e: UserCallEvent, w: Walk): Closed => {
      const callee = w.depth < MAX_HELPER_DEPTH ? calleeOf(e, w.facts, w.fn) : undefined;
      if (!callee || callee === w.fn || exitsEarly(callee.body)) return new Map();
      let inside = helperCloses.get(callee);
      if (!inside) {
        helperCloses.set(callee, new Map());
        inside = walk(callee.body, new Map(), { facts: w.facts, fn: callee, quiet: true, depth: w.depth + 1 }) ?? new Map();
        helperCloses.set(callee, inside);
      }
      const out: Closed = new Map();
      for (const [k, at] of inside) {
        const p = callee.params.indexOf(k);
        const mine = p >= 0 ? e.args[p]?.resource.key : sameObjectMember(e, callee, w.fn) && keyInCallee(e, callee, k, w.fn) === k ? k : undefined;
        if (mine) out.set(mine, at);
      }
      return out;
    };
    return {
      file(facts) {
        for (const fn of facts.functions) walk(fn.body, new Map(), { facts, fn, quiet: false, depth: 0 });
      },
    };
  },
});
