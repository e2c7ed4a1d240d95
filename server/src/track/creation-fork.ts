// What a resource was created as (heap, flags, dimension…) after an undecided test. The known creations are one map
// for the whole evaluation (env.resources), not a value per path: a creation on one branch only — a helper that
// creates an upload buffer into its out-parameter when `kind == CBV` — would otherwise say, on every path after the
// test, that the resource is that buffer, and the heap and flag rules would judge the caller's texture by it. At the
// join, a resource the two branches leave created differently keeps only what both creations say.
import type { ResourceCreation } from '../extract/facts';
import type { TrackEnv } from './env';
import type { KnownResource } from './state';

type Log = Map<string, KnownResource | undefined>;

export class CreationFork {
  /** Every key a branch replaced, with the entry from before the test. */
  private readonly log: Log = new Map();
  /** The then-branch's entries, put aside while the else branch runs. */
  private readonly thenValues: Log = new Map();

  constructor(private readonly env: TrackEnv) {
    env.creationLogs.push(this.log);
  }

  /** Between the branches: the else branch starts from the creations known before the test. */
  otherBranch(): void {
    for (const [key, prior] of this.log) {
      this.thenValues.set(key, this.env.resources.get(key));
      put(this.env.resources, key, prior);
    }
  }

  /** After both branches (or when one threw): each replaced key holds what both branches agree on. */
  join(): void {
    const logs = this.env.creationLogs;
    if (logs[logs.length - 1] === this.log) logs.pop();
    const outer = logs[logs.length - 1];
    for (const [key, prior] of this.log) {
      if (outer && !outer.has(key)) outer.set(key, prior);
      const then = this.thenValues.has(key) ? this.thenValues.get(key) : prior;
      put(this.env.resources, key, joinKnown(then, this.env.resources.get(key)));
    }
  }
}

function put(resources: Map<string, KnownResource>, key: string, value: KnownResource | undefined): void {
  if (value) resources.set(key, value);
  else resources.delete(key);
}

const SCALARS = ['dimension', 'width', 'mipLevels', 'arraySize', 'flags', 'heapType', 'sampleCount', 'format'] as const;

/** One creation's facts where the two agree, unknown where they differ; no creation when either path has none. */
function joinKnown(a: KnownResource | undefined, b: KnownResource | undefined): KnownResource | undefined {
  if (a === b || !a || !b) return a === b ? a : undefined;
  const creation: ResourceCreation = { ...a.creation };
  for (const f of SCALARS) if (a.creation[f] !== b.creation[f]) (creation as unknown as Record<string, null>)[f] = null;
  if (JSON.stringify(a.creation.placement) !== JSON.stringify(b.creation.placement)) delete creation.placement;
  if (!!a.creation.swapChain !== !!b.creation.swapChain || !!a.creation.midFrame !== !!b.creation.midFrame) {
    delete creation.swapChain;
    delete creation.midFrame;
  }
  return { creation, uri: a.uri };
}
