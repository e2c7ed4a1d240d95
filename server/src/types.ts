// The shapes every layer agrees on: source ranges, findings, configuration, and the analyze() contract.
// Pure types; no imports from tree-sitter or the LSP packages so every layer (and worker threads) can use them.

/** A source range. Lines and columns are 0-based; columns count UTF-16 code units (as LSP does). */
export interface Range {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export type Severity = 'error' | 'warning' | 'info';
export type Level = Severity | 'off';
export type Platform = 'pc' | 'xbox-series' | 'xbox-one';
export const PLATFORMS: readonly Platform[] = ['pc', 'xbox-series', 'xbox-one'];

export type CommandListType =
  | 'direct' | 'bundle' | 'compute' | 'copy' | 'video-decode' | 'video-process' | 'video-encode';

/**
 * What a related location is: `helper-frame`, one frame of the helper calls a finding was reached through
 * ("in Transition(), calling Barrier()", outermost first; the last frame is where the finding really is), or
 * `note`, any other explanation ("'tex' entered SHADER_RESOURCE here"). Absent means `note`.
 */
export type RelatedKind = 'helper-frame' | 'note' | 'call-site';

/** A location elsewhere that explains a finding ("'tex' entered SHADER_RESOURCE here"). */
export interface RelatedLocation {
  uri: string;
  range: Range;
  message: string;
  kind?: RelatedKind;
}

/** A text edit that fixes a finding; ranges refer to the analysed document. */
export interface FixEdit {
  range: Range;
  newText: string;
}

export interface Fix {
  title: string;
  edits: FixEdit[];
}

/** The kinds of barrier the extractor recognises (extract/facts.ts BarrierFact.kind). */
export type BarrierKind =
  | 'texture' | 'buffer' | 'global'
  | 'legacy-transition' | 'legacy-uav' | 'legacy-aliasing';

/** Values for a message template's `{{name}}` placeholders. */
export type MessageData = Record<string, string | number>;

/**
 * What the Xbox message format needs beyond the template data (xbox-platform.md § 6.1): the queue type, the
 * barrier's position in its call and the barrier to dump. Added by rules/define-rule.ts on the Xbox platforms only.
 */
export interface XboxMessageData {
  platform: Platform;
  listType: CommandListType | null;
  group: number | null;
  index: number | null;
  barrier?: {
    kind: BarrierKind;
    resource: string | null;
    resourceAfter?: string | null;
    fields: Record<string, { value: number | null; text: string }>;
  };
  details?: string[];
}

/**
 * One diagnostic, structured: what was found (`messageKey` + `data`, typed Xbox data) and where. Rule levels are
 * applied once, in report/finalize.ts, and `message` is rendered from the structured part last, with the final
 * severity, so every surface shows the same words.
 */
export interface Finding {
  /** kebab-case rule id (file name of the rule in server/src/rules/). */
  rule: string;
  /** D3D12_MESSAGE_ID name without prefix, or null when the debug layer has no such check. */
  messageId: string | null;
  messageNumber: number | null;
  /** D3D12_MESSAGE_CATEGORY without prefix (STATE_SETTING, RESOURCE_MANIPULATION, EXECUTION...), or null. */
  category: string | null;
  severity: Severity;
  /** Key of the rule's message template (RuleMeta.messages), filled from `data`. */
  messageKey: string;
  data: MessageData;
  /** The interface::method the message names when it is not the rule's own (a creation call, CopyResource). */
  api?: string;
  /** With an Xbox platform: the Xbox message shape's extra data. */
  xbox?: XboxMessageData;
  /** Debug-layer formatted message (single line on PC; multi-line on Xbox), rendered last (report/render.ts). */
  message: string;
  uri: string;
  range: Range;
  related: RelatedLocation[];
  fixes: Fix[];
  /** Normalized text used for baseline fingerprints (rule + resource + barrier text), never line numbers. */
  fingerprintText?: string;
  /** Resource source expression the finding is about, if any. */
  resource?: string;
  /** Ordered state path (for SARIF codeFlows): where the state came from, step by step. */
  path?: RelatedLocation[];
  /**
   * The part of `range` that is wrong (the argument written on the call's first line): editors underline it, the
   * report keeps `range` (where the debug layer reports, and what suppressions and baselines match).
   */
  focus?: Range;
  /**
   * A finding a call made by checking again a barrier of a function in another file of the run (track/recheck-
   * repeats.ts): that function. The run reports it once, there, when that file's own pass says the same in it
   * (cli/elsewhere-repeats.ts), with the call as a related note (`note`). Not part of any output format.
   */
  elsewhere?: { uri: string; range: Range; note: string };
}

/** A finding as a rule reports it: its configured level not yet applied, its text not yet rendered. */
export type ReportedFinding = Omit<Finding, 'message'>;

export interface BarrierlintConfig {
  platform: Platform;
  /** Rule levels keyed by rule id or by debug-layer message name. */
  rules: Record<string, Level>;
  legacyBarrierTranslation: boolean;
  /** Command-list variable/member names whose type cannot be inferred. */
  commandLists: Record<string, CommandListType>;
  ignore: string[];
}

export const DEFAULT_CONFIG: BarrierlintConfig = {
  platform: 'pc',
  rules: {},
  legacyBarrierTranslation: true,
  commandLists: {},
  ignore: [],
};

/** Options for one analysis. `workspace` gives other files' summaries for cross-file helpers. */
export interface AnalyzeOptions {
  config?: Partial<BarrierlintConfig>;
}
