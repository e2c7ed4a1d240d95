// Every event of a statement tree, in source order (both branches of an if, a loop body once, every case): the one
// walk over the facts' statements that extraction, tracking and rules share.
import type { Event, Stmt } from './facts';

// NOTE: loops, not forEach with a closure per statement: every rule and every tracking setup walks every function.
export function forEachEvent(s: Stmt, visit: (e: Event) => void): void {
  switch (s.k) {
    case 'seq': for (const c of s.body) forEachEvent(c, visit); return;
    case 'if': forEachEvent(s.then, visit); if (s.else) forEachEvent(s.else, visit); return;
    case 'loop': forEachEvent(s.body, visit); return;
    case 'switch': for (const c of s.cases) forEachEvent(c, visit); return;
    case 'event': visit(s.event); return;
    default:
  }
}
