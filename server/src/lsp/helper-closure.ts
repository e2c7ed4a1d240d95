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

/** The names of the helpers of other files an analysis of `text` (document `uri`) can look up. */
export function helperNamesFor(text: string, uri: string, workspace: WorkspaceIndex): Set<string> {
  const names = new Set<string>();
  const todo = [...new Set(text.match(IDENTIFIER))];
  while (todo.length > 0) {
    const name = todo.pop()!;
    const found = workspace.functionsNamed(name);
    if (found.length === 0 || names.has(name)) continue;
    names.add(name);
    for (const fn of found) for (const callee of reach(fn).callees) if (!names.has(callee)) todo.push(callee);
  }
  for (const fn of workspace.functionsBesides(uri)) if (reach(fn).createsList) names.add(fn.name);
  return names;
}
