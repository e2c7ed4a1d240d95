// Rule levels from configuration: `"rules": { "<rule-id or MESSAGE_NAME>": "off" | "info" | "warning" | "error" }`.
// Precedence is positional: the LAST entry that names a finding (by rule id or by message name) wins. Layers are
// merged so that a nearer config file, VS Code settings, or `--rule` on the command line come after what they
// override (mergeRuleLevels re-inserts overridden keys at the end), so "later/more specific wins" everywhere.
import type { Level, ReportedFinding } from '../types';

export const LEVELS: readonly Level[] = ['off', 'info', 'warning', 'error'];

export function isLevel(value: unknown): value is Level {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

/** `base` overridden by `over`; every key of `over` moves to the end so it takes precedence. */
export function mergeRuleLevels(
  base: Readonly<Record<string, Level>>,
  over: Readonly<Record<string, Level>>,
): Record<string, Level> {
  const merged: Record<string, Level> = { ...base };
  for (const [id, level] of Object.entries(over)) {
    delete merged[id];
    merged[id] = level;
  }
  return merged;
}

/** The configured level for a finding, or undefined when no entry names its rule or message. */
export function configuredLevel(
  finding: Pick<ReportedFinding, 'rule' | 'messageId'>,
  levels: Readonly<Record<string, Level>>,
): Level | undefined {
  let level: Level | undefined;
  for (const [id, value] of Object.entries(levels)) {
    if (id === finding.rule || (finding.messageId !== null && id === finding.messageId)) level = value;
  }
  return level;
}

/** Drops findings whose rule is off and applies configured severities to the rest (before messages are rendered). */
export function applyRuleLevels(findings: readonly ReportedFinding[], levels: Readonly<Record<string, Level>>): ReportedFinding[] {
  if (Object.keys(levels).length === 0) return [...findings];
  const out: ReportedFinding[] = [];
  for (const finding of findings) {
    const level = configuredLevel(finding, levels);
    if (level === 'off') continue;
    out.push(level === undefined || level === finding.severity ? finding : { ...finding, severity: level });
  }
  return out;
}
