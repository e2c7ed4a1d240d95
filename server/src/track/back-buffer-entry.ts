// The states a sealed swap-chain array can be in (issue 10, hist42: a real frame start that moved the back buffer
// RENDER_TARGET → PRESENT, reversed, with nothing anywhere moving it into RENDER_TARGET). A swap-chain buffer starts in
// PRESENT (COMMON); of a sealed array (extract/sealed-swap-chains.ts: `GetBuffer` fills it, a private field of a class
// the file defines, every mention of it seen) only the file's own barriers move the elements, so an element can only be
// in PRESENT, in a state a copy or read promotes PRESENT to, or in the StateAfter of one of those barriers. A barrier
// whose StateBefore is none of those, met with nothing tracked (assumed at first use), is wrong whatever ran before it:
// the function is run once more with the element in PRESENT, and only the legacy-state-mismatch at that barrier is
// kept, with a note saying why the state cannot be the one it names.
//
// Whole-file analyses only (the editor's function path declines for functions naming a sealed array or a helper handed
// its elements: lsp/frame-scope.ts). A finding needs all of:
//  - no function of the file stopped (work budget, internal error); every transition of the array's elements the
//    tracker applied, in any function of the file (through helpers too), has a known StateAfter, and every barrier
//    of the file naming an element names it by a key the tracker follows; no enhanced barrier names an element; no call that the tracker does not
//    follow (a function the file does not define, other than a view's creation or a name, assertion or marker) is
//    handed an element;
//  - the barrier's before-state is known, not COMMON, and assumed at that barrier (nothing tracked of the element);
//  - no error or warning of the function names the array already.
import type { FileFacts, FunctionFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { formatEnumValue } from '../model/format-values';
import { CPU_ONLY_CALLS, INERT_CALLS } from '../model/inert-calls';
import { VIEW_CREATION } from '../model/uses';
import { legacyStateAccepts } from '../model/legacy-states-compat';
import type { Range, ReportedFinding } from '../types';
import type { FunctionIndex } from './env';
import type { NextCall } from './frame-invariant';
import { swapChainBuffer } from './file-uses';
import { exactly, FRESH, type Origin } from './state';
import { ELEMENT, SwapChainLog } from './swap-chain-log';

/** The log for a whole-file analysis of a file with sealed swap-chain arrays, or undefined. */
export function swapChainLogFor(facts: FileFacts): SwapChainLog | undefined {
  const confirmed = new Set((facts.frameMembers ?? []).map((m) => m.name));
  const roots = [...facts.sealedSwapChains ?? [], ...(facts.headerSwapChains ?? []).filter((n) => confirmed.has(n))];
  return roots.length ? new SwapChainLog(new Set(roots)) : undefined;
}

const lastName = (callee: string): string => /([A-Za-z_~]\w*)\s*$/.exec(callee)?.[1] ?? callee;

/** The arrays an element of which is handed to a call of a function the file does not define. */
function handedAway(facts: FileFacts, log: SwapChainLog, index?: FunctionIndex): Set<string> {
  const defined = new Set(facts.functions.map((f) => f.name));
  const out = new Set<string>();
  for (const fn of facts.functions) {
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'user-call') return;
      const name = lastName(e.callee);
      // A view's creation, a debug name, an assertion: descriptors and CPU-side work, no state of the resource changes.
      // A function another file of the run defines is followed at the call, as the file's own are.
      if (defined.has(name) || name in VIEW_CREATION || INERT_CALLS.has(name) || CPU_ONLY_CALLS.has(name)) return;
      if (index?.resolve(name, e.args.length) || index?.eventless?.(name, e.args.length, undefined, true)) return;
      for (const a of e.args) {
        const root = log.rootOf(a.resource?.key ?? undefined);
        if (root) out.add(root);
      }
    });
  }
  return out;
}

/** A barrier of the file names an element of the array but the tracker does not know which resource it moves. */
function unkeyedBarrier(facts: FileFacts, log: SwapChainLog, root: string): boolean {
  const named = new RegExp(`(?:^|[^\\w.>])${root}\\s*\\[`);
  return facts.barriers.some((b) => named.test(b.resource?.text ?? '') && log.rootOf(b.resource?.key) !== root);
}

/**
 * The functions whose first barrier on an element of a sealed array names a state the array cannot be in, with the
 * element seeded in PRESENT (see the header).
 */
export function swapChainStarts(facts: FileFacts, log: SwapChainLog, uri: string, index?: FunctionIndex): Map<FunctionFacts, NextCall[]> {
  const out = new Map<FunctionFacts, NextCall[]>();
  if (log.moves.length === 0) return out;
  const away = handedAway(facts, log, index);
  for (const root of log.roots) {
    if (log.unsealed.has(root) || away.has(root) || unkeyedBarrier(facts, log, root)) continue;
    const moves = log.moves.filter((m) => m.root === root);
    if (moves.some((m) => m.after === undefined)) continue;
    const reachable = [0, ...new Set(moves.map((m) => m.after!))];
    const seen = new Set<string>();
    for (const m of moves) {
      if (!m.fn || !m.assumed || m.before === undefined || m.before === 0) continue;
      if (reachable.some((r) => legacyStateAccepts(r, m.before!, false))) continue;
      const id = `${m.fn.range.startLine}:${m.fn.range.startColumn}|${m.key}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const what = formatEnumValue('state', m.before);
      const origin: Origin = {
        uri, range: m.at,
        note: `'${root}[…]' holds swap-chain buffers: they start in D3D12_RESOURCE_STATE_PRESENT, and no barrier of the file moves them into ${what}`,
        created: true,
      };
      const next: NextCall = {
        key: m.key, name: root, at: m.at, known: swapChainBuffer(m.key),
        seed: { ...FRESH, legacy: exactly(0, origin), legacyFromCreation: true, lastModel: 'legacy' },
        names: (resource) => ELEMENT.exec(resource.replace(/\s*\.\s*Get\s*\(\s*\)\s*$/, '').trim())?.[1] === root,
      };
      out.set(m.fn, [...(out.get(m.fn) ?? []), next]);
    }
  }
  return out;
}

/** Of one function's starts, those whose array no error or warning of the function's own lines names already. */
export function unreportedStarts(fn: FunctionFacts, starts: readonly NextCall[], findings: readonly ReportedFinding[]): NextCall[] {
  const span = fn.range;
  const inFn = (r: Range): boolean => r.startLine >= span.startLine && r.endLine <= span.endLine;
  const named = findings.filter((f) => f.severity !== 'info' && inFn(f.range));
  return starts.filter((s) => !named.some((f) => s.names?.(f.resource ?? '')));
}
