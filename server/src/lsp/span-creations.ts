// Which functions of a document create resources that other functions read by name (a member created in Init() and
// barriered in Render()): the rules look such a creation up file-wide (rules/support/file-creations.ts: its flags,
// heap type, size), so a reduced document (function-spans.ts) that drops the creating function loses the findings
// that depend on it. The reduced document keeps a creating function whenever the code it keeps names what it creates.
// Command lists too: their types are file-wide (track/list-types.ts), a member list created in Init() (`m_copy`) or
// into a context's member (`&ctx->list`, `StartList(&cb->cmdList)` through an out-parameter list factory) gives the
// type that Render()'s barriers on `m_copy` / `cb->cmdList` are checked with; such a list is read by its root name
// (`m_copy`), or by its member name where the root is the creator's own local or parameter (`cmdList` of `cb->cmdList`).
import { declaresName, type FileFacts } from '../extract/facts';
import { forEachEvent } from '../extract/events';
import { memberOfLocal } from '../track/list-types';
import { rangeWithin } from '../parse/positions';
import type { Range } from '../types';

/** What this module reads of a function span (function-spans.ts): where the function is. */
interface Span {
  range: Range;
}

/** Span index → the names (a key's leading identifier) of the resources the function creates under a name it does not declare. */
export type SpanCreations = ReadonlyMap<number, readonly string[]>;

/** The leading identifier of a resource key (`m_tex` of `m_tex`, `m_frames[i].rt`, `this->m_tex`), as file-creations.ts reads it. */
function rootName(key: string): string {
  const k = key.replace(/^\(?\*?this\)?(->|\.)/, '');
  return /^[A-Za-z_]\w*/.exec(k)?.[0] ?? k;
}

/** The creations of the spans `which` accepts, read from `facts` (functions nested in a span count as the span's). */
export function spanCreations(facts: FileFacts, spans: readonly Span[], which: (i: number) => boolean): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const fn of facts.functions) {
    const names = new Set<string>();
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'command-list-creation' && e.list?.key) {
        const name = rootName(e.list.key);
        const member = declaresName(fn, name) ? memberOfLocal(e.list.key) : name;
        if (member) names.add(member);
        return;
      }
      if (e.kind !== 'resource-creation' || !e.creation.resource.key) return;
      const name = rootName(e.creation.resource.key);
      if (!declaresName(fn, name)) names.add(name);
    });
    if (names.size === 0) continue;
    const i = spans.findIndex((s) => rangeWithin(fn.range, s.range));
    if (i < 0 || !which(i)) continue;
    out.set(i, [...new Set([...(out.get(i) ?? []), ...names])]);
  }
  return out;
}

/**
 * `previous` with the spans `which` accepts read again from `facts` (a function-only analysis of one of them). NOTE: a
 * name the function no longer creates stays until the next whole-file analysis: the re-check after the pause
 * (caller-recheck.ts) re-analyses the functions that read it, whose findings the edit may have changed.
 */
export function updatedCreations(previous: SpanCreations | undefined, facts: FileFacts, spans: readonly Span[], which: (i: number) => boolean): Map<number, readonly string[]> {
  const out = new Map<number, readonly string[]>(previous ?? []);
  for (const [i, names] of spanCreations(facts, spans, which)) out.set(i, [...new Set([...(out.get(i) ?? []), ...names])]);
  return out;
}

/** The spans (indices, other than `changed`) whose text names something one of `changed` creates: their findings read it. */
export function readersOf<S extends Span>(creations: SpanCreations, changed: readonly number[], spans: readonly S[], textOf: (s: S) => string): number[] {
  const names = new Set(changed.flatMap((i) => creations.get(i) ?? []));
  if (names.size === 0) return [];
  return spans.flatMap((s, i) => (!changed.includes(i) && (textOf(s).match(/[A-Za-z_]\w*/g) ?? []).some((w) => names.has(w)) ? [i] : []));
}

/**
 * The creating spans to keep besides `keep`: those creating a name that kept code mentions, until none is added
 * (a kept creator's own text may name another's resource). `textOf` gives a span's text.
 */
export function creatorsNamed<S extends Span>(creations: SpanCreations, keep: ReadonlySet<number>, spans: readonly S[], textOf: (s: S) => string): number[] {
  const words = new Set<string>();
  const read = (i: number): void => {
    for (const w of textOf(spans[i]).match(/[A-Za-z_]\w*/g) ?? []) words.add(w);
  };
  for (const i of keep) read(i);
  const added: number[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const [i, names] of creations) {
      if (keep.has(i) || added.includes(i) || !names.some((n) => words.has(n))) continue;
      added.push(i);
      read(i);
      grew = true;
    }
  }
  return added;
}
