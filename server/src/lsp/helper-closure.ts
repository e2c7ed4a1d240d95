// Which helpers of the workspace index a document's analysis can consult, so the background thread (which gets a
// part of the index, not the index: background-thread.ts) answers as the analysis worker and the CLI do. A call the
// document spells resolves to a helper of another file, whose own calls resolve in turn (frame.cpp → ToRenderTarget
// in targets.cpp → Transition in util.cpp): the closure of the callees. And the command-list creations of every
// other file's helper give the run's list types (track/list-types.ts addElsewhere), called or not.
import type { FunctionFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import type { WorkspaceIndex } from '../track/workspace';

const IDENTIFIER = /[A-Za-z_]\w*/g;

interface Reach {
  callees: string[];
  createsList: boolean;
}

/** Read once per function: the index's functions are shared by every job until their file is analysed again. */
const reachOf = new WeakMap<FunctionFacts, Reach>();

function reach(fn: FunctionFacts): Reach {
  let out = reachOf.get(fn);
  if (out) return out;
  const callees = new Set<string>();
  let createsList = false;
  forEachEvent(fn.body, (e) => {
    if (e.kind === 'user-call') callees.add(e.callee);
    else if (e.kind === 'command-list-creation') createsList = true;
  });
  reachOf.set(fn, (out = { callees: [...callees], createsList }));
  return out;
}

/**
 * The names of the helpers of other files an analysis of `text` (document `uri`) can look up. NOTE: the text is
 * not read when no other file has a helper, and otherwise searched for each name while they are few (splitting
 * a 40,000-line file into its identifiers costs ~10 ms per job, more than the names take).
 */
export function helperNamesFor(text: string, uri: string, workspace: WorkspaceIndex): Set<string> {
  const elsewhere = [...workspace.functionsBesides(uri)];
  if (elsewhere.length === 0) return new Set();
  const reached = new Set<string>();
  const todo = spelledIn(text, new Set(elsewhere.map((fn) => fn.name)));
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (reached.has(name)) continue;
    reached.add(name);
    for (const fn of workspace.functionsNamed(name)) for (const callee of reach(fn).callees) if (!reached.has(callee)) todo.push(callee);
  }
  for (const fn of elsewhere) if (reach(fn).createsList) reached.add(fn.name);
  return reached;
}

const isWordChar = (code: number): boolean =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/** The names that occur in `text` as whole identifiers. */
function spelledIn(text: string, names: ReadonlySet<string>): string[] {
  if (names.size > 32) {
    const spelled = new Set(text.match(IDENTIFIER));
    return [...names].filter((name) => spelled.has(name));
  }
  return [...names].filter((name) => {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + name.length))) return true;
    }
    return false;
  });
}
