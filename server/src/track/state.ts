// The tracked state of each resource at a program point, and how states from different paths join.
// A value set ("one of {…}") keeps, for each possible value, the location that set it on that path; `unknown`
// marks that some path is not known at all (an unknown state is never an error).
import type { BindSlot, BindTarget } from '../extract/descriptor-facts';
import type { BarrierFact, ResourceCreation } from '../extract/facts';
import type { Range } from '../types';

/** Where a tracked value came from: the barrier or creation that set it (shown as a related location). */
export interface Origin {
  uri: string;
  range: Range;
  note: string;
  /** Set when the value reaches this point only around the back edge of the loop at this range. */
  loop?: Range;
  /**
   * Set when the value was there before the loop and also comes around its back edge (some path through the body
   * leaves it as it was): the next iteration may well see it, so a disagreeing loop value is not certain.
   */
  aroundLoop?: Range;
  /** The value was assumed from a barrier's before-value (the debug layer's "assumed at first use"). */
  assumed?: boolean;
  /** The value is the state a resource creation set (not a barrier's): track/branches.ts withoutCreationValues. */
  created?: true;
  /**
   * The command list whose barrier set an access or sync value (null: not known). Those hold within one list's
   * ExecuteCommandLists scope: a barrier recorded on another list does not follow it.
   */
  list?: string | null;
  /**
   * One of the values a StateAfter chosen per path sets (`c ? A : B`): which path carries it is not followed, so it
   * is a disagreement only when no value agrees.
   */
  perPathAfter?: boolean;
  /** Only the paths where this holds carry the value ("`useCompute` is true"): named in path notes. */
  when?: string;
  /** Inside a helper: where the value was really set (`uri`/`range` are the outermost call site). */
  at?: { uri: string; range: Range };
  /**
   * One of several layouts that hold at once, not one per path: a legacy state whose enhanced equivalent is "this
   * layout or COMMON" (A.6, e.g. COPY_DEST). Naming any of them is right; the others are no disagreement.
   */
  alternative?: boolean;
  /**
   * Paths joined past the path budget (track/path-set.ts collapse): the facts of the path the value came from, so a
   * later test of the same value keeps only the values its branch can meet (interpreter.ts refine).
   */
  cond?: PathCond;
  /**
   * A legacy COMMON set by an explicit barrier or a creation: TrackEnv.work then. While it is still current, nothing that could
   * have promoted the resource from COMMON was recorded since, so COMMON is the state a next barrier meets.
   */
  workStamp?: number;
  /** A promotion from COMMON made by a command on this list (track/list-promotions.ts). */
  promotedOn?: string;
  /** That list is a COPY list: what it promoted decays to COMMON at its ExecuteCommandLists, textures too (LB-10). */
  promotedOnCopy?: true;
  /**
   * On a COMMON value: on this path a command on this list then promoted the resource to a write state (LB-10: one
   * write state, no further promotion). A barrier may still name COMMON; a command on the list meets the promoted state.
   */
  promotedAway?: string;
  /**
   * Set by a barrier on this COPY list: a resource accessed on a copy queue decays to COMMON when that list's
   * ExecuteCommandLists completes (LB-11), whatever state an explicit barrier left it in (track/list-promotions.ts).
   */
  decaysOn?: string;
  /**
   * Set by a barrier recorded on a command list that no ExecuteCommandLists on this path has submitted since (cleared
   * at every ExecuteCommandLists, track/apply.ts). The queue has not seen it: what the queue itself checks (Present)
   * meets the state before it, which is not known (track/bindings.ts).
   */
  unsubmitted?: true;
}

/** What a path knew (PathFacts, paths.ts) where its values were joined with other paths'. */
export interface CondFacts {
  intersect(o: CondFacts): CondFacts;
  symbols(): string[];
  readonly empty: boolean;
}

/** `facts` held on the path a value came from; `owner` is the function evaluation, `time` its count of writes then. */
export interface PathCond {
  facts: CondFacts;
  owner: number;
  time: number;
}

/** A value that two paths both carry holds where either path's facts do: only what they share is kept. */
function weakerCond(a: PathCond | undefined, b: PathCond | undefined): PathCond | undefined {
  if (!a || !b) return undefined;
  if (a === b) return a;
  if (a.owner !== b.owner) return undefined;
  const facts = a.facts.intersect(b.facts);
  return facts.empty ? undefined : { facts, owner: a.owner, time: Math.min(a.time, b.time) };
}

/** A resource the file never moves, with the one legacy state its creations set (track/settled-entry.ts). */
export interface SettledCreation {
  creation: ResourceCreation;
  state: number;
}

export interface Possible {
  values: ReadonlyMap<number, Origin>;
  unknown: boolean;
}

export const UNKNOWN: Possible = { values: new Map(), unknown: true };

export function exactly(value: number, origin: Origin): Possible {
  return { values: new Map([[value >>> 0, origin]]), unknown: false };
}

const MAX_VALUES = 8;

export function joinPossible(a: Possible, b: Possible): Possible {
  if (a === b) return a;
  const values = new Map(a.values);
  for (const [v, o] of b.values) {
    const prior = values.get(v);
    if (!prior) values.set(v, o);
    else {
      let kept = prior;
      if (prior.cond && prior.cond !== o.cond) kept = { ...kept, cond: weakerCond(prior.cond, o.cond) };
      // Idle on both paths only when both carry the same count.
      if (prior.workStamp !== undefined && prior.workStamp !== o.workStamp) {
        kept = { ...kept };
        delete kept.workStamp;
      }
      // Promoted away on both paths only when both were promoted on the same list.
      if (prior.promotedAway !== undefined && prior.promotedAway !== o.promotedAway) {
        kept = { ...kept };
        delete kept.promotedAway;
      }
      // Not yet submitted only when no path submitted it.
      if (prior.unsubmitted && !o.unsubmitted) {
        kept = { ...kept };
        delete kept.unsubmitted;
      }
      if (kept !== prior) values.set(v, kept);
    }
  }
  if (values.size > MAX_VALUES) return UNKNOWN;
  return { values, unknown: a.unknown || b.unknown };
}

/** `p` as an ExecuteCommandLists leaves it: every value submitted (Origin.unsubmitted dropped); `p` itself when none was pending. */
export function submitted(p: Possible): Possible {
  if (![...p.values.values()].some((o) => o.unsubmitted)) return p;
  const values = new Map<number, Origin>();
  for (const [v, o] of p.values) {
    if (!o.unsubmitted) values.set(v, o);
    else {
      const rest = { ...o };
      delete rest.unsubmitted;
      values.set(v, rest);
    }
  }
  return { values, unknown: p.unknown };
}

/** `p` as the queue knows it: the values only an unsubmitted barrier set are not there yet, so the state is not known. */
export function queued(p: Possible): Possible {
  if (![...p.values.values()].some((o) => o.unsubmitted)) return p;
  return { values: new Map([...p.values].filter(([, o]) => !o.unsubmitted)), unknown: true };
}

export function samePossible(a: Possible, b: Possible): boolean {
  if (a === b) return true;
  if (a.unknown !== b.unknown || a.values.size !== b.values.size) return false;
  for (const [v, o] of a.values) {
    const other = b.values.get(v);
    if (!other || !!other.loop !== !!o.loop) return false;
  }
  return true;
}

export interface PendingSplit {
  barrier: BarrierFact;
  origin: Origin;
  list: string | null;
  legacy: boolean;
}

/** Everything known about one resource (or one subresource: key `res|sub3`). Treated as immutable. */
export interface ResState {
  layout: Possible;
  /** AccessAfter of the last enhanced barrier in the current ExecuteCommandLists scope. */
  access: Possible;
  /** SyncAfter of the last enhanced barrier in the current scope. */
  syncAfter: Possible;
  legacy: Possible;
  /** True when the legacy state comes only from a creation call (buffers then follow the enhanced model). */
  legacyFromCreation: boolean;
  lastModel: 'legacy' | 'enhanced' | null;
  split: PendingSplit | null;
  /** Deactivated (AccessAfter NO_ACCESS) by the barrier at this origin, recorded on `list` (null: unknown). */
  deactivated: (Origin & { list?: string | null }) | null;
  /** A command wrote the resource (copy/resolve destination, UAV clear) and no barrier followed yet. */
  /** The last write by a command with no barrier since, and the command list it was recorded on (null: unknown). */
  pendingWrite: {
    method: string; role: string; origin: Origin; list?: string | null; partial?: boolean; view?: string; boundAt?: Origin['range'];
    /** A draw/dispatch's UAV write: every resource the work bound as a UAV (it wrote at least one of them, not known which). */
    group?: readonly string[];
  } | null;
}

export const FRESH: ResState = {
  layout: UNKNOWN, access: UNKNOWN, syncAfter: UNKNOWN, legacy: UNKNOWN, legacyFromCreation: false,
  lastModel: null, split: null, deactivated: null, pendingWrite: null,
};

export function joinRes(a: ResState, b: ResState): ResState {
  if (a === b) return a;
  return {
    layout: joinPossible(a.layout, b.layout),
    access: joinPossible(a.access, b.access),
    syncAfter: joinPossible(a.syncAfter, b.syncAfter),
    legacy: joinPossible(a.legacy, b.legacy),
    legacyFromCreation: a.legacyFromCreation && b.legacyFromCreation,
    lastModel: a.lastModel === b.lastModel ? a.lastModel : null,
    split: a.split && b.split && a.split.barrier.site === b.split.barrier.site ? a.split : null,
    deactivated: a.deactivated && b.deactivated ? a.deactivated : null,
    // A write pending on any path is a hazard on that path: keep it (the rule words it as "may").
    pendingWrite: a.pendingWrite ?? b.pendingWrite,
  };
}

export function sameRes(a: ResState, b: ResState): boolean {
  return a === b || (samePossible(a.layout, b.layout) && samePossible(a.access, b.access)
    && samePossible(a.legacy, b.legacy) && samePossible(a.syncAfter, b.syncAfter) && a.lastModel === b.lastModel
    && a.split?.barrier.site === b.split?.barrier.site && !!a.deactivated === !!b.deactivated
    && a.legacyFromCreation === b.legacyFromCreation && a.pendingWrite?.origin.range === b.pendingWrite?.origin.range);
}

/**
 * A program point: per-resource states, and what each command list binds (`list|slot` → binding, see
 * track/bindings.ts; an absent slot is unknown). `entry` supplies the assumed state of resources a path never touched.
 */
/** A barrier added to a batch container, waiting for the call that submits it; `note`: where it was added. */
export interface PendingBarrier {
  /** The barrier as extracted (a helper's, before the caller's arguments), and with them. */
  raw: BarrierFact;
  barrier: BarrierFact;
  note: { uri: string; range: Range };
  /** The call chain and statement that added it: the same addition from the same place is a loop's repetition. */
  site?: string;
  /** Some joined path submitted it already: applied without checks. */
  quiet?: boolean;
}

/**
 * What a batch container holds: its barriers in order. `mixed`: paths joined with different contents — at the
 * submit these resources become unknown.
 */
export interface Batch {
  items: readonly PendingBarrier[];
  mixed?: readonly string[];
  /** Something unreadable was added: at the submit every legacy state becomes unknown. */
  unreadable?: boolean;
  /**
   * Submitted by a `const` method, which cannot empty the container: what it still holds, in order. Only a reversal
   * (a batch-add event with `reverse`) uses it; a path join drops it.
   */
  submitted?: readonly PendingBarrier[];
}

/** A state's collections as its own writes see them (TrackState.own). */
export interface OwnCollections {
  res: Map<string, ResState>;
  bindings: Map<string, Binding>;
  batches: Map<string, Batch>;
  closed: Set<string>;
  executed: Set<string>;
}

const OWN_BITS: Record<keyof OwnCollections, number> = { res: 1, bindings: 2, batches: 4, closed: 8, executed: 16 };
const ALL_OWN = 31;

export class TrackState {
  constructor(
    readonly res: ReadonlyMap<string, ResState> = new Map(),
    readonly bindings: ReadonlyMap<string, Binding> = new Map(),
    readonly batches: ReadonlyMap<string, Batch> = new Map(),
    /**
     * Command lists closed on this path and not executed since: a Reset of such a list drops what it recorded
     * (track/apply.ts). Only ExecuteCommandLists (here or in a helper the run defines) ends it: an unknown call that
     * may submit the list (it is handed the list, or its name says it records or executes) already makes every
     * state unknown, and one that does not leaves the mark, which can only make states unknown at the Reset.
     */
    readonly closed: ReadonlySet<string> = new Set(),
    /**
     * Command lists executed on this path and not reset since: executing one again runs the same recording again
     * (a list recorded once and submitted every frame), whose barriers this path does not replay (track/apply.ts).
     */
    readonly executed: ReadonlySet<string> = new Set(),
  ) {}

  /** The values the conditions of this state's values name (PathCond), or null when no value has one. */
  condSyms: ReadonlySet<string> | null = null;

  /**
   * The collections this state shares with another (OWN_BITS): a clone shares its source's until one of the two
   * writes one, which copies it first (`own`). A state made without the constructor (a value replayed from an earlier
   * keystroke's run, across-keystrokes.ts) has no such field: every collection it holds may be another's.
   */
  #shared = 0;

  /** A state equal to this one that either can change without changing the other (copy on write). */
  clone(): TrackState {
    const out = new TrackState(this.res, this.bindings, this.batches, this.closed, this.executed);
    if (#shared in this) this.#shared = ALL_OWN;
    out.#shared = ALL_OWN;
    out.condSyms = this.condSyms;
    return out;
  }

  /** The collection `k` to write: this state's own (one it may share is copied first). */
  own<K extends keyof OwnCollections>(k: K): OwnCollections[K] {
    const bit = OWN_BITS[k];
    const mine = #shared in this;
    if (mine && (this.#shared & bit) === 0) return this[k] as OwnCollections[K];
    const c = this[k];
    const copy = (c instanceof Map ? new Map(c) : new Set(c as ReadonlySet<string>)) as OwnCollections[K];
    (this as unknown as OwnCollections)[k] = copy;
    if (mine) this.#shared &= ~bit;
    return copy;
  }

  get(key: string): ResState {
    return this.res.get(key) ?? FRESH;
  }

  set(key: string, s: ResState): void {
    this.own('res').set(key, s);
  }
}

/**
 * Join two paths. A resource only one path touched takes, on the other, its assumed entry state. A subresource
 * (`tex|sub0`) one path no longer tracks apart because a call made the whole resource unknown (dropping its parts) is
 * unknown on that path too.
 */
export function joinStates(a: TrackState | null, b: TrackState | null, entry: Map<string, ResState>): TrackState | null {
  if (!a) return b;
  if (!b) return a;
  const out = new TrackState();
  out.condSyms = !a.condSyms ? b.condSyms : !b.condSyms || a.condSyms === b.condSyms ? a.condSyms : new Set([...a.condSyms, ...b.condSyms]);
  const on = (p: TrackState, key: string): ResState => {
    const own = p.res.get(key);
    if (own) return own;
    const bar = key.indexOf('|');
    const whole = bar < 0 ? undefined : p.res.get(key.slice(0, bar));
    // Only a whole made unknown (its parts dropped with it): a known whole beside a part the other path set says
    // nothing about this path's part, which keeps its entry assumption.
    return (whole && whole.legacy.unknown && whole.layout.unknown ? whole : undefined) ?? entry.get(key) ?? FRESH;
  };
  for (const key of new Set([...a.res.keys(), ...b.res.keys()])) out.own('res').set(key, joinRes(on(a, key), on(b, key)));
  // Closed and not executed after a join only when closed and not executed on both paths.
  for (const key of a.closed) if (b.closed.has(key)) out.own('closed').add(key);
  // Executed and not reset on either path: executing it again may run its recording again (which only makes
  // states unknown).
  for (const key of [...a.executed, ...b.executed]) out.own('executed').add(key);
  // A binding is known after a join only when both paths made the same one.
  for (const [key, x] of a.bindings) {
    const y = b.bindings.get(key);
    if (y && sameBinding(x, y)) out.own('bindings').set(key, x);
  }
  for (const key of new Set([...a.batches.keys(), ...b.batches.keys()])) {
    const x = a.batches.get(key);
    const y = b.batches.get(key);
    if (x === y) {
      if (x) out.own('batches').set(key, x);
      continue;
    }
    // Submitted on one path (`if (flushNow) Flush();`), still pending on the other: the next submit records them
    // there, and on the first path they were recorded already — applied again without checks.
    if (!x || !y) {
      const q = (x ?? y)!;
      out.own('batches').set(key, { items: q.items.map((i) => (i.quiet ? i : { ...i, quiet: true })), ...(q.mixed ? { mixed: q.mixed } : {}), ...(q.unreadable ? { unreadable: true } : {}) });
      continue;
    }
    const keys = (q: Batch) => [...(q.mixed ?? []), ...q.items.map((i) => i.barrier.resource?.key).filter((k): k is string => !!k)];
    out.own('batches').set(key, { items: [], mixed: [...new Set([...keys(x), ...keys(y)])], ...(x.unreadable || y.unreadable ? { unreadable: true } : {}) });
  }
  return out;
}

/** What one binding slot of a command list holds: the bound target and where it was bound. */
export interface Binding {
  target: BindTarget;
  as?: BindSlot['as'];
  origin: Origin;
}

function sameBinding(a: Binding, b: Binding): boolean {
  return a === b || (a.origin.range === b.origin.range && a.as === b.as && JSON.stringify(a.target) === JSON.stringify(b.target));
}

export function sameStates(a: TrackState, b: TrackState): boolean {
  if (a.bindings.size !== b.bindings.size || a.batches.size !== b.batches.size || !sameSet(a.closed, b.closed) || !sameSet(a.executed, b.executed)) return false;
  for (const [k, v] of a.batches) if (b.batches.get(k) !== v) return false;
  for (const [k, v] of a.bindings) {
    const w = b.bindings.get(k);
    if (!w || !sameBinding(v, w)) return false;
  }
  if (a.res.size !== b.res.size) return false;
  for (const [k, v] of a.res) {
    const w = b.res.get(k);
    if (!w || !sameRes(v, w)) return false;
  }
  return true;
}

export function sameSet(a: ReadonlySet<string> | null, b: ReadonlySet<string> | null): boolean {
  return a === b || (!!a && !!b && a.size === b.size && [...a].every((x) => b.has(x)));
}

/** Creation facts kept per resource key, for dimension/bounds/flag rules. */
export interface KnownResource {
  creation: ResourceCreation;
  uri: string;
}
