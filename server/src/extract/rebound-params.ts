// A parameter the body assigns (`out = nullptr;` on a branch that gives up, `p = p->next;`) does not name the caller's
// object throughout, so the walk keys what is reached through it by the parameter's own spelling (`*out`) instead of
// the caller's argument. Such a key is the helper's own, as a local's is: it means nothing to a caller, and the next
// call of the helper reaches another object through it. The tracker treats these parameters as locals
// (track/helper-frames.ts hideLocals/forgetCalleeLocals); left as they were, one call's final state met the next
// call's first use of another object (TracerBoy's weight upload: a buffer "still in UNORDERED_ACCESS" before its copy).
import type { Event, Stmt } from './facts';
import { forEachEvent } from './events';

/** Parameters outside `stable` that some event names a resource through without the caller's link. */
export function reboundParams(body: Stmt, params: readonly string[], stable: readonly string[]): string[] {
  const unstable = new Set(params.filter((p) => p && !stable.includes(p)));
  if (unstable.size === 0) return [];
  const found = new Set<string>();
  const seen = new Set<object>();
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object' || seen.has(v)) return;
    seen.add(v);
    if (Array.isArray(v)) {
      for (const x of v) visit(x);
      return;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.key === 'string' && typeof o.text === 'string' && o.param === undefined && o.base === undefined) {
      const root = /[A-Za-z_]\w*/.exec(o.key)?.[0];
      if (root !== undefined && unstable.has(root)) found.add(root);
    }
    for (const k in o) if (k !== 'range') visit(o[k]);
  };
  forEachEvent(body, (e: Event) => visit(e));
  return params.filter((p) => found.has(p));
}
