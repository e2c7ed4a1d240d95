// What the methods of a class defined in several files do with its members (member-facts.ts methodUses), shared
// between those files: a multi-file run (cli/cross-file.ts) and the editor's workspace index (track/workspace.ts)
// give a file the uses of its classes' methods that other files define, so that `Draw()` in frame.cpp and
// `LightPass()` in passes.cpp agree on a flag both test, as methods of one file do. Pure data, no syntax.
import type { MethodUses } from './facts';

/** One method's uses and the file defining it. */
export interface PlacedUses {
  uri: string;
  u: MethodUses;
}

/**
 * The uses of each class whose methods two files or more define, by class. A test guarding a plain-name call of a
 * method that records barriers in any of those files (`if (m_opts.shadows) DepthPass();`) counts as a test.
 */
export function usesByClass(files: Iterable<readonly [string, readonly MethodUses[]]>): Map<string, PlacedUses[]> {
  const out = new Map<string, PlacedUses[]>();
  for (const [uri, uses] of files) for (const u of uses) out.set(u.cls, [...(out.get(u.cls) ?? []), { uri, u }]);
  for (const [cls, placed] of out) {
    if (new Set(placed.map((x) => x.uri)).size < 2) {
      out.delete(cls);
      continue;
    }
    const recording = new Set(placed.filter((x) => x.u.records).map((x) => x.u.name));
    out.set(cls, placed.map((x) => {
      const more = (x.u.guarded ?? []).filter(([sym, calls]) => !x.u.tests.includes(sym) && calls.some((n) => recording.has(n))).map(([sym]) => sym);
      return more.length ? { uri: x.uri, u: { ...x.u, tests: [...x.u.tests, ...more] } } : x;
    }));
  }
  return out;
}

/**
 * The uses of the methods other files define of the classes `uri` defines methods of, when they tie its methods to
 * theirs: one of its methods calls another file's method that tests or stores a member, or another file's method
 * calls one of its methods that does and uses a member too (itself or through a method it calls). Undefined when
 * none do.
 * NOTE: each file given them is extracted again: only uses that tie methods of two files count (a test guarding
 * barrier code or a call of a method that records some, a constant stored), not every call between them.
 */
export function relatedUses(uri: string, byClass: ReadonlyMap<string, readonly PlacedUses[]>): MethodUses[] | undefined {
  const out: MethodUses[] = [];
  const uses = (u: MethodUses) => u.tests.length > 0 || u.stores.length > 0;
  for (const placed of byClass.values()) {
    const mine = placed.filter((x) => x.uri === uri).map((x) => x.u);
    if (mine.length === 0) continue;
    const theirs = placed.filter((x) => x.uri !== uri).map((x) => x.u);
    const using = new Set(placed.filter((x) => uses(x.u)).map((x) => x.u.name));
    const mineUsing = new Set(mine.filter(uses).map((u) => u.name));
    const theirsUsing = new Set(theirs.filter(uses).map((u) => u.name));
    const calls = mine.some((m) => m.calls.some((n) => theirsUsing.has(n)));
    const called = theirs.some((g) => g.calls.some((n) => mineUsing.has(n)) && (uses(g) || g.calls.some((h) => using.has(h))));
    if (calls || called) out.push(...theirs);
  }
  return out.length ? out : undefined;
}
