// The tracker's entry point: every function of the file is interpreted from an empty state (resources are
// "assumed at first use"), helper calls are evaluated with their arguments, and rules' tracked hooks fire.
import type { FileFacts } from '../extract/facts';
import type { BarrierlintConfig } from '../types';
import type { BarrierCheck, SiteState } from './env';
import { TrackEnv } from './env';
import { Interpreter } from './interpreter';
import { listTypes } from './list-types';
import { TrackState } from './state';
import type { TrackedVisitors } from './visitors';
import type { WorkspaceIndex } from './workspace';
import { functionIndex } from './workspace';

export interface TrackOutput {
  /** Tracked state around each barrier site (by site index). */
  siteStates: Map<number, SiteState>;
  /** Names of called functions that were not found (candidates for cross-file helpers). */
  unresolved: Set<string>;
}

/** What the tracker calls on an active rule: its tracked hooks, and its single-barrier check for barriers it moves. */
export interface TrackerHooks {
  tracked?: TrackedVisitors;
  barrier?: BarrierCheck;
}

export function runTracker(facts: FileFacts, uri: string, active: readonly { visitors: TrackerHooks }[], config: BarrierlintConfig, workspace?: WorkspaceIndex): TrackOutput {
  const siteStates = new Map<number, SiteState>();
  const unresolved = new Set<string>();
  const hooks = active.map((a) => a.visitors.tracked).filter((h): h is TrackedVisitors => h !== undefined);
  const types = listTypes(facts, config);
  const index = functionIndex(facts, uri, workspace);
  for (const fn of facts.functions) {
    if (!fn.relevant) continue;
    const env = new TrackEnv(uri, hooks, types, index, fn);
    env.barrierChecks = active.map((a) => a.visitors.barrier).filter((h): h is BarrierCheck => h !== undefined);
    new Interpreter(env).runFunction(fn, new TrackState());
    for (const [site, st] of env.siteStates) siteStates.set(site, st);
    for (const name of env.unresolved) unresolved.add(name);
  }
  return { siteStates, unresolved };
}
