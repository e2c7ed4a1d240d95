// Which helpers of a run can reach the D3D12 API: a multi-file run analyses a file again with the other files'
// helpers (cli/cross-file.ts) only when that can change what it reports. A helper that records nothing of the API
// itself and calls only helpers that do not either (an ImGui widget calling other widgets, a shader compiler's
// visitor) leaves every resource, list and barrier of its caller as it was; evaluated at the call sites of a file that
// records nothing of the API either, it can only run the caller into the analysis budget.
import type { Event, FunctionFacts, Stmt } from '../extract/facts';
import { forEachEvent } from '../extract/events';

/** The name a call or definition is looked up by (track/workspace.ts named): `ImGui::Text` → `Text`. */
const bareName = (name: string): string => {
  const cut = name.lastIndexOf('::');
  return cut >= 0 ? name.slice(cut + 2) : name;
};

/**
 * Events that record nothing themselves: a call of a user function, and what only renames the objects a tracker
 * follows (`p = Next(p)`, `++index`, `std::swap(a, b)`: extract/rebinds.ts), which any C++ code has and which mean
 * nothing where no state is followed.
 */
const NOT_API = new Set<Event['kind']>(['user-call', 'rebind', 'reindex', 'swap']);

/**
 * Whether a statement tree holds an event of the API: a barrier, a creation, a command, a Close/Reset, a submission,
 * a binding… Only such events give a tracker a state to follow.
 */
export function recordsApi(body: Stmt): boolean {
  let found = false;
  forEachEvent(body, (e) => {
    if (!NOT_API.has(e.kind)) found = true;
  });
  return found;
}

/**
 * The names of the helpers (of every file of the run) that can reach an API event: those recording one themselves,
 * and those calling, by name, a helper of that name that can (transitively). By bare name, whatever the class,
 * scope, arity or file: a superset of what a call can resolve to (WorkspaceIndex lookup).
 */
export function reachingHelperNames(helpers: readonly FunctionFacts[]): Set<string> {
  const reaching = new Set<string>();
  const callers = new Map<string, Set<string>>();
  for (const fn of helpers) {
    if (recordsApi(fn.body)) {
      reaching.add(fn.name);
      continue;
    }
    forEachEvent(fn.body, (e) => {
      if (e.kind !== 'user-call') return;
      const callee = bareName(e.callee);
      const set = callers.get(callee) ?? new Set<string>();
      set.add(fn.name);
      callers.set(callee, set);
    });
  }
  // The callers of a reaching name reach too: a walk backwards from the names that record.
  const work = [...reaching];
  for (let name = work.pop(); name !== undefined; name = work.pop()) {
    for (const caller of callers.get(name) ?? []) {
      if (!reaching.has(caller)) {
        reaching.add(caller);
        work.push(caller);
      }
    }
  }
  return reaching;
}

/** Whether any of `calls` (a file's unresolved call names) names a reaching helper. */
export function callsReaching(calls: readonly string[], reaching: ReadonlySet<string>): boolean {
  return calls.some((n) => reaching.has(bareName(n)));
}
