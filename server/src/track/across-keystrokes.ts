// Values of an earlier keystroke's tracking run read in this keystroke's objects (issue 13, lever 1 of
// docs/real-world.md sessions 28 and 29: helper-call summaries kept across keystrokes; used by call-memo.ts and
// kept-runs.ts).
//
// The tracker compares ranges (and the facts they belong to) by identity, and every keystroke's extraction makes new
// objects: a reused helper's facts are a new copy (extract/function-cache.ts), the edited function's are new. So an
// earlier keystroke's call inputs can only be compared with this keystroke's as values, pairing each earlier object
// with the current one it equals, and the earlier outcome can only be replayed in the current objects:
// - an object of a reused helper's facts maps to the same object of this keystroke's copy (pairReuses);
// - the edited function (the run's root) maps to its new facts: what a helper asks of it must be checked elsewhere;
// - any other object the comparison met maps to the current object it was found equal to (a range one to one: an
//   earlier range equal to two current ones, or two earlier ones to one current one, is no match);
// - a range or a function that none of these maps cannot be replayed (it may be the earlier keystroke's, and the
//   rules compare ranges by identity);
// - anything else in the outcome was made by the evaluation and is copied (its sharing kept).
// A path condition (PathCond) holds an evaluation's count (`owner`) and write count (`time`): owners are paired one
// to one, write counts must be equal.

import { PathFacts } from './paths';

/** Whether an object is a range (`startLine`…`endColumn`, as types.ts declares it). */
function isRange(x: object): boolean {
  return 'startLine' in x && 'endColumn' in x && 'startColumn' in x && 'endLine' in x;
}

/** A path condition's counters are one run's: such values are not compared across runs. */
function isPathCond(x: object): boolean {
  return 'owner' in x && 'time' in x && 'facts' in x;
}

/**
 * A value the tracker never changes once made (track/state.ts ResState, "treated as immutable", with everything it
 * holds; paths.ts PathFacts): what a comparison pairs inside it stays equal for the rest of the run.
 */
function isLasting(x: object): boolean {
  return x instanceof PathFacts || ('layout' in x && 'syncAfter' in x && 'legacy' in x && 'pendingWrite' in x);
}

/** A function's facts (extract/facts.ts FunctionFacts). */
function isFunction(x: object): boolean {
  return 'qualifiedName' in x && 'params' in x && 'body' in x && 'range' in x;
}

class Unmappable extends Error {}

export class Pairing {
  /** Earlier object → current object, as the comparison found them equal. */
  private readonly pairs = new Map<object, object>();
  private readonly paired = new Set<object>();

  /**
   * `helpers`: the reused helpers' objects, earlier → current (pairReuses); `root`: the edited function then and
   * now (its questions answered alike is the caller's to check). `closures`: the names of the properties whose
   * functions (closures of a table) are taken as equal, because the caller compares the data they read in their
   * place (kept-runs.ts); any other function is only equal to itself. `parent`: pairs made before (a fork sees them
   * and adds its own).
   */
  constructor(
    private readonly helpers: ReadonlyMap<object, unknown>, private readonly root: { was: object; now: object },
    private readonly closures?: ReadonlySet<string>, private readonly parent?: Pairing,
  ) {}

  /** A pairing that starts from this one's pairs; what it pairs is its own (until `keep` takes the lasting part). */
  fork(): Pairing {
    return new Pairing(this.helpers, this.root, undefined, this);
  }

  /**
   * Pairs a fork made that no later change of the run can make wrong, in the order made: ranges (facts, never
   * changed) and everything paired inside a lasting value (isLasting). Pairs of values the tracker changes in place
   * (a TrackState and its maps, the run's entry states) are the fork's alone: a later comparison of the same two
   * objects must look at them again.
   */
  private readonly lasting: [object, object][] = [];
  /** While > 0, the comparison is inside a lasting value. */
  private inLasting = 0;

  /**
   * After a replay from `fork` (a fork of this pairing): its lasting pairs and its owners become this pairing's, so
   * the run's next replays find them paired instead of comparing the same values again (consecutive calls share
   * most of their state). Only what the fork still holds is taken (a comparison that failed undid its pairs). The
   * pairing stays one to one: the fork paired nothing this pairing had paired otherwise.
   */
  keep(fork: Pairing): void {
    for (const [was, now] of fork.lasting) {
      if (fork.pairs.get(was) !== now) continue;
      this.pairs.set(was, now);
      if (fork.paired.has(now)) this.paired.add(now);
    }
    for (const [was, now] of fork.owners) {
      this.owners.set(was, now);
      this.ownersTaken.add(now);
    }
  }

  /** Evaluation counters (PathCond.owner) paired one to one, earlier → current. */
  private readonly owners = new Map<number, number>();
  private readonly ownersTaken = new Set<number>();

  private ownerOf(was: number): number | undefined {
    return this.owners.get(was) ?? this.parent?.ownerOf(was);
  }

  private ownerTaken(now: number): boolean {
    return this.ownersTaken.has(now) || !!this.parent?.ownerTaken(now);
  }

  /**
   * Two path conditions: the same facts, the same write count, and owners paired one to one (an owner is an
   * evaluation of this run or the earlier one: a count, new at every evaluation).
   */
  private sameCond(was: object, now: object): boolean {
    if (!isPathCond(was) || !isPathCond(now)) return this.fail('path condition and other');
    const a = was as { owner: number; time: number; facts: unknown };
    const b = now as { owner: number; time: number; facts: unknown };
    if (a.time !== b.time || Object.keys(was).length !== 3 || Object.keys(now).length !== 3) return this.fail('path condition time');
    const prior = this.ownerOf(a.owner);
    if (prior === undefined) {
      if (this.ownerTaken(b.owner)) return this.fail('path condition owner taken');
      this.owners.set(a.owner, b.owner);
      this.ownersTaken.add(b.owner);
    } else if (prior !== b.owner) return this.fail('path condition owner');
    return this.same(a.facts, b.facts) || this.at('facts');
  }

  private pairedWith(was: object): object | undefined {
    return this.pairs.get(was) ?? this.parent?.pairedWith(was);
  }

  private taken(now: object): boolean {
    return this.paired.has(now) || !!this.parent?.taken(now);
  }

  /** Debugging: where the last comparison failed (innermost first), and why. */
  failPath: string[] = [];
  failReason = '';

  private fail(reason: string): false {
    this.failReason = reason;
    return false;
  }

  /** Whether the earlier value `was` equals the current value `now`, pairing the objects compared. */
  same(was: unknown, now: unknown): boolean {
    if (was === now) {
      if (typeof was !== 'object' || was === null) return true;
      if (this.known(was)) return this.fixed(was) === now || this.fail('identical but known');
      // The same object in both runs (a module's constant): it stays itself.
      const prior = this.pairedWith(was);
      if (prior === undefined) {
        this.pairs.set(was, was);
        if (this.inLasting > 0 || isRange(was) || isLasting(was)) this.lasting.push([was, was]);
      }
      return prior === undefined || prior === was;
    }
    if (typeof was !== 'object' || typeof now !== 'object' || was === null || now === null) return this.fail(`value ${String(was).slice(0, 30)} | ${String(now).slice(0, 30)}`);
    const fixed = this.fixed(was);
    if (fixed !== undefined) {
      return fixed === now || this.fail(`fixed ${isRange(was) ? JSON.stringify(was) : Object.keys(was).slice(0, 4).join()}`);
    }
    // A range is one to one (the tracker and the rules compare ranges by identity). Another object may equal two
    // current ones (or two earlier ones one current one): it is compared again, and maps to the first.
    const range = isRange(was);
    const prior = this.pairedWith(was);
    if (prior === now) return true;
    if (prior !== undefined && range) return this.fail('range paired with another');
    if (range && this.taken(now)) return this.fail('range taken');
    if (isPathCond(was) || isPathCond(now)) return this.sameCond(was, now);
    if (isFunction(was)) return this.fail(`function ${(was as { qualifiedName: string }).qualifiedName}`);
    if (Object.getPrototypeOf(was) !== Object.getPrototypeOf(now)) return this.fail('prototype');
    if (prior !== undefined) return this.partsOf(was, now);
    // Paired before the parts are compared (shared and cyclic parts); undone if they differ.
    this.pair(was, now);
    if (this.partsOf(was, now)) return true;
    this.pairs.delete(was);
    this.paired.delete(now);
    return false;
  }

  /** sameParts, noting when the comparison enters a lasting value. */
  private partsOf(was: object, now: object): boolean {
    if (!isLasting(was)) return this.sameParts(was, now);
    this.inLasting++;
    try {
      return this.sameParts(was, now);
    } finally {
      this.inLasting--;
    }
  }

  /** The earlier value in the current objects; undefined when a range or a function of it cannot be mapped. */
  map<T>(was: T): T | undefined {
    try {
      return this.mapped(was, new Map()) as T;
    } catch (e) {
      if (e instanceof Unmappable) return undefined;
      throw e;
    }
  }

  private known(x: object): boolean {
    return this.helpers.has(x) || x === this.root.was;
  }

  /** What an earlier object is bound to whatever the comparison finds: a helper's object, or the edited function. */
  private fixed(x: object): unknown {
    return x === this.root.was ? this.root.now : this.helpers.get(x);
  }

  private pair(was: object, now: object): void {
    this.pairs.set(was, now);
    this.paired.add(now);
    if (this.inLasting > 0 || isRange(was) || isLasting(was)) this.lasting.push([was, now]);
  }

  private sameParts(was: object, now: object): boolean {
    // Path facts by what they hold (their text key is a cache, made when first asked).
    if (was instanceof PathFacts) return this.same(was.syms, (now as PathFacts).syms) && this.same(was.atoms, (now as PathFacts).atoms);
    if (Array.isArray(was)) {
      const b = now as unknown[];
      return (was.length === b.length || this.fail('length')) && was.every((x, i) => this.same(x, b[i]) || this.at(String(i)));
    }
    if (was instanceof Map) {
      const b = now as Map<unknown, unknown>;
      if (was.size !== b.size) return false;
      const ib = b.entries();
      for (const [k, v] of was) {
        const [kb, vb] = ib.next().value as [unknown, unknown];
        if (!this.same(k, kb) || !this.same(v, vb)) return this.at(String(k));
      }
      return true;
    }
    if (was instanceof Set) {
      const b = now as Set<unknown>;
      if (was.size !== b.size) return false;
      const ib = b.values();
      for (const x of was) if (!this.same(x, ib.next().value)) return false;
      return true;
    }
    const ka = Object.keys(was);
    const kb = Object.keys(now);
    if (ka.length !== kb.length) return false;
    const a = was as Record<string, unknown>;
    const b = now as Record<string, unknown>;
    return ka.every((k, i) => (kb[i] === k || this.fail('keys')) && (this.sameClosure(k, a[k], b[k]) || this.same(a[k], b[k]) || this.at(k)));
  }

  /** Two closures of a table under a name the caller vouches for (it compares what they read). */
  private sameClosure(key: string, was: unknown, now: unknown): boolean {
    return typeof was === 'function' && typeof now === 'function' && !!this.closures?.has(key);
  }

  private at(key: string): false {
    this.failPath.unshift(key);
    return false;
  }

  private mapped(x: unknown, copies: Map<object, unknown>): unknown {
    if (typeof x !== 'object' || x === null) return x;
    const fixed = this.fixed(x);
    if (fixed !== undefined) return fixed;
    const paired = this.pairedWith(x);
    if (paired !== undefined) return paired;
    if (isRange(x) || isFunction(x)) throw new Unmappable();
    if (isPathCond(x)) {
      // An owner the inputs did not hold is an evaluation of the earlier run that the call made: no evaluation of
      // this run has its count (counts only grow), as with the call memo's replays within a run.
      const c = x as { owner: number; time: number; facts: unknown };
      const out = { facts: this.mapped(c.facts, copies), owner: this.ownerOf(c.owner) ?? c.owner, time: c.time };
      copies.set(x, out);
      return out;
    }
    const known = copies.get(x);
    if (known !== undefined) return known;
    if (x instanceof PathFacts) {
      const out = new PathFacts(this.mapped(x.syms, copies) as PathFacts['syms'], this.mapped(x.atoms, copies) as PathFacts['atoms']);
      copies.set(x, out);
      return out;
    }
    if (Array.isArray(x)) {
      const out = new Array<unknown>(x.length);
      copies.set(x, out);
      for (let i = 0; i < x.length; i++) if (i in x) out[i] = this.mapped(x[i], copies);
      return out;
    }
    if (x instanceof Map) {
      const out = new Map<unknown, unknown>();
      copies.set(x, out);
      for (const [k, v] of x) out.set(this.mapped(k, copies), this.mapped(v, copies));
      return out;
    }
    if (x instanceof Set) {
      const out = new Set<unknown>();
      copies.set(x, out);
      for (const v of x) out.add(this.mapped(v, copies));
      return out;
    }
    const out = Object.create(Object.getPrototypeOf(x) as object | null) as Record<string, unknown>;
    copies.set(x, out);
    for (const k of Object.keys(x)) out[k] = this.mapped((x as Record<string, unknown>)[k], copies);
    return out;
  }
}
