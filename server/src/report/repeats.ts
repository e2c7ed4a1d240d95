/**
 * Which reports of one finding a run keeps (analyze() for a file, the editor's merge of a re-analysed function).
 *
 * A finding inside a helper is reached several ways: the helper analysed alone, each call of it, each longer call
 * chain through those calls, each loop pass. Reports with the same rule, innermost location and message (`reportKey`)
 * are one finding; of them a report is dropped when another one's call chain is a suffix of its own — the other was
 * decided closer to the mistake (the helper's own report covers every call; a caller's report covers the longer
 * chains through that call). Two calls of the helper whose reports say the same thing are not suffixes of each other:
 * the finding depends on what each call passes or leaves, and is reported at each (`Upload()` and `Reload()` both
 * calling `ToCopy()` after moving the buffer to INDEX_BUFFER).
 */
import type { Range, ReportedFinding } from '../types';

type Reported = Pick<ReportedFinding, 'rule' | 'uri' | 'range' | 'related' | 'api' | 'messageKey' | 'data' | 'xbox'>;

const at = (uri: string, r: Range): string => `${uri}|${r.startLine}:${r.startColumn}`;

/**
 * What makes two reports the same finding: the rule, where the finding really is — inside helpers, the innermost
 * frame's location (the barrier in the helper body), otherwise its own range — and what its message says at
 * `severity`; `frames` counts the helper frames.
 */
export function reportKey(f: Reported, severity: string): { key: string; frames: number } {
  const frames = f.related.filter((r) => r.kind === 'helper-frame');
  const inner = frames.length ? frames[frames.length - 1] : { uri: f.uri, range: f.range };
  const said = JSON.stringify([severity, f.api ?? null, f.messageKey, f.data, f.xbox ?? null]);
  return { key: `${f.rule}|${at(inner.uri, inner.range)}|${said}`, frames: frames.length };
}

/** The report's call chain, outermost first: where it is reported, then each helper frame down to the mistake. */
export function callChain(f: Reported): string[] {
  return [at(f.uri, f.range), ...f.related.filter((r) => r.kind === 'helper-frame').map((r) => at(r.uri, r.range))];
}

/** `inner` is a suffix of `outer`: the report with `inner` was decided at a call `outer` only passes through. */
function isSuffix(inner: readonly string[], outer: readonly string[]): boolean {
  if (inner.length > outer.length) return false;
  const skip = outer.length - inner.length;
  return inner.every((loc, i) => loc === outer[skip + i]);
}

/**
 * The reports to keep of `items`, each with its key (`reportKey`) and chain (`callChain`): per key, shortest chains
 * first, a report whose chain has a kept report's chain as suffix is dropped (an identical chain too: loop passes).
 * Ties keep the earlier item.
 */
export function uncoveredReports<T>(items: readonly T[], keyOf: (item: T) => string, chainOf: (item: T) => readonly string[]): Set<T> {
  const groups = new Map<string, { item: T; chain: readonly string[]; order: number }[]>();
  items.forEach((item, order) => {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    group.push({ item, chain: chainOf(item), order });
    groups.set(key, group);
  });
  const kept = new Set<T>();
  for (const group of groups.values()) {
    group.sort((a, b) => a.chain.length - b.chain.length || a.order - b.order);
    const chains: (readonly string[])[] = [];
    for (const { item, chain } of group) {
      if (chains.some((c) => isSuffix(c, chain))) continue;
      chains.push(chain);
      kept.add(item);
    }
  }
  return kept;
}
