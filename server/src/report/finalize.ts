// The last step of analyze(): configured rule levels (applied here only, once: the last entry naming a finding
// wins), then suppression comments, then `unused-suppression` findings for the suppressions that suppressed
// nothing, and last the message text at the final severity. One implementation for the CLI and the language server.
import type { BarrierlintConfig, Finding, ReportedFinding } from '../types';
import { LineIndex } from '../parse/positions';
import { renderFinding } from './message';
import { applyRuleLevels } from './rule-levels';
import { parseSuppressions } from './suppression-parse';
import { applySuppressions, unusedSuppressionFindings } from './suppressions';

export interface FinalizeInput {
  text: string;
  uri: string;
  findings: readonly ReportedFinding[];
  config: BarrierlintConfig;
  /** False when the analysis stopped early: then no suppression is reported as unused. */
  complete: boolean;
}

export function finalizeFindings(input: FinalizeInput): Finding[] {
  return levelledAndSuppressed(input).map(renderFinding);
}

function levelledAndSuppressed(input: FinalizeInput): ReportedFinding[] {
  const { text, uri, config } = input;
  // Levels first: a suppression for a rule that is off suppresses nothing, and is reported as such.
  const levelled = applyRuleLevels(input.findings, config.rules);
  if (!text.includes('barrierlint-')) return levelled;
  const entries = parseSuppressions(text, new LineIndex(text));
  const kept = applySuppressions(levelled, entries);
  if (!input.complete) return kept;
  const unused = unusedSuppressionFindings({ text, uri, entries, platform: config.platform });
  return [...kept, ...applyRuleLevels(unused, config.rules)];
}
