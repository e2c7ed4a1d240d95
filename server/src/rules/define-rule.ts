// The rule contract: every rule file exports `rule = defineRule({ meta, create })`.
// `meta` describes the rule (id == file name, debug-layer message id, default severity, message templates);
// `create` returns visitors that the single-barrier pass and the tracker call. Rules never touch syntax.
import type {
  BarrierCallEvent, BarrierFact, CreationEvent, ExtractProblem, FileFacts, FunctionFacts, ResourceBarrierCallEvent,
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
  /** The wrong argument inside `range`, on its first line (Finding.focus); editors underline it. */
  focus?: Range;
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
  /** A run's state-tracking wrappers and conventions over all its files (absent: the file alone decides). */
  conventions?: import('./support/wrapper-conventions').RunConventions;
  /**
   * A function another file of the run defines (`D3DUtil::ChangeResourceState` of D3DUtil.cpp), by name, arity and
   * class or namespace, with the file's uri; absent in a one-file analysis. With `receiver`, `cls` is the declared
   * class of the call's object: only its method or a base's is taken (track/workspace.ts lookup).
   */
  otherFileFunction?(name: string, argc: number, cls?: string, receiver?: boolean): { fn: FunctionFacts; uri: string } | undefined;
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

/** The interface::method a barrier's own message names: enhanced barriers → Barrier, legacy → ResourceBarrier. */
export function barrierApi(b: BarrierFact): string {
  return b.kind.startsWith('legacy') ? 'ID3D12CommandList::ResourceBarrier' : 'ID3D12CommandList::Barrier';
}

const BARRIER_APIS: ReadonlySet<string> = new Set(['ID3D12CommandList::Barrier', 'ID3D12CommandList::ResourceBarrier']);

/**
 * The barrier a hook is visiting while it runs: a report made from a barrier hook without naming the barrier gets
 * it (and its position), so every rule about a barrier prints the Xbox dump tree and names Barrier or
 * ResourceBarrier after the barrier's own kind (a split rule fires on both).
 */
interface Visiting { barrier: BarrierFact; position: Pick<BarrierPosition, 'group' | 'index' | 'listType'> }

function withVisiting(v: RuleVisitors, set: (x: Visiting | null) => void): RuleVisitors {
  const around = <A extends unknown[]>(f: ((...a: A) => void) | undefined, at: (...a: A) => Visiting) =>
    f && ((...a: A) => { set(at(...a)); try { f(...a); } finally { set(null); } });
  const t = v.tracked;
  return {
    ...v,
    ...(v.barrier ? { barrier: around(v.barrier, (b, pos) => ({ barrier: b, position: pos })) } : {}),
    ...(t ? {
      tracked: {
        ...t,
        ...(t.enhancedBarrier ? { enhancedBarrier: around(t.enhancedBarrier, (b, _m, c) => ({ barrier: b, position: c })) } : {}),
        ...(t.legacyBarrier ? { legacyBarrier: around(t.legacyBarrier, (b, _m, c) => ({ barrier: b, position: c })) } : {}),
      },
    } : {}),
  };
}

export function defineRule(rule: Rule): Rule {
  return {
    meta: rule.meta,
    create(ctx) {
      let visiting: Visiting | null = null;
      const complete = (d: ReportDescriptor): ReportDescriptor => {
        const barrier = d.barrier ?? visiting?.barrier;
        const position = d.position ?? (visiting && barrier === visiting.barrier ? visiting.position : undefined);
        const api = d.api ?? (barrier && rule.meta.api && BARRIER_APIS.has(rule.meta.api) ? barrierApi(barrier) : undefined);
        return { ...d, ...(barrier ? { barrier } : {}), ...(position ? { position } : {}), ...(api && api !== rule.meta.api ? { api } : {}) };
      };
      const report = ctx.platform === 'pc'
        ? (d: ReportDescriptor) => ctx.report(complete(d))
        : (d: ReportDescriptor) => { const c = complete(d); ctx.report({ ...c, xbox: xboxMessageData(ctx.platform, c) }); };
      return withVisiting(rule.create({ ...ctx, report }), (x) => { visiting = x; });
    },
  };
}
