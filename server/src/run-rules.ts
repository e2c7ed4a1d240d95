// Runs the rule registry over a file's facts: the single-barrier pass (each barrier once per distinct resolved
// form), call/creation/problem visitors, then the tracker's pass. Turns reports into structured findings at the
// rule's own severity; configured levels and the message text are applied later, once (report/finalize.ts).
import type {
  BarrierCallEvent, BarrierFact, Event, ExtractProblem, FieldOrigin, FileFacts, ResourceBarrierCallEvent, Stmt,
} from './extract/facts';
import { forEachEvent } from './extract/events';
import { rules as allRules } from './rules/index';
import type { BarrierPosition, ReportDescriptor, Rule, RuleContext, RuleVisitors } from './rules/define-rule';
import { listTypes } from './track/list-types';
import type { BarrierlintConfig, CommandListType, ReportedFinding } from './types';

export interface ActiveRule {
  rule: Rule;
  visitors: RuleVisitors;
}

export function instantiateRules(
  uri: string, config: BarrierlintConfig, findings: ReportedFinding[], registry: Rule[] = allRules, run: Pick<RuleContext, 'conventions' | 'otherFileFunction'> = {},
): ActiveRule[] {
  const active: ActiveRule[] = [];
  for (const rule of registry) {
    if (rule.meta.platforms && !rule.meta.platforms.includes(config.platform)) continue;
    const ctx: RuleContext = {
      uri, platform: config.platform, legacyBarrierTranslation: config.legacyBarrierTranslation,
      ...(run.conventions ? { conventions: run.conventions } : {}), ...(run.otherFileFunction ? { otherFileFunction: run.otherFileFunction } : {}),
      report: (d: ReportDescriptor) => {
        findings.push({
          rule: rule.meta.id, messageId: rule.meta.messageId, messageNumber: rule.meta.messageNumber,
          category: rule.meta.category, severity: d.severity ?? rule.meta.defaultSeverity,
          messageKey: d.messageKey, data: d.data ?? {}, ...(d.api ? { api: d.api } : {}), ...(d.xbox ? { xbox: d.xbox } : {}),
          uri, range: d.range, related: d.related ?? [], fixes: d.fixes ?? [], fingerprintText: d.fingerprintText,
          resource: d.resource, path: d.path, ...(d.focus ? { focus: d.focus } : {}),
        });
      },
    };
    active.push({ rule, visitors: rule.create(ctx) });
  }
  return active;
}

type BarrierCall = BarrierCallEvent | ResourceBarrierCallEvent;

/**
 * Back-to-back barrier calls, for the merge advice (mergeable-barrier-calls): each Barrier/ResourceBarrier call
 * mapped to the call of the same API on the same list (same non-null list key) that comes directly before it in
 * the same statement sequence. Any other recorded event (a command, an unknown call, list creation, Close...) or
 * any control flow (if/switch/loop/return/break/continue) in between breaks adjacency; statements that record
 * nothing (declarations and assignments filling the next barrier) do not, and nested blocks `{ }` are transparent.
 */
// NOTE: an additive helper kept here because only the runner walks statements for rules; rules never see syntax.
export function previousBarrierCalls(body: Stmt): Map<Event, BarrierCall> {
  const out = new Map<Event, BarrierCall>();
  let prev: BarrierCall | null = null;
  const walk = (s: Stmt): void => {
    if (s.k === 'seq') { s.body.forEach(walk); return; }
    if (s.k === 'write' || s.k === 'forget') return;
    if (s.k !== 'event') {
      prev = null;
      if (s.k === 'if') { walk(s.then); prev = null; if (s.else) walk(s.else); }
      else if (s.k === 'loop') walk(s.body);
      else if (s.k === 'switch') s.cases.forEach((c) => { prev = null; walk(c); });
      prev = null;
      return;
    }
    const e = s.event;
    // A subscript that changed (`m_frame = 1 - m_frame;`) records nothing on the list.
    if (e.kind === 'reindex') return;
    if (e.kind !== 'barrier-call' && e.kind !== 'resource-barrier-call') { prev = null; return; }
    if (prev && prev.kind === e.kind && prev.list?.key && prev.list.key === e.list?.key) out.set(e, prev);
    prev = e;
  };
  walk(body);
  return out;
}

/** Identity of a barrier's resolved form: the same site used twice with the same values is checked once. */
function formKey(b: BarrierFact): string {
  const values = Object.entries(b.fields).map(([k, f]) => `${k}=${f?.value ?? '?'}`).join(',');
  return `${b.site}|${b.kind}|${b.resource?.key ?? '-'}|${values}`;
}

/** Values nobody wrote: value-initialization (`= {}`) and memset/ZeroMemory. */
const ZERO_ORIGINS: ReadonlySet<FieldOrigin | undefined> = new Set<FieldOrigin>(['value-init', 'zero-fill']);

/**
 * A barrier struct that was only zero-filled (`D3D12_GLOBAL_BARRIER g; memset(&g, 0, sizeof(g));`) and is never
 * recorded by a Barrier/ResourceBarrier call: its zeros (SYNC_NONE, ACCESS_COMMON, a null resource) are no barrier
 * anyone built. Once it reaches a call it is checked like any other.
 */
function neverWritten(b: BarrierFact): boolean {
  return (Object.values(b.fields).every((f) => !f || f.value === null || ZERO_ORIGINS.has(f.origin))
    && (!b.resource || b.resource.key === null)) || unfinished(b);
}

/**
 * A texture, buffer or transition barrier that names no resource and reaches no call: a struct handed out to be
 * filled (`D3D12_TEXTURE_BARRIER& Next() { auto& t = m_items[m_count++]; t = {}; return t; }`), not one anyone
 * recorded; its zeros are not what the caller writes into it.
 */
function unfinished(b: BarrierFact): boolean {
  return (b.kind === 'texture' || b.kind === 'buffer' || b.kind === 'legacy-transition') && !b.resource?.unknown
    && (!b.resource || b.resource.key === null);
}

/** Problems found after the single-barrier pass (the tracker's stopped functions) go to the same hooks. */
export function reportProblems(problems: readonly ExtractProblem[], active: ActiveRule[]): void {
  const problemHooks = hooksOf(active, 'problem');
  for (const p of problems) for (const h of problemHooks) h(p);
}

/** The hooks rules implement, collected once (a file may have thousands of barriers and dozens of rules). */
function hooksOf<K extends keyof RuleVisitors>(active: ActiveRule[], key: K): NonNullable<RuleVisitors[K]>[] {
  return active.map((a) => a.visitors[key]).filter((h): h is NonNullable<RuleVisitors[K]> => h !== undefined);
}

/**
 * A barrier whose fields were written together on the branches of one if/else or switch (`Field.perPath`), one form
 * per branch: the fields of that join take the branch's numbers (`if (a) { AccessBefore = X; LayoutBefore = Y; }`
 * keeps X with Y). Fields of no join stay as they are; those of another join stay unknown.
 */
export function perPathForms(b: BarrierFact): BarrierFact[] {
  const joins = new Map<number, number>();
  for (const f of Object.values(b.fields)) if (f?.perPath) joins.set(f.perPath.join, f.perPath.fields.length);
  const out: BarrierFact[] = [];
  for (const [join, n] of joins) {
    for (let k = 0; k < n; k++) {
      const fields: BarrierFact['fields'] = {};
      let whole = true;
      for (const [name, f] of Object.entries(b.fields)) {
        const own = f?.perPath?.join === join ? f.perPath.fields[k] : f;
        if (own === null) whole = false;
        fields[name] = own ?? undefined;
      }
      if (whole) out.push({ ...b, fields });
    }
  }
  return out;
}

export function runSingleBarrierPass(facts: FileFacts, active: ActiveRule[], config: BarrierlintConfig, elsewhere?: Parameters<typeof listTypes>[2]): void {
  const types = listTypes(facts, config, elsewhere);
  for (const h of hooksOf(active, 'file')) h(facts);
  const barrierHooks = hooksOf(active, 'barrier');
  // A value wrong on one branch is an error of the barrier on that path; advice is not repeated per path.
  const pathHooks = hooksOf(active.filter((a) => a.rule.meta.defaultSeverity === 'error'), 'barrier');
  const callHooks = hooksOf(active, 'barrierCall');
  const legacyCallHooks = hooksOf(active, 'resourceBarrierCall');
  const creationHooks = hooksOf(active, 'creation');
  const problemHooks = hooksOf(active, 'problem');
  const seen = new Set<string>();
  const usedSites = new Set<number>();
  const visitBarrier = (b: BarrierFact, pos: BarrierPosition) => {
    usedSites.add(b.site);
    const key = formKey(b);
    if (seen.has(key)) return;
    seen.add(key);
    for (const h of barrierHooks) h(b, pos);
    for (const form of perPathForms(b)) {
      const formSeen = formKey(form);
      if (seen.has(formSeen)) continue;
      seen.add(formSeen);
      for (const h of pathHooks) h(form, pos);
    }
  };
  for (const fn of facts.functions) {
    const listTypeOf = (e: BarrierCallEvent | ResourceBarrierCallEvent): CommandListType | null => types.get(e.list?.key, fn);
    const previous = previousBarrierCalls(fn.body);
    forEachEvent(fn.body, (e) => {
      if (e.kind === 'barrier-call') {
        const listType = listTypeOf(e);
        const prev = previous.get(e);
        for (const h of callHooks) h(e, listType, prev?.kind === 'barrier-call' ? prev : undefined);
        e.groups?.forEach((g, gi) => g.barriers?.forEach((b, bi) => visitBarrier(b, { call: e, group: gi, index: bi, listType })));
      } else if (e.kind === 'resource-barrier-call') {
        const listType = listTypeOf(e);
        const prev = previous.get(e);
        for (const h of legacyCallHooks) h(e, listType, prev?.kind === 'resource-barrier-call' ? prev : undefined);
        e.barriers?.forEach((b, bi) => visitBarrier(b, { call: e, group: null, index: bi, listType }));
      } else if (e.kind === 'resource-creation') {
        for (const h of creationHooks) h(e);
      }
    });
  }
  for (const b of facts.barriers) {
    if (!usedSites.has(b.site) && !neverWritten(b)) visitBarrier(b, { group: null, index: null, listType: null });
  }
  for (const p of facts.problems) for (const h of problemHooks) h(p);
}
