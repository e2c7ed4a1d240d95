// Extraction-fixture harness: a C++ file under test/fixtures/extraction/ and, beside it, `<name>.facts.json` with the
// facts the extractor must find. Expectations are partial (only the keys written are compared) so a fixture states
// what it is about: kinds, lines, resources and resolved fields.
//
//   { "sites":  [ { "line": 12, "kind": "texture-barrier", "resource": "tex", "fields": { "LayoutAfter": "..." } } ],
//     "same":   [ { "lines": [12, 20, 31], "why": "helper, raw struct and designated initializer" } ],
//     "events": [ { "line": 40, "kind": "barrier-call", "count": 1, "groups": [ { "type": "texture", "barriers": [...] } ] } ],
//     "absent": [ { "line": 50, "kind": "barrier-call" } ],
//     "problems": [ { "line": 60, "kind": "unknown-enumerator", "text": "D3D12_BARRIER_SYNC_DRAWW" } ] }
//
// Lines are 1-based. Sites are matched by line (and `column` when given) and kind, in source order. `problems` is
// exhaustive: an extraction problem not listed fails the fixture. `same` compares the sites' resolved fields.
import type { AnalysisResult, SiteFact } from '../../server/src/analyze';
import { describeField } from '../../server/src/extract/barrier-facts';
import type { BarrierFact, BarrierGroupFact, Event, ExtractProblem, FileFacts, ResourceRef } from '../../server/src/extract/facts';
import { forEachEvent } from '../../server/src/extract/events';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export interface ExpectedSite {
  line: number;
  column?: number;
  kind: string;
  [key: string]: Json | undefined;
}

export interface FactsExpectation {
  sites?: ExpectedSite[];
  /** Every site of the file must be listed in `sites`. */
  exhaustiveSites?: boolean;
  /** Sites by line, or "line:column" where a line holds more than one site; their fields must be equal. */
  same?: { lines: (number | string)[]; why?: string; ignore?: string[] }[];
  events?: ({ line: number; kind: string } & Record<string, Json>)[];
  absent?: { line: number; kind: string }[];
  problems?: { line: number; kind: string; text?: string }[];
}

/** Every event of the file, in source order within each function, with its 1-based line. */
export function allEvents(facts: FileFacts): Event[] {
  const out: Event[] = [];
  for (const f of facts.functions) forEachEvent(f.body, (e) => out.push(e));
  return out;
}

function key(r: ResourceRef | undefined): Json {
  if (!r) return null;
  return r.unknown ? '<unknown>' : r.key;
}

function barrierView(b: BarrierFact): Json {
  const legacy = b.kind.startsWith('legacy');
  const fields: Record<string, Json> = {};
  for (const [k, f] of Object.entries(b.fields)) fields[k] = describeField(k, f, legacy);
  return {
    kind: b.kind, resource: key(b.resource), resourceText: b.resource?.text ?? null, resourceAfter: key(b.resourceAfter),
    fromLoop: b.fromLoop === true, fields, line: b.range.startLine + 1,
  };
}

function groupView(g: BarrierGroupFact): Json {
  return {
    type: g.elementType, declaredType: describeField('Type', g.declaredType), numBarriers: g.numBarriers.value,
    barriers: g.barriers ? g.barriers.map(barrierView) : null,
  };
}

/** A plain-JSON view of an event for partial comparison (enum fields as names, resources as identity keys). */
export function eventView(e: Event): Record<string, Json> {
  const base: Record<string, Json> = { kind: e.kind, line: e.range.startLine + 1, list: key(e.list) };
  switch (e.kind) {
    case 'barrier-call': return { ...base, count: e.count.value, groups: e.groups ? e.groups.map(groupView) : null };
    case 'resource-barrier-call': return { ...base, count: e.count.value, barriers: e.barriers ? e.barriers.map(barrierView) : null };
    case 'resource-creation': {
      const c = e.creation;
      return {
        ...base, resource: key(c.resource), resourceText: c.resource.text, api: c.api, dimension: c.dimension, width: c.width ?? null,
        mipLevels: c.mipLevels, arraySize: c.arraySize, sampleCount: c.sampleCount ?? null, swapChain: c.swapChain === true,
        flags: c.flags, heapType: c.heapType,
        initialState: c.initialState ? describeField('StateBefore', c.initialState) : null,
        initialLayout: c.initialLayout ? describeField('LayoutBefore', c.initialLayout) : null,
      };
    }
    case 'command-list-creation': return { ...base, listType: e.listType, api: e.api };
    case 'command': return { ...base, method: e.method, resources: e.resources.map((r) => ({ role: r.role, resource: key(r.ref) })) };
    case 'execute-command-lists': return { ...base, lists: e.lists ? e.lists.map((l) => key(l)) : null };
    case 'user-call': return { ...base, callee: e.callee, args: e.args.map((a) => key(a.resource)) };
    default: return base;
  }
}

/** Differences between `actual` and the partial `expected` (keys absent from `expected` are not compared). */
export function partialDiff(actual: Json | undefined, expected: Json, path: string): string[] {
  if (expected === null || typeof expected !== 'object') {
    return actual === expected ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) return [`${path}: expected ${expected.length} item(s), got ${actual.length}: ${JSON.stringify(actual).slice(0, 400)}`];
    return expected.flatMap((e, i) => partialDiff(actual[i], e, `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
  return Object.entries(expected).flatMap(([k, v]) => partialDiff(actual[k], v, `${path}.${k}`));
}

function siteJson(s: SiteFact): Record<string, Json> {
  return { ...s, fields: s.fields } as unknown as Record<string, Json>;
}

function takeMatch<T>(pool: T[], pred: (x: T) => boolean): T | undefined {
  const i = pool.findIndex(pred);
  return i >= 0 ? pool.splice(i, 1)[0] : undefined;
}

function describeProblem(p: ExtractProblem): string {
  return `${p.range.startLine + 1}:${p.range.startColumn + 1} ${p.kind} ${p.text}`;
}

/** Every difference between a file's extraction and its expectation. Empty when the fixture passes. */
export function checkExtraction(result: AnalysisResult, expected: FactsExpectation): string[] {
  const out: string[] = [];
  const facts = result.facts!;
  const sites = [...result.sites];
  for (const e of expected.sites ?? []) {
    const s = takeMatch(sites, (x) => x.line === e.line && x.kind === e.kind && (e.column === undefined || x.column === e.column));
    const where = `site ${e.kind} at line ${e.line}`;
    if (!s) {
      const here = result.sites.filter((x) => x.line === e.line).map((x) => `${x.kind}@${x.column}`);
      out.push(`${where}: not found (sites on that line: ${here.join(', ') || 'none'})`);
      continue;
    }
    out.push(...partialDiff(siteJson(s), e as unknown as Json, where));
  }
  if (expected.exhaustiveSites) out.push(...sites.map((s) => `unexpected site ${s.kind} at line ${s.line}:${s.column}`));
  for (const group of expected.same ?? []) {
    const found = group.lines.map((at) => {
      const [line, column] = String(at).split(':').map(Number);
      return result.sites.find((s) => s.line === line && (column === undefined || s.column === column) && !s.kind.endsWith('-call'));
    });
    if (found.some((s) => !s)) {
      out.push(`same ${JSON.stringify(group.lines)}: no barrier site on line(s) ${group.lines.filter((_, i) => !found[i]).join(', ')}`);
      continue;
    }
    const strip = (s: SiteFact) => Object.fromEntries(Object.entries(s.fields).filter(([k]) => !(group.ignore ?? []).includes(k)));
    const first = found[0]!;
    for (const s of found.slice(1)) {
      out.push(...partialDiff(strip(s!) as Json, strip(first) as Json, `same(${group.why ?? ''}) line ${s!.line} vs line ${first.line}`));
      if (s!.kind !== first.kind) out.push(`same(${group.why ?? ''}): line ${s!.line} is ${s!.kind}, line ${first.line} is ${first.kind}`);
    }
  }
  const events = allEvents(facts).map(eventView);
  for (const e of expected.events ?? []) {
    const a = takeMatch(events, (x) => x.line === e.line && x.kind === e.kind);
    if (!a) {
      const here = allEvents(facts).filter((x) => x.range.startLine + 1 === e.line).map((x) => x.kind);
      out.push(`event ${e.kind} at line ${e.line}: not found (events on that line: ${here.join(', ') || 'none'})`);
      continue;
    }
    out.push(...partialDiff(a, e, `event ${e.kind} at line ${e.line}`));
  }
  for (const e of expected.absent ?? []) {
    const hit = allEvents(facts).some((x) => x.range.startLine + 1 === e.line && x.kind === e.kind)
      || result.sites.some((s) => s.line === e.line && s.kind === e.kind);
    if (hit) out.push(`line ${e.line}: a ${e.kind} was extracted but must not be`);
  }
  const problems = [...facts.problems];
  for (const e of expected.problems ?? []) {
    const p = takeMatch(problems, (x) => x.range.startLine + 1 === e.line && x.kind === e.kind && (!e.text || x.text.includes(e.text)));
    if (!p) out.push(`problem ${e.kind} at line ${e.line}${e.text ? ` (${e.text})` : ''}: not reported`);
  }
  out.push(...problems.map((p) => `unexpected problem ${describeProblem(p)}`));
  return out;
}
