// barrier-only-command-list — eb-rules.md EB-ECL-02 (EB § Barrier Sync Examples, NONE/NONE row; observed #1356).
// A command list that records nothing but Barrier() calls has no GPU work inside it to synchronize with: the
// ExecuteCommandLists boundary already waits for and flushes everything before it. Its barriers should use
// SyncBefore/SyncAfter NONE and AccessBefore/AccessAfter NO_ACCESS (pure layout transitions); anything else makes
// the driver wait and flush for nothing. Checked where one function records the whole list, from Reset() to
// Close(), with only Barrier calls on it in between and no call that could record into it.
import type { BarrierCallEvent, Event, FileFacts, Stmt } from '../extract/facts';
import { defineRule } from './define-rule';
import { known } from './support/rule-helpers';

const NO_ACCESS = 0x80000000;

function flatten(s: Stmt, out: Event[]): void {
  switch (s.k) {
    case 'seq': s.body.forEach((c) => flatten(c, out)); return;
    case 'if': flatten(s.then, out); if (s.else) flatten(s.else, out); return;
    case 'loop': flatten(s.body, out); return;
    case 'switch': s.cases.forEach((c) => flatten(c, out)); return;
    case 'event': out.push(s.event); return;
    default:
  }
}

/** The first barrier of the call whose sync is not NONE or whose access is not NO_ACCESS (known values only). */
function nonOptimal(call: BarrierCallEvent): boolean {
  return (call.groups ?? []).some((g) => (g.barriers ?? []).some((b) =>
    [b.fields.SyncBefore, b.fields.SyncAfter].some((f) => { const v = known(f); return v !== undefined && v !== 0; })
    || [b.fields.AccessBefore, b.fields.AccessAfter].some((f) => { const v = known(f); return v !== undefined && (v >>> 0) !== NO_ACCESS; })));
}

/** Barrier calls of each Reset…Close recording of one list that records nothing else. */
function barrierOnlyRecordings(facts: FileFacts): BarrierCallEvent[][] {
  const found: BarrierCallEvent[][] = [];
  for (const fn of facts.functions) {
    const events: Event[] = [];
    flatten(fn.body, events);
    events.forEach((reset, i) => {
      const key = reset.list?.key;
      if (reset.kind !== 'reset' || !key) return;
      const calls: BarrierCallEvent[] = [];
      for (const e of events.slice(i + 1)) {
        if (e.kind === 'close' && e.list?.key === key) {
          if (calls.length) found.push(calls);
          return;
        }
        // Anything that might record into the list (a command, a helper or method call, another reset) ends the search.
        if (e.kind === 'user-call' || e.kind === 'resource-barrier-call' || e.kind === 'reset' || e.kind === 'close') return;
        if (e.kind === 'command' && (!e.list?.key || e.list.key === key)) return;
        if (e.kind === 'barrier-call') {
          if (e.list?.key !== key) return;
          calls.push(e);
        }
      }
    });
  }
  return found;
}

export const rule = defineRule({
  meta: {
    id: 'barrier-only-command-list',
    description: 'A command list that records only Barrier calls should use SYNC_NONE and ACCESS_NO_ACCESS in them.',
    defaultSeverity: 'warning',
    messageId: 'NON_OPTIMAL_BARRIER_ONLY_EXECUTE_COMMAND_LISTS', messageNumber: 1356, category: 'EXECUTION',
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    catalog: ['EB-ECL-02'],
    messages: {
      only: 'ExecuteCommandLists references command lists that have recorded only Barrier commands. Since there is no other GPU work to synchronize against, all barriers should use AccessAfter / AccessBefore = D3D12_BARRIER_ACCESS_NO_ACCESS and SyncBefore / SyncAfter = D3D12_BARRIER_SYNC_NONE. This information can be used as an optimization hint by some drivers.',
    },
  },
  create(ctx) {
    return {
      file(facts) {
        for (const calls of barrierOnlyRecordings(facts)) {
          const first = calls.find(nonOptimal);
          if (!first) continue;
          ctx.report({
            messageKey: 'only', range: first.range, resource: first.list?.text,
            fingerprintText: `barrier-only|${first.list?.key ?? ''}`, position: { group: null, index: null, listType: null },
          });
        }
      },
    };
  },
});
