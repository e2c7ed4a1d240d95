// Facts of unchanged functions kept between extractions (issue 13: a keystroke re-extracted every helper of the
// edited function, though their text had not changed). A function's extraction is kept with what it read of the
// file-wide context (file-reads.ts: each table lookup and its answer) and what it wrote there (its sites, problems,
// table entries). Another extraction reuses it when the function's text, place and enclosing declarations are the
// same (the key) and every read answers the same in the new context: its facts, sites and writes are then replayed,
// site indices and join ids moved to where this extraction numbers them. Answers never change (the switch test,
// test/unit/function-cache.test.ts); BARRIERLINT_FN_CACHE=1 turns it on (it is off: see functionCacheOn).
import { createHash } from 'node:crypto';
import type { FileCtx, SiteRecord } from './context';
import { joinsMade, skipJoins } from './context';
import type { ExtractProblem, FunctionFacts } from './facts';
import { fingerprint, keyOf, lookupPrint, nodeKey, type FileRecorder, type FileRead, type FileWrite } from './file-reads';
import { SyntaxNode } from './node';

interface Snapshot {
  facts: FunctionFacts;
  records: SiteRecord[];
  problems: ExtractProblem[];
}

interface CachedFunction {
  reads: readonly FileRead[];
  writes: readonly FileWrite[];
  snapshot: Snapshot;
  firstSite: number;
  siteCount: number;
  firstJoin: number;
  joinCount: number;
}

/** Entries kept (least recently used dropped first): a few large files' functions. */
const LIMIT = 6000;
const entries = new Map<string, CachedFunction>();
/**
 * Keys whose extraction was recorded and could not be kept (it calls a fill helper, say): they are walked without a
 * recording next time, which costs a third of the walk again for nothing (a keystroke extracts the same helpers).
 * Bounded like `entries`; forgetting one only costs a recording.
 */
const unkept = new Set<string>();

/** Whether a function of this key should be recorded for keeping (it was not found unkeepable before). */
export function worthRecording(key: string): boolean {
  return !unkept.has(key);
}

/** Counts since the process started (the bench prints them): reused, extracted and kept, extracted and not kept (why). */
export const functionCacheStats = { reused: 0, kept: 0, notKept: new Map<string, number>() };

/**
 * NOTE: off unless BARRIERLINT_FN_CACHE=1 or the caller `wants` it (BARRIERLINT_FN_CACHE=0 turns it off for every
 * caller). Measured on bgfx's keystrokes (docs/real-world.md, sessions 15 fncache15 and 16 perf16) it reuses most
 * helpers, yet does not lower a keystroke's CPU measurably when every extraction records: an expensive keystroke is
 * the tracker (about half), the walk of the edited function itself and the descriptor pass over every kept body,
 * none of which it skips. The language server asks for it only while typing goes on in one function (session 25,
 * lsp/incremental-analysis.ts), where the helpers' walk is most of a keystroke in files with large helpers.
 */
export function functionCacheOn(wants = false): boolean {
  const v = process.env.BARRIERLINT_FN_CACHE;
  return v === '1' || (v !== '0' && wants);
}

/** The cache key of a function: a hash (the text itself would keep the whole document alive). */
export function functionKey(parts: readonly unknown[]): string {
  return createHash('sha1').update(fingerprint(parts)).digest('base64');
}

/** Where this extraction stands when a function's turn comes: the inputs of a recording. */
export interface Turn {
  file: FileCtx;
  firstJoin: number;
}

export function turnOf(file: FileCtx): Turn {
  return { file, firstJoin: joinsMade() };
}

/** The kept extraction of the function with this key, if every read it made answers the same in `file`. */
export function cachedFacts(key: string, file: FileCtx): FunctionFacts | undefined {
  const entry = entries.get(key);
  if (!entry || !entry.reads.every((r) => answer(r, file) === r.fp)) return undefined;
  functionCacheStats.reused++;
  entries.delete(key);
  entries.set(key, entry);
  return replay(entry, file);
}

/** Keep a function's extraction, recorded from `turn`, unless the recording found it depends on what it cannot name. */
export function keepFacts(key: string, facts: FunctionFacts, recorder: FileRecorder, turn: Turn): void {
  const writes = recorder.replayedWrites();
  const unsafe = recorder.unsafe ?? (recorder.mutatedReads() ? 'changes what it read' : !writes ? 'fills a new table with objects' : undefined);
  if (unsafe) {
    functionCacheStats.notKept.set(unsafe, (functionCacheStats.notKept.get(unsafe) ?? 0) + 1);
    unkept.add(key);
    if (unkept.size > LIMIT) unkept.delete(unkept.values().next().value!);
    return;
  }
  functionCacheStats.kept++;
  const file = turn.file;
  const snapshot = copyMoved({ facts, records: file.sites.slice(recorder.firstSite), problems: recorder.problems as ExtractProblem[] });
  entries.set(key, {
    reads: recorder.reads, writes: writes!, snapshot, firstSite: recorder.firstSite,
    siteCount: file.sites.length - recorder.firstSite, firstJoin: turn.firstJoin, joinCount: joinsMade() - turn.firstJoin,
  });
  if (entries.size > LIMIT) entries.delete(entries.keys().next().value!);
}

/**
 * How a reused function's facts were made: from which kept extraction, with which moves of its site indices and join
 * ids, and which copy each object of the kept facts got. Two reuses of one kept extraction with the same moves are
 * equal facts object for object (the copy is deterministic), so an object of one maps to the other's (`mapAcross`):
 * what a later keystroke needs to read an earlier keystroke's answers about a helper in its own objects (issue 13,
 * docs/real-world.md session 28 lsp28: helper-call summaries kept across keystrokes).
 */
interface Replay {
  entry: CachedFunction;
  siteDelta: number;
  joinDelta: number;
  /** Kept object → this reuse's copy of it. */
  copies: Map<object, unknown>;
  /** This reuse's copy → the kept object (made when first asked). */
  origins?: Map<unknown, object>;
}

// NOTE: the copy map of every reuse is kept as long as its facts are (about one map entry per object of the facts):
// the kept helper calls of the language server's typing path (track/kept-runs.ts) pair an earlier keystroke's objects
// with this one's through it. The cache is only on while typing goes on in one function.
const replays = new WeakMap<FunctionFacts, Replay>();

/** Whether `a` and `b` are reuses of the same kept extraction with the same moves: equal facts, object for object. */
export function sameReuse(a: FunctionFacts, b: FunctionFacts): boolean {
  const ra = replays.get(a);
  const rb = replays.get(b);
  return !!ra && !!rb && ra.entry === rb.entry && ra.siteDelta === rb.siteDelta && ra.joinDelta === rb.joinDelta && a.scopeKind === b.scopeKind;
}

/** `copy` is `of` with another field set apart from the kept facts (extract.ts withScopeKind): the same reuse. */
export function sameReuseAs(copy: FunctionFacts, of: FunctionFacts): void {
  const r = replays.get(of);
  if (r) replays.set(copy, r);
}

/**
 * The object of `to`'s facts that is `obj` of `from`'s facts, when both are reuses of the same kept extraction with
 * the same moves (sameReuse); undefined when they are not, or `obj` is no object of `from`'s facts.
 */
export function mapAcross<T extends object>(obj: T, from: FunctionFacts, to: FunctionFacts): T | undefined {
  if (!sameReuse(from, to)) return undefined;
  const rf = replays.get(from)!;
  rf.origins ??= new Map([...rf.copies].map(([k, c]) => [c, k]));
  const kept = rf.origins.get(obj);
  return kept === undefined ? undefined : replays.get(to)!.copies.get(kept) as T | undefined;
}

/**
 * Pairs every object of `from`'s facts with the same object of `to`'s (into `pairs`: from's → to's), when both are
 * reuses of one kept extraction with the same moves; false (nothing added) otherwise.
 */
export function pairReuses(from: FunctionFacts, to: FunctionFacts, pairs: Map<object, unknown>): boolean {
  if (!sameReuse(from, to)) return false;
  const a = replays.get(from)!.copies;
  const b = replays.get(to)!.copies;
  for (const [kept, copy] of a) pairs.set(copy as object, b.get(kept));
  pairs.set(from, to);
  return true;
}

function replay(entry: CachedFunction, file: FileCtx): FunctionFacts {
  const siteDelta = file.sites.length - entry.firstSite;
  const joinDelta = joinsMade() - entry.firstJoin;
  const copies = new Map<object, unknown>();
  const copy = copyMoved(entry.snapshot, { from: entry.firstSite, to: entry.firstSite + entry.siteCount, delta: siteDelta }, { from: entry.firstJoin, to: entry.firstJoin + entry.joinCount, delta: joinDelta }, copies);
  replays.set(copy.facts, { entry, siteDelta, joinDelta, copies });
  skipJoins(entry.joinCount);
  for (const w of entry.writes) {
    const parent = resolve(file, w.path.slice(0, -1)) as Record<string, unknown> | undefined;
    const last = w.path[w.path.length - 1];
    if (w.op === 'ensure-set') parent![last] ??= new Set();
    else if (w.op === 'ensure-map') parent![last] ??= new Map();
    else if (w.op === 'push') file.problems.push(copy.problems[w.problem!]);
    else if (w.op === 'add') ((parent![last] ??= new Set()) as Set<string>).add(w.key!);
    else ((parent![last] ??= new Map()) as Map<string, unknown>).set(w.key!, w.value);
  }
  file.sites.push(...copy.records);
  return copy.facts;
}

interface Shift {
  from: number;
  to: number;
  delta: number;
}

const STILL: Shift = { from: 0, to: 0, delta: 0 };

/**
 * A deep copy of kept facts, as structuredClone makes it (plain objects, arrays with their holes, maps, sets; a part
 * shared within them stays shared), with the site indices (`site`) and join ids (`perPath.join`) the function made
 * moved to this extraction's numbering. NOTE: in JavaScript rather than structuredClone plus a renumbering walk:
 * the serialising copy was most of a reused function's cost (docs/real-world.md, session 16 perf16).
 */
function copyMoved<T>(root: T, sites: Shift = STILL, joins: Shift = STILL, copies = new Map<object, unknown>()): T {
  const copy = (v: unknown): unknown => {
    if (v === null || typeof v !== 'object') return v;
    const known = copies.get(v);
    if (known !== undefined) return known;
    if (v instanceof Map) {
      const m = new Map<unknown, unknown>();
      copies.set(v, m);
      for (const [k, x] of v) m.set(copy(k), copy(x));
      return m;
    }
    if (v instanceof Set) {
      const out = new Set<unknown>();
      copies.set(v, out);
      for (const x of v) out.add(copy(x));
      return out;
    }
    if (Array.isArray(v)) {
      const a = new Array<unknown>(v.length);
      copies.set(v, a);
      for (let i = 0; i < v.length; i++) if (i in v) a[i] = copy(v[i]);
      return a;
    }
    const o: Record<string, unknown> = {};
    copies.set(v, o);
    const rec = v as Record<string, unknown>;
    for (const k of Object.keys(rec)) o[k] = copy(rec[k]);
    if (typeof o.site === 'number' && o.site >= sites.from && o.site < sites.to) o.site += sites.delta;
    if (typeof o.join === 'number' && Array.isArray(o.fields) && o.join >= joins.from && o.join < joins.to) o.join += joins.delta;
    return o;
  };
  return copy(root) as T;
}

function resolve(file: FileCtx, path: readonly string[]): unknown {
  let v: unknown = file;
  for (const p of path) {
    if (v === null || v === undefined) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/** What a recorded read answers in `file` (its fingerprint, as the recorder wrote it). */
function answer(r: FileRead, file: FileCtx): string {
  const v = resolve(file, r.path);
  if (r.op === 'prop') {
    if (typeof v === 'function') return 'F';
    if (v !== null && typeof v === 'object' && !(v instanceof SyntaxNode)) return v instanceof Map ? 'M' : v instanceof Set ? 'S' : Array.isArray(v) ? 'A' : 'O';
    return fingerprint(v);
  }
  if (!(v instanceof Map) && !(v instanceof Set)) return '\u0000none';
  if (r.op === 'size') return String(v.size);
  if (r.op === 'all') return lookupPrint(r.path, v);
  const key = r.nodeKey && v instanceof Map ? nodeByKey(v).get(r.key!) : r.key;
  if (r.op === 'has') return String(key !== undefined && v.has(key));
  return lookupPrint(r.path, key !== undefined && v instanceof Map ? v.get(key) : undefined);
}

const nodeKeys = new WeakMap<Map<unknown, unknown>, Map<string, unknown>>();

/** A map keyed by syntax nodes, by the nodes' positions (a read of another document names its node so). */
function nodeByKey(m: Map<unknown, unknown>): Map<string, unknown> {
  let index = nodeKeys.get(m);
  if (!index) {
    index = new Map();
    for (const k of m.keys()) if (k instanceof SyntaxNode) index.set(keyOf(k) ?? nodeKey(k), k);
    nodeKeys.set(m, index);
  }
  return index;
}
