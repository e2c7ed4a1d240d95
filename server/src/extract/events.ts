// Every event of a statement tree, in source order (both branches of an if, a loop body once, every case): the one
// walk over the facts' statements that extraction, tracking and rules share.
import type { Event, Stmt } from './facts';

export function forEachEvent(s: Stmt, visit: (e: Event) => void): void {
  switch (s.k) {
    case 'seq': s.body.forEach((c) => forEachEvent(c, visit)); return;
    case 'if': forEachEvent(s.then, visit); if (s.else) forEachEvent(s.else, visit); return;
    case 'loop': forEachEvent(s.body, visit); return;
    case 'switch': s.cases.forEach((c) => forEachEvent(c, visit)); return;
    case 'event': visit(s.event); return;
    default:
  }
}
