// The rule registry as the report layer sees it: metadata only (ids, message names, default levels, platforms).
// Config validation, suppressions and SARIF all ask "is this a known id?" here, so there is one answer.
import { rules } from '../rules/index';
import type { RuleMeta } from '../rules/define-rule';
import type { Platform } from '../types';

let metas: readonly RuleMeta[] | undefined;

/** Every registered rule's metadata, in rule-id order. */
export function ruleMetas(): readonly RuleMeta[] {
  metas ??= rules.map((r) => r.meta).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return metas;
}

let byId: ReadonlyMap<string, RuleMeta> | undefined;

export function findRuleMeta(id: string): RuleMeta | undefined {
  byId ??= new Map(ruleMetas().map((m) => [m.id, m]));
  return byId.get(id);
}

/** True when `id` is a rule id or a debug-layer message name some rule reports. */
export function isKnownRuleOrMessage(id: string): boolean {
  return ruleMetas().some((m) => m.id === id || m.messageId === id);
}

/** The rules an id names: the rule itself, or every rule reporting that debug-layer message. */
export function rulesNamedBy(id: string): RuleMeta[] {
  return ruleMetas().filter((m) => m.id === id || m.messageId === id);
}

/** True when at least one rule named by `id` runs on `platform` (rules without `platforms` run everywhere). */
export function runsOnPlatform(id: string, platform: Platform): boolean {
  return rulesNamedBy(id).some((m) => !m.platforms || m.platforms.includes(platform));
}

/** The known id closest to `id` (for "did you mean" hints), or undefined when nothing is close. */
export function closestRuleOrMessage(id: string): string | undefined {
  const candidates = ruleMetas().flatMap((m) => (m.messageId ? [m.id, m.messageId] : [m.id]));
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(id.length / 3)) + 1;
  for (const candidate of candidates) {
    const d = editDistance(id.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
