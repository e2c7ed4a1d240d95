// The rule contract: every rule file exports `rule = defineRule({ meta, create })`.
// `meta` describes the rule (id == file name, debug-layer message id, default severity, message templates);
// `create` returns visitors that the single-barrier pass and the tracker call. Rules never touch syntax.
import type {
  BarrierCallEvent, BarrierFact, CreationEvent, ExtractProblem, FileFacts, ResourceBarrierCallEvent,
} from '../extract/facts';
import type { TrackedVisitors } from '../track/visitors';
import type {
  CommandListType, Fix, MessageData, Platform, Range, RelatedLocation, Severity, XboxMessageData,
} from '../types';

export interface RuleMeta {
  /** kebab-case id, equal to the file name. */
  id: string;
  /** One sentence: what the rule checks. */
  description: string;
  defaultSeverity: Severity;
  /** D3D12_MESSAGE_ID name without prefix (null: no debug-layer equivalent). */
  messageId: string | null;
  messageNumber: number | null;
  /** D3D12_MESSAGE_CATEGORY without prefix; null when messageId is null. */
  category: string | null;
  /** Message templates keyed by id; `{{name}}` placeholders are filled from the report's data. */
  messages: Record<string, string>;
  /** Debug-layer interface/method the message is attributed to (e.g. "ID3D12CommandList::Barrier"). */
  api?: string;
  /** Platforms the rule runs on (default: all). */
  platforms?: Platform[];
  /** Catalog rows this rule implements (eb-rules.md ids such as EB-SYNC-03), for the docs and traceability. */
  catalog?: string[];
  /**
   * How the message is framed: in the debug layer's shape (the default), or `plain`, the template text alone
   * (unused-suppression: it is about a comment, not about a D3D12 call).
   */
  format?: 'debug-layer' | 'plain';
}

export interface ReportDescriptor {
  messageKey: string;
  /** The interface::method this report is about when it differs from meta.api (a creation call, CopyResource). */
  api?: string;
  data?: MessageData;
  range: Range;
  related?: RelatedLocation[];
  path?: RelatedLocation[];
  fixes?: Fix[];
  resource?: string;
  /** Overrides the rule's default severity for this report (e.g. warnings on partial path agreement). */
  severity?: Severity;
  /** Normalized barrier text for baseline fingerprints. */
  fingerprintText?: string;
  /** The barrier the report is about: with an Xbox platform the message ends with its dump tree (§ 6.1). */
  barrier?: BarrierFact;
  /** Where that barrier sits (or, for a call, just the list type): the Xbox header names the queue type. */
  position?: Pick<BarrierPosition, 'group' | 'index' | 'listType'>;
  /** Xbox format: lines between the header and the dump tree ("Current State is: ..."). */
  details?: string[];
  /** Set by defineRule on the Xbox platforms (rules do not set it): the Xbox message shape's data. */
  xbox?: XboxMessageData;
}

export interface RuleContext {
  uri: string;
  platform: Platform;
  legacyBarrierTranslation: boolean;
  report(descriptor: ReportDescriptor): void;
}

export const DOCS_BASE = 'https://github.com/barrierlint/barrierlint/blob/main/server/src/rules/';
export function ruleDocsUrl(id: string): string {
  return `${DOCS_BASE}${id}.md`;
}

/** Where a barrier sits: its call (if it reached one), group and index, and the recording list type. */
export interface BarrierPosition {
  call?: BarrierCallEvent | ResourceBarrierCallEvent;
  group: number | null;
  index: number | null;
  listType: CommandListType | null;
}

/**
 * Visitors a rule may implement. The single-barrier pass calls `barrier` once per distinct resolved form of each
 * construction site; the tracker (track/) calls the `tracked*` hooks with the state the barrier meets.
 */
export interface RuleVisitors {
  /** The whole file's facts, before any other hook (file-wide indexes such as creations in other methods). */
  file?(facts: FileFacts): void;
  barrier?(b: BarrierFact, pos: BarrierPosition): void;
  /**
   * A Barrier/ResourceBarrier call. `previousCall` is the call of the same API on the same list that directly
   * precedes it in the same statement sequence, with nothing recorded in between (run-rules.ts).
   */
  barrierCall?(e: BarrierCallEvent, listType: CommandListType | null, previousCall?: BarrierCallEvent): void;
  resourceBarrierCall?(e: ResourceBarrierCallEvent, listType: CommandListType | null, previousCall?: ResourceBarrierCallEvent): void;
  creation?(e: CreationEvent): void;
  problem?(p: ExtractProblem): void;
  tracked?: TrackedVisitors;
}

export interface Rule {
  meta: RuleMeta;
  create(ctx: RuleContext): RuleVisitors;
}

function xboxMessageData(platform: Platform, d: ReportDescriptor): XboxMessageData {
  const b = d.barrier;
  const fields: Record<string, { value: number | null; text: string }> = {};
  for (const [name, f] of Object.entries(b?.fields ?? {})) if (f) fields[name] = { value: f.value, text: f.text };
  return {
    platform, listType: d.position?.listType ?? null, group: d.position?.group ?? null, index: d.position?.index ?? null,
    ...(b ? { barrier: { kind: b.kind, resource: b.resource?.text ?? null, resourceAfter: b.resourceAfter?.text, fields } } : {}),
    ...(d.details ? { details: d.details } : {}),
  };
}

export function defineRule(rule: Rule): Rule {
  return {
    meta: rule.meta,
    create(ctx) {
      if (ctx.platform === 'pc') return rule.create(ctx);
      return rule.create({
        ...ctx,
        report: (d) => ctx.report({ ...d, xbox: xboxMessageData(ctx.platform, d) }),
      });
    },
  };
}
