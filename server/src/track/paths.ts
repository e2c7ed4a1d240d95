// Path facts: what a path through a function knows about the side-effect-free values its conditions test. A branch
// on `useCompute`, `mode == Mode::Copy` or `i == 0` adds the condition (or its negation) to the path; a flag set to a
// constant (`transitioned = true`) is a value on the path; a later test of the same condition takes only the
// branch consistent with it. Writes drop what a path knew about the written value. Paths are joined only where their
// facts agree, with a cap on how many are kept (beyond it, today's join of everything, which is never an error).
//
// Loop counters (`for (i = start; ...; i += step)`, not written elsewhere in the loop) are values on the first
// iteration; on later ones the path knows the side of `start` the counter is on and which guard values it has
// already passed (`i == 0` in a mip chain holds on one iteration only).
import type { Condition, Field, LoopBound, LoopCounter, SwitchLabel } from '../extract/facts';
import type { Binding } from './env';
import { substituteField } from './env';
import { BIT_VIEW } from '../extract/path-facts';

/** Whether `s` is a bit view (`flags.&kUav`) of one of `of`. */
function bitViewOf(s: string, of: ReadonlySet<string>): boolean {
  const at = s.indexOf(BIT_VIEW);
  return at > 0 && of.has(s.slice(0, at));
}

interface SymFacts {
  /** The value on this path, and how to name it. */
  val?: number;
  text?: string;
  /** Values the path has ruled out (a failed `==`). */
  nots?: readonly number[];
  notTexts?: readonly string[];
  /**
   * Loop counter on a later iteration: the bound from the start, the step and the guard values already passed (the
   * counter only moves one way, so a value it passed is past the bound: no separate list of them is kept — it would
   * split paths that know the same, and keep the loop's facts from settling).
   */
  atLeast?: number;
  atMost?: number;
  /** `bool useCopy = k == 2;`: the value is this test of other values (until one of them is written). */
  alias?: Condition;
  aliasId?: number;
  /** The condition was a bare value (`if (x)`): name it "x is true/false". */
  truthy?: boolean;
  /** The value was stored by the function itself (`needBarrier = false`), not learnt from a test. */
  written?: boolean;
}

interface Atom {
  truth: boolean;
  syms: readonly string[];
  text: string;
}

interface KeyParts {
  syms: [string, string][];
  atoms: [readonly string[], string][];
}

export class PathFacts {
  private keyCache: string | null = null;
  /**
   * forgetOne's answers, by value (the facts never change): joining more paths than the cap forgets each value of
   * each path in turn, and the same paths meet the cap again at the next join (path-set.ts forgetUntilCap).
   */
  private forgotten: Map<string, PathFacts> | undefined;
  private keyParts: KeyParts | undefined;
  private aliasSyms: [string, readonly string[]][] | undefined;

  constructor(readonly syms: ReadonlyMap<string, SymFacts> = new Map(), readonly atoms: ReadonlyMap<string, Atom> = new Map()) {}

  static readonly EMPTY = new PathFacts();

  get empty(): boolean {
    return this.syms.size === 0 && this.atoms.size === 0;
  }

  /** Canonical text of the facts (display names left out): equal keys, same facts. */
  key(): string {
    if (this.keyCache !== null) return this.keyCache;
    const { syms, atoms } = this.parts();
    const parts: string[] = [];
    for (const [, part] of syms) parts.push(part);
    for (const [, part] of atoms) parts.push(part);
    this.keyCache = parts.join(';');
    return this.keyCache;
  }

  /** The key's parts: per value (sorted by name) and per atom (sorted by key), with the values an atom names. */
  private parts(): KeyParts {
    if (this.keyParts) return this.keyParts;
    const syms: [string, string][] = [];
    for (const k of [...this.syms.keys()].sort()) {
      const f = this.syms.get(k)!;
      syms.push([k, `${k}=${f.val ?? ''}!${(f.nots ?? []).join(',')}>${f.atLeast ?? ''}<${f.atMost ?? ''}${f.aliasId !== undefined ? `~${f.aliasId}` : ''}`]);
    }
    const atoms: [readonly string[], string][] = [];
    for (const k of [...this.atoms.keys()].sort()) {
      const a = this.atoms.get(k)!;
      atoms.push([a.syms, `${k}:${a.truth}`]);
    }
    return (this.keyParts = { syms, atoms });
  }

  /**
   * `forget([sym]).key()`, without making those facts: path-set.ts forgetUntilCap groups every path by it for every
   * value, and keeps the facts of one value only.
   */
  forgetKey(sym: string): string {
    if (!this.syms.has(sym) && !this.mentions(sym) && !this.viewed(sym)) return this.key();
    const gone = this.goneWith([sym]);
    const { syms, atoms } = this.parts();
    const parts: string[] = [];
    for (const [k, part] of syms) if (!gone.has(k)) parts.push(part);
    for (const [names, part] of atoms) if (!names.some((s) => gone.has(s))) parts.push(part);
    return parts.join(';');
  }

  /** Whether the facts hold a bit view of `sym` (`sym.&MASK`). */
  private viewed(sym: string): boolean {
    const prefix = sym + BIT_VIEW;
    for (const s of this.syms.keys()) if (s.startsWith(prefix)) return true;
    for (const a of this.atoms.values()) if (a.syms.some((s) => s.startsWith(prefix))) return true;
    return false;
  }

  /** `syms` and the values that are tests of one of them (forgotten with them). */
  private goneWith(syms: readonly string[]): Set<string> {
    const gone = new Set(syms);
    // A bit view of a forgotten value (`flags.&kUav`, extract/path-facts.ts bitViewSym) goes with it.
    for (const s of this.syms.keys()) if (bitViewOf(s, gone)) gone.add(s);
    for (const a of this.atoms.values()) for (const s of a.syms) if (bitViewOf(s, gone)) gone.add(s);
    for (const [s, names] of this.aliases()) if (names.some((x) => gone.has(x))) gone.add(s);
    return gone;
  }

  /** The values that are tests of other values, in the facts' order, with the values each tests (made once). */
  private aliases(): readonly [string, readonly string[]][] {
    if (this.aliasSyms) return this.aliasSyms;
    const out: [string, readonly string[]][] = [];
    for (const [s, f] of this.syms) if (f.alias) out.push([s, symsOf(f.alias)]);
    return (this.aliasSyms = out);
  }

  private withSym(sym: string, f: SymFacts | undefined): PathFacts {
    const syms = new Map(this.syms);
    if (f) syms.set(sym, f);
    else syms.delete(sym);
    return new PathFacts(syms, this.atoms);
  }

  /** forget([sym]), kept per value. */
  forgetOne(sym: string): PathFacts {
    let out = this.forgotten?.get(sym);
    if (out === undefined) (this.forgotten ??= new Map()).set(sym, (out = this.forget([sym])));
    return out;
  }

  /** Everything about `sym` is gone (it was written, or a call may have written it). */
  forget(syms: readonly string[]): PathFacts {
    if (!syms.some((s) => this.syms.has(s) || this.mentions(s) || this.viewed(s))) return this;
    // A value that is a test of a forgotten value is forgotten with it.
    const gone = this.goneWith(syms);
    const kept = new Map([...this.syms].filter(([s]) => !gone.has(s)));
    const atoms = new Map([...this.atoms].filter(([, a]) => !a.syms.some((s) => gone.has(s))));
    return new PathFacts(kept, atoms);
  }

  /**
   * Only the facts about the first names of `pairs`, under the second names: what a caller's path knows of its
   * argument, as the helper's parameter (and back). Aliases and atoms naming other values are left out.
   */
  renamed(pairs: ReadonlyMap<string, string>): PathFacts {
    const syms = new Map<string, SymFacts>();
    for (const [sym, f] of this.syms) {
      const to = pairs.get(sym);
      if (to !== undefined && !f.alias) syms.set(to, f);
    }
    const atoms = new Map<string, Atom>();
    for (const [k, a] of this.atoms) {
      const from = a.syms.length === 1 ? a.syms[0] : undefined;
      const to = from !== undefined ? pairs.get(from) : undefined;
      if (from === undefined || to === undefined || !k.startsWith(from) || /\w/.test(k.charAt(from.length))) continue;
      atoms.set(`${to}${k.slice(from.length)}`, { truth: a.truth, syms: [to], text: a.text.startsWith(from) ? `${to}${a.text.slice(from.length)}` : a.text });
    }
    return syms.size === 0 && atoms.size === 0 ? PathFacts.EMPTY : new PathFacts(syms, atoms);
  }

  /** These facts and `more`'s (`more` wins where both know a value). */
  with(more: PathFacts): PathFacts {
    if (more.empty) return this;
    return new PathFacts(new Map([...this.syms, ...more.syms]), new Map([...this.atoms, ...more.atoms]));
  }

  /** Whether the path's value of `sym` was stored by the function (a flag), not learnt from a test. */
  stored(sym: string): boolean {
    return !!this.syms.get(sym)?.written;
  }

  /** The values this path knows something about (its own facts and its atoms'). */
  symbols(): string[] {
    const out = [...this.syms.keys()];
    for (const a of this.atoms.values()) out.push(...a.syms);
    return out;
  }

  private mentions(sym: string): boolean {
    for (const a of this.atoms.values()) if (a.syms.includes(sym)) return true;
    for (const [, names] of this.aliases()) if (names.includes(sym)) return true;
    return false;
  }

  /** `sym = <comparison>`: testing `sym` later is testing the comparison. */
  alias(sym: string, cond: Condition): PathFacts {
    // `show = !show`: the test names the value it replaces, so it is no alias (and would decide itself forever).
    if (symsOf(cond).includes(sym)) return this.forget([sym]);
    return this.forget([sym]).withSym(sym, { alias: cond, aliasId: aliasId(cond) });
  }

  aliasOf(sym: string): Condition | undefined {
    return this.syms.get(sym)?.alias;
  }

  /** `sym = value` (null: not a constant), or `sym += delta`. */
  write(sym: string, value: number | null, delta?: number, text?: string): PathFacts {
    const prior = this.syms.get(sym)?.val;
    const base = this.forget([sym]);
    if (delta !== undefined) return prior === undefined ? base : base.withSym(sym, { val: prior + delta, text: String(prior + delta) });
    if (value === null) return base;
    const truthy = text === 'true' || text === 'false';
    return base.withSym(sym, { val: value, text: text ?? String(value), written: true, ...(truthy ? { truthy } : {}) });
  }

  /** The back edge of a loop: the counter moves on; the value it had on this iteration is passed. */
  advance(c: LoopCounter): PathFacts {
    const f = this.syms.get(c.sym);
    const base = this.forget([c.sym]);
    const next: SymFacts = {};
    // The counter moves by `step` per iteration: past an iteration where it was `val`, it is at least (at most)
    // `val + step` — having passed `i == 3` it cannot meet `i == 2` again. Otherwise the bound stays (a weaker one
    // that does not grow each time round, so the loop's facts reach a fixpoint).
    if (c.step > 0) next.atLeast = Math.max(c.start + c.step, f?.val !== undefined ? f.val + c.step : f?.atLeast ?? c.start + c.step);
    else next.atMost = Math.min(c.start + c.step, f?.val !== undefined ? f.val + c.step : f?.atMost ?? c.start + c.step);
    return base.withSym(c.sym, next);
  }

  /**
   * The path enters a loop's body, whose test (`i >= 0`) bounds its whole-step counter: null when the path knows the
   * counter is past it (it left the loop at the test).
   */
  within(b: LoopBound): PathFacts | null {
    const f = this.syms.get(b.sym);
    if (f?.val !== undefined) return holds(b.op, f.val, b.value) ? this : null;
    if (f?.alias) return this;
    const lo = b.op === '>' ? b.value + 1 : b.op === '>=' ? b.value : undefined;
    const hi = b.op === '<' ? b.value - 1 : b.op === '<=' ? b.value : undefined;
    const atLeast = Math.max(f?.atLeast ?? -Infinity, lo ?? -Infinity);
    const atMost = Math.min(f?.atMost ?? Infinity, hi ?? Infinity);
    if (atLeast > atMost) return null;
    const next: SymFacts = { ...f, ...(atLeast > -Infinity ? { atLeast } : {}), ...(atMost < Infinity ? { atMost } : {}) };
    return this.withSym(b.sym, tightened(next));
  }

  /** Facts both paths share (what is known after joining them). */
  intersect(o: PathFacts): PathFacts {
    if (o === this || o.key() === this.key()) return this;
    const syms = new Map<string, SymFacts>();
    for (const [s, a] of this.syms) {
      const b = o.syms.get(s);
      if (!b) continue;
      const f: SymFacts = {};
      if (a.val !== undefined && a.val === b.val) Object.assign(f, { val: a.val, text: a.text, truthy: a.truthy });
      if (a.alias && a.aliasId === b.aliasId) Object.assign(f, { alias: a.alias, aliasId: a.aliasId });
      const nots = (a.nots ?? []).filter((v) => b.nots?.includes(v));
      if (nots.length) Object.assign(f, { nots, notTexts: a.notTexts?.filter((_, i) => nots.includes(a.nots![i])), truthy: a.truthy });
      if (a.atLeast !== undefined && b.atLeast !== undefined) f.atLeast = Math.min(a.atLeast, b.atLeast);
      if (a.atMost !== undefined && b.atMost !== undefined) f.atMost = Math.max(a.atMost, b.atMost);
      if (Object.keys(f).length) syms.set(s, f);
    }
    const atoms = new Map([...this.atoms].filter(([k, a]) => o.atoms.get(k)?.truth === a.truth));
    return new PathFacts(syms, atoms);
  }

  /** Whether `sym OP value` holds on this path: true, false, or null (not known). */
  compare(sym: string, op: string, value: number): boolean | null {
    const f = this.syms.get(sym);
    if (!f) return this.orderedAtom(sym, op, value);
    if (f.val !== undefined) return holds(op, f.val, value);
    if (op === '==' || op === '!=') {
      const ruledOut = f.nots?.includes(value)
        || (f.atLeast !== undefined && value < f.atLeast) || (f.atMost !== undefined && value > f.atMost);
      if (ruledOut) return op === '!=';
      return null;
    }
    if (f.atLeast !== undefined) {
      if (op === '>' && value < f.atLeast) return true;
      if (op === '>=' && value <= f.atLeast) return true;
      if (op === '<' && value <= f.atLeast) return false;
      if (op === '<=' && value < f.atLeast) return false;
    }
    if (f.atMost !== undefined) {
      if (op === '<' && value > f.atMost) return true;
      if (op === '<=' && value >= f.atMost) return true;
      if (op === '>' && value >= f.atMost) return false;
      if (op === '>=' && value > f.atMost) return false;
    }
    return this.orderedAtom(sym, op, value);
  }

  /** `samples > 1` after a test of `samples <= 1` on this path (learnt as an atom, see learn): its negation. */
  private orderedAtom(sym: string, op: string, value: number): boolean | null {
    if (op === '==' || op === '!=') return null;
    const direct = this.atom(`${sym}${op}${value}`);
    if (direct !== undefined) return direct;
    const negated = this.atom(`${sym}${NEGATE[op]}${value}`);
    return negated === undefined ? this.impliedByOrder(sym, op, value) : !negated;
  }

  /**
   * `samples > 2` where the path knows `samples > 1` is false (`const bool msaa = samples > 1;` then `if (!msaa)`):
   * the ordered tests of one value learnt on the path bound it, and a test those bounds decide is decided. Real
   * intervals (no integer steps assumed): `x > 1` false gives x <= 1, so `x > 2` is false; `x > 1` true leaves
   * `x > 2` open.
   */
  private impliedByOrder(sym: string, op: string, value: number): boolean | null {
    let lo = -Infinity, loStrict = false, hi = Infinity, hiStrict = false;
    const below = (v: number, strict: boolean) => { if (v < hi || (v === hi && strict)) { hi = v; hiStrict = strict; } };
    const above = (v: number, strict: boolean) => { if (v > lo || (v === lo && strict)) { lo = v; loStrict = strict; } };
    for (const [k, a] of this.atoms) {
      if (a.syms.length !== 1 || a.syms[0] !== sym || !k.startsWith(sym)) continue;
      const m = /^(<=|>=|<|>)(-?\d+(?:\.\d+)?)$/.exec(k.slice(sym.length));
      if (!m) continue;
      const v = Number(m[2]);
      const held = a.truth ? m[1] : NEGATE[m[1]];
      if (held === '>') above(v, true);
      else if (held === '>=') above(v, false);
      else if (held === '<') below(v, true);
      else if (held === '<=') below(v, false);
    }
    if (lo === -Infinity && hi === Infinity) return null;
    // Whether every x in the interval satisfies `x > value` (etc.), or none does.
    const gt = (v: number, orEqual: boolean): boolean | null => {
      if (lo > v || (lo === v && (loStrict || orEqual))) return true;
      if (hi < v || (hi === v && (hiStrict || !orEqual))) return false;
      return null;
    };
    if (op === '>') return gt(value, false);
    if (op === '>=') return gt(value, true);
    if (op === '<') { const t = gt(value, true); return t === null ? null : !t; }
    if (op === '<=') { const t = gt(value, false); return t === null ? null : !t; }
    return null;
  }

  /** The path learns `sym OP value` (already known not to be false). */
  learn(sym: string, op: string, value: number, text: string, truthy: boolean): PathFacts {
    const f = this.syms.get(sym) ?? {};
    if (op === '==') return this.withSym(sym, { ...keepLoop(f), val: value, text, ...(truthy ? { truthy } : {}) });
    if (op === '!=') {
      if (f.val !== undefined || f.nots?.includes(value)) return this;
      const pairs = [...(f.nots ?? []).map((v, i) => [v, f.notTexts?.[i] ?? String(v)] as const), [value, text] as const].sort((a, b) => a[0] - b[0]);
      return this.withSym(sym, tightened({ ...f, nots: pairs.map((x) => x[0]), notTexts: pairs.map((x) => x[1]), ...(truthy ? { truthy } : {}) }));
    }
    const learnt = this.learnAtom(`${sym}${op}${value}`, true, [sym], `${sym} ${op} ${text}`);
    // A loop counter on a later iteration (integer steps): `i > 2` bounds it, and the bound outlives the iteration
    // (advance keeps it), so a later `i == 2` is known false.
    if (f.atLeast === undefined && f.atMost === undefined) return learnt;
    const g = learnt.syms.get(sym) ?? f;
    if (op === '>' || op === '>=') return learnt.withSym(sym, tightened({ ...g, atLeast: Math.max(g.atLeast ?? -Infinity, op === '>' ? value + 1 : value) }));
    return learnt.withSym(sym, tightened({ ...g, atMost: Math.min(g.atMost ?? Infinity, op === '<' ? value - 1 : value) }));
  }

  /** Whether a value the condition tests was stored by the function on this path (a flag). */
  decidesByFlag(c: Condition): boolean {
    return symsOf(c).some((s) => this.syms.get(s)?.written);
  }

  /**
   * Whether the path knows `sym` equals another enumerator of the same scoped enum (`Kind::Copy` against
   * `Kind::Draw`): enumerators of one `Enum::` are taken as distinct values. Unqualified names are not, as aliases
   * are common among them (`D3D12_RESOURCE_STATE_PRESENT` is `..._COMMON`).
   */
  equalsOtherEnumerator(sym: string, text: string): boolean {
    const cut = text.lastIndexOf('::');
    if (cut <= 0) return false;
    const prefix = `${sym}==#${text.slice(0, cut + 2)}`;
    for (const [k, a] of this.atoms) if (a.truth && k.startsWith(prefix) && k !== `${sym}==#${text}` && !k.slice(prefix.length).includes('::')) return true;
    return false;
  }

  atom(key: string): boolean | undefined {
    return this.atoms.get(key)?.truth;
  }

  /** These facts' values with other atoms (paths.ts learnLabels). */
  withAtoms(atoms: ReadonlyMap<string, Atom>): PathFacts {
    return new PathFacts(this.syms, atoms);
  }

  learnAtom(key: string, truth: boolean, syms: readonly string[], text: string): PathFacts {
    if (this.atoms.get(key)?.truth === truth) return this;
    const atoms = new Map(this.atoms);
    atoms.set(key, { truth, syms, text });
    return new PathFacts(this.syms, atoms);
  }

  /** "when `useCompute` is true and `mode` is Mode::Copy": the facts of this path that `common` does not have. */
  describe(common: PathFacts): string[] {
    const out: string[] = [];
    for (const [s, f] of this.syms) {
      // A branch label (extract/container-paths.ts) says which way the path went, never a value of the code.
      if (s.startsWith('#')) continue;
      const c = common.syms.get(s);
      if (f.val !== undefined && c?.val !== f.val) {
        out.push(f.truthy && (f.val === 0 || f.val === 1) ? `\`${s}\` is ${f.val ? 'true' : 'false'}` : `\`${s}\` is ${f.text ?? f.val}`);
      } else if (f.nots && f.val === undefined) {
        const texts = (f.notTexts ?? f.nots.map(String)).filter((_, i) => !c?.nots?.includes(f.nots![i]));
        if (texts.length) out.push(f.truthy && f.nots.length === 1 && f.nots[0] === 0 ? `\`${s}\` is true` : `\`${s}\` is not ${texts.join(' or ')}`);
      }
    }
    for (const [k, a] of this.atoms) if (common.atoms.get(k)?.truth !== a.truth) out.push(`\`${a.text}\` is ${a.truth}`);
    return out;
  }
}

const aliasIds = new WeakMap<Condition, number>();
let nextAliasId = 0;

function aliasId(c: Condition): number {
  let id = aliasIds.get(c);
  if (id === undefined) aliasIds.set(c, (id = nextAliasId++));
  return id;
}

/** `flag != 0` / `flag == 0` where `flag` holds a comparison: that comparison, or its negation. */
function throughAlias(c: Cmp, facts: PathFacts, binding: Binding | null): { cond: Condition; negate: boolean } | null {
  if (c.op !== '==' && c.op !== '!=') return null;
  const s = symbolic(c, binding);
  if (!s || s.value !== 0) return null;
  const cond = facts.aliasOf(s.sym);
  return cond ? { cond, negate: s.op === '==' } : null;
}

/**
 * A loop counter's facts in one form (its values are integers): a value ruled out at a bound moves the bound
 * (`i >= 2`, `i != 2` is `i >= 3`), values ruled out beyond the bounds are dropped, and bounds that meet are the
 * value. Paths that know the same of the counter then have the same facts and are joined, so a chain of `i == k`
 * tests in a loop keeps a few paths, not one per test.
 */
function tightened(f: SymFacts): SymFacts {
  if (f.val !== undefined || (f.atLeast === undefined && f.atMost === undefined)) return f;
  let lo = f.atLeast;
  let hi = f.atMost;
  const nots = new Set(f.nots ?? []);
  while (lo !== undefined && nots.has(lo)) lo++;
  while (hi !== undefined && nots.has(hi)) hi--;
  if (lo !== undefined && hi !== undefined && lo === hi) return { ...keepLoop({ atLeast: lo, atMost: hi }), val: lo, text: String(lo) };
  const keep = (f.nots ?? []).map((v, i) => [v, i] as const).filter(([v]) => (lo === undefined || v > lo) && (hi === undefined || v < hi));
  const out: SymFacts = { ...f, atLeast: lo, atMost: hi };
  if (lo === undefined) delete out.atLeast;
  if (hi === undefined) delete out.atMost;
  if (keep.length === (f.nots?.length ?? 0)) return out;
  if (keep.length === 0) {
    delete out.nots;
    delete out.notTexts;
    return out;
  }
  return { ...out, nots: keep.map(([v]) => v), notTexts: f.notTexts && keep.map(([, i]) => f.notTexts![i]) };
}

function keepLoop(f: SymFacts): SymFacts {
  return f.atLeast !== undefined || f.atMost !== undefined ? { atLeast: f.atLeast, atMost: f.atMost } : {};
}

/** `holds` for every pair of alternatives when they all agree; null when one side is unknown or they disagree. */
function everyAlternative(op: string, ls: readonly number[] | undefined, rs: readonly number[] | undefined): boolean | null {
  if (!ls?.length || !rs?.length || (ls.length === 1 && rs.length === 1)) return null;
  const first = holds(op, ls[0], rs[0]);
  return ls.every((a) => rs.every((b) => holds(op, a, b) === first)) ? first : null;
}

function holds(op: string, a: number, b: number): boolean {
  switch (op) {
    case '==': return a === b;
    case '!=': return a !== b;
    case '<': return a < b;
    case '<=': return a <= b;
    case '>': return a > b;
    default: return a >= b;
  }
}

const NEGATE: Record<string, string> = { '==': '!=', '!=': '==', '<': '>=', '>=': '<', '>': '<=', '<=': '>' };
const MIRROR: Record<string, string> = { '==': '==', '!=': '!=', '<': '>', '>': '<', '<=': '>=', '>=': '<=' };

type Cmp = Extract<Condition, { left: Field }>;

/** The comparison as `sym OP value` (constant on the right), when it has that shape on this call's binding. */
function symbolic(c: Cmp, binding: Binding | null): { sym: string; op: string; value: number; text: string } | null {
  const l = substituteField(c.left, binding);
  const r = substituteField(c.right, binding);
  if (c.ls !== undefined && l.value === null && r.value !== null) return { sym: c.ls, op: c.op, value: r.value, text: c.right.text };
  if (c.rs !== undefined && r.value === null && l.value !== null) return { sym: c.rs, op: MIRROR[c.op], value: l.value, text: c.left.text };
  return null;
}

/** Whether condition `c` holds on a path with `facts` (and a helper's bound arguments): true, false or null. */
export function decide(c: Condition, facts: PathFacts, binding: Binding | null): boolean | null {
  if (c.op === 'opaque') return null;
  if ('args' in c) {
    const known = c.text !== undefined ? facts.atom(c.text) : undefined;
    if (known !== undefined) return known;
    if (c.op === '!') {
      const a = decide(c.args[0], facts, binding);
      return a === null ? null : !a;
    }
    const parts = operands(c, c.op);
    const args = parts.map((a) => decide(a, facts, binding));
    if (c.op === '&&' ? args.includes(false) : args.includes(true)) return c.op === '||';
    if (args.every((a) => a !== null)) return c.op === '&&';
    // What is left once the decided operands are dropped, learnt as a whole on this path (see assume).
    const open = keyOf(parts.filter((_, i) => args[i] === null), c.op);
    return (open !== undefined ? facts.atom(open) : undefined) ?? null;
  }
  const lf = substituteField(c.left, binding);
  const rf = substituteField(c.right, binding);
  const l = lf.value;
  const r = rf.value;
  if (l !== null && r !== null) return holds(c.op, l, r);
  // `const S s = compute ? COPY_DEST : PIXEL_SHADER_RESOURCE;` handed to `if (before == after) return;`: a value that is
  // one of known numbers (Field.oneOf) compared with a known number is decided when every alternative agrees.
  const agreed = everyAlternative(c.op, l !== null ? [l] : lf.oneOf, r !== null ? [r] : rf.oneOf);
  if (agreed !== null) return agreed;
  // `if (!resource) return;` in a helper handed a resource the caller names: not null.
  if ((c.op === '==' || c.op === '!=') && ((r === 0 && namedArgument(c.left, binding)) || (l === 0 && namedArgument(c.right, binding)))) return c.op === '!=';
  // `direction == Direction::B2T` in a helper called with `Direction::B2T` or `Direction::T2B`, the enum declared
  // where the run cannot fold it: one scoped enum's enumerators are distinct (as for a path's learnt facts).
  if ((c.op === '==' || c.op === '!=') && (c.left.param !== undefined || c.right.param !== undefined)) {
    const same = sameScopedEnumerator(lf.text, rf.text);
    if (same !== null) return same === (c.op === '==');
  }
  const via = throughAlias(c, facts, binding);
  if (via) {
    const d = decide(via.cond, facts, binding);
    return d === null ? null : d !== via.negate;
  }
  const s = symbolic(c, binding);
  if (s) return facts.compare(s.sym, s.op, s.value);
  const named = namedConstant(c, binding);
  if (named) {
    const known = facts.atom(named.key) ?? (facts.equalsOtherEnumerator(named.sym, named.text) ? false : undefined);
    return known === undefined ? null : known === named.equal;
  }
  if (c.ls !== undefined && c.rs !== undefined) {
    const direct = facts.atom(`${c.ls}${c.op}${c.rs}`);
    if (direct !== undefined) return direct;
    const negated = facts.atom(`${c.ls}${NEGATE[c.op]}${c.rs}`);
    if (negated !== undefined) return !negated;
  }
  return null;
}

/** A helper's resource pointer parameter bound to a resource the caller names (not null, not unresolved). */
function namedArgument(f: Field, binding: Binding | null): boolean {
  const at = f.param ?? f.memberOf;
  if (!f.pointer || at === undefined || !binding) return false;
  const ref = binding.refs[at];
  return !!ref && ref.key !== null && !ref.unknown && (binding.fields[at]?.value ?? null) === null;
}

/** The operands of a chain of one operator (`a && b && c`, however parenthesised), in order. */
function operands(c: Condition, op: '&&' | '||'): Condition[] {
  return 'args' in c && c.op === op ? c.args.flatMap((a) => operands(a, op)) : [c];
}

/** A spelling of `parts` joined by `op` for a learnt atom (undefined when one of them is opaque). */
function keyOf(parts: readonly Condition[], op: '&&' | '||'): string | undefined {
  const keys = parts.map(spelling);
  return keys.length && !keys.includes(undefined) ? `#${op}:${keys.join(op)}` : undefined;
}

function spelling(c: Condition): string | undefined {
  if (c.op === 'opaque') return undefined;
  if ('args' in c) {
    if (c.op === '!') {
      const k = spelling(c.args[0]);
      return k === undefined ? undefined : `!(${k})`;
    }
    const k = keyOf(operands(c, c.op), c.op);
    return k === undefined ? undefined : `(${k})`;
  }
  const l = c.left.text.replace(/\s+/g, '');
  return c.truthy ? l : `${l}${c.op}${c.right.text.replace(/\s+/g, '')}`;
}

const SCOPED = /^((?:\w+::)+)(\w+)$/;

/** Two scoped enumerators: true when they are the same one, false for two of one enum, null otherwise. */
function sameScopedEnumerator(a: string, b: string): boolean | null {
  const ma = SCOPED.exec(a.replace(/\s+/g, ''));
  const mb = SCOPED.exec(b.replace(/\s+/g, ''));
  if (!ma || !mb || ma[1] !== mb[1]) return null;
  return ma[2] === mb[2];
}

/** The facts of a path on which `c` has just been found to be `truth` (null: that cannot happen). */
export function assume(c: Condition, facts: PathFacts, truth: boolean, binding: Binding | null): PathFacts | null {
  const d = decide(c, facts, binding);
  if (d !== null) return d === truth ? facts : null;
  if (c.op === 'opaque') return facts;
  if ('args' in c) {
    if (c.op === '!') return assume(c.args[0], facts, !truth, binding);
    const [a, b] = c.args;
    // `a && b` true: both hold; `a || b` false: neither does.
    if ((c.op === '&&') === truth) {
      const fa = assume(a, facts, truth, binding);
      return fa && assume(b, fa, truth, binding);
    }
    // `a && b` false (or `a || b` true): one side is known when the other is decided.
    const da = decide(a, facts, binding);
    const db = decide(b, facts, binding);
    if (da === truth) return facts;
    if (da !== null) return assume(b, facts, truth, binding);
    if (db !== null) return assume(a, facts, truth, binding);
    // `mapped && bytes && size` false where `mapped` is known true: `bytes && size` is false, so a later
    // `else if (bytes && size)` is decided. The undecided operands of the chain are learnt as one atom.
    const parts = operands(c, c.op);
    const open = parts.filter((p) => decide(p, facts, binding) === null);
    if (open.length === 1) return assume(open[0], facts, truth, binding);
    let out = facts;
    const key = open.length < parts.length ? keyOf(open, c.op) : undefined;
    const openSyms = open.flatMap(symsOf);
    if (key !== undefined && openSyms.length) out = out.learnAtom(key, truth, openSyms, open.map(spelling).join(` ${c.op} `));
    const syms = symsOf(c);
    return c.text !== undefined && syms.length ? out.learnAtom(c.text, truth, syms, c.text) : out;
  }
  const via = throughAlias(c, facts, binding);
  if (via) return assume(via.cond, facts, truth !== via.negate, binding);
  const s = symbolic(c, binding);
  if (s) {
    const op = truth ? s.op : NEGATE[s.op];
    return facts.learn(s.sym, op, s.value, s.text, !!c.truthy);
  }
  const named = namedConstant(c, binding);
  if (named) return facts.learnAtom(named.key, truth === named.equal, [named.sym, ...offsetNames(named.text)], `${named.sym} == ${named.text}`);
  if (c.ls !== undefined && c.rs !== undefined) return facts.learnAtom(`${c.ls}${c.op}${c.rs}`, truth, [c.ls, c.rs], `${c.ls} ${c.op} ${c.rs}`);
  return facts;
}

/**
 * `mode == Mode::Copy` where the constant's value is not known: the path still learns it by name (the same test
 * later is decided; the same value under another name is not).
 */
function namedConstant(c: Cmp, binding: Binding | null): { key: string; sym: string; text: string; equal: boolean } | null {
  if (c.op !== '==' && c.op !== '!=') return null;
  const l = substituteField(c.left, binding);
  const r = substituteField(c.right, binding);
  const side = c.ls !== undefined && c.rs === undefined && l.value === null && r.param === undefined ? { sym: c.ls, other: c.right }
    : c.rs !== undefined && c.ls === undefined && r.value === null && l.param === undefined ? { sym: c.rs, other: c.left } : null;
  if (!side || side.other.param !== undefined) return null;
  const text = side.other.text.replace(/\s+/g, '');
  return { key: `${side.sym}==#${text}`, sym: side.sym, text, equal: c.op === '==' };
}

/**
 * The names an offset value is made of (`i+1` → i, `m_chains[i].levels-1` → m_chains, i): writing any of them
 * (the loop's counter moving on) makes the learnt equality stale. Empty for a plain name or constant.
 */
function offsetNames(text: string): string[] {
  if (!/[+-]/.test(text.replace(/^[-+]/, ''))) return [];
  return [...text.matchAll(/(?<![\w.]|->)[A-Za-z_]\w*/g)].map((m) => m[0]);
}

export function symsOf(c: Condition): string[] {
  if (c.op === 'opaque') return [];
  if ('args' in c) return c.args.flatMap(symsOf);
  return [c.ls, c.rs].filter((s): s is string => s !== undefined);
}

/** Whether a condition names any value a path can know something about. */
export function isSymbolic(c: Condition | undefined): boolean {
  return !!c && symsOf(c).length > 0;
}

type Label = Exclude<SwitchLabel, 'default'>;

/** Whether `sym` equals a case label on this path (by value when it folds, else by name). */
export function labelHolds(facts: PathFacts, sym: string, l: Label): boolean | null {
  if (l.value !== null) return facts.compare(sym, '==', l.value);
  const known = facts.atom(`${sym}==#${l.text}`) ?? (facts.equalsOtherEnumerator(sym, l.text) ? false : undefined);
  return known === undefined ? null : known;
}

/** The path learns that `sym` is (or is not) the label's value. */
export function learnLabel(facts: PathFacts, sym: string, l: Label, truth: boolean): PathFacts {
  if (l.value !== null) return facts.learn(sym, truth ? '==' : '!=', l.value, l.text, false);
  return facts.learnAtom(`${sym}==#${l.text}`, truth, [sym], `${sym} == ${l.text}`);
}

/**
 * learnLabel for each step in order, with the same result, but the atoms are copied once per run of enumerator
 * labels instead of once per label: a switch of n enumerator cases learns n labels on each of its n entries,
 * and copying the growing atom map each time made it cubic (LumixEngine's draw_stream.cpp: a third of its time).
 */
export function learnLabels(facts: PathFacts, sym: string, steps: readonly (readonly [Label, boolean])[]): PathFacts {
  let out = facts;
  let pending: Map<string, Atom> | null = null;
  for (const [l, truth] of steps) {
    if (l.value !== null) {
      if (pending) out = out.withAtoms(pending);
      pending = null;
      out = out.learn(sym, truth ? '==' : '!=', l.value, l.text, false);
      continue;
    }
    const key = `${sym}==#${l.text}`;
    if ((pending ?? out.atoms).get(key)?.truth === truth) continue;
    pending ??= new Map(out.atoms);
    pending.set(key, { truth, syms: [sym], text: `${sym} == ${l.text}` });
  }
  return pending ? out.withAtoms(pending) : out;
}

/**
 * Whether what a value's path knew (`cond`, see state.ts PathCond) cannot hold together with `facts` for one of
 * `syms` (a value known equal on one side and another value or ruled out on the other, an atom of opposite
 * truth). `valid` leaves out values written since the condition was taken.
 */
export function contradicts(cond: PathFacts, facts: PathFacts, syms: readonly string[], valid: (sym: string) => boolean): boolean {
  for (const sym of syms) {
    if (!valid(sym)) continue;
    const a = cond.syms.get(sym);
    const b = facts.syms.get(sym);
    if (a && b) {
      if (a.val !== undefined && b.val !== undefined && a.val !== b.val) return true;
      if (a.val !== undefined && b.nots?.includes(a.val)) return true;
      if (b.val !== undefined && a.nots?.includes(b.val)) return true;
    }
  }
  for (const [k, x] of cond.atoms) {
    if (!x.syms.some((s) => syms.includes(s)) || !x.syms.every(valid)) continue;
    const y = facts.atoms.get(k);
    if (y && y.truth !== x.truth) return true;
  }
  return false;
}
