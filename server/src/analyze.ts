// analyze(text, uri, options) → findings and extracted facts: the single entry both surfaces (CLI, LSP) call.
// Data flows parse → extract → track → rules → report; this file only wires the layers together.
import type { AnalyzeOptions, BarrierlintConfig, Finding } from './types';
import { DEFAULT_CONFIG } from './types';
import { finalizeFindings } from './report/finalize';

/** One barrier/creation/call site as `--format facts` prints it (contracts.md). Lines/columns 1-based. */
export interface SiteFact {
  kind: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  resource: string | null;
  fields: Record<string, string | number | null>;
}

export interface AnalysisResult {
  uri: string;
  findings: Finding[];
  sites: SiteFact[];
  parseErrors: number;
  /** True when the analysis ran to the end (false: skipped, e.g. binary or over the size cap). */
  complete: boolean;
}

export function resolveConfig(partial?: Partial<BarrierlintConfig>): BarrierlintConfig {
  return { ...DEFAULT_CONFIG, ...partial, rules: { ...DEFAULT_CONFIG.rules, ...partial?.rules } };
}

export function analyze(text: string, uri: string, options: AnalyzeOptions = {}): AnalysisResult {
  const config = resolveConfig(options.config);
  const findings: Finding[] = [];
  const complete = true;
  // Rule levels and suppressions, shared by every surface (report/finalize.ts).
  return { uri, findings: finalizeFindings({ text, uri, findings, config, complete }), sites: [], parseErrors: 0, complete };
}
